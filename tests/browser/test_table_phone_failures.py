"""A table's phone when things go wrong, at 390 px (scoring/table.py): the owner removes a phone, which is told so
by its own page and may not join again by the same link; a new table link ends the other phone's seat, which is told
so too, and the removed phone joins again by the new one; a guest whose session ended is told how to sit again; a
dispute made with no connection is kept on the phone and lands once when the connection comes back.
axe clean; screenshots in the test's tmp_path."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from scoring import table
from scoring.models import Change, Deal, TableDevice
from tests.browser.conftest import PHONE, log_in
from tests.browser.test_never_lose_a_deal import assert_axe_clean, new_match, tap_bridgette

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

POLL = 20_000  # the confirmation panel polls every 5 s; a busy machine may take a few polls
REMOVED = "The match's owner removed this phone from the table; ask them for a new table link."
RENEWED = (
    "The match's owner made a new table link, which ended this phone's seat; ask them for the new link, or scan its "
    "QR code again."
)


def new_phone(browser: Any) -> Any:
    context = browser.new_context(viewport=PHONE, has_touch=True)
    context.set_default_timeout(10_000)
    return context


def join(page: Any, url: str, seat: str) -> None:
    page.goto(url)
    page.get_by_label(seat, exact=True).check()
    page.get_by_role("button", name="Join the table").click()
    expect(page.get_by_test_id("table-seat")).to_be_visible()


def fits(page: Any) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_a_removed_phone_and_one_of_a_replaced_link_are_told_why(
    browser: Any, live_server: Any, demo_user: Any, tmp_path: Path
) -> None:
    match = new_match(demo_user)  # Bridgette, Anna v Ben
    table.renew_table_link(match=match)
    table.set_confirmation(match=match, mode=table.SIDES)
    url = f"{live_server.url}/table/{match.table_token}/"
    contexts = [new_phone(browser) for _phone in range(3)]
    owner, anna, ben = (context.new_page() for context in contexts)
    log_in(owner, live_server)
    join(anna, url, "Anna")
    join(ben, url, "Ben")

    # The owner removes Ben's phone: its page, polling, opens the page that says why.
    owner.goto(f"{live_server.url}/matches/{match.pk}/")
    owner.get_by_role("button", name="Remove Ben (guest)").click()
    expect(owner.get_by_text("Removed Ben (guest) from the table.")).to_be_visible()
    expect(ben.get_by_role("heading", name="This phone is no longer at the table")).to_be_visible(timeout=POLL)
    expect(ben.get_by_test_id("table-gone")).to_have_text(REMOVED)
    fits(ben)
    ben.screenshot(path=str(tmp_path / "removed-phone-390.png"), full_page=True)
    assert_axe_clean(ben)
    # The same link does not take it back.
    ben.goto(url)
    expect(ben.get_by_test_id("table-gone")).to_have_text(REMOVED)
    expect(ben.get_by_role("button", name="Join the table")).to_have_count(0)
    ben.emulate_media(color_scheme="dark")
    ben.screenshot(path=str(tmp_path / "removed-phone-join-dark-390.png"), full_page=True)
    assert_axe_clean(ben)

    # A new table link: Anna's seat ends, and her page says so; Ben joins again by the new link.
    owner.get_by_text("New table link", exact=True).click()
    owner.get_by_role("button", name="Make a new table link").click()
    expect(owner.get_by_text("New table link made")).to_be_visible()
    expect(anna.get_by_test_id("table-gone")).to_have_text(RENEWED, timeout=POLL)
    anna.screenshot(path=str(tmp_path / "renewed-link-390.png"), full_page=True)
    assert_axe_clean(anna)
    new_url = owner.get_by_label("Table link", exact=True).input_value()
    join(ben, new_url, "Ben")
    expect(ben.get_by_test_id("table-seat")).to_have_text("At this table as Ben (guest).")
    match.refresh_from_db()
    assert [device.seat for device in table.current_devices(match)] == [1]  # Ben's new one alone holds rights
    assert TableDevice.objects.filter(match=match).count() == 3
    for context in contexts:
        context.close()


def test_a_guest_whose_session_ended_is_told_how_to_sit_again(
    browser: Any, live_server: Any, demo_user: Any, tmp_path: Path
) -> None:
    match = new_match(demo_user)
    table.renew_table_link(match=match)
    context = new_phone(browser)
    ben = context.new_page()
    join(ben, f"{live_server.url}/table/{match.table_token}/", "Ben")
    context.clear_cookies()  # the session ended (expired, or the browser's data cleared)
    ben.reload()
    expect(ben.get_by_test_id("table-guest-again")).to_have_text(
        "At the table as a guest? This phone no longer holds your seat: open the table link again (or scan its QR "
        "code) and choose your seat."
    )
    fits(ben)
    ben.screenshot(path=str(tmp_path / "guest-session-ended-390.png"), full_page=True)
    assert_axe_clean(ben)
    context.close()


def test_a_dispute_made_with_no_connection_is_sent_once_when_it_comes_back(
    browser: Any, live_server: Any, demo_user: Any, tmp_path: Path
) -> None:
    match = new_match(demo_user)  # Bridgette, Anna v Ben
    table.renew_table_link(match=match)
    table.set_confirmation(match=match, mode=table.SIDES)
    url = f"{live_server.url}/table/{match.table_token}/"
    anna_context, ben_context = new_phone(browser), new_phone(browser)
    anna, ben = anna_context.new_page(), ben_context.new_page()
    join(anna, url, "Anna")
    join(ben, url, "Ben")
    # Ben enters B1 (Anna 2♥ making 8 tricks); Anna's phone loses its connection and she disputes it.
    tap_bridgette(ben, "Anna", "2", "♥", "8")
    ben.get_by_role("button", name="Save deal 1").click()
    expect(ben.locator("#table-notice")).to_contain_text("Deal 1 saved.")
    anna.get_by_text("Dispute deal 1").click(timeout=POLL)
    anna_context.set_offline(True)
    anna.get_by_label("What is wrong with it?").fill("Anna made 9 tricks")
    anna.get_by_role("button", name="Dispute", exact=True).click()
    kept = anna.get_by_test_id("kept-1")
    expect(kept).to_have_text(
        "No connection: your dispute of deal 1 is kept on this phone and sent by itself when the connection comes back."
    )
    expect(anna.get_by_role("button", name="Confirm deal 1")).to_be_hidden()
    fits(anna)
    anna.screenshot(path=str(tmp_path / "dispute-kept-offline-390.png"), full_page=True)
    anna.emulate_media(color_scheme="dark")
    anna.screenshot(path=str(tmp_path / "dispute-kept-offline-dark-390.png"), full_page=True)
    assert_axe_clean(anna)
    assert Deal.objects.get(match=match).state == "waiting"
    anna_context.set_offline(False)
    anna.evaluate("window.dispatchEvent(new Event('online'))")  # as the phone does when it reconnects
    expect(anna.locator("#table-pending")).to_contain_text("Deal 1 disputed.", timeout=POLL)
    expect(kept).to_have_count(0)
    expect(ben.get_by_test_id("pending-1")).to_contain_text("Anna made 9 tricks", timeout=POLL)
    assert Change.objects.filter(match=match, action="disputed").count() == 1
    assert Deal.objects.get(match=match).state == "disputed"
    anna_context.close()
    ben_context.close()
