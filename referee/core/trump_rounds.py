"""Choosing trumps from a turned-up card in two rounds, as Klaberjass (KJ-4) and Belote (BL-4) do.

In the first round each player in turn, from the dealer's next, takes the turn-up's suit or passes; if
all pass, in the second round each may name another suit or pass; if all pass again the deal is thrown
in. The first take or named suit ends the choice. A replay's state mixes `TrumpRounds` in and keeps its
own phases, rules and messages.
"""

from __future__ import annotations

from referee.core.setup import Entry, ExtraField, TurnEntry
from vocabulary.cards import SUITS
from vocabulary.i18n import gettext_noop

TAKE, PASS = "take", "pass"

# How a hand of these games is set up and recorded: the card turned face up after the deal, whose suit the first
# round offers (KJ-3.3, BL-3.3), one card needed before a replay; and the turn to take, name or pass, one of the
# words the round offers tapped.
TURN_UP = ExtraField("turn_up", gettext_noop("Turn-up card"), gettext_noop("the turn-up card"), False, 1, required=True)
TRUMP_TURN = TurnEntry("trump", Entry.OPTION, "choice")


class TrumpRounds:
    """Who speaks next in the two rounds, and what each round offers."""

    seats: int
    first_speaker: int  # the dealer's next player, first in each round
    round: int  # 1 or 2; 3 once every player passed twice
    speaker: int  # how many players have spoken in this round

    def start_rounds(self, first_speaker: int, seats: int) -> None:
        self.first_speaker, self.seats, self.round, self.speaker = first_speaker, seats, 1, 0

    def speaking(self) -> int:
        """The seat whose turn it is to take, name or pass."""
        return (self.first_speaker + self.speaker) % self.seats

    @property
    def last_speaker(self) -> bool:
        """The player on turn is the last of the round (the dealer)."""
        return self.speaker == self.seats - 1

    def next_speaker(self) -> bool:
        """The player on turn passed: the next one speaks, or the next round begins. True once all passed twice."""
        self.speaker += 1
        if self.speaker == self.seats:
            self.speaker, self.round = 0, self.round + 1
        return self.round == 3

    def offered(self, up: str) -> tuple[str, ...]:
        """What the player on turn may say: take or pass in the first round; pass or another suit in the second."""
        if self.round == 1:
            return (TAKE, PASS)
        return (PASS, *(suit for suit in SUITS if suit != up))

    def out_of_round(self, choice: str, up: str) -> bool:
        """A take or a suit the round does not offer: another suit in the first, the turn-up's in the second."""
        if self.round == 1:
            return choice not in (TAKE, up)
        return choice in (TAKE, up)


def chosen_suit(choice: str, up: str) -> str:
    """The trump suit a take or a named suit makes."""
    return up if choice == TAKE else choice
