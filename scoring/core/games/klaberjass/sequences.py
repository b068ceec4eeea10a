"""Declared sequences (KJ-6): each player's best one as the table enters it, and the comparison of
KJ-6.3 with the rulings R-KJ-5 (the order of the comparison), R-KJ-6 (how many sequences score) and
R-KJ-7 (`kj_no_meld_without_trick`).

A player's best sequence is entered as its number of cards (0: none declared), its top card in
sequence order (KJ-2.1) and whether it is in trumps. The top card is needed only when the comparison
reaches it (two sequences of one length, or of one value under `kj_compare_by_value`), and whether a
sequence is in trumps only when the top cards are equal too; until then they may be left out, so a
deal without sequences, or with one, costs no taps for them.

Older match files hold ``sequence_points`` instead: what each player scored after a comparison the
table made itself. Such an entry is read as the winner's sequence alone, the shortest one worth
those points, which scores the same.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from scoring.core.base import Entry, EntryField, FieldKind, Flags, FormatError, Line, RuleError
from scoring.core.fields import int_list, whole_number
from vocabulary.i18n import Text, Word, _, gettext_noop, ngettext_lazy

SEATS = 2
RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7")  # KJ-2.1: the order for sequences, high to low
TOPS = RANKS[:6]  # three cards or more run down to a 7 at the lowest, so the top is a 9 or higher
NO_TOP = "none"
LENGTHS = (0, 3, 4, 5, 6, 7, 8)  # KJ-6.1: three cards or more, of one suit's eight (KJ-1.1); 0 is none
HAND = 9  # KJ-5.1: the cards a player holds when declaring
SHORT_SEQUENCE, LONG_SEQUENCE = 20, 50  # KJ-6.1
# `kj_score_all_sequences` (R-KJ-6): the points of the winner's other sequences, each sum with the
# fewest cards it needs: one of 3 cards, two of 3, or one of 4.
OTHER_SEQUENCES = {0: 0, 20: 3, 40: 6, 50: 4}

FIELDS = ("sequence_cards", "sequence_top", "sequence_in_trumps", "other_sequences")
OLD_FIELD = "sequence_points"
_FIELD_SET = frozenset(FIELDS)

# The older entry (R-KJ-6): with only the best sequence scoring, a player scores 0, 20 or 50. Under
# `kj_score_all_sequences` nine cards hold at most three sequences (3 + 3 + 3) and a suit at most two,
# so the sums are: none 0; one 20 or 50; 3+3 = 40; 3+3+3 = 60; 3 + 4..6 = 70; 4+4 or 4+5 = 100.
ONE_SEQUENCE = frozenset({0, SHORT_SEQUENCE, LONG_SEQUENCE})
ALL_SEQUENCES = frozenset({0, 20, 40, 50, 60, 70, 100})


def sequence_values(flags: Flags) -> frozenset[int]:
    """What one player's sequences may score after the comparison (R-KJ-6)."""
    return ALL_SEQUENCES if "kj_score_all_sequences" in flags else ONE_SEQUENCE


@dataclass(frozen=True, slots=True)
class Declared:
    """One player's best declared sequence (``cards`` 0: none), and under `kj_score_all_sequences`
    the points of their other sequences."""

    cards: int = 0
    top: str | None = None
    in_trumps: bool = False
    others: int = 0
    # Worked out once, when the value is made:
    value: int = field(init=False, repr=False, compare=False)  # 20 for three cards, 50 for four or more (KJ-6.1)
    height: int = field(init=False, repr=False, compare=False)  # the top card's rank, higher better (KJ-2.1); 0: none
    # For a breakdown line: "4 cards to the K", worded when the line is shown (vocabulary/i18n.py Text).
    words: Text = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        value = 0 if not self.cards else LONG_SEQUENCE if self.cards >= 4 else SHORT_SEQUENCE
        object.__setattr__(self, "value", value)
        object.__setattr__(self, "height", len(RANKS) - RANKS.index(self.top) if self.top else 0)
        words = Text(CARDS_TO_TOP if self.top else CARDS, {"cards": self.cards, "top": self.top})
        object.__setattr__(self, "words", words)


CARDS = ngettext_lazy("{cards} card", "{cards} cards", "cards")
CARDS_TO_TOP = ngettext_lazy("{cards} card to the {top}", "{cards} cards to the {top}", "cards")


NOTHING = Declared()
# An older entry's points, read as the one sequence (and the others) that score them.
FROM_POINTS = {
    0: NOTHING,
    20: Declared(3),
    50: Declared(4),
    40: Declared(3, others=20),
    60: Declared(3, others=40),
    70: Declared(4, others=20),
    100: Declared(4, others=50),
}

Sequences = tuple[Declared, Declared]


def sequence_fields(flags: Flags) -> tuple[EntryField, ...]:
    """The entry fields of each player's best sequence; left out, each reads as none declared."""
    fields = [
        EntryField(
            "sequence_cards",
            gettext_noop("best sequence (cards)"),
            FieldKind.CHOICE,
            "KJ-6.1",
            tuple((length, str(length) if length else gettext_noop("none")) for length in LENGTHS),
            per_seat=True,
            required=False,
            initial=0,
        ),
        EntryField(
            "sequence_top",
            gettext_noop("sequence top card"),
            FieldKind.CHOICE,
            "KJ-6.3",
            ((NO_TOP, gettext_noop("none")), *((rank, rank) for rank in TOPS)),
            per_seat=True,
            required=False,
            initial=NO_TOP,
        ),
        EntryField(
            "sequence_in_trumps",
            gettext_noop("sequence in trumps"),
            FieldKind.CHOICE,
            "KJ-6.3",
            ((False, gettext_noop("no")), (True, gettext_noop("yes"))),
            per_seat=True,
            required=False,
            initial=False,
        ),
    ]
    if "kj_score_all_sequences" in flags:
        fields.append(
            EntryField(
                "other_sequences",
                gettext_noop("other sequences (points)"),
                FieldKind.CHOICE,
                "R-KJ-6",
                tuple((points, str(points)) for points in OTHER_SEQUENCES),
                per_seat=True,
                required=False,
                initial=0,
            )
        )
    return tuple(fields)


# --- reading ------------------------------------------------------------------------------------


def read_sequences(entry: Entry, flags: Flags) -> Sequences:
    """Each player's best sequence, checked against KJ-6.1, KJ-6.3 and R-KJ-6; from an older entry's
    ``sequence_points`` if it has them."""
    if OLD_FIELD in entry:
        if not _FIELD_SET.isdisjoint(entry):  # the newer fields listed only then
            given = [field for field in FIELDS if field in entry]
            message = _("{old} is the older spelling of {field}: give one or the other")
            raise FormatError(OLD_FIELD, message.format(old=OLD_FIELD, field=given[0]))
        return _from_points(entry, flags)
    cards = [_cards(value, index) for index, value in enumerate(_per_seat(entry, "sequence_cards", 0))]
    tops = [_top(value, index) for index, value in enumerate(_per_seat(entry, "sequence_top", NO_TOP))]
    trumps = [_in_trumps(value, index) for index, value in enumerate(_per_seat(entry, "sequence_in_trumps", False))]
    others = [_others(value, index, flags) for index, value in enumerate(_per_seat(entry, "other_sequences", 0))]
    first, second = (Declared(cards[seat], tops[seat], trumps[seat], others[seat]) for seat in range(SEATS))
    for seat, declared in enumerate((first, second)):
        _check_one(declared, seat)
    _check_pair((first, second), flags)
    return first, second


def _per_seat(entry: Entry, field: str, default: Any) -> list[Any]:
    value = entry.get(field)
    if value is None:
        return [default] * SEATS
    if not isinstance(value, list) or len(value) != SEATS:
        message = _("{field} must be a list of {seats} values, one per seat")
        raise FormatError(field, message.format(field=field, seats=SEATS))
    return value


def _cards(value: Any, seat: int) -> int:
    field = f"sequence_cards[{seat}]"
    cards = whole_number(value, field)
    if cards not in LENGTHS:
        raise RuleError(
            field, "KJ-6.1", _("a sequence has 3 to 8 cards (0: none declared), not {cards}").format(cards=cards)
        )
    return cards


def _top(value: Any, seat: int) -> str | None:
    if value is None or value == NO_TOP:
        return None
    if value not in TOPS:
        raise RuleError(
            f"sequence_top[{seat}]",
            "KJ-2.1",
            _("a sequence's top card is {tops} or {none}, not {value}").format(
                tops=", ".join(TOPS), none=NO_TOP, value=repr(value)
            ),
        )
    return str(value)


def _in_trumps(value: Any, seat: int) -> bool:
    if not isinstance(value, bool):
        message = _("sequence_in_trumps must be true or false, not {value}").format(value=repr(value))
        raise FormatError(f"sequence_in_trumps[{seat}]", message)
    return value


def _others(value: Any, seat: int, flags: Flags) -> int:
    field = f"other_sequences[{seat}]"
    points = whole_number(value, field)
    if points and "kj_score_all_sequences" not in flags:
        raise RuleError(field, "R-KJ-6", _("only the best sequence scores: other sequences count only when all score"))
    if points not in OTHER_SEQUENCES:
        message = _("other sequences score 0, 20, 40 or 50 in nine cards, not {points}").format(points=points)
        raise RuleError(field, "R-KJ-6", message)
    return points


def _check_one(declared: Declared, seat: int) -> None:
    """A sequence's parts fit together (KJ-6.1, KJ-5.1); nothing is said of a sequence not declared."""
    if not declared.cards:
        if declared.top is not None:
            raise RuleError(f"sequence_top[{seat}]", "KJ-6.1", _("no sequence was declared, so it has no top card"))
        if declared.in_trumps:
            raise RuleError(
                f"sequence_in_trumps[{seat}]", "KJ-6.1", _("no sequence was declared, so none is in trumps")
            )
        if declared.others:
            raise RuleError(f"other_sequences[{seat}]", "R-KJ-6", _("other sequences need a best one: enter it first"))
        return
    if declared.top is not None and RANKS.index(declared.top) + declared.cards > len(RANKS):
        lowest_top = RANKS[len(RANKS) - declared.cards]
        raise RuleError(
            f"sequence_top[{seat}]",
            "KJ-6.1",
            _(
                "a sequence of {cards} cards reaches down to the 7 from a {lowest_top} at the lowest, "
                "so its top card cannot be the {top}"
            ).format(cards=declared.cards, lowest_top=lowest_top, top=declared.top),
        )
    if declared.others:
        if declared.others == LONG_SEQUENCE and declared.value == SHORT_SEQUENCE:
            raise RuleError(
                f"other_sequences[{seat}]",
                "R-KJ-6",
                _("a sequence of 4 cards or more would be the best one: enter it as the best sequence"),
            )
        if declared.cards + OTHER_SEQUENCES[declared.others] > HAND:
            raise RuleError(
                f"other_sequences[{seat}]",
                "KJ-5.1",
                _("{cards} cards and other sequences worth {others} do not fit in a hand of {hand}").format(
                    cards=declared.cards, others=declared.others, hand=HAND
                ),
            )


def _check_pair(sequences: Sequences, flags: Flags) -> None:
    """KJ-6.3 can compare the two sequences: the top cards are there when it reaches them, and two
    sequences in trumps are two runs of one suit."""
    first, second = sequences
    if not first.cards or not second.cards or _size(first, flags) != _size(second, flags):
        return
    for seat, declared in enumerate(sequences):
        if declared.top is None:
            if "kj_compare_by_value" in flags:
                message = _("both sequences are worth {value}, so their top cards decide: choose this one's top card")
            else:
                message = _(
                    "both sequences are of {cards} cards, so their top cards decide: choose this one's top card"
                )
            raise RuleError(f"sequence_top[{seat}]", "KJ-6.3", message.format(value=first.value, cards=first.cards))
    if not (first.in_trumps and second.in_trumps):
        return
    if (first.cards, first.top) == (second.cards, second.top):
        raise RuleError(
            "sequence_in_trumps",
            "KJ-6.3",
            _("two equal sequences cannot both be in trumps: they would be the same cards"),
        )
    assert first.top is not None and second.top is not None
    runs = [set(range(RANKS.index(each.top), RANKS.index(each.top) + each.cards)) for each in sequences]
    if runs[0] & runs[1]:
        raise RuleError(
            "sequence_in_trumps",
            "KJ-6.3",
            _("these two sequences in trumps would share cards: at most one of them is in trumps"),
        )


def _from_points(entry: Entry, flags: Flags) -> Sequences:
    """An older entry's ``sequence_points`` (R-KJ-6: 0, 20 or 50; more under `kj_score_all_sequences`)."""
    points = int_list(entry, OLD_FIELD, SEATS)
    allowed = sequence_values(flags)
    for seat, value in enumerate(points if not allowed.issuperset(points) else ()):  # the seat only for a fault
        if value not in allowed:
            if allowed is ONE_SEQUENCE:
                message = _("a player's sequences score {values} or {last}: only one sequence scores, not {value}")
            else:
                message = _("a player's sequences score {values} or {last}, not {value}")
            values = ", ".join(str(each) for each in sorted(allowed)[:-1])
            raise RuleError(
                f"{OLD_FIELD}[{seat}]", "R-KJ-6", message.format(values=values, last=max(allowed), value=value)
            )
    if points[0] and points[1]:
        raise RuleError(
            OLD_FIELD, "KJ-6.3", _("only one player scores sequences: the loser of the comparison scores none")
        )
    return FROM_POINTS[points[0]], FROM_POINTS[points[1]]


# --- the comparison (KJ-6.3) and what it scores -------------------------------------------------


def _size(declared: Declared, flags: Flags) -> int:
    # R-KJ-5: the number of cards first, or the value (20 or 50) under kj_compare_by_value.
    return declared.value if "kj_compare_by_value" in flags else declared.cards


@dataclass(frozen=True, slots=True)
class Comparison:
    """Whose sequence is better by KJ-6.3, and why. ``winner`` None: none declared, or equal ones."""

    winner: int | None
    reason: str  # "more cards", "higher value", "higher top card", "in trumps"; "" with one or none


# One sequence or none: nothing to compare (KJ-6.3), so the comparison is one of these three, made once.
ALONE = {winner: Comparison(winner, "") for winner in (0, 1, None)}


def compare(sequences: Sequences, flags: Flags) -> Comparison:
    """KJ-6.3 with R-KJ-5: more cards (or the higher value under `kj_compare_by_value`), then the higher
    top card, then the one in trumps; still equal, nobody scores. A sequence alone wins."""
    first, second = sequences
    if not first.cards or not second.cards:
        return ALONE[0 if first.cards else 1 if second.cards else None]
    by_value = "kj_compare_by_value" in flags
    steps = (
        ("higher value", first.value, second.value) if by_value else ("more cards", first.cards, second.cards),
        ("higher top card", first.height, second.height),
        ("in trumps", first.in_trumps, second.in_trumps),
    )
    for reason, mine, theirs in steps:
        if mine != theirs:
            return Comparison(0 if mine > theirs else 1, reason)
    return Comparison(None, "equal")


def sequence_lines(sequences: Sequences, flags: Flags, no_trick: int | None) -> tuple[tuple[int, int], list[Line]]:
    """What each player scores for sequences, and the breakdown lines that say why (KJ-6.3): the winner's
    best sequence (R-KJ-6), their others too under `kj_score_all_sequences`, and nothing for a winner
    who took no trick under `kj_no_meld_without_trick` (R-KJ-7)."""
    comparison = compare(sequences, flags)
    winner = comparison.winner
    if winner is None:
        if comparison.reason != "equal":
            return (0, 0), []
        return (0, 0), list(EQUAL_LINES)
    best, other = sequences[winner], sequences[1 - winner]
    if comparison.reason:
        values = {"best": best.words, "other": other.words, "reason": Word(REASONS[comparison.reason])}
        lines = [Line(winner, best.value, "KJ-6.3", BEATS_TEXT, values)]
    else:
        lines = [SEQUENCE_ALONE_LINES[winner, best.value]]
    scored = best.value
    if best.others and "kj_score_all_sequences" in flags:
        lines.append(Line(winner, best.others, "R-KJ-6", gettext_noop("the other sequences score too")))
        scored += best.others
    if no_trick == winner and "kj_no_meld_without_trick" in flags:
        lines.append(Line(winner, -scored, "R-KJ-7", gettext_noop("took no trick, so no sequence scores")))
        scored = 0
    points = [0, 0]
    points[winner] = scored
    return (points[0], points[1]), lines


# The comparison's words (KJ-6.3): msgids, worded when a line is shown.
BEATS_TEXT = gettext_noop("sequence of {best} beats the opponent's {other} ({reason})")
REASONS = {
    "more cards": gettext_noop("more cards"),
    "higher value": gettext_noop("higher value"),
    "higher top card": gettext_noop("higher top card"),
    "in trumps": gettext_noop("in trumps"),
}
# A sequence that nobody's compares with scores alone (KJ-6.1): each player's line for each value, made once.
SEQUENCE_ALONE_LINES = {
    (seat, value): Line(seat, value, "KJ-6.1", gettext_noop("sequence"))
    for seat in range(SEATS)
    for value in (SHORT_SEQUENCE, LONG_SEQUENCE)
}
EQUAL_LINES = tuple(
    Line(seat, 0, "KJ-6.3", gettext_noop("equal sequences: neither scores one")) for seat in range(SEATS)
)


def sequence_entry(sequences: Sequences) -> dict[str, Any]:
    """The normalised sequence fields; ``other_sequences`` only when a player has some (R-KJ-6)."""
    entry: dict[str, Any] = {
        "sequence_cards": [each.cards for each in sequences],
        "sequence_top": [each.top or NO_TOP for each in sequences],
        "sequence_in_trumps": [each.in_trumps for each in sequences],
    }
    if any(each.others for each in sequences):
        entry["other_sequences"] = [each.others for each in sequences]
    return entry
