"""Load test: a production-style Trickbook server under 50 scorers and share-link viewers, 50 tables of four
phones, or a club night of 60 tables with its projector and watchers.

    python -m bench.load [--seconds 60] [--scorers 50] [--viewers 24] [--think 5] [--workers 3]
    python -m bench.load --tables 50 [--seconds 300] [--every 60] [--poll 5]
    python -m bench.load --club 60 [--watchers 100] [--seconds 300] [--every 60] [--poll 5]

Starts gunicorn (DEBUG off, static files by WhiteNoise) on a loopback port against a fresh
database: a SQLite file in a temporary directory, or, when DATABASE_URL names a PostgreSQL
server, a new database on that server (created, then dropped at the end). It makes one
account and one match (``--deals`` deals already played) per scorer, in the widest sheet there is
(bench.core.open_match: the game with the most sides), logs the scorers in, then for ``--seconds``:

* each scorer opens its match page, then takes a turn every ``--think`` seconds on average: it
  enters the next deal (one of the game's sample deals) as the page's htmx forms do, step by step
  for a game entered in two steps (Call Bridge's calls, then the tricks), except every
  10th turn, an edit of an earlier deal (the edit page, the save, the match page), and
  every 25th, an undo of the last deal (the save, the match page);
* each viewer polls share links without pausing, as the share page's htmx does
  (``HX-Request``), so the share figure is the rate the server sustains beside the scorers.

Each answer is checked as the page's script reads it: its status, the event it triggers
(``first-saved``, ``deal-saved`` with the deal's number) and the entry form it brings back, which
must be the next step of this deal (the rest of the deal, carrying the calls just sent, with the
revision to send them back with) or the first step of the next deal (``entry_form``). So a save the
server got wrong is an error, and a right answer in any game's shape is not.

With ``--tables N``, the table scenario instead (scoring/table.py): N matches, each with a table link and the
other side confirming, and four phones per table, each a guest that joins its seat by the link (the join page,
then the seat). Every ``--every`` seconds on average each table enters its next deal from one seat, in turn, as
the page's forms do (``enter_deal``, checked the same way), and another seat's phone reads the confirmation panel
(the poll the match page makes), finds the deal to confirm with its revision, and confirms it with its own key;
the answer must say "Deal N confirmed.". Every phone also polls the panel every ``--poll`` seconds, as the page
does, sending back the match version its panel last showed (``hx-vals``). The figures asked for are the p99 of
the entry (``deal save``, and ``first step`` for a game entered in two steps) and of the confirmation
(``confirm``), with the error count.

With ``--club N``, the same tables are a club night's (club/): one Belote event of 2N teams, its first round drawn
and started (N tables, each match with its table link, the other side confirming), played as above; besides them
one projector polls the event's projector page and ``--watchers`` browsers poll the room's page (the event link),
each as its page's htmx does, at the interval the page itself asks for (its ``hx-trigger="every Ns"``), after
loading the whole page once (``room page``). Their rows are ``projector`` and ``watcher``.

It stops by itself and prints requests per second, p50 and p99 latency for each action, the
error count (any unexpected status or answer, refused write, timeout or broken connection) and the
CPUs used by the server, by this load generator and by the whole machine. The exit status is
1 when there were errors. All traffic goes to 127.0.0.1.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import secrets
import subprocess
import sys
import tempfile
import time
import uuid
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from html.parser import HTMLParser
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit, urlunsplit

from bench.production import HOST, ROOT, gunicorn, production_env, run_manage

PASSWORD = "load-test-passphrase-42"
TIMEOUT = 30.0  # seconds: a request slower than this counts as an error
HTMX = {"HX-Request": "true"}  # what the page's own requests send

GOAL_SHARE_PER_SECOND = 300
GOAL_SAVE_P99_MS = 250
GOAL_CONFIRM_P99_MS = 250
GOAL_ROOM_P99_MS = 250  # the club night's projector and watchers' polls

# The seed runs in its own process with the server's settings; argv: scorers, deals per match.
SEED = r"""
import json, sys
import django
django.setup()
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from bench.core import open_match
from bench.web import NAMES, form_posts
from scoring.core.games import GAMES
from scoring.core.match import parse_match
from scoring.forms import layout
from scoring.services import create_match

scorers, deals = int(sys.argv[1]), int(sys.argv[2])
password = make_password(sys.argv[3])  # hashed once: the accounts share it
User = get_user_model()
users = User.objects.bulk_create([User(username=f"scorer{index:03}", password=password) for index in range(scorers)])
doc = open_match(deals, NAMES)
tables = []
for index, user in enumerate(users):
    first_dealer = index % len(doc["players"])
    match = create_match(owner=user, match_file=parse_match({**doc, "first_dealer": first_dealer}))
    tables.append({"username": user.username, "match": match.pk, "token": match.share_token, "deals": deals})
game = GAMES[doc["game"]]
spec = game.entry_spec(frozenset())
first = [name for name, field, _seat in layout(spec, game.seats) if field.name in spec.first]
print(json.dumps({"game": doc["game"], "posts": form_posts(doc["game"]), "first": first, "tables": tables}))
"""


# The table scenario's seed: one account owns every table's match (the club's host), each with its table link and
# the other side confirming; argv: tables, deals per match, password.
TABLE_SEED = r"""
import json, sys
import django
django.setup()
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from bench.core import open_match
from bench.web import NAMES, form_posts
from scoring import table
from scoring.core.games import GAMES
from scoring.core.match import parse_match
from scoring.forms import layout
from scoring.services import create_match

count, deals = int(sys.argv[1]), int(sys.argv[2])
host = get_user_model().objects.create(username="host", password=make_password(sys.argv[3]))
doc = open_match(deals, NAMES)
tables = []
for index in range(count):
    match = create_match(owner=host, match_file=parse_match({**doc, "first_dealer": index % len(doc["players"])}))
    table.renew_table_link(match=match)
    table.set_confirmation(match=match, mode=table.SIDES)
    tables.append({"match": match.pk, "token": match.table_token, "deals": deals})
game = GAMES[doc["game"]]
spec = game.entry_spec(frozenset())
first = [name for name, field, _seat in layout(spec, game.seats) if field.name in spec.first]
print(json.dumps({"game": doc["game"], "posts": form_posts(doc["game"]), "first": first, "seats": game.seats,
                  "tables": tables}))
"""


# The club night's seed: one director, one Belote event of two teams per table with a target no table reaches in the
# run (so every table keeps playing), its first round drawn and started; argv: tables, password.
CLUB_SEED = r"""
import json, sys
import django
django.setup()
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from bench.web import form_posts
from club.services import create_event, draw_round, start_round
from scoring import table
from scoring.core.games import GAMES
from scoring.forms import layout

count = int(sys.argv[1])
# Teams of two at tables of four, as a concours has them: the partnership game registered last.
game = [name for name, rules in GAMES.items() if rules.seats == 4 and len(rules.sides) == 2][-1]
host = get_user_model().objects.create(username="director", password=make_password(sys.argv[2]))
data = {"name": "Club night", "game": game, "flags": [], "target": 100000, "deals_per_round": None, "rounds": 5,
        "movement": "swiss", "confirmation": table.SIDES}
teams = [[f"Player {2 * index + 1}", f"Player {2 * index + 2}"] for index in range(2 * count)]
event = create_event(owner=host, data=data, teams=teams)
drawn = draw_round(event=event)
start_round(event=event, number=drawn.number)
tables = [{"match": t.match.pk, "token": t.match.table_token, "deals": 0} for t in drawn.tables.select_related("match")]
assert len(tables) == count, f"{len(tables)} tables drawn, not {count}"
spec = GAMES[game].entry_spec(frozenset())
first = [name for name, field, _seat in layout(spec, GAMES[game].seats) if field.name in spec.first]
print(json.dumps({"game": game, "posts": form_posts(game), "first": first, "seats": GAMES[game].seats,
                  "tables": tables, "event": event.token}))
"""


@dataclass
class Stats:
    latencies: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    errors: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    samples: list[str] = field(default_factory=list)  # the first few errors, to print
    cpu: dict[str, float] = field(default_factory=dict)  # CPUs in use on average during the run

    def error(self, action: str, what: str) -> None:
        self.errors[action] += 1
        if len(self.samples) < 10:
            self.samples.append(f"{action}: {what}")


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes

    @property
    def location(self) -> str:
        return self.headers.get("location", "")


class Phone:
    """One HTTP client with its own cookies; one connection per request (Connection: close)."""

    def __init__(self, port: int, stats: Stats) -> None:
        self.port = port
        self.stats = stats
        self.cookies: dict[str, str] = {}

    async def request(
        self, action: str | None, method: str, path: str, fields: dict[str, Any] | None = None, **headers: str
    ) -> Answer | None:
        """Send one request; with an ``action`` its latency is recorded (errors: None is returned)."""
        body = b""
        lines = [f"{method} {path} HTTP/1.1", f"Host: {HOST}:{self.port}", "Connection: close"]
        if fields is not None:
            if method == "POST" and "csrftoken" in self.cookies:
                fields = {**fields, "csrfmiddlewaretoken": self.cookies["csrftoken"]}
            body = urlencode({key: str(value) for key, value in fields.items()}).encode()
            lines += ["Content-Type: application/x-www-form-urlencoded", f"Content-Length: {len(body)}"]
        if self.cookies:
            lines.append("Cookie: " + "; ".join(f"{name}={value}" for name, value in self.cookies.items()))
        lines += [f"{name}: {value}" for name, value in headers.items()]
        started = time.perf_counter()
        try:
            answer = await asyncio.wait_for(self._exchange(("\r\n".join(lines) + "\r\n\r\n").encode() + body), TIMEOUT)
        except (OSError, TimeoutError, ValueError) as error:
            if action:
                self.stats.error(action, f"{method} {path}: {error!r}")
            return None
        if action:
            self.stats.latencies[action].append(time.perf_counter() - started)
        return answer

    async def _exchange(self, request: bytes) -> Answer:
        reader, writer = await asyncio.open_connection(HOST, self.port)
        try:
            writer.write(request)
            await writer.drain()
            data = await reader.read()  # to the end: the server closes after its answer
        finally:
            writer.close()
        head, separator, body = data.partition(b"\r\n\r\n")
        if not separator:
            raise ValueError("incomplete answer")
        status_line, *header_lines = head.decode("latin-1").split("\r\n")
        headers: dict[str, str] = {}
        for line in header_lines:
            name, _, value = line.partition(":")
            if name.lower() == "set-cookie":
                self._keep(value.strip())
            else:
                headers[name.lower()] = value.strip()
        return Answer(int(status_line.split()[1]), headers, body)

    def _keep(self, header: str) -> None:
        jar: SimpleCookie = SimpleCookie()
        jar.load(header)
        for name, morsel in jar.items():
            if morsel.value == "" or morsel["max-age"] in ("0", 0):
                self.cookies.pop(name, None)
            else:
                self.cookies[name] = morsel.coded_value

    async def expect(
        self, action: str, method: str, path: str, status: int, fields: dict[str, Any] | None = None, **headers: str
    ) -> Answer | None:
        answer = await self.request(action, method, path, fields, **headers)
        if answer is not None and answer.status != status:
            self.stats.error(action, f"{method} {path} answered {answer.status}, not {status}")
            return None
        return answer

    async def log_in(self, username: str) -> bool:
        page = await self.expect("login", "GET", "/accounts/login/", 200)
        if page is None:
            return False
        fields = {"username": username, "password": PASSWORD}
        answer = await self.expect("login", "POST", "/accounts/login/", 302, fields)
        return answer is not None and "sessionid" in self.cookies


FIRST_FORM = "first-form"  # templates/scoring/match.html: the first step of a deal entered in two steps
DEAL_FORM = "deal-form"  # the whole deal, or (data-step="rest") the rest of it once the first step is saved


class Forms(HTMLParser):
    """The forms of an answer by id: each form's attributes and its hidden inputs' values."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: dict[str, tuple[dict[str, str], dict[str, str]]] = {}
        self._open: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {name: value or "" for name, value in attrs}
        if tag == "form" and found.get("id"):
            self._open = found["id"]
            self.forms[self._open] = (found, {})
        elif tag == "input" and self._open and found.get("type") == "hidden" and found.get("name"):
            self.forms[self._open][1][found["name"]] = found.get("value", "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._open = None


def entry_form(body: bytes) -> tuple[str, dict[str, str]] | None:
    """The entry form an answer brings back: ``first`` (a first step), ``rest`` (the rest of a deal whose first
    step is saved) or ``whole``, with its hidden inputs; None if it has none."""
    parser = Forms()
    parser.feed(body.decode("utf-8", "replace"))
    if FIRST_FORM in parser.forms:
        return "first", parser.forms[FIRST_FORM][1]
    if DEAL_FORM in parser.forms:
        attributes, hidden = parser.forms[DEAL_FORM]
        return ("rest" if attributes.get("data-step") == "rest" else "whole"), hidden
    return None


def answer_problem(answer: Answer, event: str, number: int, step: str, carried: dict[str, str]) -> str | None:
    """What is wrong with the answer to a step of deal ``number``, or None: it must trigger ``event`` for that
    deal and bring back the entry form of ``step`` for the deal it names, carrying the ``carried`` fields."""
    try:
        triggered = json.loads(answer.headers.get("hx-trigger-after-settle", "{}"))
    except ValueError:
        triggered = {}
    if not isinstance(triggered, dict) or triggered.get(event, {}).get("number") != number:
        return f"no {event} event for deal {number} (events: {triggered})"
    found = entry_form(answer.body)
    if found is None:
        return f"after deal {number}: no entry form in the answer"
    kind, hidden = found
    wanted = number if step == "rest" else number + 1
    if (kind, hidden.get("number")) != (step, str(wanted)):
        return f"after deal {number}: the answer asks for {kind} of deal {hidden.get('number')}, not {step} of {wanted}"
    wrong = {name: hidden.get(name) for name, value in carried.items() if hidden.get(name) != value}
    if wrong:
        return f"deal {number}: the rest of the deal carries {wrong}, not what was sent"
    return None


async def enter_deal(
    phone: Phone, match_url: str, number: int, post: dict[str, str], first: list[str], next_step: str
) -> bool:
    """Enter deal ``number`` as the page's forms do: for a game with a first step, that step (``first``: its
    fields) and then the rest with the revision the answer gave; then the whole deal, with the idempotency key
    the page's script adds. ``next_step`` is the step the next deal starts with. True if it was saved."""
    fields: dict[str, Any] = {"number": number, "key": str(uuid.uuid4()), **post}
    if first:
        calls = {name: post[name] for name in first}
        answer = await phone.expect(
            "first step", "POST", f"{match_url}deals/first/", 200, {"number": number, "progress": 0, **calls}, **HTMX
        )
        if answer is None:
            return False
        problem = answer_problem(answer, "first-saved", number, "rest", calls)
        if problem:
            phone.stats.error("first step", problem)
            return False
        fields["progress"] = (entry_form(answer.body) or ("", {}))[1].get("progress", "")
    answer = await phone.expect("deal save", "POST", f"{match_url}deals/", 200, fields, **HTMX)
    if answer is None:
        return False
    problem = answer_problem(answer, "deal-saved", number, next_step, {})
    if problem:
        phone.stats.error("deal save", problem)
    return True  # saved (200), even if the answer was wrong


async def scorer(
    phone: Phone,
    table: dict[str, Any],
    posts: list[dict[str, str]],
    first: list[str],
    deadline: float,
    think: float,
    rng: random.Random,
) -> None:
    """Enter the next deal (one of ``posts``, the game's sample deals as the form posts them) as the phone's
    htmx forms do, step by step for a game with a first step (``first``, its fields); now and then edit an
    earlier deal or undo the last one (plain form posts, then the match page)."""
    match_url = f"/matches/{table['match']}/"
    deals = table["deals"]
    next_step = "first" if first else "whole"
    turn = 0
    await asyncio.sleep(rng.uniform(0, think))  # the tables did not all sit down at the same second
    page = await phone.expect("match page", "GET", match_url, 200)
    found = entry_form(page.body) if page else None
    if page is not None and (found is None or found[0] != next_step or found[1].get("number") != str(deals + 1)):
        phone.stats.error("match page", f"{match_url} does not ask for {next_step} of deal {deals + 1}: {found}")
    while time.monotonic() < deadline:
        turn += 1
        if turn % 25 == 0 and deals:
            if await phone.expect("deal undo", "POST", f"{match_url}deals/undo/", 302, {"number": deals}):
                deals -= 1
            await phone.expect("match page", "GET", match_url, 200)
        elif turn % 10 == 0 and deals:
            number = rng.randint(1, deals)
            edit_url = f"{match_url}deals/{number}/edit/"
            page = await phone.expect("edit page", "GET", edit_url, 200)
            found = page.body.split(b'name="revision" value="', 1) if page else []
            if len(found) == 2:
                fields = {"revision": found[1].split(b'"', 1)[0].decode(), **rng.choice(posts)}
                answer = await phone.expect("deal edit", "POST", edit_url, 302, fields)
                if answer is not None and answer.location != match_url:
                    phone.stats.error("deal edit", f"edit of deal {number} refused: sent to {answer.location}")
            await phone.expect("match page", "GET", match_url, 200)
        elif await enter_deal(phone, match_url, deals + 1, rng.choice(posts), first, next_step):
            deals += 1
        await asyncio.sleep(min(rng.uniform(0.5, 1.5) * think, max(0.0, deadline - time.monotonic())))
    table["final"] = deals


async def join(phones: list[Phone], table: dict[str, Any]) -> bool:
    """Each phone joins its seat as a guest by the table link: the seat page, then the seat (to the match page)."""
    url = f"/table/{table['token']}/"
    for seat, phone in enumerate(phones):
        if await phone.expect("join", "GET", url, 200) is None:
            return False
        answer = await phone.expect("join", "POST", url, 302, {"seat": seat})
        if answer is None or answer.location != f"/matches/{table['match']}/":
            if answer is not None:
                phone.stats.error("join", f"seat {seat} of {url} sent to {answer.location}")
            return False
    return True


def offered_revision(body: bytes, match_url: str, number: int) -> str | None:
    """The revision of deal ``number`` in the confirmation panel's Confirm form for it, if the panel offers one."""
    form = body.split(f'action="{match_url}deals/{number}/confirm/"'.encode(), 1)
    if len(form) < 2:
        return None
    found = form[1].split(b"</form>", 1)[0].split(b'name="revision" value="', 1)
    return found[1].split(b'"', 1)[0].decode() if len(found) == 2 else None


async def confirm(phone: Phone, match_url: str, number: int) -> None:
    """Confirm deal ``number`` as a phone of the other side does: its panel shows the deal with Confirm (the poll),
    and one tap posts it with the deal's revision and a key of its own."""
    panel = await phone.expect("panel poll", "GET", f"{match_url}table/pending/", 200, **HTMX)
    if panel is None:
        return
    revision = offered_revision(panel.body, match_url, number)
    if revision is None:
        phone.stats.error("confirm", f"{match_url}: deal {number} is not offered to confirm")
        return
    fields = {"revision": revision, "key": str(uuid.uuid4())}
    answer = await phone.expect("confirm", "POST", f"{match_url}deals/{number}/confirm/", 200, fields, **HTMX)
    if answer is not None and f"Deal {number} confirmed.".encode() not in answer.body:
        phone.stats.error("confirm", f"{match_url}: the answer does not say deal {number} was confirmed")


async def table_play(
    phones: list[Phone],
    table: dict[str, Any],
    posts: list[dict[str, str]],
    first: list[str],
    deadline: float,
    every: float,
    rng: random.Random,
) -> None:
    """A table: every ``every`` seconds on average the next deal is entered from one seat (each in turn) and
    confirmed from the next seat, which the game's sides make another side (Call Bridge: every player is one)."""
    match_url = f"/matches/{table['match']}/"
    deals = table["deals"]
    next_step = "first" if first else "whole"
    await asyncio.sleep(rng.uniform(0, every))  # the tables did not all sit down at the same second
    while time.monotonic() < deadline:
        number = deals + 1
        if await enter_deal(phones[number % len(phones)], match_url, number, rng.choice(posts), first, next_step):
            deals = number
            await confirm(phones[(number + 1) % len(phones)], match_url, number)
        await asyncio.sleep(min(rng.uniform(0.8, 1.2) * every, max(0.0, deadline - time.monotonic())))
    table["final"] = deals


def panel_version(body: bytes) -> str | None:
    """The match version a confirmation panel shows, which its next poll sends back (its ``hx-vals``)."""
    found = body.split(b'id="table-pending"', 1)[-1].split(b"hx-vals='", 1)
    if len(found) < 2:
        return None
    try:
        values = json.loads(found[1].split(b"'", 1)[0])
    except ValueError:
        return None
    return str(values["version"]) if isinstance(values, dict) and "version" in values else None


async def panel_poller(phone: Phone, match_url: str, deadline: float, every: float, rng: random.Random) -> None:
    """A phone's match page polling its confirmation panel (templates/scoring/_table_pending.html), with the
    version its panel last showed: an unchanged match brings back the panel alone, a changed one the sheet too."""
    await asyncio.sleep(rng.uniform(0, every))
    version = ""  # not known until the first answer, which therefore brings the sheet as well
    while time.monotonic() < deadline:
        url = f"{match_url}table/pending/?{urlencode({'version': version})}"
        answer = await phone.expect("panel poll", "GET", url, 200, None, **HTMX)
        version = (panel_version(answer.body) if answer else None) or version
        await asyncio.sleep(min(every, max(0.0, deadline - time.monotonic())))


LIVE = "club-live"  # templates/club/public.html and projector.html: the part of the room's pages that polls


def poll_interval(body: bytes) -> float | None:
    """The seconds between the polls a room's page asks for (its live part's ``hx-trigger="every Ns"``)."""
    found = body.split(f'id="{LIVE}"'.encode(), 1)[-1].split(b'hx-trigger="every ', 1)
    if len(found) < 2:
        return None
    number = found[1].split(b's"', 1)[0]
    return float(number) if number.replace(b".", b"", 1).isdigit() else None


async def open_room(phone: Phone, path: str) -> float | None:
    """A browser opening a room's page: the whole page once; the poll interval it asks for, or None (an error)."""
    page = await phone.expect("room page", "GET", path, 200)
    if page is None:
        return None
    every = poll_interval(page.body)
    if not every:
        phone.stats.error("room page", f"{path} has no polled {LIVE} part")
        return None
    return every


async def room_poller(phone: Phone, action: str, path: str, every: float, deadline: float, rng: random.Random) -> None:
    """A room's page (the projector, or a watcher's browser) polling its live part as its htmx does."""
    await asyncio.sleep(rng.uniform(0, every))
    while time.monotonic() < deadline:
        answer = await phone.expect(action, "GET", path, 200, None, **HTMX)
        if answer is not None and f'id="{LIVE}"'.encode() not in answer.body:
            phone.stats.error(action, f"GET {path}: the answer has no {LIVE} part")
        await asyncio.sleep(min(every, max(0.0, deadline - time.monotonic())))


async def viewer(phone: Phone, tables: list[dict[str, Any]], deadline: float, rng: random.Random) -> None:
    """Poll share links as a browser does: it keeps each sheet's ETag and revalidates (200 or 304)."""
    etags: dict[str, str] = {}
    while time.monotonic() < deadline:
        token = rng.choice(tables)["token"]
        cached = {"If-None-Match": etags[token]} if token in etags else {}
        answer = await phone.request("share poll", "GET", f"/share/{token}/", **HTMX, **cached)
        if answer is None:
            continue
        if answer.status == 200:
            etags[token] = answer.headers.get("etag", "")
        elif answer.status != 304 or token not in etags:
            phone.stats.error("share poll", f"GET /share/{token}/ answered {answer.status}")


async def drive(port: int, seed: dict[str, Any], args: argparse.Namespace, server: int) -> tuple[Stats, float]:
    tables, posts, first = seed["tables"], seed["posts"], seed["first"]
    stats = Stats()
    rng = random.Random(args.seed)
    phones = [Phone(port, stats) for _ in tables]
    logins = asyncio.Semaphore(4)

    async def log_in(phone: Phone, table: dict[str, Any]) -> bool:
        async with logins:
            return await phone.log_in(table["username"])

    print(f"Logging in {len(phones)} scorers ...", flush=True)
    logged_in = await asyncio.gather(*(log_in(phone, table) for phone, table in zip(phones, tables, strict=True)))
    if not all(logged_in):
        return stats, 0.0
    stats.latencies.clear()  # logins are setup, not load

    print(f"Running for {args.seconds:g} s ...", flush=True)
    started, usage = time.monotonic(), cpu_usage(server)
    deadline = started + args.seconds
    await asyncio.gather(
        *(
            scorer(phone, table, posts, first, deadline, args.think, random.Random(rng.random()))
            for phone, table in zip(phones, tables, strict=True)
        ),
        *(viewer(Phone(port, stats), tables, deadline, random.Random(rng.random())) for _ in range(args.viewers)),
    )
    elapsed = time.monotonic() - started
    stats.cpu = usage(elapsed)
    return stats, elapsed


async def drive_tables(port: int, seed: dict[str, Any], args: argparse.Namespace, server: int) -> tuple[Stats, float]:
    tables, posts, first = seed["tables"], seed["posts"], seed["first"]
    stats = Stats()
    rng = random.Random(args.seed)
    phones = [[Phone(port, stats) for _seat in range(seed["seats"])] for _table in tables]
    joins = asyncio.Semaphore(4)

    async def sit(table_phones: list[Phone], table: dict[str, Any]) -> bool:
        async with joins:
            return await join(table_phones, table)

    print(f"Joining {len(tables)} tables of {seed['seats']} phones ...", flush=True)
    joined = await asyncio.gather(*(sit(group, table) for group, table in zip(phones, tables, strict=True)))
    if not all(joined):
        return stats, 0.0
    # A club night's room: the projector and the watchers open their pages, then poll them.
    room: list[tuple[Phone, str, str, float]] = []
    if "event" in seed:
        paths = [("projector", f"/club/e/{seed['event']}/projector/")]
        paths += [("watcher", f"/club/e/{seed['event']}/")] * args.watchers
        print(f"Opening the projector and {args.watchers} watchers' pages ...", flush=True)
        for action, path in paths:
            phone = Phone(port, stats)
            every = await open_room(phone, path)
            if every is None:
                return stats, 0.0
            room.append((phone, action, path, every))

    print(f"Running for {args.seconds:g} s ...", flush=True)
    started, usage = time.monotonic(), cpu_usage(server)
    deadline = started + args.seconds
    pollers = []
    if args.poll > 0:
        for group, table in zip(phones, tables, strict=True):
            match_url = f"/matches/{table['match']}/"
            pollers += [
                panel_poller(phone, match_url, deadline, args.poll, random.Random(rng.random())) for phone in group
            ]
    pollers += [
        room_poller(phone, action, path, every, deadline, random.Random(rng.random()))
        for phone, action, path, every in room
    ]
    await asyncio.gather(
        *(
            table_play(group, table, posts, first, deadline, args.every, random.Random(rng.random()))
            for group, table in zip(phones, tables, strict=True)
        ),
        *pollers,
    )
    elapsed = time.monotonic() - started
    stats.cpu = usage(elapsed)
    return stats, elapsed


def cpu_usage(server: int) -> Any:
    """From now, ``done(elapsed)``: the CPUs used on average by the server, this load generator and the machine."""
    cpu, server_cpu, machine = time.process_time(), tree_jiffies(server), machine_jiffies()

    def done(elapsed: float) -> dict[str, float]:
        tick = os.sysconf("SC_CLK_TCK")
        busy, total = (now - then for now, then in zip(machine_jiffies(), machine, strict=True))
        return {
            "server": (tree_jiffies(server) - server_cpu) / tick / elapsed,
            "load generator": (time.process_time() - cpu) / elapsed,
            "whole machine": busy / total * (os.cpu_count() or 1) if total else 0.0,
        }

    return done


@contextmanager
def fresh_database(url: str | None, directory: Path) -> Iterator[tuple[str, str]]:
    """A DATABASE_URL for an empty database, and a label for the report."""
    if not url or url.startswith("sqlite"):
        yield f"sqlite:///{directory / 'load.sqlite3'}", "SQLite (WAL)"
        return
    import psycopg

    parts = urlsplit(url)
    name = f"trickbook_load_{secrets.token_hex(4)}"
    with psycopg.connect(url, autocommit=True) as admin:
        version = admin.info.server_version
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield urlunsplit(parts._replace(path=f"/{name}")), f"PostgreSQL {version // 10000}"
    finally:
        with psycopg.connect(url, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def server_env(database_url: str, args: argparse.Namespace) -> dict[str, str]:
    return production_env(DATABASE_URL=database_url, CONN_MAX_AGE=str(args.conn_max_age))


def machine_jiffies() -> tuple[int, int]:
    """(busy, total) CPU time of the whole machine so far, from /proc/stat (Linux)."""
    try:
        fields = [int(value) for value in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    except (OSError, ValueError):
        return 0, 0
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)
    return sum(fields[:8]) - idle, sum(fields[:8])


def tree_jiffies(root: int) -> int:
    """CPU time used so far by a process and its children (the gunicorn master and workers)."""
    total = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(entry.name) == root or int(stat[1]) == root:
            total += int(stat[11]) + int(stat[12])  # utime, stime
    return total


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def report(stats: Stats, elapsed: float, label: str, scenario: str = "scorers") -> int:
    """Print the figures of a run of ``scenario`` (scorers, tables or club) and its goals; 1 if there were errors."""
    tables = scenario in ("tables", "club")
    print(f"\n{label}")
    print(f"{'action':<12} {'requests':>9} {'per s':>8} {'p50 ms':>8} {'p99 ms':>8} {'errors':>7}")
    actions = ["join", "first step", "deal save", "confirm", "panel poll"] if tables else []
    actions += ["room page", "projector", "watcher"] if scenario == "club" else []
    actions += ["first step", "deal save", "deal edit", "deal undo", "edit page", "match page", "share poll"]
    actions = list(dict.fromkeys(actions))
    actions += sorted((set(stats.latencies) | set(stats.errors)) - set(actions))
    for action in actions:
        values = stats.latencies.get(action, [])
        if not values and not stats.errors.get(action):
            continue
        p50 = f"{percentile(values, 0.50) * 1000:.0f}" if values else "-"
        p99 = f"{percentile(values, 0.99) * 1000:.0f}" if values else "-"
        rate = len(values) / elapsed if elapsed else 0
        print(f"{action:<12} {len(values):>9} {rate:>8.1f} {p50:>8} {p99:>8} {stats.errors.get(action, 0):>7}")
    total = sum(len(values) for values in stats.latencies.values())
    errors = sum(stats.errors.values())
    print(f"{'all':<12} {total:>9} {total / elapsed if elapsed else 0:>8.1f} {'':>8} {'':>8} {errors:>7}")
    for sample in stats.samples:
        print(f"  error: {sample}")
    if stats.cpu:
        used = ", ".join(f"{name} {value:.2f}" for name, value in stats.cpu.items())
        print(f"CPUs in use on average: {used} (of {os.cpu_count()})")

    share = len(stats.latencies.get("share poll", [])) / elapsed if elapsed else 0
    save_p99, confirm_p99 = (p99_ms(stats, action) for action in ("deal save", "confirm"))
    goals = [(f"errors: {errors} (goal 0)", errors == 0)]
    if tables:
        goals.append(
            (f"confirm p99: {confirm_p99:.0f} ms (goal under {GOAL_CONFIRM_P99_MS})", confirm_p99 < GOAL_CONFIRM_P99_MS)
        )
    else:
        goals.append(
            (f"share polls: {share:.0f}/s (goal at least {GOAL_SHARE_PER_SECOND})", share >= GOAL_SHARE_PER_SECOND)
        )
    goals.append((f"deal save p99: {save_p99:.0f} ms (goal under {GOAL_SAVE_P99_MS})", save_p99 < GOAL_SAVE_P99_MS))
    if scenario == "club":
        for action in ("projector", "watcher"):
            room_p99 = p99_ms(stats, action)
            goals.append(
                (f"{action} p99: {room_p99:.0f} ms (goal under {GOAL_ROOM_P99_MS})", room_p99 < GOAL_ROOM_P99_MS)
            )
    print()
    for text, met in goals:
        print(f"{'met   ' if met else 'MISSED'} {text}")
    return 1 if errors else 0


def p99_ms(stats: Stats, action: str) -> float:
    values = stats.latencies.get(action, [])
    return percentile(values, 0.99) * 1000 if values else float("inf")


def arguments(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line, with ``scenario`` (scorers, tables or club) and, for a club night, ``tables`` set."""
    args = command_line().parse_args(argv)
    if args.club and args.tables:
        command_line().error("--club and --tables are two scenarios: give one")
    args.scenario = "club" if args.club else "tables" if args.tables else "scorers"
    args.tables = args.tables or args.club
    return args


def command_line() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60, help="length of the measured run (default 60)")
    parser.add_argument("--scorers", type=int, default=50, help="scorers, one account and match each (default 50)")
    parser.add_argument("--viewers", type=int, default=24, help="share-link pollers, never pausing (default 24)")
    parser.add_argument("--think", type=float, default=5.0, help="a scorer's mean seconds between turns (default 5)")
    parser.add_argument(
        "--workers", type=int, default=int(os.environ.get("WORKERS", "3")), help="gunicorn workers ($WORKERS or 3)"
    )
    parser.add_argument("--threads", type=int, default=1, help="threads per worker; over 1 uses gthread (default 1)")
    parser.add_argument("--deals", type=int, default=20, help="deals in each match at the start (20; --club: 0)")
    parser.add_argument(
        "--conn-max-age", type=int, default=int(os.environ.get("CONN_MAX_AGE", "60")), help="CONN_MAX_AGE (default 60)"
    )
    parser.add_argument("--database-url", default=os.environ.get("DATABASE_URL"), help="default: $DATABASE_URL")
    parser.add_argument("--seed", type=int, default=1)
    table = parser.add_argument_group("the table scenario")
    table.add_argument("--tables", type=int, default=0, help="run the table scenario with this many tables of phones")
    table.add_argument("--every", type=float, default=60, help="a table's mean seconds between deals (default 60)")
    table.add_argument("--poll", type=float, default=5, help="each phone's panel poll in seconds; 0: none (default 5)")
    club = parser.add_argument_group("the club night (the table scenario's options apply)")
    club.add_argument("--club", type=int, default=0, help="run a club night of this many tables of four phones")
    club.add_argument("--watchers", type=int, default=100, help="browsers polling the room's page (default 100)")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = arguments(argv)

    with (
        tempfile.TemporaryDirectory(prefix="trickbook-load-") as temp,
        fresh_database(args.database_url, Path(temp)) as (database_url, database),
    ):
        env = server_env(database_url, args)
        print(f"Preparing {database} ...", flush=True)
        run_manage(env, "migrate", "--noinput", "-v0")
        run_manage(env, "collectstatic", "--noinput", "-v0")
        if args.scenario == "club":
            command = [CLUB_SEED, str(args.tables), PASSWORD]
        else:
            command = [TABLE_SEED, str(args.tables)] if args.tables else [SEED, str(args.scorers)]
            command += [str(args.deals), PASSWORD]
        seeded = subprocess.run(
            [sys.executable, "-c", *command],
            cwd=ROOT,
            env=env,
            check=True,
            capture_output=True,
            text=True,
        )
        seed = json.loads(seeded.stdout)
        tables = seed["tables"]
        log = Path(temp) / "gunicorn.log"
        with gunicorn(env, args.workers, log, args.threads) as (port, server):
            run = drive_tables if args.tables else drive
            stats, elapsed = asyncio.run(run(port, seed, args, server.pid))
            alive = server.poll() is None
        server_log = log.read_text(errors="replace")
    workers = f"{args.workers} workers" + (f" x {args.threads} threads" if args.threads > 1 else "")
    final = sum(table.get("final", table["deals"]) for table in tables) / len(tables)
    start = sum(table["deals"] for table in tables) / len(tables)
    if args.tables:
        who = (
            f"{args.tables} tables of {seed['seats']} phones (a deal entered and confirmed every ~{args.every:g} s,"
            f" the panel polled every {args.poll:g} s)"
        )
        if args.scenario == "club":
            who = f"a club night of {who}, a projector and {args.watchers} watchers"
    else:
        who = f"{args.scorers} scorers (a turn every ~{args.think:g} s), {args.viewers} share viewers"
    label = (
        f"Trickbook load test: {elapsed:.0f} s, {who}; gunicorn {workers}, {database},"
        f" CONN_MAX_AGE={args.conn_max_age}; {os.cpu_count()} CPUs; {seed['game']}, deals per match {start:.0f}"
        f" at the start, {final:.0f} at the end"
    )
    status = report(stats, elapsed, label, args.scenario)
    if not alive or "Traceback" in server_log:
        print("\nThe server failed:\n" + server_log[-5000:])
        status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
