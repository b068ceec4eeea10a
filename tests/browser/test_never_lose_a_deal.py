"""Never lose a deal at the table: every failed save is told in place, confirmations come at once,
and a deal saved with no connection is kept on the phone and sent when it comes back. On a
phone-sized Chromium (390 px), with axe on the pages as they look then."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from scoring.core.match import parse_match
from scoring.models import Change, Deal, Match
from scoring.services import create_match, save_deal
from tests.browser.conftest import PHONE, log_in
from tests.browser.test_scoring_table import SIX_DEALS, tap

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SAVE = re.compile(r"^Save deal")


def new_match(owner: Any, game: str = "bridgette", **extra: Any) -> Match:
    players = ["Anna", "Ben"] if game in ("bridgette", "klaberjass", "draw_bridge") else ["Anna", "Ben", "Cleo", "Dan"]
    doc = {"game": game, "players": players, "first_dealer": 1, "deals": [], **extra}
    return create_match(owner=owner, match_file=parse_match(doc))


def tap_bridgette(page: Any, declarer: str, level: str, strain: str, tricks: str) -> None:
    tap(page, "Declarer", declarer)
    tap(page, "Level", level)
    tap(page, "Strain", strain)
    tap(page, "Declarer's tricks", tricks)


def save(page: Any) -> None:
    page.get_by_role("button", name=SAVE).click()


def assert_axe_clean(page: Any) -> None:
    violations = Axe().run(page).response["violations"]
    assert [(violation["id"], [node["target"] for node in violation["nodes"]]) for violation in violations] == []


def open_match(page: Any, live_server: Any, match: Match) -> None:
    page.goto(f"{live_server.url}/matches/{match.pk}/")
    page.locator("#deal-form input[name=key]").wait_for(state="attached")
    expect(page.locator("#deal-form input[name=key]")).not_to_have_value("")


def test_a_saved_deal_is_confirmed_at_once_and_the_links_follow(phone: Any, live_server: Any, demo_user: Any) -> None:
    match = new_match(demo_user)
    page = phone.new_page()
    log_in(page, live_server)
    open_match(page, live_server, match)
    expect(page.get_by_role("button", name="Undo last deal")).to_have_count(0)
    tap_bridgette(page, *SIX_DEALS[0])
    save(page)
    expect(page.locator("#table-notice")).to_have_text("Deal 1 saved.")
    expect(page.get_by_test_id("total-0")).to_have_text("500")
    expect(page.get_by_test_id("bar-totals")).to_contain_text("Anna 500")  # the entry's bar, in sight
    expect(page.get_by_test_id("bar-totals")).to_be_in_viewport()
    expect(page.get_by_role("button", name="Undo last deal")).to_be_attached()
    actions = page.get_by_role("region", name="Match actions")
    expect(actions.get_by_role("link", name="Check a hand for deal 2")).to_be_visible()
    # Focus is on the next entry's first field, and the totals stay in view.
    assert page.evaluate("document.activeElement === document.querySelector('#deal-form input:not([type=hidden])')")
    expect(page.get_by_test_id("bar-totals")).to_be_in_viewport()
    assert_axe_clean(page)


def test_messages_do_not_leak_to_another_match_or_the_report(phone: Any, live_server: Any, demo_user: Any) -> None:
    match = new_match(demo_user)
    other = new_match(demo_user, "klaberjass")
    page = phone.new_page()
    log_in(page, live_server)
    open_match(page, live_server, match)
    for number, deal in enumerate(SIX_DEALS[:3], start=1):
        page.get_by_role("heading", name=f"Enter deal {number}").wait_for()
        tap_bridgette(page, *deal)
        save(page)
        expect(page.locator("#table-notice")).to_have_text(f"Deal {number} saved.")
    page.goto(f"{live_server.url}/matches/{other.pk}/")
    expect(page.locator("main")).not_to_contain_text("saved")
    page.goto(f"{live_server.url}/matches/{match.pk}/report/")
    expect(page.locator("main")).not_to_contain_text("saved.")


def test_call_bridge_totals_are_in_view_after_a_save_and_14_tricks_are_marked(
    phone: Any, live_server: Any, demo_user: Any, tmp_path: Path
) -> None:
    match = new_match(demo_user, "call_bridge", target=10)
    page = phone.new_page()
    log_in(page, live_server)
    page.goto(f"{live_server.url}/matches/{match.pk}/")  # the calls first (EntrySpec.first), then the deal form
    for seat, name in enumerate(["Anna", "Ben", "Cleo", "Dan"]):
        tap(page, f"{name}'s call", ["3", "4", "2", "5"][seat])
    page.get_by_role("button", name="Save calls").click()
    for seat, name in enumerate(["Anna", "Ben", "Cleo"]):
        tap(page, f"{name}'s tricks", ["4", "4", "1"][seat])
    # The last player's tricks are the rest of the 13 (CB-5.4), filled in, and can still be changed.
    expect(page.locator("input[name=tricks_3][value='4']")).to_be_checked()
    tap(page, "Dan's tricks", "5")  # 14 tricks (CB-5.4)
    expect(page.get_by_role("button", name=SAVE)).to_be_disabled()  # by the preview, which says why
    fourteen = "The tricks add up to 14, but every deal has 13 tricks (CB-5.4)."
    expect(page.locator("#preview")).to_contain_text(fourteen)
    page.evaluate("document.getElementById('deal-form').requestSubmit()")  # forced past the page
    # Said once, under the tricks it is about.
    expect(page.locator("#total-tricks")).to_have_text(fourteen)
    expect(page.locator("#deal-form")).not_to_contain_text("see above")
    expect(page.locator("input[name=tricks_0][aria-invalid=true]")).to_have_count(14)
    assert page.evaluate("document.activeElement.getAttribute('aria-invalid')") == "true"
    assert_axe_clean(page)
    tap(page, "Dan's tricks", "4")
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    save(page)
    expect(page.locator("#table-notice")).to_have_text("Deal 1 saved.")
    expect(page.get_by_test_id("total-3")).to_have_text("−5")
    expect(page.get_by_test_id("bar-totals")).to_be_in_viewport()
    page.screenshot(path=str(tmp_path / "tb-call-bridge-after-save.png"))


def test_the_winner_banner_is_in_view_when_the_match_ends(phone: Any, live_server: Any, demo_user: Any) -> None:
    match = new_match(demo_user)
    page = phone.new_page()
    log_in(page, live_server)
    open_match(page, live_server, match)
    for number, deal in enumerate(SIX_DEALS, start=1):
        page.get_by_role("heading", name=f"Enter deal {number}").wait_for()
        tap_bridgette(page, *deal)
        save(page)
    expect(page.locator("#winner-banner")).to_be_in_viewport()
    expect(page.locator("#table-notice")).to_have_text("Deal 6 saved. The match is over.")
    assert page.evaluate("document.activeElement.id") == "winner-banner"
    actions = page.get_by_role("region", name="Match actions")
    expect(actions.get_by_role("link", name=re.compile("^Check a hand"))).to_have_text("Check a hand")


def test_an_incomplete_entry_marks_its_missing_fields(
    phone: Any, live_server: Any, demo_user: Any, tmp_path: Path
) -> None:
    match = new_match(demo_user)
    page = phone.new_page()
    log_in(page, live_server)
    open_match(page, live_server, match)
    tap(page, "Declarer", "Anna")
    save(page)
    expect(page.locator("#deal-form [role=alert]")).to_have_text("Still to choose: level, strain, declarer's tricks.")
    expect(page.locator("#err-strain")).to_have_text("Still to choose.")
    page.wait_for_load_state("networkidle")
    expect(page.locator("#err-strain")).to_have_text("Still to choose.")  # no preview comes to clear it
    assert page.evaluate("document.activeElement.name") == "level"
    expect(page.locator("input[name=declarer][value='0']")).to_be_checked()
    assert Deal.objects.count() == 0
    assert_axe_clean(page)
    page.screenshot(path=str(tmp_path / "tb-incomplete-entry.png"))


def test_two_phones_saving_the_same_deal_number(
    browser: Any, phone: Any, live_server: Any, demo_user: Any, tmp_path: Path
) -> None:
    match = new_match(demo_user)
    a = phone.new_page()
    log_in(a, live_server)
    open_match(a, live_server, match)
    other = browser.new_context(viewport=PHONE, has_touch=True)
    other.set_default_timeout(10_000)
    try:
        b = other.new_page()
        log_in(b, live_server)
        open_match(b, live_server, match)
        tap_bridgette(a, *SIX_DEALS[0])
        save(a)
        expect(a.locator("#table-notice")).to_have_text("Deal 1 saved.")
        b.evaluate("window.notReloaded = true")
        tap_bridgette(b, *SIX_DEALS[1])
        # The player sees the preview before Save: it gives the deal in the game's words, which the conflict repeats
        # (a Save tapped before it comes says the entry field by field).
        expect(b.locator("#preview [data-short]")).to_have_attribute("data-short", "1NT by Ben, 10 tricks")
        save(b)
        expect(b.locator("#table-notice")).to_contain_text("Deal 1 was already saved from another phone")
        expect(b.get_by_test_id("total-0")).to_have_text("500")  # A's deal, without a reload
        conflict = b.get_by_test_id("outbox-conflict")
        expect(conflict).to_contain_text("Deal 1 was saved from another phone: 2♥ by Anna")
        expect(conflict).to_contain_text("Your entry: 1NT by Ben, 10 tricks")  # the game's words, from the preview
        assert b.evaluate("window.notReloaded") is True
        assert_axe_clean(b)
        b.screenshot(path=str(tmp_path / "tb-second-phone-conflict.png"))
        # The usual case first (both phones recorded the same deal): keeping the saved deal is the primary button.
        keep = conflict.get_by_role("button", name="Keep the saved deal")
        expect(keep).not_to_have_class(re.compile("secondary"))
        expect(conflict.get_by_role("button", name="Replace deal 1 with mine")).to_have_class(re.compile("secondary"))
        b.get_by_role("button", name="Save mine as deal 2").click()
        expect(b.locator("#table-notice")).to_have_text("Deal 2 saved.")
        expect(conflict).to_have_count(0)
        assert [deal.number for deal in Deal.objects.filter(match=match)] == [1, 2]
        # The first phone still shows deal 2 to enter: it is told, and keeps the saved deal.
        tap_bridgette(a, *SIX_DEALS[1])
        save(a)
        expect(a.locator("#table-notice")).to_contain_text("Deal 2 was already saved from another phone")
        a.get_by_role("button", name="Keep the saved deal").click()
        expect(a.get_by_test_id("outbox-conflict")).to_have_count(0)
        expect(a.locator("#table-notice")).to_have_text("Your entry for deal 2 was discarded.")
        expect(a.get_by_role("heading", name="Enter deal 3")).to_be_visible()
        assert Deal.objects.filter(match=match).count() == 2
    finally:
        other.close()


def test_a_deal_saved_offline_is_sent_once_when_the_connection_returns(
    phone: Any, live_server: Any, demo_user: Any, tmp_path: Path
) -> None:
    match = new_match(demo_user)
    page = phone.new_page()
    log_in(page, live_server)
    open_match(page, live_server, match)
    phone.set_offline(True)
    tap_bridgette(page, *SIX_DEALS[0])
    save(page)
    waiting = page.get_by_test_id("outbox-waiting")
    expect(waiting).to_contain_text("Deal 1 is waiting to be sent")
    expect(page.locator("#deal-form [data-save-status]")).to_contain_text("No connection: deal 1 is kept on this phone")
    expect(page.get_by_role("button", name="Save deal 2")).to_be_visible()
    # The heading's roles were for deal 1: hidden, rather than naming the wrong dealer for deal 2.
    expect(page.locator("#live-head [data-role]").first).to_be_hidden()
    expect(page.locator("[data-roles-waiting]")).to_have_text(
        "Who deals deal 2 is shown once the deals kept on this phone are sent."
    )
    assert_axe_clean(page)
    page.screenshot(path=str(tmp_path / "tb-offline-waiting.png"), full_page=True)
    assert Deal.objects.count() == 0
    phone.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")  # as the phone does when it reconnects
    expect(page.locator("#table-notice")).to_have_text("Deal 1 saved.", timeout=15_000)
    expect(waiting).to_have_count(0)
    expect(page.get_by_test_id("total-0")).to_have_text("500")
    # Deal 1 was dealt by Ben; the deal passes (BG-3.1): Anna deals deal 2.
    expect(page.locator("#live-head [data-role]").first).to_have_text("Anna deals and calls first (BG-5.3).")
    expect(page.locator("[data-roles-waiting]")).to_be_hidden()
    deal = Deal.objects.get(match=match)
    assert deal.client_key
    # The same save replayed twice from the page: no new deal, no new history.
    statuses = page.evaluate(
        """async (key) => {
            const token = JSON.parse(document.body.getAttribute('hx-headers'))['X-CSRFToken'];
            const body = 'number=1&declarer=0&level=2&strain=H&doubled=0&tricks=8&key=' + key;
            const headers = {'Content-Type': 'application/x-www-form-urlencoded', 'X-CSRFToken': token,
                'HX-Request': 'true'};
            const post = () => fetch(location.pathname + 'deals/', {method: 'POST', body, headers});
            return [(await post()).status, (await post()).status];
        }""",
        deal.client_key,
    )
    assert statuses == [200, 200]
    assert Deal.objects.filter(match=match).count() == 1
    assert Change.objects.filter(match=match).count() == 1


def test_a_deal_kept_offline_and_saved_meanwhile_by_another_phone_is_not_dropped(
    browser: Any, phone: Any, live_server: Any, demo_user: Any
) -> None:
    match = new_match(demo_user)
    page = phone.new_page()
    log_in(page, live_server)
    open_match(page, live_server, match)
    phone.set_offline(True)
    tap_bridgette(page, *SIX_DEALS[1])
    save(page)
    expect(page.get_by_test_id("outbox-waiting")).to_contain_text("Deal 1 is waiting to be sent")
    # The other phone saves deal 1 meanwhile.
    save_deal(match=match, user=demo_user, number=1, entry={"declarer": 0, "level": 2, "strain": "H", "tricks": 8})
    phone.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    conflict = page.get_by_test_id("outbox-conflict")
    expect(conflict).to_contain_text("Deal 1 was saved from another phone", timeout=15_000)
    expect(conflict).to_contain_text("Your entry: Declarer Ben")
    expect(page.get_by_test_id("total-0")).to_have_text("500")
    page.get_by_role("button", name="Save mine as deal 2").click()
    expect(page.locator("#table-notice")).to_have_text("Deal 2 saved.")
    assert [deal.entry["declarer"] for deal in Deal.objects.filter(match=match)] == [0, 1]


@pytest.mark.parametrize("debug", [True, False], ids=["make run (DEBUG on)", "production (DEBUG off)"])
def test_an_expired_session_keeps_the_entry_through_the_log_in(
    phone: Any, live_server: Any, demo_user: Any, settings: Any, debug: bool, tmp_path: Path
) -> None:
    settings.DEBUG = debug  # the CSRF check refuses the save first: never Django's debug page (CSRF_FAILURE_VIEW)
    match = new_match(demo_user)
    page = phone.new_page()
    log_in(page, live_server)
    open_match(page, live_server, match)
    tap_bridgette(page, *SIX_DEALS[0])
    phone.clear_cookies()  # logged out elsewhere: no session, no CSRF cookie
    save(page)
    page.wait_for_url(re.compile(r"/accounts/login/\?next=/matches/\d+/&why=expired$"))
    expect(page.locator("nav[aria-label=Main]")).to_have_count(1)
    expect(page.locator("main")).to_contain_text("Your session had ended, so you were logged out.")
    page.screenshot(path=str(tmp_path / "tb-expired-session-login.png"))
    page.fill("#id_username", "tablemate")
    page.fill("#id_password", "a-long-passphrase-1")
    page.click("main button[type=submit]")
    page.wait_for_url(f"{live_server.url}/matches/{match.pk}/")
    expect(page.locator("#table-notice")).to_have_text("Your entry for deal 1 was kept: check it and save.")
    expect(page.locator("input[name=strain][value=H]")).to_be_checked()
    page.screenshot(path=str(tmp_path / "tb-after-login.png"))
    save(page)
    expect(page.locator("#table-notice")).to_have_text("Deal 1 saved.")
    assert Deal.objects.filter(match=match).count() == 1


def test_a_server_error_says_not_saved_and_offers_a_retry(
    phone: Any, live_server: Any, demo_user: Any, tmp_path: Path
) -> None:
    match = new_match(demo_user)
    page = phone.new_page()
    log_in(page, live_server)
    open_match(page, live_server, match)
    deals_url = re.compile(r"/matches/\d+/deals/$")
    page.route(deals_url, lambda route: route.fulfill(status=500, body="Server Error"))
    tap_bridgette(page, *SIX_DEALS[0])
    save(page)
    status = page.locator("#deal-form [data-save-status]")
    expect(status).to_contain_text("Deal 1 not saved: the server failed (error 500). What you entered is still here.")
    expect(page.locator("input[name=strain][value=H]")).to_be_checked()
    # Every tapped field is still chosen (the preview may have been cancelled by the save itself).
    expect(page.locator("input[name=tricks]:checked")).to_have_count(1)
    assert_axe_clean(page)
    page.screenshot(path=str(tmp_path / "tb-server-error.png"))
    page.unroute(deals_url)
    page.get_by_role("button", name="Try again").click()
    expect(page.locator("#table-notice")).to_have_text("Deal 1 saved.")
    assert Deal.objects.filter(match=match).count() == 1


def test_the_manifest_and_the_service_worker_are_served(phone: Any, live_server: Any, demo_user: Any) -> None:
    page = phone.new_page()
    manifest = page.request.get(f"{live_server.url}/manifest.webmanifest")
    assert manifest.headers["content-type"] == "application/manifest+json"
    assert [icon["sizes"] for icon in manifest.json()["icons"]] == ["192x192", "512x512"]
    worker = page.request.get(f"{live_server.url}/sw.js")
    assert worker.headers["service-worker-allowed"] == "/"
    log_in(page, live_server)
    assert page.evaluate("navigator.serviceWorker.ready.then((r) => r.active.scriptURL)").endswith("/sw.js")


def kept_pages(page: Any) -> list[str]:
    """The match pages the service worker keeps for use with no connection, in any of its caches."""
    return page.evaluate(
        """async () => {
            const urls = [];
            for (const name of await caches.keys()) {
                for (const request of await (await caches.open(name)).keys()) {
                    const path = new URL(request.url).pathname;
                    if (/^\\/matches\\/\\d+\\/$/.test(path)) urls.push(path);
                }
            }
            return urls;
        }"""
    )


def wait_until_kept(page: Any, path: str) -> None:
    """Until the service worker keeps the match page at ``path`` (table.js asks it to, once it is active)."""
    page.wait_for_function(
        "async (path) => { for (const n of await caches.keys())"
        " if (await (await caches.open(n)).match(path)) return true; return false; }",
        arg=path,
    )


def test_a_session_that_ended_leaves_no_match_page_for_the_next_person_offline(
    phone: Any, live_server: Any, demo_user: Any, tmp_path: Path
) -> None:
    """A shared phone: the session ends without the Log out button (it expired, the cookies were cleared); the
    next person, with no connection, gets the no-connection page, not the last player's sheet."""
    match = new_match(demo_user)
    page = phone.new_page()
    log_in(page, live_server)
    open_match(page, live_server, match)
    path = f"/matches/{match.pk}/"
    wait_until_kept(page, path)
    phone.clear_cookies()  # the session is gone
    page.goto(f"{live_server.url}/accounts/login/")  # the next person, still online, at the log-in page
    assert kept_pages(page) == []
    phone.set_offline(True)
    answer = page.goto(f"{live_server.url}{path}")
    assert answer is not None and answer.status == 503
    expect(page.locator("body")).to_have_text("No connection, and this page was not kept on this phone.")
    page.screenshot(path=str(tmp_path / "tb-offline-after-session.png"))
    phone.set_offline(False)


def test_a_match_page_is_kept_for_its_own_player_offline(phone: Any, live_server: Any, demo_user: Any) -> None:
    match = new_match(demo_user)
    page = phone.new_page()
    log_in(page, live_server)
    open_match(page, live_server, match)
    path = f"/matches/{match.pk}/"
    wait_until_kept(page, path)
    page.goto(f"{live_server.url}/")  # another page of the same session keeps it
    assert kept_pages(page) == [path]
    phone.set_offline(True)
    page.goto(f"{live_server.url}{path}")
    expect(page.locator("h1")).to_contain_text("Anna")
    phone.set_offline(False)


def test_a_second_phones_conflict_can_replace_the_saved_deal(
    browser: Any, phone: Any, live_server: Any, demo_user: Any, tmp_path: Path
) -> None:
    match = new_match(demo_user)
    a = phone.new_page()
    log_in(a, live_server)
    open_match(a, live_server, match)
    other = browser.new_context(viewport=PHONE, has_touch=True)
    other.set_default_timeout(10_000)
    try:
        b = other.new_page()
        log_in(b, live_server)
        open_match(b, live_server, match)
        tap_bridgette(a, *SIX_DEALS[0])  # B1: Anna 2♥ with 8 tricks, +500 (BG-7.1)
        save(a)
        expect(a.locator("#table-notice")).to_have_text("Deal 1 saved.")
        tap_bridgette(b, *SIX_DEALS[1])  # B2: Ben 1NT with 10 tricks, +600 (BG-7.1, BG-7.2)
        save(b)
        conflict = b.get_by_test_id("outbox-conflict")
        expect(conflict).to_contain_text("Deal 1 was saved from another phone: 2♥ by Anna")
        conflict.get_by_role("button", name="Replace deal 1 with mine").click()
        expect(b.locator("#table-notice")).to_have_text("Deal 1 changed; totals recomputed.")
        expect(conflict).to_have_count(0)
        expect(b.get_by_test_id("total-0")).to_have_text("0")
        expect(b.get_by_test_id("total-1")).to_have_text("600")
        expect(b.locator("#deal-1 summary")).to_contain_text("1NT by Ben")
        expect(b.get_by_role("heading", name="Enter deal 2")).to_be_visible()
        assert [deal.entry["declarer"] for deal in Deal.objects.filter(match=match)] == [1]
        assert Change.objects.filter(match=match, action="edited").count() == 1
        b.screenshot(path=str(tmp_path / "tb-second-phone-replaced.png"))
    finally:
        other.close()
