"""Saving a deal: happy path, rule errors on the field, conflicts between phones, the end of a match."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from scoring.models import Change, Deal
from tests.conftest import B1_ANNA_2H_EXACT, B2_BEN_1NT_3_OVER, PASSED_OUT

pytestmark = pytest.mark.django_db


def post_deal(client: Any, match: Any, number: int, **fields: Any) -> Any:
    data = {"number": str(number), **{key: str(value) for key, value in fields.items()}}
    return client.post(reverse("deal_add", args=[match.pk]), data)


def test_bg_7_1_saved_deal_scores_and_redirects(owner_client: Any, make_match: Any) -> None:
    match = make_match()
    response = post_deal(owner_client, match, 1, declarer=0, level=2, strain="H", doubled=0, tricks=8)
    assert response.status_code == 302
    assert Deal.objects.get(match=match, number=1).entry == B1_ANNA_2H_EXACT
    page = owner_client.get(response["Location"]).content.decode()
    assert 'data-testid="total-0">500<' in page  # B1: 250 + 250
    assert Change.objects.get(match=match).action == "added"


def test_bg_5_1_level_zero_only_in_no_trump_is_refused_on_the_field(owner_client: Any, make_match: Any) -> None:
    match = make_match()
    response = post_deal(owner_client, match, 1, declarer=0, level=0, strain="S", doubled=0, tricks=6)
    assert response.status_code == 422
    page = response.content.decode()
    assert "BG-5.1" in page
    assert not Deal.objects.filter(match=match).exists()


def test_missing_fields_are_named(owner_client: Any, make_match: Any) -> None:
    match = make_match()
    response = post_deal(owner_client, match, 1, declarer=0, level=2)
    assert response.status_code == 422
    assert "Still to choose: strain, declarer&#x27;s tricks." in response.content.decode()


def test_second_phone_saving_the_same_deal_number_is_told(owner_client: Any, make_match: Any) -> None:
    match = make_match()
    post_deal(owner_client, match, 1, declarer=0, level=2, strain="H", doubled=0, tricks=8)
    response = post_deal(owner_client, match, 1, declarer=1, level=1, strain="NT", doubled=0, tricks=10)
    assert response.status_code == 409
    assert "Deal 1 was already saved from another phone" in response.content.decode()
    assert [deal.entry for deal in Deal.objects.filter(match=match)] == [B1_ANNA_2H_EXACT]


def test_bg_8_1_no_deal_after_the_end(owner_client: Any, make_match: Any) -> None:
    match = make_match(deals=[B1_ANNA_2H_EXACT, B2_BEN_1NT_3_OVER] + [PASSED_OUT] * 4)
    response = post_deal(owner_client, match, 7, passed_out="on")
    assert response.status_code == 422
    assert "the match ended after deal 6" in response.content.decode()
    assert Deal.objects.filter(match=match).count() == 6


def test_call_bridge_cb_5_4_tricks_must_add_up_to_13(owner_client: Any, make_match: Any) -> None:
    match = make_match(game="call_bridge")
    data = {"calls_0": 3, "calls_1": 4, "calls_2": 2, "calls_3": 5, "tricks_0": 4, "tricks_1": 4, "tricks_2": 1}
    response = post_deal(owner_client, match, 1, tricks_3=5, **data)
    assert response.status_code == 422
    assert "CB-5.4" in response.content.decode()
    # C1 (RULES.md §6.2): +3, +4, -2, -5.
    response = post_deal(owner_client, match, 1, tricks_3=4, **data)
    assert response.status_code == 302
    page = owner_client.get(reverse("match", args=[match.pk])).content.decode()
    assert 'data-testid="total-3">-5<' in page


def test_klaberjass_k1_entry(owner_client: Any, make_match: Any) -> None:
    # K1 (RULES.md §6.4) with Anna as N (maker) and Ben as D: 103 and 75.
    match = make_match(game="klaberjass", first_dealer=1)
    response = post_deal(
        owner_client,
        match,
        1,
        maker=0,
        trump="H",
        card_points_0=93,
        card_points_1=35,
        last_trick=0,
        sequence_points_0=0,
        sequence_points_1=20,
        bella=1,
    )
    assert response.status_code == 302
    page = owner_client.get(reverse("match", args=[match.pk])).content.decode()
    assert 'data-testid="total-0">103<' in page
    assert 'data-testid="total-1">75<' in page


def test_htmx_save_returns_the_live_fragment(owner_client: Any, make_match: Any) -> None:
    match = make_match()
    response = owner_client.post(
        reverse("deal_add", args=[match.pk]),
        {"number": "1", "declarer": "0", "level": "2", "strain": "H", "doubled": "0", "tricks": "8"},
        headers={"HX-Request": "true"},
    )
    page = response.content.decode()
    assert page.lstrip().startswith('<div id="live"')
    assert "Save deal 2" in page


def test_stranger_cannot_add_a_deal(stranger_client: Any, make_match: Any) -> None:
    match = make_match()
    response = post_deal(stranger_client, match, 1, declarer=0, level=2, strain="H", doubled=0, tricks=8)
    assert response.status_code == 404
    assert not Deal.objects.filter(match=match).exists()


def test_anonymous_cannot_add_a_deal(client: Any, make_match: Any) -> None:
    match = make_match()
    response = post_deal(client, match, 1, declarer=0, level=2, strain="H", doubled=0, tricks=8)
    assert response.status_code == 302
    assert not Deal.objects.filter(match=match).exists()


def test_share_link_refuses_writes(client: Any, make_match: Any) -> None:
    match = make_match()
    response = client.post(reverse("shared_match", args=[match.share_token]), {"number": "1", "passed_out": "on"})
    assert response.status_code == 405
    assert not Deal.objects.filter(match=match).exists()
