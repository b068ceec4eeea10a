"""The Law 77 scoring table (scoring/core/law77.py, docs/rules/contract_bridge.md BR-6.1 to BR-6.6).

Expected values are worked by hand from the rules document; the last tests compare every contract, vulnerable and
not, with endplay's Law 77 scorer.
"""

from __future__ import annotations

import pytest
from endplay.types import Contract, Denom, Penalty, Player, Vul

from scoring.core import law77
from vocabulary.words import Doubling, Strain

C, D, H, S, NT = Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES, Strain.NO_TRUMP
NONE, X, XX = Doubling.UNDOUBLED, Doubling.DOUBLED, Doubling.REDOUBLED
STRAINS = {"♣": C, "♦": D, "♥": H, "♠": S, "NT": NT}


def contract(text: str) -> tuple[int, Strain, Doubling]:
    """``"4♠X"`` as (4, ♠, doubled)."""
    body = text.rstrip("X")
    return int(body[0]), STRAINS[body[1:]], Doubling(len(text) - len(body))


# --- BR-6.1 trick score ---


@pytest.mark.parametrize(
    ("text", "points", "working"),
    [
        ("1♣", 20, "1 × 20"),
        ("3♦", 60, "3 × 20"),
        ("5♣", 100, "5 × 20"),
        ("2♥", 60, "2 × 30"),
        ("4♠", 120, "4 × 30"),
        ("7♠", 210, "7 × 30"),
        ("1NT", 40, "40"),
        ("2NT", 70, "40 + 30"),
        ("3NT", 100, "40 + 2 × 30"),
        ("7NT", 220, "40 + 6 × 30"),
        ("2♥X", 120, "2 × 30 × 2"),
        ("1NTX", 80, "40 × 2"),
        ("3NTX", 200, "(40 + 2 × 30) × 2"),
        ("1♣XX", 80, "1 × 20 × 4"),
        ("2NTXX", 280, "(40 + 30) × 4"),
        ("7NTXX", 880, "(40 + 6 × 30) × 4"),
    ],
)
def test_br_6_1_trick_score_counts_the_tricks_bid(text: str, points: int, working: str) -> None:
    level, strain, doubling = contract(text)
    assert law77.trick_score(level, strain, doubling) == points
    assert law77.trick_working(level, strain, doubling) == working


@pytest.mark.parametrize(
    ("text", "game"),
    [("3NT", True), ("2NT", False), ("4♥", True), ("3♠", False), ("5♦", True), ("4♣", False), ("2♥X", True),
     ("1NTX", False), ("2♦X", False), ("3♣X", True), ("1♠XX", True), ("1♦XX", False)],
)  # fmt: skip
def test_br_6_1_a_trick_score_of_100_is_a_game(text: str, game: bool) -> None:
    assert law77.is_game(law77.trick_score(*contract(text))) is game


# --- BR-6.2 overtricks ---


@pytest.mark.parametrize(
    ("strain", "doubling", "vulnerable", "value"),
    [
        (C, NONE, False, 20),
        (D, NONE, True, 20),
        (H, NONE, False, 30),
        (S, NONE, True, 30),
        (NT, NONE, False, 30),  # not 40: only the first trick bid at no trump is 40
        (C, X, False, 100),
        (NT, X, True, 200),
        (D, XX, False, 200),
        (S, XX, True, 400),
    ],
)
def test_br_6_2_overtrick_values(strain: Strain, doubling: Doubling, vulnerable: bool, value: int) -> None:
    assert law77.overtrick_value(strain, doubling, vulnerable) == value
    assert law77.overtrick_points(3, strain, doubling, vulnerable) == 3 * value
    assert law77.overtrick_points(0, strain, doubling, vulnerable) == 0


# --- BR-6.3 insult, BR-6.4 slams, BR-6.6 game and part-score premiums ---


def test_br_6_3_insult_is_50_doubled_100_redoubled() -> None:
    assert [law77.insult_premium(doubling) for doubling in Doubling] == [0, 50, 100]


@pytest.mark.parametrize(
    ("level", "not_vulnerable", "vulnerable"), [(1, 0, 0), (5, 0, 0), (6, 500, 750), (7, 1000, 1500)]
)
def test_br_6_4_slam_premiums(level: int, not_vulnerable: int, vulnerable: int) -> None:
    assert law77.slam_premium(level, False) == not_vulnerable
    assert law77.slam_premium(level, True) == vulnerable


@pytest.mark.parametrize(
    ("trick_points", "vulnerable", "premium"),
    [(100, False, 300), (100, True, 500), (240, False, 300), (90, False, 50), (90, True, 50), (20, True, 50)],
)
def test_br_6_6_game_premium_or_part_score_premium(trick_points: int, vulnerable: bool, premium: int) -> None:
    assert law77.game_premium(trick_points, vulnerable) == premium


# --- BR-6.5 undertricks ---


@pytest.mark.parametrize(
    ("doubling", "vulnerable", "penalties"),
    [
        (NONE, False, (50, 100, 150, 200, 250)),
        (NONE, True, (100, 200, 300, 400, 500)),
        (X, False, (100, 300, 500, 800, 1100)),
        (X, True, (200, 500, 800, 1100, 1400)),
        (XX, False, (200, 600, 1000, 1600, 2200)),
        (XX, True, (400, 1000, 1600, 2200, 2800)),
    ],
)
def test_br_6_5_undertrick_penalties_down_1_to_5(
    doubling: Doubling, vulnerable: bool, penalties: tuple[int, ...]
) -> None:
    assert tuple(law77.undertrick_penalty(down, doubling, vulnerable) for down in range(1, 6)) == penalties


@pytest.mark.parametrize(
    ("down", "doubling", "vulnerable", "penalty", "working"),
    [
        (1, NONE, False, 50, "50"),
        (3, NONE, False, 150, "3 × 50"),
        (13, NONE, True, 1300, "13 × 100"),
        (3, X, False, 500, "100 + 2 × 200"),
        (4, X, False, 800, "100 + 2 × 200 + 300"),
        (3, X, True, 800, "200 + 2 × 300"),
        (13, X, True, 3800, "200 + 12 × 300"),  # E13
        (13, X, False, 3500, "100 + 2 × 200 + 10 × 300"),
        (6, XX, False, 2800, "200 + 2 × 400 + 3 × 600"),  # E12
        (2, XX, True, 1000, "400 + 600"),
    ],
)
def test_br_6_5_undertrick_penalty_and_its_working(
    down: int, doubling: Doubling, vulnerable: bool, penalty: int, working: str
) -> None:
    assert law77.undertrick_penalty(down, doubling, vulnerable) == penalty
    assert law77.undertrick_working(down, doubling, vulnerable) == working


# --- the worked examples E1 to E16 of contract_bridge.md ---


@pytest.mark.parametrize(
    ("example", "text", "vulnerable", "tricks", "score"),
    [
        ("E1", "4♠", False, 10, 420),
        ("E2", "4♠", True, 11, 650),
        ("E3", "3NT", False, 9, 400),
        ("E4", "2♥X", False, 8, 470),
        ("E5", "1NTXX", True, 8, 1160),
        ("E6", "6♥", True, 12, 1430),
        ("E7", "7NT", False, 13, 1520),
        ("E8", "2♣", False, 10, 130),
        ("E9", "3NT", True, 7, -200),
        ("E10", "4♠X", False, 7, -500),
        ("E11", "4♠X", True, 7, -800),
        ("E12", "6NTXX", False, 6, -2800),
        ("E13", "7NTX", True, 0, -3800),
        ("E14", "5♦X", False, 11, 550),
        ("E15", "4♠", False, 13, 510),
        ("E16", "1♣XX", False, 7, 230),
    ],
)
def test_br_6_worked_examples_duplicate_score(
    example: str, text: str, vulnerable: bool, tricks: int, score: int
) -> None:
    level, strain, doubling = contract(text)
    assert law77.duplicate_score(level, strain, doubling, tricks, vulnerable) == score


# --- every contract against endplay ---

DENOMS = {C: Denom.clubs, D: Denom.diamonds, H: Denom.hearts, S: Denom.spades, NT: Denom.nt}
PENALTIES = {NONE: Penalty.passed, X: Penalty.doubled, XX: Penalty.redoubled}
CONTRACTS = [(level, strain, doubling) for level in range(1, 8) for strain in Strain for doubling in Doubling]


def endplay_score(level: int, strain: Strain, doubling: Doubling, tricks: int, vulnerable: bool) -> int:
    played = Contract(
        level=level, denom=DENOMS[strain], declarer=Player.north, penalty=PENALTIES[doubling], result=tricks - 6 - level
    )
    return played.score(Vul.ns if vulnerable else Vul.none)


@pytest.mark.parametrize("vulnerable", [False, True])
@pytest.mark.parametrize(("level", "strain", "doubling"), CONTRACTS)
def test_br_6_law_77_agrees_with_endplay_on_every_contract(
    level: int, strain: Strain, doubling: Doubling, vulnerable: bool
) -> None:
    ours = {tricks: law77.duplicate_score(level, strain, doubling, tricks, vulnerable) for tricks in range(14)}
    theirs = {tricks: endplay_score(level, strain, doubling, tricks, vulnerable) for tricks in range(14)}
    assert ours == theirs


def test_br_6_every_contract_was_compared() -> None:
    assert len(CONTRACTS) * 14 * 2 == 2_940 == len(law77.DUPLICATE_SCORES)
