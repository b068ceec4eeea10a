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
from vocabulary.words import Doubling, Strain

ROOT = Path(__file__).resolve().parent.parent


def sample_deals(name: str) -> list[dict[str, Any]]:
    """The game's sample entries with no house rule (fixtures/<game>/deals.json, docs/rules/)."""
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


def law77_house_rule() -> tuple[Game, str]:
    """The game and house rule under which every contract scores as Law 77's table, not vulnerable.

    Found by asking: each game whose deals are contracts scores every contract under each of its
    house rules, compared with endplay's scorer (a dev dependency) on the same contracts, the
    declaring side's points less the others'. The first rule that agrees on all of them is the one.
    """
    from endplay.types import Contract, Denom, Penalty, Player, Vul

    denoms = {"C": Denom.clubs, "D": Denom.diamonds, "H": Denom.hearts, "S": Denom.spades, "NT": Denom.nt}
    penalties = (Penalty.passed, Penalty.doubled, Penalty.redoubled)

    def endplays(entry: dict[str, Any]) -> int:
        made = entry["tricks"] - 6 - entry["level"]
        contract = Contract(
            level=entry["level"],
            denom=denoms[entry["strain"]],
            declarer=Player.north,
            penalty=penalties[entry["doubled"]],
            result=made,
        )
        return int(contract.score(Vul.none))

    for game in GAMES.values():
        entries = contracts(game.seats)
        expected = [endplays(entry) for entry in entries]
        side = {seat: index for index, seats in enumerate(game.sides) for seat in seats}
        for flag in game.flags:
            flags = frozenset({flag})
            try:
                game.check_flags(flags)
                deals = [game.parse_deal(entry, flags) for entry in entries]
            except EntryError:
                continue  # a rule that cannot be played alone, or a game whose deals are not contracts
            for deal, entry, score in zip(deals, entries, expected, strict=True):
                points = game.score_deal(deal, 0, flags, 0).points
                ours = points[side[entry["declarer"]]]
                if ours - (sum(points) - ours) != score:
                    break
            else:
                return game, flag
    raise LookupError("no registered game has a house rule that scores contracts by Law 77")


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


def law77_rates(game: Game, flag: str, slice_size: int = 98, tries: int = 25) -> tuple[float, float]:
    """Deals/s for ``game`` under the house rule ``flag`` (law77_house_rule; parse_deal + score_deal)
    and for endplay's Law 77 scorer (Contract(...).score, not vulnerable, as the rule), on the same
    entries: every contract its seats can declare.

    The two take turns on short slices of the list, the best of ``tries`` each, so that both see
    the same machine load.
    """
    from endplay.types import Contract, Denom, Penalty, Player, Vul  # a dev dependency

    flags = frozenset({flag})
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


# The scoring core's one floor: the longest match a file holds, evaluated in full (the match page, the report).
LONGEST_MATCH_GOAL = 0.050

# The referee's one speed floor for a replay: every game replays a whole deal at least this often a second.
REPLAY_GOAL = 1_000


def replays_per_second(name: str, count: int = 300) -> float | None:
    """Full-deal replays a second of the game's fixture (parse and replay), on the CPU time they take: on a
    shared machine the wall time also counts other processes' turns."""
    path = ROOT / "fixtures" / name / "hand.json"
    if not path.exists():
        return None
    from referee.core.replay import replay_document

    doc = json.loads(path.read_text())
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        for _ in range(count):
            replay_document(doc)
        best = min(best, time.process_time() - start)
    return count / best


def run() -> list[str]:
    failures = []
    # The scoring core's rates are figures, not goals: a person meets the core only through a page, a save
    # or a report, whose goals are web.py's. Its one floor is the longest match a file holds, which the
    # match page, the share link and the report evaluate in full.
    print("Scoring core (figures)")
    for name in GAMES:
        rate = deals_per_second(name)
        print(f"  {name:15} {rate:12,.0f} deals scored/s")
    print(f"Longest match (goal: a {MAX_DEALS:,}-deal match evaluated in at most {LONGEST_MATCH_GOAL * 1000:.0f} ms)")
    for name in GAMES:
        doc = long_match(name, MAX_DEALS)
        if doc is None:
            print(f"  {name:15} ends before {MAX_DEALS:,} of its sample deals: no longest match")
            continue
        seconds = long_match_seconds(doc)
        print(f"  {name:15} {MAX_DEALS:,}-deal match (the most a file holds) evaluated in {seconds * 1000:.1f} ms")
        if seconds > LONGEST_MATCH_GOAL:
            failures.append(f"{name} evaluates a {MAX_DEALS:,}-deal match in {seconds * 1000:.0f} ms")
    game, flag = law77_house_rule()  # also checks that every contract scores as endplay scores it
    count = len(contracts(game.seats))
    print(f"{game.title} Law 77 scoring against endplay, same {count:,} contracts (a figure; the scores agree)")
    ours, endplays = law77_rates(game, flag)
    print(f"  {game.name:15} {ours:12,.0f} deals parsed and scored/s ({flag})")
    print(f"  {'endplay':15} {endplays:12,.0f} contracts built and scored/s")
    print(f"  {'ratio':15} {ours / endplays:12.2f}x")
    print(f"Referee core (goal: every game at least {REPLAY_GOAL:,} full-deal replays/s of CPU time)")
    for name in GAMES:
        replays = replays_per_second(name)
        if replays is None:
            print(f"  {name:15} no fixtures/{name}/hand.json")
            continue
        print(f"  {name:15} {replays:12,.0f} replays/s")
        if replays < REPLAY_GOAL:
            failures.append(f"{name} replays {replays:,.0f}/s, under the floor of {REPLAY_GOAL:,}")
    return failures
