"""Creating a match: players, first dealer, target and house rules."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from scoring.models import Match

pytestmark = pytest.mark.django_db


def create(client: Any, **fields: Any) -> Any:
    data = {"first_dealer": "0", "player_0": "Anna", "player_1": "Ben", **fields}
    return client.post(reverse("match_new"), data)


def test_bridgette_match_is_created_with_its_flags(owner_client: Any, owner: Any) -> None:
    response = create(owner_client, game="bridgette", flags=["bg_multiply_insult", "kj_target_501"])
    match = Match.objects.get()
    assert response["Location"] == reverse("match", args=[match.pk])
    assert match.owner == owner
    assert match.players == ["Anna", "Ben"]
    # Another game's flag cannot slip in through the form (RULES 0.3).
    assert match.flags == ["bg_multiply_insult"]
    assert match.target is None


def test_r_cb_5_call_bridge_needs_a_target(owner_client: Any) -> None:
    response = create(owner_client, game="call_bridge", player_2="Cleo", player_3="Dan")
    assert response.status_code == 200
    assert "R-CB-5" in response.content.decode()
    assert not Match.objects.exists()


def test_call_bridge_needs_four_names(owner_client: Any) -> None:
    response = create(owner_client, game="call_bridge", target="30", player_2="Cleo")
    assert "needs 4 players" in response.content.decode()
    assert not Match.objects.exists()


def test_klaberjass_target_defaults_to_500(owner_client: Any) -> None:
    create(owner_client, game="klaberjass")
    assert Match.objects.get().target == 500


def test_r_kj_12_kj_target_501(owner_client: Any) -> None:
    create(owner_client, game="klaberjass", flags=["kj_target_501"])
    assert Match.objects.get().target == 501


def test_random_first_dealer_is_a_seat(owner_client: Any) -> None:
    create(owner_client, game="call_bridge", target="30", player_2="Cleo", player_3="Dan", first_dealer="random")
    assert Match.objects.get().first_dealer in {0, 1, 2, 3}


def test_anonymous_is_sent_to_login(client: Any) -> None:
    response = create(client, game="bridgette")
    assert response.status_code == 302
    assert not Match.objects.exists()


def test_home_lists_only_my_matches(owner_client: Any, make_match: Any, stranger: Any) -> None:
    mine = make_match()
    theirs = Match.objects.create(owner=stranger, game="bridgette", players=["Xena", "Yuri"], first_dealer=0)
    page = owner_client.get(reverse("home")).content.decode()
    assert reverse("match", args=[mine.pk]) in page
    assert reverse("match", args=[theirs.pk]) not in page


def test_signup_logs_the_new_account_in(client: Any) -> None:
    response = client.post(
        reverse("signup"), {"username": "zoe", "password1": "a-long-passphrase-1", "password2": "a-long-passphrase-1"}
    )
    assert response.status_code == 302
    assert client.get(reverse("match_new")).status_code == 200


@pytest.mark.parametrize("count", [1, 30])
def test_home_query_count_does_not_grow_with_matches(
    owner_client: Any, make_match: Any, django_assert_num_queries: Any, count: int
) -> None:
    for _ in range(count):
        make_match()
    # session, user, the user's matches.
    with django_assert_num_queries(3):
        assert owner_client.get(reverse("home")).status_code == 200
