"""Values shared by every game's scoring module, and the protocol they follow.

Seats and sides. A seat is one player's place at the table: ``players``, the dealer, a declarer or
a maker are seats. A side is who scores together: ``Game.sides`` lists the seats of each side, and
everything about points is indexed by side, not by seat: ``DealScore.points``, ``Line.side``,
``Progress.totals``, ``Outcome.winners`` and a match's totals. In Bridgette, Draw Bridge, Call
Bridge and Klaberjass each side is one seat (side ``i`` is seat ``i``), so their numbers read the
same either way; the partnership games, Contract Bridge and Belote, have two sides of two seats
(seats 0 and 2 against 1 and 3). A side is named by its players joined with " & " (`side_names`).

What passes from one deal to the next. The match evaluator (scoring/core/match.py) scores the deals
in order and hands each deal two things from the deal before: ``held_over``, a pot of points waiting
for a later deal's winner (Klaberjass's R-KJ-9, Belote's litige), and ``carry``, any immutable value
the game defines (Contract Bridge's rubber: the games won and the part-scores below the line). A
deal's `DealScore` gives both on; ``Progress.carry`` is the last deal's carry, for ``outcome`` and
``stage``. Before the first deal, ``held_over`` is 0 and ``carry`` None.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum
from typing import Any, NamedTuple, ParamSpec, Protocol, TypeVar, runtime_checkable

from vocabulary.i18n import Plural, _, render

# Points are whole numbers, except under `cb_decimal_overtricks` (R-CB-2), where
# Call Bridge scores tenths and uses Decimal. Never a float.
Points = int | Decimal

Entry = Mapping[str, Any]
Flags = frozenset[str]


class EntryError(ValueError):
    """A deal entry or match file that cannot be accepted.

    ``field`` names the offending field (``"tricks"``, ``"calls[2]"``),
    ``rule`` the rule ID (docs/rules/) it breaks (or ``"match-file"`` for a shape error),
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
        if self.deal is None:
            return _("{field}: {message} ({rule})").format(field=self.field, message=self.message, rule=self.rule)
        return _("deal {deal}, {field}: {message} ({rule})").format(
            deal=self.deal, field=self.field, message=self.message, rule=self.rule
        )


class EntryErrors(EntryError):
    """Every error of one entry, each on its own field, so that a player sees them all at once (the
    entry form's preview). It reads as its first error: a caller that shows one error shows that one."""

    def __init__(self, errors: Sequence[EntryError]) -> None:
        first = errors[0]
        super().__init__(first.field, first.rule, first.message, first.deal)
        self.errors = tuple(errors)

    def at_deal(self, number: int) -> EntryError:
        for error in self.errors:
            error.at_deal(number)
        return super().at_deal(number)


_P = ParamSpec("_P")
_T = TypeVar("_T")


class Reading:
    """Reads an entry field by field, keeping each refusal and going on to the next field; ``done()``
    then raises them together (one error as itself, several as `EntryErrors`). A reader that needs a
    field refused earlier is skipped: its value is None."""

    __slots__ = ("errors",)

    def __init__(self) -> None:
        self.errors: list[EntryError] = []

    def __call__(self, reader: Callable[_P, _T], *args: _P.args, **kwargs: _P.kwargs) -> _T | None:
        try:
            return reader(*args, **kwargs)
        except EntryError as error:
            self.errors.append(error)
            return None

    def done(self) -> None:
        if len(self.errors) == 1:
            raise self.errors[0]
        if self.errors:
            raise EntryErrors(self.errors)


class FormatError(EntryError):
    """The input cannot be read as an entry at all (wrong type, missing field)."""

    def __init__(self, field: str, message: str, deal: int | None = None, rule: str = "match-file") -> None:
        super().__init__(field, rule, message, deal)


class RuleError(EntryError):
    """The input was read, but breaks a rule of the game."""


@dataclass(frozen=True, slots=True)
class FirstChoice:
    """A flag asked first, as a choice between two forms of the game, rather than among the house rules:
    ``question_en`` ("Rubber or Chicago"), then ``off_en`` (the flag off: "One rubber") or ``on_en``
    ("One round of Chicago"). All three are msgids, worded where they are shown."""

    question_en: str
    off_en: str
    on_en: str

    @property
    def question(self) -> str:
        return _(self.question_en)

    @property
    def off(self) -> str:
        return _(self.off_en)

    @property
    def on(self) -> str:
        return _(self.on_en)


@dataclass(frozen=True, slots=True)
class Flag:
    """A house-rule flag from docs/rules/: off by default (docs/rules/README.md).

    ``text_en`` is its description in English, the msgid (marked with ``gettext_noop`` where the flag
    table is written); ``text`` is that description in the active language. A flag with a ``first``
    choice is the choice of the game's form, asked before the players (the new-match form)."""

    name: str
    rule: str
    text_en: str
    first: FirstChoice | None = None

    @property
    def text(self) -> str:
        return _(self.text_en)


@dataclass(frozen=True, slots=True, eq=False)
class Line:
    """One line of a deal's breakdown: which side gets how many points, and why.

    The why is kept as its English msgid, ``message`` (marked with ``gettext_noop``), and the
    ``values`` of its named placeholders; ``text`` words it in the active language when it is read
    (a `Plural` message, from ``ngettext_lazy``, in the form its count asks for).
    So a line is language-free and may be built once and cached (the games cache many), and a deal
    that is scored but not shown (a total, the match's end) never words its lines. A value that is a
    `Word` (a side's label, "N-S") or a `Text` is worded too. Lines are equal when they read the same.
    """

    side: int
    points: Points
    rule: str
    message: str | Plural
    values: Mapping[str, Any] | None = None

    @property
    def text(self) -> str:
        return render(self.message, self.values)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Line):
            return NotImplemented
        return (self.side, self.points, self.rule, self.text) == (other.side, other.points, other.rule, other.text)

    def __hash__(self) -> int:
        return hash((self.side, self.points, self.rule, self.text))

    def __repr__(self) -> str:
        return f"Line(side={self.side!r}, points={self.points!r}, rule={self.rule!r}, text={self.text!r})"

    @property
    def seat(self) -> int:
        """The side under the field's former name, for readers not yet moved to ``side``.

        Only equal to a seat in a game whose sides are single seats (not Contract Bridge or Belote)."""
        return self.side


class DealScore(NamedTuple):
    """The points of one deal, one per side, and the lines that add up to them.

    ``counts`` is False for a deal that does not count towards a fixed match
    length (a passed-out Bridgette deal under `bg_passout_redeal`, a passed-out Chicago deal).
    ``held_over`` is the pot carried into the next deal (`kj_tie_points_hang`, a Belote litige).
    ``carry`` is what the game hands on to the next deal's ``score_deal`` and to ``outcome`` and
    ``stage`` (``Progress.carry``): an immutable value of the game's own, None when it needs none.
    """

    points: tuple[Points, ...]
    lines: tuple[Line, ...]
    counts: bool = True
    held_over: int = 0
    carry: Any = None


class DealState(NamedTuple):
    """A deal's state for the JSON sheet (docs/match-file.md), in codes that read the same in every language.

    ``result`` is the deal's result kind ("made", "down", "dedans", "litige", "capot", "passed_out"...);
    ``values`` the game's own state of the deal (Contract Bridge's vulnerability and games, Belote's takers),
    each value a number, a bool, a code, None or a list of them, indexed by side where it is a side's."""

    result: str
    values: Mapping[str, Any] = {}


def deal_state(game: Game, deal: Any, score: DealScore, flags: Flags, *, dealer: int, before: Any) -> DealState:
    """The deal's `DealState`, from the game's optional ``deal_state(deal, score, flags, dealer=, before=)`` method
    (``before`` is the carry the deal was scored from, None before the first). Without one, the deal value's own
    ``result_code`` where it has one (a contract: made, down, passed_out), else the name of the game's no-play switch
    for a deal with no play ("passed_out", "annulled"), else "played"."""
    own = getattr(game, "deal_state", None)
    if own is not None:
        state: DealState = own(deal, score, flags, dealer=dealer, before=before)
        return state
    code = getattr(deal, "result_code", None)
    if isinstance(code, str):
        return DealState(code)
    no_play = game.entry_spec(flags).no_play
    if no_play is not None and game.to_entry(deal).get(no_play) is True:
        return DealState(no_play)
    return DealState("played")


class Undertaking(NamedTuple):
    """What one side undertook in a deal, and whether it made it: a contract declared, a call, trumps taken. ``side``
    indexes `Game.sides`; ``made`` follows the game's own rule (a contract's book and level, a call's tricks, the
    takers' total against the defenders')."""

    side: int
    made: bool


def undertakings(game: Game, deal: Any, score: DealScore, flags: Flags) -> tuple[Undertaking, ...]:
    """What each side undertook in ``deal`` and whether it made it, from the game's optional
    ``undertakings(deal, score, flags)`` method: one `Undertaking` per contract, call or taking, none for a deal with
    no play (passed out, annulled). A game without the method undertakes nothing a player's statistics count."""
    own = getattr(game, "undertakings", None)
    if own is None:
        return ()
    found: tuple[Undertaking, ...] = own(deal, score, flags)
    return found


def scoring_form(game: Game, flags: Flags) -> str | None:
    """The match's scoring form as a code (Contract Bridge's "rubber" or "chicago"), from the game's optional
    ``scoring_form(flags)`` method; None for a game with one form only."""
    own = getattr(game, "scoring_form", None)
    return None if own is None else str(own(flags))


class Ranking(StrEnum):
    """What an event's standings compare (docs/rules/club.md, CL-3): a game lists them in its order as its optional
    ``standings_order``, read by `standings_order`."""

    WINS = "wins"  # matches won (CL-3.1)
    POINTS = "points"  # points scored (CL-3.2)
    DIFFERENCE = "difference"  # points scored less points conceded (CL-3.3)
    HEAD_TO_HEAD = "head_to_head"  # the matches won against the entrants still level (CL-3.4)


# A game that lists none ranks its entrants by matches won, then difference, then head to head (CL-3.5).
DEFAULT_STANDINGS_ORDER = (Ranking.WINS, Ranking.DIFFERENCE, Ranking.HEAD_TO_HEAD)


def standings_order(game: Game) -> tuple[Ranking, ...]:
    """How an event of ``game`` ranks its entrants, first comparison first: the game's optional
    ``standings_order``, else matches won, difference and head to head (CL-3.5)."""
    own = getattr(game, "standings_order", None)
    return DEFAULT_STANDINGS_ORDER if own is None else tuple(own)


class Progress(NamedTuple):
    """Where a match stands after some deals: what end rules look at."""

    totals: tuple[Points, ...]  # one per side
    deals_played: int
    deals_counted: int
    target: int | None
    names: tuple[str, ...]  # each side's name (side_names), for the reasons an end rule gives
    carry: Any = None  # the last deal's DealScore.carry; None before the first deal


@dataclass(frozen=True, slots=True)
class Outcome:
    """A finished match: the winning sides (all sides for a draw) and why, in the active language
    (an outcome is made when a match is evaluated, and never cached)."""

    winners: tuple[int, ...]
    rule: str
    reason: str


class FieldKind(StrEnum):
    """How a deal-entry field is entered at the table."""

    SWITCH = "switch"  # on or off: the field that marks a deal with no play (passed out, annulled)
    SEAT = "seat"  # one of the players, tapped by name; the entry holds the seat number
    CHOICE = "choice"  # one of a few values, tapped (a level, a strain, a call)
    NUMBER = "number"  # a whole number typed in, from ``low`` to ``high`` (card points)


Choice = int | str  # a choice's value, as the match file writes it


@dataclass(frozen=True, slots=True)
class Relative:
    """How a field is tapped when players say it as a difference from what another field leads them to
    expect: Contract Bridge's tricks are said "=", "+1" or "−2" against the 6 + level tricks its contract
    needs (BR-6.1). The entry and the match file keep the field's own value, ``base + entry[to] + offset``;
    only the entry form shows and posts the offsets.

    ``choices`` are (offset, label) pairs in the order shown, their labels signs and figures that read the same
    in every language ("=", "+1", "−2"); ``label_en`` names the field so entered ("Result"); ``refused_en``
    says that an offset is out of the field's range, with the placeholders {offset} (its label), {par} (what
    the other field leads one to expect) and {value} (what the offset would make). Both texts are msgids."""

    to: str
    base: int
    label_en: str
    choices: tuple[tuple[int, str], ...]
    refused_en: str

    @property
    def label(self) -> str:
        return _(self.label_en)

    def par(self, to_value: int) -> int:
        """What the other field's value leads one to expect: 6 + level tricks."""
        return self.base + to_value

    def value(self, field: EntryField, offset: int, to_value: int) -> int:
        """The field's own value for ``offset`` (tricks from "+1"); RuleError on ``field`` with its rule when
        that value is not one the field allows."""
        par = self.par(to_value)
        value = par + offset
        allowed = [choice for choice, _text in field.choices_en]
        if value not in allowed:
            label = next((text for choice, text in self.choices if choice == offset), str(offset))
            message = _(self.refused_en).format(offset=label, par=par, value=value)
            raise RuleError(field.name, field.rule, message)
        return value

    def offset(self, value: int, to_value: int) -> int:
        """The offset a stored value is tapped as (tricks 9 at level 2 is "+1")."""
        return value - self.par(to_value)


@dataclass(frozen=True, slots=True)
class EntryField:
    """One field of a deal entry: its match-file key, how it is entered, and the rule that bounds it.

    ``label`` is what the entry form shows; a per-seat field has one value per seat (a list in the
    match file, ``calls_0``, ``calls_1``... in the form) and its label is a noun that follows a
    player's name: "Anna's call". The texts are kept as English msgids (``label_en``, ``choices_en``,
    ``none_label_en``, marked with ``gettext_noop``) and read in the active language (``label``,
    ``choices``, ``none_label``). ``choices`` are (value, label) pairs in the order shown; ``low``
    and ``high`` bound a NUMBER (and a SEAT: 0 to seats - 1). A field that is not ``required`` may
    be left out of an entry: it then reads as ``initial`` (None for an optional seat, whose "no one"
    choice is labelled ``none_label``). ``total`` is what a per-seat field's values add up to in every
    deal (Call Bridge's tricks, 13): the entry form says so at the field before a save, with ``rule``.
    ``entered_as`` says that the entry form asks for the field as a difference from another field's
    (`Relative`: a contract's result, "=", "+1", "−2"); the entry keeps the field's own value.
    """

    name: str
    label_en: str
    kind: FieldKind
    rule: str
    choices_en: tuple[tuple[Choice, str], ...] = ()
    low: int | None = None
    high: int | None = None
    per_seat: bool = False
    required: bool = True
    initial: Choice | None = None
    none_label_en: str = ""
    total: int | None = None
    entered_as: Relative | None = None

    @property
    def label(self) -> str:
        return _(self.label_en)

    @property
    def choices(self) -> tuple[tuple[Choice, str], ...]:
        """(value, label) pairs, each label in the active language; a label that spells its value (a number)
        is no msgid, and stays as it is."""
        return tuple((value, text if text == str(value) else _(text)) for value, text in self.choices_en)

    @property
    def none_label(self) -> str:
        return _(self.none_label_en) if self.none_label_en else ""


@dataclass(frozen=True, slots=True)
class EntrySpec:
    """The fields of one game's deal entry, in the order the entry form shows them.

    ``no_play`` names the SWITCH field that marks a deal with no play (``passed_out``,
    ``annulled``): such a deal's entry is that field alone, set to true. ``by_seat`` lays per-seat
    fields out seat by seat (each player's call, then their tricks) rather than field by field.

    ``first`` names the fields entered before the play: at the table the calls are written down when
    they are made and the tricks once the deal is played. The match page saves the ``first`` fields on
    their own as the deal in progress (every phone sees them, and they can be corrected until the
    deal is saved), then asks for the rest. ``first_title`` names them together ("Calls"; its msgid is
    ``first_title_en``). A whole
    entry may still be given at once (the API, an import, the edit page). ``first_from_dealer`` is
    the seat, counted on from the dealer in the players' order, of the player who makes the first
    call: the first fields are listed in calling order from there (`calling_order`).
    """

    fields: tuple[EntryField, ...]
    no_play: str | None = None
    by_seat: bool = False
    first: tuple[str, ...] = ()
    first_title_en: str = ""
    first_from_dealer: int = 1

    def calling_order(self, dealer: int | None, seats: int) -> list[int]:
        """The seats in the order the first fields are made (the calls), from the dealer of the deal;
        in seat order when the dealer is not known."""
        start = 0 if dealer is None else (dealer + self.first_from_dealer) % seats
        return [(start + step) % seats for step in range(seats)]

    @property
    def first_title(self) -> str:
        return _(self.first_title_en) if self.first_title_en else ""

    def field(self, name: str) -> EntryField:
        return next(field for field in self.fields if field.name == name)


def numbers(low: int, high: int) -> tuple[tuple[Choice, str], ...]:
    """The whole numbers from ``low`` to ``high`` as choices, each labelled by itself."""
    return tuple((value, str(value)) for value in range(low, high + 1))


def seat_field(name: str, label: str, seats: int, rule: str, *, none_label: str = "") -> EntryField:
    """A seat chosen by the player's name; with ``none_label`` it may be no one (None). Both labels are msgids."""
    optional = bool(none_label)
    return EntryField(
        name, label, FieldKind.SEAT, rule, low=0, high=seats - 1, required=not optional, none_label_en=none_label
    )


def one_seat_sides(seats: int) -> tuple[tuple[int, ...], ...]:
    """Sides for a game without partners: every seat scores for itself."""
    return tuple((seat,) for seat in range(seats))


def side_names(game: Game, players: Sequence[str]) -> tuple[str, ...]:
    """Each side's name: its players joined with " & " (for a one-seat side, the player's name)."""
    return tuple(" & ".join(players[seat] for seat in side) for side in game.sides)  # "&" reads in every language


def match_name(game: Game, players: Sequence[str]) -> str:
    """The match as the table says it, its sides one against the other: "Anna v Ben", "Anna & Cleo v Ben & Dan"
    (the word between them in the reader's language)."""
    # Translators: the word between the sides of a match, with its spaces ("Anna v Ben").
    return _(" v ").join(side_names(game, players))


def side_titles(game: Game, players: Sequence[str]) -> tuple[str, ...]:
    """Each side's name with the game's label for it, where it has one: "N-S: Anna & Cleo"."""
    names = side_names(game, players)
    if not game.side_labels:
        return names
    template = _("{label}: {name}")
    return tuple(template.format(label=label, name=name) for label, name in zip(game.side_labels, names, strict=True))


def seat_titles(game: Game, players: Sequence[str]) -> tuple[str, ...]:
    """Each player with the game's label for their seat, where it has one: "S · Sam"; else the name alone."""
    if not game.seat_labels:
        return tuple(players)
    # Translators: a seat's label and the player sitting there, on a button or in a column: "S · Sam".
    template = _("{seat} · {name}")
    return tuple(template.format(seat=seat, name=name) for seat, name in zip(game.seat_labels, players, strict=True))


class PlayedDeal(Protocol):
    """A deal as the match evaluator scored it (scoring/core/match.py DealResult): what a score pad reads."""

    @property
    def number(self) -> int: ...

    @property
    def dealer(self) -> int: ...

    @property
    def deal(self) -> Any: ...

    @property
    def score(self) -> DealScore: ...


class PadPart(StrEnum):
    """What a group of a score pad's rows is, for how it is drawn."""

    ABOVE = "above"  # the points above the line; the line is drawn under the group
    GAME = "game"  # one game's trick scores below the line; a line under it once the game is won
    DEALS = "deals"  # one row per deal (Chicago's four)


@dataclass(frozen=True, slots=True)
class PadRow:
    """One row of a score pad: its heading (``label``, "Deal 3"), one cell per side (None: nothing written),
    the pad's extra columns (``marks``: a deal's dealer and vulnerability) and a ``note`` after the heading."""

    label: str
    cells: tuple[Points | None, ...]
    marks: tuple[str, ...] = ()
    note: str = ""


@dataclass(frozen=True, slots=True)
class PadGroup:
    """Rows a score pad draws together, under a ``title``; ``closed``: a line is drawn under them (a game won)."""

    part: PadPart
    title: str
    rows: tuple[PadRow, ...]
    closed: bool = False


@dataclass(frozen=True, slots=True)
class Pad:
    """A game's own score pad, laid out as its players keep one on paper (a rubber's above and below the line):
    a ``caption``, the headings of its extra columns (``marks``), its groups of rows, the rows at its foot
    (premiums, the total) and the ``heading`` of its row headings' column. Its columns are the game's sides;
    every text is in the active language."""

    caption: str
    marks: tuple[str, ...]
    groups: tuple[PadGroup, ...]
    foot: tuple[PadRow, ...]
    heading: str = ""  # the row headings' column, where one word names them all ("Deal"); else unnamed


class Game(Protocol):
    """What every game module provides. One module per game, listed in GAMES.

    Everything outside the game's own modules asks it, never names it (docs/style.md 15): the entry
    form, the API schema and the CSV columns come from ``entry_spec``, the standings panel from
    ``roles``, the score sheet's columns from ``sides``, the new-match form from the setup below.
    """

    name: str
    rule_prefix: str  # "BG", "CB", "DB", "KJ", "BR", "BL": the rule IDs' prefix
    flags: Mapping[str, Flag]

    # Setup: who sits where, and what the new-match form asks and says.
    seats: int
    sides: tuple[tuple[int, ...], ...]  # the seats of each side, in side order (see the module docstring)
    target_required: bool
    suggested_target: int | None  # prefilled in the new-match form (a product choice)
    target_rule: str  # the rule that sets the target ("R-CB-5"...)
    dealer_rule: str  # the rule for the first dealer and rotation ("BG-3.1"...)
    held_over_rule: str | None  # the rule under which points wait for a later deal (R-KJ-9), if any

    # The game's words, in the active language each time they are read (`vocabulary.i18n.Translated`).
    @property
    def title(self) -> str: ...

    @property
    def summary(self) -> str: ...

    @property
    def side_labels(self) -> tuple[str, ...]:
        """Each side's label at the table where the rules give one ("N-S"), else ()."""

    @property
    def seat_labels(self) -> tuple[str, ...]:
        """Each seat's short label where the rules name the seats ("N", "E", "S", "W"), else (): shown beside
        the players' names on the seat buttons and the score sheet (`seat_titles`)."""

    @property
    def seat_names(self) -> tuple[str, ...]:
        """Each seat's name where the rules name the seats ("North"...), else (): the new-match form's labels."""

    @property
    def seating(self) -> str:
        """How the players are listed, for the new-match form: "Two players."."""

    @property
    def target_text(self) -> str:
        """What the new-match form says about the target, with its rule."""

    def default_target(self, flags: Flags) -> int | None:
        """The target a match gets when none is given (None: no target)."""

    def check_target(self, target: int | None, flags: Flags) -> None:
        """Raise RuleError for a target this game refuses with these flags (None: none was given).

        The match reader checks the type and range and that a required target is there."""

    def check_flags(self, flags: Flags) -> None:
        """Raise RuleError for a combination of flags that cannot be played."""

    def entry_spec(self, flags: Flags) -> EntrySpec:
        """The fields of a deal entry under these flags, bounded by the constants parse_deal uses."""

    def roles(self, dealer: int, players: tuple[str, ...], flags: Flags) -> tuple[str, ...]:
        """Short sentences for the coming deal: who deals, who calls first, who leads, with rule IDs."""

    def parse_deal(self, entry: Entry, flags: Flags) -> Any:
        """Validate one deal entry (match-file shape); return the game's deal value."""

    def score_deal(self, deal: Any, dealer: int, flags: Flags, held_over: int, carry: Any = None) -> DealScore:
        """Score a validated deal. ``held_over`` is the pot from earlier deals; ``carry`` the previous deal's
        ``DealScore.carry`` (None before the first deal, and for a deal scored on its own, as the referee does)."""

    def next_dealer(self, dealer: int, deal: Any, flags: Flags) -> int:
        """Who deals the deal after this one."""

    def outcome(self, progress: Progress, flags: Flags) -> Outcome | None:
        """The match's result if it is over after ``progress``, else None."""

    def stage(self, progress: Progress, flags: Flags) -> str:
        """A short label for the coming deal: "Deal 3 of 6", "Target 500"."""

    def describe(self, deal: Any, players: tuple[str, ...]) -> str:
        """The deal in short form: "4♠X by Anna, 10 tricks" (the history's "was ...; now ...", the undo page).

        A score sheet's row says what came of it as well, where the game defines the optional
        ``describe_result`` (`ResultWords`, `row_words`)."""

    def pad(self, played: Sequence[PlayedDeal], players: tuple[str, ...], flags: Flags) -> Pad | None:
        """The game's own score pad for the deals played, drawn beside the score sheet; None if it has none."""

    def to_entry(self, deal: Any) -> dict[str, Any]:
        """The deal back in match-file shape: the normalised entry, every field present."""

    # Optional, read through `deal_state`, `scoring_form`, `undertakings` and `standings_order` above (a game may
    # leave them out): ``deal_state(deal, score, flags, *, dealer, before) -> DealState``, ``scoring_form(flags) ->
    # str``, ``undertakings(deal, score, flags) -> tuple[Undertaking, ...]`` and ``standings_order: tuple[Ranking,
    # ...]``, how an event's standings rank its entrants (docs/rules/club.md).


@runtime_checkable
class ResultWords(Protocol):
    """The optional part of the `Game` protocol that a score sheet's rows read: a game that has it
    says on each row what came of the deal; a game without it is described by ``describe``."""

    def describe_result(self, deal: Any, score: DealScore, players: tuple[str, ...], flags: Flags) -> str:
        """The deal as its row on a score sheet says it: what was played and what came of it, in the
        words of the game's players, citing the rule where one applies ("4♠X by Anna, down 1 (BG-7.3)",
        "Anna makes ♦ and is bate, 60–92 (KJ-9.2)"): a player reads the row without opening the
        breakdown. ``score`` is the deal's own score as the match scored it, ``flags`` the house rules."""
        ...


RowWords = Callable[[Any, DealScore, tuple[str, ...], Flags], str]


def row_words(game: Game) -> RowWords:
    """How ``game`` words a score sheet's row (``(deal, score, players, flags) -> text``): its own
    ``describe_result`` where it has one (`ResultWords`), else its ``describe``. Asked once per sheet."""
    if isinstance(game, ResultWords):
        return game.describe_result
    describe = game.describe
    return lambda deal, _score, players, _flags: describe(deal, players)
