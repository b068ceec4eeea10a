"""Every URL of the club night (club/urls.py) x {anonymous, the director, another account, a phone at one of the
event's tables, an anonymous phone holding the event link} x {GET, POST}, as tests/security/test_permission_matrix.py
does for the rest of the app: POSTs carry no form data (the guard, not the happy path), no cell is a 5xx, and nobody
but the director changes the event. Then the CSRF check on the director's posts, and odd input."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import URLPattern, reverse

from club import urls as club_urls
from club.models import BoardResult, Event, League, PairsSession, Round
from club.pairs import table_key
from club.services import create_event, draw_round, start_round

pytestmark = pytest.mark.django_db

LOGIN = 302
ALL_READ = {who: (200, 405) for who in ("anonymous", "owner", "stranger", "seat", "visitor")}


def _owner_only(owner: tuple[int, int], stranger: tuple[int, int]) -> dict[str, tuple[int, int]]:
    return {
        "anonymous": (LOGIN, LOGIN),
        "owner": owner,
        "stranger": stranger,
        "seat": (LOGIN, LOGIN),
        "visitor": (LOGIN, LOGIN),
    }


MATRIX: dict[str, dict[str, tuple[int, int]]] = {
    "club_events": _owner_only((200, 405), (200, 405)),
    # A post with no game lays out the choice of games again.
    "club_event_new": _owner_only((200, 200), (200, 200)),
    "club_event": _owner_only((200, 405), (404, 405)),
    # Round 1 is still playing: the draw is refused with a message (302), nothing drawn.
    "club_round_draw": _owner_only((405, 302), (405, 404)),
    "club_round_move": _owner_only((405, 302), (405, 404)),
    "club_round_start": _owner_only((405, 302), (405, 404)),
    # The table cards of round 1 (started): its table links, the director's alone.
    "club_round_cards": _owner_only((200, 405), (404, 405)),
    "club_standings": _owner_only((405, 302), (405, 404)),
    "club_results": _owner_only((200, 405), (404, 405)),
    "club_results_pdf": _owner_only((200, 405), (404, 405)),
    "club_results_csv": _owner_only((200, 405), (404, 405)),
    "club_leagues": _owner_only((200, 422), (200, 422)),
    "club_league": _owner_only((200, 405), (404, 405)),
    # The event link reads, for anyone who holds it.
    "club_public": ALL_READ,
    "club_projector": ALL_READ,
    "club_public_results": ALL_READ,
    "club_public_results_pdf": ALL_READ,
    "club_public_results_csv": ALL_READ,
    # A duplicate pairs session is the director's alone: an empty post makes no session (422) and, at a table,
    # leaves every board's result as it was (302, nothing posted to refuse).
    "club_pairs_new": _owner_only((200, 422), (200, 422)),
    "club_pairs": _owner_only((200, 405), (404, 405)),
    "club_pairs_table": _owner_only((200, 302), (404, 404)),
    "club_pairs_board": _owner_only((200, 405), (404, 405)),
    "club_pairs_csv": _owner_only((200, 405), (404, 405)),
    # A table's link lets anyone who holds it enter that table's results (an empty post changes nothing).
    "club_pairs_phone": ALL_READ,
    "club_pairs_phone_round": {who: (200, 302) for who in ALL_READ},
}
WHO = ("anonymous", "owner", "stranger", "seat", "visitor")


def test_every_club_url_is_in_the_matrix() -> None:
    names = {p.name for p in club_urls.urlpatterns if isinstance(p, URLPattern)}
    assert names == set(MATRIX)


@pytest.fixture
def world(owner: Any) -> dict[str, Any]:
    league = League.objects.create(owner=owner, name="Winter")
    data = {
        "name": "Night",
        "game": "belote",
        "flags": [],
        "target": None,
        "deals_per_round": 2,
        "rounds": 3,
        "movement": "swiss",
        "confirmation": "sides",
        "league": league,
    }
    event = create_event(owner=owner, data=data, teams=[["A", "B"], ["C", "D"], ["E", "F"], ["G", "H"]])
    draw_round(event=event)
    start_round(event=event, number=1)
    pairs = ["A & B", "C & D", "E & F", "G & H", "I & J", "K & L"]
    session = PairsSession.objects.create(
        owner=owner, name="Pairs", tables=3, boards_per_round=3, scoring="matchpoints", pairs=pairs
    )
    BoardResult.objects.create(session=session, board=1, table=1, entry={"passed_out": True})
    return {"event": event, "league": league, "session": session}


def url(name: str, world: dict[str, Any]) -> str:
    event = world["event"]
    args: list[Any] = {
        "club_events": [],
        "club_event_new": [],
        "club_leagues": [],
        "club_league": [world["league"].pk],
        "club_round_move": [event.pk, 1],
        "club_round_start": [event.pk, 1],
        "club_round_cards": [event.pk, 1],
        "club_pairs_new": [],
        "club_pairs": [world["session"].pk],
        "club_pairs_table": [world["session"].pk, 1, 1],
        "club_pairs_board": [world["session"].pk, 1],
        "club_pairs_csv": [world["session"].pk],
        "club_pairs_phone": [world["session"].token, 1, table_key(world["session"], 1)],
        "club_pairs_phone_round": [world["session"].token, 1, table_key(world["session"], 1), 1],
    }.get(name, [event.token] if "public" in name or name == "club_projector" else [event.pk])
    return reverse(name, args=args)


def state(event: Event) -> Any:
    event.refresh_from_db()
    rounds = list(Round.objects.filter(event=event).values_list("number", "started", "byes"))
    seats = [list(t.seats) for r in event.round_set.all() for t in r.tables.all()]
    sessions = list(PairsSession.objects.values_list("id", "name", "pairs"))
    results = list(BoardResult.objects.values_list("session", "board", "table", "entry"))
    return (event.hide_standings, rounds, seats, event.entrants.count(), sessions, results)


@pytest.mark.parametrize("who", WHO)
@pytest.mark.parametrize("name", sorted(MATRIX))
def test_club_permission_matrix(
    client: Any, owner: Any, stranger: Any, world: dict[str, Any], who: str, name: str
) -> None:
    event = world["event"]
    if who == "owner":
        client.force_login(owner)
    elif who == "stranger":
        client.force_login(stranger)
    elif who == "seat":  # a guest's phone joined at a seat of table 1 by its table link
        match = event.round_set.get(number=1).tables.get(number=1).match
        assert client.post(reverse("table_join", args=[match.table_token]), {"seat": "1"}).status_code == 302
    elif who == "visitor":
        assert client.get(reverse("club_public", args=[event.token])).status_code == 200
    before = state(event)
    target = url(name, world)
    got = (client.get(target).status_code, client.post(target).status_code)
    assert got == MATRIX[name][who]
    if who != "owner":
        assert state(event) == before, "someone other than the director changed the event"


def test_a_wrong_event_link_finds_nothing(client: Any, world: dict[str, Any]) -> None:
    for name in ("club_public", "club_projector", "club_public_results", "club_public_results_csv"):
        assert client.get(reverse(name, args=["not-the-token"])).status_code == 404
    session = world["session"]
    for args in (["not-the-token", 1, table_key(session, 1)], [session.token, 2, table_key(session, 1)]):
        assert client.get(reverse("club_pairs_phone", args=args)).status_code == 404
        assert client.post(reverse("club_pairs_phone_round", args=[*args, 1])).status_code == 404


def test_the_director_s_posts_need_the_csrf_token(owner: Any, world: dict[str, Any]) -> None:
    event = world["event"]
    director = Client(enforce_csrf_checks=True)
    director.force_login(owner)
    before = state(event)
    for name in ("club_round_draw", "club_round_move", "club_round_start", "club_standings", "club_leagues"):
        assert director.post(url(name, world), {"hide": "on", "first": "1", "second": "2"}).status_code == 403
    assert director.post(reverse("club_event_new"), {"game": "belote", "name": "x"}).status_code == 403
    assert director.post(reverse("club_pairs_new"), {"name": "x"}).status_code == 403
    assert director.post(url("club_pairs_table", world), {"b1-contract": ""}).status_code == 403
    assert state(event) == before


ODD = ["", "0", "-1", "99999999999999999999", "x", "1.5", "\x00", "<script>", "[]"]


@pytest.mark.parametrize("value", ODD)
def test_odd_input_is_answered_without_a_server_error(
    client: Any, owner: Any, world: dict[str, Any], value: str
) -> None:
    client.raise_request_exception = False
    client.force_login(owner)
    event = world["event"]
    posts = {
        "club_round_move": {"first": value, "second": value},
        "club_standings": {"hide": value},
        "club_leagues": {"name": value},
    }
    for name, data in posts.items():
        assert client.post(url(name, world), data).status_code < 500
    fields = {"name": value, "game": "belote", "movement": value, "entrants": value, "rounds": value}
    fields.update(deals_per_round=value, target=value, flags=value, confirmation=value, league=value)
    answer = client.post(reverse("club_event_new"), fields)
    assert answer.status_code == 422
    assert client.post(reverse("club_event_new"), {"game": value}).status_code == 200
    assert client.get(reverse("club_event_new"), {"game": value}).status_code == 200
    pairs = {"name": value, "tables": value, "boards_per_round": value, "scoring": value, "pairs": value}
    assert client.post(reverse("club_pairs_new"), {**pairs, "flags": value}).status_code == 422
    table = {f"b{board}-{field}": value for board in (1, 2, 3) for field in ("contract", "declarer", "result")}
    assert client.post(url("club_pairs_table", world), table).status_code in (302, 422)
    for number in ("0", "99"):
        assert client.post(f"/club/{event.pk}/rounds/{number}/start/").status_code == 302
        assert client.post(f"/club/{event.pk}/rounds/{number}/move/", {"first": "1", "second": "2"}).status_code == 302
