"""The history of a match in a player's words: each change says what happened to which deal, and shows
the deal before and after as the game describes it ("4♠X by Anna, 10 tricks"), never the stored entry.

The history page (every change) and the report (its last corrections) read their rows from here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring.core.base import EntryError, Game
from scoring.models import Change, Match


def describe_entry(game: Game, entry: Any, flags: Iterable[str], players: Sequence[str]) -> str:
    """A stored deal entry in the game's own words; an entry the game no longer reads says so, with the rule."""
    if not isinstance(entry, dict):
        return ""
    try:
        return game.describe(game.parse_deal(entry, frozenset(flags)), tuple(players))
    except EntryError as error:
        text = _("an entry %(game)s does not read: %(error)s (%(rule)s)")
        return text % {"game": game.title, "error": error.message, "rule": error.rule}


@dataclass(frozen=True, slots=True)
class ChangeRow:
    change: Change
    who: str
    what: str  # "Edited deal 3", "Imported 6 deals"
    before: str  # the deal before the change, described; "" when there was none
    after: str
    ruling: tuple[str, ...] = ()  # the referee's faults and remedies behind the change, "text (rule)" each


def ruling_lines(change: Change) -> tuple[str, ...]:
    """What the referee found, for a deal it put in (Change.ruling): each fault or remedy with its rule."""
    ruling = change.ruling
    faults = ruling.get("faults") if isinstance(ruling, dict) else None
    if not isinstance(faults, list):
        return ()
    lines = []
    for fault in faults:
        if isinstance(fault, dict) and isinstance(fault.get("text"), str):
            rule = fault.get("rule")
            lines.append(f"{fault['text']} ({rule})" if isinstance(rule, str) and rule else fault["text"])
    return tuple(lines)


def what_changed(change: Change) -> str:
    """The change in a few words: "Added deal 3", "Removed deal 6", "Imported 6 deals"."""
    if change.action == Change.Action.IMPORTED:
        count = change.after.get("deals") if isinstance(change.after, dict) else None
        if not isinstance(count, int):
            return _("Imported")
        return ngettext("Imported %(count)s deal", "Imported %(count)s deals", count) % {"count": count}
    if not change.number:
        return str(change.get_action_display())
    # Each action a whole phrase, so that a language may put the deal's number where it goes.
    if change.action == Change.Action.ADDED:
        return _("Added deal %(number)s") % {"number": change.number}
    if change.action == Change.Action.EDITED:
        return _("Edited deal %(number)s") % {"number": change.number}
    if change.action == Change.Action.REMOVED:
        return _("Removed deal %(number)s") % {"number": change.number}
    if change.action == Change.Action.CONFIRMED:
        return _("Confirmed deal %(number)s") % {"number": change.number}
    if change.action == Change.Action.DISPUTED:
        return _("Disputed deal %(number)s: “%(reason)s”") % {"number": change.number, "reason": change.reason}
    if change.action == Change.Action.WITHDRAWN:
        return _("Withdrew the dispute of deal %(number)s") % {"number": change.number}
    return _("%(action)s deal %(number)s") % {"action": change.get_action_display(), "number": change.number}


def account_name(change: Change) -> str:
    """Who made a change, by login name, for the owner's own pages."""
    return _("(deleted account)") if change.user is None else str(change.user.get_username())


def change_rows(
    match: Match, changes: Iterable[Change], who: Callable[[Change], str] = account_name
) -> list[ChangeRow]:
    """One row per change, in the order given; ``who(change)`` names whoever made it."""
    game, flags, players = match.rules, match.flags, match.players
    rows = []
    for change in changes:
        imported = change.action == Change.Action.IMPORTED
        rows.append(
            ChangeRow(
                change=change,
                who=who(change),
                what=what_changed(change),
                before="" if imported else describe_entry(game, change.before, flags, players),
                after="" if imported else describe_entry(game, change.after, flags, players),
                ruling=ruling_lines(change),
            )
        )
    return rows
