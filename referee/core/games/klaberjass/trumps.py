"""Choosing trumps in two rounds, and the schmeiss variant (RULES.md KJ-4, ruling R-KJ-2)."""

from __future__ import annotations

from referee.core.cards import SUIT_NAMES, SUITS
from referee.core.games.klaberjass.record import KlaberjassEvent
from referee.core.games.klaberjass.state import ReplayState


class TrumpChoice(ReplayState):
    """The replay's handlers for the bids and the answer to a schmeiss."""

    # --- choosing trumps (KJ-4, R-KJ-2) ---------------------------------------------------

    def settle(self, maker: int, trump: str) -> None:
        """KJ-4.3: trumps are chosen; the second deal follows (KJ-5.1) and play begins."""
        self.maker, self.trump, self.trump_round = maker, trump, self.round
        self.phase = "play"

    def bid(self, event: KlaberjassEvent) -> None:
        who, choice, up = self.name(event.seat), event.choice, self.turn_up.suit
        if self.phase == "answer":
            self.flag(event, "R-KJ-2", f"{self.name(1 - self.schmeisser_seat)} had to answer the schmeiss first")
            return
        if self.phase == "name":
            if event.seat != self.schmeisser_seat:
                self.flag(event, "R-KJ-2", f"{self.name(self.schmeisser_seat)} schmeissed and names trumps")
            elif choice not in SUITS:
                self.flag(event, "R-KJ-2", f"{who} schmeissed, the offer was played, and {who} must name trumps")
            else:
                if choice == up:
                    self.flag(event, "KJ-4.2", f"{who} named {SUIT_NAMES[up]}, the turn-up's suit, in the second round")
                self.settle(event.seat, choice)
            return
        rule = "KJ-4.1" if self.round == 1 else "KJ-4.2"
        expected = self.speaking()
        if event.seat != expected:
            self.flag(event, rule, f"{who} spoke out of turn: it was {self.name(expected)}'s turn")
            return
        if choice == "schmeiss":
            if "kj_schmeiss" not in self.flags:
                self.flag(event, "R-KJ-2", f"{who} schmeissed, but schmeiss is not played in this match")
            self.schmeisser, self.phase = event.seat, "answer"
        elif choice == "pass":
            self.speaker += 1
            if self.speaker == 2:
                self.speaker, self.round = 0, self.round + 1
                if self.round == 3:
                    self.phase = "annulled"  # KJ-4.4
        elif self.round == 1:
            if choice not in ("take", up):
                self.flag(event, "KJ-4.1", f"{who} may only take {SUIT_NAMES[up]} or pass in the first round")
            self.settle(event.seat, up if choice == "take" else choice)
        else:
            if choice in ("take", up):
                self.flag(event, "KJ-4.2", f"{who} must name a suit other than {SUIT_NAMES[up]} in the second round")
            self.settle(event.seat, up if choice == "take" else choice)

    @property
    def schmeisser_seat(self) -> int:
        return self.schmeisser if self.schmeisser is not None else 0

    def answer(self, event: KlaberjassEvent) -> None:
        if self.phase != "answer" or event.seat == self.schmeisser:
            self.flag(event, "R-KJ-2", f"{self.name(event.seat)} answered, but nobody offered them a schmeiss")
            return
        if event.choice == "throw_in":
            self.phase = "annulled"  # R-KJ-2: as for an annulled deal
        elif self.round == 1:
            self.settle(self.schmeisser_seat, self.turn_up.suit)
        else:
            self.phase = "name"
