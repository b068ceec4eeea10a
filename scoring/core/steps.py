"""A deal entered in two steps (``EntrySpec.first``): the fields known before the play, read on their own.

At the table part of a deal's entry is known before the play (Call Bridge's calls, CB-4.1) and the
rest only after it. The match page saves the first fields as the deal in progress; they are read
here against the game's entry spec, each value one the spec allows (with the field's rule), and said
in words for the score sheet. The whole entry is read by the game's ``parse_deal`` once the deal is
saved, so nothing here decides a score.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scoring.core.base import Choice, EntryField, EntrySpec, FieldKind, FormatError, RuleError
from scoring.core.fields import only_fields, present, whole_number
from vocabulary.i18n import _


def first_fields(spec: EntrySpec) -> tuple[EntryField, ...]:
    """The fields entered before the play, in the spec's order (none for a game entered at once)."""
    return tuple(field for field in spec.fields if field.name in spec.first)


def _not_allowed(field: EntryField, where: str, value: Any) -> str:
    values = [value for value, _text in field.choices_en]
    if values and all(type(value) is int for value in values):
        message = _("{field} must be from {low} to {high}, not {value}")
        return message.format(field=where, low=values[0], high=values[-1], value=repr(value))
    message = _("{field} must be one of {options}, not {value}")
    return message.format(field=where, options=", ".join(str(value) for value in values), value=repr(value))


def _read_value(field: EntryField, value: Any, where: str) -> Choice | bool | None:
    if field.kind is FieldKind.SWITCH:
        if not isinstance(value, bool):
            raise FormatError(where, _("{field} must be true or false").format(field=where))
        return value
    if field.kind is FieldKind.CHOICE:
        # type() as well as ==: true is not 1, and "4" is not 4, in a match file.
        for choice, _text in field.choices_en:
            if type(value) is type(choice) and value == choice:
                return choice
        raise RuleError(where, field.rule, _not_allowed(field, where, value))
    if value is None and not field.required:
        return None
    number = whole_number(value, where)
    low = 0 if field.low is None else field.low
    high = number if field.high is None else field.high
    if not low <= number <= high:
        message = _("{field} must be from {low} to {high}, not {value}")
        raise RuleError(where, field.rule, message.format(field=where, low=low, high=high, value=number))
    return number


def read_first(spec: EntrySpec, entry: Any, seats: int) -> dict[str, Any]:
    """The first step's entry, every first field present and allowed by the spec (a per-seat field
    one value per seat); a located EntryError naming the field's rule otherwise."""
    only_fields(entry, spec.first)
    read: dict[str, Any] = {}
    for field in first_fields(spec):
        value = present(entry, field.name)
        if not field.per_seat:
            read[field.name] = _read_value(field, value, field.name)
            continue
        if not isinstance(value, list) or len(value) != seats:
            message = _("{field} must be a list of {seats} values, one per seat")
            raise FormatError(field.name, message.format(field=field.name, seats=seats))
        read[field.name] = [_read_value(field, item, f"{field.name}[{seat}]") for seat, item in enumerate(value)]
    return read


def _shown(field: EntryField, value: Any, players: Sequence[str]) -> str:
    if field.kind is FieldKind.SEAT:
        return field.none_label if value is None else players[value]
    if field.kind is FieldKind.SWITCH:
        return _("yes") if value else _("no")
    return next((text for choice, text in field.choices if choice == value), str(value))


def first_words(spec: EntrySpec, entry: Mapping[str, Any], players: Sequence[str]) -> list[list[str]]:
    """Each seat's first values in words ("call 4"), one list per seat (empty where it has none)."""
    words: list[list[str]] = [[] for _ in players]
    for field in first_fields(spec):
        if field.per_seat:
            for seat, value in enumerate(entry[field.name]):
                words[seat].append(_("{label} {value}").format(label=field.label, value=_shown(field, value, players)))
    return words


def first_text(spec: EntrySpec, entry: Mapping[str, Any], players: Sequence[str], dealer: int | None = None) -> str:
    """The first step in words, for the sheet: "Calls: Ben 3, Cleo 2, Dan 5, Anna 4", in calling order
    from ``dealer`` (`EntrySpec.calling_order`; seat order when it is not given)."""
    parts: list[str] = []
    order = spec.calling_order(dealer, len(players))
    for field in first_fields(spec):
        value = entry[field.name]
        if field.per_seat:
            parts += [
                _("{player} {value}").format(player=players[seat], value=_shown(field, value[seat], players))
                for seat in order
            ]
        else:
            parts.append(_("{label} {value}").format(label=field.label, value=_shown(field, value, players)))
    return _("{title}: {values}").format(title=spec.first_title, values=", ".join(parts))
