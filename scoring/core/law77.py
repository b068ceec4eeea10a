"""The duplicate bridge scoring table (Laws of Duplicate Bridge 2017, Law 77), as tables built once.

A deal of contract bridge scores with the same figures in every form of the game; duplicate, Chicago and rubber differ
only in which premiums a deal earns and where its points are written (docs/rules/contract_bridge.md BR-6.1 to BR-6.6).
This module holds the figures and the working a score line shows; each game decides which of them it scores: Contract
Bridge all of them, Draw Bridge the trick values and non-vulnerable penalties (DB-6.1, DB-6.2) and, under
`db_contract_bridge_scoring`, the whole table not vulnerable (R-DB-6).

Every function reads a table built below, keyed by the enums of vocabulary.words (a deal's values are those
members, so a look-up finds its key by identity). ``vulnerable`` is the declaring side's vulnerability, a bool; a
level is 1 to 7 (0 reads as no trick score), a trick count 0 to 13.
"""

from __future__ import annotations

from itertools import groupby

from vocabulary.words import Doubling, Strain

TRICKS_PER_DEAL = 13
GAME = 100  # a trick score of at least this much is a game (BR-6.1)
MULTIPLIERS = (1, 2, 4)  # by Doubling: undoubled, doubled, redoubled
FIRST_TRICK = {Strain.CLUBS: 20, Strain.DIAMONDS: 20, Strain.HEARTS: 30, Strain.SPADES: 30, Strain.NO_TRUMP: 40}
LATER_TRICK = {Strain.CLUBS: 20, Strain.DIAMONDS: 20, Strain.HEARTS: 30, Strain.SPADES: 30, Strain.NO_TRUMP: 30}
GAME_PREMIUMS = (300, 500)  # by vulnerability (BR-6.6)
PARTSCORE_PREMIUM = 50  # BR-6.6
INSULT_PREMIUMS = (0, 50, 100)  # by Doubling (BR-6.3)
SLAM_PREMIUMS = {6: (500, 750), 7: (1000, 1500)}  # by level, then vulnerability (BR-6.4)
DOUBLED_OVERTRICK = ((100, 200), (200, 400))  # doubled, redoubled; by vulnerability (BR-6.2)
# BR-6.5: what each undertrick costs, by doubling and vulnerability: the 1st, the 2nd and 3rd, the 4th and later.
UNDERTRICK_STEPS = {
    (Doubling.UNDOUBLED, False): (50, 50, 50),
    (Doubling.DOUBLED, False): (100, 200, 300),
    (Doubling.REDOUBLED, False): (200, 400, 600),
    (Doubling.UNDOUBLED, True): (100, 100, 100),
    (Doubling.DOUBLED, True): (200, 300, 300),
    (Doubling.REDOUBLED, True): (400, 600, 600),
}
VULNERABILITIES = (False, True)


def _trick_score(level: int, strain: Strain, doubling: Doubling) -> int:
    if level <= 0:
        return 0
    return (FIRST_TRICK[strain] + LATER_TRICK[strain] * (level - 1)) * MULTIPLIERS[doubling]


def _undertrick_values(undertricks: int, doubling: Doubling, vulnerable: bool) -> list[int]:
    """What each of ``undertricks`` undertricks costs, in order (BR-6.5)."""
    first, second, later = UNDERTRICK_STEPS[doubling, vulnerable]
    return [first if n == 1 else second if n <= 3 else later for n in range(1, undertricks + 1)]


def _working(values: list[int]) -> str:
    """``[100, 200, 200, 300]`` as ``100 + 2 × 200 + 300``: equal neighbours counted, not repeated."""
    parts = []
    for value, run in groupby(values):
        count = len(list(run))
        parts.append(str(value) if count == 1 else f"{count} × {value}")
    return " + ".join(parts)


def _trick_working(level: int, strain: Strain, doubling: Doubling) -> str:
    if strain is Strain.NO_TRUMP and level > 1:
        rate = f"40 + {level - 1} × 30" if level > 2 else "40 + 30"
        rate = f"({rate})" if doubling else rate
    elif strain is Strain.NO_TRUMP:
        rate = "40"
    else:
        rate = f"{level} × {FIRST_TRICK[strain]}"
    return rate + (f" × {MULTIPLIERS[doubling]}" if doubling else "")


# The tables every function below reads: a contract has 7 levels, 5 strains and 3 doublings, a deal at most 13
# tricks above or below it, and a side is vulnerable or not.
TRICK_SCORES = {
    (strain, doubling): tuple(_trick_score(level, strain, doubling) for level in range(8))
    for strain in Strain
    for doubling in Doubling
}
TRICK_WORKING = {
    (strain, doubling): ("", *(_trick_working(level, strain, doubling) for level in range(1, 8)))
    for strain in Strain
    for doubling in Doubling
}
OVERTRICK_VALUES = {
    (strain, doubling, vulnerable): (
        LATER_TRICK[strain] if not doubling else DOUBLED_OVERTRICK[doubling - 1][vulnerable]
    )
    for strain in Strain
    for doubling in Doubling
    for vulnerable in VULNERABILITIES
}
UNDERTRICK_PENALTIES = {
    key: tuple(sum(_undertrick_values(down, *key)) for down in range(TRICKS_PER_DEAL + 1)) for key in UNDERTRICK_STEPS
}
UNDERTRICK_WORKING = {
    key: ("", *(_working(_undertrick_values(down, *key)) for down in range(1, TRICKS_PER_DEAL + 1)))
    for key in UNDERTRICK_STEPS
}
SLAM_BY_LEVEL = tuple(SLAM_PREMIUMS.get(level, (0, 0)) for level in range(8))


def trick_score(level: int, strain: Strain, doubling: Doubling) -> int:
    """BR-6.1: the trick score of a made contract: 20 a trick bid in ♣ ♦, 30 in ♥ ♠, NT 40 then 30; ×2, ×4."""
    return TRICK_SCORES[strain, doubling][level]


def trick_working(level: int, strain: Strain, doubling: Doubling) -> str:
    """How BR-6.1's trick score is worked: ``4 × 30``, ``40 + 2 × 30``, ``(40 + 30) × 2``."""
    return TRICK_WORKING[strain, doubling][level]


def is_game(trick_points: int) -> bool:
    """BR-6.1: a trick score of 100 or more is a game; less is a part-score."""
    return trick_points >= GAME


def overtrick_value(strain: Strain, doubling: Doubling, vulnerable: bool) -> int:
    """BR-6.2: one overtrick: trick value undoubled (20, or 30 in ♥ ♠ NT); doubled 100 / 200, redoubled 200 / 400."""
    return OVERTRICK_VALUES[strain, doubling, vulnerable]


def overtrick_points(overtricks: int, strain: Strain, doubling: Doubling, vulnerable: bool) -> int:
    """BR-6.2: what ``overtricks`` overtricks are worth."""
    return OVERTRICK_VALUES[strain, doubling, vulnerable] * overtricks


def undertrick_penalty(undertricks: int, doubling: Doubling, vulnerable: bool) -> int:
    """BR-6.5: what the defenders score for ``undertricks`` (0 to 13).

    Undoubled 50 each, or 100 vulnerable. Doubled: 100, then 200 for the 2nd and 3rd, then 300 each; vulnerable
    200, then 300 each. Redoubled: twice the doubled figures.
    """
    return UNDERTRICK_PENALTIES[doubling, vulnerable][undertricks]


def undertrick_working(undertricks: int, doubling: Doubling, vulnerable: bool) -> str:
    """How BR-6.5's penalty is worked: ``100 + 2 × 200 + 300``."""
    return UNDERTRICK_WORKING[doubling, vulnerable][undertricks]


def insult_premium(doubling: Doubling) -> int:
    """BR-6.3: 50 for making a doubled contract, 100 a redoubled one, vulnerable or not."""
    return INSULT_PREMIUMS[doubling]


def slam_premium(level: int, vulnerable: bool) -> int:
    """BR-6.4: a slam bid and made: level 6 500 / 750, level 7 1000 / 1500; 0 below level 6."""
    return SLAM_BY_LEVEL[level][vulnerable]


def game_premium(trick_points: int, vulnerable: bool) -> int:
    """BR-6.6, deal by deal: 300 / 500 for a game, 50 for a part-score."""
    return GAME_PREMIUMS[vulnerable] if trick_points >= GAME else PARTSCORE_PREMIUM


def _duplicate_score(level: int, strain: Strain, doubling: Doubling, tricks: int, vulnerable: bool) -> int:
    needed = 6 + level
    if tricks < needed:
        return -undertrick_penalty(needed - tricks, doubling, vulnerable)
    points = trick_score(level, strain, doubling)
    return (
        points
        + overtrick_points(tricks - needed, strain, doubling, vulnerable)
        + game_premium(points, vulnerable)
        + slam_premium(level, vulnerable)
        + insult_premium(doubling)
    )


DUPLICATE_SCORES = {
    (level, strain, doubling, tricks, vulnerable): _duplicate_score(level, strain, doubling, tricks, vulnerable)
    for level in range(1, 8)
    for strain in Strain
    for doubling in Doubling
    for tricks in range(TRICKS_PER_DEAL + 1)
    for vulnerable in VULNERABILITIES
}


def duplicate_score(level: int, strain: Strain, doubling: Doubling, tricks: int, vulnerable: bool) -> int:
    """The whole Law 77 score of one deal for the declaring side: negative when the defenders score.

    A made contract: trick score, overtricks, game or part-score premium, slam and insult (BR-6.1 to BR-6.4,
    BR-6.6); a failed one: minus the undertrick penalty (BR-6.5). ``tricks`` are the declaring side's.
    """
    return DUPLICATE_SCORES[level, strain, doubling, tricks, vulnerable]
