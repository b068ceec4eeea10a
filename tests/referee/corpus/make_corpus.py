"""Write the verdict corpus: hand records of every game and what a player is shown for each.

What is shown is the verdict as the API, ``manage.py referee --json`` and the Check a hand page give it
(`verdict_json`, with the hands each seat holds after the events, which the page offers), or the record
error (its path and message) of a record that cannot be read. The records are:

- every ``fixtures/*/*.json`` hand record, and every hand record in a JSON block of ``docs/``;
- the records the referee tests parse (``--captured FILE``: JSON lines written while they ran);
- random records of every game from a fixed seed: deals dealt from the setup's pack and tapped turn
  by turn, legal or not (every prefix of some, so each moment of a deal is there), and records with
  one field of the JSON changed to a value of the wrong kind, so that every "cannot read" path runs.

Run from the project root: ``python -m tests.referee.corpus.make_corpus [--captured FILE]``. The corpus
is written once, from the referee as it stood; tests/referee/test_verdict_corpus.py replays it.

``--refresh`` keeps the stored records and shows each again, for a change that may only change what records
without hands show (a record of the plays only, once unreadable): it lists every record whose showing changed
and writes nothing if one of them gives its hands.
"""

from __future__ import annotations

import argparse
import copy
import gzip
import json
import random
import re
from pathlib import Path
from typing import Any

from referee.core.games import REFEREES
from referee.core.protocol import RefereeGame, Tap
from referee.core.replay import replay_document, verdict_json
from referee.core.setup import Entry
from referee.core.verdict import RecordError, Turn, Verdict
from scoring.core.base import RuleError
from scoring.core.games import GAMES
from scoring.core.match import PointsEncoder

ROOT = Path(__file__).resolve().parents[3]
CORPUS = Path(__file__).resolve().parent / "verdicts.jsonl.gz"
NAMES = ["Anna", "Ben", "Cleo", "Dev"]
SEED = 21


def shown(doc: Any) -> str:
    """What a player is shown for ``doc``, as one JSON text: the verdict and the hands, or the record error."""
    try:
        _record, verdict = replay_document(copy.deepcopy(doc))
    except RecordError as error:
        return json.dumps({"error": error.as_dict()}, ensure_ascii=False)
    hands = [[card.code for card in hand] for hand in verdict.hands]
    return json.dumps({"verdict": verdict_json(verdict), "hands": hands}, cls=PointsEncoder, ensure_ascii=False)


# --- records from files ------------------------------------------------------------------------------


def _hand_records(value: Any) -> list[dict[str, Any]]:
    """Every object within ``value`` that names a refereed game and holds events."""
    if isinstance(value, dict):
        found = [value] if value.get("game") in REFEREES and "events" in value else []
        return found + [record for item in value.values() for record in _hand_records(item)]
    if isinstance(value, list):
        return [record for item in value for record in _hand_records(item)]
    return []


def file_records() -> list[dict[str, Any]]:
    records = []
    for path in sorted((ROOT / "fixtures").glob("*/*.json")):
        records += _hand_records(json.loads(path.read_text(encoding="utf-8")))
    for path in sorted((ROOT / "docs").rglob("*.md")):
        for block in re.findall(r"```json\n(.*?)```", path.read_text(encoding="utf-8"), re.S):
            try:
                records += _hand_records(json.loads(block))
            except ValueError:
                continue
    return records


# --- random records ----------------------------------------------------------------------------------


def dealt_record(referee: RefereeGame, rng: random.Random, flags: list[str]) -> dict[str, Any]:
    """A random deal and no events: the hands and every field a deal fills, from the setup's pack."""
    setup = referee.setup
    cards = [card.code for card in setup.pack]
    rng.shuffle(cards)
    size = setup.hand_size
    record: dict[str, Any] = {
        "game": referee.name,
        "players": NAMES[: setup.seats],
        "dealer": rng.randrange(setup.seats),
        "flags": flags,
        "hands": [cards[seat * size : (seat + 1) * size] for seat in range(setup.seats)],
        "events": [],
    }
    rest = cards[setup.seats * size :]
    for field in setup.extras:
        if field.dealt:
            taken, rest = rest[: field.size], rest[field.size :]
            record[field.name] = taken if field.many else taken[0]
    return record


def _replay(referee: RefereeGame, record: dict[str, Any]) -> Verdict:
    return referee.replay(referee.parse(record))


def legal_answer(referee: RefereeGame, turn: Turn, verdict: Verdict, rng: random.Random) -> dict[str, Any]:
    entry = referee.setup.entry(turn.kind)
    assert entry is not None and turn.allowed
    if entry.way is Entry.TYPED:
        return {entry.field: " ".join(turn.allowed)}
    if entry.way is Entry.CARDS:
        extra = len(verdict.hands[turn.seat]) - referee.setup.hand_size
        return {entry.field: rng.sample(list(turn.allowed), max(extra, 0))}
    return {entry.field: rng.choice(turn.allowed)}


def any_tap(referee: RefereeGame, rng: random.Random, verdict: Verdict, at: int) -> Tap:
    setup = referee.setup
    turn = verdict.next_turn
    words = [*(turn.allowed if turn else ()), "pass", "double", "redouble", "1NT", "0NT", "take", "play", "3", "13"]
    words += ["bella", "belote", "rebelote", "schmeiss", "throw_in", "S", "H", "D", "C", "7NT", "1C"]
    codes = [card.code for card in setup.pack]
    posted = {
        "card": rng.choice(codes),
        "cards": rng.sample(codes, rng.randrange(0, 6)),
        "call": rng.choice(words),
        "choice": rng.choice(words),
        "announce": rng.choice(["", "", "bella", "belote", "rebelote"]),
    }
    return Tap(rng.choice(setup.taps), rng.randrange(setup.seats), posted, at=at)


def tapped_record(referee: RefereeGame, rng: random.Random, flags: list[str], mischief: float) -> dict[str, Any]:
    """A deal tapped until it ends (or its cap): each tap a legal answer, or as often as ``mischief`` any tap."""
    record = dealt_record(referee, rng, flags)
    for _ in range(referee.setup.event_cap):
        verdict = _replay(referee, record)
        turn = verdict.next_turn
        at = len(record["events"])
        if turn is None and rng.random() < 0.7:
            break
        if turn is not None and turn.allowed and rng.random() >= mischief:
            tap = Tap(turn.kind, turn.seat, legal_answer(referee, turn, verdict, rng), at=at)
        else:
            tap = any_tap(referee, rng, verdict, at)
        try:
            event = referee.build_event(tap)
            _replay(referee, {**record, "events": [*record["events"], event]})
        except RecordError:
            continue
        record["events"].append(event)
    return record


def random_flags(game: str, rng: random.Random) -> list[str]:
    names = sorted(GAMES[game].flags)
    for _ in range(20):
        flags = rng.sample(names, rng.randrange(0, min(3, len(names)) + 1)) if rng.random() < 0.6 else []
        try:
            GAMES[game].check_flags(frozenset(flags))
        except RuleError:
            continue
        return flags
    return []


# Values of the wrong kind (or an unusual spelling) put in place of one field of a record.
ODD_VALUES: list[Any] = [
    None,
    True,
    False,
    0,
    1,
    -1,
    2,
    3,
    4,
    7,
    13,
    99,
    1.0,
    "",
    " ",
    "x",
    "AS",
    "as",
    "10h",
    "10H",
    "TH",
    "th",
    "KH ",
    "GC",
    "RC",
    "LC",
    "G",
    "1S",
    "0NT",
    "8NT",
    "4♠",
    "3N",
    "P",
    "X",
    "XX",
    "pass",
    "PASS",
    "double",
    "take",
    "TAKE",
    "s",
    "play",
    "throw_in",
    "bella",
    "belote",
    "rebelote",
    "schmeiss",
    [],
    [1],
    ["AS"],
    ["AS", "AS"],
    {},
    {"a": 1},
]


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    paths = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            paths += _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            paths += _paths(item, (*path, index))
    return paths


def mutated(record: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """``record`` with one or two of its values replaced, removed, or a field added to an object."""
    changed = copy.deepcopy(record)
    for _ in range(1 if rng.random() < 0.8 else 2):
        path = rng.choice(_paths(changed)[1:])
        parent = changed
        for key in path[:-1]:
            parent = parent[key]
        last = path[-1]
        roll = rng.random()
        if (roll < 0.15 and isinstance(parent, dict)) or (roll < 0.25 and isinstance(parent, list)):
            del parent[last]
        elif roll < 0.3 and isinstance(parent, list):
            parent.insert(last, copy.deepcopy(parent[last]))  # a card or an event twice
        elif roll < 0.35 and isinstance(parent, dict):
            parent[rng.choice(["count", "announce", "cards", "card", "call", "choice", "upcard", "stock", "extra"])] = (
                rng.choice(ODD_VALUES)
            )
        else:
            parent[last] = copy.deepcopy(rng.choice(ODD_VALUES))
    return changed


def random_records() -> list[dict[str, Any]]:
    rng = random.Random(SEED)
    records = []
    for game, referee in REFEREES.items():
        for number in range(40):
            mischief = 0.0 if number % 3 == 0 else rng.random() * (0.15 if number % 3 == 1 else 0.8)
            record = tapped_record(referee, rng, random_flags(game, rng), mischief)
            records.append(record)
            if number % 8 == 0:  # every prefix of every eighth: each moment of a deal
                records += [{**record, "events": record["events"][:end]} for end in range(len(record["events"]))]
            else:
                ends = rng.sample(range(len(record["events"]) + 1), min(4, len(record["events"]) + 1))
                records += [{**record, "events": record["events"][:end]} for end in ends]
            records += [mutated(record, rng) for _ in range(5)]
    return records


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--captured", type=Path, help="JSON lines of the records the referee tests parsed")
    parser.add_argument("--refresh", action="store_true", help="show the stored records again; see the docstring")
    options = parser.parse_args()
    if options.refresh:
        refresh()
        return
    records = file_records()
    if options.captured:
        records += [json.loads(line) for line in options.captured.read_text(encoding="utf-8").splitlines()]
    records += random_records()
    seen: set[str] = set()
    lines = []
    for record in records:
        text = json.dumps(record, ensure_ascii=False, sort_keys=False)
        if text in seen:
            continue
        seen.add(text)
        lines.append(json.dumps({"record": record, "shown": shown(record)}, ensure_ascii=False))
    with gzip.open(CORPUS, "wt", encoding="utf-8", compresslevel=9) as out:
        out.write("\n".join(lines) + "\n")
    print(f"{len(lines)} records written to {CORPUS.relative_to(ROOT)}")


def refresh() -> None:
    """Show every stored record again; write the corpus back only if no record that gives its hands changed."""
    with gzip.open(CORPUS, "rt", encoding="utf-8") as stored:
        cases = [json.loads(line) for line in stored]
    changed = [case for case in cases if shown(case["record"]) != case["shown"]]
    with_hands = [case for case in changed if not isinstance(case["record"], dict) or "hands" in case["record"]]
    for case in changed:
        print("changed:", json.dumps(case["record"], ensure_ascii=False)[:160])
    if with_hands:
        print(f"{len(with_hands)} records that give their hands would change: nothing written")
        return
    lines = [
        json.dumps({"record": case["record"], "shown": shown(case["record"])}, ensure_ascii=False) for case in cases
    ]
    with gzip.open(CORPUS, "wt", encoding="utf-8", compresslevel=9) as out:
        out.write("\n".join(lines) + "\n")
    print(f"{len(changed)} of {len(lines)} records shown anew in {CORPUS.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
