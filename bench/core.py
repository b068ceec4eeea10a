"""Benchmarks of the pure cores: deals scored per second, a 1,000-deal match, referee replays."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from scoring.core.games import GAMES
from scoring.core.match import evaluate, parse_match

ROOT = Path(__file__).resolve().parent.parent

# One representative entry per game (RULES.md §6 examples), cycled through.
SAMPLE_DEALS: dict[str, list[dict[str, Any]]] = {
    "bridgette": [
        {"declarer": 0, "level": 2, "strain": "H", "doubled": 0, "tricks": 8},
        {"declarer": 1, "level": 4, "strain": "S", "doubled": 1, "tricks": 7},
        {"passed_out": True},
    ],
    "draw_bridge": [
        {"declarer": 0, "level": 4, "strain": "S", "doubled": 0, "tricks": 10},
        {"declarer": 1, "level": 5, "strain": "C", "doubled": 2, "tricks": 9},
    ],
    "call_bridge": [
        {"calls": [3, 4, 2, 5], "tricks": [4, 4, 1, 4]},
        {"calls": [8, 2, 2, 3], "tricks": [9, 2, 1, 1]},
    ],
    "klaberjass": [
        {"maker": 0, "trump": "H", "card_points": [93, 35], "last_trick": 0, "sequence_points": [0, 20], "bella": 1},
        {"annulled": True},
    ],
}


def best_of(repeats: int, action: Callable[[], None]) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return min(times)


def deals_per_second(name: str, count: int = 20_000) -> float:
    game = GAMES[name]
    entries = SAMPLE_DEALS[name]
    flags: frozenset[str] = frozenset()

    def run() -> None:
        for index in range(count):
            deal = game.parse_deal(entries[index % len(entries)], flags)
            game.score_deal(deal, index % game.seats, flags, 0)

    return count / best_of(3, run)


def long_match_seconds(name: str, deals: int = 1_000) -> float:
    game = GAMES[name]
    doc = {
        "game": name,
        "players": [f"P{seat}" for seat in range(game.seats)],
        "first_dealer": 0,
        "target": 1_000_000 if game.target_required or name == "klaberjass" else None,
        "deals": [{"passed_out": True}] * deals if name == "bridgette" else [SAMPLE_DEALS[name][0]] * deals,
        "flags": ["bg_passout_redeal"] if name == "bridgette" else [],
    }
    match = parse_match(doc)
    return best_of(3, lambda: evaluate(match))


def replays_per_second(name: str, count: int = 500) -> float | None:
    path = ROOT / "fixtures" / name / "hand.json"
    if not path.exists():
        return None
    from referee.core.replay import replay_document

    doc = json.loads(path.read_text())

    def run() -> None:
        for _ in range(count):
            replay_document(doc)

    return count / best_of(3, run)


def run() -> list[str]:
    failures = []
    print("Scoring core (goal: at least 50,000 deals/s per game)")
    for name in GAMES:
        rate = deals_per_second(name)
        print(f"  {name:12} {rate:12,.0f} deals scored/s")
        if rate < 50_000:
            failures.append(f"{name} scores {rate:,.0f} deals/s")
    for name in ("call_bridge", "bridgette"):
        seconds = long_match_seconds(name)
        print(f"  {name:12} 1,000-deal match evaluated in {seconds * 1000:.1f} ms")
    print("Referee core (goal: at least 2,000 full-deal replays/s per game)")
    for name in GAMES:
        rate = replays_per_second(name)
        if rate is None:
            print(f"  {name:12} no fixtures/{name}/hand.json")
            continue
        print(f"  {name:12} {rate:12,.0f} replays/s")
        if rate < 2_000:
            failures.append(f"{name} replays {rate:,.0f}/s")
    return failures
