"""The draw phase (DB-3): who wins a draw trick (DB-3.3 and the variants of R-DB-1), and the draws (DB-3.5, DB-3.6)."""

from __future__ import annotations

from referee.core.games.draw_bridge.record import DrawBridgeEvent
from referee.core.games.draw_bridge.state import (
    AUCTION,
    DRAW_TRICKS,
    DRAWING,
    TRICKS_PER_PHASE,
    ReplayState,
)
from scoring.core.base import Flags
from scoring.core.cards import RANK_VALUES, SUIT_NAMES, Card
from scoring.core.games.draw_bridge import LED_SUIT_WINS, MUST_FOLLOW_PHASE1, SUIT_BREAKS_TIES

_TIE_SUIT_RANK = {"S": 4, "H": 3, "D": 2, "C": 1}  # db_suit_breaks_ties: bidding order (R-DB-1)


def draw_trick_winner(leader: int, lead: Card, follow: Card, flags: Flags) -> tuple[int, str]:
    """Who wins a phase-1 trick: DB-3.3 and R-DB-1, or the R-DB-1 variant in force."""
    follower = 1 - leader
    follow_rank, lead_rank = RANK_VALUES[follow.rank], RANK_VALUES[lead.rank]
    if LED_SUIT_WINS in flags or MUST_FOLLOW_PHASE1 in flags:
        flag = LED_SUIT_WINS if LED_SUIT_WINS in flags else MUST_FOLLOW_PHASE1
        if follow.suit != lead.suit:
            return leader, f"{follow.label} is off-suit and only the led suit wins ({flag}, R-DB-1)"
        if follow_rank > lead_rank:
            return follower, f"{follow.label} is the higher {SUIT_NAMES[lead.suit][:-1]} ({flag}, R-DB-1)"
        return leader, f"{lead.label} is the higher {SUIT_NAMES[lead.suit][:-1]} ({flag}, R-DB-1)"
    if follow_rank > lead_rank:
        return follower, f"{follow.label} outranks {lead.label}, whatever the suit (DB-3.3)"
    if follow_rank < lead_rank:
        return leader, f"{lead.label} outranks {follow.label}, whatever the suit (DB-3.3)"
    if SUIT_BREAKS_TIES in flags and _TIE_SUIT_RANK[follow.suit] > _TIE_SUIT_RANK[lead.suit]:
        return follower, f"equal ranks: {follow.label} wins on suit ({SUIT_BREAKS_TIES}, R-DB-1)"
    if SUIT_BREAKS_TIES in flags:
        return leader, f"equal ranks: {lead.label} wins on suit ({SUIT_BREAKS_TIES}, R-DB-1)"
    return leader, "equal ranks: the leader wins (DB-3.3, R-DB-1)"


class DrawPhase(ReplayState):
    """The draws after each draw trick: the winner first, then the loser, from the top of the stock (DB-3.5)."""

    def draw(self, event: DrawBridgeEvent) -> None:
        seat, card = event.seat, event.card
        assert card is not None
        if self.phase != DRAWING:
            self.flag_misplaced(event, f"{self.players[seat]} drew {card.label}")
            return
        pending = self.pending_draws
        if seat != pending[0]:
            name, first = self.players[seat], self.players[pending[0]]
            if seat not in pending:
                self.flag(
                    event, "DB-3.5", f"{name} already drew after draw trick {self.phase_tricks}; {first} draws next"
                )
                return
            self.flag(
                event, "DB-3.5", f"{name} drew before {first}, who won draw trick {self.phase_tricks} and draws first"
            )
        pending.remove(seat)
        top = self.stock[-1]
        # Mostly the very object: the record reader hands out the pack's own cards. `is` answers that case
        # without calling Card.__eq__, a Python method.
        if card is top or card == top:
            self.stock.pop()
        else:
            card = self.draw_other(event, card, top)
        self.hands[seat][card] = None
        if not pending:
            self.end_draws()

    def draw_other(self, event: DrawBridgeEvent, card: Card, top: Card) -> Card:
        """A draw of another card than the top of the stock: flagged (DB-3.5); the card the player gets."""
        name = self.players[event.seat]
        if card in self.stock:
            self.flag(event, "DB-3.5", f"{name} drew {card.label}, but the top card of the stock was {top.label}")
            self.stock.remove(card)  # the record says this card went to the hand: follow it
            return card
        self.flag(event, "DB-3.5", f"{name} drew {card.label}, which is not in the stock; the top card was {top.label}")
        return self.stock.pop()

    def make_missing_draws(self, event: DrawBridgeEvent, what: str) -> None:
        """DB-3.5: both draws come before the next lead or call. Flag the slip once and make the draws.

        The draws are fixed by the stock order (the winner takes the top card, the loser the next), so
        they can be made for the players and the rest of the record judged as it stands.
        """
        missing = ", then ".join(self.players[seat] for seat in self.pending_draws)
        self.flag(event, "DB-3.5", f"{what} before the draws after draw trick {self.phase_tricks} ({missing})")
        for seat in self.pending_draws:
            card = self.stock.pop()
            self.hands[seat][card] = None
        self.end_draws()

    def end_draws(self) -> None:
        self.pending_draws = []
        if self.phase_tricks == TRICKS_PER_PHASE:
            self.phase = AUCTION  # DB-3.6: 26 cards drawn, 13 in each hand; the auction follows
        else:
            self.phase = DRAW_TRICKS
