"""Every player at the table, four phones at 390 px (issue 25's "done when"): Anna (the match's owner, with an
account), Ben (with an account), Cleo and Dan (guests) each join their seat by the table link and play a Contract
Bridge rubber and a game of Belote. Each deal is entered by one side and confirmed by the other; Dan's phone loses
its connection, confirms, and the confirmation lands once when it comes back; Belote's first deal is disputed,
checked in the referee card by card ("Check this deal"), settled with the referee's result and confirmed. The
reports say who entered and who confirmed each deal, and the owner's statistics show both games for each player.

Kept short: the rubber is won 2-0 in two deals (BR-7.1), the Belote game is played to 200 (R-BL-13: any target the
players agree), and every wait is on what a phone shows, never a sleep. Screenshots in the test's tmp_path.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from scoring import table
from scoring.models import Change, Deal, TableDevice
from tests.browser.conftest import PHONE, log_in
from tests.browser.test_check_plays_only import Taps as CardTaps
from tests.browser.test_check_plays_only import record_event
from tests.browser.test_never_lose_a_deal import assert_axe_clean, new_match
from tests.browser.test_partnership_games import LAST, Taps, enter_belote_deal_without_saving
from tests.browser.test_scoring_table import tap

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

POLL = 20_000  # the confirmation panel polls every 5 s; a busy machine may take a few polls
FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
# fixtures/belote/hand.json, the worked deal BL1 played card by card: Dan deals, the turn-up is 8♥, Anna takes it;
# Anna & Cleo 120 card points and the last trick, Ben & Dan 32, Cleo's belote-rebelote: 150 to 32.
BL1 = json.loads((FIXTURES / "belote" / "hand.json").read_text())


def new_phone(browser: Any) -> Any:
    context = browser.new_context(viewport=PHONE, has_touch=True)
    context.set_default_timeout(10_000)
    return context


def join(page: Any, url: str, seat: str) -> None:
    page.goto(url)
    page.get_by_label(seat, exact=True).check()
    page.get_by_role("button", name="Join the table").click()
    expect(page.get_by_test_id("table-seat")).to_be_visible()


def enter_bridge(page: Any, number: int, declarer: str, contract: str, result: str) -> None:
    page.get_by_role("heading", name=f"Enter deal {number}").wait_for(timeout=POLL)
    tap(page, "Declarer", declarer)
    tap(page, "Level", contract[0])
    tap(page, "Strain", contract[1:])
    tap(page, "Result", result)
    page.get_by_role("button", name=f"Save deal {number}").click()
    expect(page.locator("#table-notice")).to_contain_text(f"Deal {number} saved.")


def confirm(page: Any, number: int) -> None:
    page.get_by_role("button", name=f"Confirm deal {number}").click(timeout=POLL)
    expect(page.locator("#table-pending")).to_contain_text(f"Deal {number} confirmed")


def fits(page: Any) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_four_phones_play_a_rubber_and_a_belote_game_entering_and_confirming(
    browser: Any, live_server: Any, demo_user: Any, django_user_model: Any, tmp_path: Path
) -> None:
    django_user_model.objects.create_user(username="ben", password="ben-passphrase-1")
    contexts = [new_phone(browser) for _seat in range(4)]
    anna, ben, cleo, dan = (context.new_page() for context in contexts)
    log_in(anna, live_server)  # demo_user, the owner
    log_in(ben, live_server, "ben", "ben-passphrase-1")

    # --- Contract Bridge: N Anna, E Ben, S Cleo, W Dan; Ben deals first ---
    rubber = new_match(demo_user, "contract_bridge")
    anna.goto(f"{live_server.url}/matches/{rubber.pk}/")
    anna.get_by_role("button", name="Make a table link").click()
    anna.get_by_label("Who confirms each deal").select_option("sides")
    anna.locator("#table form").filter(has=anna.get_by_label("Who confirms each deal")).get_by_role(
        "button", name="Save"
    ).click()
    expect(anna.get_by_text("Confirmation: The other side confirms each deal.")).to_be_visible()
    url = anna.get_by_label("Table link", exact=True).input_value()
    # The owner confirms from a seat like everyone: their page offers to join one.
    no_seat = anna.get_by_test_id("owner-no-seat")
    expect(no_seat).to_contain_text("To confirm from this phone, join your own seat.")
    anna.screenshot(path=str(tmp_path / "owner-no-seat-390.png"), full_page=True)
    no_seat.get_by_role("link", name="Join a seat on this phone").click()
    anna.get_by_label("N · Anna", exact=True).check()
    anna.get_by_role("button", name="Join the table").click()
    expect(anna.get_by_test_id("table-seat")).to_have_text("At this table as N · Anna (tablemate).")
    join(ben, url, "E · Ben")
    join(cleo, url, "S · Cleo")
    join(dan, url, "W · Dan")
    expect(cleo.get_by_test_id("table-seat")).to_have_text("At this table as S · Cleo (guest).")

    # Deal 1, entered by E-W (Ben): 4♠ by North made, game to N-S (BR-6.1, BR-7.2). N-S confirms it (Cleo).
    enter_bridge(ben, 1, "N · Anna", "4♠", "=")
    expect(ben.get_by_test_id("pending-1")).to_contain_text("waiting for N-S")
    expect(ben.get_by_role("button", name="Confirm deal 1")).to_have_count(0)
    # A seat's phone offers only what it may do: Edit on its own deal while it waits, no owner's or referee's links.
    expect(ben.get_by_role("link", name="Edit deal 1")).to_be_visible()
    expect(ben.get_by_role("link", name="Delete match")).to_have_count(0)
    expect(ben.get_by_role("link", name="Check a hand for deal 2")).to_have_count(0)
    expect(cleo.get_by_role("link", name="Edit deal 1")).to_have_count(0, timeout=POLL)
    ben.screenshot(path=str(tmp_path / "bridge-ben-waiting-390.png"), full_page=True)
    confirm(cleo, 1)
    # Confirmed: Ben's phone may no longer edit it (its sheet follows by the poll).
    expect(ben.get_by_role("link", name="Edit deal 1")).to_have_count(0, timeout=POLL)
    expect(ben.get_by_test_id("mark-1")).to_have_count(0)

    # Deal 2, entered by N-S (Anna, at her seat): 3NT by South made, the second game: N-S win the rubber 2-0.
    # Dan (W) sees it to confirm, then loses the connection and confirms: kept on his phone.
    enter_bridge(anna, 2, "S · Cleo", "3NT", "=")
    dan_confirm = dan.get_by_role("button", name="Confirm deal 2")
    expect(dan_confirm).to_be_visible(timeout=POLL)
    contexts[3].set_offline(True)
    dan_confirm.click()
    kept = dan.get_by_test_id("kept-2")
    expect(kept).to_have_text(
        "No connection: your confirmation of deal 2 is kept on this phone and sent by itself when the connection "
        "comes back."
    )
    expect(dan_confirm).to_be_hidden()
    dan.screenshot(path=str(tmp_path / "bridge-dan-offline-390.png"), full_page=True)
    fits(dan)
    assert Deal.objects.get(match=rubber, number=2).state == "waiting"
    contexts[3].set_offline(False)
    dan.evaluate("window.dispatchEvent(new Event('online'))")  # as the phone does when it reconnects
    expect(dan.locator("#table-pending")).to_contain_text("Deal 2 confirmed.", timeout=POLL)
    expect(kept).to_have_count(0)
    assert Deal.objects.get(match=rubber, number=2).state == "confirmed"
    assert Change.objects.filter(match=rubber, number=2, action="confirmed").count() == 1
    expect(anna.locator("#winner-banner")).to_contain_text("Anna & Cleo", timeout=POLL)
    expect(anna.locator("#table-pending")).to_contain_text("Every deal is confirmed.", timeout=POLL)

    # --- Belote to 200, the same four (Anna & Cleo v Ben & Dan); Dan deals first. The link is made from Python, as
    # another part of Trickbook (a club's evening) makes it. ---
    belote = new_match(demo_user, "belote", target=200, first_dealer=BL1["dealer"])
    table.renew_table_link(match=belote)
    table.set_confirmation(match=belote, mode=table.SIDES)
    url = f"{live_server.url}/table/{belote.table_token}/"
    for page, seat in ((anna, "Anna"), (ben, "Ben"), (cleo, "Cleo"), (dan, "Dan")):
        join(page, url, seat)

    # Deal 1, entered by Ben: he forgets Cleo's belote and has 110 card points. Anna disputes it.
    ben.get_by_role("heading", name="Enter deal 1").wait_for()
    taps = Taps(ben)
    wrong = [("Taker", "Anna"), ("Trump", "♥"), ("#id_taker_card_points", "110"), (LAST, "Takers")]
    enter_belote_deal_without_saving(taps, wrong)
    ben.get_by_role("button", name="Save deal 1").click()
    expect(ben.locator("#table-notice")).to_contain_text("Deal 1 saved.")
    anna.get_by_text("Dispute deal 1").click(timeout=POLL)
    anna.get_by_label("What is wrong with it?").fill("120 card points, and Cleo had belote")
    anna.get_by_role("button", name="Dispute", exact=True).click()
    pending = anna.get_by_test_id("pending-1")
    expect(pending).to_contain_text("disputed")
    expect(cleo.get_by_test_id("mark-1")).to_have_text("disputed", timeout=POLL)
    expect(cleo.get_by_test_id("pending-1")).to_contain_text("The match's owner can check this deal in the referee")
    cleo.screenshot(path=str(tmp_path / "belote-cleo-disputed-390.png"), full_page=True)
    fits(cleo)
    assert_axe_clean(cleo)

    # "Check this deal": the referee, the deal played card by card from the plays alone.
    pending.get_by_role("link", name="Check this deal").click()
    anna.get_by_role("button", name="Start recording").click()
    anna.wait_for_url(f"{live_server.url}/referee/*/")
    cards = CardTaps(anna)
    cards.tap(anna.locator("#picker").get_by_role("button", name="8♥", exact=True))
    for count, event in enumerate(BL1["events"], start=1):
        record_event(anna, cards, event, count)
    verdict = anna.locator("#verdict")
    expect(verdict).to_contain_text("Anna & Cleo 150")
    expect(verdict).to_contain_text("Ben & Dan 32")
    anna.screenshot(path=str(tmp_path / "belote-referee-verdict-390.png"), full_page=True)
    anna.get_by_role("button", name="Use this result in the match").click()
    anna.get_by_role("button", name="Yes, use it").click()
    anna.wait_for_url(f"{live_server.url}/matches/{belote.pk}/")
    expect(anna.get_by_text("Deal 1 of the match now holds the referee's result.")).to_be_visible()
    # Settled: the referee's result waits for the table again; Ben, of the other side, confirms it.
    expect(ben.get_by_test_id("total-0")).to_have_text("150", timeout=POLL)
    confirm(ben, 1)
    assert Deal.objects.get(match=belote, number=1).state == "confirmed"

    # Deal 2, entered by Dan: Cleo takes ♠ and makes it, 100 card points and the last trick, 110 to 52: Anna & Cleo
    # reach 200 first (BL-9.1), 260 to 84. Cleo confirms.
    dan.get_by_role("heading", name="Enter deal 2").wait_for(timeout=POLL)
    enter_belote_deal_without_saving(
        Taps(dan), [("Taker", "Cleo"), ("Trump", "♠"), ("#id_taker_card_points", "100"), (LAST, "Takers")]
    )
    dan.get_by_role("button", name="Save deal 2").click()
    expect(dan.locator("#table-notice")).to_contain_text("Deal 2 saved. The match is over.")
    confirm(cleo, 2)
    expect(cleo.locator("#winner-banner")).to_contain_text("Anna & Cleo", timeout=POLL)
    assert list(Deal.objects.filter(match=belote).values_list("state", flat=True)) == ["confirmed", "confirmed"]

    # The reports: who entered and who confirmed each deal.
    anna.goto(f"{live_server.url}/matches/{rubber.pk}/report/")
    report = anna.locator("main")
    expect(report).to_contain_text("entered by E · Ben (ben)")
    expect(report).to_contain_text("confirmed by S · Cleo (guest)")
    expect(report).to_contain_text("entered by N · Anna (tablemate)")
    expect(report).to_contain_text("confirmed by W · Dan (guest)")
    fits(anna)
    anna.screenshot(path=str(tmp_path / "bridge-report-390.png"), full_page=True)
    anna.goto(f"{live_server.url}/matches/{belote.pk}/report/")
    expect(report).to_contain_text("entered by Ben (ben)")
    expect(report).to_contain_text("disputed by Anna (tablemate): “120 card points, and Cleo had belote”")
    expect(report).to_contain_text("edited by tablemate")
    expect(report).to_contain_text("confirmed by Ben (ben)")
    expect(report).to_contain_text("entered by Dan (guest)")
    expect(report).to_contain_text("confirmed by Cleo (guest)")
    fits(anna)
    anna.screenshot(path=str(tmp_path / "belote-report-390.png"), full_page=True)
    assert_axe_clean(anna)

    # The statistics: each player's two games.
    for name in ("Anna", "Ben", "Cleo", "Dan"):
        anna.goto(f"{live_server.url}/players/stats/?player={name}")
        expect(anna.get_by_test_id("figures-contract_bridge")).to_be_visible()
        expect(anna.get_by_test_id("figures-belote")).to_be_visible()
    expect(anna.get_by_test_id("stats-summary")).to_have_text("2 matches played, 0 won.")  # Dan's
    fits(anna)
    anna.screenshot(path=str(tmp_path / "stats-dan-390.png"), full_page=True)
    assert TableDevice.objects.filter(match=belote).count() == 4
    for context in contexts:
        context.close()
