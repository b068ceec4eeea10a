"""Draw Bridge referee: replays the draw tricks, the auction and the play of one deal (docs/rules/draw_bridge.md).

A hand record holds the two hands as dealt (13 cards each), the 26-card stock
top card first (DB-2.2), and the events in order::

    {"type": "play", "seat": 1, "card": "KH"}      # a card to a trick, either phase
    {"type": "draw", "seat": 0, "card": "7C"}      # a card taken from the stock (DB-3.5)
    {"type": "call", "seat": 0, "call": "1NT"}     # "1C".."7NT", "pass", "double", "redouble"

Phase 1 is 13 draw tricks that do not count (DB-3.1 to DB-3.6), then the
auction (DB-4), then 13 tricks that count (DB-5). The replay never stops at an
illegal event: it is flagged and, where that makes sense, carried out (a card
played out of turn still goes to the trick); an illegal call has no effect.

The modules are every game's (docs/architecture.md, "The game packages"): `setup` says how a hand is
set up and recorded; `deal` reads the hand record; `rules` holds the rules as pure functions (who wins
a draw trick and a trick of the play, the bidding ladder); `state` is what a replay carries;
`draw_tricks` replays the draws (DB-3.5, DB-3.6), `auction` the calls (DB-4), `play` the cards to
tricks in both phases (DB-3.7, DB-5); `replay` joins them and gives the verdict.
"""

from __future__ import annotations

from referee.core.games.draw_bridge.replay import REFEREE
from referee.core.games.draw_bridge.rules import contract_trick_winner, draw_trick_winner
from referee.core.games.draw_bridge.setup import SETUP

__all__ = ["REFEREE", "SETUP", "contract_trick_winner", "draw_trick_winner"]
