"""The exchange (BG-4): the draws from the stock and the discards, checked before the auction begins."""

from __future__ import annotations

from referee.core.games.bridgette.pack import group, named
from referee.core.games.bridgette.record import HAND_SIZE, Step
from referee.core.games.bridgette.state import ReplayState
from referee.core.verdict import Turn
from scoring.core.cards import Card

DEALER_DRAWS = {"spot": 4, "face": 8, "ace": 12}  # BG-4.3


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

    def take_from_stock(self, seat: int, cards: tuple[Card, ...] | None, count: int) -> None:
        """Note the stock cards this draw took: the cards listed, or, when they were not seen, the ones it
        should have taken (a draw takes from the top of the stock)."""
        if self.record.stock is None:
            return
        if cards is None:
            cards = self.expected_draw(seat, count) or ()
        for card in cards:
            self.stock_left.pop(card, None)  # a card that is not in the stock takes nothing from it

    def exchange(self, step: Step) -> None:
        name = self.names[step.seat]
        verb = "drew" if step.type == "draw" else "discarded"
        if self.phase != "exchange":
            self.flag(step, "BG-4.1", f"{name} {verb} after the auction began; the exchange comes before it")
            return
        key = (step.type, step.seat)
        if key in self.exchanged:
            rule = "BG-4.2" if step.seat != self.dealer else "BG-4.3"
            self.flag(step, rule, f"{name} already {verb} once in this exchange")
            return
        expected = next(item for item in self.exchange_order if item not in self.exchanged)
        if key != expected:
            who = self.names[expected[1]]
            self.flag(step, "BG-4.1", f"{name} {verb} out of turn: {who} was to {expected[0]} first")
        self.exchanged.add(key)
        if step.type == "draw":
            self.draw(step)
        else:
            self.discard(step)

    def draw(self, step: Step) -> None:
        seat, cards, count = step.seat, step.cards, step.card_count
        name = self.names[seat]
        to_dealer = "bg_upcard_to_dealer" in self.flags
        if seat != self.dealer:
            rule = "BG-4.2"
            if self.upcard is None and cards and not to_dealer:
                self.upcard = cards[0]  # R-BG-9: the upcard is the first of the non-dealer's two cards
            if count != 2:
                self.flag(step, rule, f"{name} drew {count} cards; the non-dealer draws exactly 2")
            if cards is not None and self.upcard is not None and self.record.stock is None:
                if to_dealer and self.upcard in cards:
                    self.flag(step, "R-BG-9", f"{name} took the upcard {self.upcard}, which goes to the dealer")
                elif not to_dealer and self.upcard not in cards:
                    self.flag(
                        step, "R-BG-9", f"{name} did not take the upcard {self.upcard}, the first of the two cards"
                    )
        else:
            rule = "BG-4.3"
            if self.upcard is None and cards and to_dealer:
                self.upcard = cards[0]  # R-BG-9 variant: the dealer's draw starts with the upcard
            if self.upcard is None:
                self.note(f"The upcard was not recorded, so {name}'s draw of {count} cards is not checked (BG-4.3).")
            else:
                kind = group(self.upcard)
                if count != DEALER_DRAWS[kind]:
                    self.flag(
                        step,
                        rule,
                        f"{name} drew {count} cards, but the upcard {self.upcard} is in the {kind} group, "
                        f"so the dealer draws {DEALER_DRAWS[kind]}",
                    )
                if cards is not None and to_dealer and self.record.stock is None and self.upcard not in cards:
                    self.flag(step, "R-BG-9", f"{name} did not take the upcard {self.upcard}, which goes to the dealer")
        if cards is None:
            self.take_from_stock(seat, None, count)
            self.hands[seat] = None
            self.note(f"{name}'s drawn cards were not recorded; that hand is not checked from here on.")
            self.sizes[seat] += count
            return
        expected = self.expected_draw(seat, count)
        self.take_from_stock(seat, cards, count)
        # Most draws are the expected cards in the stock's order: only another draw is looked at card by card.
        if expected is not None and cards != expected:
            wrong = [card for card in cards if card not in expected]
            if wrong:
                listed = " ".join(card.label for card in expected)
                self.flag(
                    step,
                    "R-BG-9" if to_dealer else rule,
                    f"{name} drew {' '.join(card.label for card in wrong)}, but the stock gave {listed}",
                    wrong[0],
                )
        hand = self.hands[seat]
        mine = ("hand", seat)
        for card in cards:
            if card in self.where:
                # The card stays where it is; the draw still counts towards the hand's size.
                self.flag(step, "BG-4.5", f"{name} drew {named(card)}, which is {self.place_of(card)}", card)
                continue
            if hand is not None:
                hand[card] = None
            self.where[card] = mine
        self.sizes[seat] += count

    def discard(self, step: Step) -> None:
        seat, cards = step.seat, step.cards
        name = self.names[seat]
        hand = self.hands[seat]
        if cards is None:
            self.hands[seat] = None
            self.note(f"{name}'s discards were not recorded; that hand is not checked from here on.")
        else:
            mine = ("hand", seat)
            for card in cards:
                # A recorded hand holds exactly the cards `where` places in it, so it alone answers; for a hand
                # not recorded, `where` says which cards are in it (or nowhere yet).
                held = card in hand if hand is not None else self.where.get(card, mine) == mine
                if not held:
                    where = self.place_of(card) if card in self.where else "not in that hand"
                    self.flag(step, "BG-4.5", f"{name} discarded {named(card)}, which is {where}", card)
                    continue
                if hand is not None:
                    del hand[card]
                self.where[card] = ("discard", seat)
        # The player put down this many cards, whatever they were (BG-4.4).
        self.sizes[seat] -= step.card_count
        if self.sizes[seat] != HAND_SIZE:
            self.flag(
                step, "BG-4.5", f"{name} kept {self.sizes[seat]} cards after the exchange; each player ends with 13"
            )

    def exchange_turn(self, kind: str, seat: int) -> Turn:
        name = self.names[seat]
        hand = self.hands[seat]
        if kind == "discard":
            extra = self.sizes[seat] - HAND_SIZE
            codes = tuple(card.code for card in hand) if hand is not None else ()
            return Turn(seat, "discard", codes, f"{name} discards {extra} cards, down to 13 (BG-4.2)")
        expected = self.expected_draw(seat)
        codes = tuple(card.code for card in expected) if expected is not None else ()
        if seat != self.dealer:
            return Turn(seat, "draw", codes, f"{name} draws 2 cards from the stock (BG-4.2)")
        if self.upcard is None:
            return Turn(seat, "draw", codes, f"{name} draws 4, 8 or 12 cards by the upcard's group (BG-4.3)")
        kind = group(self.upcard)
        prompt = f"{name} draws {DEALER_DRAWS[kind]} cards: the upcard {self.upcard} is in the {kind} group (BG-4.3)"
        return Turn(seat, "draw", codes, prompt)
