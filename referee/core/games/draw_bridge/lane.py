"""The fast lane of the replay: the ordinary events of every phase, carried out with the state in locals.

Replay speed: most events of a record are ordinary, and `ordinary_run` handles a run of them with no call to
the careful handlers (`CardPlay.play`, `DrawPhase.draw`, `AuctionPhase.call`), which stay the rule-by-rule
reference and take every event the lane leaves to them.
"""

from __future__ import annotations

from referee.core.calls import bid_index as ladder_index
from referee.core.games.draw_bridge.auction import AuctionPhase
from referee.core.games.draw_bridge.draw_phase import draw_trick_winner
from referee.core.games.draw_bridge.play import CardPlay, contract_trick_winner
from referee.core.games.draw_bridge.record import RecordEvent
from referee.core.games.draw_bridge.state import AUCTION, DRAW_TRICKS, DRAWING, OVER, PLAY, TRICKS_PER_PHASE
from referee.core.verdict import Trick
from scoring.core.cards import SUITS, standard_pack
from scoring.core.games.draw_bridge import DRAW_TRICK_VARIANTS, MUST_FOLLOW_PHASE1

_PACK = standard_pack()
# The cards of each suit: "holds no card of the led suit" is one `isdisjoint` with the hand (DB-5.2, R-DB-1).
_SUIT_CARDS = {suit: frozenset(card for card in _PACK if card.suit == suit) for suit in SUITS}
# A draw trick under DB-3.3 alone (no R-DB-1 variant), by its lead, then its second card: whether the second card
# wins, and why, as `draw_trick_winner` says it; made once at import, so a replay only looks a trick up.
_PLAIN_DRAW_TRICKS = {
    lead: {
        follow: (winner == 1, reason)
        for follow in _PACK  # the same card too: one copy may have been led without being held
        for winner, reason in [draw_trick_winner(0, lead, follow, frozenset())]
    }
    for lead in _PACK
}
# A trick of the play by its trump suit ("" at no trump), its lead, then its second card: whether the second card
# wins and why, as `contract_trick_winner` says it (DB-5.3), and whether it is off the led suit (DB-5.2).
_CONTRACT_TRICKS = {
    trumps: {
        lead: {
            follow: (winner == 1, reason, follow.suit != lead.suit)
            for follow in _PACK
            for winner, reason in [contract_trick_winner(0, lead, follow, trumps)]
        }
        for lead in _PACK
    }
    for trumps in (*SUITS, "")
}
# Each bid of the auction (DB-4.1, "1C".."7NT") by its code: its place on the ladder and its (level, strain).
_BIDS = {
    f"{level}{strain}": (ladder_index(level, strain), (level, strain))
    for level in range(1, 8)
    for strain in ("C", "D", "H", "S", "NT")
}


class OrdinaryLane(CardPlay, AuctionPhase):
    """The replay's handlers, and the fast lane in front of them."""

    # Whether `run` sends the ordinary events through `ordinary_run`; a test turns it off to show it changes nothing.
    fast_lane = True

    def ordinary_run(self, events: tuple[RecordEvent, ...], start: int) -> int:
        """Carry out the ordinary events from ``start`` on; the position of the first that is not ordinary.

        Ordinary means in turn, in its phase, with nothing to flag and no choice to make:
        - a card played in a trick phase (DB-3.7, DB-5) by the player whose turn it is, from the hand, that leads,
          follows the led suit, or goes off it where the suit need not be followed (DB-3.2) or the hand holds no
          card of it (DB-5.2, R-DB-1);
        - a draw, after a draw trick, by the player who draws next, of the stock's top card (DB-3.5);
        - a call in the auction by the player whose call it is: a pass, a bid that outranks the last (DB-4.1), a
          double of the opponent's undoubled bid or a redouble of one's own doubled bid (DB-4.2).
        Such an event does what `play`, `draw` or `call` would do with it (and `finish_trick`, `end_draws`,
        `make_pass` after it). Anything else is left to those handlers, which check it, flag it and carry it out.
        """
        hands, tricks, stock, tricks_won = self.hands, self.tricks, self.stock, self.tricks_won
        phase, leader, phase_tricks, trumps = self.phase, self.leader, self.phase_tricks, self.trumps
        # The trick so far as its lead (or None), and the draws due as who draws next and how many are left: the
        # state's `trick` and `pending_draws` lists, kept in locals and written back below.
        lead_play = self.trick[0] if self.trick else None
        drawer = self.pending_draws[0] if self.pending_draws else 0
        draws_due = len(self.pending_draws)
        caller, bid, bidder, doubled, passes = self.caller, self.bid, self.bidder, self.doubled, self.passes
        bid_rank = -1 if bid is None else ladder_index(*bid)
        contract_tricks = _CONTRACT_TRICKS[trumps]  # read in the play only, once the auction has set the trumps
        number = len(tricks)  # the number of the last trick finished (`Trick.number`)
        make_trick = tuple.__new__  # each Trick made from its fields' tuple: Trick(...) runs a __new__ in Python
        flags = self.flags
        follow_in_draw_tricks = MUST_FOLLOW_PHASE1 in flags  # R-DB-1
        plain_draw_tricks = flags.isdisjoint(DRAW_TRICK_VARIANTS)  # DB-3.3 alone decides a draw trick
        indexes = iter(range(start, len(events)))  # an iterator: the draws after a draw trick may be taken with it
        for index in indexes:
            kind, seat, card, call = events[index]
            if kind == "play":
                assert card is not None  # a play always has its card (`RecordEvent`)
                if phase != DRAW_TRICKS and phase != PLAY:
                    break
                hand = hands[seat]
                if lead_play is None:
                    # A lead, in turn, of a card held: `del` takes it out of the hand; a card not held is a KeyError,
                    # and nothing was taken (here and below: no method call, where `pop` would be one).
                    if seat != leader:
                        break
                    try:
                        del hand[card]
                    except KeyError:
                        break
                    lead_play = (seat, card)
                    continue
                if seat == leader:
                    break
                lead = lead_play[1]
                # The second card: a revoke goes to `check_following` (DB-5.2, R-DB-1), a card not held to
                # `flag_not_held`; otherwise `finish_trick`, inline.
                if phase == PLAY:
                    follower_wins, reason, off_suit = contract_tricks[lead][card]
                    if off_suit and not _SUIT_CARDS[lead.suit].isdisjoint(hand):
                        break
                    try:
                        del hand[card]
                    except KeyError:
                        break
                    number += 1
                    winner = seat if follower_wins else leader
                    tricks.append(
                        make_trick(Trick, (number, leader, (lead_play, (seat, card)), winner, reason, 0, True))
                    )
                    tricks_won[winner] += 1
                    phase_tricks += 1
                    if phase_tricks == TRICKS_PER_PHASE:
                        phase = OVER
                else:
                    if follow_in_draw_tricks and card.suit != lead.suit and not _SUIT_CARDS[lead.suit].isdisjoint(hand):
                        break
                    try:
                        del hand[card]
                    except KeyError:
                        break
                    number += 1
                    if plain_draw_tricks:
                        follower_wins, reason = _PLAIN_DRAW_TRICKS[lead][card]
                        winner = seat if follower_wins else leader
                    else:
                        winner, reason = draw_trick_winner(leader, lead, card, flags)
                    tricks.append(
                        make_trick(Trick, (number, leader, (lead_play, (seat, card)), winner, reason, 0, False))
                    )
                    phase_tricks += 1
                    drawer, draws_due = winner, 2  # DB-3.5: the winner draws first
                    phase = DRAWING
                    # The two draws, when the next two events are them as `draw` takes them in turn: the winner's,
                    # then the loser's, each of the stock's top card (`is`, as below). Taken here, with the trick's
                    # locals; a draw that is not is met by the loop, as any event is.
                    if index + 2 < len(events):
                        first, second = events[index + 1], events[index + 2]
                        if (
                            first[0] == "draw"
                            and first[1] == winner
                            and first[2] is stock[-1]
                            and second[0] == "draw"
                            and second[1] == 1 - winner
                            and second[2] is stock[-2]  # the stock holds two cards or more until all 13 are played
                        ):
                            hands[winner][stock.pop()] = None
                            hands[1 - winner][stock.pop()] = None
                            next(indexes)
                            next(indexes)
                            draws_due = 0  # `end_draws`
                            phase = AUCTION if phase_tricks == TRICKS_PER_PHASE else DRAW_TRICKS
                leader = winner
                lead_play = None
            elif kind == "draw":
                # `is`: the record reader hands out the pack's own cards; an equal other object goes to `draw`.
                if phase != DRAWING or seat != drawer or card is not stock[-1]:
                    break
                stock.pop()
                hands[seat][card] = None
                drawer = 1 - drawer
                draws_due -= 1
                if not draws_due:  # `end_draws`
                    phase = AUCTION if phase_tricks == TRICKS_PER_PHASE else DRAW_TRICKS
            else:  # a call
                if phase != AUCTION or seat != caller:
                    break
                if call == "pass":
                    if bid is not None:  # `make_pass`: a pass after a bid ends the auction (DB-4.1)
                        self.declarer = bidder
                        trumps = "" if bid[1] == "NT" else bid[1]
                        contract_tricks = _CONTRACT_TRICKS[trumps]
                        phase, phase_tricks, leader = PLAY, 0, 1 - bidder  # DB-5.1
                    else:
                        passes += 1
                        if passes == 2:
                            phase = OVER  # DB-4.3: passed out
                elif call == "double":
                    if bid is None or bidder == seat or doubled:
                        break
                    doubled = 1
                elif call == "redouble":
                    if bid is None or bidder != seat or doubled != 1:
                        break
                    doubled = 2
                else:
                    rank, new_bid = _BIDS.get(call, (-1, None))  # "0NT" is no bid of the ladder
                    if rank <= bid_rank:
                        break
                    bid, bid_rank, bidder, doubled = new_bid, rank, seat, 0  # DB-4.2: a bid cancels any double
                caller = 1 - seat
        else:
            index = len(events)
        self.phase, self.leader, self.phase_tricks, self.trumps = phase, leader, phase_tricks, trumps
        self.trick = [] if lead_play is None else [lead_play]
        self.pending_draws = [drawer, 1 - drawer][:draws_due]
        self.caller, self.bid, self.bidder, self.doubled, self.passes = caller, bid, bidder, doubled, passes
        return index
