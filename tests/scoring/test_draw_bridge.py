"""Draw Bridge scoring (docs/rules/draw_bridge.md R-DB-4..R-DB-10, §6.3). Expected values worked by hand."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.core.base import EntryError, FormatError, Progress, RuleError
from scoring.core.contract import Contract
from scoring.core.games.draw_bridge import GAME
from scoring.core.match import evaluate, parse_match
from vocabulary.words import Strain

NO_FLAGS: frozenset[str] = frozenset()
BRIDGE_SCORING = frozenset({"db_contract_bridge_scoring"})
PLAYERS = ("Anna", "Ben")
STRAIN_CODES = {strain.symbol: strain.value for strain in Strain}


def contract(text: str, tricks: int, declarer: int = 0) -> dict[str, Any]:
    """A deal entry from the rules' notation: ``contract("2♦X", 9)``."""
    doubled = len(text) - len(text.rstrip("X"))
    body = text.rstrip("X")
    return {
        "declarer": declarer,
        "level": int(body[0]),
        "strain": STRAIN_CODES[body[1:]],
        "doubled": doubled,
        "tricks": tricks,
    }


def score(text: str, tricks: int, *flags: str, declarer: int = 0) -> tuple[Any, ...]:
    chosen = frozenset(flags)
    deal = GAME.parse_deal(contract(text, tricks, declarer), chosen)
    return GAME.score_deal(deal, 0, chosen, 0).points


# --- §6.3 worked examples, verbatim ---


@pytest.mark.parametrize(
    ("example", "text", "tricks", "expected"),
    [
        ("D1", "4♠", 10, (120, 0)),  # 4 × 30
        ("D3", "2♦X", 9, (120, 0)),  # 3 × 20 = 60, × 2
        ("D5", "5♣", 9, (0, 100)),  # 2 down: 50 × 2 to the opponent
        ("D8", "7NT", 13, (220, 0)),  # 40 + 6 × 30
    ],
)
def test_db_6_3_worked_examples(example: str, text: str, tricks: int, expected: tuple[int, int]) -> None:
    assert score(text, tricks) == expected


def test_db_6_3_d5_under_fail_scores_nothing_is_zero_for_both() -> None:
    assert score("5♣", 9, "db_fail_scores_nothing") == (0, 0)


# --- DB-6.1 contract made ---


@pytest.mark.parametrize(
    ("text", "tricks", "points"),
    [
        ("1♣", 7, 20),
        ("1♦", 13, 140),  # overtricks count at the rate: 7 × 20
        ("3♥", 9, 90),
        ("2♠", 10, 120),  # 4 tricks above six, 2 of them overtricks
        ("1NT", 7, 40),
        ("3NT", 9, 100),  # 40 + 30 + 30
        ("3NT", 10, 130),  # 40 + 3 × 30
        ("6♠", 12, 180),  # no slam bonus (R-DB-6)
        ("7♣", 13, 140),
    ],
)
def test_db_6_1_made_contract_scores_every_trick_above_six(text: str, tricks: int, points: int) -> None:
    assert score(text, tricks) == (points, 0)
    assert score(text, tricks, declarer=1) == (0, points)


@pytest.mark.parametrize(
    ("text", "tricks", "points"),
    [
        ("4♥X", 10, 240),  # 120 × 2
        ("4♥XX", 10, 480),  # 120 × 4
        ("1NTXX", 8, 280),  # (40 + 30) × 4
        ("7♣X", 13, 280),  # 140 × 2
        ("2♦X", 13, 280),  # overtricks are doubled with the rest: 7 × 20 × 2, not 100 each (R-DB-6)
    ],
)
def test_db_6_1_r_db_4_doubled_times_two_redoubled_times_four(text: str, tricks: int, points: int) -> None:
    assert score(text, tricks) == (points, 0)


def test_db_6_1_made_contract_is_one_line_for_the_declarer() -> None:
    deal = GAME.parse_deal(contract("2♦X", 9, declarer=1), NO_FLAGS)
    lines = GAME.score_deal(deal, 0, NO_FLAGS, 0).lines
    assert [(line.side, line.points, line.rule) for line in lines] == [(1, 120, "DB-6.1")]


# --- DB-6.2 / R-DB-5 contract failed ---


@pytest.mark.parametrize(
    ("text", "tricks", "penalty"),
    [
        ("1♣", 6, 50),
        ("4♠", 8, 100),
        ("7NT", 0, 650),  # 13 down × 50
        ("1♣X", 6, 100),
        ("2♥X", 6, 300),  # 100 + 200
        ("3♦X", 6, 500),  # 100 + 200 + 200
        ("4♠X", 6, 800),  # + 300 from the 4th
        ("5♣X", 6, 1100),
        ("6NTX", 6, 1400),
        ("7NTX", 0, 3500),  # 100 + 2 × 200 + 10 × 300
        ("1♣XX", 6, 200),
        ("2♥XX", 6, 600),
        ("3♦XX", 6, 1000),
        ("4♠XX", 6, 1600),
        ("5♣XX", 6, 2200),
        ("7NTXX", 0, 7000),
    ],
)
def test_db_6_2_failed_contract_gives_the_opponent_non_vulnerable_penalties(
    text: str, tricks: int, penalty: int
) -> None:
    assert score(text, tricks) == (0, penalty)
    assert score(text, tricks, declarer=1) == (penalty, 0)


def test_db_6_2_penalty_line_goes_to_the_opponent() -> None:
    deal = GAME.parse_deal(contract("4♠X", 6), NO_FLAGS)
    lines = GAME.score_deal(deal, 1, NO_FLAGS, 0).lines
    assert [(line.side, line.points, line.rule) for line in lines] == [(1, 800, "DB-6.2")]


@pytest.mark.parametrize(
    ("text", "tricks"),
    [("5♣", 9), ("4♠XX", 3), ("7NTX", 12), ("1♣", 0)],
)
def test_db_r5_fail_scores_nothing_gives_zero_to_both(text: str, tricks: int) -> None:
    flags = frozenset({"db_fail_scores_nothing"})
    deal = GAME.parse_deal(contract(text, tricks), flags)
    result = GAME.score_deal(deal, 0, flags, 0)
    assert result.points == (0, 0)
    assert [(line.points, line.rule) for line in result.lines] == [(0, "R-DB-5")]


def test_db_r5_fail_scores_nothing_leaves_made_contracts_alone() -> None:
    assert score("4♠", 10, "db_fail_scores_nothing") == (120, 0)


@pytest.mark.parametrize(
    ("text", "tricks", "value"),
    [
        ("4♠", 9, 120),  # 4 × 30, instead of 50 for one down
        ("5♣", 9, 100),  # 5 × 20
        ("3NTX", 7, 200),  # (40 + 2 × 30) × 2
        ("2♥XX", 5, 240),  # 2 × 30 × 4
        ("7NT", 0, 220),  # 40 + 6 × 30
    ],
)
def test_db_r5_fail_opponent_gets_contract_value(text: str, tricks: int, value: int) -> None:
    flags = frozenset({"db_fail_opponent_gets_contract_value"})
    deal = GAME.parse_deal(contract(text, tricks), flags)
    result = GAME.score_deal(deal, 0, flags, 0)
    assert result.points == (0, value)
    assert [(line.side, line.points, line.rule) for line in result.lines] == [(1, value, "R-DB-5")]


# --- R-DB-6 db_contract_bridge_scoring ---


@pytest.mark.parametrize(
    ("text", "tricks", "points"),
    [
        ("4♠", 10, 420),  # 120 + game 300
        ("4♠", 11, 450),  # + 30 overtrick
        ("3NT", 9, 400),  # 100 + 300
        ("2NT", 8, 120),  # 70 + part-score 50
        ("1NT", 9, 150),  # 40 + 2 overtricks × 30 + 50
        ("2♦X", 9, 280),  # 80 + 100 overtrick + 50 part-score + 50 insult
        ("2♥X", 8, 470),  # 120 is game: 120 + 300 + 50
        ("1♣XX", 7, 230),  # 80 + 50 + 100 insult
        ("1♣XX", 9, 630),  # 80 + 2 × 200 + 50 + 100
        ("6♥", 12, 980),  # 180 + 300 + small slam 500
        ("6NTX", 12, 1230),  # 380 + 300 + 500 + 50
        ("7NT", 13, 1520),  # 220 + 300 + grand slam 1000
        ("7♣XX", 13, 1960),  # 560 + 300 + 1000 + 100
        ("5♦", 11, 400),  # 100 + 300
        ("4♦", 10, 130),  # 80 + 50: not a game
    ],
)
def test_db_r6_contract_bridge_scoring_made(text: str, tricks: int, points: int) -> None:
    assert score(text, tricks, "db_contract_bridge_scoring") == (points, 0)


@pytest.mark.parametrize(
    ("text", "tricks", "penalty"),
    [("5♣", 9, 100), ("3NTX", 7, 300), ("4♠XX", 6, 1600)],
)
def test_db_r6_contract_bridge_scoring_uses_the_db_6_2_penalties(text: str, tricks: int, penalty: int) -> None:
    assert score(text, tricks, "db_contract_bridge_scoring") == (0, penalty)


def test_db_r6_contract_bridge_scoring_breakdown() -> None:
    flags = frozenset({"db_contract_bridge_scoring"})
    deal = GAME.parse_deal(contract("6NTX", 13), flags)
    lines = GAME.score_deal(deal, 0, flags, 0).lines
    assert [(line.side, line.points, line.rule) for line in lines] == [
        (0, 380, "R-DB-6"),  # tricks bid: (40 + 5 × 30) × 2
        (0, 100, "R-DB-6"),  # one doubled overtrick
        (0, 300, "R-DB-6"),  # game
        (0, 500, "R-DB-6"),  # small slam
        (0, 50, "R-DB-6"),  # insult
    ]
    assert [line.text for line in lines] == [
        "6NTX made: tricks bid 40 + 5 × 30, ×2 doubled",
        "1 overtrick × 100",
        "game bonus",
        "small slam bonus",
        "insult bonus for making a doubled contract",
    ]


@pytest.mark.parametrize(
    ("text", "tricks", "flags", "lines"),
    [
        ("4♠", 10, NO_FLAGS, ["4♠ made, 10 tricks: 4 × 30"]),
        ("3NTX", 10, NO_FLAGS, ["3NTX made, 10 tricks: 40 + 3 × 30, ×2 doubled"]),
        ("5♣", 9, NO_FLAGS, ["5♣ down 2: 2 × 50"]),
        ("4♠X", 6, NO_FLAGS, ["4♠X down 4: 100 + 2 × 200 + 300"]),
        ("7NTXX", 0, NO_FLAGS, ["7NTXX down 13: 100 + 2 × 200 + 10 × 300, ×2 redoubled"]),
        ("1NT", 9, BRIDGE_SCORING, ["1NT made: tricks bid 40", "2 overtricks at trick value", "part-score bonus"]),
        (
            "2♦XX",
            9,
            BRIDGE_SCORING,
            [
                "2♦XX made: tricks bid 2 × 20, ×4 redoubled",
                "1 overtrick × 200",
                "game bonus",
                "insult bonus for making a doubled contract",
            ],
        ),
        ("7♣", 13, BRIDGE_SCORING, ["7♣ made: tricks bid 7 × 20", "game bonus", "grand slam bonus"]),
    ],
)
def test_db_6_1_db_6_2_r_db_6_lines_show_the_working(
    text: str, tricks: int, flags: frozenset[str], lines: list[str]
) -> None:
    # The figures are Law 77's (scoring/core/law77.py, not vulnerable); the words are Draw Bridge's own.
    deal = GAME.parse_deal(contract(text, tricks), flags)
    assert [line.text for line in GAME.score_deal(deal, 0, flags, 0).lines] == lines


# --- referee-only flags do not change the score ---


@pytest.mark.parametrize(
    "flag", ["db_show_stock_top", "db_led_suit_wins", "db_must_follow_phase1", "db_suit_breaks_ties"]
)
def test_db_r1_r2_referee_flags_do_not_change_the_score(flag: str) -> None:
    assert score("4♠", 10, flag) == (120, 0)
    assert score("5♣", 9, flag) == (0, 100)


# --- DB-4.3 passed out ---


def test_db_4_3_passed_out_scores_zero_with_an_explaining_line() -> None:
    deal = GAME.parse_deal({"passed_out": True}, NO_FLAGS)
    result = GAME.score_deal(deal, 1, NO_FLAGS, 0)
    assert result.points == (0, 0)
    assert [(line.points, line.rule) for line in result.lines] == [(0, "DB-4.3")]
    assert result.counts is True
    assert result.held_over == 0


# --- check_flags ---


@pytest.mark.parametrize(
    ("flags", "rule"),
    [
        ({"db_fail_scores_nothing", "db_fail_opponent_gets_contract_value"}, "R-DB-5"),
        ({"db_contract_bridge_scoring", "db_fail_scores_nothing"}, "R-DB-6"),
        ({"db_contract_bridge_scoring", "db_fail_opponent_gets_contract_value"}, "R-DB-6"),
        ({"db_led_suit_wins", "db_must_follow_phase1"}, "R-DB-1"),
        ({"db_led_suit_wins", "db_suit_breaks_ties"}, "R-DB-1"),
        ({"db_must_follow_phase1", "db_suit_breaks_ties"}, "R-DB-1"),
    ],
)
def test_db_check_flags_refuses_contradictory_flags(flags: set[str], rule: str) -> None:
    with pytest.raises(RuleError) as caught:
        GAME.check_flags(frozenset(flags))
    assert (caught.value.field, caught.value.rule) == ("flags", rule)


@pytest.mark.parametrize(
    "flags",
    [
        set(),
        {"db_show_stock_top", "db_led_suit_wins", "db_fail_scores_nothing"},
        {"db_show_stock_top", "db_must_follow_phase1", "db_contract_bridge_scoring"},
        {"db_suit_breaks_ties", "db_fail_opponent_gets_contract_value"},
    ],
)
def test_db_check_flags_accepts_compatible_flags(flags: set[str]) -> None:
    GAME.check_flags(frozenset(flags))


# --- validation ---

GOOD = {"declarer": 0, "level": 3, "strain": "NT", "doubled": 0, "tricks": 9}


@pytest.mark.parametrize(
    ("field", "value", "rule"),
    [
        ("declarer", 2, "DB-1.1"),
        ("declarer", -1, "DB-1.1"),
        ("level", 0, "DB-4.1"),  # no level-0 bid in Draw Bridge
        ("level", 8, "DB-4.1"),
        ("level", -3, "DB-4.1"),
        ("strain", "N", "DB-1.2"),
        ("strain", "nt", "DB-1.2"),
        ("strain", 3, "DB-1.2"),
        ("doubled", 3, "DB-4.2"),
        ("doubled", -1, "DB-4.2"),
        ("tricks", 14, "DB-6.3"),
        ("tricks", -1, "DB-6.3"),
    ],
)
def test_db_6_3_out_of_range_field_is_a_rule_error(field: str, value: Any, rule: str) -> None:
    with pytest.raises(RuleError) as caught:
        GAME.parse_deal({**GOOD, field: value}, NO_FLAGS)
    assert (caught.value.field, caught.value.rule) == (field, rule)


@pytest.mark.parametrize(
    ("entry", "field"),
    [
        ([], "deal"),
        ({**GOOD, "vulnerable": True}, "vulnerable"),
        ({key: value for key, value in GOOD.items() if key != "tricks"}, "tricks"),
        ({key: value for key, value in GOOD.items() if key != "declarer"}, "declarer"),
        ({**GOOD, "declarer": "0"}, "declarer"),
        ({**GOOD, "level": True}, "level"),
        ({**GOOD, "level": 3.0}, "level"),
        ({**GOOD, "tricks": None}, "tricks"),
        ({**GOOD, "doubled": False}, "doubled"),
        ({"passed_out": "yes"}, "passed_out"),
        ({"passed_out": False}, "declarer"),
    ],
)
def test_db_6_3_unreadable_entry_is_a_format_error(entry: Any, field: str) -> None:
    with pytest.raises(FormatError) as caught:
        GAME.parse_deal(entry, NO_FLAGS)
    assert (caught.value.field, caught.value.rule) == (field, "match-file")


@pytest.mark.parametrize("field", ["declarer", "level", "strain", "doubled", "tricks"])
def test_db_4_3_passed_out_deal_has_no_contract(field: str) -> None:
    with pytest.raises(RuleError) as caught:
        GAME.parse_deal({"passed_out": True, field: GOOD[field]}, NO_FLAGS)
    assert (caught.value.field, caught.value.rule) == (field, "DB-4.3")


def test_db_6_3_passed_out_false_with_a_contract_is_a_contract() -> None:
    deal = GAME.parse_deal({"passed_out": False, **GOOD}, NO_FLAGS)
    assert deal == Contract(0, 3, "NT", 0, 9)


# --- describe and to_entry ---


@pytest.mark.parametrize(
    ("entry", "text"),
    [
        (contract("4♠X", 10), "4♠X by Anna, 10 tricks"),
        (contract("3NTXX", 7, declarer=1), "3NTXX by Ben, 7 tricks"),
        (contract("1♣", 0), "1♣ by Anna, 0 tricks"),
        ({"passed_out": True}, "passed out"),
    ],
)
def test_db_describe(entry: dict[str, Any], text: str) -> None:
    assert GAME.describe(GAME.parse_deal(entry, NO_FLAGS), PLAYERS) == text


# A score sheet's row: made with 6 + level tricks (DB-6.1), else down by the tricks short, with the rule the
# opponent's score comes from (DB-6.2, R-DB-5's variants; R-DB-6 keeps DB-6.2's penalties); passed out (DB-4.3).
@pytest.mark.parametrize(
    ("entry", "flags", "text"),
    [
        (contract("4♠", 10), (), "4♠ by Anna, made exactly"),  # D1
        (contract("2♦X", 9, declarer=1), (), "2♦X by Ben, made with 1 over"),  # D3
        (contract("7NT", 13), (), "7NT by Anna, made exactly"),  # D8
        (contract("5♣", 9), (), "5♣ by Anna, down 2 (DB-6.2)"),  # D5
        (contract("5♣", 9), ("db_fail_scores_nothing",), "5♣ by Anna, down 2 (R-DB-5)"),  # D5's note
        (contract("5♣", 9), ("db_fail_opponent_gets_contract_value",), "5♣ by Anna, down 2 (R-DB-5)"),
        (contract("3NT", 8), ("db_contract_bridge_scoring",), "3NT by Anna, down 1 (DB-6.2)"),
        ({"passed_out": True}, (), "passed out (DB-4.3)"),
    ],
)
def test_db_6_1_db_6_2_db_4_3_a_sheet_row_says_made_or_down(
    entry: dict[str, Any], flags: tuple[str, ...], text: str
) -> None:
    chosen = frozenset(flags)
    deal = GAME.parse_deal(entry, chosen)
    assert GAME.describe_result(deal, GAME.score_deal(deal, 0, chosen, 0), PLAYERS, chosen) == text


@pytest.mark.parametrize(
    ("entry", "normalised"),
    [
        (GOOD, GOOD),
        ({"passed_out": False, **GOOD}, GOOD),
        ({"passed_out": True}, {"passed_out": True}),
    ],
)
def test_db_to_entry_normalises(entry: dict[str, Any], normalised: dict[str, Any]) -> None:
    assert GAME.to_entry(GAME.parse_deal(entry, NO_FLAGS)) == normalised


# --- DB-2.1 dealer, DB-7.1 / R-DB-9 / R-DB-10 match end ---


def match(deals: list[dict[str, Any]], target: int | None = 500, flags: list[str] | None = None) -> Any:
    doc: dict[str, Any] = {"game": "draw_bridge", "players": list(PLAYERS), "first_dealer": 0, "deals": deals}
    if target is not None:
        doc["target"] = target
    if flags is not None:
        doc["flags"] = flags
    return evaluate(parse_match(doc))


def test_db_2_1_dealer_alternates_passed_out_deals_included() -> None:
    result = match([{"passed_out": True}, contract("4♠", 10), {"passed_out": True}, contract("1♣", 7, 1)])
    assert [deal.dealer for deal in result.deals] == [0, 1, 0, 1]
    assert result.next_dealer == 0
    assert GAME.next_dealer(1, GAME.parse_deal({"passed_out": True}, NO_FLAGS), NO_FLAGS) == 0


def test_db_r9_target_is_required() -> None:
    with pytest.raises(RuleError) as caught:
        match([], target=None)
    assert (caught.value.field, caught.value.rule) == ("target", "R-DB-9")
    assert GAME.target_required is True
    assert GAME.suggested_target == 500


def test_db_7_1_first_to_reach_the_target_wins() -> None:
    # Anna 120, Ben 100, Anna 120 + 180 = 300: exactly the target.
    deals = [contract("4♠", 10, 0), contract("3NT", 9, 1), contract("6♠", 12, 0)]
    result = match(deals, target=300)
    assert result.totals == (300, 100)
    assert result.outcome is not None
    assert (result.outcome.winners, result.outcome.rule, result.outcome.reason) == (
        (0,),
        "DB-7.1",
        "Anna reached 300 first",
    )
    assert result.next_dealer is None


def test_db_7_1_undertrick_penalties_can_win_the_match() -> None:
    # Anna's 5♣ fails by 2: Ben scores 100 and passes 90.
    result = match([contract("5♣", 9, 0)], target=90)
    assert result.outcome is not None
    assert (result.outcome.winners, result.outcome.reason) == ((1,), "Ben passed 90 first")


def test_db_7_1_match_goes_on_below_the_target() -> None:
    result = match([contract("4♠", 10, 0), contract("4♠", 10, 1)])
    assert result.outcome is None
    assert result.stage == "Deal 3 · Target 500"


def test_db_7_1_deal_after_the_end_is_an_error() -> None:
    with pytest.raises(RuleError) as caught:
        match([contract("7NT", 13), contract("1♣", 7)], target=200)
    assert (caught.value.field, caught.value.rule, caught.value.deal) == ("deals", "DB-7.1", 2)


def test_db_6_1_totals_are_the_sum_of_deal_scores() -> None:
    deals = [contract("2♦X", 9, 1), contract("5♣", 9, 0), {"passed_out": True}, contract("1NTXX", 8, 0)]
    result = match(deals, target=10_000)
    assert result.totals == (280, 220)  # Anna 280; Ben 120 + 100


def test_db_r5_flags_reach_the_match() -> None:
    result = match([contract("5♣", 9, 0)], flags=["db_fail_scores_nothing"])
    assert result.totals == (0, 0)


def test_db_r5_contradictory_flags_refused_in_a_match_file() -> None:
    with pytest.raises(RuleError) as caught:
        match([], flags=["db_fail_scores_nothing", "db_fail_opponent_gets_contract_value"])
    assert (caught.value.field, caught.value.rule) == ("flags", "R-DB-5")


@pytest.mark.parametrize(
    ("totals", "winners", "rule"),
    [
        ((520, 510), (0,), "R-DB-10"),  # both past the target together: the higher total wins
        ((500, 640), (1,), "R-DB-10"),
        ((520, 520), None, ""),  # equal: another deal
        ((520, 300), (0,), "DB-7.1"),
        ((499, 0), None, ""),
    ],
)
def test_db_r10_crossing_the_target_together(
    totals: tuple[int, int], winners: tuple[int, ...] | None, rule: str
) -> None:
    outcome = GAME.outcome(Progress(totals, 7, 7, 500, PLAYERS), NO_FLAGS)
    if winners is None:
        assert outcome is None
    else:
        assert outcome is not None
        assert (outcome.winners, outcome.rule) == (winners, rule)


def test_db_r10_stage_after_an_equal_crossing() -> None:
    progress = Progress((520, 520), 7, 7, 500, PLAYERS)
    assert GAME.stage(progress, NO_FLAGS) == "Deal 8 · Target 500 · tied past the target (R-DB-10)"


def test_db_r9_no_default_target() -> None:
    assert GAME.default_target(NO_FLAGS) is None


# --- properties ---

ALL_FLAGS = sorted(GAME.flags)


def allowed(flags: frozenset[str]) -> bool:
    try:
        GAME.check_flags(flags)
    except RuleError:
        return False
    return True


flag_sets = st.frozensets(st.sampled_from(ALL_FLAGS)).filter(allowed)
entries = st.fixed_dictionaries(
    {
        "declarer": st.integers(0, 1),
        "level": st.integers(1, 7),
        "strain": st.sampled_from(["C", "D", "H", "S", "NT"]),
        "doubled": st.integers(0, 2),
        "tricks": st.integers(0, 13),
    }
) | st.just({"passed_out": True})


@settings(max_examples=100)
@given(entry=entries, flags=flag_sets, dealer=st.integers(0, 1))
def test_db_lines_add_up_and_only_one_player_scores(entry: dict[str, Any], flags: frozenset[str], dealer: int) -> None:
    deal = GAME.parse_deal(entry, flags)
    result = GAME.score_deal(deal, dealer, flags, 0)
    for seat in (0, 1):
        assert sum(line.points for line in result.lines if line.side == seat) == result.points[seat]
    assert all(type(points) is int and points >= 0 for points in result.points)
    assert 0 in result.points  # R-DB-10: only one player scores in a deal
    assert GAME.parse_deal(GAME.to_entry(deal), flags) == deal


wild_values = st.one_of(
    st.integers(-3, 16), st.sampled_from(["C", "D", "H", "S", "NT", "x", ""]), st.booleans(), st.none(), st.floats()
)
wild_entries = st.dictionaries(
    st.sampled_from(["declarer", "level", "strain", "doubled", "tricks", "passed_out", "bonus"]), wild_values
)


@settings(max_examples=100)
@given(entry=wild_entries, flags=flag_sets)
def test_db_any_accepted_entry_scores(entry: dict[str, Any], flags: frozenset[str]) -> None:
    try:
        deal = GAME.parse_deal(entry, flags)
    except EntryError:
        return
    score = GAME.score_deal(deal, 0, flags, 0)
    for side in (0, 1):
        assert sum(line.points for line in score.lines if line.side == side) == score.points[side]
    assert GAME.describe(deal, PLAYERS)
    if deal.declarer is None:
        assert score.points == (0, 0)  # DB-4.3
        return
    declarer, opponent = deal.declarer, 1 - deal.declarer
    if deal.tricks >= 6 + deal.level:
        # DB-6.1 / R-DB-6: a made contract scores for the declarer alone, at least one trick's worth.
        assert score.points[declarer] > 0
        assert score.points[opponent] == 0
    else:
        # DB-6.2 / R-DB-5: the declarer scores nothing; the opponent scores unless db_fail_scores_nothing.
        assert score.points[declarer] == 0
        assert (score.points[opponent] == 0) == ("db_fail_scores_nothing" in flags)


RANGES = {
    "declarer": (0, 1, "DB-1.1"),
    "level": (1, 7, "DB-4.1"),
    "doubled": (0, 2, "DB-4.2"),
    "tricks": (0, 13, "DB-6.3"),
}


@settings(max_examples=100)
@given(
    entry=entries.filter(lambda entry: "passed_out" not in entry),
    field=st.sampled_from(sorted(RANGES)),
    offset=st.integers(1, 1000),
    above=st.booleans(),
)
def test_db_every_out_of_range_field_is_rejected_with_its_rule(
    entry: dict[str, Any], field: str, offset: int, above: bool
) -> None:
    low, high, rule = RANGES[field]
    bad = high + offset if above else low - offset
    with pytest.raises(RuleError) as caught:
        GAME.parse_deal({**entry, field: bad}, NO_FLAGS)
    assert (caught.value.field, caught.value.rule) == (field, rule)
