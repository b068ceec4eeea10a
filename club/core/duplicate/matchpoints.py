"""Matchpoints (docs/rules/duplicate.md DP-4.1 to DP-4.5): each N-S score on a board against the others, Law 78A.

Figures are exact fractions: factoring (DP-4.4) and the artificial scores (DP-4.5) give thirds and tenths, and a
page rounds them only to show them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from club.core.duplicate.boards import Artificial, Score
from scoring.core.base import Flags, RuleError
from vocabulary.i18n import _

ACBL_MATCHPOINTS = "dp_acbl_matchpoints"  # R-DP-3: 1 a score beaten and 1/2 a tie instead of 2 and 1
HUNDRED = Fraction(100)
HALF = Fraction(1, 2)


@dataclass(frozen=True, slots=True)
class Matchpoints:
    """One line's matchpoints for each side, out of the board's ``top``."""

    ns: Fraction
    ew: Fraction
    top: Fraction

    @property
    def ns_percent(self) -> Fraction:
        return _percent(self.ns, self.top)

    @property
    def ew_percent(self) -> Fraction:
        return _percent(self.ew, self.top)


def _percent(points: Fraction, top: Fraction) -> Fraction:
    """DP-4.3: the share of the top, as a percentage; a board only one table should play is an average, 50."""
    return points / top * HUNDRED if top else HUNDRED / 2


def matchpoints(scores: Sequence[Score], expected: int | None = None, flags: Flags = frozenset()) -> list[Matchpoints]:
    """DP-4.1 to DP-4.5: the matchpoints of each of a board's ``scores`` (N-S scores, or artificial scores), on a
    board that should have ``expected`` results (by default, as many as there are).

    Each N-S score scores 2 for each other N-S score it beats and 1 for each it ties (DP-4.1); E-W score the top,
    2 x (expected - 1), less N-S's (DP-4.2). When fewer real scores were compared than the board should have, each
    is factored up by Neuberg's formula (DP-4.4); an artificial score is compared with nothing and scores its share
    of the top (DP-4.5). Under `dp_acbl_matchpoints` every figure is halved: 1 a score beaten, 1/2 a tie (R-DP-3).
    """
    should = len(scores) if expected is None else expected
    if should < len(scores):
        message = _("a board expected to have {expected} results has {count}")
        raise RuleError("expected", "DP-4.4", message.format(expected=should, count=len(scores)))
    played = [score for score in scores if not isinstance(score, Artificial)]
    top = Fraction(2 * (should - 1))
    scale = HALF if ACBL_MATCHPOINTS in flags else Fraction(1)
    lines = []
    for score in scores:
        if isinstance(score, Artificial):  # DP-4.5
            ns = top * score.ns.percent / HUNDRED
            ew = top * score.ew.percent / HUNDRED
        else:
            compared = sum(2 if score > other else 1 if score == other else 0 for other in played) - 1
            ns = _factored(Fraction(compared), len(played), should)
            ew = top - ns
        lines.append(Matchpoints(ns * scale, ew * scale, top * scale))
    return lines


def _factored(points: Fraction, results: int, expected: int) -> Fraction:
    """DP-4.4, Neuberg's formula: matchpoints won among ``results`` scores, as if the board had ``expected``."""
    if results == expected:
        return points
    return (points + 1) * expected / results - 1
