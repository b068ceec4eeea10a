"""The contract deal shared by Bridgette and Draw Bridge: one value, one reader, one entry spec, its words.

A deal entry is the contract and the declarer's tricks, or a deal nobody bid::

    {"declarer": 0, "level": 3, "strain": "NT", "doubled": 0, "tricks": 9}
    {"passed_out": true}

``doubled`` may be left out in both games: it then reads as 0, not doubled (docs/match-file.md).
What differs between the games (which contracts exist, the rule behind each field) is a
`ContractRules`, built once by each game from its own constants; the reader, the entry spec the
forms and API schema are built from, and the normalised entry all come from it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from scoring.core.base import EntryField, EntrySpec, FieldKind, Relative, RuleError, Undertaking, numbers, seat_field
from scoring.core.fields import choice, flag_true, integer, only_fields
from vocabulary.i18n import _, gettext_noop, ngettext, pgettext
from vocabulary.words import Doubling, Strain

TRICKS_PER_DEAL = 13
CONTRACT_FIELDS = ("declarer", "level", "strain", "doubled", "tricks")
ENTRY_FIELDS = frozenset(("passed_out", *CONTRACT_FIELDS))
STRAIN_CHOICES = tuple(Strain)


BOOK = 6  # the tricks a contract needs before its level counts: a level-3 contract needs 9 (BG-7.1, DB-6.1, BR-6.1)

# A four-seat contract's result as players say it, against the 6 + level tricks the contract needs (BR-6.1, BR-9.1;
# a duplicate board's DP-1.4): "=", "+1" ... "+6" (a level-1 contract and all 13 tricks), "−1" ... "−13" (a grand
# slam and none). An entry keeps the tricks; only a form asks for the result.
RESULT_OFFSETS = Relative(
    "level",
    BOOK,
    gettext_noop("Result"),
    (
        (0, "="),
        *((over, f"+{over}") for over in range(1, TRICKS_PER_DEAL - BOOK)),
        *((-down, f"\u2212{down}") for down in range(1, TRICKS_PER_DEAL + 1)),
    ),
    gettext_noop("{offset} would make {value} tricks for a contract that needs {par}; a deal has 0 to 13"),
)


def seat_letters() -> tuple[str, ...]:
    """Each of four seats' letter in the active language (Hungarian writes É, K, D, Ny), as a pad or a traveller
    writes the seats (BR-1.1, DP-1.4)."""
    return (
        pgettext("seat letter: North", "N"),
        pgettext("seat letter: East", "E"),
        pgettext("seat letter: South", "S"),
        pgettext("seat letter: West", "W"),
    )


@dataclass(frozen=True, slots=True)
class Contract:
    """One deal: the contract and the declarer's tricks, or passed out (``declarer`` None)."""

    declarer: int | None
    level: int = 0
    strain: Strain = Strain.NO_TRUMP
    doubled: Doubling = Doubling.UNDOUBLED
    tricks: int = 0
    # The contract in the rules' notation (docs/rules/README.md): ``4♠X``, ``3NTXX``, ``0NT``. Named once, when the
    # value is made (parse_contract hands out values built in advance): every score line names it.
    contract: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "contract", CONTRACT_NAMES[self.level, self.strain, self.doubled])

    @property
    def passed_out(self) -> bool:
        return self.declarer is None

    @property
    def result_code(self) -> str:
        """The deal's result kind in the JSON sheet (docs/match-file.md): passed_out, made (the book of six tricks
        and the level, BG-7.1, DB-6.1, BR-6.1) or down."""
        if self.declarer is None:
            return "passed_out"
        return "made" if self.tricks >= BOOK + self.level else "down"


def contract_undertakings(contract: Contract, sides: tuple[tuple[int, ...], ...]) -> tuple[Undertaking, ...]:
    """The contract its declarer's side undertook and whether it was made (the book of six tricks and the level,
    BG-7.1, DB-6.1, BR-6.1); nothing for a passed-out deal."""
    if contract.declarer is None:
        return ()
    side = next(index for index, seats in enumerate(sides) if contract.declarer in seats)
    return (Undertaking(side, contract.result_code == "made"),)


# Every contract's name, built once.
CONTRACT_NAMES = {
    (level, strain, doubled): f"{level}{strain.symbol}{doubled.mark}"
    for level in range(8)
    for strain in Strain
    for doubled in Doubling
}
PASSED_OUT = Contract(None)


def bid_name(level: int, strain: Strain) -> str:
    """A bid without doubling: ``4♠``, ``0NT``."""
    return CONTRACT_NAMES[level, strain, Doubling.UNDOUBLED]


@dataclass(frozen=True, slots=True)
class ContractRules:
    """What one game's contract entry may hold, and the rule ID (docs/rules/) behind each field.

    ``bids`` are the contracts that can be bid, lowest first (Bridgette's start at 0NT, BG-5.1;
    Draw Bridge's at 1♣, DB-4.1). ``deals`` holds every deal those bids allow, keyed by the
    entry's plain values, so that a well-formed entry is read with one look-up.
    """

    bids: tuple[tuple[int, Strain], ...]
    declarer_rule: str
    level_rule: str
    strain_rule: str
    doubled_rule: str
    tricks_rule: str
    passed_out_rule: str
    seats: int = 2
    deals: Mapping[tuple[int, int, str, int, int], Contract] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        deals = {
            (declarer, level, strain.value, doubled.value, tricks): Contract(declarer, level, strain, doubled, tricks)
            for declarer in range(self.seats)
            for level, strain in self.bids
            for doubled in Doubling
            for tricks in range(TRICKS_PER_DEAL + 1)
        }
        object.__setattr__(self, "deals", deals)

    @property
    def lowest_level(self) -> int:
        return self.bids[0][0]

    @property
    def highest_level(self) -> int:
        return self.bids[-1][0]


def parse_contract(entry: Any, rules: ContractRules) -> Contract:
    """Read a contract entry (or a passed-out deal) under ``rules`` field by field; EntryError names the
    field and rule."""
    entry = only_fields(entry, ENTRY_FIELDS)
    if flag_true(entry, "passed_out"):
        for name in CONTRACT_FIELDS:
            if name in entry:
                message = _("a passed-out deal has no contract: leave out {field}").format(field=name)
                raise RuleError(name, rules.passed_out_rule, message)
        return PASSED_OUT
    declarer = integer(entry, "declarer", 0, rules.seats - 1, rules.declarer_rule)
    level = _level(entry, rules)
    strain = Strain(choice(entry, "strain", STRAIN_CHOICES, rules.strain_rule))
    if (level, strain) not in rules.bids:
        others = " ".join(bid_name(level, other) for bid_level, other in rules.bids if bid_level == level)
        message = _("there is no {bid}: level {level} exists only as {others}")
        raise RuleError(
            "level", rules.level_rule, message.format(bid=bid_name(level, strain), level=level, others=others)
        )
    doubled = integer(entry, "doubled", 0, max(Doubling), rules.doubled_rule) if "doubled" in entry else 0
    tricks = integer(entry, "tricks", 0, TRICKS_PER_DEAL, rules.tricks_rule)
    return rules.deals[declarer, level, strain, doubled, tricks]


def _level(entry: Any, rules: ContractRules) -> int:
    low, high = rules.lowest_level, rules.highest_level
    try:
        return integer(entry, "level", low, high, rules.level_rule)
    except RuleError:
        value = entry["level"]
        if value == 0:
            message = _("level must be from {low} ({lowest}) to {high} ({highest}); there is no level-{value} bid")
        else:
            message = _("level must be from {low} ({lowest}) to {high} ({highest}); not {value}")
        lowest, highest = bid_name(*rules.bids[0]), bid_name(*rules.bids[-1])
        text = message.format(low=low, lowest=lowest, high=high, highest=highest, value=value)
        raise RuleError("level", rules.level_rule, text) from None


def contract_spec(rules: ContractRules) -> EntrySpec:
    """The contract entry's fields, bounded by ``rules`` (the reader's own bounds)."""
    return EntrySpec(
        (
            EntryField(
                "passed_out",
                gettext_noop("Passed out (no bid)"),
                FieldKind.SWITCH,
                rules.passed_out_rule,
                required=False,
            ),
            seat_field("declarer", gettext_noop("Declarer"), rules.seats, rules.declarer_rule),
            EntryField(
                "level",
                gettext_noop("Level"),
                FieldKind.CHOICE,
                rules.level_rule,
                numbers(rules.lowest_level, rules.highest_level),
            ),
            EntryField(
                "strain",
                gettext_noop("Strain"),
                FieldKind.CHOICE,
                rules.strain_rule,
                tuple((s.value, s.symbol) for s in Strain),
            ),
            EntryField(
                "doubled",
                gettext_noop("Doubled"),
                FieldKind.CHOICE,
                rules.doubled_rule,
                tuple((d.value, d.mark or "–") for d in Doubling),
                required=False,
                initial=Doubling.UNDOUBLED.value,
            ),
            EntryField(
                "tricks",
                gettext_noop("Declarer's tricks"),
                FieldKind.CHOICE,
                rules.tricks_rule,
                numbers(0, TRICKS_PER_DEAL),
            ),
        ),
        no_play="passed_out",
    )


def contract_entry(deal: Contract) -> dict[str, Any]:
    """The normalised entry: every contract field, in plain JSON values, or the passed-out switch."""
    if deal.declarer is None:
        return {"passed_out": True}
    return {
        "declarer": deal.declarer,
        "level": deal.level,
        "strain": deal.strain.value,
        "doubled": deal.doubled.value,
        "tricks": deal.tricks,
    }


def describe_contract(deal: Contract, players: tuple[str, ...]) -> str:
    """The deal in short form: ``4♠X by Anna, 10 tricks``, ``passed out``."""
    if deal.declarer is None:
        return _("passed out")
    text = ngettext(
        "{contract} by {declarer}, {tricks} trick", "{contract} by {declarer}, {tricks} tricks", deal.tricks
    )
    return text.format(contract=deal.contract, declarer=players[deal.declarer], tricks=deal.tricks)


def describe_played(deal: Contract, players: tuple[str, ...], rule: str = "") -> str:
    """A played contract as a score sheet's row says it, with what came of it: ``4♠ by Anna, made exactly``,
    ``1NT by Ben, made with 3 over (BG-7.1)``, ``5♣ by Anna, down 2 (DB-6.2)``. ``rule``, in brackets, is the
    rule that scored it: a bonus, where the tricks earn one; a failed contract's penalty, always given. A
    contract needs 6 + level tricks (BG-7.1, DB-6.1)."""
    assert deal.declarer is not None
    over = deal.tricks - 6 - deal.level
    if over < 0:  # a failed contract always names the rule of its penalty
        texts = ngettext(
            "{contract} by {declarer}, down {count} ({rule})", "{contract} by {declarer}, down {count} ({rule})", -over
        )
    elif over:
        texts = (
            ngettext(
                "{contract} by {declarer}, made with {count} over ({rule})",
                "{contract} by {declarer}, made with {count} over ({rule})",
                over,
            )
            if rule
            else ngettext(
                "{contract} by {declarer}, made with {count} over",
                "{contract} by {declarer}, made with {count} over",
                over,
            )
        )
    else:
        texts = (
            _("{contract} by {declarer}, made exactly ({rule})")
            if rule
            else _("{contract} by {declarer}, made exactly")
        )
    return texts.format(contract=deal.contract, declarer=players[deal.declarer], count=abs(over), rule=rule)
