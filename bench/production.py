"""The settings the benchmarks run Django under: production's (DEBUG off, as `make serve` runs it),
on plain HTTP on loopback, with static files collected as `make serve` collects them."""

from __future__ import annotations

import os
import secrets
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"


def production_env(settings: str = "config.settings", **extra: str) -> dict[str, str]:
    """The environment of a production process: DEBUG off, a throwaway secret key, and no HTTPS
    redirect, secure-only cookies or HSTS (the benchmarks speak plain HTTP to loopback)."""
    env = dict(os.environ)
    env.update(
        DJANGO_SETTINGS_MODULE=settings,
        DJANGO_DEBUG="0",
        SECRET_KEY=secrets.token_urlsafe(50),
        DJANGO_SSL_REDIRECT="0",
        DJANGO_SECURE_COOKIES="0",
        DJANGO_HSTS_SECONDS="0",
        ALLOWED_HOSTS=f"{HOST},localhost,testserver",
    )
    env.update(extra)
    return env


def run_manage(env: dict[str, str], *command: str) -> None:
    subprocess.run([sys.executable, "manage.py", *command], cwd=ROOT, env=env, check=True)


def use_production_settings() -> None:
    """Switch this process to production settings (before Django is set up) and collect the static
    files that production's manifest storage looks up."""
    os.environ.update(production_env())
    run_manage(dict(os.environ), "collectstatic", "--noinput", "-v0")


@contextmanager
def gunicorn(
    env: dict[str, str], workers: int, log: Path, threads: int = 1
) -> Iterator[tuple[int, subprocess.Popen[bytes]]]:
    """gunicorn serving Trickbook (the settings ``env`` names) on a free loopback port: (port, process).

    The listening socket is made here and handed over, so the port is ready when this returns.
    """
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind((HOST, 0))
    listener.listen(2048)
    listener.set_inheritable(True)
    port = listener.getsockname()[1]
    command = [sys.executable, "-m", "gunicorn", "-c", "config/gunicorn.py", "config.wsgi", "--workers", str(workers)]
    command += ["--bind", f"fd://{listener.fileno()}", "--backlog", "2048", "--log-level", "warning"]
    if threads > 1:
        command += ["--worker-class", "gthread", "--threads", str(threads)]
    with log.open("wb") as out:
        server = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, pass_fds=[listener.fileno()]
        )
    listener.close()
    try:
        yield port, server
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
