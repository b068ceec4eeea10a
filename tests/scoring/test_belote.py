"""Belote scoring: docs/rules/belote.md, rules BL-1.1 to BL-9.3 and rulings R-BL-1 to R-BL-13.

Every expected number below is worked by hand from the rules document (its worked examples BL1 to
BL10), not produced by the code. Sides: Anna (seat 0) & Cleo (2) are side 0, Ben (1) & Dan (3) side 1.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.core.base import FieldKind, FormatError, Progress, RuleError, side_names
from scoring.core.games import GAMES
from scoring.core.games.belote import ANNOUNCEMENT_TOTALS, GAME, SHARED_CARD_TOTALS
from scoring.core.match import evaluate, parse_match

ROOT = Path(__file__).resolve().parents[2]
NONE: frozenset[str] = frozenset()
PLAYERS = ("Anna", "Ben", "Cleo", "Dan")
PASSED_OUT = {"passed_out": True}


def entry(**changes: Any) -> dict[str, Any]:
    """A deal entry as the form sends it: Anna takes spades with 90 card points and the last trick, nothing else."""
    base: dict[str, Any] = {
        "taker": 0,
        "trump": "S",
        "taker_card_points": 90,
        "last_trick": "takers",
        "capot": "none",
        "belote": None,
    }
    base.update(changes)
    return base


NO_ANNOUNCEMENTS = {
    **{f"{camp}_{field}": value for camp in ("taker", "defender") for field, value in (("run", 0), ("carre", "none"))},
    **{f"{camp}_{field}": value for camp in ("taker", "defender") for field, value in (("run_top", "none"),)},
    **{f"{camp}_run_in_trumps": False for camp in ("taker", "defender")},
    **{f"{camp}_other_announcements": 0 for camp in ("taker", "defender")},
    "equal_runs_first": "none",
}


def normal(raw: dict[str, Any]) -> dict[str, Any]:
    """``raw`` as Trickbook stores it (docs/match-file.md): every field, in the entry spec's order, the defenders'
    card points the rest of 152 (BL-2.2), none of the announcement fields left out."""
    full = {**raw, **{key: raw.get(key, value) for key, value in NO_ANNOUNCEMENTS.items()}}
    full["renonce"] = raw.get("renonce", "none")  # BL-10.1: none unless a renonce was ruled
    full["defender_card_points"] = 152 - full["taker_card_points"]
    order = [field.name for field in GAME.entry_spec(NONE).fields if field.name != "passed_out"]
    return {key: full[key] for key in order}


# The worked examples of docs/rules/belote.md.
# BL1: Anna's tierce to the A against Dan's tierce to the Q: Anna's higher top card wins (R-BL-4 step 4).
BL1 = entry(taker=0, trump="H", taker_card_points=120, belote=2)
BL1 |= {"taker_run": 3, "taker_run_top": "A", "defender_run": 3, "defender_run_top": "Q"}
BL2 = entry(taker=1, trump="S", taker_card_points=90, defender_run=4)  # Anna's cinquante, for the defenders
BL3 = entry(taker=0, trump="D", taker_card_points=70, last_trick="defenders", belote=2)
BL4 = entry(taker=0, trump="D", taker_card_points=75, last_trick="defenders", belote=2)
BL5_LITIGE = entry(taker=1, trump="C", taker_card_points=71, last_trick="defenders", belote=3)
BL5_COLLECT = entry(taker=2, trump="H", taker_card_points=100)
BL5_DEDANS = entry(taker=2, trump="H", taker_card_points=60, last_trick="defenders")
# BL6 and BL7: a capot is one tap: it says who took every card point and the last trick (BL-8.5).
BL6 = {"taker": 3, "trump": "S", "capot": "takers", "taker_run": 3, "belote": 3}
BL7 = {"taker": 0, "trump": "S", "capot": "defenders", "taker_run": 4}
BL9_86 = entry(taker=0, taker_card_points=76)
BL9_85 = entry(taker=0, taker_card_points=85, last_trick="defenders")
BL10_LEVEL = entry(taker=0, trump="H", taker_card_points=81)  # (91, 71)

ROUND = frozenset({"bl_round_to_tens"})


def score(raw: dict[str, Any], flags: frozenset[str] = NONE, held_over: int = 0, dealer: int = 3) -> Any:
    return GAME.score_deal(GAME.parse_deal(raw, flags), dealer, flags, held_over)


def side_sum(result: Any, side: int) -> int:
    return sum(line.points for line in result.lines if line.side == side)


# --- BL-1: players, sides, setup ----------------------------------------------------------


def test_bl_1_1_partners_sit_opposite_seats_0_2_against_1_3() -> None:
    assert GAMES["belote"] is GAME
    assert GAME.seats == 4
    assert GAME.sides == ((0, 2), (1, 3))
    assert side_names(GAME, PLAYERS) == ("Anna & Cleo", "Ben & Dan")


def test_bl_1_3_r_bl_13_default_target_is_1000_and_any_target_is_accepted() -> None:
    assert GAME.default_target(NONE) == 1000
    assert GAME.suggested_target == 1000
    assert GAME.target_required is False
    for target in (None, 501, 1000, 2000):
        GAME.check_target(target, NONE)


# --- the worked examples, BL1 to BL9 ---------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "flags", "held_in", "points", "held_out"),
    [
        # BL1: 120 + 10 + 20 (tierce) + 20 (belote) = 170 against 32: made.
        (BL1, NONE, 0, (170, 32), 0),
        # BL2: takers 90 + 10 = 100 < defenders 62 + 50 = 112: dedans, 162 + 50.
        (BL2, NONE, 0, (212, 0), 0),
        # BL3: takers 70 + 20 = 90 < 82 + 10 = 92: dedans; the takers keep their belote.
        (BL3, NONE, 0, (20, 162), 0),
        # BL4: 75 + 20 = 95 > 77 + 10 = 87: made; without belote in the contract 75 < 87.
        (BL4, NONE, 0, (95, 87), 0),
        (BL4, frozenset({"bl_belote_not_in_contract"}), 0, (20, 162), 0),
        # BL5 deal 1: 71 + 20 = 91 = 81 + 10: litige; 71 held over, the takers keep 20.
        (BL5_LITIGE, NONE, 0, (91, 20), 71),
        (BL5_LITIGE, frozenset({"bl_tie_is_dedans"}), 0, (162, 20), 0),
        (BL5_LITIGE, frozenset({"bl_tie_is_made"}), 0, (91, 91), 0),
        (BL5_LITIGE, frozenset({"bl_belote_not_in_contract"}), 0, (162, 20), 0),
        # BL5 deal 2: Cleo makes 110 against 52 and takes the 71; dedans, Ben & Dan take them.
        (BL5_COLLECT, NONE, 71, (181, 52), 0),
        (BL5_COLLECT, NONE, 0, (110, 52), 0),
        (BL5_DEDANS, NONE, 71, (0, 233), 0),
        # BL6: capot by the takers: 250 + 20 + 20; 252 under the flag.
        (BL6, NONE, 0, (0, 290), 0),
        (BL6, frozenset({"bl_capot_252"}), 0, (0, 292), 0),
        # BL7: capot by the defenders: 250 + the takers' 50.
        (BL7, NONE, 0, (0, 300), 0),
        (BL7, frozenset({"bl_capot_252"}), 0, (0, 302), 0),
        # BL9: written in tens.
        (BL9_86, ROUND, 0, (90, 70), 0),
        (BL9_85, ROUND, 0, (80, 80), 0),
        (BL3, ROUND, 0, (20, 160), 0),
        # BL10: 81 + 10 = 91 against 71.
        (BL10_LEVEL, NONE, 0, (91, 71), 0),
    ],
)
def test_bl_8_worked_examples(
    raw: dict[str, Any], flags: frozenset[str], held_in: int, points: tuple[int, int], held_out: int
) -> None:
    result = score(raw, flags, held_over=held_in)
    assert result.points == points
    assert result.held_over == held_out
    assert [side_sum(result, side) for side in (0, 1)] == list(points)


def test_bl_8_2_bl1_lines_name_each_part_of_the_totals() -> None:
    result = score(BL1)
    assert [(line.side, line.points, line.rule) for line in result.lines] == [
        (0, 120, "BL-2.2"),
        (0, 10, "BL-2.3"),
        (0, 20, "R-BL-4"),
        (0, 20, "BL-6.1"),
        (1, 32, "BL-2.2"),
    ]


def test_bl_8_3_bl2_dedans_lines() -> None:
    result = score(BL2)
    assert [(line.side, line.points, line.rule) for line in result.lines] == [(0, 162, "BL-8.3"), (0, 50, "BL-5.5")]
    assert result.lines[1].text == "announcements: cinquante"


def test_bl_8_3_dedans_hands_the_takers_announcements_to_the_defenders() -> None:
    # Anna takes: 40 + 20 (tierce) = 60 against 112 + 10 = 122: dedans, 162 + 20 to Ben & Dan.
    result = score(entry(taker_card_points=40, last_trick="defenders", taker_run=3))
    assert result.points == (0, 182)
    assert (1, 20, "BL-8.3") in [(line.side, line.points, line.rule) for line in result.lines]


@pytest.mark.parametrize(
    ("raw", "points"),
    [
        # R-BL-7: the defenders' belote scores when the takers make it: Anna 100 + 10 against 52 + 20.
        (entry(taker_card_points=100, belote=1), (110, 72)),
        # ...and when the takers are dedans: Anna 60 against 92 + 10 + 20: 162 + 20 to Ben & Dan.
        (entry(taker_card_points=60, last_trick="defenders", belote=3), (0, 182)),
        # ...and when the takers are capot: Ben & Dan keep 20 while Anna & Cleo score 250.
        (entry(taker_card_points=152, capot="takers", belote=1), (250, 20)),
        # ...and the takers' own when the defenders are capot: Anna 0 + 20 against 250: dedans, 20 kept.
        ({"taker": 0, "trump": "S", "capot": "defenders", "belote": 2}, (20, 250)),
    ],
)
def test_r_bl_7_belote_rebelote_is_always_kept(raw: dict[str, Any], points: tuple[int, int]) -> None:
    assert score(raw).points == points


# --- BL-8.4, R-BL-10: the litige and the points held over ---------------------------------------


def test_bl_8_4_litige_holds_the_takers_points_with_a_line() -> None:
    result = score(BL5_LITIGE)
    takers = [(line.points, line.rule) for line in result.lines if line.side == 1]
    assert takers == [(71, "BL-2.2"), (20, "BL-6.1"), (-71, "BL-8.4")]
    assert GAME.held_over_rule == "R-BL-10"


def test_bl_8_4_a_second_litige_adds_to_the_pot() -> None:
    result = score(BL5_LITIGE, held_over=71)
    assert result.points == (91, 20)
    assert result.held_over == 142


def test_bl_8_4_a_litige_with_announcements_holds_them_over_too() -> None:
    # Anna takes: 61 + 10 (last trick) + 20 (tierce) = 91 against 91 card points: a litige.
    # Ben & Dan score their 91; Anna & Cleo's 61 + 10 + 20 = 91 are held over.
    result = score(entry(taker_card_points=61, taker_run=3))
    assert result.points == (0, 91)
    assert result.held_over == 91


def test_bl_4_4_r_bl_10_a_deal_nobody_took_keeps_the_pot_waiting() -> None:
    result = score(PASSED_OUT, held_over=71)
    assert result.points == (0, 0)
    assert result.held_over == 71
    assert [(line.points, line.rule) for line in result.lines] == [(0, "BL-4.4")]


@pytest.mark.parametrize("flag", ["bl_tie_is_dedans", "bl_tie_is_made"])
def test_r_bl_10_a_tie_flag_never_holds_anything_over(flag: str) -> None:
    assert score(BL5_LITIGE, frozenset({flag})).held_over == 0


def test_r_bl_12_a_litige_in_tens_holds_the_rounded_points() -> None:
    # Running demo deal 4: Anna takes: 81 + 10 = 91 against 71 + 20 (Ben's belote) = 91: litige.
    # In tens the takers' 91 is 90 and the defenders' trick points 160 - 90 = 70, + 20.
    result = score(entry(taker_card_points=81, belote=1), ROUND)
    assert result.points == (0, 90)
    assert result.held_over == 90


# --- BL-8.5, R-BL-11: capot; R-BL-12: tens -----------------------------------------------------


def test_bl_8_5_capot_replaces_card_points_and_last_trick() -> None:
    result = score(BL6)
    assert [(line.side, line.points, line.rule) for line in result.lines] == [
        (1, 250, "BL-8.5"),
        (1, 20, "BL-5.5"),
        (1, 20, "BL-6.1"),
    ]
    # The capot tap alone stands for every card point and the last trick (BL-8.5).
    assert GAME.to_entry(GAME.parse_deal(BL6, NONE)) == normal(
        entry(taker=3, trump="S", taker_card_points=152, capot="takers", taker_run=3, belote=3)
    )
    defenders = GAME.to_entry(GAME.parse_deal(BL7, NONE))
    assert (defenders["taker_card_points"], defenders["defender_card_points"], defenders["last_trick"]) == (
        0,
        152,
        "defenders",
    )


def test_r_bl_12_rounding_lines_add_up() -> None:
    result = score(BL9_86, ROUND)
    assert [(line.side, line.points, line.rule) for line in result.lines] == [
        (0, 76, "BL-2.2"),
        (0, 10, "BL-2.3"),
        (0, 4, "R-BL-12"),
        (1, 76, "BL-2.2"),
        (1, -6, "R-BL-12"),
    ]


def test_r_bl_12_the_contract_is_judged_before_rounding() -> None:
    # Anna: 76 + 10 = 86 > 76: made, although 76 would round to 80 on its own.
    assert score(BL9_86, ROUND).points == (90, 70)
    # Anna: 81 card points, the last trick to Ben & Dan: 81 against 81: a litige, not a made 80–80.
    result = score(entry(taker_card_points=81, last_trick="defenders"), ROUND)
    assert result.points == (0, 80)
    assert result.held_over == 80


# --- BL-5: announcements ----------------------------------------------------------------------
# The totals of BL-5.6 are read here through the older files' fields (each camp's score after the comparison),
# which take any total; the camp-by-camp entry is tested below them.

# BL-5.6, copied by hand from the rules document.
DOC_TOTALS = [0, 20, 40, 50, 60, 70, 80, 90, 100, 110, 120, 140, 150, 160, 170, 190, 200, 210, 220, 240, 250, 260]
DOC_TOTALS += [270, 290, 300, 320, 340, 350, 370, 390, 400, 420, 450, 470, 500, 550]
DOC_SHARED_EXTRA = [180, 230, 280, 310, 330, 360, 380, 410, 430, 440, 490]


@pytest.mark.parametrize("value", DOC_TOTALS)
def test_bl_5_6_every_total_two_hands_can_hold_is_accepted(value: int) -> None:
    GAME.parse_deal(entry(defender_announcements=value), NONE)
    GAME.parse_deal(entry(taker_announcements=value), frozenset({"bl_cards_in_two_announcements"}))


@pytest.mark.parametrize("value", [10, 30, 130, 180, 230, 490, 540])
def test_bl_5_6_other_totals_are_refused(value: int) -> None:
    with pytest.raises(RuleError) as caught:
        GAME.parse_deal(entry(taker_announcements=value), NONE)
    assert (caught.value.field, caught.value.rule) == ("taker_announcements", "BL-5.6")


@pytest.mark.parametrize("value", DOC_SHARED_EXTRA)
def test_r_bl_5_bl_cards_in_two_announcements_allows_more_totals(value: int) -> None:
    with pytest.raises(RuleError):
        GAME.parse_deal(entry(defender_announcements=value), NONE)
    GAME.parse_deal(entry(defender_announcements=value), frozenset({"bl_cards_in_two_announcements"}))


def test_bl_5_5_only_one_side_scores_announcements() -> None:
    with pytest.raises(RuleError) as caught:
        GAME.parse_deal(entry(taker_announcements=20, defender_announcements=50), NONE)
    assert (caught.value.field, caught.value.rule) == ("defender_announcements", "BL-5.5")


def test_r_bl_6_bl_no_announcements_refuses_them_and_drops_their_fields() -> None:
    flags = frozenset({"bl_no_announcements"})
    with pytest.raises(RuleError) as caught:
        GAME.parse_deal(entry(taker_run=3), flags)
    assert (caught.value.field, caught.value.rule) == ("taker_run", "R-BL-6")
    with pytest.raises(RuleError) as caught:
        GAME.parse_deal(entry(taker_announcements=20), flags)
    assert (caught.value.field, caught.value.rule) == ("taker_announcements", "R-BL-6")
    names = {field.name for field in GAME.entry_spec(flags).fields}
    assert not names & set(NO_ANNOUNCEMENTS)
    # BL3 without the announcement fields scores as before: belote still counts.
    assert score(BL3, flags).points == (20, 162)


def _runs_and_fours() -> list[tuple[frozenset[tuple[int, int]], int, str, int, int]]:
    """Every announcement of BL-5.1 and BL-5.2 as (cards, value, kind, suit, first rank); ranks 0..7 = A..7."""
    found = []
    for suit in range(4):
        for length in range(3, 9):
            for start in range(9 - length):
                value = 20 if length == 3 else 50 if length == 4 else 100
                cards = frozenset((rank, suit) for rank in range(start, start + length))
                found.append((cards, value, "run", suit, start))
    for rank, value in ((3, 200), (5, 150), (0, 100), (4, 100), (1, 100), (2, 100)):  # J, 9, A, 10, K, Q
        found.append((frozenset((rank, suit) for suit in range(4)), value, "four", -1, rank))
    return found


def _one_hand(shared: bool) -> Iterator[tuple[frozenset[tuple[int, int]], int]]:
    """The announcements one 8-card hand can score together: (cards used, total) (BL-5.4, R-BL-3, R-BL-5)."""
    announcements = _runs_and_fours()
    yield frozenset(), 0
    for count in (1, 2, 3):
        for group in combinations(announcements, count):
            cards = frozenset().union(*(item[0] for item in group))
            if len(cards) > 8:
                continue
            runs = [item for item in group if item[2] == "run"]
            # Two runs in one suit must be apart: touching or overlapping runs are one longer run.
            if any(
                a[3] == b[3] and not (a[4] + len(a[0]) < b[4] or b[4] + len(b[0]) < a[4])
                for a, b in combinations(runs, 2)
            ):
                continue
            # Cards shared between announcements: only a carré and a run, and only under R-BL-5's variant.
            if sum(len(item[0]) for item in group) != len(cards) and not shared:
                continue
            yield cards, sum(item[1] for item in group)


@pytest.mark.parametrize(("shared", "expected"), [(False, DOC_TOTALS), (True, sorted(DOC_TOTALS + DOC_SHARED_EXTRA))])
def test_bl_5_6_the_list_is_what_two_hands_can_hold(shared: bool, expected: list[int]) -> None:
    # Brute force over every announcement two different hands can hold, against the list worked in BL-5.6.
    by_total: dict[int, list[frozenset[tuple[int, int]]]] = {}
    for cards, total in _one_hand(shared):
        by_total.setdefault(total, []).append(cards)
    side_totals = {
        first + second
        for first in by_total
        for second in by_total
        if any(not (a & b) for a in by_total[first] for b in by_total[second])
    }
    assert sorted(side_totals) == expected
    assert (ANNOUNCEMENT_TOTALS if not shared else SHARED_CARD_TOTALS) == frozenset(expected)


# --- validation ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "field", "rule"),
    [
        (entry(taker=4), "taker", "BL-4.3"),
        (entry(taker=-1), "taker", "BL-4.3"),
        (entry(trump="NT"), "trump", "BL-4.1"),
        (entry(trump=2), "trump", "BL-4.1"),
        (entry(taker_card_points=153), "taker_card_points", "BL-2.2"),
        (entry(taker_card_points=-1), "taker_card_points", "BL-2.2"),
        (entry(taker_card_points=1), "taker_card_points", "BL-2.4"),
        (entry(taker_card_points=151), "taker_card_points", "BL-2.4"),
        (entry(last_trick="Anna"), "last_trick", "BL-2.3"),
        (entry(capot="yes"), "capot", "BL-8.5"),
        (entry(capot="takers", taker_card_points=150), "capot", "BL-8.5"),
        (entry(capot="takers", taker_card_points=152, last_trick="defenders"), "capot", "BL-8.5"),
        (entry(capot="defenders", taker_card_points=0), "capot", "BL-8.5"),
        (entry(capot="defenders", taker_card_points=2, last_trick="defenders"), "capot", "BL-8.5"),
        (entry(taker_announcements=551), "taker_announcements", "BL-5.6"),
        ({k: v for k, v in entry().items() if k != "taker_card_points"}, "taker_card_points", "BL-2.2"),
        ({k: v for k, v in entry().items() if k != "last_trick"}, "last_trick", "BL-2.3"),
        (entry(taker_card_points=None, defender_card_points=151), "defender_card_points", "BL-2.4"),
        (entry(taker_card_points=90, defender_card_points=72), "defender_card_points", "BL-2.2"),
        (entry(defender_announcements=-20), "defender_announcements", "BL-5.6"),
        (entry(belote=4), "belote", "BL-6.1"),
        ({"passed_out": True, "taker": 0}, "taker", "BL-4.4"),
        ({"passed_out": True, "capot": "none"}, "capot", "BL-4.4"),
    ],
)
def test_bl_8_8_rule_errors_name_field_and_rule(raw: dict[str, Any], field: str, rule: str) -> None:
    with pytest.raises(RuleError) as caught:
        GAME.parse_deal(raw, NONE)
    assert (caught.value.field, caught.value.rule) == (field, rule)


@pytest.mark.parametrize(
    ("raw", "field"),
    [
        ({k: v for k, v in entry().items() if k != "taker"}, "taker"),
        ({k: v for k, v in entry().items() if k != "trump"}, "trump"),
        (entry(taker="0"), "taker"),
        (entry(taker_card_points="90"), "taker_card_points"),
        (entry(taker_card_points=True), "taker_card_points"),
        (entry(taker_announcements=None), "taker_announcements"),
        (entry(belote=True), "belote"),
        (entry(card_points=[90, 62]), "card_points"),
        ({"passed_out": "yes"}, "passed_out"),
        ([BL1], "deal"),
    ],
)
def test_bl_format_errors_name_field(raw: Any, field: str) -> None:
    with pytest.raises(FormatError) as caught:
        GAME.parse_deal(raw, NONE)
    assert caught.value.field == field


@pytest.mark.parametrize("points", [0, 2, 150, 152])
def test_bl_2_4_card_points_next_to_1_and_151_are_fine(points: int) -> None:
    last = "defenders" if points == 0 else "takers"
    GAME.parse_deal(entry(taker_card_points=points, last_trick=last), NONE)


def test_bl_8_7_optional_fields_default_and_normal_form() -> None:
    short = {"taker": 1, "trump": "h", "taker_card_points": 100, "last_trick": "takers"}
    assert GAME.to_entry(GAME.parse_deal(short, NONE)) == normal(entry(taker=1, trump="H", taker_card_points=100))
    for sample in (BL1, BL2, BL5_LITIGE):
        assert GAME.to_entry(GAME.parse_deal(sample, NONE)) == normal(sample)
    assert GAME.to_entry(GAME.parse_deal(PASSED_OUT, NONE)) == PASSED_OUT
    assert GAME.parse_deal({**BL1, "passed_out": False}, NONE) == GAME.parse_deal(BL1, NONE)


def test_bl_2_2_either_camps_card_points_give_the_other_camps() -> None:
    # BL2: Ben & Dan take 90 card points, so Anna & Cleo have 152 - 90 = 62; entered either way, the deal is one.
    defenders = {key: value for key, value in BL2.items() if key != "taker_card_points"} | {"defender_card_points": 62}
    assert GAME.parse_deal(defenders, NONE) == GAME.parse_deal(BL2, NONE)
    assert GAME.parse_deal(BL2 | {"defender_card_points": 62}, NONE) == GAME.parse_deal(BL2, NONE)
    assert score(defenders).points == (212, 0)


def test_bl_8_7_entry_spec_is_the_normal_form_in_order() -> None:
    spec = GAME.entry_spec(NONE)
    assert spec.no_play == "passed_out"
    assert list(normal(BL1)) == [
        "taker",
        "trump",
        "taker_card_points",
        "defender_card_points",
        "last_trick",
        "capot",
        "taker_run",
        "taker_carre",
        "taker_run_top",
        "taker_run_in_trumps",
        "taker_other_announcements",
        "defender_run",
        "defender_carre",
        "defender_run_top",
        "defender_run_in_trumps",
        "defender_other_announcements",
        "equal_runs_first",
        "belote",
        "renonce",
    ]
    kinds = {field.name: field.kind for field in spec.fields}
    assert kinds["taker_card_points"] is FieldKind.NUMBER  # one typed number: the defenders' are the rest
    assert kinds["defender_card_points"] is FieldKind.NUMBER
    # Only the taker and the trump must be tapped: the card points, the last trick and a capot say the rest.
    assert [field.name for field in spec.fields if field.required] == ["taker", "trump"]
    assert kinds["taker_run"] is FieldKind.CHOICE and kinds["taker_carre"] is FieldKind.CHOICE
    assert kinds["last_trick"] is FieldKind.CHOICE and kinds["capot"] is FieldKind.CHOICE
    assert kinds["taker"] is FieldKind.SEAT and kinds["belote"] is FieldKind.SEAT


@pytest.mark.parametrize(
    ("raw", "flags", "text"),
    [
        # The trick points, the dix de der included (BL-2.3), takers first, and how the contract ended (BL-8.2-8.5).
        (BL1, NONE, "Anna ♥ 130–32, made"),  # 120 + 10 against 32
        (BL2, NONE, "Ben ♠ 100–62, dedans"),  # 90 + 10 against 62
        (BL5_LITIGE, NONE, "Ben ♣ 71–91, litige"),  # 71 against 81 + 10
        (BL5_LITIGE, frozenset({"bl_tie_is_made"}), "Ben ♣ 71–91, made"),
        (BL6, NONE, "Dan ♠, capot"),
        (BL7, NONE, "Anna ♠, capot to the defenders"),
        (PASSED_OUT, NONE, "passed out: all four passed twice"),
    ],
)
def test_bl_8_describe_marks_made_dedans_litige_and_capot(
    raw: dict[str, Any], flags: frozenset[str], text: str
) -> None:
    assert GAME.describe(GAME.parse_deal(raw, flags), PLAYERS) == text


# --- flags -----------------------------------------------------------------------------------


def test_r_bl_flags_and_their_rulings() -> None:
    assert {name: flag.rule for name, flag in GAME.flags.items()} == {
        "bl_same_dealer_redeals": "R-BL-1",
        "bl_equal_announcements_cancel": "R-BL-4",
        "bl_cards_in_two_announcements": "R-BL-5",
        "bl_no_announcements": "R-BL-6",
        "bl_belote_not_in_contract": "R-BL-8",
        "bl_must_trump_partner_master": "R-BL-9",
        "bl_tie_is_dedans": "R-BL-10",
        "bl_tie_is_made": "R-BL-10",
        "bl_capot_252": "R-BL-11",
        "bl_round_to_tens": "R-BL-12",
        "bl_renonce_deal_void": "R-BL-14",
        "bl_penalty_cards": "R-BL-15",
    }


@pytest.mark.parametrize(
    ("flags", "rule"),
    [({"bl_tie_is_dedans", "bl_tie_is_made"}, "R-BL-10"), ({"bl_capot_252", "bl_round_to_tens"}, "R-BL-12")],
)
def test_r_bl_10_r_bl_12_contradicting_flags_are_refused(flags: set[str], rule: str) -> None:
    with pytest.raises(RuleError) as caught:
        GAME.check_flags(frozenset(flags))
    assert caught.value.rule == rule


def test_r_bl_flags_each_alone_and_all_compatible_ones_together() -> None:
    for flag in GAME.flags:
        GAME.check_flags(frozenset({flag}))
    GAME.check_flags(frozenset(GAME.flags) - {"bl_tie_is_made", "bl_capot_252"})


# --- BL-3.1, R-BL-1: the dealer ---------------------------------------------------------------------


@pytest.mark.parametrize(("dealer", "following"), [(0, 1), (1, 2), (2, 3), (3, 0)])
def test_bl_3_1_r_bl_1_the_next_player_deals_after_any_deal(dealer: int, following: int) -> None:
    for raw in (BL1, PASSED_OUT):
        assert GAME.next_dealer(dealer, GAME.parse_deal(raw, NONE), NONE) == following


def test_r_bl_1_bl_same_dealer_redeals_after_a_deal_nobody_took() -> None:
    flags = frozenset({"bl_same_dealer_redeals"})
    assert GAME.next_dealer(2, GAME.parse_deal(PASSED_OUT, flags), flags) == 2
    assert GAME.next_dealer(2, GAME.parse_deal(BL1, flags), flags) == 3


def test_bl_4_1_bl_7_1_roles() -> None:
    assert GAME.roles(3, PLAYERS, NONE) == ("Dan deals.", "Anna speaks first for trumps and leads (BL-4.1, BL-7.1).")


def test_bl_9_stage_labels() -> None:
    assert GAME.stage(Progress((0, 0), 0, 0, None, ("A & C", "B & D")), NONE) == "Deal 1 · Target 1,000"
    level = Progress((1041, 1041), 7, 7, 1000, ("A & C", "B & D"))
    assert GAME.stage(level, NONE) == "Deal 8 · Tie-break · Target 1,000"


# --- the match (BL-9, R-BL-13) through the match evaluator -------------------------------------------


def match(deals: list[Any], target: int | None = None, flags: list[str] | None = None, first_dealer: int = 3) -> Any:
    doc: dict[str, Any] = {
        "game": "belote",
        "players": list(PLAYERS),
        "first_dealer": first_dealer,
        "flags": flags or [],
        "deals": deals,
    }
    if target is not None:
        doc["target"] = target
    return evaluate(parse_match(doc))


def test_bl_9_1_bl10_one_side_reaches_1000() -> None:
    # Five BL1 deals (170, 32) give (850, 160); BL5's litige (91, 20) gives (941, 180) with 71 held over;
    # BL5's second deal (181, 52, the pot included) gives (1122, 232): Anna & Cleo pass 1,000 alone.
    result = match([BL1] * 5 + [BL5_LITIGE, BL5_COLLECT])
    assert result.totals == (1122, 232)
    assert result.outcome.winners == (0,)
    assert result.outcome.rule == "BL-9.1"
    assert result.outcome.reason == "Anna & Cleo reached 1,000 first"


def test_bl_9_1_a_deal_after_the_end_is_an_error() -> None:
    with pytest.raises(RuleError) as caught:
        match([BL1] * 6 + [BL1])  # 6 x 170 = 1,020 ends the match
    assert (caught.value.rule, caught.value.deal) == ("BL-9.1", 7)


def test_bl_9_2_both_over_the_higher_total_wins() -> None:
    # Target 300. BL1 (170, 32), then BL6 (0, 290): (170, 322): only Ben & Dan are over.
    result = match([BL1, BL6], target=300)
    assert result.totals == (170, 322)
    assert result.outcome.rule == "BL-9.1"
    # BL2 (212, 0), then BL6 (0, 290), then BL1 (170, 32): (382, 322): both over 300, Anna & Cleo more.
    result = match([BL2, BL6, BL1], target=300)
    assert result.totals == (382, 322)
    assert result.outcome.winners == (0,)
    assert result.outcome.rule == "BL-9.2"
    assert result.outcome.reason == "both sides passed 300; Anna & Cleo have more, 382 to 322"


def test_bl_9_2_bl10_equal_totals_over_the_target_play_another_deal() -> None:
    # As in BL10, but with a target of 150: BL10's deal (91, 71), then the same deal with Ben taking
    # (71, 91), give (162, 162): both over, equal, so another deal; then BL1 (170, 32) settles it.
    mirror = entry(taker=1, trump="H", taker_card_points=81)  # Ben: 81 + 10 = 91 against 71
    result = match([BL10_LEVEL, mirror], target=150)
    assert result.totals == (162, 162)
    assert result.outcome is None
    assert result.stage == "Deal 3 · Tie-break · Target 150"
    result = match([BL10_LEVEL, mirror, PASSED_OUT, BL1], target=150)
    assert result.outcome.winners == (0,)
    assert result.outcome.rule == "BL-9.2"


@pytest.mark.parametrize(("target", "deals_to_win"), [(501, 3), (1000, 6), (2000, 12)])
def test_r_bl_13_targets_501_1000_2000(target: int, deals_to_win: int) -> None:
    # BL1 scores (170, 32): 3 x 170 = 510 >= 501; 6 x 170 = 1,020 >= 1,000; 12 x 170 = 2,040 >= 2,000,
    # one deal fewer is short: 340, 850, 1,870.
    before = match([BL1] * (deals_to_win - 1), target=None if target == 1000 else target)
    assert before.outcome is None
    assert before.stage == f"Deal {deals_to_win} · Target {target:,}"
    after = match([BL1] * deals_to_win, target=None if target == 1000 else target)
    assert after.totals == (170 * deals_to_win, 32 * deals_to_win)
    assert after.outcome.winners == (0,)


def test_bl_8_4_r_bl_10_the_pot_across_a_match() -> None:
    # BL5: a litige (91, 20) holds 71; a deal nobody took keeps it; Cleo makes 110 to 52 and takes it.
    result = match([BL5_LITIGE, PASSED_OUT, BL5_COLLECT])
    assert [deal.score.held_over for deal in result.deals] == [71, 71, 0]
    assert result.totals == (91 + 181, 20 + 52)
    assert result.held_over == 0
    assert [deal.dealer for deal in result.deals] == [3, 0, 1]


def test_bl_9_3_points_held_over_at_the_end_are_not_scored() -> None:
    # Five BL1 (850, 160), then BL5's litige: (941, 180) with 71 held over; BL1 again is made by
    # Anna & Cleo, who take the 71: (941 + 170 + 71, 180 + 32) = (1182, 212).
    result = match([BL1] * 5 + [BL5_LITIGE, BL1])
    assert result.totals == (1182, 212)
    # With a target of 900 the litige itself ends the match at (941, 180): the 71 are never paid.
    result = match([BL1] * 5 + [BL5_LITIGE], target=900)
    assert result.finished and result.held_over == 71
    assert result.totals == (941, 180)


# --- fixtures ---------------------------------------------------------------------------------


def test_fixtures_sample_deals_score_as_worked_by_hand() -> None:
    deals = json.loads((ROOT / "fixtures" / "belote" / "deals.json").read_text(encoding="utf-8"))
    assert len(deals) >= 10
    for deal in deals:
        flags = frozenset(deal.get("flags", []))
        GAME.check_flags(flags)
        parsed = GAME.parse_deal(deal["entry"], flags)
        assert list(GAME.score_deal(parsed, 0, flags, 0).points) == deal["points"], deal["rule"]
        assert GAME.to_entry(parsed) == deal["entry"]


def test_fixtures_demo_matches() -> None:
    finished = json.loads((ROOT / "fixtures" / "demo" / "belote-finished.json").read_text(encoding="utf-8"))
    result = evaluate(parse_match(finished))
    # Worked by hand deal by deal in the demo's commit: 1,098 to 688 after ten deals.
    assert result.totals == (1098, 688)
    assert result.outcome.winners == (0,)
    assert [deal.score.held_over for deal in result.deals][3:5] == [71, 0]
    running = json.loads((ROOT / "fixtures" / "demo" / "belote-running.json").read_text(encoding="utf-8"))
    result = evaluate(parse_match(running))
    assert result.totals == (310, 280)
    assert result.held_over == 90
    assert not result.finished


# --- properties -------------------------------------------------------------------------------


@st.composite
def valid_entries(draw: st.DrawFn, shared: bool = False) -> dict[str, Any]:
    capot = draw(st.sampled_from(["none", "none", "none", "takers", "defenders"]))
    if capot == "none":
        points = draw(st.integers(0, 152).filter(lambda value: value not in (1, 151)))
        last = draw(st.sampled_from(["takers", "defenders"]))
    else:
        points, last = (152, "takers") if capot == "takers" else (0, "defenders")
    totals = sorted(SHARED_CARD_TOTALS if shared else ANNOUNCEMENT_TOTALS)
    announced = [0, 0]
    announced[draw(st.integers(0, 1))] = draw(st.sampled_from(totals))
    return {
        "taker": draw(st.integers(0, 3)),
        "trump": draw(st.sampled_from("SHDC")),
        "taker_card_points": points,
        "last_trick": last,
        "capot": capot,
        "taker_announcements": announced[0],  # the older files' spelling: what each camp scores
        "defender_announcements": announced[1],
        "belote": draw(st.sampled_from([None, 0, 1, 2, 3])),
    }


FLAG_SETS = st.sets(
    st.sampled_from(["bl_belote_not_in_contract", "bl_tie_is_dedans", "bl_capot_252", "bl_round_to_tens"])
).filter(lambda flags: not {"bl_capot_252", "bl_round_to_tens"} <= flags) | st.sets(
    st.sampled_from(["bl_belote_not_in_contract", "bl_tie_is_made", "bl_capot_252"])
)


@settings(max_examples=200)
@given(valid_entries(), FLAG_SETS, st.sampled_from([0, 20, 71, 160]), st.integers(0, 3))
def test_bl_8_lines_add_up_and_nothing_is_lost(raw: dict[str, Any], flags: set[str], pot: int, dealer: int) -> None:
    chosen = frozenset(flags)
    result = score(raw, chosen, held_over=pot, dealer=dealer)
    for side in (0, 1):
        assert side_sum(result, side) == result.points[side]
        assert result.points[side] >= 0  # BL-8.6
    # A deal hands out its trick points (162, 160 in tens, or the capot), every announcement and
    # belote-rebelote, plus the pot it took in; what it does not hand out waits in the pot (BL-8.1 to BL-8.5).
    if raw["capot"] != "none":
        trick = 252 if "bl_capot_252" in chosen else 250
    else:
        trick = 160 if "bl_round_to_tens" in chosen else 162
    belote = 20 if raw["belote"] is not None else 0
    handed = trick + raw["taker_announcements"] + raw["defender_announcements"] + belote + pot
    assert sum(result.points) + result.held_over == handed
    if chosen & {"bl_tie_is_dedans", "bl_tie_is_made"}:
        assert result.held_over == 0
    assert result.held_over == 0 or result.held_over >= pot  # a litige only adds to the pot


@settings(max_examples=100)
@given(valid_entries(shared=True))
def test_bl_8_7_accepted_entries_round_trip(raw: dict[str, Any]) -> None:
    flags = frozenset({"bl_cards_in_two_announcements"})
    deal = GAME.parse_deal(raw, flags)
    entry = GAME.to_entry(deal)
    assert {key: entry[key] for key in raw if key in entry} == {
        key: value for key, value in raw.items() if not key.endswith("_announcements")
    }
    # An older entry's totals are stored as what each camp declared, and score the same (docs/match-file.md).
    again = GAME.parse_deal(entry, flags)
    assert again.scored_announcements == (raw["taker_announcements"], raw["defender_announcements"])
    assert GAME.score_deal(again, 0, flags, 0) == GAME.score_deal(deal, 0, flags, 0)
    assert GAME.to_entry(again) == entry


BAD_VALUES = [
    ("taker", st.integers().filter(lambda v: v not in range(4)), "taker", "BL-4.3"),
    ("belote", st.integers().filter(lambda v: v not in range(4)), "belote", "BL-6.1"),
    ("trump", st.text().filter(lambda v: v.upper() not in ("S", "H", "D", "C")), "trump", "BL-4.1"),
    ("last_trick", st.text().filter(lambda v: v not in ("takers", "defenders")), "last_trick", "BL-2.3"),
    ("taker_card_points", st.integers().filter(lambda v: not 0 <= v <= 152), "taker_card_points", "BL-2.2"),
]


@settings(max_examples=100)
@given(valid_entries(), st.data())
def test_bl_8_8_every_out_of_range_field_is_refused_with_its_rule(raw: dict[str, Any], data: st.DataObject) -> None:
    key, values, field, rule = data.draw(st.sampled_from(BAD_VALUES))
    with pytest.raises(RuleError) as caught:
        GAME.parse_deal({**raw, key: data.draw(values)}, NONE)
    assert (caught.value.field, caught.value.rule) == (field, rule)


# --- BL-10.1, R-BL-14: a renonce decides the deal -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "flags", "points", "lines"),
    [
        # BL1 with a renonce by the takers (Anna's side): the defenders score 162 and the takers' tierce (20, the
        # announcement that scored); the takers keep Cleo's belote-rebelote (R-BL-7).
        (
            {**BL1, "renonce": "takers"},
            NONE,
            (20, 182),
            [(1, 162, "BL-10.1"), (1, 20, "BL-10.1"), (0, 20, "BL-6.2")],
        ),
        # BL1 with a renonce by the defenders: the takers score 162, their tierce and their belote-rebelote.
        (
            {**BL1, "renonce": "defenders"},
            NONE,
            (202, 0),
            [(0, 162, "BL-10.1"), (0, 20, "BL-10.1"), (0, 20, "BL-6.1")],
        ),
        # R-BL-14: the deal is void, the other camp scores 162 and nothing else scores, belote-rebelote included.
        ({**BL1, "renonce": "takers"}, frozenset({"bl_renonce_deal_void"}), (0, 162), [(1, 162, "R-BL-14")]),
        # R-BL-12: in tens, all the trick points are 160.
        (
            {**BL3, "renonce": "defenders"},
            frozenset({"bl_round_to_tens"}),
            (180, 0),
            [(0, 160, "BL-10.1"), (0, 20, "BL-6.1")],
        ),
    ],
)
def test_bl_10_1_a_renonce_gives_the_other_camp_every_point(
    raw: dict[str, Any], flags: frozenset[str], points: tuple[int, int], lines: list[tuple[int, int, str]]
) -> None:
    result = score(raw, flags)
    assert result.points == points
    assert [(line.side, line.points, line.rule) for line in result.lines] == lines


def test_bl_10_1_a_renonce_is_its_own_result_and_takes_what_a_litige_held_over() -> None:
    deal = GAME.parse_deal({**BL3, "renonce": "takers"}, NONE)
    assert (deal.code, GAME.to_entry(deal)["renonce"]) == ("renonce", "takers")
    assert GAME.describe(deal, PLAYERS) == "Anna ♦ 70–92, renonce by the takers"
    # 60 points waiting from a litige go to the defenders, the camp the renonce hands the deal to (BL-8.4).
    assert score({**BL3, "renonce": "takers"}, NONE, held_over=60).points == (20, 162 + 60)


def test_bl_10_1_a_renonce_by_an_unknown_camp_is_refused() -> None:
    with pytest.raises(RuleError) as caught:
        GAME.parse_deal({**BL1, "renonce": "both"}, NONE)
    assert (caught.value.field, caught.value.rule) == ("renonce", "BL-10.1")
