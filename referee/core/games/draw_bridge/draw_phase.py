"""The draw phase (DB-3): who wins a draw trick (DB-3.3 and the variants of R-DB-1), and the draws (DB-3.5, DB-3.6)."""

from __future__ import annotations

from referee.core.games.draw_bridge.state import (
    AUCTION,
    DRAW_TRICKS,
    DRAWING,
    TRICKS_PER_PHASE,
    ReplayState,
)
from referee.core.record import Event
from scoring.core.base import Flags
from scoring.core.cards import RANK_VALUES, Card, card_name, card_word
from scoring.core.games.draw_bridge import LED_SUIT_WINS, MUST_FOLLOW_PHASE1, SUIT_BREAKS_TIES
from scoring.core.i18n import Text, _, gettext_noop
from scoring.core.words import SINGULAR_WORDS

_TIE_SUIT_RANK = {"S": 4, "H": 3, "D": 2, "C": 1}  # db_suit_breaks_ties: bidding order (R-DB-1)
# Why a draw trick is won (DB-3.3, R-DB-1), for `draw_trick_winner` (msgids: scoring/core/i18n.py).
_OFF_SUIT = gettext_noop("{card} is off-suit and only the led suit wins ({flag}, R-DB-1)")
_HIGHER_OF_SUIT = gettext_noop("{card} is the higher {suit} ({flag}, R-DB-1)")
_OUTRANKS = gettext_noop("{card} outranks {other}, whatever the suit (DB-3.3)")
_TIE_ON_SUIT = gettext_noop("equal ranks: {card} wins on suit ({flag}, R-DB-1)")
_TIE_TO_LEADER = gettext_noop("equal ranks: the leader wins (DB-3.3, R-DB-1)")
# DB-3.5: a play or a call before the draws due (`DrawPhase.make_missing_draws`), by the event and how many draws
# were missing, each a whole sentence (msgids: scoring/core/i18n.py).
_BEFORE_THE_DRAWS = {
    ("play", 1): gettext_noop("{player} played {card} before the draws after draw trick {trick} ({first})"),
    ("play", 2): gettext_noop(
        "{player} played {card} before the draws after draw trick {trick} ({first}, then {then})"
    ),
    ("call", 1): gettext_noop("{player} called {call} before the draws after draw trick {trick} ({first})"),
    ("call", 2): gettext_noop(
        "{player} called {call} before the draws after draw trick {trick} ({first}, then {then})"
    ),
}


def draw_trick_winner(leader: int, lead: Card, follow: Card, flags: Flags) -> tuple[int, Text]:
    """Who wins a phase-1 trick: DB-3.3 and R-DB-1, or the R-DB-1 variant in force.

    The reason is a `Text`, worded only when it is read."""
    follower = 1 - leader
    follow_rank, lead_rank = RANK_VALUES[follow.rank], RANK_VALUES[lead.rank]
    if LED_SUIT_WINS in flags or MUST_FOLLOW_PHASE1 in flags:
        flag = LED_SUIT_WINS if LED_SUIT_WINS in flags else MUST_FOLLOW_PHASE1
        if follow.suit != lead.suit:
            return leader, Text(_OFF_SUIT, {"card": card_word(follow), "flag": flag})
        higher = follow if follow_rank > lead_rank else lead
        values = {"card": card_word(higher), "suit": SINGULAR_WORDS[higher.suit], "flag": flag}
        return (follower if follow_rank > lead_rank else leader), Text(_HIGHER_OF_SUIT, values)
    if follow_rank > lead_rank:
        return follower, Text(_OUTRANKS, {"card": card_word(follow), "other": card_word(lead)})
    if follow_rank < lead_rank:
        return leader, Text(_OUTRANKS, {"card": card_word(lead), "other": card_word(follow)})
    if SUIT_BREAKS_TIES in flags:
        if _TIE_SUIT_RANK[follow.suit] > _TIE_SUIT_RANK[lead.suit]:
            return follower, Text(_TIE_ON_SUIT, {"card": card_word(follow), "flag": SUIT_BREAKS_TIES})
        return leader, Text(_TIE_ON_SUIT, {"card": card_word(lead), "flag": SUIT_BREAKS_TIES})
    return leader, Text(_TIE_TO_LEADER)


class DrawPhase(ReplayState):
    """The draws after each draw trick: the winner first, then the loser, from the top of the stock (DB-3.5)."""

    def draw(self, event: Event) -> None:
        seat, card = event.seat, event.card
        assert card is not None
        if self.phase != DRAWING:
            self.flag_misplaced(event)
            return
        pending = self.pending_draws
        if seat != pending[0]:
            name, first = self.players[seat], self.players[pending[0]]
            if seat not in pending:
                message = _("{player} already drew after draw trick {trick}; {first} draws next")
                self.flag(event, "DB-3.5", message.format(player=name, trick=self.phase_tricks, first=first))
                return
            message = _("{player} drew before {first}, who won draw trick {trick} and draws first")
            self.flag(event, "DB-3.5", message.format(player=name, first=first, trick=self.phase_tricks))
        pending.remove(seat)
        top = self.stock[-1]
        if card == top:
            self.stock.pop()
        else:
            card = self.draw_other(event, card, top)
        self.hands[seat][card] = None
        if not pending:
            self.end_draws()

    def draw_other(self, event: Event, card: Card, top: Card) -> Card:
        """A draw of another card than the top of the stock: flagged (DB-3.5); the card the player gets."""
        seat = event.seat
        name = self.players[seat]
        if card in self.stock:
            message = _("{player} drew {card}, but the top card of the stock was {top}")
            self.flag(event, "DB-3.5", message.format(player=name, card=card_name(card), top=card_name(top)))
            self.stock.remove(card)  # the record says this card went to the hand: follow it
            return card
        message = _("{player} drew {card}, which is not in the stock; the top card was {top}")
        self.flag(event, "DB-3.5", message.format(player=name, card=card_name(card), top=card_name(top)))
        return self.stock.pop()

    def make_missing_draws(self, event: Event) -> None:
        """DB-3.5: both draws come before the next lead or call. Flag the slip once and make the draws.

        The draws are fixed by the stock order (the winner takes the top card, the loser the next), so
        they can be made for the players and the rest of the record judged as it stands.
        """
        names = [self.players[seat] for seat in self.pending_draws]
        kind = event.type
        message = _(_BEFORE_THE_DRAWS[kind, len(names)])
        values = self.event_words(event)
        self.flag(event, "DB-3.5", message.format(**values, trick=self.phase_tricks, first=names[0], then=names[-1]))
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
