"""The rules of Draw Bridge as pure functions: who wins a draw trick (DB-3.3 and the variants of R-DB-1), who
wins a trick of the play (DB-5.3), and the bidding ladder from 1♣ (DB-4.1)."""

from __future__ import annotations

from referee.core.calls import LADDER
from referee.core.remedies import LAW_64_FOR_TWO, THREE_TRICKS, WordedRemedy
from scoring.core.base import Flags
from scoring.core.games.draw_bridge import LED_SUIT_WINS, MUST_FOLLOW_PHASE1, SUIT_BREAKS_TIES
from vocabulary.cards import RANK_VALUES, Card, card_word
from vocabulary.i18n import Text, gettext_noop
from vocabulary.words import SINGULAR_WORDS

# The sizes of a deal.
HAND_SIZE = 13  # DB-2.2
STOCK_SIZE = 26  # DB-2.2

_TIE_SUIT_RANK = {"S": 4, "H": 3, "D": 2, "C": 1}  # db_suit_breaks_ties: bidding order (R-DB-1)

# Why a draw trick is won (DB-3.3, R-DB-1), for `draw_trick_winner` (msgids: vocabulary/i18n.py).
_OFF_SUIT = gettext_noop("{card} is off-suit and only the led suit wins ({flag}, R-DB-1)")
_HIGHER_OF_SUIT = gettext_noop("{card} is the higher {suit} ({flag}, R-DB-1)")
_OUTRANKS = gettext_noop("{card} outranks {other}, whatever the suit (DB-3.3)")
_TIE_ON_SUIT = gettext_noop("equal ranks: {card} wins on suit ({flag}, R-DB-1)")
_TIE_TO_LEADER = gettext_noop("equal ranks: the leader wins (DB-3.3, R-DB-1)")


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


def contract_trick_winner(leader: int, lead: Card, follow: Card, trumps: str) -> tuple[int, Text]:
    """Who wins a phase-2 trick (DB-5.3): the highest trump, else the highest card of the led suit.

    The reason is a `Text`, worded only when it is read."""
    follower = 1 - leader
    if follow.suit == lead.suit:
        winner, higher = (follower, follow) if RANK_VALUES[follow.rank] > RANK_VALUES[lead.rank] else (leader, lead)
        if lead.suit == trumps:
            return winner, Text(_HIGHER_TRUMP, {"card": card_word(higher)})
        return winner, Text(_HIGHER_OF_LED_SUIT, {"card": card_word(higher), "suit": SINGULAR_WORDS[higher.suit]})
    if follow.suit == trumps:
        return follower, Text(_TRUMPS, {"card": card_word(follow), "lead": card_word(lead)})
    return leader, Text(_NEITHER, {"card": card_word(follow)})


# Why a phase-2 trick is won (DB-5.3), for `contract_trick_winner` (msgids: vocabulary/i18n.py).
_HIGHER_TRUMP = gettext_noop("{card} is the higher trump (DB-5.3)")
_HIGHER_OF_LED_SUIT = gettext_noop("{card} is the higher {suit} (DB-5.3)")
_TRUMPS = gettext_noop("{card} trumps {lead} (DB-5.3)")
_NEITHER = gettext_noop("{card} neither follows suit nor trumps (DB-5.3)")


BIDS = LADDER[1:]  # DB-4.1: the shared ladder without 0NT, 1♣ to 7NT


# R-DB-12: what a card the rules did not allow costs (the sources are silent): Law 64 read for two players, or
# under `db_revoke_three_tricks` three tricks; told in words, the table enters the deal as ruled.
REVOKE = WordedRemedy("R-DB-12", "db_revoke_three_tricks", LAW_64_FOR_TWO, THREE_TRICKS, frozenset({"DB-5.2"}))
