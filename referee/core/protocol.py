"""What each game's referee provides, and the record builder that turns one tap into an event.

A game's referee reads a record (``parse``) and replays it into a `Verdict` (``replay``), and has its `Setup`
(referee.core.setup). The registry (referee.core.games.REFEREES) lists one `Referee` per game: its name, its record
reader, its replay class and its setup, with what every game answers the same way from its setup: what is still
missing before a replay (`setup_problems`) and the event a tap records (`build_event`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from referee.core.setup import EventField, Setup, ValueKind, setup_problems
from referee.core.tricks import TrickState
from referee.core.verdict import RecordError, Verdict
from vocabulary.cards import CardError, parse_card, parse_cards
from vocabulary.i18n import _

# A number in a tap: one or two ASCII digits (no event counts past 99). Anything else is kept as posted,
# and the game's parser refuses it by its path; str.isdigit() and int() would also take ², ① and ٣.
_NUMBER = re.compile(r"[0-9]{1,2}")


@dataclass(frozen=True, slots=True)
class Tap:
    """One tap of the Check a hand page that records an event.

    ``kind`` is a kind of turn (`Turn.kind`) or of aside (Klaberjass's ``dix``); ``fields`` are the
    posted fields by name (``card``, ``cards`` as a list or ``cards_text``, ``call``, ``choice``,
    ``announce``); ``at`` is the place the event takes in the record's events, for the error paths.
    """

    kind: str
    seat: int
    fields: Mapping[str, Any]
    at: int = 0


def _tap_value(field: EventField, tap: Tap, path: str) -> Any:
    """The value of one event field from the tap, in the record's notation (cards by code); None to leave it out."""
    posted = tap.fields
    if field.kind is ValueKind.CARDS:
        tokens = posted.get(field.name) or str(posted.get(f"{field.name}_text") or "").split()
        if not tokens and not field.always:
            return None
        return [card.code for card in parse_cards(list(tokens), path)]
    value = posted.get(field.name, "")
    if value in ("", None) and not field.always:
        return None
    if field.kind is ValueKind.CARD:
        return parse_card(value, path).code
    if field.kind is ValueKind.NUMBER and isinstance(value, str) and _NUMBER.fullmatch(value):
        return int(value)
    return value


def build_event(setup: Setup, tap: Tap) -> dict[str, Any]:
    """The record builder: the event one tap records, in the shape of the game's record (its setup's
    `EventKind`), its cards written by code (``10♥`` is stored as ``TH``).

    Only the shape is made here; whether the event is legal is the replay's to judge. A RecordError
    names the path of what cannot be read (``events[12].card``).
    """
    kind = setup.event_kind(tap.kind)
    if kind is None:
        raise RecordError(
            "kind", _("an event is one of {kinds}, not {kind}").format(kinds=", ".join(setup.taps), kind=repr(tap.kind))
        )
    event: dict[str, Any] = {"type": kind.type, "seat": tap.seat}
    for field in kind.fields:
        path = f"events[{tap.at}].{field.name}"
        try:
            value = _tap_value(field, tap, path)
        except CardError as error:
            raise RecordError(error.path or path, error.message) from None
        if value is not None:
            event[field.name] = value
    return event


RecordT = TypeVar("RecordT")


class RefereeGame(Protocol):
    """What each game's referee provides (one module or package per game, listed in REFEREES)."""

    @property
    def name(self) -> str: ...

    @property
    def setup(self) -> Setup: ...

    def parse(self, doc: Mapping[str, Any]) -> Any:
        """Read a hand record of this game; raise RecordError with its path."""

    def replay(self, record: Any) -> Verdict:
        """Replay every event, flagging each illegal one and going on after it."""

    def setup_problems(self, record: Mapping[str, Any]) -> list[str]:
        """What is still missing before the hand can be replayed ("Ben's hand has 9 of 13 cards")."""

    def build_event(self, tap: Tap) -> dict[str, Any]:
        """The event of the game's record that one tap records."""


@dataclass(frozen=True, slots=True)
class Referee(Generic[RecordT]):
    """A game's referee as the registry lists it: its name, its record reader (``deal.read_record``, given the record
    and the name), its replay class, of which one instance replays one record (``run``), and its setup."""

    name: str
    read: Callable[[Mapping[str, Any], str], RecordT]
    replay_of: Callable[[RecordT], TrickState[Any]]
    setup: Setup

    def parse(self, doc: Mapping[str, Any]) -> RecordT:
        return self.read(doc, self.name)

    def replay(self, record: RecordT) -> Verdict:
        """The game's verdict; on a record of the plays only (its ``plays_only``), with notes saying what such a
        record cannot check (`Setup.plays_only_notes`)."""
        verdict = self.replay_of(record).run()
        if not getattr(record, "plays_only", False):
            return verdict
        return verdict._replace(notes=(*verdict.notes, *self.setup.plays_only_notes()))

    def setup_problems(self, record: Mapping[str, Any]) -> list[str]:
        return setup_problems(self.setup.for_record(record), record)

    def build_event(self, tap: Tap) -> dict[str, Any]:
        return build_event(self.setup, tap)
