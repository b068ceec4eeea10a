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


class Remedy(NamedTuple):
    """What the game's rules give for one fault (docs/hand-record.md, "Remedies"): ``rule`` is the remedy's own rule
    ID in docs/rules/ (``BR-10.5``), ``source`` the law or book it rests on (``Law 64A1``), ``text`` the remedy in
    words. ``established`` says whether a revoke can no longer be corrected (None where that does not apply);
    ``tricks`` is how many tricks go to the side ``to_side`` (an index of ``Game.sides``); ``chooser`` the seats
    that may choose and ``options`` the choices, where the rules give one."""

    rule: str
    text: str
    source: str = ""
    established: bool | None = None
    tricks: int = 0
    to_side: int | None = None
    chooser: tuple[int, ...] = ()
    options: tuple[str, ...] = ()


class RulingStep(NamedTuple):
    """One change the remedies make to the deal as played, with its rule ("2 tricks to N-S: ...")."""

    rule: str
    text: str
    source: str = ""  # the law or book the rule rests on ("Law 64A1")


class Ruling(NamedTuple):
    """The deal as ruled: its entry after every remedy, that entry's score, and the steps that led there. A verdict
    has one only when the deal is complete and a remedy changes its entry or score."""

    entry: dict[str, Any]
    score: DealScore
    steps: tuple[RulingStep, ...]


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
    remedy: Remedy | None = None  # what the rules give for it, where the game says


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
    """The referee's answer for a hand record (docs/rules/, each game's "Referee checks")."""

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
    # The deal as ruled, when a remedy changes it (None: the deal's score as played stands).
    ruling: Ruling | None = None

    @property
    def legal(self) -> bool:
        return not self.violations
