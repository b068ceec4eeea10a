"""The referee registry: one referee per game, by the scoring registry's names (docs/style.md 2).

Each entry is the game's `Referee`: its replay and its setup (referee.core.protocol). Adding a game is
the checklist in CONTRIBUTING.md; tests/referee/test_conformance.py then covers it automatically.
"""

from __future__ import annotations

from referee.core.games import belote, bridgette, call_bridge, contract_bridge, draw_bridge, klaberjass
from referee.core.protocol import RefereeGame

REFEREES: dict[str, RefereeGame] = {
    "bridgette": bridgette.REFEREE,
    "draw_bridge": draw_bridge.REFEREE,
    "call_bridge": call_bridge.REFEREE,
    "klaberjass": klaberjass.REFEREE,
    "belote": belote.REFEREE,
    "contract_bridge": contract_bridge.REFEREE,
}

# The bridge world's hand-record files, PBN and LIN, each hold deals of one game: the format's name, then the game's
# (referee/formats reads and writes them; docs/hand-record.md, "PBN and LIN").
HAND_FILE_GAMES: dict[str, str] = {"pbn": "contract_bridge", "lin": "contract_bridge"}
