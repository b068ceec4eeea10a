"""The auction (BG-5): each call checked in turn, against what a bid needs from the hand (`rules`)."""

from __future__ import annotations

from collections.abc import Mapping

from referee.core.calls import LADDER, Call, may_double, refused_double
from referee.core.games.bridgette.rules import bid_requirement, suit_counts
from referee.core.games.bridgette.state import ReplayState
from referee.core.record import Event
from referee.core.verdict import Turn
from vocabulary.cards import SUITS
from vocabulary.i18n import _, gettext_noop
from vocabulary.words import Suit


def refused_bid(player: str, counts: Mapping[str, int], bid: Call, requirement: str) -> str:
    """The sentence that says why ``player``'s ``bid`` is refused, by the requirement `bid_requirement` names."""
    if requirement == "no-trump suits":
        missing = [Suit(suit).plural for suit in SUITS if counts[suit] == 0]
        names = dict(zip(("suit", "suit2", "suit3", "suit4"), missing, strict=False))
        return _(_NO_TRUMP_MISSING[len(missing)]).format(player=player, bid=bid.label, **names)
    held = counts.get(bid.strain, 0)
    return _(_REFUSED_BIDS[requirement]).format(
        player=player, bid=bid.label, suits=Suit(bid.strain).plural if bid.strain != "NT" else "", held=held
    )


# BG-5.6 / R-BG-12: a refused bid in words, each a whole sentence (msgids: vocabulary/i18n.py). A no-trump bid
# names the suits the hand lacked, by how many.
_NO_TRUMP_MISSING = {
    1: gettext_noop("{player} bid {bid}, but a no-trump bid needs a card in every suit, and the hand had no {suit}"),
    2: gettext_noop(
        "{player} bid {bid}, but a no-trump bid needs a card in every suit, and the hand had no {suit} or {suit2}"
    ),
    3: gettext_noop(
        "{player} bid {bid}, but a no-trump bid needs a card in every suit, and the hand had no {suit} or {suit2} or "
        "{suit3}"
    ),
    4: gettext_noop(
        "{player} bid {bid}, but a no-trump bid needs a card in every suit, and the hand had no {suit} or {suit2} or "
        "{suit3} or {suit4}"
    ),
}
_REFUSED_BIDS = {
    "no-trump jump": gettext_noop(
        "{player} bid {bid}, but a no-trump jump needs at least 4 cards in some suit under the strict jump rule"
    ),
    "length": gettext_noop(
        "{player} bid {bid}, but a bid in {suits} needs at least 2 {suits}, and the hand had {held}"
    ),
    "jump length": gettext_noop(
        "{player} bid {bid}, but {bid} is a jump bid, which needs at least 4 {suits}, and the hand had {held}"
    ),
}


class Auction(ReplayState):
    """The calls of a replay: turn, rank, doubles and the hand's requirements (BG-5.2 to BG-5.6)."""

    def call(self, event: Event) -> None:
        seat, call = event.seat, event.call
        name = self.players[seat]
        if self.phase == "exchange":
            if self.exchange_due() is not None:
                message = _("{player} called {call} before the exchange was finished")
                self.fault(event, "BG-4.1", message, call=call.label)
            self.phase = "auction"
        if self.phase != "auction":
            self.fault(event, "BG-5.5", _("{player} called {call} after the auction had ended"), call=call.label)
            return
        if seat != self.caller:
            message = _("{player} called out of turn: it was {due}'s call")
            self.fault(event, "BG-5.3", message, due=self.players[self.caller])
        current = self.bid
        if call.word == "pass":
            if current is not None:
                self.end_auction()
            else:
                self.passes += 1
                if self.passes == 2:
                    self.phase = "over"  # passed out (R-BG-10)
        elif call.word == "bid" and current is not None and call.index <= current.index:
            # BG-5.2: an insufficient bid is not a new bid. Like an illegal double it has no effect (it is not
            # checked against the hand and cancels no double) and the turn passes on; the current bid stays,
            # and the last bid that outranked the one before becomes the contract (BG-5.5).
            message = _("{player} bid {bid}, which does not outrank {current}")
            self.fault(event, "BG-5.2", message, bid=call.label, current=current.label)
        elif call.word == "bid":
            hand = self.hand_of(seat)
            if hand is None:
                message = _("Bid {bid} by {player} unverified: the hand was not recorded (R-BG-13).")
                self.note(message.format(bid=call.label, player=name))
            else:
                counts = suit_counts(hand)
                problem = bid_requirement(counts, call, current, self.flags)
                if problem is not None:
                    self.flag(event, problem[0], refused_bid(name, counts, call, problem[1]))
            # R-BG-11: a new bid cancels any double or redouble.
            self.bid, self.bidder, self.doubled = call, seat, 0
        else:
            # BG-5.4: a double of the opponent's undoubled bid, a redouble of one's own bid doubled.
            refusal = refused_double(name, call.word, current, self.doubled, self.bidder == seat)
            if refusal is not None:
                self.flag(event, "BG-5.4", refusal)
            else:
                self.doubled = 1 if call.word == "double" else 2
        self.caller = 1 - seat

    def end_auction(self) -> None:
        """BG-5.5: the last bid is the contract; the declarer's opponent leads (BG-6.1)."""
        assert self.bid is not None
        self.phase = "play"
        self.trump = None if self.bid.strain == "NT" else self.bid.strain
        self.leader = 1 - self.bidder

    def call_turn(self) -> Turn:
        """The calls ``caller`` may make: pass, each higher bid the hand allows (BG-5.6) and a double or redouble."""
        seat, current = self.caller, self.bid
        hand = self.hand_of(seat)
        counts = suit_counts(hand) if hand is not None else None
        higher = LADDER[current.index + 1 :] if current is not None else LADDER
        bids = [bid for bid in higher if counts is None or bid_requirement(counts, bid, current, self.flags) is None]
        ours = self.bidder == seat
        doubles = [word for word in ("double", "redouble") if may_double(word, current, self.doubled, ours)]
        prompt = _("{player} to call (BG-5.3)").format(player=self.players[seat])
        return Turn(seat, "call", ("pass", *(bid.code for bid in bids), *doubles), prompt)
