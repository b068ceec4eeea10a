"""Rematch: one POST makes a new match of the same players, game, house rules and target, the next player dealing."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from scoring.models import Match
from tests.conftest import B1_ANNA_2H_EXACT, PASSED_OUT

pytestmark = pytest.mark.django_db


def rematch(client: Any, match: Any) -> Any:
    return client.post(reverse("match_rematch", args=[match.pk]))


@pytest.mark.parametrize(
    ("game", "first_dealer", "next_dealer"),
    [
        ("bridgette", 1, 0),  # BG-3.1: the deal alternates
        ("call_bridge", 3, 0),  # CB-3.1: to the right, the next seat listed
        ("contract_bridge", 2, 3),  # BR-3.1: clockwise
        ("belote", 0, 1),  # BL-3.1
    ],
)
def test_rematch_is_the_same_match_dealt_first_by_the_next_player(
    owner_client: Any, make_match: Any, game: str, first_dealer: int, next_dealer: int
) -> None:
    old = make_match(game=game, first_dealer=first_dealer)
    response = rematch(owner_client, old)
    new = Match.objects.exclude(pk=old.pk).get()
    assert response["Location"] == reverse("match", args=[new.pk])
    assert (new.game, new.players, new.flags, new.target) == (old.game, old.players, old.flags, old.target)
    assert new.first_dealer == next_dealer
    assert new.deals.count() == 0


def test_rematch_keeps_the_house_rules_and_the_target(owner_client: Any, make_match: Any) -> None:
    old = make_match(game="draw_bridge", target=750, flags=["db_fail_scores_nothing"], deals=[])
    rematch(owner_client, old)
    new = Match.objects.exclude(pk=old.pk).get()
    assert (new.target, new.flags) == (750, ["db_fail_scores_nothing"])


def test_r_kj_12_rematch_under_kj_target_501_plays_to_501(owner_client: Any, make_match: Any) -> None:
    old = make_match(game="klaberjass", flags=["kj_target_501"], target=501)
    rematch(owner_client, old)
    assert Match.objects.exclude(pk=old.pk).get().target == 501


def test_the_old_match_is_left_as_it_was(owner_client: Any, make_match: Any) -> None:
    old = make_match(deals=[B1_ANNA_2H_EXACT])
    rematch(owner_client, old)
    old.refresh_from_db()
    assert old.deals.count() == 1 and old.first_dealer == 0


def test_rematch_asks_first_and_only_the_post_makes_a_match(owner_client: Any, make_match: Any) -> None:
    old = make_match()  # Anna dealt first: Ben deals the rematch's first deal (BG-3.1 passes the deal)
    response = owner_client.get(reverse("match_rematch", args=[old.pk]))
    assert response.status_code == 200
    page = response.content.decode()
    assert "Start a rematch?" in page
    assert "Ben deals first." in page
    assert f'<form method="post" action="{reverse("match_rematch", args=[old.pk])}">' in page
    assert Match.objects.count() == 1


def test_a_finished_match_offers_a_rematch_on_its_page(owner_client: Any, make_match: Any) -> None:
    running = make_match(deals=[B1_ANNA_2H_EXACT])
    assert "/rematch/" not in owner_client.get(reverse("match", args=[running.pk])).content.decode()
    finished = make_match(deals=[B1_ANNA_2H_EXACT] + [PASSED_OUT] * 5)  # six deals end Bridgette (BG-8.1)
    page = owner_client.get(reverse("match", args=[finished.pk])).content.decode()
    assert f'<a href="{reverse("match_rematch", args=[finished.pk])}" role="button">Rematch</a>' in page


def test_someone_elses_match_is_not_found(stranger_client: Any, make_match: Any) -> None:
    old = make_match()
    assert rematch(stranger_client, old).status_code == 404
    assert Match.objects.count() == 1


def test_a_match_stored_under_rules_that_changed_is_refused_with_a_message(owner_client: Any, make_match: Any) -> None:
    old = make_match()
    Match.objects.filter(pk=old.pk).update(flags=["no_such_flag"])
    response = owner_client.post(reverse("match_rematch", args=[old.pk]), follow=True)
    assert response.status_code == 200
    assert "No rematch of Anna v Ben" in response.content.decode()
    assert Match.objects.count() == 1
