"""Cards, re-exported for now: they are defined once in the shared vocabulary, ``scoring.core.cards``.

This module only keeps the imports of the game packages and their tests working while they move to
``scoring.core.cards`` (and to their own game's pack, ``SETUP.pack``); it is to be removed then. Write
new code against ``scoring.core.cards``.
"""

from __future__ import annotations

from scoring.core.cards import (
    COLONS,
    RANK_LABELS,
    RANK_VALUES,
    RANKS,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    SUITS,
    Card,
    CardError,
    _read_card,
    labels,
    parse_card,
    parse_cards,
    standard_pack,
)

__all__ = [
    "COLONS",
    "RANKS",
    "RANK_LABELS",
    "RANK_VALUES",
    "SUITS",
    "SUIT_NAMES",
    "SUIT_SYMBOLS",
    "Card",
    "CardError",
    "_read_card",
    "bridgette_pack",
    "klaberjass_pack",
    "labels",
    "parse_card",
    "parse_cards",
    "standard_pack",
]


def bridgette_pack() -> tuple[Card, ...]:
    """The 52 cards plus the three colons (BG-1.2): Bridgette's setup's pack."""
    # Imported when called: the game packages import this module while they load.
    from referee.core.games.bridgette.setup import PACK

    return PACK


def klaberjass_pack() -> tuple[Card, ...]:
    """A K Q J 10 9 8 7 in each suit (KJ-1.1): Klaberjass's setup's pack."""
    # Imported when called, from the module that holds only the pack: the Klaberjass record reader calls
    # this while its own package is still loading.
    from referee.core.games.klaberjass.pack import PACK

    return PACK
