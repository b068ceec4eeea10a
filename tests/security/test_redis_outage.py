"""A Redis outage degrades instead of answering 500: with REDIS_URL set and nothing listening there, log-in, the
share links and the API keep working, their limits counted by each worker as without Redis (config/cache.py).

The caches are the ones config/settings.py builds for REDIS_URL, read from the settings module itself."""

from __future__ import annotations

import logging
import os
import runpy
import shutil
import socket
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from django.test import Client, override_settings
from django.urls import reverse

from tests.conftest import B1_ANNA_2H_EXACT

pytestmark = pytest.mark.django_db

SETTINGS = Path(__file__).resolve().parents[2] / "config" / "settings.py"


def nothing_listening() -> int:
    """A loopback port with nothing listening on it (bound for a moment, then closed)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def caches_for(redis_url: str) -> dict[str, Any]:
    with mock.patch.dict(os.environ, {"REDIS_URL": redis_url}):
        caches: dict[str, Any] = runpy.run_path(str(SETTINGS))["CACHES"]
    return caches


@pytest.fixture
def redis_down() -> Iterator[str]:
    url = f"redis://127.0.0.1:{nothing_listening()}/0"
    with override_settings(CACHES=caches_for(url)):
        yield url


def test_the_settings_use_the_backend_that_degrades(redis_down: str) -> None:
    from django.core.cache import caches

    from config.cache import FallbackRedisCache

    assert isinstance(caches["default"], FallbackRedisCache)
    assert isinstance(caches["sheets"], FallbackRedisCache)


def test_log_in_works_and_its_failures_are_still_counted(redis_down: str, client: Any, owner: Any, caplog: Any) -> None:
    with caplog.at_level(logging.WARNING, logger="config.cache"):
        response = client.post(reverse("login"), {"username": "owner", "password": "pw-owner-123"})
    assert response.status_code == 302
    assert "Redis cannot be reached" in caplog.text
    guesser = Client()
    for number in range(20):
        assert guesser.post(reverse("login"), {"username": f"u{number}", "password": "x"}).status_code == 200
    assert guesser.post(reverse("login"), {"username": "owner", "password": "pw-owner-123"}).status_code == 429


def test_a_share_link_shows_and_polls_its_sheet(redis_down: str, client: Any, make_match: Any) -> None:
    match = make_match(deals=[B1_ANNA_2H_EXACT])
    url = reverse("shared_match", args=[match.share_token])
    page = client.get(url)
    assert page.status_code == 200
    assert 'data-testid="total-0">500<' in page.content.decode()  # B1: Anna's 2H made exactly, 500 (BG-7.1)
    poll = client.get(url, headers={"HX-Request": "true"})
    assert poll.status_code == 200
    assert client.get(url, headers={"HX-Request": "true", "If-None-Match": poll["ETag"]}).status_code == 304


def test_the_api_answers_and_its_rate_is_still_limited(redis_down: str, client: Any) -> None:
    doc = '{"game": "bridgette", "players": ["Anna", "Ben"], "first_dealer": 0, "deals": []}'
    for _ in range(60):
        assert client.post("/api/score", doc, content_type="application/json").status_code == 200
    assert client.post("/api/score", doc, content_type="application/json").status_code == 429


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[Callable[[], subprocess.Popen[bytes]]]:
    """Start (and restart) a throwaway redis-server on a loopback port of its own; stopped at the end."""
    binary = shutil.which("redis-server")
    if binary is None:
        pytest.skip("redis-server is not installed")
    port = nothing_listening()
    started: list[subprocess.Popen[bytes]] = []

    def start() -> subprocess.Popen[bytes]:
        command = [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
        server = subprocess.Popen(command, cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        started.append(server)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", port)) == 0:
                    return server
            time.sleep(0.05)
        pytest.fail("redis-server did not start")

    start.port = port  # type: ignore[attr-defined]
    yield start
    for server in started:
        server.terminate()
        server.wait(timeout=10)


def test_a_stopped_redis_is_done_without_and_used_again_once_back(redis_server: Any, monkeypatch: Any) -> None:
    from config import cache as backends

    monkeypatch.setattr(backends, "RETRY_SECONDS", 0.0)  # try Redis again at once, not after 5 s
    server = redis_server()
    url = f"redis://127.0.0.1:{redis_server.port}/0"
    with override_settings(CACHES=caches_for(url)):
        from django.core.cache import caches

        counters = caches["default"]
        counters.set("shared", 1)
        assert counters.local.get("shared") is None  # in Redis, where every worker sees it
        server.terminate()
        server.wait(timeout=10)
        assert counters.add("while-down", 1) is True  # answered by this worker's memory
        assert counters.get("while-down") == 1
        redis_server()
        counters.set("back", 2)
        assert counters.local.get("back") is None  # in Redis again
        assert counters.get("back") == 2
