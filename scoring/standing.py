"""Where a match stands, in words, for the list of matches: "Deal 4 of 6, Nora leads 320–180", "Dan won
603–167", and for a partnership game by side ("Anna & Cleo lead 320–180").

Totals are written with a real minus sign (U+2212), never a hyphen; two totals are joined by an en dash,
or by "to" when one of them is negative, so that a minus is never read as a dash.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from scoring.core.base import EntryError, Points
from scoring.core.match import MatchResult
from scoring.sheet import and_list
from scoring.sheet import points_text as signed


def pair(first: Points, second: Points) -> str:
    """Two totals, the first named's first: ``320–180``, ``20 to −30``."""
    if first < 0 or second < 0:
        return _("%(first)s to %(second)s") % {"first": signed(first), "second": signed(second)}
    return f"{signed(first)}\u2013{signed(second)}"


def _who(result: MatchResult, sides: list[int]) -> tuple[str, bool]:
    """The sides' names ("Anna", "Anna & Cleo", "Anna and Ben") and whether they take a plural verb."""
    names = [result.names[side] for side in sides]
    plural = len(sides) > 1 or len(result.match.rules.sides[sides[0]]) > 1
    return and_list(names), plural


def _score(result: MatchResult, ahead: list[int]) -> str:
    """The totals after "leads" or "won": ``320–180`` between two sides; with more, the top total and then
    the others by name: ``with 32 (Ben 25, Cleo −3)``."""
    totals = result.totals
    if len(totals) == 2:
        first = ahead[0]
        return pair(totals[first], totals[1 - first])
    others = sorted((side for side in range(len(totals)) if side not in ahead), key=lambda side: -totals[side])
    rest = ", ".join(f"{result.names[side]} {signed(totals[side])}" for side in others)
    if rest:
        return _("with %(total)s (%(others)s)") % {"total": signed(totals[ahead[0]]), "others": rest}
    return _("with %(total)s") % {"total": signed(totals[ahead[0]])}


def _level(result: MatchResult) -> str:
    """Every side on the same total: ``120–120``, or ``each on 12``."""
    totals = result.totals
    return pair(*totals) if len(totals) == 2 else _("each on %(total)s") % {"total": signed(totals[0])}


def result_text(result: MatchResult) -> str:
    """The evaluated match in words: its winner, or the coming deal and who leads."""
    totals = result.totals
    sides = list(range(len(totals)))
    if result.outcome is not None:
        if list(result.winners) == sides:
            return _("Drawn, %(score)s") % {"score": _level(result)}
        who, _plural = _who(result, list(result.winners))
        return _("%(who)s won %(score)s") % {"who": who, "score": _score(result, list(result.winners))}
    if not result.deals:
        return _("%(stage)s, not started") % {"stage": result.stage}
    top = max(totals)
    ahead = [side for side in sides if totals[side] == top]
    if ahead == sides:
        return _("%(stage)s, level at %(score)s") % {"stage": result.stage, "score": _level(result)}
    who, plural = _who(result, ahead)
    words = {"stage": result.stage, "who": who, "score": _score(result, ahead)}
    if plural:  # a partnership, or players level in front
        return _("%(stage)s, %(who)s lead %(score)s") % words
    return _("%(stage)s, %(who)s leads %(score)s") % words


def state_text(match: Any) -> str:
    """A stored match's state in words (its deals as already loaded); a match its game can no longer
    read says why rather than failing the page."""
    try:
        result = match.evaluate(list(match.deals.all()))
    except EntryError as error:
        return _("Cannot be scored: %(error)s") % {"error": error}

    return result_text(result)
