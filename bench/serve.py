"""The share link's live fragment served by gunicorn, against a bare Django view on the same server.

    python -m bench.serve [--deals 40] [--workers 1] [--clients 4] [--turns 6] [--seconds 1]

Starts gunicorn with production settings (bench/settings.py: Trickbook's own, plus the URL of a view
that answers "ok", bench/urls.py) on a loopback port against a fresh SQLite database holding one
match of ``--deals`` deals. Then ``--clients`` threads request, in alternating turns of ``--seconds``
(at most MAX_PER_TURN requests each), the bare view and the share link's fragment as a phone asks
for it without a cached copy (``HX-Request``, no ``If-None-Match``): a 200 with the whole fragment,
from the cache after the first. It prints each one's requests per second and their ratio; the goal is
the fragment at GOAL_RATIO of the bare view's rate or more. Both are measured in the same run, so the
ratio holds on a busy machine where the rates themselves do not. All traffic goes to 127.0.0.1.
"""

from __future__ import annotations

import argparse
import json
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from bench.production import HOST, ROOT, gunicorn, production_env, run_manage

GOAL_RATIO = 0.25
MAX_PER_TURN = 5_000  # requests per turn per kind, whatever the time
TIMEOUT = 10.0

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


def turn(port: int, request: bytes, clients: int, seconds: float) -> tuple[int, float, int]:
    """``clients`` threads sending ``request`` for ``seconds`` (or MAX_PER_TURN answers in all):
    (answers that were 200, seconds taken, other answers and failures)."""
    lock = threading.Lock()
    counts = {"ok": 0, "bad": 0}
    deadline = time.perf_counter() + seconds

    def client() -> None:
        while time.perf_counter() < deadline:
            with lock:
                if counts["ok"] + counts["bad"] >= MAX_PER_TURN:
                    return
            try:
                good = fetch(port, request).startswith(b"HTTP/1.1 200")
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


def measure(args: argparse.Namespace) -> tuple[dict[str, float], int, dict[str, str]]:
    """Requests per second of the bare view and of the fragment, the failures, and what was served."""
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
            requests = {
                "bare view": get("/bench/ok/", port),
                "fragment": get(f"/share/{table['token']}/", port, **{"HX-Request": "true"}),
            }
            answer = fetch(port, requests["fragment"])  # renders the fragment into the cache
            head, _, body = answer.partition(b"\r\n\r\n")
            if not head.startswith(b"HTTP/1.1 200") or not body.lstrip().startswith(b'<div id="live"'):
                raise RuntimeError(f"the share link answered {head[:200]!r}; server log:\n{log.read_text()[-3000:]}")
            served = {"game": table["game"], "deals": str(table["deals"]), "fragment": f"{len(body) // 1000} kB"}
            for request in requests.values():
                turn(port, request, args.clients, 0.3)  # warm every worker
            answers = dict.fromkeys(requests, 0)
            elapsed = dict.fromkeys(requests, 0.0)
            failures = 0
            for _ in range(args.turns):
                for kind, request in requests.items():
                    good, seconds, bad = turn(port, request, args.clients, args.seconds)
                    answers[kind] += good
                    elapsed[kind] += seconds
                    failures += bad
        if "Traceback" in log.read_text(errors="replace"):
            raise RuntimeError("the server failed:\n" + log.read_text(errors="replace")[-5000:])
    return {kind: answers[kind] / elapsed[kind] for kind in requests}, failures, served


def run(args: argparse.Namespace | None = None) -> list[str]:
    args = args or parse([])
    print(
        f"Share fragment on gunicorn ({args.workers} sync worker(s), production settings, SQLite) against a bare "
        f"Django view, {args.clients} clients (goal: the fragment at least {GOAL_RATIO:.0%} of the bare view's rate)"
    )
    rates, failures, served = measure(args)
    ratio = rates["fragment"] / rates["bare view"]
    print(f"  {'bare view':15} {rates['bare view']:8,.0f} requests/s")
    print(
        f"  {'fragment':15} {rates['fragment']:8,.0f} requests/s "
        f"({served['game']}, {served['deals']} deals, {served['fragment']}, not revalidated: 200 from the cache)"
    )
    print(f"  {'ratio':15} {ratio:8.0%}{f', {failures} failed requests' if failures else ''}")
    problems = []
    if ratio < GOAL_RATIO:
        problems.append(f"the share fragment serves {ratio:.0%} of a bare view's requests/s")
    if failures:
        problems.append(f"{failures} share or bare requests failed")
    return problems


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=40, help="deals in the shared match (default 40)")
    parser.add_argument("--workers", type=int, default=1, help="gunicorn sync workers (default 1)")
    parser.add_argument("--clients", type=int, default=4, help="client threads (default 4)")
    parser.add_argument("--turns", type=int, default=6, help="turns of each kind (default 6)")
    parser.add_argument("--seconds", type=float, default=1.0, help="length of a turn (default 1)")
    return parser.parse_args(argv)


if __name__ == "__main__":
    problems = run(parse(sys.argv[1:]))
    print("\n" + ("; ".join(problems) if problems else "Goal met."))
    sys.exit(1 if problems else 0)
