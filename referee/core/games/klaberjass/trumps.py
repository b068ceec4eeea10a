"""Choosing trumps in two rounds, and the schmeiss variant (KJ-4, ruling R-KJ-2)."""

from __future__ import annotations

from referee.core.games.klaberjass.deal import KlaberjassRecord
from referee.core.games.klaberjass.state import ReplayState
from referee.core.record import Event
from referee.core.trump_rounds import TrumpChoosing
from vocabulary.cards import SUIT_NAMES, SUITS
from vocabulary.i18n import _, gettext_noop


class TrumpChoice(ReplayState, TrumpChoosing[KlaberjassRecord]):
    """The replay's handlers for choosing trumps: the bids and the answer to a schmeiss (KJ-4, R-KJ-2)."""

    ROUND_RULES = ("KJ-4.1", "KJ-4.2")
    OUT_OF_ROUND = (
        gettext_noop("{player} may only take {suits} or pass in the first round"),
        gettext_noop("{player} must name a suit other than {suits} in the second round"),
    )
    PROMPTS = (
        gettext_noop("{player}: take {suits} as trumps, or pass (KJ-4.1)"),
        gettext_noop("{player}: name a suit other than {suits}, or pass (KJ-4.2)"),
    )

    def settle(self, maker: int, trump: str) -> None:
        """KJ-4.3: trumps are chosen; the second deal follows (KJ-5.1) and play begins."""
        self.maker, self.trump = maker, trump
        self.phase = "play"

    def bid(self, event: Event) -> None:
        choice, up = event.choice, self.record.turn_up.suit
        if self.phase == "answer":
            message = _("{player} had to answer the schmeiss first")
            self.fault(event, "R-KJ-2", message, player=self.name(1 - self.schmeisser))
            return
        if self.phase == "name":
            if event.seat != self.schmeisser:
                message = _("{player} schmeissed and names trumps")
                self.fault(event, "R-KJ-2", message, player=self.name(self.schmeisser))
            elif choice not in SUITS:
                message = _("{player} schmeissed, the offer was played, and {player} must name trumps")
                self.fault(event, "R-KJ-2", message)
            else:
                if choice == up:
                    message = _("{player} named {suits}, the turn-up's suit, in the second round")
                    self.fault(event, "KJ-4.2", message, suits=_(SUIT_NAMES[up]))
                self.settle(event.seat, choice)
            return
        expected = self.speaking()
        if event.seat != expected and not self.missing_pass(event, expected):
            self.spoke_out_of_turn(event, expected)
            return
        if choice == "schmeiss":
            if "kj_schmeiss" not in self.flags:
                self.fault(event, "R-KJ-2", _("{player} schmeissed, but schmeiss is not played in this match"))
                if not self.answered_next(event):
                    self.pass_turn()  # R-KJ-2 off: the offer counts as a pass, so the bidding goes on
                    return
            self.schmeisser, self.phase = event.seat, "answer"
        elif choice == "pass":
            self.pass_turn()
        else:
            self.take_or_name(event, up)

    def pass_turn(self) -> None:
        """The player on turn passes: the other speaks, or the next round begins (KJ-4.1, KJ-4.2)."""
        if self.next_speaker():
            self.phase = "annulled"  # KJ-4.4

    def missing_pass(self, event: Event, expected: int) -> bool:
        """A bid from the player not on turn: flag the missing pass once and make it; True if made.

        Only a pass lets the other player speak next (a take or a named suit ends the bidding,
        a schmeiss wants an answer), so the missing event is a pass, unless that pass would be
        the dealer's last and annul the deal (KJ-4.4): then nothing can follow and the bid is
        flagged and ignored.
        """
        if self.round == 2 and self.last_speaker:
            return False
        message = _("{player} spoke at {missing}'s turn: {missing}'s pass is missing and is taken as made")
        self.fault(event, self.round_rule(), message, seat=expected, missing=self.name(expected))
        self.pass_turn()
        return True

    def answered_next(self, event: Event) -> bool:
        """True if the record's next event is the opponent's answer to this schmeiss (R-KJ-2)."""
        events = self.record.events
        following = events[event.number] if event.number < len(events) else None
        return following is not None and following.type == "answer" and following.seat != event.seat

    def missing_answer(self, event: Event) -> bool:
        """A card, dix or declaration where the answer to a first-round schmeiss belongs.

        Throwing in ends the deal, so play going on means the answer was "play" (R-KJ-2): flag
        the missing answer once, make the schmeisser the maker and carry on; True if so. In the
        second round the schmeisser would still have to name trumps, which the record does not
        say, so nothing is assumed there.
        """
        if self.phase != "answer" or self.round != 1:
            return False
        schmeisser, opponent = self.schmeisser, 1 - self.schmeisser
        message = _("{player} did not answer {schmeisser}'s schmeiss; play went on, so the answer is taken as play")
        words = message.format(player=self.name(opponent), schmeisser=self.name(schmeisser))
        self.flag(event, "R-KJ-2", words, seat=opponent)  # the event may be a card, which this fault is not about
        self.settle(schmeisser, self.record.turn_up.suit)
        return True

    def answer(self, event: Event) -> None:
        if self.phase != "answer" or event.seat == self.schmeisser:
            self.fault(event, "R-KJ-2", _("{player} answered, but nobody offered them a schmeiss"))
            return
        if event.choice == "throw_in":
            self.phase = "annulled"  # R-KJ-2: as for an annulled deal
        elif self.round == 1:
            self.settle(self.schmeisser, self.record.turn_up.suit)
        else:
            self.phase = "name"
