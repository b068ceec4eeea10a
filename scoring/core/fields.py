"""Readers for deal-entry fields: each returns a domain value or raises EntryError.

A wrong type or a missing field is a FormatError ("cannot read"); a value of
the right type that a rule forbids is a RuleError naming that rule.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from scoring.core.base import Entry, FormatError, RuleError
from vocabulary.i18n import _
from vocabulary.words import Suit


def only_fields(entry: Any, allowed: Collection[str]) -> Entry:
    """The entry as a mapping, refusing anything but a JSON object with known keys."""
    if not isinstance(entry, dict):
        raise FormatError("deal", _("a deal entry must be a JSON object"))
    if isinstance(allowed, frozenset) and allowed.issuperset(entry):  # the usual entry, in one test
        return entry
    for key in entry:
        if key not in allowed:
            names = ", ".join(sorted(allowed))
            raise FormatError(
                str(key), _("unknown field {key}; the fields are {names}").format(key=repr(key), names=names)
            )
    return entry


def present(entry: Entry, field: str) -> Any:
    if field not in entry:
        raise FormatError(field, _("{field} is missing").format(field=field))
    return entry[field]


def whole_number(value: Any, field: str) -> int:
    # bool is an int in Python, but `true` is never a count in a match file.
    if isinstance(value, bool) or not isinstance(value, int):
        raise FormatError(
            field, _("{field} must be a whole number, not {value}").format(field=field, value=repr(value))
        )
    return value


def integer(entry: Entry, field: str, low: int, high: int, rule: str) -> int:
    value = entry.get(field)
    # The usual case, settled in one test (`type(...) is int` turns bool away, as whole_number does);
    # anything else is read again below, so that the error says what is wrong.
    if type(value) is int and low <= value <= high:
        return value
    value = whole_number(present(entry, field), field)
    if not low <= value <= high:
        raise RuleError(
            field,
            rule,
            _("{field} must be from {low} to {high}, not {value}").format(field=field, low=low, high=high, value=value),
        )
    return value


def seat(entry: Entry, field: str, seats: int, rule: str, *, optional: bool = False) -> int | None:
    value = entry.get(field)
    if type(value) is int and 0 <= value < seats:  # the usual case at once, as in `integer`
        return value
    if value is None and optional:
        return None
    return integer(entry, field, 0, seats - 1, rule)


def choice(entry: Entry, field: str, options: Sequence[str], rule: str) -> str:
    value = entry.get(field)
    if isinstance(value, str) and value in options:
        return value
    value = present(entry, field)  # a missing field is a FormatError, not a wrong choice
    message = _("{field} must be one of {options}, not {value}")
    raise RuleError(field, rule, message.format(field=field, options=", ".join(options), value=repr(value)))


_PLAIN_INT = {int}


SUITS = tuple(Suit)
# Each suit as an entry spells it, in either case.
SUIT_LETTERS = {spelling: suit for suit in Suit for spelling in (suit.value, suit.value.lower())}


def suit(entry: Entry, field: str, rule: str) -> Suit:
    """A suit by its letter, in either case (a trump: KJ-4.2, BL-4.1)."""
    value = entry.get(field)
    if type(value) is str and value in SUIT_LETTERS:  # the usual case at once
        return SUIT_LETTERS[value]
    present(entry, field)
    if not isinstance(value, str) or value.upper() not in SUITS:
        message = _("{field} must be one of {options}, not {value}")
        raise RuleError(field, rule, message.format(field=field, options=", ".join(SUITS), value=repr(value)))
    return Suit(value.upper())


def int_list(entry: Entry, field: str, length: int) -> tuple[int, ...]:
    value = entry.get(field)
    # The usual case at once: a list of plain ints (`type`, as in `integer`: true is no count).
    if type(value) is list and len(value) == length and {*map(type, value)} == _PLAIN_INT:
        return tuple(value)
    value = present(entry, field)
    if not isinstance(value, list) or len(value) != length:
        message = _("{field} must be a list of {length} whole numbers, one per seat")
        raise FormatError(field, message.format(field=field, length=length))
    return tuple(whole_number(item, f"{field}[{index}]") for index, item in enumerate(value))


def flag_true(entry: Entry, field: str) -> bool:
    value = entry.get(field, False)
    if not isinstance(value, bool):
        raise FormatError(field, _("{field} must be true or false").format(field=field))
    return value
