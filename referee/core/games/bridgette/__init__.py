"""Bridgette referee: replay a hand record and check every event (RULES.md §1.4 to §1.6).

A hand record (docs/referee/bridgette.md) holds the hands as dealt, optionally the
29-card stock (top first, so ``stock[0]`` is the upcard) or just the ``upcard``,
and the events in order: ``draw`` and ``discard`` (the exchange, BG-4), ``call``
(the auction, BG-5) and ``play`` (BG-6). A hand given as an empty list was not
recorded; the referee then checks what it can and notes the rest (R-BG-13).

The modules follow the hand: ``record`` reads it, ``pack`` and ``calls`` hold the card groups and the
bid ladder, ``exchange``, ``auction`` and ``play`` check each phase over the shared ``state``, and
``replay`` runs the events and assembles the verdict.
"""

from __future__ import annotations

from referee.core.calls import (
    DOUBLE,
    LADDER,
    PASS,
    REDOUBLE,
    STRAIN_LABELS,
    STRAIN_ORDER,
    Call,
    bid_index,
    parse_call,
)
from referee.core.games.bridgette.auction import bid_requirement, cheapest_level, is_jump, suit_counts
from referee.core.games.bridgette.exchange import DEALER_DRAWS
from referee.core.games.bridgette.pack import group, named
from referee.core.games.bridgette.play import TRICKS, allowed_follows, allowed_leads, trick_winner
from referee.core.games.bridgette.record import EVENT_TYPES, HAND_SIZE, STOCK_SIZE, BridgetteRecord
from referee.core.games.bridgette.replay import REFEREE as REPLAY
from referee.core.games.bridgette.replay import BridgetteReferee
from referee.core.games.bridgette.setup import SETUP
from referee.core.protocol import Referee

__all__ = [
    "DEALER_DRAWS",
    "DOUBLE",
    "EVENT_TYPES",
    "HAND_SIZE",
    "LADDER",
    "PASS",
    "REDOUBLE",
    "REFEREE",
    "SETUP",
    "STOCK_SIZE",
    "STRAIN_LABELS",
    "STRAIN_ORDER",
    "TRICKS",
    "BridgetteRecord",
    "BridgetteReferee",
    "Call",
    "allowed_follows",
    "allowed_leads",
    "bid_index",
    "bid_requirement",
    "cheapest_level",
    "group",
    "is_jump",
    "named",
    "parse_call",
    "suit_counts",
    "trick_winner",
]

# The registry's entry: the replay and the setup (referee.core.protocol.Referee).
REFEREE = Referee(REPLAY, SETUP)
