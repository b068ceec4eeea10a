"""Choosing trumps from a turned-up card in two rounds, as Klaberjass (KJ-4) and Belote (BL-4) do.

In the first round each player in turn, from the dealer's next, takes the turn-up's suit or passes; if
all pass, in the second round each may name another suit or pass; if all pass again the deal is thrown
in. The first take or named suit ends the choice. A replay's state builds on `TrumpRounds` and its trump handlers on
`TrumpChoosing`; each game keeps its own phases, rules and messages.
"""

from __future__ import annotations

from referee.core.plays import Faulting
from referee.core.record import Event
from referee.core.setup import Entry, EventField, EventKind, ExtraField, TurnEntry, ValueKind
from referee.core.tricks import FlaggingState, RecordT
from referee.core.verdict import Turn
from vocabulary.cards import SUIT_NAMES, SUITS
from vocabulary.i18n import _, gettext_noop

TAKE, PASS = "take", "pass"

# How a hand of these games is set up and recorded: the card turned face up after the deal, whose suit the first
# round offers (KJ-3.3, BL-3.3), one card needed before a replay; and the turn to take, name or pass, one of the
# words the round offers tapped.
TURN_UP = ExtraField("turn_up", gettext_noop("Turn-up card"), gettext_noop("the turn-up card"), False, 1, required=True)
TRUMP_TURN = TurnEntry("trump", Entry.OPTION, "choice")


def trump_bid(text: str, words: str, bids: tuple[str, ...]) -> EventKind:
    """The event that answers the trump turn: a ``bid`` whose choice is one of the game's ``bids`` (``words`` names
    them for the API's schema); ``text`` says what it is."""
    choice = EventField(name="choice", kind=ValueKind.WORD, text=words, words=bids)
    return EventKind(type="bid", text=text, fields=(choice,), turn=TRUMP_TURN.kind)


class TrumpRounds(FlaggingState[RecordT]):
    """A replay whose deal starts with the two rounds: who speaks next and what each round offers, the phase of the
    deal ("bid" while trumps are chosen, "play" once they are, then the game's own) and the trump suit."""

    def __init__(self, record: RecordT) -> None:
        super().__init__(record)
        self.first_speaker = self.leader  # the dealer's next player, who leads first, speaks first in each round
        self.seats = len(self.players)
        self.round = 1  # 1 or 2; 3 once every player passed twice
        self.speaker = 0  # how many players have spoken in this round
        self.phase = "bid"
        self.trump = ""

    def trick_of(self, event: Event) -> int | None:
        """Any event of the play is in the trick being played."""
        return self.trick_number if self.phase == "play" else None

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


class TrumpChoosing(TrumpRounds[RecordT], Faulting[RecordT]):
    """What the trump handlers of both games do alike: give the turn to take, name or pass, flag a player who speaks
    out of turn, and end the choice with a take or a named suit, flagged under the round's rule where the round does
    not offer it and applied all the same, so the play can still be refereed. Each game gives its rules and sentences,
    and how trumps are settled."""

    ROUND_RULES: tuple[str, str]  # the rule of the first round and of the second
    # A take or a suit the round does not offer, by round: a msgid with {player} and {suits}, the turn-up's suit.
    OUT_OF_ROUND: tuple[str, str]
    PROMPTS: tuple[str, str]  # the turn to speak, by round: a msgid with {player} and {suits}, the turn-up's suit

    def trump_turn(self, up: str, also: tuple[str, ...] = ()) -> Turn:
        """The turn of the player to take, name or pass: what the round offers, then ``also``, the game's own calls."""
        seat = self.speaking()
        prompt = _(self.PROMPTS[self.round - 1]).format(player=self.name(seat), suits=_(SUIT_NAMES[up]))
        return Turn(seat=seat, kind=TRUMP_TURN.kind, allowed=(*self.offered(up), *also), prompt=prompt)

    def round_rule(self) -> str:
        """The rule of the round being played."""
        return self.ROUND_RULES[0] if self.round == 1 else self.ROUND_RULES[1]

    def spoke_out_of_turn(self, event: Event, expected: int) -> None:
        """Flag a take, a pass or a named suit by another player than ``expected``, whose turn it was."""
        message = _("{player} spoke out of turn: it was {due}'s turn")
        self.fault(event, self.round_rule(), message, due=self.name(expected))

    def take_or_name(self, event: Event, up: str) -> None:
        """A take or a named suit ends the choice: trumps are settled, the player who spoke taking."""
        if self.out_of_round(event.choice, up):
            message = _(self.OUT_OF_ROUND[self.round - 1])
            self.fault(event, self.round_rule(), message, suits=_(SUIT_NAMES[up]))
        self.settle(event.seat, chosen_suit(event.choice, up))

    def settle(self, taker: int, trump: str) -> None:
        """Trumps are chosen: the game's own next step."""
        raise NotImplementedError
