"""Contract Bridge referee: replays the auction and the 13 tricks of one deal (docs/rules/contract_bridge.md, BR-4
and BR-5).

A hand record (docs/referee/contract_bridge.md) holds the four hands as dealt, North first, and the events in
order::

    {"type": "call", "seat": 0, "call": "1H"}      # "1C".."7NT", "pass", "double", "redouble"
    {"type": "play", "seat": 2, "card": "KH"}      # seat: the hand the card comes from

Dummy's cards are recorded under dummy's seat, in dummy's turn; the declarer chooses them (BR-5.2). The replay
never stops at an illegal event: an illegal call is flagged and has no effect, an illegal card is flagged and
still goes to the trick.

The modules are every game's (docs/architecture.md, "The game packages"): `setup` says how a hand is entered on
the Check a hand page; `deal` reads the record; `rules` holds the rules as pure functions (the seats, the bids,
who wins a trick, the honours); `state` is what a replay carries; `auction` replays the calls (BR-4, with the
shared calls of referee.core.calls) and `play` the cards (BR-5); `replay` joins them and gives the verdict.
"""

from __future__ import annotations

from referee.core.games.contract_bridge.replay import REFEREE
from referee.core.games.contract_bridge.rules import honours_held
from referee.core.games.contract_bridge.setup import SETUP

__all__ = ["REFEREE", "SETUP", "honours_held"]
