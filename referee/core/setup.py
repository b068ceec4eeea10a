"""What a game's hand record holds and how one is recorded at the table: the game's referee setup.

Each game's referee gives a `Setup` (docs/style.md 15: a game is asked, never named). The Check a hand page
asks it for the pack to pick cards from, the size of a hand, the cards of the deal outside the hands
(`ExtraField`: the stock, the turn-up) and how each turn is entered (`TurnEntry`); the limits ask it for
the longest auction; the API's schema for the record's fields and event kinds (`EventKind`); the record
builder (referee.core.protocol) for the fields each tap turns into.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from vocabulary.cards import Card
from vocabulary.i18n import _, gettext_noop, ngettext

MAX_EVENTS = 400  # the most events a hand record may hold (referee.core.record.read_events)

# The note every verdict on a record of the plays only gives (docs/hand-record.md).
PLAYS_ONLY = gettext_noop(
    "No hands were recorded: each player's hand is taken to be the cards they play in this record, so a player who "
    "shows out of a suit and later plays it is flagged; a card held but never played cannot be seen."
)


def has_hands(record: Mapping[str, Any]) -> bool:
    """Whether a hand record gives its hands; one without them gives the plays only (docs/hand-record.md)."""
    return record.get("hands") is not None


@dataclass(frozen=True, slots=True)
class ExtraField:
    """Cards of the deal that the record holds outside the hands: ``stock``, ``upcard``, ``turn_up``...

    ``size`` is how many cards a deal puts there (a list's longest length; 1 for one card). A
    ``required`` field must be in before the hand can be replayed, so until it is, the limits deal it
    into the stand-in the parser reads. ``dealt`` is False for a field that holds no cards of its own
    in a whole deal: Bridgette's upcard is the stock's top card, given alone only when the stock is not.
    ``in_hand``: its card is one of a hand's too, so placing it there does not use the card up.

    The label and the noun are kept as English msgids (``label_en``, ``noun_en``, marked with
    ``gettext_noop``) and read in the active language (``label``, ``noun``), as scoring's EntryField does.
    """

    name: str
    label_en: str  # the page's label for its input
    noun_en: str  # how a sentence names it: "the stock", "the turn-up card"
    many: bool  # a list of cards (top first), or one card
    size: int
    required: bool = False
    dealt: bool = True
    in_hand: bool = False  # its card is also one of a hand's (Belote's turn-up, in the taker's hand as held)

    @property
    def label(self) -> str:
        return _(self.label_en)

    @property
    def noun(self) -> str:
        return _(self.noun_en)


class ValueKind(StrEnum):
    """What one field of an event holds."""

    CARD = "card"  # one card
    CARDS = "cards"  # a list of cards
    NUMBER = "number"  # a whole number
    WORD = "word"  # a call or a choice, written as a word ("pass", "3NT", "take")


@dataclass(frozen=True, slots=True)
class EventField:
    """A field of an event besides ``type`` and ``seat``, as the record writes it.

    A tap posts a field under the same name (a list of cards as ticked ``cards`` or typed
    ``cards_text``). An ``always`` field is recorded from every tap (no cards ticked: an empty list);
    another only when it was posted (Klaberjass's ``announce``) and may be left out of a record.
    """

    name: str
    kind: ValueKind
    text: str  # what it holds, for the API's schema
    words: tuple[str, ...] = ()  # the words a WORD field takes, where they are few enough to list
    always: bool = True


@dataclass(frozen=True, slots=True)
class EventKind:
    """One type of event a game's record holds, and its fields.

    ``turn`` is the kind of turn (`Turn.kind`) the event answers, which the page posts as the tap's
    kind; it is the event type itself unless the referee names the turn otherwise (Klaberjass's
    ``trump`` turn records a ``bid``).
    """

    type: str
    text: str
    fields: tuple[EventField, ...] = ()
    turn: str = ""

    @property
    def kind(self) -> str:
        return self.turn or self.type


class Entry(StrEnum):
    """How the Check a hand page takes the options of a turn."""

    CARD = "card"  # tap one card of the player's hand; those the rules allow are marked, any can be recorded
    CARDS = "cards"  # tick several cards of the player's hand, down to the hand's size (a discard)
    OPTION = "option"  # tap one of the options the rules allow: a call, a choice, the card to draw
    TYPED = "typed"  # type card codes, filled in with the cards the rules give


@dataclass(frozen=True, slots=True)
class TapOption:
    """A box to tick with the tap, posted as ``field=value``: Klaberjass's "announce bella" with a card.
    Its label is an English msgid (``label_en``), read in the active language (``label``)."""

    field: str
    value: str
    label_en: str

    @property
    def label(self) -> str:
        return _(self.label_en)


@dataclass(frozen=True, slots=True)
class AsideForm:
    """One player's form of an `Aside`: the cards typed in, and a button per event kind."""

    seat: int
    name: str
    label: str
    buttons: tuple[tuple[str, str], ...]  # (tap kind, button text)


@dataclass(frozen=True, slots=True)
class Aside:
    """Events either player may record while a turn waits, besides the turn itself.

    Klaberjass's dix swap and sequence declarations (KJ-5.3, KJ-6.2) come before a player's first card,
    whoever is on turn. Each player gets a form with one card-codes input (``cards_text``) and a button
    per event kind; ``{name}`` in a label or button text is the player's name. The texts are English
    msgids (``title_en``, ``label_en``, the buttons' texts), worded in the active language when read.
    """

    title_en: str
    label_en: str
    buttons: tuple[tuple[str, str], ...]  # (tap kind, button text's msgid)

    @property
    def title(self) -> str:
        return _(self.title_en)

    @property
    def label(self) -> str:
        return _(self.label_en)

    def forms(self, players: Sequence[str]) -> tuple[AsideForm, ...]:
        label = _(self.label_en)
        buttons = tuple((kind, _(text)) for kind, text in self.buttons)
        return tuple(
            AsideForm(
                seat,
                name,
                label.format(name=name),
                tuple((kind, text.format(name=name)) for kind, text in buttons),
            )
            for seat, name in enumerate(players)
        )


@dataclass(frozen=True, slots=True)
class TurnEntry:
    """How the page records a turn of one kind: the way its options are entered and the field posted.

    ``verb`` is the button's words (before each option for an OPTION turn with a verb: "Draw 7C");
    ``label`` names the cards (a CARDS fieldset's legend, a TYPED input's label). ``other`` labels a
    field for a value outside the options, recorded and then checked ("Another call"). ``options`` go
    with the tap; ``aside`` lists the events either player may record meanwhile.

    The words (``verb``, ``label``, ``other``) are English msgids, marked with ``gettext_noop``: `Setup.entry`
    hands out the entry worded in the active language (`worded`).
    """

    kind: str  # the Turn.kind it enters
    way: Entry
    field: str  # the posted field: "card", "cards", "cards_text", "call", "choice"
    verb: str = ""
    label: str = ""
    other: str = ""
    options: tuple[TapOption, ...] = ()
    aside: Aside | None = None

    def worded(self) -> TurnEntry:
        """This entry with its verb, label and other in the active language (an empty one stays empty)."""
        return replace(
            self,
            verb=_(self.verb) if self.verb else "",
            label=_(self.label) if self.label else "",
            other=_(self.other) if self.other else "",
        )


# What the games' setups share: an event's card, the turn that plays one card from the hand, and a call's turn, which
# offers the calls allowed and records another as well (the replay flags it).
CARD = EventField("card", ValueKind.CARD, "the card")
PLAY_TURN = TurnEntry("play", Entry.CARD, "card", verb=gettext_noop("Play"))
CALL_TURN = TurnEntry("call", Entry.OPTION, "call", other=gettext_noop("Another call (recorded and checked)"))


@dataclass(frozen=True, slots=True)
class Held:
    """How a game's hands are recorded as held when the play starts, instead of as dealt: Belote's 8 cards each,
    the turn-up in the taker's hand, no stock (docs/referee/belote.md). A record says so with ``"held": true``."""

    hand_size: int
    extras: tuple[ExtraField, ...]


@dataclass(frozen=True, slots=True)
class Setup:
    """A game's hand record before its events, and how the page records one.

    ``empty_hand``: a hand may be left empty, as not recorded, and the replay checks what it can
    (Bridgette, R-BG-13). ``longest_auction`` is the calls of the longest auction the rules allow;
    with the pack it sets how many events a record of the page may hold (`event_cap`).
    ``plays_only``: the checks a record of the plays only (no ``hands``) cannot make in this game, each an
    English msgid (``gettext_noop``) its verdict's notes give in the active language (`plays_only_notes`),
    after the note every such record gets (`PLAYS_ONLY`). ``plays_only_extras``: the fields outside the hands
    such a record still needs (Belote's turn-up, whose suit is offered as trumps); the others are left out.
    """

    seats: int
    pack: tuple[Card, ...]
    hand_size: int
    extras: tuple[ExtraField, ...]
    events: tuple[EventKind, ...]
    turns: tuple[TurnEntry, ...]
    longest_auction: int
    empty_hand: bool = False
    plays_only: tuple[str, ...] = ()
    plays_only_extras: tuple[str, ...] = ()
    held: Held | None = None

    @property
    def event_cap(self) -> int:
        """Twice every card of the pack and the longest auction: a whole deal fits, with room to spare
        for flagged events (a call out of turn, a card played twice), and the record stays small; never
        more than a hand record may hold (MAX_EVENTS), which a whole deal of any game fits in."""
        return min(2 * (len(self.pack) + self.longest_auction), MAX_EVENTS)

    @property
    def event_types(self) -> tuple[str, ...]:
        return tuple(kind.type for kind in self.events)

    @property
    def taps(self) -> tuple[str, ...]:
        """The kinds of event the page posts: a kind of turn, or an aside such as Klaberjass's dix."""
        return tuple(kind.kind for kind in self.events)

    def event_kind(self, tap: str) -> EventKind | None:
        """The event a tap of this kind records."""
        return next((kind for kind in self.events if kind.kind == tap), None)

    def for_record(self, record: Mapping[str, Any]) -> Setup:
        """The setup ``record`` is recorded with: this one, or for a record of the hands as held in play
        (``"held": true``) its hand size and fields outside the hands (`Held`)."""
        if self.held is None or record.get("held") is not True:
            return self
        return replace(self, hand_size=self.held.hand_size, extras=self.held.extras, held=None)

    def plays_only_notes(self) -> tuple[str, ...]:
        """The notes of a verdict on a record of the plays only, in the active language: what it cannot check."""
        return (_(PLAYS_ONLY), *(_(note) for note in self.plays_only))

    def extras_for(self, record: Mapping[str, Any]) -> tuple[ExtraField, ...]:
        """The fields outside the hands that ``record`` is recorded with: all of them, or for a record of the
        plays only those it still needs (`plays_only_extras`)."""
        if has_hands(record):
            return self.extras
        return tuple(field for field in self.extras if field.name in self.plays_only_extras)

    def entry(self, turn: str) -> TurnEntry | None:
        """How a turn of this kind is entered, its words in the active language."""
        entry = next((entry for entry in self.turns if entry.kind == turn), None)
        return entry.worded() if entry is not None else None


def setup_problems(setup: Setup, record: Mapping[str, Any]) -> list[str]:
    """What is still missing from a record before the referee can replay it: short hands and required fields. A
    record of the plays only has no hands to complete, and needs only its `Setup.plays_only_extras`."""
    size = setup.hand_size
    problems = (
        []
        if not has_hands(record)
        else [
            ngettext(
                "{name}'s hand has {count} of {size} card", "{name}'s hand has {count} of {size} cards", size
            ).format(name=name, count=len(hand), size=size)
            for name, hand in zip(record["players"], record["hands"], strict=True)
            if len(hand) != size and not (setup.empty_hand and not hand)
        ]
    )
    for field in setup.extras_for(record):
        if not field.required:
            continue
        value = record.get(field.name)
        if field.many and len(value or []) != field.size:
            problems.append(
                ngettext("{noun} has {count} of {size} card", "{noun} has {count} of {size} cards", field.size).format(
                    noun=field.noun, count=len(value or []), size=field.size
                )
            )
        elif not field.many and not value:
            problems.append(_("{noun} is missing").format(noun=field.noun))
    return problems
