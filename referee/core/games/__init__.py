"""The referee registry: one replay module per game, by the scoring registry's names."""

from __future__ import annotations

from referee.core.games import bridgette, call_bridge, draw_bridge, klaberjass
from referee.core.verdict import RefereeGame

REFEREES: dict[str, RefereeGame] = {
    "bridgette": bridgette.REFEREE,
    "draw_bridge": draw_bridge.REFEREE,
    "call_bridge": call_bridge.REFEREE,
    "klaberjass": klaberjass.REFEREE,
}
