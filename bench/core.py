"""Benchmarks of the pure cores: deals scored per second, the longest match, Law 77 against endplay, replays."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from scoring.core.games import GAMES
from scoring.core.match import MAX_DEALS, evaluate, parse_match
from scoring.core.words import Doubling, Strain

ROOT = Path(__file__).resolve().parent.parent


def sample_deals(name: str) -> list[dict[str, Any]]:
    """The game's sample entries with no house rule (fixtures/<game>/deals.json, RULES.md §6)."""
    deals = json.loads((ROOT / "fixtures" / name / "deals.json").read_text(encoding="utf-8"))
    return [deal["entry"] for deal in deals if not deal.get("flags")]


# Each game's sample deals, cycled through.
SAMPLE_DEALS: dict[str, list[dict[str, Any]]] = {name: sample_deals(name) for name in GAMES}


# Every Draw Bridge contract there is, declared by either player (DB-6.3): 2,940 match-file entries.
DRAW_BRIDGE_CONTRACTS = [
    {"declarer": declarer, "level": level, "strain": strain.value, "doubled": doubled.value, "tricks": tricks}
    for declarer in (0, 1)
    for level in range(1, 8)
    for strain in Strain
    for doubled in Doubling
    for tricks in range(14)
]


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


def law77_rates(slice_size: int = 98, tries: int = 25) -> tuple[float, float]:
    """Deals/s for Draw Bridge under `db_contract_bridge_scoring` (parse_deal + score_deal) and for
    endplay's Law 77 scorer (Contract(...).score, not vulnerable, as R-DB-6), on the same entries.

    The two take turns on short slices of the list, the best of ``tries`` each, so that both see
    the same machine load.
    """
    from endplay.types import Contract, Denom, Penalty, Player, Vul  # a dev dependency

    game = GAMES["draw_bridge"]
    flags = frozenset({"db_contract_bridge_scoring"})
    denoms = {"C": Denom.clubs, "D": Denom.diamonds, "H": Denom.hearts, "S": Denom.spades, "NT": Denom.nt}
    penalties = (Penalty.passed, Penalty.doubled, Penalty.redoubled)
    declarers = (Player.north, Player.east)

    def ours(entries: list[dict[str, Any]]) -> None:
        for entry in entries:
            game.score_deal(game.parse_deal(entry, flags), 0, flags, 0)

    def endplays(entries: list[dict[str, Any]]) -> None:
        for entry in entries:
            level = entry["level"]
            Contract(
                level=level,
                denom=denoms[entry["strain"]],
                declarer=declarers[entry["declarer"]],
                penalty=penalties[entry["doubled"]],
                result=entry["tricks"] - 6 - level,
            ).score(Vul.none)

    def seconds(score: Callable[[list[dict[str, Any]]], None], entries: list[dict[str, Any]]) -> float:
        start = time.perf_counter()
        score(entries)
        return time.perf_counter() - start

    entries = DRAW_BRIDGE_CONTRACTS
    our_seconds = endplay_seconds = 0.0
    for start in range(0, len(entries), slice_size):
        part = entries[start : start + slice_size]
        our_best = endplay_best = float("inf")
        for _ in range(tries):
            our_best = min(our_best, seconds(ours, part))
            endplay_best = min(endplay_best, seconds(endplays, part))
        our_seconds += our_best
        endplay_seconds += endplay_best
    return len(entries) / our_seconds, len(entries) / endplay_seconds


# The longest matches timed: the most deals a match holds, none of which ends it. A Call Bridge
# target out of reach; Bridgette deals passed out and dealt again (bg_passout_redeal, R-BG-10).
LONG_MATCHES: dict[str, dict[str, Any]] = {
    "call_bridge": {"target": 1_000_000, "flags": [], "deal": SAMPLE_DEALS["call_bridge"][0]},
    "bridgette": {"target": None, "flags": ["bg_passout_redeal"], "deal": {"passed_out": True}},
}


def long_match_seconds(name: str, deals: int = MAX_DEALS) -> float:
    game = GAMES[name]
    setup = LONG_MATCHES[name]
    doc = {
        "game": name,
        "players": [f"P{seat}" for seat in range(game.seats)],
        "first_dealer": 0,
        "target": setup["target"],
        "deals": [setup["deal"]] * deals,
        "flags": setup["flags"],
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
    for name in LONG_MATCHES:
        seconds = long_match_seconds(name)
        print(f"  {name:12} {MAX_DEALS:,}-deal match (the most a file holds) evaluated in {seconds * 1000:.1f} ms")
    print("Draw Bridge Law 77 scoring against endplay, same 2,940 contracts (goal: at least 1.0x endplay's rate)")
    ours, endplays = law77_rates()
    ratio = ours / endplays
    print(f"  {'draw_bridge':12} {ours:12,.0f} deals parsed and scored/s (db_contract_bridge_scoring)")
    print(f"  {'endplay':12} {endplays:12,.0f} contracts built and scored/s")
    print(f"  {'ratio':12} {ratio:12.2f}x")
    if ratio < 1.0:
        failures.append(f"draw_bridge Law 77 scoring runs at {ratio:.2f}x endplay's rate")
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
