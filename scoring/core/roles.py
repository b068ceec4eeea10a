"""Who does what at the start of the coming deal, for the standings panel."""

from __future__ import annotations


def table_roles(game: str, dealer: int, players: tuple[str, ...]) -> list[str]:
    """Short sentences naming the dealer, who calls first and who leads, with rule IDs."""
    other = players[1 - dealer] if len(players) == 2 else ""
    deals = f"{players[dealer]} deals"
    if game == "bridgette":
        return [
            f"{deals} and calls first (BG-5.3).",
            f"{other} exchanges first (BG-4.1); the declarer's opponent leads (BG-6.1).",
        ]
    if game == "draw_bridge":
        return [f"{deals}; {other} leads the draw tricks (DB-3.1).", f"{players[dealer]} calls first (DB-4.2)."]
    if game == "call_bridge":
        right = players[(dealer + 1) % len(players)]
        return [f"{deals}.", f"{right}, on the dealer's right, calls first and leads (CB-4.1, CB-5.1)."]
    if game == "klaberjass":
        return [f"{deals}.", f"{other} speaks first for trumps and leads (KJ-4.1, KJ-8.1)."]
    return [f"{deals}."]
