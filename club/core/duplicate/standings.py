"""The night's standings: each pair's total over the boards it played, ranked in its field (docs/rules/duplicate.md
DP-6.1 to DP-6.3)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from club.core.duplicate.imps import butler, cross_imps
from club.core.duplicate.matchpoints import HUNDRED, matchpoints
from club.core.duplicate.movements import Movement
from club.core.duplicate.travellers import Traveller
from scoring.core.base import Flags


class Scoring(StrEnum):
    """How a night is scored: matchpoints (DP-4), or IMPs against a datum (DP-5.2) or across the field (DP-5.3)."""

    MATCHPOINTS = "matchpoints"
    BUTLER = "butler"
    CROSS_IMPS = "cross_imps"


@dataclass(frozen=True, slots=True)
class Standing:
    """One pair's night: the boards scored, its matchpoints or IMPs, the tops of those boards (matchpoints only) and
    its rank in its field, ``"2="`` when shared."""

    pair: int
    boards: int
    points: Fraction
    top: Fraction
    rank: str = ""

    @property
    def percent(self) -> Fraction | None:
        """DP-6.2: the matchpoints as a percentage of the tops; None at IMPs, or before any board is scored."""
        return self.points / self.top * HUNDRED if self.top else None


def fields(movement: Movement) -> tuple[tuple[int, ...], ...]:
    """DP-6.1: the pairs ranked together: in a Mitchell the N-S pairs apart from the E-W pairs, in a Howell all."""
    if movement.kind == "howell":
        return (movement.pairs,)
    return (movement.pairs[: movement.tables], movement.pairs[movement.tables :])


def standings(
    movement: Movement, travellers: Mapping[int, Traveller], scoring: Scoring, flags: Flags = frozenset()
) -> tuple[tuple[Standing, ...], ...]:
    """DP-6.1 to DP-6.3: each field's standings, best first: every pair's total over the boards scored so far,
    ranked by percentage at matchpoints and by total IMPs at IMPs."""
    boards: dict[int, int] = {pair: 0 for pair in movement.pairs}
    points: dict[int, Fraction] = {pair: Fraction(0) for pair in movement.pairs}
    tops: dict[int, Fraction] = {pair: Fraction(0) for pair in movement.pairs}
    for traveller in travellers.values():
        lines = [line for line in traveller.lines if line.score is not None]
        scores = traveller.scores
        if scoring is Scoring.MATCHPOINTS:
            figures = [(m.ns, m.ew, m.top) for m in matchpoints(scores, traveller.expected, flags)]
        else:
            imps = butler(scores, flags) if scoring is Scoring.BUTLER else cross_imps(scores)
            figures = [(i.ns, i.ew, Fraction(0)) for i in imps]
        for line, (ns, ew, top) in zip(lines, figures, strict=True):
            for pair, won in ((line.ns, ns), (line.ew, ew)):
                boards[pair] += 1
                points[pair] += won
                tops[pair] += top
    ranked = []
    for field in fields(movement):
        totals = [Standing(pair, boards[pair], points[pair], tops[pair]) for pair in field]
        if scoring is Scoring.MATCHPOINTS:
            keys = [total.percent or Fraction(0) for total in totals]
        else:
            keys = [total.points for total in totals]
        ranks = rank(keys)
        order = sorted(range(len(totals)), key=lambda index: (-keys[index], totals[index].pair))
        ranked.append(
            tuple(Standing(totals[i].pair, totals[i].boards, totals[i].points, totals[i].top, ranks[i]) for i in order)
        )
    return tuple(ranked)


def rank(values: Sequence[Fraction]) -> list[str]:
    """DP-6.3: each value's rank, highest first: one more than the number of higher values, with ``=`` when others
    share it (10, 20, 20, 40 rank 4, 2=, 2=, 1)."""
    return [
        f"{sum(1 for other in values if other > value) + 1}{'=' if values.count(value) > 1 else ''}" for value in values
    ]
