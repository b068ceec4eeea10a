"""A Call Bridge deal in two steps (EntrySpec.first): the calls saved as the deal in progress, then
the tricks with them as the deal. Portable ORM only: the same tests run on SQLite and PostgreSQL.

Expected values are worked by hand from docs/rules/call_bridge.md: example C1, calls 3, 4, 2, 5 and
tricks 4, 4, 1, 4, scores +3, +4, -2, -5 (CB-4.2, R-CB-2, R-CB-4).
"""

from __future__ import annotations

from typing import Any

import pytest

from scoring.core.base import FormatError, RuleError
from scoring.models import Change, Deal, Match
from scoring.services import Conflict, remove_last_deal, save_deal, save_first_step

pytestmark = pytest.mark.django_db

C1_CALLS = {"calls": [3, 4, 2, 5]}
C1 = {"calls": [3, 4, 2, 5], "tricks": [4, 4, 1, 4]}


def fresh(match: Match) -> Match:
    return Match.objects.get(pk=match.pk)


def test_cb_4_1_the_calls_are_saved_as_the_deal_in_progress(make_match: Any) -> None:
    match = make_match("call_bridge")
    result = save_first_step(match=match, number=1, revision=0, entry=C1_CALLS)
    stored = fresh(match)
    assert stored.deal_in_progress == {"number": 1, "entry": {"calls": [3, 4, 2, 5]}, "revision": 1}
    assert stored.version == 1  # the share page's ETag moves on
    assert (Deal.objects.count(), Change.objects.count(), len(result.deals)) == (0, 0, 0)


def test_cb_4_2_calls_can_be_corrected_from_the_revision_the_page_read(make_match: Any) -> None:
    match = make_match("call_bridge")
    save_first_step(match=match, number=1, revision=0, entry=C1_CALLS)
    save_first_step(match=match, number=1, revision=1, entry={"calls": [3, 4, 2, 6]})
    assert fresh(match).deal_in_progress == {"number": 1, "entry": {"calls": [3, 4, 2, 6]}, "revision": 2}


def test_cb_4_2_a_stale_page_correcting_the_calls_is_told_what_they_read(make_match: Any) -> None:
    match = make_match("call_bridge")
    save_first_step(match=match, number=1, revision=0, entry=C1_CALLS)
    with pytest.raises(Conflict) as caught:
        save_first_step(match=match, number=1, revision=0, entry={"calls": [2, 2, 2, 2]})
    assert caught.value.message == (
        "Calls for deal 1 were changed from another phone; they now read: Calls: Ben 4, Cleo 2, Dan 5, Anna 3."
    )
    assert fresh(match).deal_in_progress["entry"] == C1_CALLS


def test_cb_4_2_the_same_calls_sent_again_are_a_repeat_not_a_conflict(make_match: Any) -> None:
    """A retry after a lost answer (or a second phone with the very same calls) finds them saved."""
    match = make_match("call_bridge")
    save_first_step(match=match, number=1, revision=0, entry=C1_CALLS)
    result = save_first_step(match=match, number=1, revision=0, entry={"calls": [3, 4, 2, 5]})
    stored = fresh(match)
    assert stored.deal_in_progress == {"number": 1, "entry": {"calls": [3, 4, 2, 5]}, "revision": 1}
    assert stored.version == 1  # nothing written the second time
    assert len(result.deals) == 0


def test_calls_for_a_deal_already_saved_are_a_conflict(make_match: Any) -> None:
    match = make_match("call_bridge", deals=[C1])
    with pytest.raises(Conflict, match="Deal 1 was already saved from another phone"):
        save_first_step(match=match, number=1, revision=0, entry=C1_CALLS)
    assert fresh(match).deal_in_progress is None


@pytest.mark.parametrize(
    ("calls", "field", "rule"),
    [
        ([3, 4, 13, 5], "calls[2]", "CB-4.2"),  # R-CB-1: 13 only under cb_allow_13
        ([1, 4, 2, 5], "calls[0]", "CB-4.2"),  # CB-4.2: at least 2
        ([3, 4, 2, "5"], "calls[3]", "CB-4.2"),  # a word is no call
        ([3, 4, 2, True], "calls[3]", "CB-4.2"),  # nor is true
    ],
)
def test_cb_4_2_a_call_outside_2_to_12_is_refused_on_its_seat(
    make_match: Any, calls: list[Any], field: str, rule: str
) -> None:
    match = make_match("call_bridge")
    with pytest.raises(RuleError) as caught:
        save_first_step(match=match, number=1, revision=0, entry={"calls": calls})
    assert (caught.value.field, caught.value.rule) == (field, rule)
    assert fresh(match).deal_in_progress is None


def test_r_cb_1_a_call_of_13_is_kept_under_cb_allow_13(make_match: Any) -> None:
    match = make_match("call_bridge", flags=["cb_allow_13"])
    save_first_step(match=match, number=1, revision=0, entry={"calls": [13, 2, 2, 2]})
    assert fresh(match).deal_in_progress["entry"] == {"calls": [13, 2, 2, 2]}


@pytest.mark.parametrize(
    ("entry", "field"),
    [
        ({"calls": [3, 4, 2]}, "calls"),  # one per seat
        ({"calls": 3}, "calls"),
        ({}, "calls"),
        ({"calls": [3, 4, 2, 5], "tricks": [4, 4, 1, 4]}, "tricks"),  # the tricks are the second step
    ],
)
def test_a_first_step_of_the_wrong_shape_cannot_be_read(make_match: Any, entry: dict[str, Any], field: str) -> None:
    match = make_match("call_bridge")
    with pytest.raises(FormatError) as caught:
        save_first_step(match=match, number=1, revision=0, entry=entry)
    assert caught.value.field == field


def test_cb_7_1_no_calls_after_the_end_of_the_match(make_match: Any) -> None:
    # C1 with a target of 4: Ben alone reaches it with +4 (CB-7.1).
    match = make_match("call_bridge", deals=[C1], target=4)
    with pytest.raises(RuleError) as caught:
        save_first_step(match=match, number=2, revision=0, entry=C1_CALLS)
    assert caught.value.rule == "CB-7.1"


def test_a_game_entered_at_once_has_no_first_step(make_match: Any) -> None:
    match = make_match("bridgette")
    with pytest.raises(FormatError):
        save_first_step(match=match, number=1, revision=0, entry={})


def test_cb_5_4_the_tricks_save_the_deal_and_clear_the_calls(owner: Any, make_match: Any) -> None:
    match = make_match("call_bridge")
    save_first_step(match=match, number=1, revision=0, entry=C1_CALLS)
    saved = save_deal(match=match, user=owner, number=1, entry=C1, progress=1)
    assert Deal.objects.get(match=match).entry == C1  # the match file's shape: calls and tricks
    assert Change.objects.get(match=match).after == C1
    assert fresh(match).deal_in_progress is None
    assert saved.result.totals == (3, 4, -2, -5)  # C1


def test_cb_5_4_a_deal_saved_from_calls_changed_meanwhile_is_a_conflict(owner: Any, make_match: Any) -> None:
    match = make_match("call_bridge")
    save_first_step(match=match, number=1, revision=0, entry=C1_CALLS)
    save_first_step(match=match, number=1, revision=1, entry={"calls": [2, 4, 2, 5]})
    with pytest.raises(Conflict, match="they now read: Calls: Ben 4, Cleo 2, Dan 5, Anna 2"):  # Ben calls first
        save_deal(match=match, user=owner, number=1, entry=C1, progress=1)
    assert not Deal.objects.filter(match=match).exists()


def test_cb_5_4_a_deal_saved_after_its_calls_were_cleared_is_a_conflict(owner: Any, make_match: Any) -> None:
    match = make_match("call_bridge")
    with pytest.raises(Conflict, match="Calls for deal 1 were cleared from another phone"):
        save_deal(match=match, user=owner, number=1, entry=C1, progress=3)


def test_cb_5_4_the_whole_deal_at_once_still_saves_and_clears_the_calls(owner: Any, make_match: Any) -> None:
    # The API, an import and the edit page give calls and tricks together.
    match = make_match("call_bridge")
    save_first_step(match=match, number=1, revision=0, entry={"calls": [2, 2, 2, 2]})
    saved = save_deal(match=match, user=owner, number=1, entry=C1)
    assert saved.result.totals == (3, 4, -2, -5)
    assert fresh(match).deal_in_progress is None


def test_undoing_the_last_deal_clears_the_calls_of_the_next(owner: Any, make_match: Any) -> None:
    match = make_match("call_bridge", deals=[C1])
    save_first_step(match=match, number=2, revision=0, entry=C1_CALLS)
    remove_last_deal(match=match, user=owner, number=1)
    assert fresh(match).deal_in_progress is None
