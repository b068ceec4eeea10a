"""A real Trickbook server for the tests in tests/server/: gunicorn with several worker
processes on a free loopback port, serving the very database this test run uses.

pytest-django creates the test database (``test_<name>`` on PostgreSQL, a file per test
process on SQLite: see config/settings.py); the ``transactional_db`` fixture makes what a
test writes visible to the server's workers and cleans it afterwards. Phones talk to the
server over plain ``http.client`` and keep their cookies like a browser does.
"""

from __future__ import annotations

import http.client
import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlencode

import pytest

ROOT = Path(__file__).resolve().parents[2]
SERVE_CONFIG = "config/gunicorn.py"  # what `make serve` passes to gunicorn with -c
OWNER = "table-owner"
OWNER_PASSWORD = "a-long-table-passphrase-7"


def pytest_configure(config: Any) -> None:
    config.addinivalue_line("markers", "server: runs a real gunicorn server (tests/server/)")


def database_url() -> str:
    """A DATABASE_URL for the test database this process set up (config/settings.py reads it)."""
    from django.db import connection

    db = connection.settings_dict
    if db["ENGINE"] == "django.db.backends.sqlite3":
        name = str(db["NAME"])
        if name == ":memory:" or name.startswith("file:"):
            pytest.fail("tests/server/ needs the SQLite test database in a file (config/settings.py sets TEST NAME)")
        return f"sqlite:///{name}"
    if db["ENGINE"] == "django.db.backends.postgresql":
        user = quote(str(db["USER"] or ""), safe="")
        password = quote(str(db["PASSWORD"] or ""), safe="")
        auth = f"{user}:{password}@" if password else (f"{user}@" if user else "")
        host = quote(str(db["HOST"] or ""), safe="")
        port = f":{db['PORT']}" if db["PORT"] else ""
        return f"postgres://{auth}{host}{port}/{quote(str(db['NAME']), safe='')}"
    pytest.fail(f"tests/server/ knows SQLite and PostgreSQL, not {db['ENGINE']}")


def server_env(**extra: str) -> dict[str, str]:
    """The environment of a process working on the test database: settings from DATABASE_URL."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("PYTEST_")}
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    env.update(
        DATABASE_URL=database_url(),
        DJANGO_SETTINGS_MODULE="config.settings",
        # DEBUG keeps plain static storage (production's manifest needs collectstatic first);
        # the server still runs real worker processes against the real database.
        DJANGO_DEBUG="1",
        PYTHONUNBUFFERED="1",
        **extra,
    )
    return env


@dataclass
class Server:
    host: str
    port: int
    process: subprocess.Popen[bytes]
    log: Path

    @property
    def origin(self) -> str:
        return f"http://{self.host}:{self.port}"

    def worker_pids(self) -> list[int]:
        """The master's children: its worker processes."""
        pids = []
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            # pid (comm) state ppid ...: comm may hold spaces, so split after the last ')'.
            if int(stat.rsplit(")", 1)[1].split()[1]) == self.process.pid:
                pids.append(int(entry.name))
        return sorted(pids)

    def log_text(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""


def _die_with_parent() -> None:
    """Linux: the server gets SIGTERM if this test process dies (its workers follow their master)."""
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def start_gunicorn(log: Path, *, workers: int, env: dict[str, str] | None = None) -> Server:
    """gunicorn on a loopback socket this process binds (port 0: a free one), handed over by fd, with the
    settings `make serve` gives it (config/gunicorn.py); ``env`` is added to the server's environment."""
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(128)
    listener.set_inheritable(True)
    port = listener.getsockname()[1]
    command = [
        sys.executable,
        "-m",
        "gunicorn",
        "-c",
        SERVE_CONFIG,
        "config.wsgi",
        "--workers",
        str(workers),
        "--bind",
        f"fd://{listener.fileno()}",
        "--graceful-timeout",
        "5",
        "--log-level",
        "warning",
    ]
    with log.open("wb") as out:
        process = subprocess.Popen(
            command,
            cwd=ROOT,
            env=server_env(**(env or {})),
            stdout=out,
            stderr=subprocess.STDOUT,
            pass_fds=[listener.fileno()],
            preexec_fn=_die_with_parent if sys.platform == "linux" else None,
        )
    listener.close()
    server = Server("127.0.0.1", port, process, log)
    try:
        deadline = time.monotonic() + 30
        while len(server.worker_pids()) < workers:
            if process.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"gunicorn did not start:\n{server.log_text()}")
            time.sleep(0.05)
        answer = Phone(server).get("/accounts/login/")  # the listener queues it until a worker takes it
        assert answer.status == 200, server.log_text()
    except BaseException:
        stop_gunicorn(server)
        raise
    return server


def stop_gunicorn(server: Server) -> None:
    if server.process.poll() is None:
        server.process.send_signal(signal.SIGTERM)
        try:
            server.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.process.kill()
            server.process.wait(timeout=5)


@pytest.fixture
def gunicorn(transactional_db: None, tmp_path: Path) -> Iterator[Callable[..., Server]]:
    """Start a real server on this run's test database; stopped before the database is cleaned."""
    started: list[Server] = []

    def start(workers: int = 3, **env: str) -> Server:
        server = start_gunicorn(tmp_path / f"gunicorn-{len(started)}.log", workers=workers, env=env)
        started.append(server)
        return server

    yield start
    for server in started:
        stop_gunicorn(server)


@pytest.fixture
def table_owner(transactional_db: None, django_user_model: Any) -> Any:
    """An account the server can log in: a PBKDF2 hash (the test settings' fast hasher is this process's only)."""
    from django.contrib.auth.hashers import PBKDF2PasswordHasher

    hasher = PBKDF2PasswordHasher()
    user = django_user_model.objects.create(username=OWNER)
    user.password = hasher.encode(OWNER_PASSWORD, hasher.salt())
    user.save(update_fields=["password"])
    return user


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: str

    @property
    def location(self) -> str:
        return self.headers.get("location", "")


@dataclass
class Phone:
    """One player's phone: keeps cookies, sends the CSRF token, one connection per request."""

    server: Server
    cookies: dict[str, str] = field(default_factory=dict)
    statuses: list[tuple[str, str, int]] = field(default_factory=list)

    def request(self, method: str, path: str, fields: dict[str, Any] | None = None, **headers: str) -> Answer:
        sent = {"Connection": "close", **headers}
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{name}={value}" for name, value in self.cookies.items())
        body = None
        if fields is not None:
            body = urlencode({key: str(value) for key, value in fields.items()})
            sent["Content-Type"] = "application/x-www-form-urlencoded"
        connection = http.client.HTTPConnection(self.server.host, self.server.port, timeout=60)
        try:
            connection.request(method, path, body=body, headers=sent)
            response = connection.getresponse()
            data = response.read()
        finally:
            connection.close()
        for header in response.headers.get_all("Set-Cookie") or []:
            self._keep(header)
        self.statuses.append((method, path, response.status))
        return Answer(
            response.status, {name.lower(): value for name, value in response.getheaders()}, data.decode("utf-8")
        )

    def _keep(self, header: str) -> None:
        jar: SimpleCookie = SimpleCookie()
        jar.load(header)
        for name, morsel in jar.items():
            if morsel.value == "" or morsel["max-age"] in ("0", 0):
                self.cookies.pop(name, None)
            else:
                self.cookies[name] = morsel.coded_value

    def get(self, path: str, **headers: str) -> Answer:
        return self.request("GET", path, **headers)

    def post(self, path: str, fields: dict[str, Any]) -> Answer:
        token = self.cookies.get("csrftoken")
        assert token, "no CSRF cookie yet: GET a page with a form first"
        return self.request("POST", path, {**fields, "csrfmiddlewaretoken": token})

    def log_in(self, username: str = OWNER, password: str = OWNER_PASSWORD) -> None:
        page = self.get("/accounts/login/")
        assert page.status == 200, page.status
        answer = self.post("/accounts/login/", {"username": username, "password": password})
        assert answer.status == 302, f"login refused ({answer.status}): {answer.body[:500]}"
        assert "sessionid" in self.cookies


NEXT_NUMBER = re.compile(r'<input type="hidden" name="number" value="(\d+)">')
REVISION = re.compile(r'<input type="hidden" name="revision" value="(\d+)">')


def next_number(page: Answer) -> int:
    found = NEXT_NUMBER.search(page.body)
    assert found, f"no deal entry form on the match page ({page.status})"
    return int(found.group(1))


def revision(page: Answer) -> int:
    found = REVISION.search(page.body)
    assert found, f"no revision on the edit page ({page.status})"
    return int(found.group(1))
