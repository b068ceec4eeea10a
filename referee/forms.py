"""Forms of the "Check a hand" pages."""

from __future__ import annotations

from typing import Any

from django import forms

from scoring.core.games import GAMES
from scoring.forms import GamePlayersForm, clean_players

# Cards that a game's record holds besides the hands, entered as card codes (docs/referee/).
EXTRA_FIELDS: dict[str, list[tuple[str, str, bool]]] = {
    # (field, label, is a list of cards)
    "bridgette": [
        ("stock", "Stock, top card first (optional; its first card is the upcard)", True),
        ("upcard", "Upcard (if the stock was not recorded)", False),
    ],
    "draw_bridge": [("stock", "Stock, top card first (26 cards)", True)],
    "call_bridge": [],
    "klaberjass": [("turn_up", "Turn-up card", False), ("bottom", "Bottom card (optional)", False)],
}


class NewHandForm(GamePlayersForm):
    """A new hand record: game, players, dealer and house rules; the hands come after."""

    dealer = forms.ChoiceField(
        label="Dealer", choices=[(str(seat), f"Player {seat + 1}") for seat in range(4)], widget=forms.RadioSelect
    )

    record: dict[str, Any]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if self.errors:
            return data
        game = GAMES[data["game"]]
        players = clean_players(self, data, game)
        if int(data["dealer"]) >= game.seats:
            self.add_error("dealer", f"{game.title} has only {game.seats} seats.")
        if self.errors:
            return data
        self.record = {
            "game": game.name,
            "players": players,
            "dealer": int(data["dealer"]),
            "flags": [flag for flag in data.get("flags", []) if flag in game.flags],
            "hands": [[] for _ in players],
            "events": [],
        }
        return data
