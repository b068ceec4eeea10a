"""``card_face``: a card drawn as its rank over its suit, for the card buttons of the Check a hand page.

    {% load cards %}
    <button ... aria-label="Play 10♥, allowed">{{ card|card_face }}</button>

The face is hidden from screen readers (``aria-hidden``): the button's label names the card in words. Hearts
and diamonds get the class ``red``; a colon, which has no suit, shows its name on two lines.
"""

from __future__ import annotations

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString

from scoring.core.cards import COLONS, RANK_LABELS, SUIT_SYMBOLS, Card, CardError, parse_card

register = template.Library()

RED_SUITS = frozenset("HD")


@register.filter
def card_face(card: Card) -> SafeString:
    if card.is_colon:
        word = COLONS[card.rank].split()[0]
        return format_html('<span class="face colon" aria-hidden="true"><b>{}</b><i>colon</i></span>', word)
    colour = " red" if card.suit in RED_SUITS else ""
    rank = RANK_LABELS.get(card.rank, card.rank)
    return format_html(
        '<span class="face{}" aria-hidden="true"><b>{}</b><i>{}</i></span>', colour, rank, SUIT_SYMBOLS[card.suit]
    )


@register.filter
def card_label(value: str) -> str:
    """A card code as the card's name (the card to draw: ``7C`` as ``7♣``); anything else as given."""
    try:
        return parse_card(value).label
    except CardError:
        return value
