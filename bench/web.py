"""Benchmarks of the Django layer on a throwaway test database:
match page render time and query count at 10, 200 and 1,000 deals, and deal save time."""

from __future__ import annotations

import time
from typing import Any

import django

from bench.core import best_of


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
        for deals in (10, 200, 1_000):
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
        from reports.views import render_pdf

        sixty = _match(user, 60)
        render_pdf(None, sixty)  # load fonts once
        seconds = best_of(3, lambda: render_pdf(None, sixty))
        print(f"Report PDF of a 60-deal match: {seconds:.2f} s (goal: under 2 s)")
        if seconds > 2:
            failures.append(f"60-deal PDF takes {seconds:.2f} s")
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
    return failures
