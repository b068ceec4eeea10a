"""Belote referee: replays the choice of trumps, the second deal, belote-rebelote and the eight tricks of
one deal (docs/rules/belote.md BL-3 to BL-7, the referee checks of BL-7.7, rulings R-BL-1 and R-BL-9).

A hand record holds the first five cards of each hand (BL-3.3), the turn-up, the stock (the other 11
cards in the order the dealer gives them once somebody takes, BL-3.4) and the events::

    {"type": "bid", "seat": 1, "choice": "take"}    # "pass", "take", or a suit letter in the second round
    {"type": "play", "seat": 1, "card": "JH"}       # "announce": "belote" / "rebelote" with the K or Q of trumps

The dealer's next player speaks first in each round and leads to the first trick (BL-4.1, BL-7.1). An
illegal event is flagged and the replay goes on: an illegal card still leaves the hand and the trick
completes. Announcements (BL-5) are not recorded; the deal entry counts none.
"""

from __future__ import annotations

from referee.core.games.belote.replay import REFEREE
from referee.core.games.belote.setup import SETUP

__all__ = ["REFEREE", "SETUP"]
