"""The exchange (BG-4): the draws from the stock and the discards, checked before the auction begins."""

from __future__ import annotations

from referee.core.games.bridgette.rules import DEALER_DRAWS, HAND_SIZE, group
from referee.core.games.bridgette.state import ReplayState
from referee.core.record import Event
from referee.core.verdict import Turn
from vocabulary.cards import Card, card_name, card_names
from vocabulary.i18n import _, gettext_noop, ngettext

# The exchange's texts, each a whole sentence (msgids: vocabulary/i18n.py). A draw or discard at the wrong moment,
# by the event, what was wrong and (out of turn) what the player due was to do.
_EXCHANGE_SLIPS = {
    ("draw", "late"): gettext_noop("{player} drew after the auction began; the exchange comes before it"),
    ("discard", "late"): gettext_noop("{player} discarded after the auction began; the exchange comes before it"),
    ("draw", "again"): gettext_noop("{player} already drew once in this exchange"),
    ("discard", "again"): gettext_noop("{player} already discarded once in this exchange"),
    ("draw", "out of turn", "draw"): gettext_noop("{player} drew out of turn: {due} was to draw first"),
    ("draw", "out of turn", "discard"): gettext_noop("{player} drew out of turn: {due} was to discard first"),
    ("discard", "out of turn", "draw"): gettext_noop("{player} discarded out of turn: {due} was to draw first"),
    ("discard", "out of turn", "discard"): gettext_noop("{player} discarded out of turn: {due} was to discard first"),
}
# BG-4.3: a dealer's draw of the wrong size, by the upcard's group (singular and plural by the cards drawn).
_DEALER_MISCOUNT = {
    "spot": (
        gettext_noop("{player} drew {count} card, but the upcard {card} is in the spot group, so the dealer draws 4"),
        gettext_noop("{player} drew {count} cards, but the upcard {card} is in the spot group, so the dealer draws 4"),
    ),
    "face": (
        gettext_noop("{player} drew {count} card, but the upcard {card} is in the face group, so the dealer draws 8"),
        gettext_noop("{player} drew {count} cards, but the upcard {card} is in the face group, so the dealer draws 8"),
    ),
    "ace": (
        gettext_noop("{player} drew {count} card, but the upcard {card} is in the ace group, so the dealer draws 12"),
        gettext_noop("{player} drew {count} cards, but the upcard {card} is in the ace group, so the dealer draws 12"),
    ),
}
_DEALER_DRAW_PROMPTS = {
    "spot": gettext_noop("{player} draws 4 cards: the upcard {card} is in the spot group (BG-4.3)"),
    "face": gettext_noop("{player} draws 8 cards: the upcard {card} is in the face group (BG-4.3)"),
    "ace": gettext_noop("{player} draws 12 cards: the upcard {card} is in the ace group (BG-4.3)"),
}
# BG-4.5: a card drawn or discarded that is elsewhere, by where it is (`ReplayState.misplaced`).
_MISPLACED_DRAW: dict[str | None, str] = {
    "hand": gettext_noop("{player} drew {card}, which is in {holder}'s hand"),
    "discard": gettext_noop("{player} drew {card}, which is discarded by {holder}"),
    "trick": gettext_noop("{player} drew {card}, which is already played to trick {trick}"),
}
_MISPLACED_DISCARD: dict[str | None, str] = {
    "hand": gettext_noop("{player} discarded {card}, which is in {holder}'s hand"),
    "discard": gettext_noop("{player} discarded {card}, which is discarded by {holder}"),
    "trick": gettext_noop("{player} discarded {card}, which is already played to trick {trick}"),
    None: gettext_noop("{player} discarded {card}, which is not in that hand"),
}


class Exchange(ReplayState):
    """The exchange steps of a replay: who draws and discards when, and how many cards (BG-4.1 to BG-4.5)."""

    def expected_draw(self, seat: int, count: int | None = None) -> tuple[Card, ...] | None:
        """BG-4.2 / BG-4.3 / R-BG-9: the stock cards this seat draws (``count`` of them), if the stock is known.

        Each draw takes the top of what is left of the stock, after the cards actually taken so far: the
        non-dealer takes the top two, the upcard first (R-BG-9); the dealer takes the next ones. So a wrong
        draw by the non-dealer does not make the dealer's right draw wrong too. Under `bg_upcard_to_dealer`
        the upcard waits for the dealer: the non-dealer takes the two below it and the dealer's draw starts
        with the upcard itself. A dealer who draws before the non-dealer (BG-4.1) leaves the non-dealer's
        two cards for them.
        """
        top = self.record.upcard  # the stock's first card, whenever the stock is recorded (BG-3.3)
        if self.record.stock is None or top is None:
            return None
        left = list(self.stock_left)
        if seat != self.dealer:
            count = 2 if count is None else count
            if "bg_upcard_to_dealer" in self.flags:
                left = [card for card in left if card != top]
        else:
            count = DEALER_DRAWS[group(top)] if count is None else count
            if ("draw", 1 - self.dealer) not in self.exchanged:
                due = self.expected_draw(1 - self.dealer) or ()
                left = [card for card in left if card not in due]
        return tuple(left[:count])

    def exchange(self, event: Event) -> None:
        kind, seat = event.type, event.seat
        if self.phase != "exchange":
            self.fault(event, "BG-4.1", _(_EXCHANGE_SLIPS[kind, "late"]))
            return
        key = (kind, seat)
        if key in self.exchanged:
            self.fault(event, "BG-4.2" if seat != self.dealer else "BG-4.3", _(_EXCHANGE_SLIPS[kind, "again"]))
            return
        expected = self.exchange_due()
        assert expected is not None  # this step is not made yet
        if key != expected:
            message = _(_EXCHANGE_SLIPS[kind, "out of turn", expected[0]])
            self.fault(event, "BG-4.1", message, due=self.players[expected[1]])
        self.exchanged.add(key)
        if kind == "draw":
            self.draw(event)
        else:
            self.discard(event)

    def draw(self, event: Event) -> None:
        seat, cards, count = event.seat, event.cards, event.count
        name = self.players[seat]
        to_dealer = "bg_upcard_to_dealer" in self.flags
        if seat != self.dealer:
            rule = "BG-4.2"
            if self.upcard is None and cards and not to_dealer:
                self.upcard = cards[0]  # R-BG-9: the upcard is the first of the non-dealer's two cards
            if count != 2:
                message = ngettext(
                    "{player} drew {count} card; the non-dealer draws exactly 2",
                    "{player} drew {count} cards; the non-dealer draws exactly 2",
                    count,
                )
                self.fault(event, rule, message, count=count)
            if cards is not None and self.upcard is not None and self.record.stock is None:
                if to_dealer and self.upcard in cards:
                    message = _("{player} took the upcard {card}, which goes to the dealer")
                    self.fault(event, "R-BG-9", message, card=card_name(self.upcard))
                elif not to_dealer and self.upcard not in cards:
                    message = _("{player} did not take the upcard {card}, the first of the two cards")
                    self.fault(event, "R-BG-9", message, card=card_name(self.upcard))
        else:
            rule = "BG-4.3"
            if self.upcard is None and cards and to_dealer:
                self.upcard = cards[0]  # R-BG-9 variant: the dealer's draw starts with the upcard
            if self.upcard is None:
                message = ngettext(
                    "The upcard was not recorded, so {player}'s draw of {count} card is not checked (BG-4.3).",
                    "The upcard was not recorded, so {player}'s draw of {count} cards is not checked (BG-4.3).",
                    count,
                )
                self.note(message.format(player=name, count=count))
            else:
                kind = group(self.upcard)
                if count != DEALER_DRAWS[kind]:
                    message = ngettext(_DEALER_MISCOUNT[kind][0], _DEALER_MISCOUNT[kind][1], count)
                    self.fault(event, rule, message, count=count, card=card_name(self.upcard))
                if cards is not None and to_dealer and self.record.stock is None and self.upcard not in cards:
                    message = _("{player} did not take the upcard {card}, which goes to the dealer")
                    self.fault(event, "R-BG-9", message, card=card_name(self.upcard))
        expected = self.expected_draw(seat, count)
        # The draw takes from the stock the cards listed or, when they were not seen, those it should have taken.
        for card in cards if cards is not None else expected or ():
            self.stock_left.pop(card, None)  # a card that is not in the stock takes nothing from it
        self.sizes[seat] += count
        if cards is None:
            self.unknown.add(seat)
            message = _("{player}'s drawn cards were not recorded; that hand is not checked from here on.")
            self.note(message.format(player=name))
            return
        if expected is not None and cards != expected:
            wrong = [card for card in cards if card not in expected]
            if wrong:
                message = _("{player} drew {cards}, but the stock gave {expected}")
                words = message.format(player=name, cards=card_names(wrong), expected=card_names(expected))
                self.flag(event, "R-BG-9" if to_dealer else rule, words, wrong[0])
        hand = self.hand_of(seat)
        mine = ("hand", seat)
        for card in cards:
            if card in self.where:
                # The card stays where it is; the draw still counts towards the hand's size.
                self.flag(event, "BG-4.5", self.misplaced(_MISPLACED_DRAW, name, card), card)
                continue
            if hand is not None:
                hand[card] = None
            self.where[card] = mine

    def discard(self, event: Event) -> None:
        seat, cards, count = event.seat, event.cards, event.count
        name = self.players[seat]
        hand = self.hand_of(seat)
        if cards is None:
            self.unknown.add(seat)
            message = _("{player}'s discards were not recorded; that hand is not checked from here on.")
            self.note(message.format(player=name))
        else:
            mine = ("hand", seat)
            for card in cards:
                # A recorded hand holds exactly the cards `where` places in it, so it alone answers; for a hand
                # not recorded, `where` says which cards are in it (or nowhere yet).
                held = card in hand if hand is not None else self.where.get(card, mine) == mine
                if not held:
                    self.flag(event, "BG-4.5", self.misplaced(_MISPLACED_DISCARD, name, card), card)
                    continue
                if hand is not None:
                    del hand[card]
                self.where[card] = ("discard", seat)
        # The player put down this many cards, whatever they were (BG-4.4).
        self.sizes[seat] -= count
        if self.sizes[seat] != HAND_SIZE:
            kept = self.sizes[seat]
            message = ngettext(
                "{player} kept {count} card after the exchange; each player ends with 13",
                "{player} kept {count} cards after the exchange; each player ends with 13",
                kept,
            )
            self.fault(event, "BG-4.5", message, count=kept)

    def exchange_turn(self, kind: str, seat: int) -> Turn:
        name = self.players[seat]
        hand = self.hand_of(seat)
        if kind == "discard":
            extra = self.sizes[seat] - HAND_SIZE
            codes = tuple(card.code for card in hand) if hand is not None else ()
            message = ngettext(
                "{player} discards {count} card, down to 13 (BG-4.2)",
                "{player} discards {count} cards, down to 13 (BG-4.2)",
                extra,
            )
            return Turn(seat, "discard", codes, message.format(player=name, count=extra))
        if seat != self.dealer:
            prompt = _("{player} draws 2 cards from the stock (BG-4.2)").format(player=name)
        elif self.upcard is None:
            prompt = _("{player} draws 4, 8 or 12 cards by the upcard's group (BG-4.3)").format(player=name)
        else:
            prompt = _(_DEALER_DRAW_PROMPTS[group(self.upcard)]).format(player=name, card=card_name(self.upcard))
        return Turn(seat, "draw", tuple(card.code for card in self.expected_draw(seat) or ()), prompt)
