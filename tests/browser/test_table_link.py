"""Every player's phone at the table (scoring/table.py), three phones at 390 px: the owner makes the table
link, Anna (with an account) and Ben (a guest) join by it; Ben enters a deal and Anna confirms it from her
phone; Ben's next deal Anna disputes with a reason, and the owner's page offers "Check this deal"; the owner's
report says who entered and who confirmed each deal. axe clean in the light and the dark scheme; screenshots
in the test's tmp_path."""

from __future__ import annotations

import contextlib
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from scoring import table
from scoring.models import Deal
from tests.browser.conftest import PHONE, log_in
from tests.browser.test_never_lose_a_deal import assert_axe_clean, new_match, open_match, save, tap_bridgette
from tests.browser.test_scoring_table import tap

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

POLL = 12_000  # the confirmation panel polls every 5 s


def phone(browser: Any) -> Any:
    context = browser.new_context(viewport=PHONE, has_touch=True)
    context.set_default_timeout(10_000)
    return context


def join(page: Any, url: str, seat: str) -> None:
    page.goto(url)
    expect(page.get_by_role("heading", name="Which seat is yours?")).to_be_visible()
    page.get_by_label(seat, exact=True).check()
    page.get_by_role("button", name="Join the table").click()
    page.locator("#deal-form input[name=key]").wait_for(state="attached")


def test_two_seats_enter_confirm_and_dispute(
    browser: Any, live_server: Any, demo_user: Any, django_user_model: Any, tmp_path: Path
) -> None:
    django_user_model.objects.create_user(username="anna", password="anna-passphrase-1")
    match = new_match(demo_user)  # Bridgette, Anna v Ben
    owner_context, anna_context, ben_context = phone(browser), phone(browser), phone(browser)
    owner, anna, ben = owner_context.new_page(), anna_context.new_page(), ben_context.new_page()

    # The owner makes the table link and has the other side confirm each deal.
    log_in(owner, live_server)
    open_match(owner, live_server, match)
    owner.get_by_role("button", name="Make a table link").click()
    owner.get_by_label("Who confirms each deal").select_option("sides")
    owner.locator("#table form").filter(has=owner.get_by_label("Who confirms each deal")).get_by_role(
        "button", name="Save"
    ).click()
    expect(owner.get_by_text("Confirmation: The other side confirms each deal.")).to_be_visible()
    url = owner.get_by_label("Table link", exact=True).input_value()
    expect(owner.get_by_role("img", name=f"QR code of the table link {url}")).to_be_visible()

    # Ben joins as a guest, Anna with her account.
    ben.goto(url)
    expect(ben.get_by_text("You join as a guest on this phone")).to_be_visible()
    ben.screenshot(path=str(tmp_path / "ben-join-light-390.png"), full_page=True)
    assert_axe_clean(ben)
    join(ben, url, "Ben")
    expect(ben.get_by_test_id("table-seat")).to_have_text("At this table as Ben (guest).")
    expect(ben.get_by_role("link", name="Delete match")).to_have_count(0)
    log_in(anna, live_server, "anna", "anna-passphrase-1")
    join(anna, url, "Anna")
    expect(anna.get_by_test_id("table-seat")).to_have_text("At this table as Anna (anna).")
    owner.reload()
    expect(owner.get_by_test_id("table-devices")).to_contain_text("Ben (guest)")
    expect(owner.get_by_test_id("table-devices")).to_contain_text("Anna (anna)")
    owner.screenshot(path=str(tmp_path / "owner-table-panel-light-390.png"), full_page=True)
    assert_axe_clean(owner)

    # Ben enters deal 1 (B1: Anna 2♥ making 8 tricks, +500): it waits for Anna; Anna confirms it.
    tap_bridgette(ben, "Anna", "2", "♥", "8")
    save(ben)
    expect(ben.get_by_test_id("pending-1")).to_contain_text("waiting for Anna", timeout=POLL)
    expect(ben.get_by_role("button", name="Confirm deal 1")).to_have_count(0)  # not the phone that entered it
    anna.get_by_role("button", name="Confirm deal 1").click(timeout=POLL)
    expect(anna.get_by_test_id("total-0")).to_have_text("500")  # Ben's deal on Anna's sheet, by the poll
    # Nothing was tapped on Anna's phone: its entry follows, for deal 2.
    expect(anna.get_by_role("button", name="Save deal 2")).to_be_visible()
    expect(anna.locator("#table-pending")).to_contain_text("Deal 1 confirmed.")
    assert Deal.objects.get(match=match, number=1).state == "confirmed"

    # Ben enters deal 2 (B2: Ben 1NT with 10 tricks, +600); Anna disputes it with a reason.
    tap_bridgette(ben, "Ben", "1", "NT", "10")
    save(ben)
    anna.get_by_text("Dispute deal 2").click(timeout=POLL)
    anna.get_by_label("What is wrong with it?").fill("Ben made 9 tricks")
    anna.get_by_role("button", name="Dispute", exact=True).click()
    pending = anna.get_by_test_id("pending-2")
    expect(pending).to_contain_text("disputed")
    expect(pending).to_contain_text("Ben made 9 tricks")
    # The referee is the owner's: the seats are told who checks it; the owner's page links it.
    expect(pending).to_contain_text("The match's owner can check this deal in the referee")
    expect(ben.get_by_test_id("pending-2")).to_contain_text("The match's owner can check", timeout=POLL)
    owner.reload()
    check = owner.get_by_test_id("pending-2").get_by_role("link", name="Check this deal")
    expect(check).to_have_attribute("href", f"/referee/?match={match.pk}&deal=2")
    anna.screenshot(path=str(tmp_path / "anna-disputed-light-390.png"), full_page=True)
    assert anna.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert_axe_clean(anna)
    anna.emulate_media(color_scheme="dark")
    anna.screenshot(path=str(tmp_path / "anna-disputed-dark-390.png"), full_page=True)
    assert_axe_clean(anna)
    expect(anna.get_by_test_id("mark-2")).to_have_text("disputed")
    expect(ben.get_by_test_id("mark-2")).to_have_text("disputed", timeout=POLL)
    ben.screenshot(path=str(tmp_path / "ben-guest-light-390.png"), full_page=True)
    assert_axe_clean(ben)

    # The owner's report: who entered and who confirmed each deal, and the dispute marked.
    owner.goto(f"{live_server.url}/matches/{match.pk}/report/")
    report = owner.locator("main")
    expect(report).to_contain_text("entered by Ben (guest)")
    expect(report).to_contain_text("confirmed by Anna (anna)")
    expect(report).to_contain_text("disputed by Anna (anna): “Ben made 9 tricks”")
    owner.screenshot(path=str(tmp_path / "owner-report-light-390.png"), full_page=True)
    assert_axe_clean(owner)
    owner.emulate_media(color_scheme="dark")
    owner.screenshot(path=str(tmp_path / "owner-report-dark-390.png"), full_page=True)
    assert_axe_clean(owner)
    for context in (owner_context, anna_context, ben_context):
        context.close()


def test_a_tap_made_while_the_entry_is_drawn_again_is_kept(browser: Any, live_server: Any, demo_user: Any) -> None:
    """Ben saves a deal; Anna's phone, its entry untouched, hears of it by its poll and asks for its entry again
    (static/js/table_link.js). That answer is held back while Anna taps into the entry: when it comes, her taps are
    still there."""
    match = new_match(demo_user)  # Bridgette, Anna v Ben
    table.renew_table_link(match=match)
    table.set_confirmation(match=match, mode=table.SIDES)
    url = f"{live_server.url}/table/{match.table_token}/"
    anna_context, ben_context = phone(browser), phone(browser)
    anna, ben = anna_context.new_page(), ben_context.new_page()
    join(anna, url, "Anna")
    join(ben, url, "Ben")

    # The entry's redraw on Anna's phone (an htmx GET of the match page) is held until released below.
    held: list[Any] = []

    def hold(route: Any) -> None:
        if route.request.headers.get("hx-request") == "true":
            held.append(route)
        else:
            route.continue_()

    anna.route(f"**/matches/{match.pk}/", hold)
    anna.evaluate(
        """(path) => document.addEventListener("htmx:afterRequest", (event) => {
            if (event.detail.requestConfig.path === path) { window.redrawn = true; }
        })""",
        f"/matches/{match.pk}/",
    )

    tap_bridgette(ben, "Anna", "2", "♥", "8")
    save(ben)
    for _wait in range(POLL // 250):
        if held:
            break
        anna.wait_for_timeout(250)
    assert held, "Anna's phone never asked for its entry again"

    # Anna taps while the redraw is on its way; then it arrives.
    tap(anna, "Declarer", "Ben")
    tap(anna, "Level", "3")
    held[0].continue_()
    anna.wait_for_function("() => window.redrawn === true")
    declarer = anna.locator("#deal-form fieldset", has=anna.locator('legend:text-is("Declarer")'))
    level = anna.locator("#deal-form fieldset", has=anna.locator('legend:text-is("Level")'))
    expect(declarer.get_by_label("Ben", exact=True)).to_be_checked()
    expect(level.get_by_label("3", exact=True)).to_be_checked()
    # The sheet and the panel came by the poll all the same.
    expect(anna.get_by_test_id("total-0")).to_have_text("500")
    expect(anna.get_by_role("button", name="Confirm deal 1")).to_be_visible()
    anna_context.close()
    ben_context.close()


def test_a_poll_answered_before_a_confirmation_does_not_draw_over_it(
    browser: Any, live_server: Any, demo_user: Any
) -> None:
    """Anna's confirmation panel polls every 5 s. A poll the server answered just before she tapped Confirm (deal 1
    still waiting) arrives before her tap's answer: it must not leave deal 1 drawn as waiting, with its Confirm
    button, once "Deal 1 confirmed." comes. The tap cancels a poll on its way (hx-sync in
    templates/scoring/_table_pending.html)."""
    match = new_match(demo_user)  # Bridgette, Anna v Ben
    table.renew_table_link(match=match)
    table.set_confirmation(match=match, mode=table.SIDES)
    url = f"{live_server.url}/table/{match.table_token}/"
    anna_context, ben_context = phone(browser), phone(browser)
    anna, ben = anna_context.new_page(), ben_context.new_page()
    join(anna, url, "Anna")
    join(ben, url, "Ben")
    tap_bridgette(ben, "Anna", "2", "♥", "8")
    save(ben)
    confirm = anna.get_by_role("button", name="Confirm deal 1")
    confirm.wait_for(timeout=POLL)

    # The next poll and the confirmation are each answered by the server at once, and their answers held back.
    polls: list[tuple[Any, Any]] = []
    taps: list[tuple[Any, Any]] = []

    def hold(into: list[tuple[Any, Any]]) -> Any:
        def handler(route: Any) -> None:
            if into:
                route.continue_()
            else:
                into.append((route, route.fetch()))

        return handler

    anna.route(re.compile(rf".*/matches/{match.pk}/table/pending/.*"), hold(polls))
    anna.route(re.compile(rf".*/matches/{match.pk}/deals/1/confirm/"), hold(taps))
    for _wait in range(POLL // 250):
        if polls:
            break
        anna.wait_for_timeout(250)
    assert polls, "Anna's panel never polled"
    confirm.click()
    for _wait in range(20):
        if taps:
            break
        anna.wait_for_timeout(250)
    assert taps, "the confirmation never left Anna's phone"
    # The poll's answer (deal 1 waiting) comes first, then the confirmation's.
    with contextlib.suppress(Exception):  # the tap cancelled that poll: nothing left to answer
        polls[0][0].fulfill(response=polls[0][1])
    anna.wait_for_timeout(300)
    taps[0][0].fulfill(response=taps[0][1])
    expect(anna.locator("#table-pending")).to_contain_text("Deal 1 confirmed.", timeout=3_000)
    expect(confirm).to_have_count(0)
    anna_context.close()
    ben_context.close()
