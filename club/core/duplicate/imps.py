"""IMPs for pairs (docs/rules/duplicate.md DP-5.1 to DP-5.4): the IMP scale of Law 78B, Butler scoring against a
datum, and cross-IMPs."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from club.core.duplicate.boards import Artificial, Score
from scoring.core.base import Flags

BUTLER_ALL_SCORES = "dp_butler_all_scores"  # R-DP-4: the datum averages every score, the highest and lowest too
FEWEST_TO_TRIM = 4  # R-DP-4: the highest and lowest N-S scores leave the datum from four scores on

# DP-5.1 (Law 78B): the least difference in points that wins each number of IMPs, from 1 to 24.
IMP_SCALE = (
    *(20, 50, 90, 130, 170, 220, 270, 320),
    *(370, 430, 500, 600, 750, 900, 1100, 1300),
    *(1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000),
)


@dataclass(frozen=True, slots=True)
class Imps:
    """One line's IMPs for each side."""

    ns: Fraction
    ew: Fraction


def imps(difference: int) -> int:
    """DP-5.1: a difference in points as IMPs on the scale of Law 78B, with its sign: 0 up to 10, 1 from 20 ... 24
    from 4000."""
    won = sum(1 for least in IMP_SCALE if abs(difference) >= least)
    return won if difference >= 0 else -won


def _artificial(score: Artificial) -> Imps:
    """DP-5.4: an artificial score is each side's own IMPs, +3, 0 or -3."""
    return Imps(Fraction(score.ns.imps), Fraction(score.ew.imps))


def datum(scores: Sequence[Score], flags: Flags = frozenset()) -> int | None:
    """DP-5.2: the mean of the board's N-S scores, the highest and lowest left out once there are four or more
    (R-DP-4; all of them under `dp_butler_all_scores`), rounded to the nearest 10, a half away from zero (R-DP-5).
    None when no table played the board."""
    played = sorted(score for score in scores if not isinstance(score, Artificial))
    if not played:
        return None
    if len(played) >= FEWEST_TO_TRIM and BUTLER_ALL_SCORES not in flags:
        played = played[1:-1]
    tens = Fraction(sum(played), 10 * len(played))
    rounded = int(abs(tens) + Fraction(1, 2))
    return 10 * (rounded if tens >= 0 else -rounded)


def butler(scores: Sequence[Score], flags: Flags = frozenset()) -> list[Imps]:
    """DP-5.2: each N-S score against the board's datum, in IMPs; E-W score the opposite."""
    middle = datum(scores, flags)
    lines = []
    for score in scores:
        if isinstance(score, Artificial):
            lines.append(_artificial(score))
        else:
            assert middle is not None  # a played score makes a datum
            won = Fraction(imps(score - middle))
            lines.append(Imps(won, -won))
    return lines


def cross_imps(scores: Sequence[Score]) -> list[Imps]:
    """DP-5.3: each N-S score against every other played N-S score, in IMPs, averaged over those comparisons (0 for
    a board played once, R-DP-6); E-W score the opposite."""
    played = [score for score in scores if not isinstance(score, Artificial)]
    lines = []
    for score in scores:
        if isinstance(score, Artificial):
            lines.append(_artificial(score))
            continue
        others = len(played) - 1
        won = Fraction(sum(imps(score - other) for other in played), others) if others else Fraction(0)
        lines.append(Imps(won, -won))
    return lines
