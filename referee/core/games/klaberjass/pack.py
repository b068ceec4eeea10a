"""The 32-card Klaberjass pack (KJ-1.1), alone in its module: the record reader takes it while the package loads."""

from __future__ import annotations

from scoring.core.cards import standard_pack

PACK = tuple(card for card in standard_pack() if card.rank_value >= 7)  # A K Q J 10 9 8 7 in each suit
