"""Bridgette scoring (docs/rules/bridgette.md). Expected values are worked by hand from docs/rules/."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.core.base import EntryError, FormatError, Progress, RuleError
from scoring.core.contract import PASSED_OUT, Contract
from scoring.core.games.bridgette import GAME
from scoring.core.match import evaluate, parse_match
from tests.conftest import sample_deals

NONE: frozenset[str] = frozenset()
PLAYERS = ("Anna", "Ben")


def entry(level: int, strain: str, tricks: int, doubled: int = 0, declarer: int = 0) -> dict[str, Any]:
    return {"declarer": declarer, "level": level, "strain": strain, "doubled": doubled, "tricks": tricks}


def points(item: dict[str, Any], *flags: str) -> tuple[int, ...]:
    chosen = frozenset(flags)
    score = GAME.score_deal(GAME.parse_deal(item, chosen), 0, chosen, 0)
    return tuple(int(value) for value in score.points)


# ---- §6.1 worked examples, verbatim ---------------------------------------------------------


@pytest.mark.parametrize(
    ("example", "level", "strain", "tricks", "declarer_points"),
    [
        ("B1", 2, "H", 8, 500),
        ("B2", 1, "NT", 10, 600),
        ("B5", 6, "D", 12, 1600),
        ("B8", 0, "NT", 6, 400),
        ("B9", 7, "NT", 13, 2500),
        ("B10", 1, "C", 9, 150),
        ("B12", 4, "D", 10, 500),
    ],
)
def test_bg_6_1_worked_examples(example: str, level: int, strain: str, tricks: int, declarer_points: int) -> None:
    assert points(entry(level, strain, tricks)) == (declarer_points, 0), example


# ---- BG-7.1 / BG-7.2: made contracts --------------------------------------------------------


@pytest.mark.parametrize(
    ("level", "strain", "value"),
    [
        (0, "NT", 150),
        (1, "C", 150),
        (1, "D", 150),
        (1, "H", 150),
        (1, "S", 150),
        (1, "NT", 250),
        (2, "NT", 250),
        (2, "C", 250),
        (3, "S", 250),
        (4, "C", 250),
        (4, "D", 250),
        (3, "NT", 750),
        (4, "NT", 750),
        (4, "H", 750),
        (4, "S", 750),
        (5, "C", 750),
        (5, "S", 750),
        (5, "NT", 1500),
        (6, "C", 1500),
        (6, "H", 1500),
        (6, "NT", 2200),
        (7, "D", 2200),
        (7, "S", 2200),
        (7, "NT", 2500),
    ],
)
def test_bg_7_2_contract_value_table(level: int, strain: str, value: int) -> None:
    # One overtrick (where possible) earns no bonus, so the score is V alone.
    if level < 7:
        assert points(entry(level, strain, 7 + level)) == (value, 0)
    else:
        assert points(entry(level, strain, 13)) == (value, 0)


@pytest.mark.parametrize(
    ("level", "strain", "tricks", "expected"),
    [
        (0, "NT", 6, 150 + 250),
        (1, "S", 7, 150 + 250),
        (3, "NT", 9, 750 + 250),
        (5, "D", 11, 750 + 250),
        (5, "NT", 11, 1500 + 250),  # 5NT is the top of the 250 range (R-BG-3)
        (6, "S", 12, 1500 + 100),
        (6, "NT", 12, 2200 + 100),
        (7, "C", 13, 2200),  # no exact bonus at level 7
    ],
)
def test_bg_7_1_exact_contract_bonus(level: int, strain: str, tricks: int, expected: int) -> None:
    assert points(entry(level, strain, tricks)) == (expected, 0)


@pytest.mark.parametrize(
    ("level", "strain", "tricks", "expected"),
    [
        (0, "NT", 9, 150 + 350),
        (3, "NT", 12, 750 + 350),
        (4, "S", 13, 750 + 350),
        (1, "C", 8, 150),  # one over: nothing extra (R-BG-2)
        (2, "H", 10, 250),  # two over
        (0, "NT", 10, 150),  # four over: not exactly three (R-BG-4)
        (1, "D", 12, 150),  # five over
    ],
)
def test_bg_7_1_exactly_three_over_bonus(level: int, strain: str, tricks: int, expected: int) -> None:
    assert points(entry(level, strain, tricks)) == (expected, 0)


@pytest.mark.parametrize(
    ("level", "strain", "tricks", "doubled", "expected"),
    [
        (4, "S", 10, 1, (750 + 250) * 2 + 400),
        (4, "S", 10, 2, (750 + 250) * 4 + 1000),
        (2, "H", 11, 1, (250 + 350) * 2 + 400),
        (6, "NT", 12, 2, (2200 + 100) * 4 + 1000),
        (7, "NT", 13, 1, 2500 * 2 + 400),
        (1, "C", 9, 1, 150 * 2 + 400),
        (0, "NT", 6, 2, (150 + 250) * 4 + 1000),
    ],
)
def test_bg_7_1_multiplier_and_insult_bonus(level: int, strain: str, tricks: int, doubled: int, expected: int) -> None:
    assert points(entry(level, strain, tricks, doubled)) == (expected, 0)


def test_bg_7_1_declarer_seat_one_scores_for_seat_one() -> None:
    assert points(entry(2, "H", 8, declarer=1)) == (0, 500)


# ---- BG-7.3: failed contracts ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("level", "strain", "tricks", "doubled", "penalty"),
    [
        (4, "S", 9, 0, 100),
        (4, "S", 9, 1, 200),
        (4, "S", 9, 2, 300),
        (2, "D", 6, 0, 200),
        (2, "D", 6, 1, 500),
        (2, "D", 6, 2, 700),
        (3, "NT", 6, 0, 300),
        (3, "NT", 6, 1, 800),
        (3, "NT", 6, 2, 1100),
        (5, "C", 7, 0, 400),
        (5, "C", 7, 1, 1100),
        (5, "C", 7, 2, 1500),
        (2, "H", 3, 0, 700),
        (2, "H", 3, 1, 2000),
        (2, "H", 3, 2, 2700),
        (7, "NT", 7, 0, 1000),
        (7, "NT", 7, 1, 3000),
        (7, "NT", 7, 2, 4000),
        (0, "NT", 0, 1, 3000),
    ],
)
def test_bg_7_3_undertrick_table(level: int, strain: str, tricks: int, doubled: int, penalty: int) -> None:
    assert points(entry(level, strain, tricks, doubled, declarer=0)) == (0, penalty)
    assert points(entry(level, strain, tricks, doubled, declarer=1)) == (penalty, 0)


@pytest.mark.parametrize(
    ("tricks", "doubled", "penalty"),
    [(6, 0, 1000), (5, 1, 3000), (2, 2, 4000), (0, 0, 1000), (0, 1, 3000), (0, 2, 4000)],
)
def test_bg_7_3_undertricks_cap_at_six(tricks: int, doubled: int, penalty: int) -> None:
    # 7NT needs 13 tricks: 7 to 13 undertricks all score the 6-undertrick row (R-BG-7 default).
    assert points(entry(7, "NT", tricks, doubled)) == (0, penalty)


def test_bg_7_3_capped_penalty_cites_r_bg_7() -> None:
    score = GAME.score_deal(GAME.parse_deal(entry(7, "NT", 0, 1), NONE), 0, NONE, 0)
    assert [(line.side, line.points, line.rule) for line in score.lines] == [(1, 3000, "R-BG-7")]


# ---- BG-7.4 / R-BG-10: passed out ------------------------------------------------------------


def test_bg_7_4_passed_out_scores_nothing_and_counts() -> None:
    deal = GAME.parse_deal({"passed_out": True}, NONE)
    assert deal == PASSED_OUT
    score = GAME.score_deal(deal, 0, NONE, 0)
    assert score.points == (0, 0)
    assert score.counts is True
    assert {line.rule for line in score.lines} == {"BG-7.4"}
    assert GAME.next_dealer(0, deal, NONE) == 1


def test_r_bg_10_passout_redeal_does_not_count_and_same_dealer() -> None:
    flags = frozenset({"bg_passout_redeal"})
    deal = GAME.parse_deal({"passed_out": True}, flags)
    score = GAME.score_deal(deal, 1, flags, 0)
    assert score.points == (0, 0)
    assert score.counts is False
    assert GAME.next_dealer(1, deal, flags) == 1
    # A played deal still passes the deal on under the variant.
    assert GAME.next_dealer(1, GAME.parse_deal(entry(2, "H", 8), flags), flags) == 0


@pytest.mark.parametrize("dealer", [0, 1])
def test_bg_3_1_dealer_alternates(dealer: int) -> None:
    assert GAME.next_dealer(dealer, GAME.parse_deal(entry(1, "C", 7), NONE), NONE) == 1 - dealer


# ---- Flags ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("item", "default", "variant"),
    [
        (entry(1, "C", 9), 150, 250),  # 3♣ made: 250 tier, 2 over
        (entry(1, "NT", 10), 250 + 350, 750 + 350),  # 4NT made, exactly 3 over still judged on 1NT
        (entry(0, "NT", 13), 150, 2500),  # 7NT made, 7 over
        (entry(2, "H", 8), 250 + 250, 250 + 250),  # exact: same row
        (entry(1, "S", 10, 1), (150 + 350) * 2 + 400, (750 + 350) * 2 + 400),  # 4♠ made, doubled
        (entry(5, "S", 12), 750, 1500),  # 6♠ made
    ],
)
def test_r_bg_2_score_level_made(item: dict[str, Any], default: int, variant: int) -> None:
    assert points(item) == (default, 0)
    assert points(item, "bg_score_level_made") == (variant, 0)


@pytest.mark.parametrize(
    ("item", "default", "variant"),
    [
        (entry(1, "C", 11), 150, 150 + 350),
        (entry(0, "NT", 13), 150, 150 + 350),
        (entry(3, "NT", 12), 750 + 350, 750 + 350),
        (entry(2, "S", 12, 1), 250 * 2 + 400, (250 + 350) * 2 + 400),
    ],
)
def test_r_bg_4_three_over_or_more(item: dict[str, Any], default: int, variant: int) -> None:
    assert points(item) == (default, 0)
    assert points(item, "bg_three_over_or_more") == (variant, 0)


@pytest.mark.parametrize(
    ("item", "default", "variant"),
    [
        (entry(4, "S", 10, 1), (750 + 250) * 2 + 400, (750 + 250 + 400) * 2),
        (entry(4, "S", 10, 2), (750 + 250) * 4 + 1000, (750 + 250 + 1000) * 4),
        (entry(4, "S", 10, 0), 750 + 250, 750 + 250),
        (entry(4, "S", 9, 1), 0, 0),  # failed: the penalty table is not touched
    ],
)
def test_r_bg_5_multiply_insult(item: dict[str, Any], default: int, variant: int) -> None:
    assert points(item)[0] == default
    assert points(item, "bg_multiply_insult")[0] == variant


@pytest.mark.parametrize(
    ("tricks", "doubled", "default", "variant"),
    [
        (7, 0, 1000, 1000),  # 6 undertricks
        (6, 1, 3000, 3000),  # 7 undertricks: still the 6 row
        (5, 1, 3000, 4000),  # 8 undertricks: one step
        (0, 0, 1000, 1000 + 6 * 300),
        (0, 1, 3000, 3000 + 6 * 1000),
        (0, 2, 4000, 4000 + 6 * 1300),
    ],
)
def test_r_bg_7_extend_undertricks(tricks: int, doubled: int, default: int, variant: int) -> None:
    item = entry(7, "NT", tricks, doubled)
    assert points(item) == (0, default)
    assert points(item, "bg_extend_undertricks") == (0, variant)


def test_r_bg_flags_can_all_be_played_together() -> None:
    # Every flag at once (the list itself is pinned in test_conformance.py): a passed-out deal is
    # dealt again by the same dealer and not counted (R-BG-10), and the flagged sample deal, 1♠X by
    # Anna with 11 tricks, scores the 5♠ row 750 ×2 (R-BG-2) + 350 ×2 for 4 over (R-BG-4) + the
    # insult 400 ×2 (R-BG-5) = 3000 (fixtures/bridgette/deals.json).
    sample = next(deal for deal in sample_deals("bridgette") if deal.get("flags"))
    doc = {
        "game": "bridgette",
        "players": list(PLAYERS),
        "first_dealer": 0,
        "flags": sorted(GAME.flags),
        "deals": [{"passed_out": True}, sample["entry"]],
    }
    result = evaluate(parse_match(doc))
    passed, made = result.deals
    assert passed.score.counts is False
    assert (passed.dealer, made.dealer) == (0, 0)
    assert list(made.score.points) == sample["points"] == [3000, 0]
    assert [(line.points, line.rule) for line in made.score.lines] == [
        (1500, "R-BG-2"),
        (700, "R-BG-4"),
        (800, "R-BG-5"),
    ]
    assert result.stage == "Deal 2 of 6"


def test_bg_1_3_no_target() -> None:
    assert GAME.target_required is False
    assert GAME.default_target(NONE) is None
    assert GAME.suggested_target is None


# ---- Validation ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("item", "field", "rule"),
    [
        ({**entry(2, "H", 8), "declarer": 2}, "declarer", "BG-1.1"),
        ({**entry(2, "H", 8), "declarer": -1}, "declarer", "BG-1.1"),
        ({**entry(2, "H", 8), "level": 8}, "level", "BG-5.1"),
        ({**entry(2, "H", 8), "level": -1}, "level", "BG-5.1"),
        ({**entry(2, "H", 8), "strain": "X"}, "strain", "BG-5.1"),
        ({**entry(2, "H", 8), "strain": "h"}, "strain", "BG-5.1"),
        (entry(0, "S", 6), "level", "BG-5.1"),
        (entry(0, "C", 6), "level", "BG-5.1"),
        ({**entry(2, "H", 8), "doubled": 3}, "doubled", "BG-5.4"),
        ({**entry(2, "H", 8), "tricks": 14}, "tricks", "BG-7.5"),
        ({**entry(2, "H", 8), "tricks": -1}, "tricks", "BG-7.5"),
        ({"passed_out": True, "declarer": 0}, "declarer", "BG-7.5"),
        ({"passed_out": True, "tricks": 7}, "tricks", "BG-7.5"),
    ],
)
def test_bg_7_5_rule_errors_name_field_and_rule(item: dict[str, Any], field: str, rule: str) -> None:
    with pytest.raises(RuleError) as caught:
        GAME.parse_deal(item, NONE)
    assert (caught.value.field, caught.value.rule) == (field, rule)


@pytest.mark.parametrize(
    ("item", "field"),
    [
        ([], "deal"),
        ({"declarer": 0, "level": 2, "strain": "H"}, "tricks"),
        ({"level": 2, "strain": "H", "tricks": 8}, "declarer"),
        ({**entry(2, "H", 8), "tricks": "8"}, "tricks"),
        ({**entry(2, "H", 8), "tricks": True}, "tricks"),
        ({**entry(2, "H", 8), "level": 2.0}, "level"),
        ({**entry(2, "H", 8), "vulnerable": True}, "vulnerable"),
        ({"passed_out": "yes"}, "passed_out"),
    ],
)
def test_bg_7_5_format_errors_name_field(item: Any, field: str) -> None:
    with pytest.raises(FormatError) as caught:
        GAME.parse_deal(item, NONE)
    assert caught.value.field == field


def test_bg_7_5_doubled_defaults_to_zero_and_entry_round_trips() -> None:
    deal = GAME.parse_deal({"declarer": 1, "level": 3, "strain": "NT", "tricks": 9}, NONE)
    assert deal == Contract(1, 3, "NT", 0, 9)
    assert GAME.to_entry(deal) == entry(3, "NT", 9, 0, declarer=1)
    assert GAME.to_entry(GAME.parse_deal({"passed_out": True}, NONE)) == {"passed_out": True}
    # passed_out false is an ordinary contract entry
    assert GAME.parse_deal({**entry(1, "C", 7), "passed_out": False}, NONE) == Contract(0, 1, "C", 0, 7)


@pytest.mark.parametrize(
    ("item", "text"),
    [
        (entry(4, "S", 10, 1), "4♠X by Anna, 10 tricks"),
        (entry(3, "NT", 1, 2, declarer=1), "3NTXX by Ben, 1 trick"),
        (entry(0, "NT", 6), "0NT by Anna, 6 tricks"),
        ({"passed_out": True}, "passed out"),
    ],
)
def test_describe(item: dict[str, Any], text: str) -> None:
    assert GAME.describe(GAME.parse_deal(item, NONE), PLAYERS) == text


# ---- A score sheet's row: what came of the deal ------------------------------------------------------
# Made with 6 + level tricks (BG-7.1); the exact-contract and 3-over bonuses are BG-7.1's P (R-BG-3, R-BG-4);
# u = 6 + level - tricks undertricks score BG-7.3's table, its 6 row past 7 under R-BG-7; BG-7.4 passed out.


@pytest.mark.parametrize(
    ("item", "flags", "text"),
    [
        (entry(2, "H", 8), (), "2♥ by Anna, made exactly (BG-7.1)"),  # B1: 8 = 6 + 2, the 250 bonus
        (entry(6, "D", 12), (), "6♦ by Anna, made exactly (BG-7.1)"),  # B5: the level-6 bonus of 100
        (entry(7, "NT", 13), (), "7NT by Anna, made exactly"),  # B9: no bonus at level 7 (R-BG-3)
        (entry(1, "NT", 10, declarer=1), (), "1NT by Ben, made with 3 over (BG-7.1)"),  # B2: the 350 bonus
        (entry(1, "C", 9), (), "1♣ by Anna, made with 2 over"),  # B10: overtricks earn nothing (R-BG-2)
        (entry(1, "C", 11), (), "1♣ by Anna, made with 4 over"),  # 4 over: no bonus by default (R-BG-4)
        (entry(1, "C", 11), ("bg_three_over_or_more",), "1♣ by Anna, made with 4 over (R-BG-4)"),
        (entry(4, "S", 9, 1), (), "4♠X by Anna, down 1 (BG-7.3)"),  # u = 10 - 9
        (entry(7, "NT", 6, 2, declarer=1), (), "7NTXX by Ben, down 7 (BG-7.3)"),  # the seed's "6 or 7" row
        (entry(7, "NT", 0), (), "7NT by Anna, down 13 (R-BG-7)"),  # the 6 row as a cap, past 7 undertricks
        (entry(7, "NT", 0), ("bg_extend_undertricks",), "7NT by Anna, down 13 (BG-7.3)"),  # the 6 row, then steps
        ({"passed_out": True}, (), "passed out (BG-7.4)"),
        ({"passed_out": True}, ("bg_passout_redeal",), "passed out; dealt again, not counted (R-BG-10)"),
    ],
)
def test_bg_7_1_bg_7_3_bg_7_4_a_sheet_row_says_made_or_down(
    item: dict[str, Any], flags: tuple[str, ...], text: str
) -> None:
    chosen = frozenset(flags)
    deal = GAME.parse_deal(item, chosen)
    assert GAME.describe_result(deal, GAME.score_deal(deal, 0, chosen, 0), PLAYERS, chosen) == text


# ---- Properties -----------------------------------------------------------------------------------

FLAG_SETS = st.frozensets(st.sampled_from(sorted(GAME.flags)))


@st.composite
def valid_entries(draw: st.DrawFn) -> dict[str, Any]:
    if draw(st.integers(0, 15)) == 0:
        return {"passed_out": True}
    level = draw(st.integers(0, 7))
    strain = "NT" if level == 0 else draw(st.sampled_from(["C", "D", "H", "S", "NT"]))
    return entry(level, strain, draw(st.integers(0, 13)), draw(st.integers(0, 2)), draw(st.integers(0, 1)))


@settings(max_examples=100)
@given(valid_entries(), FLAG_SETS, st.integers(0, 1))
def test_lines_add_up_to_points(item: dict[str, Any], flags: frozenset[str], dealer: int) -> None:
    deal = GAME.parse_deal(item, flags)
    score = GAME.score_deal(deal, dealer, flags, 0)
    for seat in (0, 1):
        assert sum(line.points for line in score.lines if line.side == seat) == score.points[seat]
    assert min(score.points) == 0  # only one side scores (BG-7.1, BG-7.3)
    assert all(isinstance(value, int) for value in score.points)
    assert GAME.parse_deal(GAME.to_entry(deal), flags) == deal


JSON_VALUES = st.one_of(st.none(), st.booleans(), st.integers(-3, 16), st.sampled_from(["NT", "S", "x", "", "9"]))


@settings(max_examples=100)
@given(
    st.dictionaries(
        st.sampled_from(["declarer", "level", "strain", "doubled", "tricks", "passed_out", "other"]),
        JSON_VALUES,
    )
)
def test_any_accepted_entry_scores(item: dict[str, Any]) -> None:
    try:
        deal = GAME.parse_deal(item, NONE)
    except EntryError:
        return
    score = GAME.score_deal(deal, 0, NONE, 0)
    for side in (0, 1):
        assert sum(line.points for line in score.lines if line.side == side) == score.points[side]
    if deal.declarer is None:
        assert score.points == (0, 0)  # BG-7.4
        return
    # Exactly one side scores: the declarer a made contract (BG-7.1), the opponent a failed one (BG-7.3).
    scorer = deal.declarer if deal.tricks >= 6 + deal.level else 1 - deal.declarer
    assert score.points[scorer] > 0
    assert score.points[1 - scorer] == 0


RANGES = {
    "declarer": (0, 1, "BG-1.1"),
    "level": (0, 7, "BG-5.1"),
    "doubled": (0, 2, "BG-5.4"),
    "tricks": (0, 13, "BG-7.5"),
}


@settings(max_examples=100)
@given(valid_entries().filter(lambda item: "passed_out" not in item), st.sampled_from(sorted(RANGES)), st.data())
def test_every_out_of_range_field_is_rejected_with_its_rule(
    item: dict[str, Any], field: str, data: st.DataObject
) -> None:
    low, high, rule = RANGES[field]
    bad = data.draw(st.one_of(st.integers(-100, low - 1), st.integers(high + 1, 100)))
    with pytest.raises(RuleError) as caught:
        GAME.parse_deal({**item, field: bad}, NONE)
    assert (caught.value.field, caught.value.rule) == (field, rule)


# ---- Match end (BG-8) -------------------------------------------------------------------------------

MADE_BY_ANNA = entry(2, "H", 8, declarer=0)  # 500 to Anna
MADE_BY_BEN = entry(2, "H", 8, declarer=1)  # 500 to Ben
PASSED = {"passed_out": True}


def run(deals: list[dict[str, Any]], *flags: str, first_dealer: int = 0) -> Any:
    return evaluate(
        parse_match(
            {
                "game": "bridgette",
                "players": list(PLAYERS),
                "first_dealer": first_dealer,
                "flags": list(flags),
                "deals": deals,
            }
        )
    )


def test_bg_8_1_higher_total_after_six_deals() -> None:
    result = run([MADE_BY_ANNA, MADE_BY_BEN, MADE_BY_ANNA, PASSED, PASSED, PASSED])
    assert result.totals == (1000, 500)
    assert result.outcome is not None
    assert result.outcome.winners == (0,)
    assert result.outcome.rule == "BG-8.1"
    # The reason says why, not the result again: the banner puts "Anna wins." before it.
    assert result.outcome.reason == "Anna has the higher total, 1,000–500, after 6 deals"


def test_bg_8_1_not_over_after_five_deals() -> None:
    result = run([MADE_BY_ANNA] * 5)
    assert result.outcome is None
    assert result.stage == "Deal 6 of 6"


def test_bg_8_2_tie_plays_a_seventh_deal_then_more() -> None:
    six = [MADE_BY_ANNA, MADE_BY_BEN, PASSED, PASSED, PASSED, PASSED]
    result = run(six)
    assert result.outcome is None
    assert result.stage == "Tie-break deal 7"
    result = run([*six, PASSED])
    assert result.outcome is None
    assert result.stage == "Tie-break deal 8"
    result = run([*six, PASSED, MADE_BY_BEN])
    assert result.outcome is not None
    assert result.outcome.winners == (1,)
    assert result.outcome.rule == "BG-8.2"
    assert result.outcome.reason == "Ben has the higher total, 1,000–500, after tie-break deal 8"


def test_r_bg_8_draw_after_seventh() -> None:
    six = [MADE_BY_ANNA, MADE_BY_BEN, PASSED, PASSED, PASSED, PASSED]
    assert run([*six], "bg_draw_after_seventh").outcome is None
    result = run([*six, PASSED], "bg_draw_after_seventh")
    assert result.outcome is not None
    assert result.outcome.winners == (0, 1)
    assert result.outcome.rule == "R-BG-8"
    assert result.outcome.reason == "Anna and Ben are still tied after deal 7"
    result = run([*six, MADE_BY_ANNA], "bg_draw_after_seventh")
    assert result.outcome is not None
    assert result.outcome.winners == (0,)


def test_bg_8_deal_after_the_end_is_an_error() -> None:
    with pytest.raises(RuleError) as caught:
        run([MADE_BY_ANNA] * 7)
    assert caught.value.rule == "BG-8.1"
    assert caught.value.deal == 7


def test_bg_3_1_dealer_alternates_through_passed_out_and_tie_break_deals() -> None:
    six = [MADE_BY_ANNA, PASSED, MADE_BY_BEN, PASSED, PASSED, PASSED]
    result = run([*six, PASSED, MADE_BY_ANNA], first_dealer=1)
    assert [deal.dealer for deal in result.deals] == [1, 0, 1, 0, 1, 0, 1, 0]


def test_r_bg_10_passout_redeal_in_a_match() -> None:
    deals = [MADE_BY_ANNA, PASSED, PASSED, MADE_BY_BEN, MADE_BY_ANNA, MADE_BY_ANNA, MADE_BY_BEN]
    result = run(deals, "bg_passout_redeal")
    # the two passed-out deals do not count: five counted deals so far, and the same dealer redeals
    assert result.outcome is None
    assert result.stage == "Deal 6 of 6"
    assert [deal.dealer for deal in result.deals] == [0, 1, 1, 1, 0, 1, 0]
    result = run([*deals, MADE_BY_ANNA], "bg_passout_redeal")
    assert result.outcome is not None
    assert result.outcome.winners == (0,)
    assert result.totals == (2000, 1000)


def test_bg_1_3_a_target_is_refused() -> None:
    with pytest.raises(RuleError) as caught:
        parse_match({"game": "bridgette", "players": list(PLAYERS), "first_dealer": 0, "target": 500})
    assert (caught.value.field, caught.value.rule) == ("target", "BG-1.3")


def test_stage_labels() -> None:
    assert GAME.stage(Progress((0, 0), 0, 0, None, PLAYERS), NONE) == "Deal 1 of 6"
    assert GAME.stage(Progress((0, 0), 3, 2, None, PLAYERS), NONE) == "Deal 3 of 6"
    assert GAME.stage(Progress((0, 0), 6, 6, None, PLAYERS), NONE) == "Tie-break deal 7"
