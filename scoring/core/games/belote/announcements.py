"""Belote announcements (BL-5, R-BL-3 to R-BL-6): what each camp declared, as the table taps it, and the
comparison of BL-5.5 by R-BL-4, so that the scorer never works out whose announcements count.

Each camp's announcements are entered as its best run (its number of cards: a tierce has 3, a cinquante 4, a cent
5 or more, R-BL-3), its best carré (the rank of its four of a kind) and the points of any other announcements of
the camp. The comparison needs more only when it reaches it: the best runs' top cards when both camps' best
announcements are runs of one value and length (R-BL-4 step 4), whether a run is in trumps when the tops are equal
too (step 5), and which camp's run was declared first in the order of play when they are equal in every way
(step 6). Until then those fields may be left out, so a deal with one announcement costs one tap for it.

Older match files hold ``taker_announcements`` and ``defender_announcements`` instead: what each camp scored after
a comparison the table made itself. Such an entry is read as the scoring camp's declaring the fewest
announcements worth those points, alone, which scores the same.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache, lru_cache
from typing import Any

from scoring.core.base import Entry, EntryField, FieldKind, Flags, FormatError, RuleError
from scoring.core.fields import whole_number
from vocabulary.i18n import Text, Word, _, gettext_noop


class Camp(StrEnum):
    """The two camps of a deal, named from the taker (BL-4.3); the values are what a match file writes."""

    TAKERS = "takers"
    DEFENDERS = "defenders"


CAMPS = tuple(camp.value for camp in Camp)
CAMP_NAMED = {camp.value: camp for camp in Camp}
CAMP_LABELS = {Camp.TAKERS: gettext_noop("Takers"), Camp.DEFENDERS: gettext_noop("Defenders")}  # the entry form's
PREFIX = {Camp.TAKERS: "taker", Camp.DEFENDERS: "defender"}  # each camp's fields: taker_run, defender_run...

RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7")  # BL-2.1: the order for sequences, high to low
RUN_LENGTHS = (0, 3, 4, 5, 6, 7, 8)  # BL-5.1 and R-BL-3; 0 is none declared
TOPS = RANKS[:6]  # a run of three or more runs down to a 7 at the lowest, so its top is a 9 or higher
NONE = "none"  # the match file's word for no run top, no carré, no camp


def run_value(cards: int) -> int:
    """BL-5.1: a tierce 20, a cinquante 50, a cent 100; R-BL-3: a run of 6, 7 or 8 cards is 100 too."""
    return 0 if not cards else 20 if cards == 3 else 50 if cards == 4 else 100


# BL-5.2 carrés worth points, in the order R-BL-4 ranks them: by value, and at 100 aces, tens, kings, queens.
CARRES = ("J", "9", "A", "10", "K", "Q")
CARRE_VALUES = {"J": 200, "9": 150, "A": 100, "10": 100, "K": 100, "Q": 100}
ANNOUNCEMENT_VALUES = (20, 50, 100, 150, 200)  # every announcement's worth (BL-5.1, BL-5.2)
MOST_OTHERS = 350  # a camp's other announcements: at most two carrés (200 + 150) beside its best ones (BL-5.6)

# The entry's fields, in the form's order; `equal_runs_first` is the deal's, the others each camp's.
CAMP_FIELDS = ("run", "carre", "run_top", "run_in_trumps", "other_announcements")
FIELDS = (
    *(f"{PREFIX[camp]}_{field}" for camp in Camp for field in CAMP_FIELDS),
    "equal_runs_first",
)
OLD_FIELDS = ("taker_announcements", "defender_announcements")
FIELD_SET = frozenset(FIELDS)


@dataclass(frozen=True, slots=True)
class Declared:
    """One camp's announcements: its best run (``run`` cards, 0 for none), its best carré (a rank, or None) and the
    points of its other announcements; the run's top card and whether it is in trumps where they were entered."""

    run: int = 0
    top: str | None = None
    in_trumps: bool = False
    carre: str | None = None
    others: int = 0
    # Worked out once, when the value is made (a deal's announcements are read once per set, `read_announcements`):
    total: int = field(init=False, repr=False, compare=False)  # what the camp scores if it wins (BL-5.5)
    best_value: int = field(init=False, repr=False, compare=False)  # its best announcement's worth

    def __post_init__(self) -> None:
        carre = CARRE_VALUES[self.carre] if self.carre else 0
        run = run_value(self.run)
        object.__setattr__(self, "total", run + carre + self.others)
        object.__setattr__(self, "best_value", max(run, carre))

    def best_is_carre(self) -> bool:
        """Whether the camp's best announcement is its carré: the higher value, and at 100 a carré (R-BL-4 2)."""
        return self.carre is not None and CARRE_VALUES[self.carre] >= run_value(self.run)

    @property
    def words(self) -> Text:
        """The best announcement in words, for a breakdown line: "carré of nines", "tierce to the K"."""
        if self.best_is_carre() and self.carre:
            return Text(CARRE_WORDS[self.carre])
        name = Word(RUN_NAMES[min(self.run, 5)])
        if self.run > 5:
            return Text(LONG_RUN_TO_TOP if self.top else LONG_RUN, {"cards": self.run, "top": self.top or ""})
        return Text(RUN_TO_TOP if self.top else RUN, {"name": name, "top": self.top or ""})


NOTHING = Declared()
Pair = tuple[Declared, Declared]  # the takers', the defenders'

RUN_NAMES = {3: gettext_noop("tierce"), 4: gettext_noop("cinquante"), 5: gettext_noop("cent")}
RUN = "{name}"
RUN_TO_TOP = gettext_noop("{name} to the {top}")
LONG_RUN = gettext_noop("cent of {cards} cards")
LONG_RUN_TO_TOP = gettext_noop("cent of {cards} cards to the {top}")
CARRE_WORDS = {
    "J": gettext_noop("carré of jacks"),
    "9": gettext_noop("carré of nines"),
    "A": gettext_noop("carré of aces"),
    "10": gettext_noop("carré of tens"),
    "K": gettext_noop("carré of kings"),
    "Q": gettext_noop("carré of queens"),
}


def announcement_fields() -> tuple[EntryField, ...]:
    """The entry fields of each camp's announcements, then the deal's step-6 field; left out, each reads as none."""
    fields: list[EntryField] = []
    for camp in Camp:
        prefix = PREFIX[camp]
        labels = CAMP_FIELD_LABELS[camp]
        fields += [
            EntryField(
                f"{prefix}_run",
                labels["run"],
                FieldKind.CHOICE,
                "BL-5.1",
                tuple((cards, RUN_LABELS.get(cards, str(cards))) for cards in RUN_LENGTHS),
                required=False,
                initial=0,
            ),
            EntryField(
                f"{prefix}_carre",
                labels["carre"],
                FieldKind.CHOICE,
                "BL-5.2",
                ((NONE, gettext_noop("none")), *((rank, CARRE_LABELS[rank]) for rank in CARRES)),
                required=False,
                initial=NONE,
            ),
            EntryField(
                f"{prefix}_run_top",
                labels["run_top"],
                FieldKind.CHOICE,
                "R-BL-4",
                ((NONE, gettext_noop("none")), *((rank, rank) for rank in TOPS)),
                required=False,
                initial=NONE,
            ),
            EntryField(
                f"{prefix}_run_in_trumps",
                labels["run_in_trumps"],
                FieldKind.CHOICE,
                "R-BL-4",
                ((False, gettext_noop("no")), (True, gettext_noop("yes"))),
                required=False,
                initial=False,
            ),
            EntryField(
                f"{prefix}_other_announcements",
                labels["other_announcements"],
                FieldKind.NUMBER,
                "BL-5.6",
                low=0,
                high=MOST_OTHERS,
                required=False,
                initial=0,
            ),
        ]
    fields.append(
        EntryField(
            "equal_runs_first",
            gettext_noop("Equal runs: declared first in the order of play"),
            FieldKind.CHOICE,
            "R-BL-4",
            ((NONE, gettext_noop("not needed")), *((camp.value, CAMP_LABELS[camp]) for camp in Camp)),
            required=False,
            initial=NONE,
        )
    )
    return tuple(fields)


RUN_LABELS = {0: gettext_noop("none"), 3: gettext_noop("Tierce"), 4: gettext_noop("Cinquante"), 5: gettext_noop("Cent")}
CARRE_LABELS = {
    "J": gettext_noop("4 J"),
    "9": gettext_noop("4 9"),
    "A": gettext_noop("4 A"),
    "10": gettext_noop("4 10"),
    "K": gettext_noop("4 K"),
    "Q": gettext_noop("4 Q"),
}
CAMP_FIELD_LABELS = {
    Camp.TAKERS: {
        "run": gettext_noop("Takers' best run (cards)"),
        "carre": gettext_noop("Takers' carré"),
        "run_top": gettext_noop("Takers' run: top card"),
        "run_in_trumps": gettext_noop("Takers' run in trumps"),
        "other_announcements": gettext_noop("Takers' other announcements (points)"),
    },
    Camp.DEFENDERS: {
        "run": gettext_noop("Defenders' best run (cards)"),
        "carre": gettext_noop("Defenders' carré"),
        "run_top": gettext_noop("Defenders' run: top card"),
        "run_in_trumps": gettext_noop("Defenders' run in trumps"),
        "other_announcements": gettext_noop("Defenders' other announcements (points)"),
    },
}


@cache
def others_possible(best: int) -> frozenset[int]:
    """The points a camp's other announcements can come to beside a best one worth ``best``: sums of announcements
    none of which is worth more (BL-5.6 bounds the camp's total)."""
    coins = [value for value in ANNOUNCEMENT_VALUES if value <= best]
    reachable = {0}
    for total in range(10, MOST_OTHERS + 1, 10):
        if any(total - coin in reachable for coin in coins):
            reachable.add(total)
    return frozenset(reachable)


# --- reading the fields -----------------------------------------------------------------------------------------


def _run(entry: Entry, field: str) -> int:
    value = entry.get(field, 0)
    if type(value) is int and value in RUN_LENGTHS:
        return value
    whole_number(value, field)
    message = _("A run has 3 to 8 cards (a tierce 3, a cinquante 4, a cent 5 or more), or 0 for none, not {value}.")
    raise RuleError(field, "BL-5.1", message.format(value=value))


def _rank(entry: Entry, field: str, options: tuple[str, ...], rule: str) -> str | None:
    value = entry.get(field, NONE)
    if value is None or value == NONE:
        return None
    if isinstance(value, str) and value in options:
        return value
    message = _("Choose one of {options}, or none, not {value}.")
    raise RuleError(field, rule, message.format(options=", ".join(options), value=repr(value)))


def _switch(entry: Entry, field: str) -> bool:
    value = entry.get(field, False)
    if value is None:
        return False
    if not isinstance(value, bool):
        raise FormatError(field, _("{field} must be true or false").format(field=field))
    return value


def _declared(entry: Entry, camp: Camp, flags: Flags, allowed: frozenset[int]) -> Declared:
    prefix = PREFIX[camp]
    cards = _run(entry, f"{prefix}_run")
    carre = _rank(entry, f"{prefix}_carre", CARRES, "BL-5.2")
    top = _rank(entry, f"{prefix}_run_top", TOPS, "R-BL-4")
    in_trumps = _switch(entry, f"{prefix}_run_in_trumps")
    others_field = f"{prefix}_other_announcements"
    others = whole_number(entry.get(others_field, 0) or 0, others_field)
    if not cards and (top or in_trumps):
        field = f"{prefix}_run_top" if top else f"{prefix}_run_in_trumps"
        raise RuleError(field, "BL-5.1", _(NO_RUN_TEXT[camp]))
    if top and RANKS.index(top) > len(RANKS) - cards:
        # A run of n cards runs down from its top: the lowest top of n cards is n - 1 places above the 7.
        message = _("A run of {cards} cards cannot have the {top} as its top card: the lowest it can run to is the 7.")
        raise RuleError(f"{prefix}_run_top", "BL-5.1", message.format(cards=cards, top=top))
    declared = Declared(cards, top, in_trumps, carre, others)
    if declared.total and "bl_no_announcements" in flags:
        raise RuleError(f"{prefix}_run", "R-BL-6", _("This match is played without announcements (R-BL-6)."))
    if others and not declared.best_value:
        message = _("Enter the camp's best run or carré first; the other announcements are those beside it.")
        raise RuleError(others_field, "BL-5.6", message)
    if others not in others_possible(declared.best_value or 0) or declared.total not in allowed:
        message = _("Other announcements worth {others} beside {best} make {total}, which no two hands can hold.")
        raise RuleError(
            others_field, "BL-5.6", message.format(others=others, best=str(declared.words), total=declared.total)
        )
    return declared


NO_RUN_TEXT = {
    Camp.TAKERS: gettext_noop("The takers declared no run: choose their run's length first, or leave this out."),
    Camp.DEFENDERS: gettext_noop("The defenders declared no run: choose their run's length first, or leave this out."),
}


def read_announcements(entry: Entry, flags: Flags, allowed: frozenset[int]) -> tuple[Pair, Comparison]:
    """Each camp's announcements and the comparison that decides which camp scores them (BL-5.5, R-BL-4).

    ``allowed`` are the totals a camp's announcements can reach (BL-5.6, R-BL-5). A deal's announcement fields are
    few values that recur, so each set read once is kept (keyed by the values' types too, so that 1 is never read
    as true); an older entry, or one whose values cannot be a key, is read in full."""
    if "taker_announcements" not in entry and "defender_announcements" not in entry:
        values = tuple(map(entry.get, FIELDS))
        no_announcements = "bl_no_announcements" in flags
        cancel = "bl_equal_announcements_cancel" in flags
        try:
            return _announcements_of(values, tuple(map(type, values)), no_announcements, cancel, allowed)
        except TypeError:  # unhashable values: read below, which says what is wrong with them
            pass
    return _read_announcements(entry, flags, allowed)


@lru_cache(maxsize=1024)
def _announcements_of(
    values: tuple[Any, ...], types: tuple[type, ...], no_announcements: bool, cancel: bool, allowed: frozenset[int]
) -> tuple[Pair, Comparison]:
    entry = {name: value for name, value in zip(FIELDS, values, strict=True) if value is not None}
    flags = frozenset(
        name
        for name, on in (("bl_no_announcements", no_announcements), ("bl_equal_announcements_cancel", cancel))
        if on
    )
    return _read_announcements(entry, flags, allowed)


def _read_announcements(entry: Entry, flags: Flags, allowed: frozenset[int]) -> tuple[Pair, Comparison]:
    new = not FIELD_SET.isdisjoint(entry)
    old = [field for field in OLD_FIELDS if field in entry]
    if new and old:
        message = _("Give each camp's announcements or the older totals ({field}), not both.")
        raise FormatError(old[0], message.format(field=old[0]))
    if old:
        pair = _from_totals(entry, flags, allowed)
    elif not new:
        pair = (NOTHING, NOTHING)
    else:
        pair = (_declared(entry, Camp.TAKERS, flags, allowed), _declared(entry, Camp.DEFENDERS, flags, allowed))
        takers, defenders = pair
        if takers.carre and takers.carre == defenders.carre:
            message = _("There are only four cards of each rank: both camps cannot hold the {carre}.")
            raise RuleError("defender_carre", "BL-5.2", message.format(carre=Text(CARRE_WORDS[takers.carre])))
    first = _rank(entry, "equal_runs_first", CAMPS, "R-BL-4")
    comparison = compare(pair, flags, None if first is None else CAMP_NAMED[first])
    if first is not None and comparison.reason != "first to play":
        if comparison.reason == "cancel":
            message = _(
                "Equal runs cancel in this match (bl_equal_announcements_cancel): the order of play does not decide."
            )
        else:
            message = _("The runs are not equal in every way, so the order of play does not decide (R-BL-4 step 6).")
        raise RuleError("equal_runs_first", "R-BL-4", message)
    return pair, comparison


def _from_totals(entry: Entry, flags: Flags, allowed: frozenset[int]) -> Pair:
    """An older entry: each camp's points after the comparison, read as the fewest announcements worth them."""
    values = []
    for name in OLD_FIELDS:
        value = whole_number(entry.get(name, 0), name)
        if value and "bl_no_announcements" in flags:
            raise RuleError(name, "R-BL-6", _("This match is played without announcements (R-BL-6)."))
        if value not in allowed:
            message = _("No two hands declare announcements worth {value} (see the list in BL-5.6).")
            raise RuleError(name, "BL-5.6", message.format(value=value))
        values.append(value)
    if values[0] and values[1]:
        message = _("Only the side with the best announcement scores announcements: the other side's are 0.")
        raise RuleError("defender_announcements", "BL-5.5", message)
    return (from_points(values[0]), from_points(values[1]))


@cache
def from_points(points: int) -> Declared:
    """The announcements an older entry's ``points`` stand for: the most valuable one that leaves a possible rest
    (a carré of jacks for 200, of nines for 150, a cent for 100, a cinquante, a tierce), the rest as others."""
    if not points:
        return NOTHING
    for value, run, carre in ((200, 0, "J"), (150, 0, "9"), (100, 5, None), (50, 4, None), (20, 3, None)):
        if value <= points and points - value in others_possible(value):
            return Declared(run=run, carre=carre, others=points - value)
    raise AssertionError(points)  # every total of BL-5.6 is reached


# --- the comparison (R-BL-4) ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Comparison:
    """Which camp's announcements score (None: neither), and why: the R-BL-4 step that decided, as a stable code."""

    winner: Camp | None
    reason: str  # "alone", "higher value", "carré over run", "higher carré", "longer run", "higher top card",
    # "in trumps", "first to play", "cancel" (R-BL-4 variant), "" when neither camp declared any


NO_COMPARISON = Comparison(None, "")  # neither camp declared any


def compare(pair: Pair, flags: Flags, first: Camp | None = None) -> Comparison:
    """R-BL-4: each camp's best announcement, the better one winning by value, then a carré over a run at 100, the
    higher carré, the longer run, the higher top card, the run in trumps, and the run declared first in the order
    of play (``first``); under `bl_equal_announcements_cancel` equal runs cancel. Raises RuleError when the
    comparison reaches a field that was left out."""
    takers, defenders = pair
    if not takers.best_value or not defenders.best_value:
        if takers.best_value:
            return Comparison(Camp.TAKERS, "alone")
        return Comparison(Camp.DEFENDERS, "alone") if defenders.best_value else NO_COMPARISON
    if takers.best_value != defenders.best_value:
        return _winner(takers.best_value > defenders.best_value, "higher value")
    carres = (takers.best_is_carre(), defenders.best_is_carre())
    if carres[0] != carres[1]:
        return _winner(carres[0], "carré over run")
    if carres[0]:  # two carrés of 100 (two of 150 or 200 would be the same four cards, refused when read)
        return _winner(CARRES.index(takers.carre or "") < CARRES.index(defenders.carre or ""), "higher carré")
    if takers.run != defenders.run:
        return _winner(takers.run > defenders.run, "longer run")
    for camp, declared in ((Camp.TAKERS, takers), (Camp.DEFENDERS, defenders)):
        if declared.top is None:
            message = _(MISSING_TOP_TEXT[camp])
            raise RuleError(f"{PREFIX[camp]}_run_top", "R-BL-4", message)
    if takers.top != defenders.top:
        return _winner(RANKS.index(takers.top or "") < RANKS.index(defenders.top or ""), "higher top card")
    if takers.in_trumps and defenders.in_trumps:
        message = _("Two runs of one length and one top card cannot both be in trumps: they would be the same cards.")
        raise RuleError("defender_run_in_trumps", "R-BL-4", message)
    if takers.in_trumps != defenders.in_trumps:
        return _winner(takers.in_trumps, "in trumps")
    if "bl_equal_announcements_cancel" in flags:
        return Comparison(None, "cancel")
    if first is None:
        message = _(
            "The runs are equal in every way: choose the camp whose run was declared by the player who plays first "
            "to the first trick (R-BL-4 step 6)."
        )
        raise RuleError("equal_runs_first", "R-BL-4", message)
    return Comparison(first, "first to play")


def _winner(takers_win: bool, reason: str) -> Comparison:
    return Comparison(Camp.TAKERS if takers_win else Camp.DEFENDERS, reason)


MISSING_TOP_TEXT = {
    Camp.TAKERS: gettext_noop(
        "Both camps' best runs have the same length: choose the top card of the takers' run to compare them."
    ),
    Camp.DEFENDERS: gettext_noop(
        "Both camps' best runs have the same length: choose the top card of the defenders' run to compare them."
    ),
}

# The comparison's words (R-BL-4), msgids worded when a line is shown.
REASONS = {
    "higher value": gettext_noop("higher value"),
    "carré over run": gettext_noop("a carré beats a run"),
    "higher carré": gettext_noop("higher carré"),
    "longer run": gettext_noop("longer run"),
    "higher top card": gettext_noop("higher top card"),
    "in trumps": gettext_noop("in trumps"),
    "first to play": gettext_noop("declared first in the order of play"),
}
BEATS_TEXT = {
    Camp.TAKERS: gettext_noop("{best} beats the defenders' {other} ({reason})"),
    Camp.DEFENDERS: gettext_noop("{best} beats the takers' {other} ({reason})"),
}
ALONE_TEXT = gettext_noop("announcements: {best}")
CANCEL_TEXT = gettext_noop("equal announcements cancel: neither camp scores them")


def comparison_values(pair: Pair, comparison: Comparison) -> tuple[str, dict[str, Any]]:
    """The breakdown line's msgid and values for the winning camp's announcements (BL-5.5, R-BL-4)."""
    winner = comparison.winner
    assert winner is not None
    best, other = (pair[0], pair[1]) if winner is Camp.TAKERS else (pair[1], pair[0])
    if comparison.reason == "alone":
        return ALONE_TEXT, {"best": best.words}
    return BEATS_TEXT[winner], {"best": best.words, "other": other.words, "reason": Word(REASONS[comparison.reason])}


def announcement_entry(pair: Pair, comparison: Comparison) -> dict[str, Any]:
    """The normalised announcement fields: every one present."""
    entry: dict[str, Any] = {}
    for camp, declared in zip(Camp, pair, strict=True):
        prefix = PREFIX[camp]
        entry[f"{prefix}_run"] = declared.run
        entry[f"{prefix}_carre"] = declared.carre or NONE
        entry[f"{prefix}_run_top"] = declared.top or NONE
        entry[f"{prefix}_run_in_trumps"] = declared.in_trumps
        entry[f"{prefix}_other_announcements"] = declared.others
    first = comparison.winner if comparison.reason == "first to play" else None
    entry["equal_runs_first"] = first.value if first else NONE
    return entry
