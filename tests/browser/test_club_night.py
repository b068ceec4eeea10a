"""A club night in the browser (docs/rules/club.md): a six-team Belote concours of three rounds of two deals, the
director on a 390 px phone, a pair of phones at each table (one seat of each side) joining by the table link,
entering and confirming; the director corrects a deal; the projector at 1920x1080 shows the standings; the night's
PDF (read with pdftotext) against standings worked by hand. Then a three-table progressive Chicago evening of two
rounds, a new partner each round. axe clean in the light and the dark scheme; screenshots in the test's tmp_path."""

from __future__ import annotations

import re
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from club.models import Event, League
from club.services import create_event, draw_round, start_round
from tests.browser.conftest import PHONE, log_in
from tests.browser.test_every_page import check
from tests.browser.test_never_lose_a_deal import assert_axe_clean
from tests.browser.test_scoring_table import tap

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

POLL = 12_000  # the confirmation panel polls every 5 s
TEAMS = ["Léa & Inès", "Marc & Hugo", "Anna & Ben", "Cleo & Dan", "Eve & Finn", "Gus & Hana"]
LAST = "Last trick (dix de der, 10)"

# A deal as tapped: the taker's seat (0: the side of seats 0 and 2; 1: the other), trump, the takers' card points and
# who took the last trick. Its points per side worked by hand from docs/rules/belote.md: the takers' card points and
# the 10 of the last trick against the rest of the 152 card points (BL-7.1, BL-7.2); the takers below the defenders are
# dedans and score nothing, the defenders 162 (BL-7.3).
DEALS = {
    "made0": ((0, "♥", "100", "Takers"), (110, 52)),  # 100 + 10 against 52
    "made1": ((1, "♥", "100", "Takers"), (52, 110)),
    "big0": ((0, "♠", "130", "Takers"), (140, 22)),  # 130 + 10 against 22
    "dedans1": ((1, "♦", "62", "Defenders"), (162, 0)),  # 62 against 90 + 10: dedans
}
# Each round's tables play these two deals (table 1, 2, 3).
PLAYED = {
    1: [("made0", "dedans1"), ("made1", "made1"), ("big0", "made1")],
    2: [("made0", "made0"), ("big0", "dedans1"), ("made1", "big0")],
    3: [("made1", "made0"), ("made0", "big0"), ("dedans1", "made1")],
}
# The director's correction: round 3, table 1, deal 2 was "made0" and is made "big0" (130 card points, not 100).
CORRECTED = (3, 1, 2, "big0")


def new_phone(browser: Any, **extra: Any) -> Any:
    context = browser.new_context(viewport=PHONE, has_touch=True, **extra)
    context.set_default_timeout(10_000)
    return context


def looks_right(page: Any, path: Path, name: str) -> None:
    """A screenshot in the light and the dark scheme, each axe clean, and nothing wider than the phone."""
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.screenshot(path=str(path / f"{name}-{scheme}.png"), full_page=True)
        assert_axe_clean(page)
    page.emulate_media(color_scheme="light")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), name


def join(page: Any, url: str, seat: str) -> None:
    page.goto(url)
    page.get_by_label(seat, exact=True).check()
    page.get_by_role("button", name="Join the table").click()
    page.locator("#deal-form input[name=key]").wait_for(state="attached")


def tap_deal(page: Any, players: list[str], deal: str) -> None:
    (seat, trump, points, last), _points = DEALS[deal]
    tap(page, "Taker", players[seat])
    tap(page, "Trump", trump)
    page.fill("#id_taker_card_points", points)
    tap(page, LAST, last)


def save_and_wait(page: Any, number: int, *, last: bool) -> None:
    """Save deal ``number``: its confirmation panel shows the deal waiting, and the next deal's form is drawn. The
    next taps follow at once: a redraw of the entry still on its way is dropped once a field is tapped (static/js/
    table_link.js)."""
    page.get_by_role("button", name=f"Save deal {number}").click()
    expect(page.get_by_test_id(f"pending-{number}")).to_be_visible()
    if not last:
        expect(page.get_by_role("button", name=f"Save deal {number + 1}")).to_be_visible()


def confirm_all(page: Any, count: int) -> None:
    """The other side's phone confirms each deal once its panel shows it (the panel polls every 5 s). A poll already
    on its way when the tap is made may draw the panel as it was once more; the next poll shows the deal confirmed."""
    for number in range(1, count + 1):
        page.get_by_role("button", name=f"Confirm deal {number}").click(timeout=POLL)
        expect(page.locator("#table-pending")).to_contain_text(f"Deal {number} confirmed.", timeout=POLL)


def play_round(browser: Any, tables: list[tuple[str, list[str], tuple[str, str]]]) -> None:
    """At each table (its link, its teams, its two deals) seat 0's phone enters both deals; then seat 1's phone (the
    other side) at each table confirms them. The tables play side by side, as in the room: each confirming panel has
    polled by the time its turn comes."""
    phones = []
    for url, players, deals in tables:
        first, second = new_phone(browser), new_phone(browser)
        entering, confirming = first.new_page(), second.new_page()
        join(entering, url, players[0])
        join(confirming, url, players[1])
        for number, deal in enumerate(deals, start=1):
            tap_deal(entering, players, deal)
            save_and_wait(entering, number, last=number == len(deals))
        phones.append((first, second, confirming, len(deals)))
    for first, second, confirming, count in phones:
        confirm_all(confirming, count)
        first.close()
        second.close()


def director_step(page: Any, button: str) -> None:
    page.get_by_role("button", name=button).click()
    page.wait_for_load_state()


def worked_by_hand(event: Event) -> tuple[dict[str, tuple[int, int, int]], dict[frozenset[str], str]]:
    """Each team's (matches won, points, conceded) from the deals played, the tables' seats read from the event; and
    who won each meeting of two teams."""
    names = {entrant.number: entrant.name for entrant in event.entrants.all()}
    totals = {name: [0, 0, 0] for name in names.values()}
    beaten: dict[frozenset[str], str] = {}
    for r in event.round_set.all():
        for t in r.tables.all():
            side0, side1 = names[t.seats[0]], names[t.seats[1]]
            deals = list(PLAYED[r.number][t.number - 1])
            if (r.number, t.number) == CORRECTED[:2]:
                deals[CORRECTED[2] - 1] = CORRECTED[3]
            points0 = sum(DEALS[d][1][0] for d in deals)
            points1 = sum(DEALS[d][1][1] for d in deals)
            assert points0 != points1
            beaten[frozenset({side0, side1})] = side0 if points0 > points1 else side1
            for name, own, other in ((side0, points0, points1), (side1, points1, points0)):
                totals[name][0] += own > other
                totals[name][1] += own
                totals[name][2] += other
    return {name: (won, points, conceded) for name, (won, points, conceded) in totals.items()}, beaten


def places_by_hand(
    expected: dict[str, tuple[int, int, int]], beaten: dict[frozenset[str], str]
) -> list[tuple[int, str]]:
    """The standings by matches won, then difference (CL-3.6), then head to head (CL-3.4): two teams still level are
    ordered by their meeting, or share the place if they did not meet. (The deals leave at most two level.)"""

    def key(name: str) -> tuple[int, int]:
        return expected[name][0], expected[name][1] - expected[name][2]

    places = []
    for value in sorted({key(name) for name in expected}, reverse=True):
        level = sorted(name for name in expected if key(name) == value)
        assert len(level) <= 2, level
        place = len(places) + 1
        if len(level) == 2 and frozenset(level) in beaten:
            winner = beaten[frozenset(level)]
            loser = next(name for name in level if name != winner)
            places += [(place, winner), (place + 1, loser)]
        else:
            places += [(place, name) for name in level]
    return places


def test_cl_a_belote_concours_of_six_teams_on_phones(
    browser: Any, live_server: Any, demo_user: Any, tmp_path: Path
) -> None:
    director_context = new_phone(browser)
    director = director_context.new_page()
    log_in(director, live_server)

    # The event, made on the director's phone.
    director.goto(f"{live_server.url}/club/")
    looks_right(director, tmp_path, "events-390")
    director.get_by_role("button", name="New event").click()
    director.get_by_role("button", name="Belote").click()
    director.get_by_label("Name of the event").fill("Concours du vendredi")
    director.get_by_label("Entrants, one a line").fill("\n".join(TEAMS))
    director.get_by_label("Rounds").fill("3")
    director.get_by_label("Deals a round").fill("2")
    looks_right(director, tmp_path, "event-new-390")
    director.get_by_role("button", name="Make the event").click()
    expect(director.get_by_role("heading", name="Concours du vendredi")).to_be_visible()
    event = Event.objects.get()
    assert event.deals_per_round == 2 and event.confirmation == "sides"
    event.seed = 1  # the same draw every run (CL-2.1), so that the night below is always the same
    event.save(update_fields=["seed"])

    for number in (1, 2, 3):
        director_step(director, "Draw the first round" if number == 1 else "Draw the next round")
        expect(director.get_by_role("heading", name=f"Round {number} of 3")).to_be_visible()
        if number == 1:
            looks_right(director, tmp_path, "round-drawn-390")
        director_step(director, f"Start round {number}")
        tables = []
        for t in event.round_set.get(number=number).tables.order_by("number"):
            card = director.locator(f"#table-{t.number}")
            card.get_by_text("Table link and QR code").click()
            tables.append(
                (card.get_by_role("textbox").input_value(), list(t.match.players), PLAYED[number][t.number - 1])
            )
        play_round(browser, tables)
        if number == 1:
            director.reload()
            looks_right(director, tmp_path, "round-played-390")

    # The director corrects deal 2 of round 3's table 1 on its match page, as the match's owner.
    rnd, table_number, deal_number, deal = CORRECTED
    match = event.round_set.get(number=rnd).tables.get(number=table_number).match
    director.reload()
    director.locator(f"#table-{table_number}").get_by_role("link", name=f"Open table {table_number}'s match").click()
    director.goto(f"{live_server.url}/matches/{match.pk}/deals/{deal_number}/edit/")
    tap_deal(director, list(match.players), deal)
    director.fill("#id_defender_card_points", "")  # the deal's 52 was shown: the rest of 152 once it is left out
    director.get_by_role("button", name=f"Save deal {deal_number}").click()
    director.wait_for_url(re.compile(rf"/matches/{match.pk}/(#.*)?$"))

    # The standings worked by hand: matches won, then points won less points conceded, then head to head (CL-3.6).
    expected, beaten = worked_by_hand(event)
    places = places_by_hand(expected, beaten)
    shared = {place for place, _name in places if [p for p, _n in places].count(place) > 1}

    # The projector, from across the room.
    projector_context = browser.new_context(viewport={"width": 1920, "height": 1080})
    projector = projector_context.new_page()
    projector.goto(f"{live_server.url}/club/e/{event.token}/projector/")
    rows = projector.locator(".projector-standings tbody tr")
    expect(rows).to_have_count(6)
    for index, (place, name) in enumerate(places):
        if place not in shared:  # two teams sharing a place may be listed either way
            expect(rows.nth(index)).to_contain_text(name)
        expect(rows.nth(index).locator("td").first).to_have_text(str(place))
    projector.screenshot(path=str(tmp_path / "projector-1920.png"))
    assert_axe_clean(projector)
    projector.emulate_media(color_scheme="dark")
    projector.screenshot(path=str(tmp_path / "projector-1920-dark.png"))
    assert_axe_clean(projector)
    projector_context.close()

    # The room's page on a player's phone, by the event link.
    room_context = new_phone(browser)
    room = room_context.new_page()
    room.goto(f"{live_server.url}/club/e/{event.token}/")
    expect(room.locator(".club-standings tbody tr").first).to_contain_text(places[0][1])
    looks_right(room, tmp_path, "room-390")
    room_context.close()

    # The results page, then the PDF read with pdftotext.
    director.goto(f"{live_server.url}/club/{event.pk}/results/")
    expect(director.locator(".club-corrections")).to_contain_text("Edited deal 2")
    looks_right(director, tmp_path, "results-390")
    with director.expect_download() as download:
        director.get_by_role("button", name="PDF").click()
    pdf = tmp_path / "night.pdf"
    download.value.save_as(pdf)
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    lines = [" ".join(line.split()) for line in text.splitlines()]
    for place, name in places:
        won, points, conceded = expected[name]
        row = f"{place} {name} 3 {won} {points:,} {conceded:,} {points - conceded:,}"
        assert row.replace("-", "−") in lines or row in lines, (row, lines[:20])
    assert any("Edited deal 2" in line for line in lines)
    director_context.close()


# --- A progressive Chicago evening: twelve players at three tables, a new partner every round (CL-2.4) ---

PLAYERS = ["Ava", "Bo", "Cy", "Di", "Ed", "Flo", "Gil", "Hal", "Ivy", "Jo", "Kai", "Lu"]
# A Chicago round, North dealing first (BR-8.1): deal 1 nobody vulnerable, deal 2 East-West (the dealer's side), deal 3
# North-South, deal 4 both (BR-8.2). Each deal: the declarer's seat, level, strain, the result against the 6 + level
# tricks (BR-9.1); its points (N-S, E-W) worked by hand from BR-6.1 to BR-6.6 and BR-8.3.
CHICAGO = {
    "A": [
        (0, "3", "NT", "="),  # 40 + 30 + 30 + game 300 = N-S 400
        (1, "4", "♠", "="),  # 4 x 30 + vulnerable game 500 = E-W 620
        (2, "2", "♥", "="),  # 60 + part-score 50 = N-S 110
        (3, "3", "NT", "−1"),  # one vulnerable undertrick: N-S 100
    ],
    "B": [
        (0, "3", "NT", "+1"),  # 100 + 30 + 300 = N-S 430
        (1, "4", "♠", "−1"),  # one vulnerable undertrick: N-S 100
        (2, "2", "♥", "="),  # N-S 110
        (3, "3", "NT", "="),  # 100 + vulnerable game 500 = E-W 600
    ],
}
CHICAGO_POINTS = {"A": (610, 620), "B": (640, 600)}
EVENING = {1: ["A", "B", "A"], 2: ["B", "A", "B"]}
SEAT_LABELS = ("N", "E", "S", "W")


def play_chicago_round(browser: Any, tables: list[tuple[str, list[str], str]]) -> None:
    """At each table (its link, its players, its deals' pattern) North's phone enters the four deals; then East's
    phone (the other side) at each table confirms them. The tables play side by side, as in the room: each East's
    panel has polled by the time its turn comes."""
    phones = []
    for url, players, pattern in tables:
        first, second = new_phone(browser), new_phone(browser)
        north, east = first.new_page(), second.new_page()
        join(north, url, f"N · {players[0]}")
        join(east, url, f"E · {players[1]}")
        for number, (seat, level, strain, result) in enumerate(CHICAGO[pattern], start=1):
            tap(north, "Declarer", f"{SEAT_LABELS[seat]} · {players[seat]}")
            tap(north, "Level", level)
            tap(north, "Strain", strain)
            tap(north, "Result", result)
            save_and_wait(north, number, last=number == len(CHICAGO[pattern]))
        expect(north.get_by_text("the round's 4 deals are played", exact=False).first).to_be_visible()
        phones.append((first, second, east, pattern))
    for first, second, east, pattern in phones:
        confirm_all(east, len(CHICAGO[pattern]))
        first.close()
        second.close()


def test_cl_2_4_a_progressive_chicago_evening_of_twelve(
    browser: Any, live_server: Any, demo_user: Any, tmp_path: Path
) -> None:
    director_context = new_phone(browser)
    director = director_context.new_page()
    log_in(director, live_server)
    director.goto(f"{live_server.url}/club/new/?game=contract_bridge")
    director.get_by_label("Name of the event").fill("Chicago Tuesday")
    director.get_by_label("Progressive: individual players, a new partner every round").check()
    director.get_by_label("Entrants, one a line").fill("\n".join(PLAYERS))
    director.get_by_label("Rounds").fill("2")
    director.get_by_label("One round of Chicago", exact=False).check()
    director.get_by_role("button", name="Make the event").click()
    expect(director.get_by_role("heading", name="Chicago Tuesday")).to_be_visible()
    event = Event.objects.get()
    assert event.deals_per_round is None  # each table plays its Chicago round to its end (CL-1.3)

    partners: dict[str, set[str]] = {name: set() for name in PLAYERS}
    expected = {name: [0, 0, 0] for name in PLAYERS}  # won, points, conceded
    for number in (1, 2):
        director_step(director, "Draw the first round" if number == 1 else "Draw the next round")
        director_step(director, f"Start round {number}")
        tables = []
        for t in event.round_set.get(number=number).tables.order_by("number"):
            card = director.locator(f"#table-{t.number}")
            card.get_by_text("Table link and QR code").click()
            tables.append(
                (card.get_by_role("textbox").input_value(), list(t.match.players), EVENING[number][t.number - 1])
            )
        play_chicago_round(browser, tables)
        for _url, players, pattern in tables:
            north_south, east_west = CHICAGO_POINTS[pattern]
            for seat, name in enumerate(players):
                partner = players[(seat + 2) % 4]
                assert partner not in partners[name], f"{name} partnered {partner} again in round {number}"
                partners[name].add(partner)
                own, other = (north_south, east_west) if seat % 2 == 0 else (east_west, north_south)
                expected[name][0] += own > other
                expected[name][1] += own
                expected[name][2] += other
        if number == 1:
            director.reload()
            looks_right(director, tmp_path, "chicago-round-390")

    # The results, read as a spreadsheet would: each player's won, points, conceded and difference worked by hand,
    # ranked by difference, then matches won (CL-3.8).
    answer = director_context.request.get(f"{live_server.url}/club/{event.pk}/results.csv")
    lines = answer.text().lstrip("\ufeff").splitlines()
    rows = [line.split(",") for line in lines[1 : 1 + len(PLAYERS)]]
    shown = {row[1]: (int(row[3]), int(row[4]), int(row[5]), int(row[6])) for row in rows}
    assert shown == {name: (w, p, c, p - c) for name, (w, p, c) in expected.items()}
    order = [(shown[row[1]][3], shown[row[1]][0]) for row in rows]
    assert order == sorted(order, reverse=True)

    projector_context = browser.new_context(viewport={"width": 1920, "height": 1080})
    projector = projector_context.new_page()
    projector.goto(f"{live_server.url}/club/e/{event.token}/projector/")
    expect(projector.locator(".projector-standings tbody tr")).to_have_count(12)
    expect(projector.locator(".projector-playing")).to_contain_text("Every table has finished.")
    projector.screenshot(path=str(tmp_path / "chicago-projector-1920.png"))
    assert_axe_clean(projector)
    projector_context.close()
    director_context.close()


@pytest.fixture(params=["light", "dark"])
def screen(request: Any, browser: Any) -> Iterator[Any]:
    context = new_phone(browser, color_scheme=request.param)
    yield context
    context.close()


def test_cl_every_club_page_fits_a_phone(screen: Any, live_server: Any, demo_user: Any) -> None:
    """Each page of the club at 390 px, light and dark: axe finds nothing, nothing scrolls sideways, no internal word
    shows (tests/browser/test_every_page.py's check)."""
    league = League.objects.create(owner=demo_user, name="Winter league")
    data = {"name": "Club night", "game": "belote", "flags": [], "target": None, "deals_per_round": 2, "rounds": 2}
    data.update(movement="swiss", confirmation="sides", league=league)
    event = create_event(owner=demo_user, data=data, teams=[team.split(" & ") for team in TEAMS[:5]])
    draw_round(event=event)
    page = screen.new_page()
    base = live_server.url
    problems = check(page, f"{base}/club/e/{event.token}/")  # drawn, not started: the room's page
    log_in(page, live_server)
    problems += check(page, f"{base}/club/{event.pk}/")  # the director may still move players
    start_round(event=event, number=1)
    for url in (
        "/club/",
        "/club/new/",
        "/club/new/?game=contract_bridge",
        f"/club/{event.pk}/",
        f"/club/{event.pk}/results/",
        f"/club/{event.pk}/rounds/1/cards/",
        "/club/leagues/",
        f"/club/leagues/{league.pk}/",
        f"/club/e/{event.token}/",
        f"/club/e/{event.token}/results/",
    ):
        problems += check(page, base + url)
    assert problems == []
