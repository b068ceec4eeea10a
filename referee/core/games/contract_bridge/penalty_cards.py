"""The major penalty card of a refused lead (BR-10.11, Law 50D): played at the first legal chance, and the declarer's
lead options when the offender's partner is to lead."""

from __future__ import annotations

from referee.core.games.contract_bridge.remedies import Remedies
from referee.core.games.contract_bridge.rules import FORBID, OPTIONS, REQUIRE, allowed_cards, option_leads, partner_of
from referee.core.games.contract_bridge.state import PLAY
from referee.core.plays import Faulting
from referee.core.record import Event, Record
from referee.core.verdict import Remedy, Turn
from vocabulary.cards import SUIT_NAMES, Card, card_name
from vocabulary.i18n import _, gettext_noop

# BR-10.11 (Law 50D): a lead option with no penalty card to choose on, or not the declarer's to choose; a penalty card
# not played, or a lead the declarer required or forbade; each a whole sentence for the translators.
_NO_PENALTY_CARD = gettext_noop("{player} chose a lead option, but no penalty card lay for the leader's partner")
_NOT_DECLARER = gettext_noop("{player} chose a lead option, but the choice was the declarer's, {declarer}")
_PENALTY_NOT_PLAYED = gettext_noop("{player} played {card}, but had to play the penalty card {penalty} (Law 50D1)")
_OPTION_BROKEN = {
    REQUIRE: gettext_noop("{player} led {card}, but the declarer required a lead of {suits} (Law 50D2)"),
    FORBID: gettext_noop("{player} led {card}, but the declarer forbade a lead of {suits} (Law 50D2)"),
}
_FORBIDDEN_REVOKE = gettext_noop(
    "Leading a suit the declarer forbade is a revoke (Law 61A): corrected if found before {player}'s side plays to a "
    "later trick (Law 62); once established, tricks go across as for any revoke (Law 64A), which the director counts."
)
_PENALTY_REVOKE = gettext_noop(
    "Not playing a major penalty card when able is a revoke (Law 61A): corrected if found before {player}'s side plays "
    "to a later trick (Law 62); once established, no trick goes across, the card having lain face up (Law 64B3), "
    "and the director may adjust the score (Law 64C)."
)


class PenaltyCards(Remedies, Faulting[Record]):
    """A refused defender's lead as a major penalty card (BR-10.11): its play and the lead options."""

    def option_due(self) -> int | None:
        """BR-10.11 (Law 50D2): the seat of the penalty card whose partner is to lead now, while the declarer has not
        chosen a lead option for this lead; None otherwise."""
        if self.phase != PLAY or self.trick or self.pending is not None or self.option is not None:
            return None
        owner = partner_of(self.leader)
        return owner if owner in self.penalty and self.trick_number not in self.left_free else None

    def choose_option(self, event: Event) -> None:
        """BR-10.11 (Law 50D2): the declarer requires or forbids a lead of the penalty card's suit, the card then
        picked up, or leaves it a penalty card and the lead free."""
        word, owner = event.choice, self.option_due()
        if owner is None:
            self.fault(event, "BR-10.11", _(_NO_PENALTY_CARD))
        elif event.seat != self.declarer:
            self.fault(event, "BR-10.11", _(_NOT_DECLARER), declarer=self.name(self.declarer or 0))
        elif word in (REQUIRE, FORBID):
            self.option = (self.leader, word, self.penalty.pop(owner).suit)
        else:
            self.left_free.add(self.trick_number)

    def option_turn(self, owner: int) -> Turn:
        """BR-10.11: the declarer's lead option before the partner of a penalty card's owner leads."""
        assert self.declarer is not None
        prompt = _(
            "{owner}'s {card} is a penalty card and {player} is to lead: {declarer} may require or forbid a lead of "
            "its suit, or leave the lead free (BR-10.11)"
        ).format(
            owner=self.players[owner],
            card=card_name(self.penalty[owner]),
            player=self.players[self.leader],
            declarer=self.players[self.declarer],
        )
        return Turn(self.declarer, "choice", OPTIONS, prompt)

    def check_penalty(self, event: Event, card: Card, hand: dict[Card, None]) -> None:
        """BR-10.11: a major penalty card must be played at the first legal chance (Law 50D1); a lead the declarer
        required or forbade must be made as chosen (Law 50D2). Either failure is a revoke (Law 61A)."""
        seat = event.seat
        penalty = self.penalty.get(seat)
        if penalty is not None and card != penalty and penalty in allowed_cards(hand, self.trick):
            text = _(_PENALTY_REVOKE).format(player=self.name(seat))
            self.remedies[len(self.violations)] = Remedy(rule="BR-10.11", source="Law 61A, Law 64B3", text=text)
            self.fault(event, "BR-10.11", _(_PENALTY_NOT_PLAYED), penalty=card_name(penalty))
        if penalty == card:
            del self.penalty[seat]
        if self.option is None or self.trick:
            return
        leader, word, suit = self.option
        if leader != seat:  # the lead went to another player: a forbidden suit is free again
            self.option = None
            return
        if word == REQUIRE:
            self.option = None  # a required lead is one lead only
        if card in option_leads(hand, word, suit):
            return
        if word == REQUIRE:  # a revoke in the required suit, judged as any other (BR-10.4 to BR-10.6)
            self.note_revoke(seat, suit)
        else:
            text = _(_FORBIDDEN_REVOKE).format(player=self.name(seat))
            self.remedies[len(self.violations)] = Remedy(rule="BR-10.11", source="Law 61A, Law 64", text=text)
        self.fault(event, "BR-10.11", _(_OPTION_BROKEN[word]), suits=_(SUIT_NAMES[suit]))

    def within_penalty(self, seat: int, allowed: list[Card]) -> list[Card]:
        """BR-10.11: of the cards ``seat`` may play now, those Law 50D leaves: the penalty card alone where it may be
        played; on a lead the declarer required or forbade, the cards of that suit, or of the others, where held."""
        penalty = self.penalty.get(seat)
        if penalty in allowed:
            return [penalty]
        if self.option is None or self.trick or self.option[0] != seat:
            return allowed
        _leader, word, suit = self.option
        return option_leads(allowed, word, suit)
