"""What a replay returns: the verdict on a recorded hand, and whose turn is next."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from scoring.core.base import DealScore
from scoring.core.cards import Card


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


@dataclass(frozen=True, slots=True)
class Violation:
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


@dataclass(frozen=True, slots=True)
class Trick:
    """A finished (or, last in the list, unfinished) trick and who won it and why."""

    number: int
    leader: int
    plays: tuple[tuple[int, Card], ...]
    winner: int | None = None
    reason: str = ""
    points: int = 0
    counts: bool = True  # False for Draw Bridge's phase-1 tricks (DB-3.4)


@dataclass(frozen=True, slots=True)
class Turn:
    """Who acts next and what the rules allow them: card codes, or call words.

    How the page enters a turn of this ``kind`` is the game's setup's to say (`Setup.entry`).
    """

    seat: int
    kind: str  # "play", "call", "draw", "exchange", "trump", "declare"...
    allowed: tuple[str, ...]
    prompt: str


@dataclass(frozen=True, slots=True)
class Verdict:
    """The referee's answer for a hand record (RULES.md "Referee checks")."""

    violations: tuple[Violation, ...]
    tricks: tuple[Trick, ...]
    tricks_won: tuple[int, ...]
    card_points: tuple[int, ...] | None
    complete: bool
    deal_entry: dict[str, Any] | None = None
    score: DealScore | None = None
    next_turn: Turn | None = None
    notes: tuple[str, ...] = field(default=())
    # What each seat holds once the recorded events are replayed (the page offers these cards).
    hands: tuple[tuple[Card, ...], ...] = field(default=())

    @property
    def legal(self) -> bool:
        return not self.violations
