"""A process killed in the middle of a save leaves the whole change or nothing.

What proves it: the process is stopped *between* two of the save's writes (its own
transaction already sees the first rows, this test's connection sees none of them), then
killed with SIGKILL, so no Python cleanup, rollback or exception handler runs. Afterwards
the database holds either nothing of the save (killed before the commit) or all of it
(killed after), its history still replays, and the next save of the same deal works.

Two ways to stop a writer half-way without any hook in Trickbook's code:

* a separate ``python -c`` process calls the real service (add_deal, edit_deal,
  remove_last_deal) with a Django signal receiver of its own that reports what its
  transaction has written so far and then sleeps until it is killed (SQLite and PostgreSQL);
* a real gunicorn worker saving a deal over HTTP, made to wait on PostgreSQL's lock on the
  history table after it has written the deal row, then killed (PostgreSQL only: a SQLite
  writer holds the whole database and cannot be made to wait half-way from outside).
"""

from __future__ import annotations

import json
import os
import selectors
import signal
import subprocess
import sys
import threading
import time
from typing import Any

import pytest
from django.db import connection, connections
from django.urls import reverse

from scoring.core.match import parse_match
from scoring.models import Change, Deal, Match
from scoring.services import add_deal, create_match
from tests.server.conftest import ROOT, Answer, Phone, server_env
from tests.server.test_concurrency import call_bridge_deal, replay

pytestmark = pytest.mark.server

# Runs in its own process on the test database; argv: service, signal, model, match id, entry (JSON).
WRITER = r"""
import json, sys, time
import django
django.setup()
from django.db import connection
from django.db.models import signals
from scoring.models import Change, Deal, Match
from scoring import services

service, signal_name, model, match_id, entry = sys.argv[1:6]
match = Match.objects.get(pk=int(match_id))
entry = json.loads(entry)

def stop_here(**kwargs):
    seen = {
        "in_transaction": connection.in_atomic_block,
        "deals": {deal.number: deal.entry for deal in Deal.objects.filter(match=match)},
        "changes": list(Change.objects.filter(match=match).values_list("action", flat=True)),
        "backend_pid": connection.connection.info.backend_pid if connection.vendor == "postgresql" else None,
    }
    print(json.dumps(seen), flush=True)
    time.sleep(600)  # killed here

if signal_name != "committed":
    getattr(signals, signal_name).connect(stop_here, sender={"Deal": Deal, "Change": Change, "Match": Match}[model])
if service == "add_deal":
    services.add_deal(match=match, user=match.owner, number=len(match.deals.all()) + 1, entry=entry)
elif service == "edit_deal":
    deal = match.deals.get(number=1)
    services.edit_deal(match=match, user=match.owner, number=1, revision=deal.revision, entry=entry)
else:
    services.remove_last_deal(match=match, user=match.owner, number=match.deals.count())
stop_here()  # after the commit
"""

FIRST = call_bridge_deal(1)[1]
SECOND = call_bridge_deal(2)[1]


def new_match(owner: Any, deals: list[dict[str, Any]]) -> Match:
    match = create_match(
        owner=owner,
        match_file=parse_match(
            {"game": "call_bridge", "players": ["Anna", "Ben", "Cleo", "Dan"], "first_dealer": 0, "target": 100000}
        ),
    )
    for number, entry in enumerate(deals, start=1):
        add_deal(match=match, user=owner, number=number, entry=entry)
    return match


def state(match: Match) -> tuple[dict[int, Any], list[str]]:
    deals = {deal.number: deal.entry for deal in Deal.objects.filter(match=match)}
    return deals, list(Change.objects.filter(match=match).order_by("at", "id").values_list("action", flat=True))


def read_line(process: subprocess.Popen[str], timeout: float = 20) -> str:
    assert process.stdout is not None
    with selectors.DefaultSelector() as selector:
        selector.register(process.stdout, selectors.EVENT_READ)
        if not selector.select(timeout):
            process.kill()
            pytest.fail("the writer never reached the point where it stops")
    line = process.stdout.readline()
    if not line:
        process.wait(timeout=5)
        assert process.stderr is not None
        pytest.fail(f"the writer ended early:\n{process.stderr.read()}")
    return line


def wait_for_backend_to_end(pid: int | None) -> None:
    """PostgreSQL: the dead client's backend rolls back and exits; wait until it has."""
    if pid is None:
        return
    deadline = time.monotonic() + 10
    with connection.cursor() as cursor:
        while True:
            cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE pid = %s", [pid])
            if cursor.fetchone()[0] == 0:
                return
            assert time.monotonic() < deadline, "the killed writer's database session is still open"
            time.sleep(0.02)


def assert_database_sound() -> None:
    if connection.vendor == "sqlite":
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA integrity_check")
            assert cursor.fetchall() == [("ok",)]


# (service, signal, model): where the writer stops, and what the database must hold after the kill.
POINTS = [
    pytest.param("add_deal", "post_save", "Match", "nothing", id="add-after-the-match-row"),
    pytest.param("add_deal", "post_save", "Deal", "nothing", id="add-after-the-deal-row"),
    pytest.param("add_deal", "post_save", "Change", "nothing", id="add-after-the-history-row"),
    pytest.param("add_deal", "committed", "", "whole", id="add-after-the-commit"),
    pytest.param("edit_deal", "post_save", "Deal", "nothing", id="edit-after-the-deal-row"),
    pytest.param("remove_last_deal", "post_delete", "Deal", "nothing", id="undo-after-the-deal-row"),
]


@pytest.mark.parametrize(("service", "signal_name", "model", "expected"), POINTS)
def test_writer_killed_half_way(
    transactional_db: None, django_user_model: Any, service: str, signal_name: str, model: str, expected: str
) -> None:
    owner = django_user_model.objects.create_user(username="owner", password="pw-owner-123")
    match = new_match(owner, [] if service == "add_deal" else [FIRST])
    before = state(match)
    writer = subprocess.Popen(
        [sys.executable, "-c", WRITER, service, signal_name, model, str(match.pk), json.dumps(SECOND)],
        cwd=ROOT,
        env=server_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        seen = json.loads(read_line(writer))
        if expected == "nothing":
            # Stopped inside its transaction, after writing: it sees its own rows, nobody else does.
            assert seen["in_transaction"]
            assert state(match) == before
            if model != "Match":
                assert ({int(number): entry for number, entry in seen["deals"].items()}, seen["changes"]) != before
        else:
            assert not seen["in_transaction"]
        os.kill(writer.pid, signal.SIGKILL)
        writer.wait(timeout=10)
    finally:
        if writer.poll() is None:
            writer.kill()
            writer.wait(timeout=10)
        for stream in (writer.stdout, writer.stderr):
            if stream is not None:
                stream.close()
    assert writer.returncode == -signal.SIGKILL
    wait_for_backend_to_end(seen["backend_pid"])
    assert_database_sound()

    deals, changes = state(match)
    if expected == "nothing":
        assert (deals, changes) == before
    else:
        assert deals == {**before[0], 1: SECOND}
        assert changes == [*before[1], "added"]
    assert replay(match) == [deals[number] for number in sorted(deals)]

    # Nothing is left locked or half-numbered: the same save now goes through at once.
    match.refresh_from_db()
    started = time.monotonic()
    add_deal(match=match, user=owner, number=len(deals) + 1, entry=FIRST)
    assert time.monotonic() - started < 5
    assert replay(match) == [deal.entry for deal in Deal.objects.filter(match=match)]


def test_gunicorn_worker_killed_half_way_through_saving_a_deal(gunicorn: Any, table_owner: Any) -> None:
    if connection.vendor != "postgresql":
        pytest.skip("a SQLite writer cannot be made to wait half-way from outside (see the test above)")
    match = new_match(table_owner, [FIRST])
    server = gunicorn(workers=1)
    phone = Phone(server)
    phone.log_in()
    page = phone.get(reverse("match", args=[match.pk]))
    assert page.status == 200
    fields = call_bridge_deal(2)[0]

    # Another session holds the history table: a save can write its deal row, then waits.
    holder = connections.create_connection("default")
    holder.ensure_connection()
    holder.set_autocommit(False)
    with holder.cursor() as cursor:
        cursor.execute("LOCK TABLE scoring_change IN SHARE MODE")

    answers: list[Answer | BaseException] = []

    def save() -> None:
        try:
            answers.append(phone.post(reverse("deal_add", args=[match.pk]), {"number": 2, **fields}))
        except BaseException as error:  # the connection dies with the worker
            answers.append(error)

    saving = threading.Thread(target=save)
    saving.start()
    try:
        backend = None
        deadline = time.monotonic() + 15
        with connection.cursor() as cursor:
            while backend is None:
                assert time.monotonic() < deadline, "the save never reached the history table"
                cursor.execute(
                    "SELECT pid FROM pg_stat_activity WHERE datname = current_database()"
                    " AND wait_event_type = 'Lock' AND query LIKE %s",
                    ['INSERT INTO "scoring_change"%'],
                )
                row = cursor.fetchone()
                backend = row[0] if row else None
                time.sleep(0.02)
            # Proof that it is half-way: the waiting session has already written to the deals table.
            cursor.execute(
                "SELECT mode FROM pg_locks WHERE pid = %s AND relation = 'scoring_deal'::regclass AND granted",
                [backend],
            )
            assert ("RowExclusiveLock",) in cursor.fetchall()
        workers = server.worker_pids()
        assert len(workers) == 1
        os.kill(workers[0], signal.SIGKILL)
        saving.join(timeout=15)
        assert not saving.is_alive()
        assert isinstance(answers[0], BaseException) or answers[0].status >= 500  # the phone got no saved answer
    finally:
        holder.rollback()
        holder.close()
        saving.join(timeout=15)
    wait_for_backend_to_end(backend)

    deals, changes = state(match)
    assert deals == {1: FIRST} and changes == ["added"]  # nothing of deal 2, not even its row

    # The master has started a new worker; the same deal is saved again, once.
    answer = phone.post(reverse("deal_add", args=[match.pk]), {"number": 2, **fields})
    assert answer.status == 302, answer.status
    assert state(match) == ({1: FIRST, 2: SECOND}, ["added", "added"])
    assert replay(match) == [FIRST, SECOND]
