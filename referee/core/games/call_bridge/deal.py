"""Reading a Call Bridge hand record: 4 hands of 13 from one 52-card pack (CB-1.1, CB-3.2), the calls and plays."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.core.games.call_bridge.setup import SETUP
from referee.core.record import DealtCards, Header, Record
from referee.core.record import read_record as read_in_order
from referee.core.verdict import RecordError
from vocabulary.i18n import _, gettext_noop


def read_record(doc: Mapping[str, Any], name: str) -> Record:
    """Read a Call Bridge hand record: 4 hands of 13 from one 52-card pack (CB-1.1, CB-3.2), calls and plays.
    A fault is told in this order: the header, every event's type and seat, the hands, each call and card."""
    not_in_pack = gettext_noop("{card} is not a card of the 52-card pack (CB-1.1)")
    header, _none, events = read_in_order(
        doc, name, SETUP, _check_hands, not_in_pack=not_in_pack, field_readers={"call": _read_call}
    )
    return Record.of(header, events)


def _read_call(value: Any, path: str) -> int:
    """A call's number of tricks, a whole number; whether the rules allow it is for the replay to judge."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(path, _("a call must be a whole number, not {value}").format(value=repr(value)))
    return value


def _check_hands(doc: Mapping[str, Any], header: Header, dealt: DealtCards) -> None:
    """Refuse hands that are not 4 x 13 cards of one 52-card pack (CB-1.1, CB-3.2), naming the first fault."""
    dealt.place_hands(header, gettext_noop("each hand holds 13 cards (CB-3.2), not {count}"))
