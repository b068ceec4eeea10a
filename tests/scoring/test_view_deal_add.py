"""Saving a deal: happy path, rule errors on the field, conflicts between phones, the end of a match."""

from __future__ import annotations

import json
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
    assert "The match ended after deal 6" in response.content.decode()
    assert Deal.objects.filter(match=match).count() == 6


def test_call_bridge_cb_5_4_tricks_must_add_up_to_13(owner_client: Any, make_match: Any) -> None:
    match = make_match(game="call_bridge")
    data = {"calls_0": 3, "calls_1": 4, "calls_2": 2, "calls_3": 5, "tricks_0": 4, "tricks_1": 4, "tricks_2": 1}
    response = post_deal(owner_client, match, 1, tricks_3=5, **data)
    assert response.status_code == 422
    assert "CB-5.4" in response.content.decode()
    # C1 (docs/rules/call_bridge.md): +3, +4, -2, -5.
    response = post_deal(owner_client, match, 1, tricks_3=4, **data)
    assert response.status_code == 302
    page = owner_client.get(reverse("match", args=[match.pk])).content.decode()
    assert 'data-testid="total-3">\u22125<' in page  # a minus sign, not a hyphen


def test_klaberjass_k1_entry(owner_client: Any, make_match: Any) -> None:
    # K1 (docs/rules/klaberjass.md) with Anna as N (maker) and Ben as D: 103 and 75.
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
        sequence_cards_0=3,
        sequence_top_0="J",
        sequence_in_trumps_0="True",
        sequence_cards_1=3,
        sequence_top_1="Q",
        bella=1,
    )
    assert response.status_code == 302
    page = owner_client.get(reverse("match", args=[match.pk])).content.decode()
    assert 'data-testid="total-0">103<' in page
    assert 'data-testid="total-1">75<' in page


def test_htmx_save_returns_the_entry_and_the_rest_out_of_band(owner_client: Any, make_match: Any) -> None:
    match = make_match()
    response = owner_client.post(
        reverse("deal_add", args=[match.pk]),
        {"number": "1", "declarer": "0", "level": "2", "strain": "H", "doubled": "0", "tricks": "8"},
        headers={"HX-Request": "true"},
    )
    page = response.content.decode()
    assert page.lstrip().startswith('<div id="entry"')
    assert "Save deal 2" in page
    assert '<div id="live-head" data-next="2" hx-swap-oob="true">' in page  # the new totals
    # The first deal makes the sheet's table: the whole sheet, since there was none.
    assert '<section aria-labelledby="sheet-title" id="sheet" hx-swap-oob="true">' in page
    assert 'id="deal-1"' in page


def test_htmx_save_of_a_later_deal_sends_only_its_row(owner_client: Any, make_match: Any) -> None:
    match = make_match(deals=[B1_ANNA_2H_EXACT])
    response = owner_client.post(
        reverse("deal_add", args=[match.pk]),
        {"number": "2", "declarer": "1", "level": "1", "strain": "NT", "doubled": "0", "tricks": "10"},
        headers={"HX-Request": "true"},
    )
    page = response.content.decode()
    assert '<template><tbody hx-swap-oob="beforeend:#sheet-rows"><tr id="deal-2">' in page
    assert 'id="deal-1"' not in page
    assert 'data-testid="total-1">600<' in page  # B2: Ben +600


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


HX = {"HX-Request": "true", "HX-Current-URL": "http://testserver/matches/1/"}
B1 = {"declarer": "0", "level": "2", "strain": "H", "doubled": "0", "tricks": "8"}
B2 = {"declarer": "1", "level": "1", "strain": "NT", "doubled": "0", "tricks": "10"}


def htmx_post(client: Any, match: Any, number: int, **fields: Any) -> Any:
    return client.post(reverse("deal_add", args=[match.pk]), {"number": str(number), **fields}, headers=HX)


def test_htmx_save_confirms_in_place_and_queues_no_message(owner_client: Any, make_match: Any) -> None:
    match = make_match()
    response = htmx_post(owner_client, match, 1, **B1)
    page = response.content.decode()
    assert response.status_code == 200
    assert '<div id="table-notice" hx-swap-oob="innerHTML"><p class="message success">Deal 1 saved.</p></div>' in page
    assert json.loads(response["HX-Trigger-After-Settle"]) == {"deal-saved": {"number": 1, "finished": False}}
    # Nothing is left for a later page: the report and another match show no "Deal 1 saved."
    other = make_match(game="klaberjass")
    assert "Deal 1 saved" not in owner_client.get(reverse("match", args=[other.pk])).content.decode()
    assert "Deal 1 saved" not in owner_client.get(reverse("report", args=[match.pk])).content.decode()


def test_htmx_save_swaps_the_actions_that_depend_on_the_deal_count(owner_client: Any, make_match: Any) -> None:
    match = make_match()
    page = htmx_post(owner_client, match, 1, **B1).content.decode()
    actions = page[page.index('<section class="actions no-print"') :]
    assert 'id="match-actions" hx-swap-oob="true"' in actions
    assert "Undo last deal" in actions
    assert "Check a hand for deal 2" in actions


def test_htmx_conflict_answers_409_with_the_current_sheet_and_the_reason(owner_client: Any, make_match: Any) -> None:
    match = make_match()
    htmx_post(owner_client, match, 1, **B1)
    response = htmx_post(owner_client, match, 1, **B2)
    page = response.content.decode()
    assert response.status_code == 409
    assert "Deal 1 was already saved from another phone" in page
    assert 'data-testid="total-0">500<' in page
    # The saved deal's revision comes with the conflict, so that this phone can replace it.
    assert json.loads(response["HX-Trigger-After-Settle"]) == {"deal-conflict": {"number": 1, "revision": 1}}
    assert "already saved" not in owner_client.get(reverse("match", args=[match.pk])).content.decode()


def test_htmx_incomplete_entry_marks_each_missing_field_invalid(owner_client: Any, make_match: Any) -> None:
    match = make_match()
    response = htmx_post(owner_client, match, 1, declarer="0", level="2")
    page = response.content.decode()
    assert response.status_code == 422
    assert "Still to choose: strain, declarer&#x27;s tricks." in page
    assert page.count('aria-describedby="err-strain" aria-invalid="true"') == 5  # each strain button
    assert 'name="declarer" value="0" id="id_declarer_0" checked aria-describedby' in page  # kept, not marked


def test_call_bridge_cb_5_4_fourteen_tricks_are_marked_on_the_field(owner_client: Any, make_match: Any) -> None:
    match = make_match(game="call_bridge")
    calls = {f"calls_{seat}": "3" for seat in range(4)}
    tricks = {"tricks_0": "4", "tricks_1": "4", "tricks_2": "1", "tricks_3": "5"}
    response = htmx_post(owner_client, match, 1, **calls, **tricks)
    page = response.content.decode()
    assert response.status_code == 422
    assert "CB-5.4" in page
    assert page.count('aria-invalid="true"') == 4 * 14  # each button of each seat's tricks, 0 to 13


def test_htmx_save_from_an_expired_session_navigates_to_the_login_and_back(client: Any, make_match: Any) -> None:
    match = make_match()
    response = htmx_post(client, match, 1, **B1)
    assert response.status_code == 401
    assert response["HX-Redirect"] == "/accounts/login/?next=/matches/1/&why=expired"
    assert not Deal.objects.filter(match=match).exists()


def test_htmx_preview_from_an_expired_session_is_401_not_the_login_page(client: Any, make_match: Any) -> None:
    match = make_match()
    response = client.post(reverse("deal_preview", args=[match.pk]), B1, headers=HX)
    assert response.status_code == 401
    assert "HX-Redirect" in response


def test_a_missing_key_is_accepted_and_a_malformed_one_ignored(owner_client: Any, make_match: Any) -> None:
    match = make_match()
    assert post_deal(owner_client, match, 1, **B1).status_code == 302
    assert post_deal(owner_client, match, 2, key="<script>", **B2).status_code == 302
    assert [deal.client_key for deal in Deal.objects.filter(match=match)] == [None, None]
