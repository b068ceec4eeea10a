"""``card_face``: a card drawn as its rank over its suit, for the card buttons of the Check a hand page.

    {% load cards %}
    <button ... aria-label="Play 10♥, allowed">{{ card|card_face }}</button>

The face is hidden from screen readers (``aria-hidden``): the button's label names the card in words. Hearts
and diamonds get the class ``red``; a colon, which has no suit, shows its name on two lines.

Ranks are drawn and read out as players of the active language write them: the letters of the ace, king,
queen and jack are translatable strings (context "rank letter": a Hungarian queen is D, a Polish jack W), the
suit symbols never change. Typed card codes stay in the English notation of docs/hand-record.md.
"""

from __future__ import annotations

from django import template
from django.utils.functional import Promise
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import pgettext, pgettext_lazy

from referee.core.calls import LADDER
from vocabulary.cards import RANK_LABELS, SUIT_SYMBOLS, Card, CardError, parse_card

register = template.Library()

RED_SUITS = frozenset("HD")

# The court cards and the ace as a card face writes them; the other ranks are numbers (T is 10).
RANK_LETTERS: dict[str, Promise] = {
    "A": pgettext_lazy("rank letter", "A"),
    "K": pgettext_lazy("rank letter", "K"),
    "Q": pgettext_lazy("rank letter", "Q"),
    "J": pgettext_lazy("rank letter", "J"),
}
# Bridgette's colons (BG-1.2): the word drawn above "colon" on the face. Their names (Card.label) are the
# core's msgids (vocabulary/cards.py COLONS), translated there.
COLON_FACES: dict[str, Promise] = {
    "G": pgettext_lazy("colon card face, the word above 'colon'", "Grand"),
    "R": pgettext_lazy("colon card face, the word above 'colon'", "Royal"),
    "L": pgettext_lazy("colon card face, the word above 'colon'", "Little"),
}


def rank_letter(rank: str) -> str:
    """A rank as the active language writes it on a card: ``Q`` is ``D`` in Hungarian, ``T`` is ``10``."""
    letter = RANK_LETTERS.get(rank)
    return str(letter) if letter is not None else RANK_LABELS.get(rank, rank)


def card_name(card: Card) -> str:
    """The card as the active language names it: ``Q♠`` (``D♠`` in Hungarian), ``10♥``, ``Grand Colon``."""
    if card.is_colon:
        return card.label
    return rank_letter(card.rank) + SUIT_SYMBOLS[card.suit]


@register.filter
def card_face(card: Card) -> SafeString:
    if card.is_colon:
        return format_html(
            '<span class="face colon" aria-hidden="true"><b>{}</b><i>{}</i></span>',
            COLON_FACES[card.rank],
            pgettext("colon card face", "colon"),
        )
    colour = " red" if card.suit in RED_SUITS else ""
    return format_html(
        '<span class="face{}" aria-hidden="true"><b>{}</b><i>{}</i></span>',
        colour,
        rank_letter(card.rank),
        SUIT_SYMBOLS[card.suit],
    )


@register.filter
def card_label(value: Card | str) -> str:
    """A card, or a card code, as the card's name (the card to draw: ``7C`` as ``7♣``, ``QS`` as ``Q♠``, in
    the active language's letters); anything else as given."""
    if isinstance(value, Card):
        return card_name(value)
    try:
        return card_name(parse_card(value))
    except CardError:
        return value


# A call as the scoring pages write it: a bid with its suit symbol (``1C`` as ``1♣``, ``3NT`` as ``3NT``), the
# other calls in the active language's words. Typed codes stay in the notation of docs/hand-record.md.
BIDS = {call.code: call for call in LADDER}
CALL_WORDS: dict[str, Promise] = {
    "pass": pgettext_lazy("a call in the auction", "pass"),
    "double": pgettext_lazy("a call in the auction", "double"),
    "redouble": pgettext_lazy("a call in the auction", "redouble"),
    # The choices after an irregularity (BR-10.3, BR-10.11): a lead out of turn, the declarer's lead options.
    "accept": pgettext_lazy("a choice after a lead out of turn", "accept"),
    "refuse": pgettext_lazy("a choice after a lead out of turn", "refuse"),
    "require": pgettext_lazy("the declarer's lead option on a penalty card", "require its suit"),
    "forbid": pgettext_lazy("the declarer's lead option on a penalty card", "forbid its suit"),
    "leave": pgettext_lazy("the declarer's lead option on a penalty card", "leave the lead free"),
}


@register.filter
def call_label(value: object) -> object:
    """A call's code as a player reads it (``1C`` as ``1♣``, ``pass`` or a choice in words); anything else as
    given."""
    if not isinstance(value, str):
        return value
    if value in CALL_WORDS:
        return str(CALL_WORDS[value])
    bid = BIDS.get(value)
    return bid.label if bid is not None else value
