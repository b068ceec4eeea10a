"""Reading a Contract Bridge hand record: four hands of 13 from one 52-card pack, the calls and the plays."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.core.calls import Call, parse_call
from referee.core.games.contract_bridge.setup import SETUP
from referee.core.record import DealtCards, Header, Record
from referee.core.record import read_record as read_in_order
from referee.core.verdict import RecordError
from vocabulary.i18n import _, gettext_noop


def read_record(doc: Mapping[str, Any], name: str) -> Record:
    """Read a record of the game ``name``: the common fields, a deal of 4 x 13 cards (BR-1.2, BR-3.2), the events.
    A fault is told in this order: the header, an event's type or seat, the deal, then a call, choice or card."""
    if isinstance(doc, dict) and doc.get("game") != name:
        raise RecordError("game", _("this is a Contract Bridge record, so game must be {name}").format(name=repr(name)))
    not_in_pack = gettext_noop("{card} is not a card of the 52-card pack (BR-1.2)")
    header, _none, events = read_in_order(
        doc, name, SETUP, _check_deal, not_in_pack=not_in_pack, field_readers={"call": _read_call}
    )
    return Record.of(header, events)  # nothing is dealt outside the hands (BR-3.2)


def _read_call(value: Any, path: str) -> Call:
    """A call in any spelling; a level-0 bid in a suit ("0D") is read, then flagged as "0NT" is (BR-4.3)."""
    return parse_call(value, path, level_0_suits=True)


def _check_deal(doc: Mapping[str, Any], header: Header, dealt: DealtCards) -> None:
    """Refuse a deal that is not four hands of 13 from one 52-card pack (BR-1.2, BR-3.2), naming the first fault."""
    dealt.place_hands(header, gettext_noop("each hand is dealt 13 cards (BR-3.2), not {count}"))
