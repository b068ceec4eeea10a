"""The calls of a Call Bridge deal saved before the play (the deal's first step, EntrySpec.first),
then its tricks: the match page, the share page, odd input and other people's matches.

Expected scores are worked by hand from docs/rules/call_bridge.md, example C1: calls 3, 4, 2, 5,
tricks 4, 4, 1, 4, scores +3, +4, -2, -5.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.urls import reverse

from scoring.core.match import parse_match
from scoring.models import Deal, Match
from scoring.services import create_match, save_first_step

pytestmark = pytest.mark.django_db

C1_CALLS = {"calls_0": "3", "calls_1": "4", "calls_2": "2", "calls_3": "5"}
C1_TRICKS = {"tricks_0": "4", "tricks_1": "4", "tricks_2": "1", "tricks_3": "4"}


def words(page: str) -> str:
    """The page's text without its tags (a rule ID cited in a message is a link)."""
    return re.sub(r"<[^>]+>", "", page)


def post_calls(client: Any, match: Match, number: Any = 1, progress: Any = 0, **fields: Any) -> Any:
    data = {"number": str(number), "progress": str(progress), **C1_CALLS, **fields}
    return client.post(reverse("deal_first", args=[match.pk]), data, headers={"HX-Request": "true"})


def post_tricks(client: Any, match: Match, progress: Any = 1, **fields: Any) -> Any:
    data = {"number": "1", "progress": str(progress), **C1_CALLS, **C1_TRICKS, **fields}
    return client.post(reverse("deal_add", args=[match.pk]), data, headers={"HX-Request": "true"})


def test_cb_4_1_the_match_page_asks_for_the_calls_first(owner_client: Any, make_match: Any) -> None:
    match = make_match("call_bridge")
    page = owner_client.get(reverse("match", args=[match.pk])).content.decode()
    assert "Calls for deal 1</h2>" in page
    assert 'name="calls_0"' in page
    assert 'name="tricks_0"' not in page


def test_cb_4_1_saved_calls_are_shown_and_the_tricks_asked_for(owner_client: Any, make_match: Any) -> None:
    match = make_match("call_bridge")
    response = post_calls(owner_client, match)
    page = response.content.decode()
    assert response.status_code == 200
    assert "Calls for deal 1 saved." in page
    assert "Calls: Ben 4, Cleo 2, Dan 5, Anna 3" in page  # Anna deals: Ben, on her right, calls first (CB-4.1)
    assert '<input type="hidden" name="calls_0" value="3"' in page
    assert 'name="tricks_3"' in page
    assert 'data-total-for="tricks" data-total="13"' in page  # checked as tapped (CB-5.4)
    assert Match.objects.get(pk=match.pk).deal_in_progress["entry"] == {"calls": [3, 4, 2, 5]}


def test_cb_4_2_the_calls_can_be_corrected_from_the_match_page(owner_client: Any, make_match: Any) -> None:
    match = make_match("call_bridge")
    save_first_step(match=match, number=1, revision=0, entry={"calls": [3, 4, 2, 5]})
    page = owner_client.get(reverse("match", args=[match.pk]) + "?step=first").content.decode()
    assert 'name="calls_3" value="5" id="id_calls_3_3" checked' in page
    assert '<input type="hidden" name="progress" value="1">' in page
    response = post_calls(owner_client, match, progress=1, calls_3="6")
    assert response.status_code == 200
    assert "Calls: Ben 4, Cleo 2, Dan 6, Anna 3" in response.content.decode()  # in calling order (CB-4.1)


def test_cb_4_2_a_stale_page_is_told_and_its_calls_are_said_back(owner_client: Any, make_match: Any) -> None:
    match = make_match("call_bridge")
    save_first_step(match=match, number=1, revision=0, entry={"calls": [2, 2, 2, 2]})
    response = post_calls(owner_client, match, progress=0)
    page = response.content.decode()
    assert response.status_code == 409
    # Both in calling order: Anna deals, so Ben calls first (CB-4.1).
    assert "they now read: Calls: Ben 2, Cleo 2, Dan 2, Anna 2. Yours were: Ben 4, Cleo 2, Dan 5, Anna 3." in page


def test_cb_4_1_a_stale_page_hears_both_phones_calls_in_calling_order(owner_client: Any, make_match: Any) -> None:
    """Cleo deals deal 1, so Dan calls first, then Anna, Ben and Cleo (CB-4.1), as the entry form lists them.
    Saved: Anna 3, Ben 4, Cleo 2, Dan 5 (by seat); this phone's: Anna 6, Ben 5, Cleo 4, Dan 3."""
    match = make_match("call_bridge", first_dealer=2)
    save_first_step(match=match, number=1, revision=0, entry={"calls": [3, 4, 2, 5]})
    response = post_calls(owner_client, match, progress=0, calls_0="6", calls_1="5", calls_2="4", calls_3="3")
    assert response.status_code == 409
    assert (
        "Calls for deal 1 were changed from another phone; they now read: Calls: Dan 5, Anna 3, Ben 4, Cleo 2. "
        "Yours were: Dan 3, Anna 6, Ben 5, Cleo 4."
    ) in response.content.decode()


def test_cb_4_1_deal_2_calls_in_a_conflict_start_after_its_own_dealer(owner_client: Any, make_match: Any) -> None:
    """Anna dealt deal 1; the deal passes to Ben (CB-3.1), so Cleo calls first in deal 2, then Dan, Anna, Ben."""
    match = make_match("call_bridge", deals=[{"calls": [3, 4, 2, 5], "tricks": [4, 4, 1, 4]}])
    save_first_step(match=match, number=2, revision=0, entry={"calls": [2, 3, 4, 5]})
    data = {"number": "2", "progress": "0", "calls_0": "5", "calls_1": "4", "calls_2": "3", "calls_3": "2"}
    response = owner_client.post(reverse("deal_first", args=[match.pk]), data, headers={"HX-Request": "true"})
    assert response.status_code == 409
    assert (
        "they now read: Calls: Cleo 4, Dan 5, Anna 2, Ben 3. Yours were: Cleo 3, Dan 2, Anna 5, Ben 4."
    ) in response.content.decode()


@pytest.mark.parametrize(
    ("fields", "status", "said"),
    [
        ({"calls_2": "13"}, 422, "13 is not allowed for Cleo&#x27;s call (CB-4.2)."),
        ({"calls_2": "1"}, 422, "1 is not allowed for Cleo&#x27;s call (CB-4.2)."),
        ({"calls_2": "x" * 5000}, 422, "(CB-4.2)"),
        ({"calls_2": ""}, 422, "Still to choose: cleo&#x27;s call."),
        ({"number": "two"}, 409, "missing its deal number"),
        ({"progress": "-"}, 409, "missing its deal number"),
        ({"number": "5"}, 409, "Deal 5 was already saved from another phone"),
    ],
)
def test_odd_calls_are_answered_in_place(
    owner_client: Any, make_match: Any, fields: dict[str, str], status: int, said: str
) -> None:
    match = make_match("call_bridge")
    number = fields.pop("number", 1)
    progress = fields.pop("progress", 0)
    response = post_calls(owner_client, match, number=number, progress=progress, **fields)
    assert (response.status_code, said in words(response.content.decode())) == (status, True)
    assert Match.objects.get(pk=match.pk).deal_in_progress is None


def test_cb_4_2_the_same_calls_posted_twice_are_saved_once_and_answered_alike(
    owner_client: Any, make_match: Any
) -> None:
    match = make_match("call_bridge")
    first = post_calls(owner_client, match)
    again = post_calls(owner_client, match)  # the first answer was lost: the phone sends it again
    assert (first.status_code, again.status_code) == (200, 200)
    page = again.content.decode()
    assert "Calls for deal 1 saved." in page
    assert "changed from another phone" not in page
    assert '<input type="hidden" name="progress" value="1">' in page  # the rest goes with revision 1
    assert Match.objects.get(pk=match.pk).version == 1


def test_someone_elses_match_is_refused(stranger_client: Any, make_match: Any) -> None:
    match = make_match("call_bridge")
    assert post_calls(stranger_client, match).status_code == 404
    assert Match.objects.get(pk=match.pk).deal_in_progress is None


def test_logged_out_calls_go_to_the_log_in_page(client: Any, make_match: Any) -> None:
    match = make_match("call_bridge")
    response = client.post(reverse("deal_first", args=[match.pk]), {"number": "1", "progress": "0", **C1_CALLS})
    assert response.status_code == 302
    assert "/accounts/login/" in response["Location"]


def test_a_game_entered_at_once_refuses_a_first_step(owner_client: Any, make_match: Any) -> None:
    match = make_match("bridgette")
    response = owner_client.post(reverse("deal_first", args=[match.pk]), {"number": "1", "progress": "0"})
    assert response.status_code == 422
    assert "entered at once" in response.content.decode()


def test_cb_5_4_the_tricks_save_the_deal_c1(owner_client: Any, make_match: Any) -> None:
    match = make_match("call_bridge")
    post_calls(owner_client, match)
    response = post_tricks(owner_client, match)
    page = response.content.decode()
    assert response.status_code == 200
    assert "Deal 1 saved." in page
    assert Deal.objects.get(match=match).entry == {"calls": [3, 4, 2, 5], "tricks": [4, 4, 1, 4]}
    assert 'data-testid="total-3">\u22125<' in page  # C1: Dan called 5 and took 4 (a minus sign)
    assert "Calls for deal 2</h2>" in page
    assert Match.objects.get(pk=match.pk).deal_in_progress is None


def test_cb_5_4_tricks_adding_up_to_14_are_refused_on_the_field(owner_client: Any, make_match: Any) -> None:
    match = make_match("call_bridge")
    post_calls(owner_client, match)
    response = post_tricks(owner_client, match, tricks_3="5")
    page = response.content.decode()
    assert response.status_code == 422
    assert "The tricks add up to 14, but every deal has 13 tricks (CB-5.4)." in words(page)
    assert 'href="/rules/call_bridge/#CB-5.4"' in page  # the rule cited links to its text
    assert '<input type="hidden" name="calls_0" value="3"' in page  # still the second step
    assert not Deal.objects.filter(match=match).exists()


def test_cb_5_4_tricks_for_calls_changed_meanwhile_are_a_conflict(owner_client: Any, make_match: Any) -> None:
    match = make_match("call_bridge")
    post_calls(owner_client, match)
    post_calls(owner_client, match, progress=1, calls_0="2")
    response = post_tricks(owner_client, match, progress=1)
    assert response.status_code == 409
    assert "Calls for deal 1 were changed from another phone" in response.content.decode()
    assert json.loads(response["HX-Trigger-After-Settle"]) == {"first-conflict": {"number": 1}}  # tricks kept
    assert not Deal.objects.filter(match=match).exists()


def test_cb_4_1_the_share_page_shows_the_calls(client: Any, make_match: Any) -> None:
    match = make_match("call_bridge")
    save_first_step(match=match, number=1, revision=0, entry={"calls": [3, 4, 2, 5]})
    page = client.get(reverse("shared_match", args=[match.share_token])).content.decode()
    assert "Calls: Ben 4, Cleo 2, Dan 5, Anna 3" in page  # Anna deals: Ben, on her right, calls first (CB-4.1)
    assert "Correct the calls" not in page


@pytest.mark.parametrize(
    ("view", "fields"),
    [("deal_preview", {"calls_0": "zz"}), ("deal_first", {"calls_0": "99"})],
)
def test_cb_4_2_a_refused_call_of_a_player_named_with_a_percent_sign_is_told(
    owner_client: Any, owner: Any, view: str, fields: dict[str, str]
) -> None:
    """A name is user text: "50%" reaches the refusal's words as they are, never as a format string."""
    match = create_match(
        owner=owner,
        match_file=parse_match(
            {"game": "call_bridge", "players": ["50%", "Ben", "%(x)s", "Dan"], "first_dealer": 0, "target": 30}
        ),
    )
    data = {"number": "1", "progress": "0", **C1_CALLS, **fields}
    response = owner_client.post(reverse(view, args=[match.pk]), data, headers={"HX-Request": "true"})
    assert response.status_code in (200, 422)
    assert f"{fields['calls_0']} is not allowed for 50%&#x27;s call (CB-4.2)." in words(response.content.decode())
    assert Match.objects.get(pk=match.pk).deal_in_progress is None
