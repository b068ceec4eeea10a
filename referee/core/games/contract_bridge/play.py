"""The play (BR-5): the lead, turns clockwise, dummy's cards played by the declarer, following suit, each trick's
winner."""

from __future__ import annotations

from referee.core.games.contract_bridge.penalty_cards import PenaltyCards
from referee.core.games.contract_bridge.rules import (
    ACCEPT,
    LEAD_CHOICES,
    OPTIONS,
    REFUSE,
    SEATS,
    allowed_cards,
    left_of,
    partner_of,
    trick_winner,
)
from referee.core.games.contract_bridge.state import OVER, PLAY, LeadOutOfTurn
from referee.core.record import Event
from referee.core.verdict import Turn
from scoring.core.games.contract_bridge import side_of
from vocabulary.cards import SUIT_NAMES, Card, card_name
from vocabulary.i18n import _, gettext_noop

TRICKS = 13  # BR-5.5
# A card from the wrong hand in words (CardPlay.flag_turn), by the rule it breaks (BR-5.1 at the opening lead, BR-5.4
# at a later lead, BR-5.3 in a trick) and whose turn it was: a player's ("plain"), or dummy's, played by the declarer;
# or, for a card the declarer played from dummy, a player's ("from dummy") or the declarer's own ("own"). Each is a
# whole sentence for the translators.
_WRONG_HAND = {
    ("BR-5.1", "plain"): gettext_noop("{player} led {card}, but the opening lead was {due}'s, on the declarer's left"),
    ("BR-5.1", "dummy"): gettext_noop(
        "{player} led {card}, but the opening lead was dummy's ({due}'s hand, played by {declarer}), on the "
        "declarer's left"
    ),
    ("BR-5.1", "from dummy"): gettext_noop(
        "{player} led {card} from dummy, {dummy}'s hand, but the opening lead was {due}'s, on the declarer's left"
    ),
    ("BR-5.1", "own"): gettext_noop(
        "{player} led {card} from dummy, {dummy}'s hand, but the opening lead was {due}'s own, on the declarer's left"
    ),
    ("BR-5.4", "plain"): gettext_noop("{player} led {card}, but the lead was {due}'s, who won the last trick"),
    ("BR-5.4", "dummy"): gettext_noop(
        "{player} led {card}, but the lead was dummy's ({due}'s hand, played by {declarer}), who won the last trick"
    ),
    ("BR-5.4", "from dummy"): gettext_noop(
        "{player} led {card} from dummy, {dummy}'s hand, but the lead was {due}'s, who won the last trick"
    ),
    ("BR-5.4", "own"): gettext_noop(
        "{player} led {card} from dummy, {dummy}'s hand, but the lead was {due}'s own, who won the last trick"
    ),
    ("BR-5.3", "plain"): gettext_noop("{player} played {card} out of turn: it was {due}'s turn"),
    ("BR-5.3", "dummy"): gettext_noop(
        "{player} played {card} out of turn: it was dummy's ({due}'s hand, played by {declarer}) turn"
    ),
    ("BR-5.3", "from dummy"): gettext_noop(
        "{player} played {card} from dummy, {dummy}'s hand, out of turn: it was {due}'s turn"
    ),
    ("BR-5.3", "own"): gettext_noop(
        "{player} played {card} from dummy, {dummy}'s hand, out of turn: it was {due}'s own turn"
    ),
}


# BR-10.3: a choice on a lead out of turn that is not for this player to make, or with no lead to choose on, by the
# choice; each a whole sentence for the translators.
_NO_LEAD = {
    ACCEPT: gettext_noop("{player} accepted a lead, but no lead was out of turn"),
    REFUSE: gettext_noop("{player} refused a lead, but no lead was out of turn"),
}
_NOT_THEIRS = {
    ACCEPT: gettext_noop("{player} accepted {offender}'s lead, but the choice was {chooser}'s"),
    REFUSE: gettext_noop("{player} refused {offender}'s lead, but the choice was {chooser}'s"),
}


class CardPlay(PenaltyCards):
    """Each card checked in turn (BR-5.6): an illegal card still goes to the trick, which completes."""

    def play(self, event: Event) -> None:
        seat, card = event.seat, event.card
        assert card is not None
        if self.phase != PLAY:
            self.flag_phase(event)
            return
        if self.pending is not None:
            self.settle_by_play(self.pending, seat)
        due = self.due_player()  # BR-5.3: the leader, then clockwise; a seat that played out of turn is passed over
        if seat != due:
            if not self.trick:  # a lead out of turn leads the trick as it lies, until accepted or refused (BR-10.3)
                held = card in self.hands[seat]
                self.pending = LeadOutOfTurn(violation=len(self.violations), seat=seat, card=card, due=due, held=held)
                self.remedies[self.pending.violation] = self.lead_remedy(self.pending)
                self.leader = seat
            self.flag_turn(event, due)
        hand = self.hands[seat]
        if card in hand:
            self.check_follow(event, card, hand)
            self.check_penalty(event, card, hand)
            del hand[card]
        else:
            self.flag_not_held(event, card)
        self.trick.append((seat, card))
        if len(self.trick) == SEATS:
            self.finish_trick()

    def settle_by_play(self, lead: LeadOutOfTurn, seat: int) -> None:
        """BR-10.3: a card after a lead out of turn settles it. From the hand after the lead, it accepts the lead (Law
        53A), and play goes on clockwise from it; from the player whose lead it was, the lead is refused and theirs
        stands (Law 53B); from anyone else, the lead stands as accepted and their card is out of turn."""
        choice = REFUSE if seat == lead.due and seat != left_of(lead.seat) else ACCEPT
        self.settle(lead._replace(choice=choice, by=seat, played=True))

    def settle(self, lead: LeadOutOfTurn) -> None:
        """Carry out the choice on a lead out of turn (BR-10.3): accepted, its player leads the trick (Law 53A);
        refused, the card goes back to its hand (a defender's as a penalty card, Law 56) and the right player leads."""
        self.pending = None
        self.remedies[lead.violation] = self.lead_remedy(lead)
        if lead.choice == ACCEPT:  # it already leads the trick as it lies
            return
        self.trick = []
        self.leader = lead.due
        if lead.held:  # back in its hand, in the order dealt
            back = self.hands[lead.seat]
            self.hands[lead.seat] = {
                card: None for card in self.record.hands[lead.seat] if card in back or card == lead.card
            }
            if self.declarer is not None and side_of(lead.seat) != side_of(self.declarer):
                self.penalty[lead.seat] = lead.card  # BR-10.11: a major penalty card (Law 56, Law 50)

    def choose(self, event: Event) -> None:
        """BR-10.3: a lead out of turn accepted or refused, by a player the Laws let choose (Law 53A, Law 55A)."""
        word, lead = event.choice, self.pending
        if word in OPTIONS:
            self.choose_option(event)
        elif lead is None:
            self.fault(event, "BR-10.3", _(_NO_LEAD[word]))
        elif event.seat not in (choosers := self.lead_choosers(lead.seat)):
            chooser = self.name(choosers[0])
            self.fault(event, "BR-10.3", _(_NOT_THEIRS[word]), offender=self.name(lead.seat), chooser=chooser)
        else:
            self.settle(lead._replace(choice=word, by=event.seat))

    def choice_turn(self) -> Turn:
        """BR-10.3: whose choice a waiting lead out of turn is, and the choices."""
        lead = self.pending
        assert lead is not None
        chooser = self.lead_choosers(lead.seat)[0]
        prompt = _("{offender} led {card} out of turn: {player} may accept the lead or refuse it (BR-10.3)").format(
            offender=self.players[lead.seat], card=card_name(lead.card), player=self.players[chooser]
        )
        return Turn(chooser, "choice", LEAD_CHOICES, prompt)

    def flag_phase(self, event: Event) -> None:
        """A card before the auction's end or after the last trick, or in a deal passed out (BR-4.6, BR-5.5)."""
        if self.phase == OVER and self.declarer is not None:
            rule, message = "BR-5.5", _("{player} played {card}, but all 13 tricks had been played")
        elif self.phase == OVER:
            rule, message = "BR-4.6", _("{player} played {card}, but the deal had been passed out")
        else:
            rule, message = "BR-4.6", _("{player} played {card}, but the auction had not ended")
        self.fault(event, rule, message)

    def flag_not_held(self, event: Event, card: Card) -> None:
        """BR-5.6: a card already played, or one in another hand, which stays with its holder to be played later."""
        holder = self.dealt_to(card)
        if card in self.hands[holder]:
            message = _("{player} played {card}, which is in {holder}'s hand")
        else:  # its holder played it: a card leaves a hand only when played from it
            message = _("{player} played {card}, already played to trick {trick}")
        self.fault(event, "BR-5.6", message, holder=self.name(holder), trick=self.played_to(card, holder))

    def flag_turn(self, event: Event, due: int) -> None:
        """A card from the wrong hand: at the opening lead (BR-5.1), a later lead (BR-5.4) or in a trick (BR-5.3)."""
        seat = event.seat
        rule = "BR-5.3" if self.trick else "BR-5.4" if self.tricks else "BR-5.1"
        actor = seat
        if seat == self.dummy:  # the declarer played it from dummy's hand (BR-5.2)
            actor = partner_of(seat)
            whose = "own" if due == self.declarer else "from dummy"
        else:
            whose = "dummy" if due == self.dummy else "plain"
        self.fault(
            event,
            rule,
            _(_WRONG_HAND[rule, whose]),
            player=self.name(actor),
            dummy=self.name(seat),
            due=self.name(due),
            declarer=self.name(partner_of(due)),
        )

    def check_follow(self, event: Event, card: Card, hand: dict[Card, None]) -> None:
        """BR-5.3: a player holding the led suit must follow suit, judged against the hand at that moment."""
        seat = event.seat
        if not self.trick or self.trick[0][0] == seat or card in allowed_cards(hand, self.trick):
            return
        lead = self.trick[0][1]
        same_suit = next(held for held in hand if held.suit == lead.suit)  # the card named in the message
        if seat == self.dummy:
            message = _(
                "{declarer} played {card} from dummy, {player}'s hand, to {led} while dummy held {held}: "
                "a hand holding {suits} must follow suit"
            )
        else:
            message = _("{player} played {card} to {led} while holding {held}: a hand holding {suits} must follow suit")
        self.note_revoke(seat, lead.suit)
        self.fault(
            event,
            "BR-5.3",
            message,
            declarer=self.name(partner_of(seat)),
            led=card_name(lead),
            held=card_name(same_suit),
            suits=_(SUIT_NAMES[lead.suit]),
        )

    def finish_trick(self) -> None:
        winner, reason = trick_winner(self.trick, self.trumps)
        if self.take_trick(winner, reason, self.leader) == TRICKS:  # BR-5.4: the winner leads next
            self.phase = OVER

    def play_turn(self) -> Turn:
        """Whose card is next and the cards that hand may play (BR-5.3): dummy's are chosen by the declarer."""
        seat = self.due_player()
        allowed = self.within_penalty(seat, allowed_cards(self.hands[seat], self.trick))
        number = self.trick_number
        if seat == self.dummy:
            if not self.trick:
                prompt = _("{declarer} (declarer) to lead to trick {number} from dummy, {player}'s hand (BR-5.2)")
            else:
                prompt = _("{declarer} (declarer) to play to trick {number} from dummy, {player}'s hand (BR-5.2)")
        elif self.trick:
            prompt = _("{player} to play to trick {number}")
        elif number == 1:
            prompt = _("{player} to lead to trick {number}, on the declarer's left (BR-5.1)")
        else:
            prompt = _("{player} to lead to trick {number}")
        prompt = prompt.format(player=self.players[seat], declarer=self.players[partner_of(seat)], number=number)
        return Turn(seat, "play", tuple(card.code for card in allowed), prompt)
