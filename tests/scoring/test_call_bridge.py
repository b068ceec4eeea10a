"""Call Bridge scoring (docs/rules/call_bridge.md R-CB-1..R-CB-6, §6.2). Expected values worked by hand."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.core.base import EntryError, FormatError, Progress, RuleError
from scoring.core.games.call_bridge import GAME, CallBridgeDeal
from scoring.core.match import MatchResult, evaluate, parse_match

NO_FLAGS: frozenset[str] = frozenset()
PLAYERS = ["Anna", "Ben", "Cleo", "Dev"]
# §6.2: P1 is the player on the dealer's right, so with seat 3 dealing, P1..P4 are seats 0..3.
DEALER = 3


def score(calls: list[int], tricks: list[int], *flags: str) -> tuple[Any, ...]:
    chosen = frozenset(flags)
    deal = GAME.parse_deal({"calls": calls, "tricks": tricks}, chosen)
    return GAME.score_deal(deal, DEALER, chosen, 0).points


# --- §6.2 worked examples, verbatim ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("example", "calls", "tricks", "expected"),
    [
        ("C1", [3, 4, 2, 5], [4, 4, 1, 4], (3, 4, -2, -5)),
        ("C2", [8, 2, 2, 3], [9, 2, 1, 1], (13, 2, -2, -3)),
        ("C6", [7, 2, 2, 3], [9, 2, 1, 1], (7, 2, -2, -3)),
    ],
)
def test_cb_6_2_worked_examples(example: str, calls: list[int], tricks: list[int], expected: tuple[int, ...]) -> None:
    assert score(calls, tricks) == expected


# --- §2.6 scoring table, one rule at a time -------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "tricks", "points", "rule"),
    [
        (2, 2, 2, "R-CB-2"),  # exactly the call
        (3, 4, 3, "R-CB-2"),  # one overtrick scores nothing extra
        (2, 13, 2, "R-CB-2"),  # any number of overtricks still only the call
        (7, 7, 7, "R-CB-2"),  # the highest normal call
        (7, 9, 7, "R-CB-2"),  # 7 is not a bonus call (CB-4.4)
        (4, 3, -4, "R-CB-4"),  # one short
        (6, 0, -6, "R-CB-4"),
    ],
)
def test_cb_r2_normal_call_succeeds_with_at_least_the_call(call: int, tricks: int, points: int, rule: str) -> None:
    deal = GAME.parse_deal({"calls": [call, 2, 2, 2], "tricks": [tricks, 13 - tricks, 0, 0]}, NO_FLAGS)
    result = GAME.score_deal(deal, DEALER, NO_FLAGS, 0)
    assert result.points[0] == points
    assert [(line.points, line.rule) for line in result.lines if line.side == 0] == [(points, rule)]


@pytest.mark.parametrize(
    ("call", "tricks", "points", "rule"),
    [
        (8, 8, 13, "R-CB-3"),  # exactly the call
        (8, 9, 13, "R-CB-3"),  # the call + 1
        (10, 10, 13, "R-CB-3"),  # R-CB-3 worked case: 10 succeeds with 10 ...
        (10, 11, 13, "R-CB-3"),  # ... or 11
        (12, 12, 13, "R-CB-3"),  # 12 succeeds with 12 ...
        (12, 13, 13, "R-CB-3"),  # ... or 13
        (8, 10, -8, "R-CB-4"),  # 2 over fails
        (8, 13, -8, "R-CB-4"),
        (10, 9, -10, "R-CB-4"),  # one short fails
        (9, 0, -9, "R-CB-4"),  # R-CB-4: a failed 9 scores -9, not -13
        (12, 11, -12, "R-CB-4"),
    ],
)
def test_cb_r3_bonus_call_scores_13_with_the_call_or_one_more(call: int, tricks: int, points: int, rule: str) -> None:
    deal = GAME.parse_deal({"calls": [call, 2, 2, 2], "tricks": [tricks, 13 - tricks, 0, 0]}, NO_FLAGS)
    result = GAME.score_deal(deal, DEALER, NO_FLAGS, 0)
    assert result.points[0] == points
    assert [(line.points, line.rule) for line in result.lines if line.side == 0] == [(points, rule)]


def test_cb_6_2_c2_breakdown_lines_cite_the_rules() -> None:
    deal = GAME.parse_deal({"calls": [8, 2, 2, 3], "tricks": [9, 2, 1, 1]}, NO_FLAGS)
    lines = GAME.score_deal(deal, DEALER, NO_FLAGS, 0).lines
    assert [(line.side, line.points, line.rule) for line in lines] == [
        (0, 13, "R-CB-3"),
        (1, 2, "R-CB-2"),
        (2, -2, "R-CB-4"),
        (3, -3, "R-CB-4"),
    ]


def test_cb_deal_score_is_whole_numbers_and_holds_nothing_over() -> None:
    deal = GAME.parse_deal({"calls": [3, 4, 2, 5], "tricks": [4, 4, 1, 4]}, NO_FLAGS)
    result = GAME.score_deal(deal, DEALER, NO_FLAGS, 0)
    assert all(type(points) is int for points in result.points)
    assert result.counts is True
    assert result.held_over == 0


def test_cb_score_does_not_depend_on_the_dealer() -> None:
    deal = GAME.parse_deal({"calls": [3, 4, 2, 5], "tricks": [4, 4, 1, 4]}, NO_FLAGS)
    assert {GAME.score_deal(deal, dealer, NO_FLAGS, 0).points for dealer in range(4)} == {(3, 4, -2, -5)}


# --- flags ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("calls", "tricks", "expected"),
    [
        ([13, 2, 2, 2], [13, 0, 0, 0], (13, -2, -2, -2)),  # a call of 13 made: a bonus call, +13
        ([13, 2, 2, 2], [12, 1, 0, 0], (-13, -2, -2, -2)),  # 12 tricks fail a call of 13
    ],
)
def test_cb_r1_allow_13_makes_13_a_bonus_call(calls: list[int], tricks: list[int], expected: tuple[int, ...]) -> None:
    assert score(calls, tricks, "cb_allow_13") == expected


def test_cb_r1_call_of_13_rejected_without_the_flag() -> None:
    with pytest.raises(RuleError) as caught:
        GAME.parse_deal({"calls": [13, 2, 2, 2], "tricks": [13, 0, 0, 0]}, NO_FLAGS)
    assert (caught.value.field, caught.value.rule) == ("calls[0]", "R-CB-1")


def test_cb_r1_allow_13_still_rejects_14() -> None:
    with pytest.raises(RuleError) as caught:
        GAME.parse_deal({"calls": [2, 14, 2, 2], "tricks": [13, 0, 0, 0]}, frozenset({"cb_allow_13"}))
    assert (caught.value.field, caught.value.rule) == ("calls[1]", "CB-4.2")


@pytest.mark.parametrize(
    ("calls", "tricks", "default", "pagat"),
    [
        ([7, 2, 2, 3], [9, 2, 1, 1], (7, 2, -2, -3), (-7, 2, -2, -3)),  # C6: 2 over fails under the window
        ([3, 4, 2, 5], [4, 4, 1, 4], (3, 4, -2, -5), (3, 4, -2, -5)),  # C1: 1 over still succeeds
        ([2, 2, 2, 2], [13, 0, 0, 0], (2, -2, -2, -2), (-2, -2, -2, -2)),  # 11 over
        ([8, 2, 2, 3], [9, 2, 1, 1], (13, 2, -2, -3), (13, 2, -2, -3)),  # C2: bonus calls unchanged
    ],
)
def test_cb_r2_pagat_window_fails_two_or_more_overtricks(
    calls: list[int], tricks: list[int], default: tuple[int, ...], pagat: tuple[int, ...]
) -> None:
    assert score(calls, tricks) == default
    assert score(calls, tricks, "cb_pagat_window") == pagat


def test_cb_r2_pagat_window_failure_line_cites_r_cb_2() -> None:
    flags = frozenset({"cb_pagat_window"})
    deal = GAME.parse_deal({"calls": [7, 2, 2, 3], "tricks": [9, 2, 1, 1]}, flags)
    lines = GAME.score_deal(deal, DEALER, flags, 0).lines
    assert [(line.points, line.rule) for line in lines if line.side == 0] == [(-7, "R-CB-2")]


@pytest.mark.parametrize(
    ("calls", "tricks", "expected"),
    [
        ([3, 4, 2, 5], [4, 4, 1, 4], ("3.1", "4", "-2", "-5")),  # C1: one overtrick is 0.1
        ([7, 2, 2, 3], [9, 2, 1, 1], ("7.2", "2", "-2", "-3")),  # C6: two overtricks
        ([8, 2, 2, 3], [9, 2, 1, 1], ("13", "2", "-2", "-3")),  # C2: a bonus call stays a flat 13
        ([2, 2, 2, 2], [13, 0, 0, 0], ("3.1", "-2", "-2", "-2")),  # 11 overtricks
    ],
)
def test_cb_r2_decimal_overtricks_add_a_tenth_each(
    calls: list[int], tricks: list[int], expected: tuple[str, ...]
) -> None:
    points = score(calls, tricks, "cb_decimal_overtricks")
    assert points == tuple(Decimal(value) for value in expected)
    assert all(isinstance(value, Decimal) for value in points)  # never a float


def test_cb_r2_decimal_overtricks_with_pagat_window() -> None:
    # Both flags: one overtrick succeeds and earns 0.1; two overtricks fail.
    assert score([3, 4, 2, 4], [4, 6, 1, 2], "cb_decimal_overtricks", "cb_pagat_window") == (
        Decimal("3.1"),
        Decimal("-4"),
        Decimal("-2"),
        Decimal("-4"),
    )


def test_cb_r2_decimal_overtricks_breakdown() -> None:
    flags = frozenset({"cb_decimal_overtricks"})
    deal = GAME.parse_deal({"calls": [7, 2, 2, 3], "tricks": [9, 2, 1, 1]}, flags)
    lines = GAME.score_deal(deal, DEALER, flags, 0).lines
    assert [(line.points, line.rule) for line in lines if line.side == 0] == [
        (Decimal(7), "R-CB-2"),
        (Decimal("0.2"), "R-CB-2"),
    ]


def test_cb_r7_must_head_trick_does_not_change_the_score() -> None:
    # A referee-only flag (R-CB-7): the same deal scores the same.
    assert score([3, 4, 2, 5], [4, 4, 1, 4], "cb_must_head_trick") == (3, 4, -2, -5)


def test_cb_every_flag_combination_can_be_played() -> None:
    GAME.check_flags(frozenset(GAME.flags))


# --- validation -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("entry", "field", "rule"),
    [
        ({"calls": [1, 4, 2, 5], "tricks": [4, 4, 1, 4]}, "calls[0]", "CB-4.2"),
        ({"calls": [3, 0, 2, 5], "tricks": [4, 4, 1, 4]}, "calls[1]", "CB-4.2"),
        ({"calls": [3, 4, -2, 5], "tricks": [4, 4, 1, 4]}, "calls[2]", "CB-4.2"),
        ({"calls": [3, 4, 2, 13], "tricks": [4, 4, 1, 4]}, "calls[3]", "R-CB-1"),
        ({"calls": [3, 4, 2, 20], "tricks": [4, 4, 1, 4]}, "calls[3]", "CB-4.2"),
        ({"calls": [3, 4, 2, 5], "tricks": [-1, 4, 1, 9]}, "tricks[0]", "CB-5.4"),
        ({"calls": [3, 4, 2, 5], "tricks": [0, 14, 0, 0]}, "tricks[1]", "CB-5.4"),
        ({"calls": [3, 4, 2, 5], "tricks": [4, 4, 1, 3]}, "tricks", "CB-5.4"),  # adds up to 12
        ({"calls": [3, 4, 2, 5], "tricks": [4, 4, 2, 4]}, "tricks", "CB-5.4"),  # adds up to 14
        ({"calls": [3, 4, 2, 5], "tricks": [13, 13, 0, 0]}, "tricks", "CB-5.4"),
    ],
)
def test_cb_bad_values_rejected_with_field_and_rule(entry: dict[str, Any], field: str, rule: str) -> None:
    with pytest.raises(RuleError) as caught:
        GAME.parse_deal(entry, NO_FLAGS)
    assert (caught.value.field, caught.value.rule) == (field, rule)


@pytest.mark.parametrize(
    ("entry", "field"),
    [
        ({"tricks": [4, 4, 1, 4]}, "calls"),
        ({"calls": [3, 4, 2, 5]}, "tricks"),
        ({"calls": [3, 4, 2], "tricks": [4, 4, 1, 4]}, "calls"),
        ({"calls": [3, 4, 2, 5], "tricks": [4, 4, 1, 4, 0]}, "tricks"),
        ({"calls": "3 4 2 5", "tricks": [4, 4, 1, 4]}, "calls"),
        ({"calls": [3, "4", 2, 5], "tricks": [4, 4, 1, 4]}, "calls[1]"),
        ({"calls": [3, 4, 2, 5], "tricks": [4, 4, 1.0, 4]}, "tricks[2]"),
        ({"calls": [3, 4, 2, 5], "tricks": [4, 4, True, 4]}, "tricks[2]"),
        ({"calls": [3, 4, 2, 5], "tricks": [4, 4, 1, 4], "dealer": 0}, "dealer"),
        ([3, 4, 2, 5], "deal"),
    ],
)
def test_cb_unreadable_entries_are_format_errors(entry: Any, field: str) -> None:
    with pytest.raises(FormatError) as caught:
        GAME.parse_deal(entry, NO_FLAGS)
    assert caught.value.field == field


# --- rotation, description, entry -----------------------------------------------------------------


@pytest.mark.parametrize(("dealer", "next_dealer"), [(0, 1), (1, 2), (2, 3), (3, 0)])
def test_cb_3_1_deal_passes_to_the_right(dealer: int, next_dealer: int) -> None:
    deal = CallBridgeDeal((3, 4, 2, 5), (4, 4, 1, 4))
    assert GAME.next_dealer(dealer, deal, NO_FLAGS) == next_dealer


def test_cb_describe_and_to_entry() -> None:
    entry = {"calls": [3, 4, 2, 5], "tricks": [4, 4, 1, 4]}
    deal = GAME.parse_deal(entry, NO_FLAGS)
    assert GAME.describe(deal, tuple(PLAYERS)) == "calls 3 4 2 5, tricks 4 4 1 4"
    assert GAME.to_entry(deal) == entry


# A score sheet's row: each player's call and the tricks they made, as a Call Bridge pad has them. A call of 8 or
# more is a bonus call (CB-4.4): made with the call or the call + 1 it scores 13 (R-CB-3); a call failed by taking
# too many tricks (R-CB-2 under cb_pagat_window, R-CB-3) says so, since "made 6" on a call of 4 reads as made.
@pytest.mark.parametrize(
    ("calls", "tricks", "flags", "text"),
    [
        ([3, 4, 2, 5], [4, 4, 1, 4], (), "Anna 3 (made 4), Ben 4 (made 4), Cleo 2 (made 1), Dev 5 (made 4)"),  # C1
        (
            [8, 2, 2, 3],
            [9, 2, 1, 1],
            (),
            "Anna 8 (made 9, bonus call), Ben 2 (made 2), Cleo 2 (made 1), Dev 3 (made 1)",  # C2
        ),
        ([7, 2, 2, 3], [9, 2, 1, 1], (), "Anna 7 (made 9), Ben 2 (made 2), Cleo 2 (made 1), Dev 3 (made 1)"),  # C6
        (
            [4, 2, 2, 3],
            [6, 2, 4, 1],
            ("cb_pagat_window",),
            "Anna 4 (made 6, too many), Ben 2 (made 2), Cleo 2 (made 4, too many), Dev 3 (made 1)",
        ),
        (
            [8, 2, 2, 2],
            [10, 1, 1, 1],
            (),
            "Anna 8 (made 10, too many for a bonus call), Ben 2 (made 1), Cleo 2 (made 1), Dev 2 (made 1)",
        ),
        ([10, 2, 2, 2], [8, 3, 1, 1], (), "Anna 10 (made 8), Ben 2 (made 3), Cleo 2 (made 1), Dev 2 (made 1)"),
        (
            [13, 2, 2, 2],
            [13, 0, 0, 0],
            ("cb_allow_13",),
            "Anna 13 (made 13, bonus call), Ben 2 (made 0), Cleo 2 (made 0), Dev 2 (made 0)",
        ),
    ],
)
def test_cb_4_4_r_cb_2_r_cb_3_a_sheet_row_reads_as_the_pad(
    calls: list[int], tricks: list[int], flags: tuple[str, ...], text: str
) -> None:
    chosen = frozenset(flags)
    deal = GAME.parse_deal({"calls": calls, "tricks": tricks}, chosen)
    row = GAME.describe_result(deal, GAME.score_deal(deal, DEALER, chosen, 0), tuple(PLAYERS), chosen)
    # Every space a no-break space but after a comma: a narrow column breaks the row between players, never inside
    # one player's "Anna 4".
    assert row == text.replace(" ", "\u00a0").replace(",\u00a0", ", ")


def test_cb_r5_target_is_required_and_30_is_suggested() -> None:
    assert (GAME.target_required, GAME.suggested_target, GAME.target_rule) == (True, 30, "R-CB-5")
    assert GAME.default_target(NO_FLAGS) is None


# --- the match: CB-7.1, CB-7.2, R-CB-5, R-CB-6 ----------------------------------------------------


def run(
    deals: list[dict[str, Any]], target: int | None = 30, flags: list[str] | None = None, first_dealer: int = 0
) -> MatchResult:
    doc: dict[str, Any] = {"game": "call_bridge", "players": PLAYERS, "first_dealer": first_dealer, "deals": deals}
    if target is not None:
        doc["target"] = target
    if flags:
        doc["flags"] = flags
    return evaluate(parse_match(doc))


def test_cb_3_1_each_deal_has_its_dealer_and_the_next_one_the_next_dealer() -> None:
    """Cleo (seat 2) deals first; the deal passes to the right: Dan deals deal 2, Anna deal 3 (the next one)."""
    c1 = {"calls": [3, 4, 2, 5], "tricks": [4, 4, 1, 4]}  # +3, +4, -2, -5: nobody near 30
    result = run([c1, c1], first_dealer=2)
    assert [result.dealer_of(number) for number in (1, 2, 3)] == [2, 3, 0]
    assert result.dealer_of(0) is None and result.dealer_of(4) is None  # no such deal yet


ANNA_BONUS = {"calls": [8, 2, 2, 2], "tricks": [9, 2, 1, 1]}  # +13, +2, -2, -2
ANNA_EIGHT = {"calls": [8, 2, 2, 2], "tricks": [8, 3, 1, 1]}  # +13, +2, -2, -2
BEN_BONUS = {"calls": [2, 8, 2, 2], "tricks": [2, 9, 1, 1]}  # +2, +13, -2, -2
TIED_AT_30 = [ANNA_EIGHT, ANNA_EIGHT, BEN_BONUS, BEN_BONUS]  # Anna 26 28 30, Ben 4 17 30


def test_cb_7_1_first_past_the_target_wins() -> None:
    result = run([ANNA_BONUS, ANNA_BONUS, ANNA_BONUS])
    assert result.totals == (39, 6, -6, -6)
    assert result.outcome is not None
    assert (result.winners, result.outcome.rule) == ((0,), "CB-7.1")
    # The reason says why, in the past of a finished match: nobody "leads" it any more.
    assert result.outcome.reason == "Anna has the highest total, 39, at or above the target of 30, after 3 deals"


def test_cb_7_1_no_winner_below_the_target() -> None:
    result = run([ANNA_BONUS, ANNA_BONUS])
    assert result.totals == (26, 4, -4, -4)
    assert result.outcome is None
    assert result.stage == "Deal 3 · Target 30"


def test_cb_7_1_reaching_the_target_exactly_wins() -> None:
    result = run([ANNA_BONUS, ANNA_BONUS], target=26)
    assert result.winners == (0,)


def test_cb_7_1_two_at_the_target_in_one_deal_higher_total_wins() -> None:
    result = run([{"calls": [5, 4, 2, 2], "tricks": [5, 4, 2, 2]}], target=4)
    assert result.totals == (5, 4, 2, 2)
    assert result.winners == (0,)


def test_cb_7_2_shared_top_at_the_target_plays_on() -> None:
    result = run(TIED_AT_30)
    assert result.totals == (30, 30, -8, -8)
    assert result.outcome is None
    assert result.stage == "Tie-break deal 5 · Target 30"
    assert result.next_dealer == 0  # dealers 0 1 2 3, then 0 again (CB-3.1)


def test_cb_r6_tie_break_deal_decides_even_if_the_other_drops_below() -> None:
    breaker = {"calls": [3, 3, 2, 2], "tricks": [3, 1, 5, 4]}  # +3, -3, +2, +2
    result = run([*TIED_AT_30, breaker])
    assert result.totals == (33, 27, -6, -6)
    assert result.outcome is not None
    assert (result.winners, result.outcome.rule) == ((0,), "CB-7.1")


def test_cb_r6_both_tied_players_drop_below_the_target_and_play_goes_on() -> None:
    both_fail = {"calls": [5, 5, 2, 2], "tricks": [0, 0, 7, 6]}  # -5, -5, +2, +2
    result = run([*TIED_AT_30, both_fail])
    assert result.totals == (25, 25, -6, -6)
    assert result.outcome is None
    assert result.stage == "Deal 6 · Target 30"


def test_cb_r6_shared_win_flag_ends_a_tie_at_the_top() -> None:
    result = run(TIED_AT_30, flags=["cb_shared_win"])
    assert result.outcome is not None
    assert (result.winners, result.outcome.rule) == ((0, 1), "R-CB-6")
    assert result.outcome.reason == "Anna and Ben are tied at the top with 30 after 4 deals"


def test_cb_r6_shared_win_flag_still_needs_the_target() -> None:
    result = run([ANNA_EIGHT, BEN_BONUS], flags=["cb_shared_win"])  # 15 and 15, below 30
    assert result.totals == (15, 15, -4, -4)
    assert result.outcome is None


def test_cb_7_1_deal_after_the_end_is_an_error() -> None:
    with pytest.raises(RuleError) as caught:
        run([ANNA_BONUS, ANNA_BONUS, ANNA_BONUS, ANNA_BONUS])
    assert (caught.value.field, caught.value.rule, caught.value.deal) == ("deals", "CB-7.1", 4)


def test_cb_r5_match_without_target_is_an_error() -> None:
    with pytest.raises(RuleError) as caught:
        run([], target=None)
    assert (caught.value.field, caught.value.rule) == ("target", "R-CB-5")


def test_cb_bad_deal_in_a_match_names_the_deal() -> None:
    with pytest.raises(RuleError) as caught:
        run([ANNA_BONUS, {"calls": [1, 2, 2, 2], "tricks": [4, 4, 1, 4]}])
    assert (caught.value.field, caught.value.rule, caught.value.deal) == ("calls[0]", "CB-4.2", 2)


def test_cb_3_1_dealers_rotate_in_a_match() -> None:
    result = run([ANNA_BONUS, ANNA_BONUS], first_dealer=2)
    assert [deal.dealer for deal in result.deals] == [2, 3]
    assert result.next_dealer == 0


def test_cb_r2_decimal_totals_in_a_match() -> None:
    deal = {"calls": [3, 4, 2, 5], "tricks": [4, 4, 1, 4]}  # 3.1, 4, -2, -5
    result = run([deal, deal], flags=["cb_decimal_overtricks"])
    assert result.totals == (Decimal("6.2"), Decimal(8), Decimal(-4), Decimal(-10))


def test_cb_outcome_reads_totals_only() -> None:
    progress = Progress((31, 12, 3, -2), 4, 4, 30, tuple(PLAYERS))
    outcome = GAME.outcome(progress, NO_FLAGS)
    assert outcome is not None
    assert (outcome.winners, outcome.rule) == ((0,), "CB-7.1")


# --- properties -----------------------------------------------------------------------------------

FLAG_SETS = st.sets(st.sampled_from(sorted(GAME.flags))).map(frozenset)


@st.composite
def entries(draw: st.DrawFn, allow_13: bool = False) -> dict[str, Any]:
    calls = draw(st.lists(st.integers(2, 13 if allow_13 else 12), min_size=4, max_size=4))
    cuts = sorted(draw(st.lists(st.integers(0, 13), min_size=3, max_size=3)))
    tricks = [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 13 - cuts[2]]
    return {"calls": calls, "tricks": tricks}


@settings(max_examples=100)
@given(flags=FLAG_SETS, data=st.data())
def test_cb_lines_add_up_to_points_for_any_accepted_entry(flags: frozenset[str], data: st.DataObject) -> None:
    entry = data.draw(entries("cb_allow_13" in flags))
    deal = GAME.parse_deal(entry, flags)
    result = GAME.score_deal(deal, DEALER, flags, 0)
    assert len(result.points) == 4
    for seat in range(4):
        assert sum(line.points for line in result.lines if line.side == seat) == result.points[seat]
        call = entry["calls"][seat]
        points = result.points[seat]
        assert points == -call or points == 13 or call <= points < call + 2  # §2.6 (+ tenths)
        assert not isinstance(points, float)
    assert GAME.to_entry(deal) == entry


@settings(max_examples=100)
@given(
    entry=entries(),
    field=st.sampled_from(["calls", "tricks"]),
    seat=st.integers(0, 3),
    bad=st.one_of(st.integers(-50, -1), st.integers(14, 99), st.sampled_from([0, 1, 13])),
)
def test_cb_any_single_out_of_range_value_is_rejected_with_its_rule(
    entry: dict[str, Any], field: str, seat: int, bad: int
) -> None:
    if field == "tricks" and 0 <= bad <= 13:
        bad = -bad - 1  # 0, 1 and 13 are fine trick counts: use a negative one instead
    entry[field][seat] = bad
    with pytest.raises(EntryError) as caught:
        GAME.parse_deal(entry, NO_FLAGS)
    if field == "calls":
        expected_rule = "R-CB-1" if bad == 13 else "CB-4.2"
        assert (caught.value.field, caught.value.rule) == (f"calls[{seat}]", expected_rule)
    else:
        assert (caught.value.field, caught.value.rule) == (f"tricks[{seat}]", "CB-5.4")


@settings(max_examples=50)
@given(deals=st.lists(entries(), min_size=1, max_size=8))
def test_cb_totals_are_the_sum_of_deal_scores(deals: list[dict[str, Any]]) -> None:
    result = run(deals, target=1_000_000)
    for seat in range(4):
        assert result.totals[seat] == sum(deal.score.points[seat] for deal in result.deals)


# --- R-CB-10: a revoke, entered as the offender's seat ---------------------------------------------


def revoked(calls: list[int], tricks: list[int], offender: int, *flags: str) -> Any:
    chosen = frozenset(flags)
    deal = GAME.parse_deal({"calls": calls, "tricks": tricks, "revoke": offender}, chosen)
    return deal, GAME.score_deal(deal, DEALER, chosen, 0)


def test_r_cb_10_the_offenders_call_fails_whatever_tricks_they_took() -> None:
    # C1 (3, 4, -2, -5) with Ben's revoke: his call of 4, made with 4, fails: minus 4; the others as the tricks fell.
    deal, scored = revoked([3, 4, 2, 5], [4, 4, 1, 4], 1)
    assert scored.points == (3, -4, -2, -5)
    (ben,) = [line for line in scored.lines if line.side == 1]
    assert (ben.points, ben.rule) == (-4, "R-CB-10")
    # A bonus call made (C2, Anna 8 with 9: 13) fails too: minus 8.
    assert revoked([8, 2, 2, 3], [9, 2, 1, 1], 0)[1].points == (-8, 2, -2, -3)
    assert GAME.undertakings(deal, scored, NO_FLAGS)[1].made is False


def test_r_cb_10_a_revoke_with_decimal_overtricks_fails_the_call_with_no_tenths() -> None:
    # Anna 3 with 4 would score 3.1; her revoke: minus 3. Ben 4 with 4: 4.
    assert revoked([3, 4, 2, 5], [4, 4, 1, 4], 0, "cb_decimal_overtricks")[1].points == (-3, 4, -2, -5)


def test_r_cb_10_cb_revoke_voids_deal_scores_nobody() -> None:
    deal, scored = revoked([3, 4, 2, 5], [4, 4, 1, 4], 1, "cb_revoke_voids_deal")
    assert scored.points == (0, 0, 0, 0)
    assert {line.rule for line in scored.lines} == {"R-CB-10"}
    assert GAME.undertakings(deal, scored, frozenset({"cb_revoke_voids_deal"})) == ()


def test_r_cb_10_the_revoke_is_in_the_entry_and_the_sheets_line() -> None:
    deal, scored = revoked([3, 4, 2, 5], [4, 4, 1, 4], 1)
    assert GAME.to_entry(deal) == {"calls": [3, 4, 2, 5], "tricks": [4, 4, 1, 4], "revoke": 1}
    assert GAME.to_entry(GAME.parse_deal({"calls": [3, 4, 2, 5], "tricks": [4, 4, 1, 4]}, NO_FLAGS)) == {
        "calls": [3, 4, 2, 5],
        "tricks": [4, 4, 1, 4],
    }
    line = GAME.describe_result(deal, scored, tuple(PLAYERS), NO_FLAGS)
    assert line.endswith("; revoke by Ben: their call fails (R-CB-10)")
    void = GAME.describe_result(deal, scored, tuple(PLAYERS), frozenset({"cb_revoke_voids_deal"}))
    assert void.endswith("; revoke by Ben: the deal is void (R-CB-10)")


@pytest.mark.parametrize("offender", [4, -1])
def test_r_cb_10_a_revoke_by_no_seat_is_refused(offender: int) -> None:
    with pytest.raises(EntryError) as caught:
        GAME.parse_deal({"calls": [3, 4, 2, 5], "tricks": [4, 4, 1, 4], "revoke": offender}, NO_FLAGS)
    assert caught.value.field == "revoke"


def test_r_cb_10_the_revoke_field_is_optional_and_last() -> None:
    field = GAME.entry_spec(NO_FLAGS).fields[-1]
    assert (field.name, field.rule, field.required) == ("revoke", "R-CB-10", False)
