"""Call Bridge referee: replays the calls and the 13 tricks of one deal (docs/rules/call_bridge.md).

A hand record holds the four hands as dealt (13 cards each, the 52-card pack,
CB-1.1, CB-3.2) and the events in order::

    {"type": "call", "seat": 0, "call": 3}
    {"type": "play", "seat": 0, "card": "5H"}

Seats are in counterclockwise order, so everything goes ``seat + 1`` (R-CB-8):
the player on the dealer's right, ``(dealer + 1) % 4``, calls first and leads
to the first trick (CB-4.1, CB-5.1). The replay never stops at an illegal event:
it is flagged, the card leaves the hand and the trick completes.
"""

from __future__ import annotations

from referee.core.games.call_bridge.replay import REFEREE
from referee.core.games.call_bridge.rules import allowed_cards, trick_winner
from referee.core.games.call_bridge.setup import SETUP

__all__ = ["REFEREE", "SETUP", "allowed_cards", "trick_winner"]
