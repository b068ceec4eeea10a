"""The rules of Contract Bridge as pure functions: the seats round the table (BR-1.1), the bids (BR-4.3) and the
end of the auction (BR-4.6), the cards that may be played (BR-5.3) and led under a lead option (BR-10.11), who wins
a trick (BR-5.4), the honours a hand holds (BR-6.7), and the tricks an established revoke transfers (BR-10.5,
BR-10.6)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import NamedTuple

from referee.core.calls import LADDER
from referee.core.tricks import winning_play
from scoring.core.games.contract_bridge import Honours, side_of
from vocabulary.cards import Card, card_word
from vocabulary.i18n import Text, gettext_noop
from vocabulary.words import SINGULAR_WORDS

# The sizes and words of a deal.
SEATS = 4  # BR-1.1
HAND_SIZE = 13  # BR-3.2

# BR-5.4: why a trick's winner won, by whether it is a trump, whether the deal has trumps, or neither (trick_winner).
_HIGHEST_TRUMP = gettext_noop("{card} is the highest trump (BR-5.4)")
_HIGHEST_NO_TRUMP_PLAYED = gettext_noop("{card} is the highest {suit}; no trump was played (BR-5.4)")
_HIGHEST_AT_NO_TRUMP = gettext_noop("{card} is the highest {suit} (BR-5.4)")


def trick_winner(plays: Sequence[tuple[int, Card]], trumps: str | None) -> tuple[int, Text]:
    """BR-5.4: the highest trump wins; with no trump in the trick, the highest card of the suit led.

    The reason is a `Text`, worded only when it is read: most replays' reasons never are."""
    led = plays[0][1].suit
    winner, best = winning_play(plays, trumps)
    if best.suit == trumps:
        return winner, Text(_HIGHEST_TRUMP, {"card": card_word(best)})
    reason = _HIGHEST_NO_TRUMP_PLAYED if trumps is not None else _HIGHEST_AT_NO_TRUMP
    return winner, Text(reason, {"card": card_word(best), "suit": SINGULAR_WORDS[led]})


HONOURS = frozenset("AKQJT")  # BR-6.7: the trump suit's A, K, Q, J and 10

_HONOURS_SCORED = {
    (0, 4): Honours.NS_100,
    (0, 5): Honours.NS_150,
    (1, 4): Honours.EW_100,
    (1, 5): Honours.EW_150,
}


def honours_held(hands: tuple[tuple[Card, ...], ...], strain: str) -> Honours:
    """BR-6.7: four trump honours in one hand score 100 to its side, all five 150; at no trump, four aces 150.

    ``hands`` are a deal's, no card twice."""
    for seat, hand in enumerate(hands):
        if strain == "NT":
            # Four aces score as five honours do; four of anything else at no trump scores nothing.
            held = 5 if sum(card.rank == "A" for card in hand) == 4 else 0
        else:
            held = sum(card.suit == strain and card.rank in HONOURS for card in hand)
        if held >= 4:
            return _HONOURS_SCORED[side_of(seat), held]
    return Honours.NONE


BIDS = LADDER[1:]  # BR-4.3: 1♣ to 7NT, 35 bids

PASSES_TO_END = 3  # BR-4.6: three passes in a row after a bid

PASSES_TO_PASS_OUT = 4  # BR-4.6: four passes with no bid


def left_of(seat: int) -> int:
    """The next seat clockwise, the player on ``seat``'s left (BR-4.1, BR-5.1, BR-5.3)."""
    return (seat + 1) % SEATS


def partner_of(seat: int) -> int:
    """The partner, sitting opposite (BR-1.1)."""
    return (seat + 2) % SEATS


def allowed_cards(hand: Collection[Card], trick: Sequence[tuple[int, Card]]) -> list[Card]:
    """BR-5.3: the cards of ``hand`` that may be played to ``trick``: a card of the suit led if the hand holds
    one, else any card; any card to lead."""
    if not trick:
        return list(hand)
    led = trick[0][1].suit
    return [card for card in hand if card.suit == led] or list(hand)


def option_leads(hand: Collection[Card], option: str, suit: str) -> list[Card]:
    """BR-10.11 (Law 50D2): the cards of ``hand`` that may be led when the declarer required (``REQUIRE``) or forbade
    a lead of ``suit``: those of that suit, or those of the others, where the hand holds one; else any card."""
    chosen = [card for card in hand if (card.suit == suit) == (option == REQUIRE)]
    return chosen or list(hand)


class Transfer(NamedTuple):
    """The tricks an established revoke transfers (BR-10.5, BR-10.6) and the law that says so ("64A1", "64B2")."""

    tricks: int
    law: str


def revoke_transfer(
    offender: int,
    trick: int,
    winners: Sequence[int],
    *,
    from_dummy: bool,
    repeated: bool,
    both_sides: bool,
) -> Transfer:
    """BR-10.5 and BR-10.6 (Law 64A, Law 64B): the tricks an established revoke by ``offender`` in trick ``trick``
    (1-based) transfers, from the seats that won each trick (``winners``). ``repeated``: the same player revoked in
    the same suit before, established; ``both_sides``: both sides made an established revoke.

    The offender won the revoke trick: it goes, with one more if the side won a later trick (64A1); a trick won in
    dummy is not won by the declarer. Otherwise one trick, if the side won the revoke trick or a later one (64A2).
    No transfer from dummy's hand (64B3), in the 12th trick (64B6), for a second revoke in the same suit by the same
    player (64B2), when both sides revoked (64B7), or when the side won no trick from the revoke on (64B1)."""
    if from_dummy:
        return Transfer(0, "64B3")
    if trick == TWELFTH:
        return Transfer(0, "64B6")
    if repeated:
        return Transfer(0, "64B2")
    if both_sides:
        return Transfer(0, "64B7")
    side = side_of(offender)
    later = any(side_of(winner) == side for winner in winners[trick:])
    if winners[trick - 1] == offender:
        return Transfer(1 + later, "64A1")
    if later or side_of(winners[trick - 1]) == side:
        return Transfer(1, "64A2")
    return Transfer(0, "64B1")


TWELFTH = 12  # Law 62D, Law 64B6: a revoke in the 12th trick is corrected, never transferred


ACCEPT, REFUSE = "accept", "refuse"
LEAD_CHOICES = (ACCEPT, REFUSE)  # BR-10.3: the choices on a lead out of turn
REQUIRE, FORBID, LEAVE = "require", "forbid", "leave"
OPTIONS = (REQUIRE, FORBID, LEAVE)  # BR-10.11 (Law 50D2): the declarer's lead options on a major penalty card
CHOICES = LEAD_CHOICES + OPTIONS  # the words of a `choice` event
