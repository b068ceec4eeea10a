"""Contract Bridge scoring (docs/rules/contract_bridge.md). Expected values are worked by hand from the rules document.

Whole rubbers and Chicago rounds are played through the match evaluator (`play`), which hands each deal's ``carry``
(the `Table`) to the next deal and to ``outcome`` and ``stage``. The last tests compare every contract with endplay's
Law 77 scorer.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from endplay.types import Contract, Denom, Penalty, Player, Vul
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.core.base import DealScore, EntryError, FieldKind, FormatError, Outcome, Progress, RuleError
from scoring.core.games import GAMES
from scoring.core.games.contract_bridge import GAME, Table, chicago_vulnerability
from scoring.core.match import evaluate, parse_match

NO_FLAGS: frozenset[str] = frozenset()
CHICAGO = frozenset({"br_chicago"})
CARRY = frozenset({"br_chicago", "br_chicago_carry_partscores"})
NONDEALER = frozenset({"br_chicago_nondealer_vulnerable"})  # means Chicago too (R-BR-2)
PARTSCORE_50 = frozenset({"br_unfinished_partscore_50"})
PLAYERS = ("Anna", "Ben", "Cleo", "Dev")  # North, East, South, West
NAMES = ("Anna & Cleo", "Ben & Dev")  # N-S, E-W
SEATS = {"N": 0, "E": 1, "S": 2, "W": 3}
STRAIN_CODES = {"♣": "C", "♦": "D", "♥": "H", "♠": "S", "NT": "NT"}
PASS: dict[str, Any] = {"passed_out": True}
FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


def deal(text: str, by: str, tricks: int, honours: str = "none", stopped: bool = False) -> dict[str, Any]:
    """A normalised entry from RULES notation: ``deal("4♠X", "S", 10)`` is 4♠ doubled by South, 10 tricks."""
    body = text.rstrip("X")
    return {
        "declarer": SEATS[by],
        "level": int(body[0]),
        "strain": STRAIN_CODES[body[1:]],
        "doubled": len(text) - len(body),
        "tricks": tricks,
        "honours": honours,
        "stopped": stopped,
    }


@dataclass(frozen=True)
class Played:
    scores: list[DealScore]
    dealers: list[int]
    totals: list[tuple[int, int]]  # running totals after each deal
    outcome: Outcome | None
    stage: str
    next_dealer: int | None

    @property
    def points(self) -> list[tuple[int, ...]]:
        return [tuple(score.points) for score in self.scores]


def play(entries: list[dict[str, Any]], flags: frozenset[str] = NO_FLAGS, first_dealer: int = 0) -> Played:
    """The deals of one match, scored in order by the match evaluator: each from the previous deal's carry."""
    doc = {"game": "contract_bridge", "players": list(PLAYERS), "first_dealer": first_dealer, "flags": sorted(flags)}
    result = evaluate(parse_match({**doc, "deals": entries}))
    return Played(
        [deal.score for deal in result.deals],
        [deal.dealer for deal in result.deals],
        [(int(deal.totals[0]), int(deal.totals[1])) for deal in result.deals],
        result.outcome,
        result.stage,
        result.next_dealer,
    )


def lines(score: DealScore) -> list[tuple[int, int, str]]:
    return [(line.side, int(line.points), line.rule) for line in score.lines]


def texts(score: DealScore) -> list[str]:
    return [line.text for line in score.lines]


# --- BR-1.1 players and sides ---


def test_br_1_1_four_players_in_two_partnerships() -> None:
    assert GAMES["contract_bridge"] is GAME
    assert (GAME.name, GAME.title, GAME.rule_prefix, GAME.seats) == ("contract_bridge", "Contract Bridge", "BR", 4)
    assert GAME.sides == ((0, 2), (1, 3))


# --- BR-6 the score of one deal: the worked examples E1 to E16, as Chicago scores them (BR-8.3) ---

# Chicago deal 1 has neither side vulnerable, deal 4 both (BR-8.2); North declares every one.
DEAL_1 = None
DEAL_4 = Table(deals=3, first_dealer=0)


@pytest.mark.parametrize(
    ("example", "text", "vulnerable", "tricks", "points"),
    [
        ("E1", "4♠", False, 10, (420, 0)),
        ("E2", "4♠", True, 11, (650, 0)),
        ("E3", "3NT", False, 9, (400, 0)),
        ("E4", "2♥X", False, 8, (470, 0)),
        ("E5", "1NTXX", True, 8, (1160, 0)),
        ("E6", "6♥", True, 12, (1430, 0)),
        ("E7", "7NT", False, 13, (1520, 0)),
        ("E8", "2♣", False, 10, (130, 0)),
        ("E9", "3NT", True, 7, (0, 200)),
        ("E10", "4♠X", False, 7, (0, 500)),
        ("E11", "4♠X", True, 7, (0, 800)),
        ("E12", "6NTXX", False, 6, (0, 2800)),
        ("E13", "7NTX", True, 0, (0, 3800)),
        ("E14", "5♦X", False, 11, (550, 0)),
        ("E15", "4♠", False, 13, (510, 0)),
        ("E16", "1♣XX", False, 7, (230, 0)),
    ],
)
def test_br_8_3_chicago_scores_each_deal_by_law_77(
    example: str, text: str, vulnerable: bool, tricks: int, points: tuple[int, int]
) -> None:
    parsed = GAME.parse_deal(deal(text, "N", tricks), CHICAGO)
    score = GAME.score_deal(parsed, 3 if vulnerable else 0, CHICAGO, 0, DEAL_4 if vulnerable else DEAL_1)
    assert score.points == points


def test_br_6_breakdown_of_a_chicago_deal() -> None:
    # E5: 1NTXX vulnerable, 8 tricks.
    score = GAME.score_deal(GAME.parse_deal(deal("1NTXX", "N", 8), CHICAGO), 3, CHICAGO, 0, DEAL_4)
    assert lines(score) == [(0, 160, "BR-6.1"), (0, 500, "BR-6.6"), (0, 400, "BR-6.2"), (0, 100, "BR-6.3")]
    assert texts(score) == [
        "1NTXX made: 40 × 4 = 160",
        "game, vulnerable: 500",
        "1 overtrick redoubled, vulnerable: 400",
        "insult, a redoubled contract made: 100",
    ]


def test_br_6_5_undertrick_line_shows_the_working() -> None:
    # E12: 6NTXX down 6, not vulnerable.
    score = GAME.score_deal(GAME.parse_deal(deal("6NTXX", "E", 6), CHICAGO), 0, CHICAGO, 0, None)
    assert lines(score) == [(0, 2800, "BR-6.5")]
    assert texts(score) == ["6NTXX down 6: 200 + 2 × 400 + 3 × 600"]


# --- BR-6.7 honours (H1 to H3) ---


@pytest.mark.parametrize(
    ("example", "entry", "points"),
    [
        ("H1", deal("4♥", "S", 9, "NS100"), (100, 50)),  # down 1: E-W 50; honours to N-S all the same
        ("H2", deal("4♠", "N", 10, "EW100"), (120, 100)),  # 120 below for N-S, honours above for E-W
        ("H3", deal("6NT", "S", 12, "NS150"), (840, 0)),  # 190 below, slam 500, four aces 150
    ],
)
def test_br_6_7_honours_on_the_first_deal_of_a_rubber(
    example: str, entry: dict[str, Any], points: tuple[int, int]
) -> None:
    assert play([entry]).points == [points]


def test_br_6_7_h3_in_chicago_adds_the_game_premium() -> None:
    assert play([deal("6NT", "S", 12, "NS150")], CHICAGO).points == [(1140, 0)]  # 190 + 300 + 500 + 150


@pytest.mark.parametrize(
    ("honours", "strain", "text"),
    [
        ("NS100", "H", "honours, four trump honours in one hand: 100 above the line"),
        ("EW150", "S", "honours, all five trump honours in one hand: 150 above the line"),
        ("NS150", "NT", "honours, four aces in one hand: 150 above the line"),
    ],
)
def test_br_6_7_honours_line(honours: str, strain: str, text: str) -> None:
    entry = {**deal("4♥", "N", 10, honours), "strain": strain}
    score = play([entry]).scores[0]
    assert score.lines[-1].text == text
    assert score.lines[-1].rule == "BR-6.7"


def test_br_6_7_honours_never_count_towards_game() -> None:
    played = play([deal("2♠", "N", 8, "NS150")])
    assert played.points == [(210, 0)]  # 60 below, 150 above
    assert played.stage == "Game 1 · neither side vulnerable · N-S 60 below the line"


def test_br_6_7_at_no_trump_only_the_four_aces_score() -> None:
    with pytest.raises(RuleError) as caught:
        GAME.parse_deal(deal("3NT", "N", 9, "NS100"), NO_FLAGS)
    assert (caught.value.field, caught.value.rule) == ("honours", "BR-6.7")


# --- a rubber won two games to one (worked example) ---

RUBBER_2_1 = [
    deal("2♥", "S", 9),
    deal("3NT", "E", 9, "EW150"),
    deal("4♠X", "W", 8),
    PASS,
    deal("1NT", "N", 8),
    deal("2♦", "S", 8, "NS100"),
    deal("2♣", "N", 8),
    deal("6♥", "E", 12),
]


def test_br_7_worked_rubber_won_two_games_to_one() -> None:
    played = play(RUBBER_2_1)
    assert played.points == [(90, 0), (0, 250), (500, 0), (0, 0), (70, 0), (140, 0), (40, 0), (0, 1430)]
    assert played.totals == [
        (90, 0),
        (90, 250),
        (590, 250),
        (590, 250),
        (660, 250),
        (800, 250),
        (840, 250),
        (840, 1680),
    ]
    assert played.dealers == [0, 1, 2, 3, 0, 1, 2, 3]  # BR-3.1, BR-7.7: the passed-out deal moves the deal on
    assert played.outcome == Outcome((1,), "BR-7.6", "Ben & Dev won the rubber 2–1 and have the larger total, 1680–840")
    assert played.next_dealer is None


def test_br_7_worked_rubber_breakdown_below_and_above_the_line() -> None:
    scores = play(RUBBER_2_1).scores
    assert lines(scores[0]) == [(0, 60, "BR-7.1"), (0, 30, "BR-6.2")]
    assert texts(scores[0]) == [
        "2♥ made: 2 × 30 = 60 below the line: N-S 60 towards game",
        "1 overtrick: 30 above the line",
    ]
    assert lines(scores[1]) == [(1, 100, "BR-7.1"), (1, 150, "BR-6.7")]
    assert texts(scores[1])[0] == "3NT made: 40 + 2 × 30 = 100 below the line: E-W win a game: 0–1 in games"
    assert lines(scores[2]) == [(0, 500, "BR-6.5")]
    assert texts(scores[2]) == ["4♠X down 2, vulnerable: 200 + 300 above the line"]
    assert lines(scores[3]) == [(1, 0, "BR-7.7")]
    assert texts(scores[6]) == ["2♣ made: 2 × 20 = 40 below the line: with 80, N-S win a game: 1–1 in games"]
    assert lines(scores[7]) == [(1, 180, "BR-7.1"), (1, 750, "BR-6.4"), (1, 500, "BR-7.5")]
    assert texts(scores[7])[1:] == ["small slam, vulnerable: 750 above the line", "rubber won 2–1: 500 above the line"]


@pytest.mark.parametrize(
    ("deals", "stage"),
    [
        (0, "Game 1 · neither side vulnerable"),
        (1, "Game 1 · neither side vulnerable · N-S 60 below the line"),
        (2, "Game 2 · E-W vulnerable"),  # N-S's 60 no longer counts (BR-7.2)
        (4, "Game 2 · E-W vulnerable"),  # the passed-out deal changes nothing (BR-7.7)
        (6, "Game 2 · E-W vulnerable · N-S 80 below the line"),
        (7, "Game 3 · both sides vulnerable"),
    ],
)
def test_br_7_3_stage_says_the_game_vulnerability_and_part_scores(deals: int, stage: str) -> None:
    assert play(RUBBER_2_1[:deals]).stage == stage


# --- a rubber won two games to none (worked example) ---


def test_br_7_5_worked_rubber_won_two_games_to_none() -> None:
    entries = [deal("4♠", "N", 11), deal("3♦X", "W", 7), deal("1♠", "E", 9), deal("2♥X", "S", 9)]
    played = play(entries, first_dealer=1)
    assert played.points == [(150, 0), (300, 0), (0, 90), (1070, 0)]
    assert played.totals[-1] == (1520, 90)
    assert played.dealers == [1, 2, 3, 0]
    assert lines(played.scores[3]) == [(0, 120, "BR-7.1"), (0, 200, "BR-6.2"), (0, 50, "BR-6.3"), (0, 700, "BR-7.5")]
    assert texts(played.scores[3])[1:] == [
        "1 overtrick doubled, vulnerable: 200 above the line",
        "insult, a doubled contract made: 50 above the line",
        "rubber won 2–0: 700 above the line",
    ]
    assert played.outcome == Outcome(
        (0,), "BR-7.6", "Anna & Cleo won the rubber 2–0 and have the larger total, 1520–90"
    )


def test_br_7_6_outcome_and_stage_read_the_last_deal_s_table_from_progress() -> None:
    # The match evaluator hands outcome and stage the last deal's carry (Progress.carry); None before the first deal.
    assert GAME.outcome(Progress((0, 0), 0, 0, None, NAMES), NO_FLAGS) is None
    assert GAME.stage(Progress((0, 0), 0, 0, None, NAMES), NO_FLAGS) == "Game 1 · neither side vulnerable"
    running = Progress((620, 90), 2, 2, None, NAMES, Table(games=(1, 0), below=(0, 60)))
    assert GAME.outcome(running, NO_FLAGS) is None
    assert GAME.stage(running, NO_FLAGS) == "Game 2 · N-S vulnerable · E-W 60 below the line"
    won = Progress((1220, 500), 5, 5, None, NAMES, Table(games=(2, 1)))
    assert GAME.outcome(won, NO_FLAGS) == Outcome(
        (0,), "BR-7.6", "Anna & Cleo won the rubber 2–1 and have the larger total, 1220–500"
    )


# --- BR-7.2 game, BR-7.3 vulnerability ---


@pytest.mark.parametrize(
    ("entries", "stage"),
    [
        # Overtricks do not count towards game: 2♠ with 10 tricks is 60 below.
        ([deal("2♠", "N", 10)], "Game 1 · neither side vulnerable · N-S 60 below the line"),
        ([deal("2♠", "N", 10), deal("2♣", "S", 8)], "Game 2 · N-S vulnerable"),
        # A doubled 2♥ is 120 below: a game in one deal.
        ([deal("2♥X", "N", 8)], "Game 2 · N-S vulnerable"),
        # A game ends both sides' part-scores' run towards game; E-W start again from 0.
        (
            [deal("2♠", "E", 8), deal("3NT", "N", 9), deal("2♠", "E", 8)],
            "Game 2 · N-S vulnerable · E-W 60 below the line",
        ),
        (
            [deal("1♣", "N", 7), deal("1♦", "E", 7)],
            "Game 1 · neither side vulnerable · N-S 20, E-W 20 below the line",
        ),
    ],
)
def test_br_7_2_game_is_100_below_the_line_in_the_current_game(entries: list[dict[str, Any]], stage: str) -> None:
    assert play(entries).stage == stage


@pytest.mark.parametrize(
    ("entries", "last"),
    [
        ([deal("4♠", "N", 9)], (0, 50)),  # not vulnerable: 50
        ([deal("4♠", "N", 10), deal("4♠", "N", 9)], (0, 100)),  # N-S have a game: vulnerable, 100
        ([deal("4♠", "N", 10), deal("4♠", "E", 9)], (50, 0)),  # E-W are not
        ([deal("4♠", "N", 10), deal("6♠", "S", 12)], (180 + 750 + 700, 0)),  # vulnerable slam, rubber 2-0
    ],
)
def test_br_7_3_a_side_with_a_game_is_vulnerable(entries: list[dict[str, Any]], last: tuple[int, int]) -> None:
    assert play(entries).points[-1] == last


def test_br_7_4_no_game_or_part_score_premium_in_a_rubber() -> None:
    assert play([deal("4♠", "N", 10)]).points == [(120, 0)]
    assert play([deal("2♦", "N", 8)]).points == [(40, 0)]


# --- BR-7.6 the larger total wins, R-BR-9 equal totals ---


def test_br_7_6_the_larger_total_wins_even_against_the_rubber() -> None:
    # 7NTXX down 13, not vulnerable: 2 × (100 + 2 × 200 + 10 × 300) = 7000 to E-W; then two games to N-S.
    played = play([deal("7NTXX", "N", 0), deal("3NT", "N", 9), deal("3NT", "S", 9)])
    assert played.points == [(0, 7000), (100, 0), (800, 0)]
    assert played.outcome == Outcome(
        (1,), "BR-7.6", "Anna & Cleo won the rubber 2–0, but Ben & Dev have the larger total, 7000–900"
    )


def test_r_br_9_equal_totals_are_a_draw() -> None:
    # N-S: 3NT game 100, then 3NT 100 + rubber 700 = 900. E-W: 5♠X down 3 vulnerable 800, 4♠ down 1 vulnerable 100.
    entries = [deal("3NT", "N", 9), deal("5♠X", "N", 8), deal("4♠", "S", 9), deal("3NT", "N", 9)]
    played = play(entries)
    assert played.points == [(100, 0), (0, 800), (0, 100), (800, 0)]
    assert played.outcome == Outcome(
        (0, 1), "R-BR-9", "Anna & Cleo won the rubber 2–0, but the totals are equal, 900–900: a draw"
    )


# --- BR-7.7 passed out in a rubber ---


def test_br_7_7_passed_out_scores_nothing_and_the_deal_moves_on() -> None:
    played = play([deal("2♠", "N", 8), PASS])
    assert played.points[1] == (0, 0)
    assert lines(played.scores[1]) == [(1, 0, "BR-7.7")]  # the dealer, East, is E-W
    assert played.scores[1].counts is True
    assert played.next_dealer == 2
    assert played.stage == "Game 1 · neither side vulnerable · N-S 60 below the line"


# --- BR-7.8 unfinished rubber (worked example), R-BR-4, R-BR-5 ---

UNFINISHED = [deal("3NT", "N", 10), deal("2♠", "E", 8), deal("1♥", "S", 6, stopped=True)]


def test_br_7_8_worked_unfinished_rubber() -> None:
    played = play(UNFINISHED)
    assert played.points == [(130, 0), (0, 60), (300, 200)]
    assert lines(played.scores[2]) == [(1, 100, "BR-6.5"), (0, 300, "BR-7.8"), (1, 100, "BR-7.8")]
    assert texts(played.scores[2])[1:] == [
        "rubber stopped: N-S have the only game, 300 above the line",
        "rubber stopped: E-W have the only part-score, 100 above the line",
    ]
    assert played.outcome == Outcome(
        (0,), "BR-7.8", "the rubber stopped unfinished; Anna & Cleo have the larger total, 430–260"
    )


def test_r_br_5_unfinished_part_score_50() -> None:
    played = play(UNFINISHED, PARTSCORE_50)
    assert played.points[2] == (300, 150)
    assert lines(played.scores[2])[2] == (1, 50, "R-BR-5")
    assert played.totals[-1] == (430, 210)


@pytest.mark.parametrize(
    ("flags", "points"),
    [
        (NO_FLAGS, (30 + 300, 0)),  # a part-score each: neither scores the 100 (R-BR-4)
        (PARTSCORE_50, (30 + 300 + 50, 50)),  # each side with a part-score scores 50
    ],
)
def test_r_br_4_a_part_score_each_in_the_unfinished_game(flags: frozenset[str], points: tuple[int, int]) -> None:
    entries = [deal("3NT", "N", 10), deal("2♠", "E", 8), deal("1♥", "S", 7, stopped=True)]
    assert play(entries, flags).points[2] == points


def test_r_br_4_a_game_each_scores_no_game_premium() -> None:
    entries = [deal("3NT", "N", 9), deal("3NT", "E", 9), deal("1♣", "N", 6, stopped=True)]
    played = play(entries)
    assert played.points[2] == (0, 100)  # down 1 vulnerable; no 300 to either side
    assert lines(played.scores[2]) == [(1, 100, "BR-6.5"), (0, 0, "BR-7.8")]
    assert texts(played.scores[2])[1] == "rubber stopped: no game or part-score premium"
    assert played.outcome is not None and played.outcome.winners == (1,)


def test_r_br_4_the_deal_that_wins_the_rubber_cannot_stop_it() -> None:
    with pytest.raises(RuleError) as caught:
        play([deal("3NT", "N", 9), deal("4♠", "S", 10, stopped=True)])
    assert (caught.value.field, caught.value.rule) == ("stopped", "R-BR-4")


def test_r_br_4_a_passed_out_deal_cannot_carry_the_stop() -> None:
    with pytest.raises(RuleError) as caught:
        GAME.parse_deal({"passed_out": True, "stopped": True}, NO_FLAGS)
    assert (caught.value.field, caught.value.rule) == ("stopped", "R-BR-4")


def test_br_7_9_the_match_ends_with_the_rubber() -> None:
    for entries in (UNFINISHED, RUBBER_2_1):
        played = play(entries)
        assert played.outcome is not None
        assert (played.next_dealer, played.stage) == (None, "")
    assert play(RUBBER_2_1[:-1]).outcome is None


# --- Chicago (worked examples), BR-8.1 to BR-8.5 ---

CHICAGO_ROUND = [
    deal("2♥", "S", 9),
    deal("3NT", "E", 9),
    PASS,
    deal("5♦", "N", 10),
    deal("6♠", "S", 13, "NS100"),
]


def test_br_8_worked_chicago_round() -> None:
    played = play(CHICAGO_ROUND, CHICAGO)
    assert played.points == [(140, 0), (0, 600), (0, 0), (0, 100), (1560, 0)]
    assert played.dealers == [0, 1, 2, 2, 3]  # the passed-out deal is dealt again by South (BR-8.4)
    assert [score.counts for score in played.scores] == [True, True, False, True, True]
    assert played.totals[-1] == (1700, 700)
    assert played.outcome == Outcome(
        (0,), "BR-8.5", "the round's 4 deals are played; Anna & Cleo have the larger total, 1700–700"
    )


def test_br_8_3_chicago_breakdown_has_no_line() -> None:
    scores = play(CHICAGO_ROUND, CHICAGO).scores
    assert lines(scores[0]) == [(0, 60, "BR-6.1"), (0, 50, "BR-6.6"), (0, 30, "BR-6.2")]
    assert texts(scores[0]) == ["2♥ made: 2 × 30 = 60", "part-score: 50", "1 overtrick: 30"]
    assert texts(scores[1]) == ["3NT made: 40 + 2 × 30 = 100", "game, vulnerable: 500"]
    assert lines(scores[2]) == [(0, 0, "BR-8.4")]
    assert texts(scores[2]) == ["passed out: not one of the four; South deals again"]
    assert lines(scores[4]) == [
        (0, 180, "BR-6.1"),
        (0, 500, "BR-6.6"),
        (0, 30, "BR-6.2"),
        (0, 750, "BR-6.4"),
        (0, 100, "BR-6.7"),
    ]


@pytest.mark.parametrize(
    ("deals", "stage"),
    [
        (0, "Deal 1 of 4 · neither side vulnerable"),
        (1, "Deal 2 of 4 · E-W vulnerable"),
        (2, "Deal 3 of 4 · N-S vulnerable"),
        (3, "Deal 3 of 4 · N-S vulnerable"),  # after the passed-out deal
        (4, "Deal 4 of 4 · both sides vulnerable"),
    ],
)
def test_br_8_2_stage_names_the_vulnerable_side(deals: int, stage: str) -> None:
    assert play(CHICAGO_ROUND[:deals], CHICAGO).stage == stage


def test_r_br_6_dealer_s_opponents_vulnerable() -> None:
    played = play(CHICAGO_ROUND, NONDEALER)
    assert played.points == [(140, 0), (0, 400), (0, 0), (0, 50), (1560, 0)]
    assert played.totals[-1] == (1700, 450)
    assert play(CHICAGO_ROUND[:1], NONDEALER).stage == "Deal 2 of 4 · N-S vulnerable"


@pytest.mark.parametrize(
    ("number", "dealer", "flags", "vulnerable"),
    [
        (1, 0, CHICAGO, (False, False)),
        (2, 1, CHICAGO, (False, True)),  # East deals: E-W
        (3, 2, CHICAGO, (True, False)),
        (4, 3, CHICAGO, (True, True)),
        (2, 2, CHICAGO, (True, False)),  # a round begun by East: South deals deal 2
        (3, 3, CHICAGO, (False, True)),
        (2, 1, NONDEALER, (True, False)),
        (3, 2, NONDEALER, (False, True)),
        (1, 1, NONDEALER, (False, False)),
        (4, 0, NONDEALER, (True, True)),
    ],
)
def test_br_8_2_vulnerability_by_deal_number(
    number: int, dealer: int, flags: frozenset[str], vulnerable: tuple[bool, bool]
) -> None:
    assert chicago_vulnerability(number, dealer, flags) == vulnerable


def test_br_8_4_chicago_passed_out_deal_is_dealt_again() -> None:
    played = play([PASS, PASS], CHICAGO, first_dealer=2)
    assert played.dealers == [2, 2]
    assert played.next_dealer == 2
    assert played.stage == "Deal 1 of 4 · neither side vulnerable"
    assert GAME.next_dealer(2, GAME.parse_deal(PASS, CHICAGO), CHICAGO) == 2
    assert GAME.next_dealer(2, GAME.parse_deal(PASS, NO_FLAGS), NO_FLAGS) == 3


# --- R-BR-7 Chicago part-scores carried (worked example) ---

CARRIED = [deal("2♠", "N", 8), deal("2♦", "S", 8), deal("1NT", "E", 7), deal("2♣", "W", 9)]


def test_r_br_7_default_scores_each_deal_on_its_own_a_draw() -> None:
    played = play(CARRIED, CHICAGO)
    assert played.points == [(110, 0), (90, 0), (0, 90), (0, 110)]
    assert played.outcome == Outcome(
        (0, 1), "R-BR-9", "the round's 4 deals are played; the totals are equal, 200–200: a draw"
    )


def test_r_br_7_carried_part_scores() -> None:
    played = play(CARRIED, CARRY)
    assert played.points == [(60, 0), (340, 0), (0, 40), (0, 160)]
    assert lines(played.scores[1]) == [(0, 40, "BR-6.1"), (0, 300, "R-BR-7")]
    assert texts(played.scores[1]) == [
        "2♦ made: 2 × 20 = 40 below the line: with 60, a game for N-S",
        "game, not vulnerable on deal 2: 300",
    ]
    assert lines(played.scores[3]) == [(1, 40, "BR-6.1"), (1, 100, "R-BR-7"), (1, 20, "BR-6.2")]
    assert played.outcome is not None
    assert (played.outcome.winners, played.totals[-1]) == ((0,), (400, 200))


def test_r_br_7_stage_shows_the_part_scores() -> None:
    assert play(CARRIED[:1], CARRY).stage == "Deal 2 of 4 · E-W vulnerable · N-S 60 below the line"
    assert play(CARRIED[:3], CARRY).stage == "Deal 4 of 4 · both sides vulnerable · E-W 40 below the line"


def test_r_br_7_a_part_score_completing_a_game_on_deal_4_earns_the_game_premium() -> None:
    # N-S 60, E-W 20 and 40; N-S 2♦ on deal 4 makes 100: a vulnerable game, 500, and not the 100.
    entries = [deal("2♠", "N", 8), deal("1♣", "E", 7), deal("1♦", "W", 7), deal("2♦", "S", 8)]
    played = play(entries, CARRY)
    assert played.points == [(60, 0), (0, 20), (0, 20), (540, 0)]


def test_r_br_7_the_100_on_deal_4_is_paid_whoever_has_other_part_scores() -> None:
    entries = [deal("2♠", "N", 8), deal("1♣", "E", 7), deal("1♦", "W", 7), deal("1♥", "E", 7)]
    assert play(entries, CARRY).points[-1] == (0, 130)  # 30 below, 60 with the rest: no game; 100 for deal 4


# --- R-BR-4 a Chicago round that stops early ---


def test_r_br_4_a_chicago_round_may_stop_early() -> None:
    played = play([deal("2♥", "S", 9), deal("3NT", "E", 9, stopped=True)], CHICAGO)
    assert played.points == [(140, 0), (0, 600)]  # no premium
    assert played.outcome == Outcome(
        (1,), "BR-8.5", "the round stopped unfinished after 2 deals; Ben & Dev have the larger total, 600–140"
    )


def test_r_br_4_chicago_deal_4_cannot_stop_the_round() -> None:
    with pytest.raises(RuleError) as caught:
        play([*CARRIED[:3], {**CARRIED[3], "stopped": True}], CHICAGO)
    assert (caught.value.field, caught.value.rule) == ("stopped", "R-BR-4")


# --- flags and target ---


def test_r_br_2_each_chicago_flag_means_chicago() -> None:
    for flag in ("br_chicago", "br_chicago_nondealer_vulnerable", "br_chicago_carry_partscores"):
        assert play([], frozenset({flag})).stage == "Deal 1 of 4 · neither side vulnerable"
    assert play([]).stage == "Game 1 · neither side vulnerable"


@pytest.mark.parametrize("chicago", ["br_chicago", "br_chicago_nondealer_vulnerable", "br_chicago_carry_partscores"])
def test_r_br_5_the_unfinished_rubber_flag_is_not_for_chicago(chicago: str) -> None:
    with pytest.raises(RuleError) as caught:
        GAME.check_flags(frozenset({"br_unfinished_partscore_50", chicago}))
    assert (caught.value.field, caught.value.rule) == ("flags", "R-BR-5")


def test_r_br_2_every_single_flag_and_the_chicago_set_can_be_played() -> None:
    GAME.check_flags(NO_FLAGS)
    for flag in GAME.flags:
        GAME.check_flags(frozenset({flag}))
    GAME.check_flags(frozenset({"br_chicago", "br_chicago_nondealer_vulnerable", "br_chicago_carry_partscores"}))
    assert {name: flag.rule for name, flag in GAME.flags.items()} == {
        "br_chicago": "R-BR-2",
        "br_chicago_nondealer_vulnerable": "R-BR-6",
        "br_chicago_carry_partscores": "R-BR-7",
        "br_unfinished_partscore_50": "R-BR-5",
    }


def test_r_br_1_no_target() -> None:
    assert GAME.default_target(NO_FLAGS) is None
    assert GAME.target_required is False
    GAME.check_target(None, CHICAGO)
    with pytest.raises(RuleError) as caught:
        GAME.check_target(2, NO_FLAGS)
    assert (caught.value.field, caught.value.rule) == ("target", "R-BR-1")


# --- BR-9.1 the entry ---

GOOD = deal("4♠", "S", 10)


def test_br_9_1_entry_spec_at_most_six_taps_and_the_stop_mark() -> None:
    for flags in (NO_FLAGS, CHICAGO, frozenset(GAME.flags)):
        spec = GAME.entry_spec(flags)
        names = [field.name for field in spec.fields]
        assert names == ["passed_out", "declarer", "level", "strain", "doubled", "tricks", "honours", "stopped"]
        assert spec.no_play == "passed_out"
        assert [field.name for field in spec.fields if field.kind is FieldKind.SWITCH] == ["passed_out"]
        assert [field.name for field in spec.fields if not field.required] == [
            "passed_out",
            "doubled",
            "honours",
            "stopped",
        ]
    honours = GAME.entry_spec(NO_FLAGS).field("honours")
    assert honours.choices == (("none", "–"), ("NS100", "N-S 100"), ("NS150", "N-S 150"), ("EW100", "E-W 100"),
                               ("EW150", "E-W 150"))  # fmt: skip
    assert GAME.entry_spec(NO_FLAGS).field("stopped").choices[1] == (True, "the match stops, unfinished")


@pytest.mark.parametrize(
    ("field", "value", "rule"),
    [
        ("declarer", 4, "BR-1.1"),
        ("declarer", -1, "BR-1.1"),
        ("level", 0, "BR-4.3"),
        ("level", 8, "BR-4.3"),
        ("strain", "N", "BR-2.1"),
        ("doubled", 3, "BR-4.4"),
        ("tricks", 14, "BR-9.1"),
        ("tricks", -1, "BR-9.1"),
        ("honours", "NS200", "BR-6.7"),
        ("honours", "ns100", "BR-6.7"),
        ("honours", None, "BR-6.7"),
    ],
)
def test_br_9_1_out_of_range_field_is_a_rule_error(field: str, value: Any, rule: str) -> None:
    with pytest.raises(RuleError) as caught:
        GAME.parse_deal({**GOOD, field: value}, NO_FLAGS)
    assert (caught.value.field, caught.value.rule) == (field, rule)


@pytest.mark.parametrize(
    ("entry", "field"),
    [
        ([], "deal"),
        ({**GOOD, "vulnerable": True}, "vulnerable"),
        ({**GOOD, "stopped": 1}, "stopped"),
        ({**GOOD, "stopped": "yes"}, "stopped"),
        ({key: value for key, value in GOOD.items() if key != "tricks"}, "tricks"),
        ({**GOOD, "level": 4.0}, "level"),
        ({"passed_out": "yes"}, "passed_out"),
    ],
)
def test_br_9_1_unreadable_entry_is_a_format_error(entry: Any, field: str) -> None:
    with pytest.raises(FormatError) as caught:
        GAME.parse_deal(entry, NO_FLAGS)
    assert (caught.value.field, caught.value.rule) == (field, "match-file")


@pytest.mark.parametrize("field", ["declarer", "level", "strain", "doubled", "tricks"])
def test_br_4_6_passed_out_deal_has_no_contract(field: str) -> None:
    with pytest.raises(RuleError) as caught:
        GAME.parse_deal({"passed_out": True, field: GOOD[field]}, NO_FLAGS)
    assert (caught.value.field, caught.value.rule) == (field, "BR-4.6")


def test_br_6_8_passed_out_deal_has_no_honours() -> None:
    with pytest.raises(RuleError) as caught:
        GAME.parse_deal({"passed_out": True, "honours": "NS100"}, NO_FLAGS)
    assert (caught.value.field, caught.value.rule) == ("honours", "BR-6.8")


@pytest.mark.parametrize(
    ("entry", "normalised"),
    [
        (GOOD, GOOD),
        ({"declarer": 2, "level": 4, "strain": "S", "tricks": 10}, GOOD),  # doubled, honours, stopped left out
        ({**GOOD, "passed_out": False}, GOOD),
        ({**GOOD, "honours": "EW150", "stopped": True}, {**GOOD, "honours": "EW150", "stopped": True}),
        (PASS, PASS),
        ({"passed_out": True, "honours": "none", "stopped": False}, PASS),
    ],
)
def test_br_9_1_to_entry_normalises(entry: dict[str, Any], normalised: dict[str, Any]) -> None:
    parsed = GAME.parse_deal(entry, NO_FLAGS)
    assert GAME.to_entry(parsed) == normalised
    assert GAME.parse_deal(GAME.to_entry(parsed), NO_FLAGS) == parsed


@pytest.mark.parametrize(
    ("entry", "text"),
    [
        # The contract, the declarer's seat, and the result against the 6 + level tricks the contract needs.
        (deal("4♠X", "E", 10), "4♠X E ="),  # 4♠ needs 10
        (deal("4♠X", "S", 9), "4♠X S −1"),
        (deal("3NT", "N", 10), "3NT N +1"),  # 3NT needs 9
        (deal("2♥", "E", 8), "2♥ E ="),
        (deal("6♠", "S", 13, "NS100"), "6♠ S +1, honours N-S 100"),  # 6♠ needs 12
        (deal("1♥", "S", 6, stopped=True), "1♥ S −1; the match stops"),  # 1♥ needs 7
        (deal("7NT", "W", 1), "7NT W −12"),  # 7NT needs 13
        (deal("1♣XX", "W", 13), "1♣XX W +6"),
        (PASS, "passed out"),
    ],
)
def test_br_9_1_rows_read_as_bridge_players_write_them(entry: dict[str, Any], text: str) -> None:
    assert GAME.describe(GAME.parse_deal(entry, NO_FLAGS), PLAYERS) == text


def test_br_9_1_the_result_is_tapped_against_the_contract_and_the_entry_keeps_the_tricks() -> None:
    tricks = GAME.entry_spec(NO_FLAGS).field("tricks")
    results = tricks.entered_as
    assert results is not None
    assert (results.to, results.label) == ("level", "Result")
    # "=", "+1" to "+6" (1♣ and all 13 tricks), "−1" to "−13" (a grand slam and none), one tap each.
    assert [label for _offset, label in results.choices] == [
        "=", "+1", "+2", "+3", "+4", "+5", "+6",
        "−1", "−2", "−3", "−4", "−5", "−6", "−7", "−8", "−9", "−10", "−11", "−12", "−13",
    ]  # fmt: skip
    # BR-6.1: a contract at level n needs 6 + n tricks.
    assert results.value(tricks, 0, 4) == 10  # 4♠ =
    assert results.value(tricks, 1, 3) == 10  # 3NT +1
    assert results.value(tricks, -2, 2) == 6  # 2♥ −2
    assert results.value(tricks, -13, 7) == 0
    assert results.offset(9, 2) == 1
    for offset, level in ((4, 4), (-8, 1), (1, 7)):  # 14, −1 and 14 tricks
        with pytest.raises(RuleError) as caught:
            results.value(tricks, offset, level)
        assert (caught.value.field, caught.value.rule) == ("tricks", "BR-9.1")
    # The match file's field keeps the tricks, 0 to 13 (docs/match-file.md).
    assert [value for value, _label in tricks.choices] == list(range(14))


def test_br_6_7_honours_are_one_tap() -> None:
    honours = GAME.entry_spec(NO_FLAGS).field("honours")
    assert honours.kind is FieldKind.CHOICE and not honours.required


def test_br_1_1_seats_are_north_east_south_west() -> None:
    assert GAME.seat_labels == ("N", "E", "S", "W")
    assert GAME.seat_names == ("North", "East", "South", "West")


def test_r_br_2_rubber_or_chicago_is_asked_first() -> None:
    first = GAME.flags["br_chicago"].first
    assert first is not None
    assert (first.question, first.off, first.on) == (
        "Rubber or Chicago",
        "One rubber: the first side to win two games",
        "One round of Chicago: four deals",
    )
    assert [flag.name for flag in GAME.flags.values() if flag.first] == ["br_chicago"]


@pytest.mark.parametrize("flags", [NO_FLAGS, CHICAGO])
def test_br_3_1_roles_name_the_dealer_and_the_lead(flags: frozenset[str]) -> None:
    assert GAME.roles(2, PLAYERS, flags) == (
        "Cleo deals from South and calls first (BR-3.1, BR-4.1).",
        "The player on the declarer's left leads; the declarer's partner is dummy (BR-5.1, BR-5.2).",
    )


def test_br_3_1_deal_passes_clockwise() -> None:
    parsed = GAME.parse_deal(GOOD, NO_FLAGS)
    assert [GAME.next_dealer(dealer, parsed, flags) for flags in (NO_FLAGS, CHICAGO) for dealer in range(4)] == [
        1, 2, 3, 0, 1, 2, 3, 0,
    ]  # fmt: skip


# --- every contract against endplay's Law 77 scorer ---

DENOMS = {"C": Denom.clubs, "D": Denom.diamonds, "H": Denom.hearts, "S": Denom.spades, "NT": Denom.nt}
PENALTIES = (Penalty.passed, Penalty.doubled, Penalty.redoubled)
CONTRACTS = [(level, strain, doubled) for level in range(1, 8) for strain in DENOMS for doubled in range(3)]
# Chicago deals 1 to 4 with North dealing deal 1: East deals deal 2 (E-W vulnerable), South deal 3 (N-S).
CHICAGO_VUL = {1: Vul.none, 2: Vul.ew, 3: Vul.ns, 4: Vul.both}


def endplay_score(declarer: int, level: int, strain: str, doubled: int, tricks: int, vul: Vul) -> int:
    played = Contract(
        level=level,
        denom=DENOMS[strain],
        declarer=Player(declarer),
        penalty=PENALTIES[doubled],
        result=tricks - 6 - level,
    )
    return played.score(vul)


def for_declarer(score: DealScore, declarer: int) -> int:
    side = declarer % 2
    return int(score.points[side]) - int(score.points[1 - side])


def entry_of(declarer: int, level: int, strain: str, doubled: int, tricks: int) -> dict[str, Any]:
    return {"declarer": declarer, "level": level, "strain": strain, "doubled": doubled, "tricks": tricks}


@pytest.mark.parametrize("number", [1, 2, 3, 4])
def test_br_8_3_chicago_agrees_with_endplay_on_every_contract(number: int) -> None:
    carry = None if number == 1 else Table(deals=number - 1, first_dealer=0)
    dealer = number - 1
    wrong = {}
    for (level, strain, doubled), declarer, tricks in itertools.product(CONTRACTS, range(4), range(14)):
        entry = entry_of(declarer, level, strain, doubled, tricks)
        score = GAME.score_deal(GAME.parse_deal(entry, CHICAGO), dealer, CHICAGO, 0, carry)
        expected = endplay_score(declarer, level, strain, doubled, tricks, CHICAGO_VUL[number])
        if for_declarer(score, declarer) != expected:
            wrong[declarer, level, strain, doubled, tricks] = (for_declarer(score, declarer), expected)
    assert wrong == {}


@pytest.mark.parametrize("games", [(0, 0), (1, 0), (0, 1), (1, 1)])
def test_br_7_rubber_agrees_with_endplay_but_for_the_game_premiums(games: tuple[int, int]) -> None:
    # A rubber scores Law 77 without BR-6.6's premium (BR-7.4), and with the rubber premium on a second game (BR-7.5).
    vul = {(0, 0): Vul.none, (1, 0): Vul.ns, (0, 1): Vul.ew, (1, 1): Vul.both}[games]
    table = Table(games=games)
    wrong = {}
    for (level, strain, doubled), declarer, tricks in itertools.product(CONTRACTS, range(4), range(14)):
        side = declarer % 2
        vulnerable = games[side] == 1
        per_trick = {"C": 20, "D": 20, "H": 30, "S": 30, "NT": 30}[strain]
        trick_score = (per_trick * level + (10 if strain == "NT" else 0)) * (1, 2, 4)[doubled]  # BR-6.1
        entry = entry_of(declarer, level, strain, doubled, tricks)
        score = GAME.score_deal(GAME.parse_deal(entry, NO_FLAGS), 0, NO_FLAGS, 0, table)
        expected = endplay_score(declarer, level, strain, doubled, tricks, vul)
        if tricks >= 6 + level:
            game = trick_score >= 100
            expected -= (500 if vulnerable else 300) if game else 50
            if game and vulnerable:
                expected += 500 if games[1 - side] else 700
        if for_declarer(score, declarer) != expected:
            wrong[declarer, level, strain, doubled, tricks] = (for_declarer(score, declarer), expected)
    assert wrong == {}


def test_br_every_contract_was_compared() -> None:
    assert len(CONTRACTS) * 4 * 14 == 5_880


# --- properties ---

entries = st.fixed_dictionaries(
    {
        "declarer": st.integers(0, 3),
        "level": st.integers(1, 7),
        "strain": st.sampled_from(["C", "D", "H", "S", "NT"]),
        "doubled": st.integers(0, 2),
        "tricks": st.integers(0, 13),
    }
) | st.just(PASS)


def until_the_end(sequence: list[dict[str, Any]], flags: frozenset[str]) -> list[dict[str, Any]]:
    """The entries of ``sequence`` up to the end of the match (a deal after the end is refused)."""
    kept: list[dict[str, Any]] = []
    for entry in sequence:
        kept.append(entry)
        if play(kept, flags).outcome is not None:
            break
    return kept


@settings(max_examples=60, deadline=None)
@given(sequence=st.lists(entries, max_size=14), chicago=st.booleans(), first_dealer=st.integers(0, 3))
def test_br_7_br_8_one_side_scores_per_deal_and_lines_add_up(
    sequence: list[dict[str, Any]], chicago: bool, first_dealer: int
) -> None:
    flags = CHICAGO if chicago else NO_FLAGS
    kept = until_the_end(sequence, flags)
    played = play(kept, flags, first_dealer)
    for entry, score in zip(kept, played.scores, strict=True):
        for side in (0, 1):
            assert sum(line.points for line in score.lines if line.side == side) == score.points[side]
        if entry == PASS:
            assert score.points == (0, 0)
        else:
            assert sorted(score.points)[0] == 0 and max(score.points) > 0  # exactly one side scores
    assert played.totals == [
        (sum(p[0] for p in played.points[: n + 1]), sum(p[1] for p in played.points[: n + 1])) for n in range(len(kept))
    ]
    carry = played.scores[-1].carry if kept else None
    if chicago:
        assert (played.outcome is not None) == (sum(score.counts for score in played.scores) == 4)
    else:
        games = carry.games if carry else (0, 0)
        assert max(games) <= 2
        assert (played.outcome is not None) == (2 in games)


@settings(max_examples=60, deadline=None)
@given(
    sequence=st.lists(
        st.tuples(entries, st.sampled_from(["none", "NS150", "EW150"]), st.booleans()), min_size=1, max_size=10
    ),
    flags=st.sampled_from([NO_FLAGS, PARTSCORE_50, CHICAGO, CARRY, NONDEALER]),
)
def test_br_6_7_br_7_8_lines_add_up_with_honours_and_stops(
    sequence: list[tuple[dict[str, Any], str, bool]], flags: frozenset[str]
) -> None:
    kept: list[dict[str, Any]] = []
    for entry, honours, stopped in sequence:
        candidate = entry if entry == PASS else {**entry, "honours": honours, "stopped": stopped}
        try:
            played = play([*kept, candidate], flags)
        except EntryError:
            continue  # a stop the rules refuse (R-BR-4)
        kept.append(candidate)
        for score in played.scores:
            table = score.carry
            for side in (0, 1):
                assert sum(line.points for line in score.lines if line.side == side) == score.points[side]
                # BR-7.1: what a deal writes below the line, above it and as the closing premium is all it scores.
                written = table.wrote_below[side] + table.wrote_above[side] + table.wrote_premium[side]
                assert written == score.points[side]
            if flags in (CHICAGO, NONDEALER):
                assert table.wrote_below == (0, 0)  # BR-8.3: Chicago scored deal by deal has no line
        if played.outcome is not None:
            break


# --- fixtures ---


def test_br_fixture_sample_deals_score_as_worked_by_hand() -> None:
    for sample in json.loads((FIXTURES / "contract_bridge" / "deals.json").read_text(encoding="utf-8")):
        flags = frozenset(sample.get("flags", []))
        GAME.check_flags(flags)
        parsed = GAME.parse_deal(sample["entry"], flags)
        score = GAME.score_deal(parsed, 0, flags, 0, None)
        assert list(score.points) == sample["points"], sample["rule"]
        assert GAME.to_entry(parsed) == sample["entry"], sample["rule"]


@pytest.mark.parametrize(("name", "finished"), [("finished", True), ("running", False)])
def test_br_demo_match_files(name: str, finished: bool) -> None:
    doc = json.loads((FIXTURES / "demo" / f"contract_bridge-{name}.json").read_text(encoding="utf-8"))
    assert doc["game"] == "contract_bridge" and len(doc["players"]) == 4
    played = play(doc["deals"], frozenset(doc["flags"]), doc["first_dealer"])
    assert (played.outcome is not None) is finished
    for entry, score in zip(doc["deals"], played.scores, strict=True):
        assert GAME.to_entry(GAME.parse_deal(entry, frozenset(doc["flags"]))) == entry  # stored normalised
        assert score.points is not None
