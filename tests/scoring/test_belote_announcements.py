"""Belote announcements entered camp by camp and compared by Trickbook (BL-5, R-BL-3 to R-BL-6).

Every expected winner and value below is worked by hand from docs/rules/belote.md: the worked example BL8 and
the steps of R-BL-4. Anna (seat 0) & Cleo (2) are side 0, Ben (1) & Dan (3) side 1; Anna takes unless said.
"""

from __future__ import annotations

from typing import Any

import pytest

from scoring.core.base import FormatError, RuleError
from scoring.core.games.belote import GAME

NONE: frozenset[str] = frozenset()
CANCEL = frozenset({"bl_equal_announcements_cancel"})


def entry(**changes: Any) -> dict[str, Any]:
    """Anna takes spades with 90 card points and the last trick; the announcements as given."""
    return {"taker": 0, "trump": "S", "taker_card_points": 90, "last_trick": "takers", **changes}


def scored(raw: dict[str, Any], flags: frozenset[str] = NONE) -> tuple[int, int]:
    """What each camp scores for announcements: the takers', the defenders'."""
    deal = GAME.parse_deal(raw, flags)
    return deal.scored_announcements


@pytest.mark.parametrize(
    ("raw", "flags", "takers", "defenders", "reason"),
    [
        # BL8, first case: Anna's tierce and Cleo's cinquante against Ben's carré of nines: 150 beats 50, and
        # Ben & Dan score 150, Anna & Cleo nothing for their 20 + 50.
        (entry(taker_run=4, taker_other_announcements=20, defender_carre="9"), NONE, 0, 150, "higher value"),
        # BL8, second: hearts trumps, Anna's A-K-Q of clubs against Dan's A-K-Q of hearts: Dan's is in trumps.
        (
            entry(trump="H", taker_run=3, taker_run_top="A", defender_run=3, defender_run_top="A")
            | {"defender_run_in_trumps": True},
            NONE,
            0,
            20,
            "in trumps",
        ),
        # BL8, third: clubs trumps, Anna dealt; Ben's A-K-Q of spades and Cleo's A-K-Q of diamonds are equal in
        # every way; Ben plays first to the first trick, so Ben & Dan score 20 (R-BL-4 step 6).
        (
            entry(trump="C", taker_run=3, taker_run_top="A", defender_run=3, defender_run_top="A")
            | {"equal_runs_first": "defenders"},
            NONE,
            0,
            20,
            "first to play",
        ),
        # ...and under bl_equal_announcements_cancel neither side scores announcements.
        (
            entry(trump="C", taker_run=3, taker_run_top="A", defender_run=3, defender_run_top="A"),
            CANCEL,
            0,
            0,
            "cancel",
        ),
        # BL8, fourth: Ben's carré of kings (100) against Anna's quinte (100): the carré wins (R-BL-4 step 2).
        (entry(taker_run=5, defender_carre="K"), NONE, 0, 100, "carré over run"),
        # R-BL-4 step 3: two carrés of 100, aces over kings.
        (entry(taker_carre="A", defender_carre="K"), NONE, 100, 0, "higher carré"),
        (entry(taker_carre="Q", defender_carre="10"), NONE, 0, 100, "higher carré"),
        # Step 4: two runs worth 100, six cards over five (R-BL-3: both are worth 100).
        (entry(taker_run=5, defender_run=6), NONE, 0, 100, "longer run"),
        # Step 4 again: two tierces, the one to the K over the one to the Q.
        (entry(taker_run=3, taker_run_top="K", defender_run=3, defender_run_top="Q"), NONE, 20, 0, "higher top card"),
        # Step 1: a carré of jacks (200) over a carré of nines (150); the winner also scores its tierce beside it.
        (entry(taker_carre="9", defender_carre="J", defender_run=3), NONE, 0, 220, "higher value"),
        # BL-5.5: a camp that declared alone scores all of its announcements; a run and a carré together count both.
        (entry(defender_run=4, defender_carre="A"), NONE, 0, 150, "alone"),
        (entry(), NONE, 0, 0, ""),
    ],
)
def test_r_bl_4_trickbook_chooses_whose_announcements_count(
    raw: dict[str, Any], flags: frozenset[str], takers: int, defenders: int, reason: str
) -> None:
    deal = GAME.parse_deal(raw, flags)
    assert deal.scored_announcements == (takers, defenders)
    assert deal.comparison.reason == reason


def test_r_bl_4_the_winning_line_says_why_with_its_rule() -> None:
    # BL8, first case, with Anna taking 90 card points and the last trick: 100 against 62 + 150 = 212, dedans;
    # Ben & Dan score 162 + 150 (BL-8.3), and the line of the 150 says what beat what.
    score = GAME.score_deal(GAME.parse_deal(BL8_FIRST, NONE), 3, NONE, 0)
    assert score.points == (0, 312)
    line = next(line for line in score.lines if line.points == 150)
    assert (line.side, line.rule) == (1, "R-BL-4")
    assert line.text == "carré of nines beats the takers' cinquante (higher value)"


BL8_FIRST = entry(taker_run=4, taker_other_announcements=20, defender_carre="9")


def test_r_bl_4_equal_runs_cancel_with_a_line() -> None:
    raw = entry(trump="C", taker_run=3, taker_run_top="A", defender_run=3, defender_run_top="A")
    score = GAME.score_deal(GAME.parse_deal(raw, CANCEL), 3, CANCEL, 0)
    assert score.points == (100, 62)  # 90 + 10 against 62, nothing for announcements
    assert [(line.points, line.rule) for line in score.lines if line.rule == "R-BL-4"] == [(0, "R-BL-4")]


@pytest.mark.parametrize(
    ("raw", "flags", "field", "rule"),
    [
        # The comparison needs the top cards of two runs of one length (R-BL-4 step 4)...
        (entry(taker_run=3, defender_run=3), NONE, "taker_run_top", "R-BL-4"),
        (entry(taker_run=3, taker_run_top="A", defender_run=3), NONE, "defender_run_top", "R-BL-4"),
        # ...and, equal in every way, which was declared first in the order of play (step 6).
        (
            entry(taker_run=4, taker_run_top="K", defender_run=4, defender_run_top="K"),
            NONE,
            "equal_runs_first",
            "R-BL-4",
        ),
        # The order of play is given only where it decides.
        (entry(taker_run=3, defender_run=4) | {"equal_runs_first": "takers"}, NONE, "equal_runs_first", "R-BL-4"),
        (
            entry(taker_run=3, taker_run_top="A", defender_run=3, defender_run_top="A")
            | {"equal_runs_first": "takers"},
            CANCEL,
            "equal_runs_first",
            "R-BL-4",
        ),
        # Two equal runs cannot both be in trumps: they would be the same cards.
        (
            entry(taker_run=3, taker_run_top="A", defender_run=3, defender_run_top="A")
            | {"taker_run_in_trumps": True, "defender_run_in_trumps": True},
            NONE,
            "defender_run_in_trumps",
            "R-BL-4",
        ),
        # Only four cards of a rank: both camps cannot hold the same carré (BL-5.2).
        (entry(taker_carre="K", defender_carre="K"), NONE, "defender_carre", "BL-5.2"),
        # A run of five cards tops at the J at the lowest; a tierce at the 9 (BL-5.1).
        (entry(taker_run=5, taker_run_top="10"), NONE, "taker_run_top", "BL-5.1"),
        (entry(taker_run_top="A"), NONE, "taker_run_top", "BL-5.1"),
        (entry(defender_run_in_trumps=True), NONE, "defender_run_in_trumps", "BL-5.1"),
        (entry(taker_run=2), NONE, "taker_run", "BL-5.1"),
        (entry(defender_carre="8"), NONE, "defender_carre", "BL-5.2"),
        # Other announcements sit beside a best one and are worth no more than it (BL-5.6).
        (entry(taker_other_announcements=20), NONE, "taker_other_announcements", "BL-5.6"),
        (entry(taker_run=3, taker_other_announcements=50), NONE, "taker_other_announcements", "BL-5.6"),
        (entry(taker_run=3, taker_other_announcements=30), NONE, "taker_other_announcements", "BL-5.6"),
        # R-BL-6: none at all without announcements.
        (entry(defender_carre="J"), frozenset({"bl_no_announcements"}), "defender_run", "R-BL-6"),
    ],
)
def test_r_bl_4_bl_5_refusals_name_the_field_and_rule(
    raw: dict[str, Any], flags: frozenset[str], field: str, rule: str
) -> None:
    with pytest.raises(RuleError) as caught:
        GAME.parse_deal(raw, flags)
    assert (caught.value.field, caught.value.rule) == (field, rule)
    assert caught.value.message[0].isupper() and caught.value.message.endswith(".")


def test_bl_5_6_two_carres_and_a_run_beside_the_best() -> None:
    # A camp's most: two carrés in each hand, jacks and nines, aces and tens (BL-5.6): 200 + 150 + 100 + 100 = 550.
    assert scored(entry(defender_carre="J", defender_other_announcements=350)) == (0, 550)


@pytest.mark.parametrize(
    ("old", "declared"),
    [
        # An older file's totals after the comparison are read as the fewest announcements worth them, alone.
        ({"taker_announcements": 20}, {"taker_run": 3}),
        ({"defender_announcements": 150}, {"defender_carre": "9"}),
        ({"taker_announcements": 90}, {"taker_run": 4, "taker_other_announcements": 40}),
        ({"defender_announcements": 550}, {"defender_carre": "J", "defender_other_announcements": 350}),
    ],
)
def test_older_files_announcement_totals_are_read_as_declared_and_score_the_same(
    old: dict[str, int], declared: dict[str, Any]
) -> None:
    before = GAME.parse_deal(entry(**old), NONE)
    now = GAME.parse_deal(entry(**declared), NONE)
    assert before == now
    stored = GAME.to_entry(before)
    assert "taker_announcements" not in stored and "defender_announcements" not in stored
    assert {key: stored[key] for key in declared} == declared


def test_older_and_newer_spellings_do_not_mix() -> None:
    with pytest.raises(FormatError) as caught:
        GAME.parse_deal(entry(taker_announcements=20, taker_run=3), NONE)
    assert caught.value.field == "taker_announcements"
