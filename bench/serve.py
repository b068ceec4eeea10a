"""The share link's live fragment served by gunicorn, against a bare Django view on the same server.

    python -m bench.serve [--deals 40] [--workers 1] [--clients 4] [--turns 30] [--seconds 0.25]

Starts gunicorn with production settings (bench/settings.py: Trickbook's own, plus the URL of a view
that answers "ok", bench/urls.py) on a loopback port against a fresh SQLite database holding one
match of ``--deals`` deals. Then ``--clients`` threads request, in alternating turns of ``--seconds``
(at most MAX_PER_TURN requests each), the bare view and the share link's fragment as a phone asks for
it: a poll revalidating the copy it holds (``HX-Request`` and ``If-None-Match``: a 304, what nearly
every poll gets, since a table saves a deal every few minutes), and a poll without a copy (no
``If-None-Match``: a 200 with the whole fragment, from the cache after the first). It prints each one's
requests per second and its ratio to the bare view's: the median, over the rounds, of the ratio of the
rates in one round, whose turns follow one another within a second. The goals are GOALS. A burst of
other work on a busy machine moves a round or two, not the median, so the ratios hold where the rates
themselves do not. All traffic goes to 127.0.0.1.
"""

from __future__ import annotations

import argparse
import json
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from bench.production import HOST, ROOT, gunicorn, production_env, run_manage

# The least share of the bare view's requests/s each kind of poll must serve (docs/performance.md,
# "Share polls", turns these into tables per server).
GOALS = {"revalidated poll": 0.40, "fragment": 0.25}
MAX_PER_TURN = 5_000  # requests per turn per kind, whatever the time
TIMEOUT = 30.0  # the first answer renders the fragment, which takes seconds on a busy machine

# One account and one match in the widest sheet there is (bench.core.open_match); argv: deals.
SEED = r"""
import json, sys
import django
django.setup()
from django.contrib.auth import get_user_model
from bench.core import open_match
from scoring.core.match import parse_match
from scoring.services import create_match

user = get_user_model().objects.create_user("bench", password="bench-passphrase-42")
match = create_match(owner=user, match_file=parse_match(open_match(int(sys.argv[1]))))
print(json.dumps({"token": match.share_token, "game": match.game, "deals": match.deals.count()}))
"""


def fetch(port: int, request: bytes) -> bytes:
    """One request on its own connection (gunicorn's sync workers close it after the answer)."""
    with socket.create_connection((HOST, port), timeout=TIMEOUT) as connection:
        connection.sendall(request)
        chunks = []
        while chunk := connection.recv(65536):
            chunks.append(chunk)
    return b"".join(chunks)


def get(path: str, port: int, **headers: str) -> bytes:
    lines = [f"GET {path} HTTP/1.1", f"Host: {HOST}:{port}", "Connection: close"]
    lines += [f"{name}: {value}" for name, value in headers.items()]
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


def turn(port: int, request: bytes, clients: int, seconds: float, status: bytes = b"200") -> tuple[int, float, int]:
    """``clients`` threads sending ``request`` for ``seconds`` (or MAX_PER_TURN answers in all):
    (answers with the expected ``status``, seconds taken, other answers and failures)."""
    lock = threading.Lock()
    counts = {"ok": 0, "bad": 0}
    deadline = time.perf_counter() + seconds

    def client() -> None:
        while time.perf_counter() < deadline:
            with lock:
                if counts["ok"] + counts["bad"] >= MAX_PER_TURN:
                    return
            try:
                good = fetch(port, request).startswith(b"HTTP/1.1 " + status)
            except OSError:
                good = False
            with lock:
                counts["ok" if good else "bad"] += 1

    threads = [threading.Thread(target=client) for _ in range(clients)]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return counts["ok"], time.perf_counter() - started, counts["bad"]


def measure(args: argparse.Namespace) -> tuple[dict[str, float], dict[str, float], int, dict[str, str]]:
    """Requests per second of the bare view and of each kind of poll, each kind's ratio to the bare view
    (the median over the rounds), the failures, and what was served."""
    with tempfile.TemporaryDirectory(prefix="trickbook-serve-") as temp:
        env = production_env(
            "bench.settings", DATABASE_URL=f"sqlite:///{Path(temp) / 'serve.sqlite3'}", CONN_MAX_AGE="60"
        )
        run_manage(env, "migrate", "--noinput", "-v0")
        run_manage(env, "collectstatic", "--noinput", "-v0")
        seeded = subprocess.run(
            [sys.executable, "-c", SEED, str(args.deals)], cwd=ROOT, env=env, check=True, capture_output=True, text=True
        )
        table = json.loads(seeded.stdout)
        log = Path(temp) / "gunicorn.log"
        with gunicorn(env, args.workers, log) as (port, _server):
            fragment = get(f"/share/{table['token']}/", port, **{"HX-Request": "true"})
            answer = fetch(port, fragment)  # renders the fragment into the cache
            head, _, body = answer.partition(b"\r\n\r\n")
            if not head.startswith(b"HTTP/1.1 200") or not body.lstrip().startswith(b'<div id="live"'):
                raise RuntimeError(f"the share link answered {head[:200]!r}; server log:\n{log.read_text()[-3000:]}")
            etag = next(line for line in head.decode().split("\r\n") if line.lower().startswith("etag:"))[5:].strip()
            poll = get(f"/share/{table['token']}/", port, **{"HX-Request": "true", "If-None-Match": etag})
            requests = {"bare view": get("/bench/ok/", port), "revalidated poll": poll, "fragment": fragment}
            statuses = {"bare view": b"200", "revalidated poll": b"304", "fragment": b"200"}
            served = {"game": table["game"], "deals": str(table["deals"]), "fragment": f"{len(body) // 1000} kB"}
            for kind, request in requests.items():
                turn(port, request, args.clients, 0.3, statuses[kind])  # warm every worker
            answers = dict.fromkeys(requests, 0)
            elapsed = dict.fromkeys(requests, 0.0)
            failures = 0
            rounds: list[dict[str, float]] = []
            for _ in range(args.turns):
                rates = {}
                for kind, request in requests.items():
                    good, seconds, bad = turn(port, request, args.clients, args.seconds, statuses[kind])
                    answers[kind] += good
                    elapsed[kind] += seconds
                    failures += bad
                    rates[kind] = good / seconds
                rounds.append(rates)
        if "Traceback" in log.read_text(errors="replace"):
            raise RuntimeError("the server failed:\n" + log.read_text(errors="replace")[-5000:])
    ratios = {
        kind: statistics.median(rates[kind] / rates["bare view"] if rates["bare view"] else 0.0 for rates in rounds)
        for kind in requests
    }
    return {kind: answers[kind] / elapsed[kind] for kind in requests}, ratios, failures, served


def run(args: argparse.Namespace | None = None) -> list[str]:
    args = args or parse([])
    goals = ", ".join(f"{kind} {ratio:.0%}" for kind, ratio in GOALS.items())
    print(
        f"Share polls on gunicorn ({args.workers} sync worker(s), production settings, SQLite) against a bare "
        f"Django view, {args.clients} clients (goals, of the bare view's rate: {goals})"
    )
    rates, ratios, failures, served = measure(args)
    what = {
        "revalidated poll": "HX-Request and If-None-Match: 304",
        "fragment": f"{served['game']}, {served['deals']} deals, {served['fragment']}, not revalidated: 200 "
        "from the cache",
    }
    print(f"  {'bare view':17} {rates['bare view']:8,.0f} requests/s")
    problems = []
    for kind, goal in GOALS.items():
        ratio = ratios[kind]
        print(f"  {kind:17} {rates[kind]:8,.0f} requests/s  {ratio:5.2f}x the bare view ({what[kind]})")
        if ratio < goal:
            problems.append(f"the share {kind} serves {ratio:.2f}x a bare view's requests/s (goal {goal:.2f}x)")
    if failures:
        print(f"  {failures} failed requests")
        problems.append(f"{failures} share or bare requests failed")
    return problems


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=40, help="deals in the shared match (default 40)")
    parser.add_argument("--workers", type=int, default=1, help="gunicorn sync workers (default 1)")
    parser.add_argument("--clients", type=int, default=4, help="client threads (default 4)")
    parser.add_argument("--turns", type=int, default=30, help="rounds of one turn of each kind (default 30)")
    parser.add_argument("--seconds", type=float, default=0.25, help="length of a turn (default 0.25)")
    return parser.parse_args(argv)


if __name__ == "__main__":
    problems = run(parse(sys.argv[1:]))
    print("\n" + ("; ".join(problems) if problems else "Goal met."))
    sys.exit(1 if problems else 0)
