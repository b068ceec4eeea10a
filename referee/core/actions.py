"""What each tap of the Check a hand page does to a hand record (docs/hand-record.md, docs/referee/).

`apply_action` returns a changed copy, checked by `referee.core.limits.check_record`; the record it was
given is never touched, so a refused action loses or changes nothing already saved. Everything it
knows of a game it asks the game's referee: the pack, the size of a hand and the fields outside the
hands from its setup, the event a tap records from its record builder.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from referee.core.games import REFEREES
from referee.core.limits import check_record, stand_in, used_cards
from referee.core.protocol import RefereeGame, Tap
from referee.core.setup import ExtraField, Setup, has_hands
from referee.core.verdict import RecordError, Turn
from scoring.core.games import GAMES
from vocabulary.cards import CardError, card_name, parse_card, parse_cards
from vocabulary.i18n import _, ngettext

ACTIONS = ("add_card", "remove_card", "set_hand", "set_extra", "event", "undo_event", "pass_round", "match_calls")
SEAT_ACTIONS = ("add_card", "remove_card", "set_hand", "event")  # the actions that need a seat...
FIELD_ACTIONS = ("add_card", "remove_card")  # ...unless they name a field outside the hands (``into``)
FILLING_ACTIONS = ("add_card", "set_hand", "set_extra")  # the actions after which the last hand may fill itself


def apply_action(record: Mapping[str, Any], action: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of ``record`` changed by one action; a RecordError naming the field if it is refused.

    ``action`` holds the posted fields as read: ``action`` (one of ACTIONS), ``seat``, ``into`` (a field
    outside the hands that ``add_card`` and ``remove_card`` change instead of a hand), ``kind``, ``card``,
    ``cards``, ``cards_text``, ``call``, ``choice``, ``announce`` and one per field outside the hands. After a
    card is placed, the one hand still short is dealt the cards left when they are exactly what it lacks
    (`fill_last_hand`).
    """
    changed: dict[str, Any] = json.loads(json.dumps(record))
    if action["action"] == "undo_event":
        if changed["events"]:
            changed["events"].pop()
        return changed  # only ever shrinks the record, so even one stored before the limits can be undone
    referee = REFEREES[changed["game"]]
    if action["action"] in ("pass_round", "match_calls"):
        if action["action"] == "pass_round":
            changed["events"].extend(passes_to_end(referee, changed))
        else:  # the calls of the match's deal entry, which the page gives (never the post)
            changed["events"].extend(entry_calls(referee, changed, action.get("entry") or {}))
        check_record(referee, changed)
        return changed
    try:
        _apply(referee, changed, action)
        if action["action"] in FILLING_ACTIONS:
            fill_last_hand(referee.setup.for_record(changed), changed)
    except CardError as error:
        raise RecordError(error.path, error.message) from None
    check_record(referee, changed)  # refuse what the referee cannot read, or what is over a cap; illegal plays are fine
    return changed


def _apply(referee: RefereeGame, changed: dict[str, Any], action: Mapping[str, Any]) -> None:
    setup = referee.setup.for_record(changed)
    name, seat = action["action"], action.get("seat")
    into = next((field for field in setup.extras_for(changed) if field.name == action.get("into")), None)
    if name in ("add_card", "remove_card", "set_hand") and into is None and not has_hands(changed):
        raise RecordError(
            "seat", _("this record gives the plays only, so it has no hands: record each card as it is played")
        )
    if name in FIELD_ACTIONS and into is not None:
        _change_field(setup, changed, into, parse_card(action["card"], "card").code, add=name == "add_card")
    elif name == "add_card":
        code = parse_card(action["card"], "card").code
        if code in used_cards(setup, changed):
            raise RecordError("card", _("{card} is already in a hand").format(card=card_name(parse_card(code))))
        hand = changed["hands"][seat]
        if len(hand) >= setup.hand_size:
            raise RecordError(
                f"hands[{seat}]",
                ngettext(
                    "{name} already holds {count} card", "{name} already holds {count} cards", setup.hand_size
                ).format(name=changed["players"][seat], count=setup.hand_size),
            )
        hand.append(code)
    elif name == "remove_card":
        code = parse_card(action["card"], "card").code
        changed["hands"][seat] = [token for token in changed["hands"][seat] if parse_card(token).code != code]
    elif name == "set_hand":
        cards = [card.code for card in parse_cards(action["cards_text"], f"hands[{seat}]")]
        others = used_cards(setup, {**changed, "hands": [h for i, h in enumerate(changed["hands"]) if i != seat]})
        clash = [code for code in cards if code in others] or [c for c in cards if cards.count(c) > 1]
        if clash:
            raise RecordError(
                f"hands[{seat}]", _("{card} is already used").format(card=card_name(parse_card(clash[0])))
            )
        changed["hands"][seat] = cards
    elif name == "set_extra":
        for field in setup.extras_for(changed):
            text = action.get(field.name, "")
            if field.many:
                changed[field.name] = [card.code for card in parse_cards(text, field.name)] if text else []
            else:
                changed[field.name] = parse_card(text, field.name).code if text else None
            if not changed[field.name]:
                changed.pop(field.name)
    else:  # "event"
        kind = action["kind"]
        if kind not in setup.taps:
            title = GAMES[referee.name].title
            raise RecordError(
                "kind",
                _("a {game} hand has no {kind}: its events are {kinds}").format(
                    game=title, kind=kind, kinds=", ".join(setup.taps)
                ),
            )
        if not isinstance(seat, int):
            raise RecordError("seat", _("choose a player"))
        changed["events"].append(referee.build_event(Tap(kind, seat, action, at=len(changed["events"]))))


def _change_field(setup: Setup, changed: dict[str, Any], field: ExtraField, code: str, *, add: bool) -> None:
    """A card tapped into a field outside the hands (appended to a list such as the stock, in the order
    tapped; set as a one-card field such as the turn-up), or taken out of it."""
    if field.many:
        cards = [token for token in changed.get(field.name) or [] if parse_card(token).code != code]
        if add:
            if code in used_cards(setup, changed):
                raise RecordError("card", _("{card} is already used").format(card=card_name(parse_card(code))))
            if len(cards) >= field.size:
                raise RecordError(
                    field.name,
                    ngettext("{noun} holds {count} card", "{noun} holds {count} cards", field.size).format(
                        noun=field.noun, count=field.size
                    ),
                )
            cards.append(code)
        changed[field.name] = cards
    elif add:
        if code in used_cards(setup, changed) and not field.in_hand:  # a card in a hand may be in_hand's too
            raise RecordError("card", _("{card} is already used").format(card=card_name(parse_card(code))))
        changed[field.name] = code
    elif changed.get(field.name) and parse_card(changed[field.name]).code == code:
        changed[field.name] = None
    if not changed.get(field.name):
        changed.pop(field.name, None)


PASS = "pass"


def passes_to_end(referee: RefereeGame, record: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The passes that end the bidding from here, one a player in turn, each recorded as its turn's tap would
    record it: while the next turn offers a pass and is of the same kind, at most one round of the table. None
    unless they end it (the next turn is another kind, or there is none): "Ben, Cleo and Dev pass" after a bid
    at Contract Bridge (BR-4.6), not a round of Belote's first bids, after which the second round goes on."""
    changed: dict[str, Any] = json.loads(json.dumps(record))
    passes: list[dict[str, Any]] = []
    kind = ""
    for _seat in range(referee.setup.seats + 1):
        turn = referee.replay(referee.parse(changed)).next_turn
        if (
            turn is None
            or turn.kind != (kind or turn.kind)
            or PASS not in turn.allowed
            or len(passes) == referee.setup.seats
        ):
            break
        kind = turn.kind
        entry = referee.setup.entry(turn.kind)
        field = entry.field if entry is not None else "call"
        event = referee.build_event(Tap(turn.kind, turn.seat, {field: PASS}, at=len(changed["events"])))
        changed["events"].append(event)
        passes.append(event)
    ended = turn is None or turn.kind != kind
    return passes if ended else []


def entry_calls(referee: RefereeGame, record: Mapping[str, Any], entry: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The calls that give a deal entry's contract, from here, each recorded as its turn's tap would record it: a
    contract (``declarer``, ``level``, ``strain``, ``doubled``) is bid by its declarer after a pass from each seat
    before, doubled by the next opponent and redoubled by the declarer's side as the entry says, then passed out; a
    passed-out deal is all passes; per-seat ``calls`` (Call Bridge's) are each seat's call. None for any other entry,
    and none unless the calls end the bidding (the next turn is of another kind). Hands still short are dealt a
    stand-in: no bid a game may record depends on the hand."""
    per_seat, passed_out = entry.get("calls"), bool(entry.get("passed_out"))
    declarer: int | None = entry.get("declarer")
    if per_seat is None and not passed_out and not isinstance(declarer, int):
        return []
    side = {seat: index for index, seats in enumerate(GAMES[referee.name].sides) for seat in seats}
    bid, doubled = f"{entry.get('level')}{entry.get('strain')}", entry.get("doubled") or 0
    changed: dict[str, Any] = json.loads(json.dumps(record))
    calls: list[dict[str, Any]] = []
    kind, made = "", 0  # the calls' turn kind; how many of the bid, double and redouble are made
    for _step in range(referee.setup.longest_auction):
        turn = _next_turn(referee, changed)
        way = referee.setup.entry(turn.kind) if turn is not None else None
        if turn is None or way is None or way.field != "call" or (kind and turn.kind != kind):
            break  # only a turn that records a call
        kind, word = turn.kind, PASS
        if per_seat is not None:
            word = str(per_seat[turn.seat])
        elif passed_out:
            pass
        elif not made and turn.seat == declarer:
            word, made = bid, 1
        elif 0 < made <= doubled and (side[turn.seat] != side.get(declarer or 0)) == (made == 1):
            word, made = ("double", "redouble")[made - 1], made + 1
        tap = Tap(turn.kind, turn.seat, {way.field: word}, at=len(changed["events"]))
        calls.append(referee.build_event(tap))
        changed["events"].append(calls[-1])
    turn = _next_turn(referee, changed)
    return calls if calls and (turn is None or turn.kind != kind) else []


def _next_turn(referee: RefereeGame, record: dict[str, Any]) -> Turn | None:
    """The next turn of ``record``, its short hands dealt a stand-in (limits.stand_in)."""
    return referee.replay(referee.parse(stand_in(referee.setup.for_record(record), record))).next_turn


def fills_last_hand(setup: Setup) -> bool:
    """Whether a whole record of this game places every card of the pack (the hands and the fields a deal
    gives cards of its own), so that the last hand is known once the rest is in. Not so where cards stay
    unrecorded, such as the rest of a stock the record leaves out."""
    outside = sum(field.size for field in setup.extras if field.dealt)
    return len(setup.pack) == setup.seats * setup.hand_size + outside


def fill_last_hand(setup: Setup, record: dict[str, Any]) -> int | None:
    """Deal the cards not yet placed to the one hand still short, when they are exactly the cards it lacks:
    the pack less the other hands and the fields outside the hands (the stock, the turn-up). Changes
    ``record`` in place and returns the seat filled, or None (always for a record of the plays only)."""
    if not has_hands(record):
        return None
    hands = record["hands"]
    short = [seat for seat, hand in enumerate(hands) if len(hand) < setup.hand_size]
    if len(short) != 1 or any(len(hand) > setup.hand_size for hand in hands):
        return None
    seat = short[0]
    used = used_cards(setup, record)
    left = [card.code for card in setup.pack if card.code not in used]
    if len(hands[seat]) + len(left) != setup.hand_size:
        return None
    hands[seat] = [*hands[seat], *left]
    return seat


def filled_seat(setup: Setup, before: Mapping[str, Any], after: Mapping[str, Any], tapped: int | None) -> int | None:
    """The seat whose hand `fill_last_hand` completed when a tap turned ``before`` into ``after``: a hand that
    was short and is now whole, other than the one tapped."""
    size = setup.hand_size
    if not has_hands(before) or not has_hands(after):
        return None
    return next(
        (
            seat
            for seat, (old, new) in enumerate(zip(before["hands"], after["hands"], strict=True))
            if seat != tapped and len(old) < size == len(new)
        ),
        None,
    )
