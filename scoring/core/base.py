"""Values shared by every game's scoring module, and the protocol they follow."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Protocol

# Points are whole numbers, except under `cb_decimal_overtricks` (R-CB-2), where
# Call Bridge scores tenths and uses Decimal. Never a float.
Points = int | Decimal

Entry = Mapping[str, Any]
Flags = frozenset[str]


class EntryError(ValueError):
    """A deal entry or match file that cannot be accepted.

    ``field`` names the offending field (``"tricks"``, ``"calls[2]"``),
    ``rule`` the RULES.md ID it breaks (or ``"match-file"`` for a shape error),
    and ``deal`` the 1-based deal number once the match evaluator knows it.
    """

    def __init__(self, field: str, rule: str, message: str, deal: int | None = None) -> None:
        super().__init__(message)
        self.field = field
        self.rule = rule
        self.message = message
        self.deal = deal

    def at_deal(self, number: int) -> EntryError:
        """This error, now located at deal ``number`` (the match evaluator knows it, the game does not)."""
        self.deal = number
        return self

    def as_dict(self) -> dict[str, Any]:
        return {"deal": self.deal, "field": self.field, "rule": self.rule, "message": self.message}

    def __str__(self) -> str:
        where = f"deal {self.deal}, " if self.deal is not None else ""
        return f"{where}{self.field}: {self.message} ({self.rule})"


class FormatError(EntryError):
    """The input cannot be read as an entry at all (wrong type, missing field)."""

    def __init__(self, field: str, message: str, deal: int | None = None, rule: str = "match-file") -> None:
        super().__init__(field, rule, message, deal)


class RuleError(EntryError):
    """The input was read, but breaks a rule of the game."""


@dataclass(frozen=True, slots=True)
class Flag:
    """A house-rule flag from RULES.md §5: off by default (RULES.md 0.3)."""

    name: str
    rule: str
    text: str


@dataclass(frozen=True, slots=True)
class Line:
    """One line of a deal's breakdown: who gets how many points, and why."""

    seat: int
    points: Points
    rule: str
    text: str


@dataclass(frozen=True, slots=True)
class DealScore:
    """The points of one deal, one per seat, and the lines that add up to them.

    ``counts`` is False for a deal that does not count towards a fixed match
    length (a passed-out Bridgette deal under `bg_passout_redeal`).
    ``held_over`` is the pot carried into the next deal (`kj_tie_points_hang`).
    """

    points: tuple[Points, ...]
    lines: tuple[Line, ...]
    counts: bool = True
    held_over: int = 0


@dataclass(frozen=True, slots=True)
class Progress:
    """Where a match stands after some deals: what end rules look at."""

    totals: tuple[Points, ...]
    deals_played: int
    deals_counted: int
    target: int | None
    players: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Outcome:
    """A finished match: the winning seats (all seats for a draw) and why."""

    winners: tuple[int, ...]
    rule: str
    reason: str


class Game(Protocol):
    """What every game module provides. One module per game, listed in GAMES."""

    name: str
    title: str
    summary: str
    seats: int
    rule_prefix: str  # "BG", "CB", "DB", "KJ": the RULES.md section prefix
    flags: Mapping[str, Flag]
    target_required: bool
    suggested_target: int | None  # prefilled in the new-match form (a product choice)
    target_rule: str  # the rule that sets the target ("R-CB-5"...)
    dealer_rule: str  # the rule for the first dealer and rotation ("BG-3.1"...)

    def default_target(self, flags: Flags) -> int | None:
        """The target a match gets when none is given (None: no target)."""

    def check_flags(self, flags: Flags) -> None:
        """Raise RuleError for a combination of flags that cannot be played."""

    def parse_deal(self, entry: Entry, flags: Flags) -> Any:
        """Validate one deal entry (match-file shape); return the game's deal value."""

    def score_deal(self, deal: Any, dealer: int, flags: Flags, held_over: int) -> DealScore:
        """Score a validated deal. ``held_over`` is the pot from earlier deals."""

    def next_dealer(self, dealer: int, deal: Any, flags: Flags) -> int:
        """Who deals the deal after this one."""

    def outcome(self, progress: Progress, flags: Flags) -> Outcome | None:
        """The match's result if it is over after ``progress``, else None."""

    def stage(self, progress: Progress, flags: Flags) -> str:
        """A short label for the coming deal: "Deal 3 of 6", "Target 500"."""

    def describe(self, deal: Any, players: tuple[str, ...]) -> str:
        """The deal in short form for a score sheet: "4♠X by Anna, 10 tricks"."""

    def to_entry(self, deal: Any) -> dict[str, Any]:
        """The deal back in match-file shape (a normalised entry)."""
