"""What a replay returns: the verdict on a recorded hand, and whose turn is next."""

from __future__ import annotations

from typing import Any, NamedTuple

from scoring.core.base import DealScore
from vocabulary.cards import Card
from vocabulary.i18n import Text


class RecordError(ValueError):
    """A hand record that cannot be read ("cannot parse", not "illegal").

    ``path`` locates the problem: ``"events[4].card"``, ``"hands[1][7]"``.
    """

    def __init__(self, path: str, message: str) -> None:
        super().__init__(message)
        self.path = path
        self.message = message

    def as_dict(self) -> dict[str, Any]:
        return {"path": self.path, "message": self.message}

    def __str__(self) -> str:
        return f"{self.path}: {self.message}"


class Violation(NamedTuple):
    """One illegal event. ``event`` is the 1-based index into the record's events.

    ``message`` says in words what happened and why it breaks the rules, and never cites a rule ID:
    the rule is ``rule``, which every place that shows a violation (the Check a hand page, the report,
    ``manage.py referee``, the API) shows beside the message, once.
    """

    event: int
    seat: int
    rule: str
    message: str
    trick: int | None = None
    card: Card | None = None


class Trick(NamedTuple):
    """A finished (or, last in the list, unfinished) trick and who won it and why."""

    number: int
    leader: int
    plays: tuple[tuple[int, Card], ...]
    winner: int | None = None
    # Why the winner won, worded when it is read (`str(reason)`, a template's ``{{ trick.reason }}``): a game
    # keeps a `Text` of its msgid and values, so a replay spends no time on words nobody reads. "" when none.
    reason: str | Text = ""
    points: int = 0
    counts: bool = True  # False for Draw Bridge's phase-1 tricks (DB-3.4)


class Turn(NamedTuple):
    """Who acts next and what the rules allow them: card codes, or call words.

    How the page enters a turn of this ``kind`` is the game's setup's to say (`Setup.entry`).
    """

    seat: int
    kind: str  # "play", "call", "draw", "exchange", "trump", "declare"...
    allowed: tuple[str, ...]
    prompt: str


class Verdict(NamedTuple):
    """The referee's answer for a hand record (RULES.md "Referee checks")."""

    violations: tuple[Violation, ...]
    tricks: tuple[Trick, ...]
    tricks_won: tuple[int, ...]
    card_points: tuple[int, ...] | None
    complete: bool
    deal_entry: dict[str, Any] | None = None
    score: DealScore | None = None
    next_turn: Turn | None = None
    notes: tuple[str, ...] = ()
    # What each seat holds once the recorded events are replayed (the page offers these cards).
    hands: tuple[tuple[Card, ...], ...] = ()

    @property
    def legal(self) -> bool:
        return not self.violations
