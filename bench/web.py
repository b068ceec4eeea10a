"""Benchmarks of the Django layer on a throwaway test database:
match page render time and query count at 10, 200 and 500 deals, deal save time, and the time and
peak memory of every report request (page, PDF, CSV; owner and share link) at 500 deals."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import time
from typing import Any

import django

from bench.core import ROOT


def _setup() -> Any:
    django.setup()
    from django.db import connections
    from django.test.utils import setup_test_environment

    connection = connections["default"]
    setup_test_environment()
    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True)
    return connection, old_name


def _match(user: Any, deals: int) -> Any:
    from scoring.core.match import parse_match
    from scoring.services import create_match

    doc = {
        "game": "call_bridge",
        "players": ["Anna", "Ben", "Cleo", "Dan"],
        "first_dealer": 0,
        "target": 1_000_000,
        "deals": [{"calls": [3, 4, 2, 5], "tricks": [4, 4, 1, 4]}] * deals,
    }
    return create_match(owner=user, match_file=parse_match(doc))


def run() -> list[str]:
    connection, old_name = _setup()
    from django.contrib.auth import get_user_model
    from django.db import connections
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse

    failures = []
    try:
        user = get_user_model().objects.create_user("bench", password="bench-password-1")
        client = Client()
        client.force_login(user)
        print("Match page (goals: query count flat; 200 deals under 50 ms)")
        counts = []
        for deals in (10, 200, 500):
            match = _match(user, deals)
            url = reverse("match", args=[match.pk])
            client.get(url)  # warm the template cache
            with CaptureQueriesContext(connections["default"]) as queries:
                client.get(url)
            query_count = len(queries)  # read now: the next request resets the query log
            runs = []
            for _ in range(10):
                start = time.perf_counter()
                client.get(url)
                runs.append(time.perf_counter() - start)
            best = min(runs) * 1000
            counts.append(query_count)
            print(f"  {deals:5} deals: {best:7.1f} ms, {query_count} queries")
            if deals == 200 and best > 50:
                failures.append(f"200-deal page takes {best:.1f} ms")
        if len(set(counts)) != 1:
            failures.append(f"query counts grow: {counts}")
        match = _match(user, 0)
        add = reverse("deal_add", args=[match.pk])
        runs = []
        for number in range(1, 51):
            data = {
                "number": str(number),
                "calls_0": "3",
                "calls_1": "4",
                "calls_2": "2",
                "calls_3": "5",
                "tricks_0": "4",
                "tricks_1": "4",
                "tricks_2": "1",
                "tricks_3": "4",
            }
            start = time.perf_counter()
            response = client.post(add, data)
            runs.append(time.perf_counter() - start)
            assert response.status_code == 302, response.status_code
        runs.sort()
        print(f"  deal save: median {runs[len(runs) // 2] * 1000:.1f} ms, worst {runs[-1] * 1000:.1f} ms (50 saves)")
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
    return failures


# The widest sheet there is: Call Bridge (four players, calls and tricks per seat, two breakdown lines
# per player) at the most deals a match holds, with names of the longest length allowed.
REPORT_GOAL_SECONDS = 2.0
REPORT_GOAL_MB = 150
REPORT_URLS = {
    "page": ("report", "shared_report"),
    "PDF": ("report_pdf", "shared_report_pdf"),
    "CSV": ("report_csv", "shared_report_csv"),
}


def report_costs() -> list[str]:
    """Each report request in a fresh process: its time (best of two, after a first one that loads
    templates and fonts) and the process's peak resident memory, as one gunicorn worker would see.

    The goal is checked on the CPU time the request costs the worker: on a busy machine the wall
    time (shown beside it) grows with everything else running, on an idle one it is the same.
    """
    from scoring.core.match import MAX_DEALS

    print(
        f"Reports of a {MAX_DEALS}-deal Call Bridge match with corrections and refereed hands "
        f"(goal: every request under {REPORT_GOAL_SECONDS:.0f} s of CPU and {REPORT_GOAL_MB} MB peak)"
    )
    failures = []
    for kind, names in REPORT_URLS.items():
        for name in names:
            done = subprocess.run(
                [sys.executable, "-m", "bench.web", name, str(MAX_DEALS)],
                capture_output=True,
                text=True,
                check=True,
            )
            cost = json.loads(done.stdout.strip().splitlines()[-1])
            who = "share link" if name.startswith("shared") else "owner"
            print(
                f"  {kind:4} ({who:10}): {cost['cpu']:5.2f} s CPU ({cost['wall']:5.2f} s wall), "
                f"peak {cost['peak_mb']:4.0f} MB (before the request {cost['base_mb']:.0f} MB), "
                f"{cost['bytes'] // 1000:,} kB"
            )
            if cost["cpu"] > REPORT_GOAL_SECONDS or cost["peak_mb"] > REPORT_GOAL_MB:
                failures.append(f"{kind} ({who}) at {MAX_DEALS} deals: {cost['cpu']:.2f} s, {cost['peak_mb']:.0f} MB")
    return failures


def _cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # kilobytes on Linux


def _corrections_and_verdicts(match: Any, user: Any) -> None:
    """More corrections and refereed hands than a report shows, each hand with 40 violations (its
    plays entered in reverse order), so the report prints as much of them as it ever does."""
    from referee.models import ContestedHand
    from scoring.models import Change

    for number in range(1, 31):
        entry = {"calls": [3, 4, 2, 5], "tricks": [4, 4, 1, 4]}
        Change.objects.create(
            match=match, user=user, action=Change.Action.EDITED, number=number, before=entry, after=entry
        )
    record = json.loads((ROOT / "fixtures" / "call_bridge" / "hand.json").read_text())
    calls = [event for event in record["events"] if event["type"] == "call"]
    plays = [event for event in record["events"] if event["type"] != "call"]
    record["events"] = calls + plays[::-1]
    for number in range(1, 16):
        ContestedHand.objects.create(owner=user, match=match, deal_number=number, record=record)


def _one_report(name: str, deals: int) -> dict[str, Any]:
    connection, old_name = _setup()
    from django.contrib.auth import get_user_model
    from django.test import Client
    from django.urls import reverse

    from scoring.core.match import parse_match
    from scoring.services import create_match

    try:
        user = get_user_model().objects.create_user("bench", password="bench-password-1")
        players = [f"{initial}{'x' * 38}{initial}" for initial in "ABCD"]  # MAX_NAME characters each
        calls = [[3, 4, 2, 5], [8, 2, 2, 3], [2, 2, 2, 2]]
        tricks = [[4, 4, 1, 4], [9, 2, 1, 1], [3, 3, 3, 4]]
        doc = {
            "game": "call_bridge",
            "players": players,
            "first_dealer": 0,
            "target": 1_000_000,
            "deals": [{"calls": calls[n % 3], "tricks": tricks[n % 3]} for n in range(deals)],
        }
        match = create_match(owner=user, match_file=parse_match(doc))
        _corrections_and_verdicts(match, user)
        client = Client()
        if name.startswith("shared"):
            url = reverse(name, args=[match.share_token])
        else:
            client.force_login(user)
            url = reverse(name, args=[match.pk])
        base_mb = _peak_mb()
        response = client.get(url)
        assert response.status_code == 200, response.status_code
        runs = []
        for _ in range(2):
            cpu, wall = _cpu_seconds(), time.perf_counter()
            client.get(url)
            runs.append((_cpu_seconds() - cpu, time.perf_counter() - wall))
        return {
            "cpu": min(cpu for cpu, _ in runs),
            "wall": min(wall for _, wall in runs),
            "peak_mb": _peak_mb(),
            "base_mb": base_mb,
            "bytes": len(response.content),
        }
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    # `python -m bench.web VIEW_NAME DEALS`: one report request measured in this fresh process.
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    print(json.dumps(_one_report(sys.argv[1], int(sys.argv[2]))))
