"""Benchmarks of the pure cores: deals scored per second, the longest match, Law 77 against endplay, replays."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from scoring.core.base import EntryError, Game
from scoring.core.games import GAMES
from scoring.core.match import MAX_DEALS, MAX_TARGET, evaluate, parse_match
from scoring.core.words import Doubling, Strain

ROOT = Path(__file__).resolve().parent.parent


def sample_deals(name: str) -> list[dict[str, Any]]:
    """The game's sample entries with no house rule (fixtures/<game>/deals.json, RULES.md §6)."""
    deals = json.loads((ROOT / "fixtures" / name / "deals.json").read_text(encoding="utf-8"))
    return [deal["entry"] for deal in deals if not deal.get("flags")]


# Each game's sample deals, cycled through.
SAMPLE_DEALS: dict[str, list[dict[str, Any]]] = {name: sample_deals(name) for name in GAMES}


def open_match(deals: int, names: list[str] | None = None) -> dict[str, Any]:
    """A match file of ``deals`` deals that none of them ends, in the widest sheet there is: the game
    with the most sides (the first registered of those) whose sample deals, in turn, under the
    highest target a match may have (or none), stay open that long. The players are the first of
    ``names`` (P0, P1... by default)."""
    for name in sorted(GAMES, key=lambda name: -len(GAMES[name].sides)):
        doc = long_match(name, deals, names)
        if doc is not None:
            return doc
    raise LookupError(f"no registered game holds {deals} of its sample deals without ending")


def long_match(name: str, deals: int, names: list[str] | None = None) -> dict[str, Any] | None:
    """The game's sample deals in turn, ``deals`` of them, under the highest target (or none): a
    match file that none of them ends, or None if the game ends it (a fixed number of deals)."""
    game = GAMES[name]
    samples = SAMPLE_DEALS[name]
    players = [names[seat] if names else f"P{seat}" for seat in range(game.seats)]
    for target in (MAX_TARGET, None):
        doc = {
            "game": name,
            "players": players,
            "first_dealer": 0,
            "target": target,
            "flags": [],
            "deals": [samples[index % len(samples)] for index in range(deals)],
        }
        try:
            if not evaluate(parse_match(doc)).finished:
                return doc
        except EntryError:
            continue
    return None


# The house rule whose scores are Law 77's, not vulnerable (contract bridge's duplicate scoring
# table): its game's deals are scored against endplay's implementation of the same table.
LAW77_FLAG = "db_contract_bridge_scoring"


def law77_game() -> Game:
    """The game that has the LAW77_FLAG house rule."""
    return next(game for game in GAMES.values() if LAW77_FLAG in game.flags)


def contracts(seats: int) -> list[dict[str, Any]]:
    """Every contract there is, declared by any seat: match-file entries (2,940 for two seats)."""
    return [
        {"declarer": declarer, "level": level, "strain": strain.value, "doubled": doubled.value, "tricks": tricks}
        for declarer in range(seats)
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
    """Deals/s for the game with LAW77_FLAG under that flag (parse_deal + score_deal) and for
    endplay's Law 77 scorer (Contract(...).score, not vulnerable, as the flag's rule), on the same
    entries: every contract its seats can declare.

    The two take turns on short slices of the list, the best of ``tries`` each, so that both see
    the same machine load.
    """
    from endplay.types import Contract, Denom, Penalty, Player, Vul  # a dev dependency

    game = law77_game()
    flags = frozenset({LAW77_FLAG})
    denoms = {"C": Denom.clubs, "D": Denom.diamonds, "H": Denom.hearts, "S": Denom.spades, "NT": Denom.nt}
    penalties = (Penalty.passed, Penalty.doubled, Penalty.redoubled)
    declarers = (Player.north, Player.east, Player.south, Player.west)

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

    entries = contracts(game.seats)
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


def long_match_seconds(doc: dict[str, Any]) -> float:
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
        print(f"  {name:15} {rate:12,.0f} deals scored/s")
        if rate < 50_000:
            failures.append(f"{name} scores {rate:,.0f} deals/s")
    for name in GAMES:
        doc = long_match(name, MAX_DEALS)
        if doc is None:
            print(f"  {name:15} ends before {MAX_DEALS:,} of its sample deals: no longest match")
            continue
        seconds = long_match_seconds(doc)
        print(f"  {name:15} {MAX_DEALS:,}-deal match (the most a file holds) evaluated in {seconds * 1000:.1f} ms")
    game = law77_game()
    count = len(contracts(game.seats))
    print(f"{game.title} Law 77 scoring against endplay, same {count:,} contracts (goal: at least 1.0x endplay's rate)")
    ours, endplays = law77_rates()
    ratio = ours / endplays
    print(f"  {game.name:15} {ours:12,.0f} deals parsed and scored/s ({LAW77_FLAG})")
    print(f"  {'endplay':15} {endplays:12,.0f} contracts built and scored/s")
    print(f"  {'ratio':15} {ratio:12.2f}x")
    if ratio < 1.0:
        failures.append(f"{game.name} Law 77 scoring runs at {ratio:.2f}x endplay's rate")
    print("Referee core (goal: at least 2,000 full-deal replays/s per game)")
    for name in GAMES:
        rate = replays_per_second(name)
        if rate is None:
            print(f"  {name:15} no fixtures/{name}/hand.json")
            continue
        print(f"  {name:15} {rate:12,.0f} replays/s")
        if rate < 2_000:
            failures.append(f"{name} replays {rate:,.0f}/s")
    return failures
