"""The registry: one module per game, listed here by name (docs/style.md 2).

Adding a game is the checklist in CONTRIBUTING.md; the conformance tests in
tests/scoring/test_conformance.py then cover it automatically.
"""

from __future__ import annotations

from scoring.core.base import Game
from scoring.core.games import belote, bridgette, call_bridge, contract_bridge, draw_bridge, klaberjass

GAMES: dict[str, Game] = {
    "bridgette": bridgette.GAME,
    "draw_bridge": draw_bridge.GAME,
    "call_bridge": call_bridge.GAME,
    "klaberjass": klaberjass.GAME,
    "contract_bridge": contract_bridge.GAME,
    "belote": belote.GAME,
}
