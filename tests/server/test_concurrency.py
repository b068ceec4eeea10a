"""Twenty phones scoring the same matches at once, against a real server with three workers.

Each phone logs in as the owner and, for a fixed number of turns, reads a match page and
then adds the next deal, edits a deal or undoes the last one, while other phones do the
same. Afterwards every match's history replays exactly to its stored deals, the deal numbers
run 1..n, every write a phone was told was saved is in the history once (and nothing else
is), and every refused write got a conflict answer: never a server error.
"""

from __future__ import annotations

import random
import threading
import time
from collections import Counter
from dataclasses import dataclass
from typing import Any

import pytest
from django.urls import reverse

from scoring.core.match import parse_match
from scoring.models import Change, Deal, Match
from scoring.services import create_match
from tests.server.conftest import Answer, Phone, Server, next_number, revision

pytestmark = pytest.mark.server

PHONES = 20
TURNS = 20  # per phone
MATCHES = 3
PLAYERS = ["Anna", "Ben", "Cleo", "Dan"]
TRICKS = [(4, 4, 1, 4), (3, 3, 3, 4), (0, 5, 5, 3), (13, 0, 0, 0), (2, 2, 2, 7)]

ADD_REFUSED = ("was already saved from another phone", "was saved from another phone at the same moment")
EDIT_REFUSED = ("was changed from another phone while you edited it", "no longer exists; it was removed")
UNDO_REFUSED = ("is no longer the last deal; nothing was removed", "There is no deal to undo.")


def call_bridge_deal(tag: int) -> tuple[dict[str, int], dict[str, list[int]]]:
    """A valid Call Bridge deal that no other turn enters: the calls spell ``tag`` in base 11."""
    calls = [2 + (tag // 11**seat) % 11 for seat in range(4)]
    tricks = list(TRICKS[tag % len(TRICKS)])
    fields = {f"calls_{seat}": calls[seat] for seat in range(4)} | {f"tricks_{seat}": tricks[seat] for seat in range(4)}
    return fields, {"calls": calls, "tricks": tricks}


@dataclass
class Turn:
    phone: int
    action: str  # add, edit, undo
    match: int
    number: int
    outcome: str  # saved or refused
    entry: dict[str, Any] | None = None


def assert_message(phone: Phone, answer: Answer, fallback: str, texts: tuple[str, ...]) -> str:
    """Follow a redirect and return which of ``texts`` the page shows (fallback: the match page)."""
    page = phone.get(answer.location)
    if page.status == 404:  # the edit page of a deal removed meanwhile: the message waits for the next page
        page = phone.get(fallback)
    assert page.status == 200, page.status
    shown = [text for text in texts if text in page.body]
    assert shown, f"no message among {texts} on {answer.location}"
    return shown[0]


def play(server: Server, index: int, matches: list[Match], start: threading.Barrier, turns: list[Turn]) -> None:
    rng = random.Random(index)
    phone = Phone(server)
    phone.log_in()
    start.wait(timeout=60)
    for turn in range(TURNS):
        match = rng.choice(matches)
        match_url = reverse("match", args=[match.pk])
        page = phone.get(match_url)
        assert page.status == 200, page.status
        count = next_number(page) - 1
        action = rng.choices(["add", "edit", "undo"], weights=[5, 3, 2])[0] if count else "add"
        fields, entry = call_bridge_deal(index * TURNS + turn)
        if rng.random() < 0.3:
            viewer = phone.get(reverse("shared_match", args=[match.share_token]), **{"HX-Request": "true"})
            assert viewer.status == 200, viewer.status
        time.sleep(rng.uniform(0, 0.01))  # a thumb on the screen: others may write meanwhile

        if action == "add":
            answer = phone.post(reverse("deal_add", args=[match.pk]), {"number": count + 1, **fields})
            if answer.status == 302:
                assert answer.location == match_url
                turns.append(Turn(index, "add", match.pk, count + 1, "saved", entry))
            else:
                assert answer.status == 409, f"add answered {answer.status}"
                assert any(text in answer.body for text in ADD_REFUSED), answer.body[:2000]
                next_number(answer)  # the current sheet comes back with the refusal
                turns.append(Turn(index, "add", match.pk, count + 1, "refused", entry))

        elif action == "edit":
            number = rng.randint(1, count)
            edit_url = reverse("deal_edit", args=[match.pk, number])
            form = phone.get(edit_url)
            if form.status == 404:  # removed since the match page was read: nothing to edit
                continue
            assert form.status == 200, form.status
            answer = phone.post(edit_url, {"revision": revision(form), **fields})
            if answer.status == 409:  # removed since the edit page was read: told, with the current sheet
                assert EDIT_REFUSED[1] in answer.body, answer.body[:2000]
                turns.append(Turn(index, "edit", match.pk, number, "refused", entry))
                continue
            assert answer.status == 302, f"edit answered {answer.status}"
            assert answer.location in (match_url, edit_url), answer.location
            shown = assert_message(phone, answer, match_url, (f"Deal {number} changed;", *EDIT_REFUSED))
            outcome = "refused" if shown in EDIT_REFUSED else "saved"
            turns.append(Turn(index, "edit", match.pk, number, outcome, entry))

        else:
            answer = phone.post(reverse("deal_undo", args=[match.pk]), {"number": count})
            assert answer.status == 302, f"undo answered {answer.status}"
            assert answer.location == match_url, answer.location
            removed = f"Deal {count} removed."
            shown = assert_message(phone, answer, match_url, (removed, *UNDO_REFUSED))
            turns.append(Turn(index, "undo", match.pk, count, "saved" if shown == removed else "refused"))

    server_errors = [status for status in phone.statuses if status[2] >= 500]
    assert not server_errors, server_errors


def replay(match: Match) -> list[dict[str, Any]]:
    """The match's deals rebuilt from its history alone, checking each change against the state before it."""
    deals: list[dict[str, Any]] = []
    for change in Change.objects.filter(match=match).order_by("at", "id"):
        if change.action == Change.Action.ADDED:
            assert change.number == len(deals) + 1, f"added deal {change.number} after {len(deals)} deals"
            deals.append(change.after)
        elif change.action == Change.Action.EDITED:
            assert 1 <= change.number <= len(deals), f"edited deal {change.number} of {len(deals)}"
            assert deals[change.number - 1] == change.before, f"edit of deal {change.number}: before differs"
            deals[change.number - 1] = change.after
        elif change.action == Change.Action.REMOVED:
            assert change.number == len(deals), f"removed deal {change.number} of {len(deals)}"
            assert deals.pop() == change.before, f"removal of deal {change.number}: before differs"
        else:
            pytest.fail(f"unexpected change {change.action}")
    return deals


def frozen(entry: dict[str, Any] | None) -> tuple[Any, ...]:
    return tuple(sorted((key, tuple(value)) for key, value in (entry or {}).items()))


def test_twenty_phones_on_three_matches(gunicorn: Any, table_owner: Any) -> None:
    server = gunicorn(workers=3)
    match_file = parse_match(
        {"game": "call_bridge", "players": PLAYERS, "first_dealer": 0, "target": 100000, "flags": [], "deals": []}
    )
    matches = [create_match(owner=table_owner, match_file=match_file) for _ in range(MATCHES)]

    turns: list[Turn] = []
    failures: list[BaseException] = []
    start = threading.Barrier(PHONES)

    def run(index: int) -> None:
        try:
            play(server, index, matches, start, turns)
        except BaseException as error:
            failures.append(error)
            start.abort()

    threads = [threading.Thread(target=run, args=(index,)) for index in range(PHONES)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not any(thread.is_alive() for thread in threads), "a phone is still waiting for an answer"
    if failures:
        raise AssertionError(f"{len(failures)} phone(s) failed; the first: {failures[0]!r}\n{server.log_text()}")
    assert "Traceback" not in server.log_text(), server.log_text()

    for match in matches:
        deals = list(Deal.objects.filter(match=match).order_by("number"))
        assert [deal.number for deal in deals] == list(range(1, len(deals) + 1))
        assert replay(match) == [deal.entry for deal in deals]

        # Every write a phone was told was saved is in the history exactly once, and nothing else is.
        mine = [turn for turn in turns if turn.match == match.pk and turn.outcome == "saved"]
        history = Change.objects.filter(match=match)
        for action, change_action in (("add", Change.Action.ADDED), ("edit", Change.Action.EDITED)):
            told = Counter((turn.number, frozen(turn.entry)) for turn in mine if turn.action == action)
            kept = Counter((c.number, frozen(c.after)) for c in history.filter(action=change_action))
            assert told == kept, f"{action}: told {told - kept} not kept, kept {kept - told} not told"
        told_removed = Counter(turn.number for turn in mine if turn.action == "undo")
        kept_removed = Counter(c.number for c in history.filter(action=Change.Action.REMOVED))
        assert told_removed == kept_removed

    outcomes = Counter((turn.action, turn.outcome) for turn in turns)
    print("turns by outcome:", sorted(outcomes.items()))
    assert outcomes["add", "saved"] and outcomes["add", "refused"], outcomes  # the phones really did collide
