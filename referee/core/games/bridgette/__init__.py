"""Bridgette referee: replay a hand record and check every event (docs/rules/bridgette.md).

A hand record (docs/referee/bridgette.md) holds the hands as dealt, optionally the
29-card stock (top first, so ``stock[0]`` is the upcard) or just the ``upcard``,
and the events in order: ``draw`` and ``discard`` (the exchange, BG-4), ``call``
(the auction, BG-5) and ``play`` (BG-6). A hand given as an empty list was not
recorded; the referee then checks what it can and notes the rest (R-BG-13).

The modules are every game's (docs/architecture.md, "The game packages"): ``setup`` says how a hand is
set up and recorded, ``deal`` reads a record, ``rules`` holds the rules as pure functions (the card
groups, what a bid needs, the cards that may be led and followed, who wins a trick); ``state`` is what a
replay carries, ``exchange``, ``auction`` and ``play`` replay each phase over it, and ``replay`` runs the
events and gives the verdict.
"""

from __future__ import annotations

from referee.core.calls import Call, parse_call
from referee.core.games.bridgette.replay import REFEREE
from referee.core.games.bridgette.rules import allowed_follows, allowed_leads, group, trick_winner
from referee.core.games.bridgette.setup import SETUP

__all__ = ["REFEREE", "SETUP", "Call", "allowed_follows", "allowed_leads", "group", "parse_call", "trick_winner"]
