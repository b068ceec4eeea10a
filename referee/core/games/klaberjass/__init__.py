"""Klaberjass referee: replays the choice of trumps, the dix, sequences, bella and the
nine tricks of one deal (docs/rules/klaberjass.md, rulings R-KJ-2 to R-KJ-11).

A hand record holds each player's nine cards after the second deal, before any dix
(KJ-5.1), the turn-up (KJ-3.3), optionally the bottom card (KJ-5.2), and the events::

    {"type": "bid", "seat": 0, "choice": "take"}      # "pass", "take", "S"/"H"/"D"/"C", "schmeiss"
    {"type": "answer", "seat": 1, "choice": "play"}   # to a schmeiss: "play" or "throw_in" (R-KJ-2)
    {"type": "dix", "seat": 0}                        # swap the 7 of trumps for the turn-up (KJ-5.3)
    {"type": "declare", "seat": 1, "cards": ["QS", "JS", "10S"]}   # one sequence (KJ-6)
    {"type": "play", "seat": 0, "card": "JH"}         # "announce": "bella" on the second of K, Q (KJ-7)

The non-dealer speaks first in each round and leads to the first trick (KJ-4.1,
KJ-8.1). An illegal event is flagged and the replay goes on: an illegal card
still leaves the hand and the trick completes.
"""

from __future__ import annotations

from referee.core.games.klaberjass.replay import REFEREE
from referee.core.games.klaberjass.rules import compare_sequences
from referee.core.games.klaberjass.setup import SETUP

__all__ = ["REFEREE", "SETUP", "compare_sequences"]
