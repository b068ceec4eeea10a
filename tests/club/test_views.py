"""The club night's pages with the test client: a new event, a round drawn, moved and started, the standings from
the tables' deals (worked by hand), the room's pages, the results, the league (docs/rules/club.md)."""

from __future__ import annotations

import json
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse

from club.models import Event, League
from club.standing import night
from scoring.models import Match
from scoring.services import add_deal, edit_deal

pytestmark = pytest.mark.django_db

DEALS = {d["rule"]: d for d in json.loads((Path(__file__).parents[2] / "fixtures/belote/deals.json").read_text())}
BL1 = DEALS["BL1"]["entry"]  # 170 to the side of seats 0 and 2, 32 to the other (docs/rules/belote.md BL1)
BL3 = DEALS["BL3"]["entry"]  # 20 and 162 (BL3)
assert DEALS["BL1"]["points"] == [170, 32] and DEALS["BL3"]["points"] == [20, 162]
TEAMS = ["Anna & Ben", "Cleo & Dan", "Eve & Finn", "Gus & Hana", "Ida & Jon", "Kim & Leo"]


def new_event(client: Any, **fields: Any) -> Event:
    data = {
        "name": "Friday concours",
        "game": "belote",
        "movement": "swiss",
        "entrants": "\n".join(TEAMS),
        "rounds": "3",
        "deals_per_round": "2",
        "confirmation": "sides",
        **fields,
    }
    response = client.post(reverse("club_event_new"), data)
    assert response.status_code == 302, response.content.decode()[:3000]
    return Event.objects.latest("id")


def test_cl_1_a_new_event_and_its_entrants(client: Any, owner: Any) -> None:
    client.force_login(owner)
    assert client.get(reverse("club_event_new")).status_code == 200
    assert client.get(reverse("club_event_new") + "?game=belote").status_code == 200
    event = new_event(client)
    assert [e.players for e in event.entrants.all()][:2] == [["Anna", "Ben"], ["Cleo", "Dan"]]
    assert event.deals_per_round == 2
    assert client.get(reverse("club_event", args=[event.pk])).status_code == 200


@pytest.mark.parametrize(
    ("fields", "field", "words"),
    [
        ({"entrants": "Anna & Ben\nCleo"}, "entrants", "give 2 names"),
        ({"entrants": "Anna & Ben"}, "entrants", "at least 2"),
        ({"entrants": "Anna & Ben\nanna & Dan"}, "entrants", "already entrant 1"),
        ({"rounds": "0"}, "rounds", ""),
        ({"rounds": "x"}, "rounds", ""),
        ({"flags": ["kj_schmeiss"]}, "flags", ""),
        ({"target": "-5"}, "target", ""),
        ({"movement": "rotation", "entrants": "A\nB\nC\nD\nE\nF"}, "entrants", "multiple of 4"),
        ({"movement": "rotation", "entrants": "A\nB\nC\nD", "rounds": "4"}, "rounds", "3 rounds at most"),
    ],
)
def test_cl_1_a_bad_event_is_refused_on_its_field(client: Any, owner: Any, fields: Any, field: str, words: str) -> None:
    client.force_login(owner)
    data = {"name": "x", "game": "belote", "movement": "swiss", "entrants": "\n".join(TEAMS), "rounds": "3"}
    data.update(confirmation="sides", **fields)
    response = client.post(reverse("club_event_new"), data)
    assert response.status_code == 422
    errors = response.context["form"].errors
    assert field in errors, errors
    assert words in " ".join(errors[field])
    assert not Event.objects.exists()


def test_cl_2_4_rotation_is_for_partnership_games_only(client: Any, owner: Any) -> None:
    client.force_login(owner)
    data = {"name": "x", "game": "bridgette", "movement": "rotation", "entrants": "A\nB\nC\nD", "rounds": "1"}
    response = client.post(reverse("club_event_new"), {**data, "confirmation": "off"})
    assert response.status_code == 422
    assert "movement" in response.context["form"].errors


def play(event: Event, number: int, entries: list[dict[str, Any]]) -> None:
    for t in event.round_set.get(number=number).tables.all():
        for deal, entry in enumerate(entries, start=1):
            add_deal(match=t.match, user=event.owner, number=deal, entry=entry)


def test_cl_3_6_a_belote_night_ranked_by_wins_then_difference(client: Any, owner: Any) -> None:
    client.force_login(owner)
    event = new_event(client)
    client.post(reverse("club_round_draw", args=[event.pk]))
    first = event.round_set.get(number=1)
    assert first.started is None and first.tables.count() == 3
    # Moved before the start: entrants 1 and 2 swap places.
    seats = {t.number: list(t.seats) for t in first.tables.all()}
    assert client.post(reverse("club_round_move", args=[event.pk, 1]), {"first": "1", "second": "2"}).status_code == 302
    swapped = {t.number: list(t.seats) for t in first.tables.all()}
    assert swapped == {n: [{1: 2, 2: 1}.get(e, e) for e in s] for n, s in seats.items()}
    client.post(reverse("club_round_start", args=[event.pk, 1]))
    # A second draw is refused while round 1 plays.
    client.post(reverse("club_round_draw", args=[event.pk]))
    assert event.round_set.count() == 1
    # Moving after the start is refused, nothing moved.
    client.post(reverse("club_round_move", args=[event.pk, 1]), {"first": "1", "second": "2"})
    assert {t.number: list(t.seats) for t in first.tables.all()} == swapped
    # Every table: BL1 then BL3, so the side of seats 0 and 2 scores 170 + 20 = 190, the other 32 + 162 = 194.
    play(event, 1, [BL1, BL3])
    state = night(event)
    winners = {t.sides[1][0] for t in state.round(1).tables}
    losers = {t.sides[0][0] for t in state.round(1).tables}
    rows = state.rows
    assert {row.standing.entrant for row in rows[:3]} == winners
    assert all((r.standing.won, r.standing.points, r.standing.conceded) == (1, 194, 190) for r in rows[:3])
    assert all((r.standing.won, r.standing.difference) == (0, -4) for r in rows[3:])
    assert {row.standing.entrant for row in rows[3:]} == losers
    assert [row.standing.place for row in rows] == [1, 1, 1, 4, 4, 4]
    # Round 2: Swiss, no rematch.
    client.post(reverse("club_round_draw", args=[event.pk]))
    client.post(reverse("club_round_start", args=[event.pk, 2]))
    met1 = {frozenset(t.entrants) for t in state.round(1).tables}
    state = night(event)
    assert not met1 & {frozenset(t.entrants) for t in state.round(2).tables}
    # The director corrects a deal of table 1 as the owner of its match.
    table1 = event.round_set.get(number=2).tables.get(number=1).match
    assert table1.owner == owner
    play(event, 2, [BL1, BL3])
    deal = table1.deals.get(number=2)
    edit_deal(match=table1, user=owner, number=2, revision=deal.revision, entry=BL1)
    results = client.get(reverse("club_results", args=[event.pk]))
    assert "Edited deal 2" in results.content.decode()
    csv = client.get(reverse("club_results_csv", args=[event.pk])).content.decode()
    assert "Edited deal 2" in csv and "place" in csv
    pdf = client.get(reverse("club_results_pdf", args=[event.pk]))
    assert pdf["Content-Type"] == "application/pdf" and pdf.content.startswith(b"%PDF")


def test_cl_3_9_hidden_standings_are_not_on_the_room_s_pages(client: Any, owner: Any) -> None:
    client.force_login(owner)
    event = new_event(client)
    client.post(reverse("club_standings", args=[event.pk]), {"hide": "on"})
    client.logout()
    for name in ("club_public", "club_projector", "club_public_results"):
        page = client.get(reverse(name, args=[event.token])).content.decode()
        assert "Anna &amp; Ben" not in page or "hidden until the end" in page
        assert "<caption>Standings" not in page
    assert "Anna" not in client.get(reverse("club_public_results_csv", args=[event.token])).content.decode()


def test_the_room_s_pages_poll_as_htmx(client: Any, owner: Any) -> None:
    client.force_login(owner)
    event = new_event(client)
    client.logout()
    for name in ("club_public", "club_projector"):
        answer = client.get(reverse(name, args=[event.token]), headers={"HX-Request": "true"})
        assert answer.status_code == 200
        assert answer.content.decode().lstrip().startswith('<div id="club-live"')


def test_cl_4_1_a_league_sums_its_events(client: Any, owner: Any) -> None:
    client.force_login(owner)
    client.post(reverse("club_leagues"), {"name": "Winter league"})
    league = owner.leagues.get()
    for _night in range(2):
        event = new_event(client, league=str(league.pk), rounds="1")
        client.post(reverse("club_round_draw", args=[event.pk]))
        client.post(reverse("club_round_start", args=[event.pk, 1]))
        play(event, 1, [BL1, BL3])
    page = client.get(reverse("club_league", args=[league.pk]))
    rows = page.context["table"].rows
    assert len(rows) == 6
    assert sum(row.standing.played for row in rows) == 12
    assert sum(row.standing.points for row in rows) == 2 * 3 * (190 + 194)


def test_cl_2_4_a_progressive_chicago_night(client: Any, owner: Any) -> None:
    client.force_login(owner)
    players = [f"P{n}" for n in range(1, 13)]
    data = {"name": "Chicago", "game": "contract_bridge", "movement": "rotation", "entrants": "\n".join(players)}
    data.update(rounds="3", flags=["br_chicago"], confirmation="sides")
    assert client.post(reverse("club_event_new"), data).status_code == 302
    event = Event.objects.get()
    client.post(reverse("club_round_draw", args=[event.pk]))
    client.post(reverse("club_round_start", args=[event.pk, 1]))
    matches = Match.objects.filter(club_table__round__event=event).order_by("club_table__number")
    # Round 1 of the schedule (CL-2.4): P12 & P1 v P2 & P11, P3 & P10 v P4 & P9, P5 & P8 v P6 & P7.
    assert [m.players for m in matches] == [
        ["P12", "P2", "P1", "P11"],
        ["P3", "P4", "P10", "P9"],
        ["P5", "P6", "P8", "P7"],
    ]


def test_cl_1_4_a_table_whose_match_was_deleted_counts_nothing_and_holds_nothing_up(client: Any, owner: Any) -> None:
    client.force_login(owner)
    event = new_event(client)
    client.post(reverse("club_round_draw", args=[event.pk]))
    client.post(reverse("club_round_start", args=[event.pk, 1]))
    tables = list(event.round_set.get(number=1).tables.all())
    client.post(reverse("match_delete", args=[tables[0].match.pk]))
    for t in tables[1:]:
        t.refresh_from_db()
        for deal, entry in enumerate([BL1, BL3], start=1):
            add_deal(match=t.match, user=owner, number=deal, entry=entry)
    state = night(event)
    assert [t.finished for t in state.round(1).tables] == [True, True, True]
    assert sum(row.standing.played for row in state.rows) == 4
    for name in ("club_event", "club_results", "club_results_csv"):
        assert client.get(reverse(name, args=[event.pk])).status_code == 200
    client.post(reverse("club_round_draw", args=[event.pk]))
    assert event.round_set.count() == 2


def test_cl_4_1_another_account_s_league_cannot_be_chosen(client: Any, owner: Any, stranger: Any) -> None:
    theirs = League.objects.create(owner=stranger, name="Theirs")
    client.force_login(owner)
    data = {"name": "x", "game": "belote", "movement": "swiss", "entrants": "\n".join(TEAMS), "rounds": "1"}
    response = client.post(reverse("club_event_new"), {**data, "confirmation": "sides", "league": str(theirs.pk)})
    assert response.status_code == 422
    assert "league" in response.context["form"].errors
    client.force_login(stranger)
    assert client.get(reverse("club_league", args=[theirs.pk])).status_code == 200
    client.force_login(owner)
    assert client.get(reverse("club_league", args=[theirs.pk])).status_code == 404


def test_the_room_s_pages_are_drawn_once_per_state_of_the_event(
    client: Any, owner: Any, django_assert_max_num_queries: Any
) -> None:
    client.force_login(owner)
    event = new_event(client)
    client.post(reverse("club_round_draw", args=[event.pk]))
    client.post(reverse("club_round_start", args=[event.pk, 1]))
    client.logout()
    url = reverse("club_projector", args=[event.token])
    first = client.get(url, headers={"HX-Request": "true"}).content.decode()
    with django_assert_max_num_queries(3):  # the session, the event, the tables' versions: nothing evaluated
        assert client.get(url, headers={"HX-Request": "true"}).content.decode() == first
    # A deal saved at a table bumps its match's version: the next poll shows it.
    match = event.round_set.get(number=1).tables.get(number=1).match
    add_deal(match=match, user=owner, number=1, entry=BL1)
    assert client.get(url, headers={"HX-Request": "true"}).content.decode() != first
    # So does the director's hiding of the standings.
    before = client.get(url, headers={"HX-Request": "true"}).content.decode()
    client.force_login(owner)
    client.post(reverse("club_standings", args=[event.pk]), {"hide": "on"})
    client.logout()
    hidden = client.get(url, headers={"HX-Request": "true"}).content.decode()
    assert hidden != before and "hidden until the end" in hidden


def test_cl_1_2_a_game_without_partners_takes_one_name_an_entrant(client: Any, owner: Any) -> None:
    client.force_login(owner)
    data = {"name": "x", "game": "call_bridge", "movement": "swiss", "entrants": "Anna & Ben\nCleo\nDan\nEve"}
    response = client.post(reverse("club_event_new"), {**data, "rounds": "1", "target": "30", "confirmation": "off"})
    assert response.status_code == 422
    assert response.context["form"].errors["entrants"] == [
        "Entrant 1 (“Anna & Ben”): give one name, with no “&” (CL-1.2)."
    ]


def test_the_director_s_round_status_follows_the_tables(client: Any, owner: Any, stranger: Any) -> None:
    client.force_login(owner)
    event = new_event(client)
    client.post(reverse("club_round_draw", args=[event.pk]))
    client.post(reverse("club_round_start", args=[event.pk, 1]))
    url = reverse("club_event", args=[event.pk])
    status = client.get(url, headers={"HX-Request": "true"}).content.decode()
    assert status.lstrip().startswith('<p id="round-status"')
    assert "3 tables still playing" in " ".join(status.split())
    play(event, 1, [BL1, BL3])
    polled = client.get(url, headers={"HX-Request": "true"}).content.decode()
    assert "Every table has finished." in polled and "Reload the page to draw the next round." in polled
    page = client.get(url).content.decode()  # drawn whole, the page has the Draw button itself
    assert "Every table has finished." in page and "Reload the page" not in page
    client.force_login(stranger)
    assert client.get(url, headers={"HX-Request": "true"}).status_code == 404


CB = {d["rule"]: d for d in json.loads((Path(__file__).parents[2] / "fixtures/call_bridge/deals.json").read_text())}


def test_cl_3_7_a_call_bridge_league_night_of_tables_of_four(client: Any, owner: Any) -> None:
    # Eight players, tables of four (one side a seat), a target of 30 and a round of one deal: the standings add up
    # each player's points (CL-3.7). Every table plays C1, 3, 4, −2, −5 by seat (docs/rules/call_bridge.md C1).
    assert CB["§6.2 C1"]["points"] == [3, 4, -2, -5]
    client.force_login(owner)
    players = ["Ana", "Bela", "Cili", "Dezso", "Eva", "Feri", "Gabi", "Hedi"]
    data = {"name": "Call night", "game": "call_bridge", "movement": "swiss", "entrants": "\n".join(players)}
    data.update(rounds="2", deals_per_round="1", target="30", confirmation="off")
    assert client.post(reverse("club_event_new"), data).status_code == 302
    event = Event.objects.get()
    client.post(reverse("club_round_draw", args=[event.pk]))
    client.post(reverse("club_round_start", args=[event.pk, 1]))
    tables = list(event.round_set.get(number=1).tables.all())
    assert [len(set(t.match.players)) for t in tables] == [4, 4]
    play_entries = [CB["§6.2 C1"]["entry"]]
    for t in tables:
        add_deal(match=t.match, user=owner, number=1, entry=play_entries[0])
    rows = night(event).rows
    by_name = {row.name: row.standing for row in rows}
    for t in tables:
        for seat, name in enumerate(t.match.players):
            assert by_name[name].points == [3, 4, -2, -5][seat]
    assert [row.standing.points for row in rows] == [4, 4, 3, 3, -2, -2, -5, -5]
    assert [row.standing.place for row in rows] == [1, 1, 3, 3, 5, 5, 7, 7]
    # Round 2: no one meets anyone they met in round 1 while it can be helped: with two tables of four it cannot,
    # so each table holds the fewest pairs who met.
    client.post(reverse("club_round_draw", args=[event.pk]))
    met = {frozenset(pair) for t in tables for pair in combinations(t.match.players, 2)}
    second = [t.seats for t in event.round_set.get(number=2).tables.all()]
    names = dict(event.entrants.values_list("number", "players"))
    rematches = sum(
        1 for seats in second for pair in combinations(seats, 2) if frozenset(names[p][0] for p in pair) in met
    )
    assert rematches == 4  # two of each old table at each new table: one pair from each, at each table


def test_the_table_cards_of_a_started_round(client: Any, owner: Any) -> None:
    client.force_login(owner)
    event = new_event(client)
    cards = reverse("club_round_cards", args=[event.pk, 1])
    assert client.get(cards).status_code == 404  # not drawn
    client.post(reverse("club_round_draw", args=[event.pk]))
    assert client.get(cards).status_code == 404  # drawn, not started: no table link yet
    client.post(reverse("club_round_start", args=[event.pk, 1]))
    page = client.get(cards).content.decode()
    for t in event.round_set.get(number=1).tables.all():
        assert reverse("table_join", args=[t.match.table_token]) in page
    assert page.count('class="table-card"') == 3


def test_the_directors_match_list_shows_each_event_once_with_its_tables(client: Any, owner: Any) -> None:
    """A club night's tables are the director's matches, but the home page lists the event once, with its count of
    tables and a link to its page, not every table's match; the director's other matches are listed as before."""
    client.force_login(owner)
    own = Match.objects.create(owner=owner, game="bridgette", players=["Zoe", "Yan"], first_dealer=0)
    event = new_event(client)  # six teams: three tables a round
    client.post(reverse("club_round_draw", args=[event.pk]))
    client.post(reverse("club_round_start", args=[event.pk, 1]))
    tables = Match.objects.filter(club_table__round__event=event)
    assert tables.count() == 3
    page = client.get(reverse("home")).content.decode()
    assert reverse("match", args=[own.pk]) in page
    for match in tables:
        assert reverse("match", args=[match.pk]) not in page
    assert page.count(f'href="{reverse("club_event", args=[event.pk])}"') == 1
    assert "Friday concours" in page
    assert '<span class="match-game">Belote</span>' in page  # the event's game; the director's own is Bridgette
    assert '<span class="match-state">3 tables</span>' in page
