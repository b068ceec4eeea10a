"""`make load` (bench/load.py) reads each answer as the page's script does: for every game, a deal entered the way
its forms ask (Call Bridge in two steps, the calls then the tricks, CB-4.1) is a right answer, and an answer that
is not the next step of that deal is an error."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from bench.load import (
    CLUB_SEED,
    Answer,
    Stats,
    answer_problem,
    arguments,
    entry_form,
    offered_revision,
    panel_version,
    poll_interval,
    report,
)
from bench.web import form_posts
from club.models import Event
from scoring import table
from scoring.core.games import GAMES
from scoring.forms import layout
from scoring.models import Deal, Match

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


def answer(response: Any) -> Answer:
    return Answer(
        response.status_code, {name.lower(): value for name, value in response.headers.items()}, response.content
    )


def first_fields(game: str) -> list[str]:
    spec = GAMES[game].entry_spec(frozenset())
    return [name for name, field, _seat in layout(spec, GAMES[game].seats) if field.name in spec.first]


@pytest.mark.parametrize("game", list(GAMES))
def test_a_deal_entered_step_by_step_is_a_right_answer_in_every_game(
    owner_client: Any, make_match: Any, game: str
) -> None:
    match = make_match(game)
    post = form_posts(game)[0]
    first = first_fields(game)
    next_step = "first" if first else "whole"
    page = owner_client.get(reverse("match", args=[match.pk]))
    found = entry_form(page.content)
    assert found is not None and (found[0], found[1]["number"]) == (next_step, "1")
    fields: dict[str, Any] = {"number": "1", **post}
    if first:
        calls = {name: post[name] for name in first}
        sent = {"number": "1", "progress": "0", **calls}
        step = answer(owner_client.post(reverse("deal_first", args=[match.pk]), sent, headers=HTMX))
        assert answer_problem(step, "first-saved", 1, "rest", calls) is None
        fields["progress"] = entry_form(step.body)[1]["progress"]  # type: ignore[index]
        other = {name: "12" if value != "12" else "2" for name, value in calls.items()}
        assert "carries" in str(answer_problem(step, "first-saved", 1, "rest", other))
    saved = answer(owner_client.post(reverse("deal_add", args=[match.pk]), fields, headers=HTMX))
    assert saved.status == 200
    assert answer_problem(saved, "deal-saved", 1, next_step, {}) is None
    # The same answer read as deal 2's, or as the wrong step, is an error.
    assert answer_problem(saved, "deal-saved", 2, next_step, {}) is not None
    assert answer_problem(saved, "deal-saved", 1, "rest", {}) is not None


def test_a_refused_save_is_an_error(owner_client: Any, make_match: Any) -> None:
    match = make_match("call_bridge")
    post = form_posts("call_bridge")[0]
    refused = answer(
        owner_client.post(reverse("deal_add", args=[match.pk]), {"number": "1", **post, "progress": "7"}, headers=HTMX)
    )
    assert refused.status == 409
    assert "no deal-saved event" in str(answer_problem(refused, "deal-saved", 1, "first", {}))


def test_the_table_scenario_finds_the_deal_to_confirm_in_the_panel(make_match: Any) -> None:
    """bench.load's table scenario reads the confirmation panel as a phone of the other side sees it: the deal
    entered from another seat, with its revision; none for a deal not yet there."""
    match = make_match()
    table.renew_table_link(match=match)
    table.set_confirmation(match=match, mode=table.SIDES)
    anna, ben = Client(), Client()
    for seat, phone in enumerate((anna, ben)):
        phone.post(reverse("table_join", args=[match.table_token]), {"seat": str(seat)})
    post = form_posts("bridgette")[0]
    ben.post(reverse("deal_add", args=[match.pk]), {"number": "1", **post})
    panel = anna.get(reverse("table_pending", args=[match.pk]), headers=HTMX).content
    match_url = reverse("match", args=[match.pk])
    assert offered_revision(panel, match_url, 1) == str(Deal.objects.get().revision)
    assert offered_revision(panel, match_url, 2) is None
    # Not to the phone that entered it.
    assert (
        offered_revision(ben.get(reverse("table_pending", args=[match.pk]), headers=HTMX).content, match_url, 1) is None
    )


def test_the_panel_poll_sends_back_the_version_its_panel_shows(make_match: Any) -> None:
    """The match page's panel posts the match version it shows (its hx-vals); the load's phones do the same, so an
    unchanged match is answered with the panel alone, as a phone's poll is."""
    match = make_match()
    table.renew_table_link(match=match)
    table.set_confirmation(match=match, mode=table.SIDES)
    phone = Client()
    phone.post(reverse("table_join", args=[match.table_token]), {"seat": "0"})
    panel = phone.get(reverse("table_pending", args=[match.pk]), headers=HTMX).content
    match.refresh_from_db()
    assert panel_version(panel) == str(match.version)
    again = phone.get(reverse("table_pending", args=[match.pk]), {"version": str(match.version)}, headers=HTMX)
    assert panel_version(again.content) == str(match.version)
    assert len(again.content) < len(panel)  # the sheet came with the first answer only
    assert panel_version(b"<section id='table-pending'>no version</section>") is None


def run_seed(script: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    monkeypatch.setattr("sys.argv", ["-c", *argv])
    exec(script, {"__name__": "__main__"})  # the seed, in this test's database
    return json.loads(capsys.readouterr().out)


def test_the_club_night_seed_starts_a_round_of_tables_with_links(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """--club 3: one Belote event of six teams (two a side, BL-1.1), round 1 drawn and started, three tables each
    with its table link and the other side confirming; the room's pages poll at the intervals they ask for."""
    seed = run_seed(CLUB_SEED, monkeypatch, capsys, "3", "a-password-for-the-test")
    assert (seed["game"], seed["seats"], len(seed["tables"])) == ("belote", 4, 3)
    event = Event.objects.get(token=seed["event"])
    assert event.entrants.count() == 6
    assert event.round_set.get().started is not None
    for entry in seed["tables"]:
        match = Match.objects.get(pk=entry["match"])
        assert (match.table_token, entry["deals"]) == (entry["token"], 0)
        assert match.confirmation == table.SIDES
    # The page's own interval, read as the load's browsers read it: the room's page every 10 s, the projector 5 s.
    room, projector = Client(), Client()
    public_url, projector_url = f"/club/e/{event.token}/", f"/club/e/{event.token}/projector/"
    assert poll_interval(room.get(public_url).content) == 10
    assert poll_interval(projector.get(projector_url).content) == 5
    # A poll brings back the live part, which polls on.
    assert poll_interval(room.get(public_url, headers=HTMX).content) == 10
    assert poll_interval(b'<div id="club-live">no poll</div>') is None


def test_the_club_night_options() -> None:
    """--club N is the table scenario on a club night's N tables, with 100 watchers unless told; one scenario a
    run."""
    club = arguments(["--club", "60"])
    assert (club.scenario, club.tables, club.watchers, club.every, club.poll) == ("club", 60, 100, 60, 5)
    assert arguments(["--club", "2", "--watchers", "7", "--seconds", "30"]).watchers == 7
    assert (arguments(["--tables", "50"]).scenario, arguments([]).scenario) == ("tables", "scorers")
    with pytest.raises(SystemExit):
        arguments(["--club", "60", "--tables", "50"])


def test_the_club_report_gives_each_kind_its_p99_and_fails_on_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    """The p99 is the value at rank round(0.99 x (n - 1)) of the n sorted, counted from 0: for 200 watcher polls of 1
    to 200 ms, rank round(197.01) = 197, the 198th, so 198 ms; for 100 projector polls of 1 to 100 ms, rank
    round(98.01) = 98, so 99 ms; for one confirmation, that one."""
    stats = Stats()
    stats.latencies["watcher"] = [ms / 1000 for ms in range(200, 0, -1)]  # in any order
    stats.latencies["projector"] = [ms / 1000 for ms in range(1, 101)]
    stats.latencies["confirm"] = [0.042]
    stats.latencies["deal save"] = [0.3]
    assert report(stats, 100.0, "a club night", "club") == 0
    lines = {line.split()[0]: line.split() for line in capsys.readouterr().out.splitlines() if line.strip()}
    # action, requests, per s, p50, p99, errors
    assert lines["watcher"][1:] == ["200", "2.0", "101", "198", "0"]  # p50: rank round(99.5) = 100 (to even), 101 ms
    assert lines["projector"][1:] == ["100", "1.0", "51", "99", "0"]  # p50: rank round(49.5) = 50, 51 ms
    assert lines["confirm"][4] == "42"
    stats.error("watcher", "GET /club/e/x/ answered 500, not 200")
    assert report(stats, 100.0, "a club night", "club") == 1
    out = capsys.readouterr().out
    assert "MISSED errors: 1 (goal 0)" in out and "met    watcher p99: 198 ms (goal under 250)" in out
    assert "MISSED deal save p99: 300 ms" in out
