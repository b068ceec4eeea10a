"""A Call Bridge deal entered in two steps at a 390 px phone, as it is scored on paper: the calls when
they are made, the tricks once the deal is played (docs/rules/call_bridge.md, EntrySpec.first).

Example C1 of the rules, worked by hand: calls 3, 4, 2, 5 and tricks 4, 4, 1, 4 score +3 (a call of 3
made with an overtrick, R-CB-2), +4, -2 (2 called, 1 taken, R-CB-4) and -5 (5 called, 4 taken).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from scoring.models import Deal, Match
from tests.browser.conftest import PHONE, log_in
from tests.browser.test_never_lose_a_deal import assert_axe_clean, new_match
from tests.browser.test_scoring_table import tap

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = ["Anna", "Ben", "Cleo", "Dan"]
C1_CALLS = ["3", "4", "2", "5"]
C1_TRICKS = ["4", "4", "1", "4"]
# C1's calls in calling order: Ben deals, Cleo on his right calls first (CB-4.1).
C1_CALLING = "Calls: Cleo 2, Dan 5, Anna 3, Ben 4"


class Taps:
    """Counts what a player taps, the saves included."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.count = 0

    def field(self, legend: str, label: str) -> None:
        tap(self.page, legend, label)
        self.count += 1

    def button(self, name: str | re.Pattern[str]) -> None:
        self.page.get_by_role("button", name=name).click()
        self.count += 1


def open_call_bridge(page: Any, live_server: Any, match: Match) -> None:
    page.goto(f"{live_server.url}/matches/{match.pk}/")
    expect(page.get_by_role("heading", name="Calls for deal 1")).to_be_visible()


def enter_calls(taps: Taps, calls: list[str]) -> None:
    for name, call in zip(PLAYERS, calls, strict=True):
        taps.field(f"{name}'s call", call)
    taps.button("Save calls")


def assert_fits_the_phone(page: Any, form: str) -> None:
    # The whole form on one screen, and every button still a thumb's size (44 px).
    box = page.locator(form).bounding_box()
    assert box["height"] <= PHONE["height"], box
    heights = page.locator(f"{form} .seg label").evaluate_all("labels => labels.map(l => l.offsetHeight)")
    assert heights and min(heights) >= 44, heights


def test_cb_c1_calls_then_tricks_five_taps_each_on_one_screen(
    phone: Any, live_server: Any, demo_user: Any, tmp_path: Path
) -> None:
    match = new_match(demo_user, "call_bridge", target=30)
    page = phone.new_page()
    log_in(page, live_server)
    open_call_bridge(page, live_server, match)
    assert_fits_the_phone(page, "#first-form")
    page.screenshot(path=str(tmp_path / "tb-call-bridge-calls.png"))
    calls = Taps(page)
    enter_calls(calls, C1_CALLS)
    expect(page.locator("#table-notice")).to_have_text("Calls for deal 1 saved.")
    expect(page.get_by_test_id("in-progress")).to_contain_text(C1_CALLING)
    assert calls.count <= 5
    assert Match.objects.get(pk=match.pk).deal_in_progress["entry"] == {"calls": [3, 4, 2, 5]}
    # The tricks, one row per player beside their call.
    expect(page.get_by_role("heading", name="Enter deal 1")).to_be_visible()
    expect(page.locator(".seat-row").first).to_contain_text("Cleo's tricks")  # in calling order
    expect(page.locator(".seat-row").first).to_contain_text("call 2")
    assert_fits_the_phone(page, "#deal-form")
    assert page.evaluate("document.activeElement.name") == "tricks_2"  # Cleo's, the first to call
    tricks = Taps(page)
    for name, count in zip(PLAYERS, C1_TRICKS, strict=True):
        tricks.field(f"{name}'s tricks", count)
    expect(page.locator("#preview")).to_contain_text("This deal: Anna 3, Ben 4, Cleo −2, Dan −5")
    page.screenshot(path=str(tmp_path / "tb-call-bridge-tricks.png"))
    tricks.button("Save deal 1")
    expect(page.locator("#table-notice")).to_have_text("Deal 1 saved.")
    assert tricks.count <= 5
    for side, total in enumerate(["3", "4", "−2", "−5"]):
        expect(page.get_by_test_id(f"total-{side}")).to_have_text(total)
    expect(page.get_by_role("heading", name="Calls for deal 2")).to_be_visible()
    expect(page.get_by_test_id("in-progress")).to_have_count(0)
    assert Deal.objects.get(match=match).entry == {"calls": [3, 4, 2, 5], "tricks": [4, 4, 1, 4]}
    assert_axe_clean(page)


def test_cb_4_1_a_second_phone_sees_the_calls(browser: Any, phone: Any, live_server: Any, demo_user: Any) -> None:
    match = new_match(demo_user, "call_bridge", target=30)
    page = phone.new_page()
    log_in(page, live_server)
    open_call_bridge(page, live_server, match)
    others = browser.new_context(viewport=PHONE, has_touch=True)
    others.set_default_timeout(10_000)
    try:
        viewer = others.new_page()
        viewer.goto(f"{live_server.url}/share/{match.share_token}/")
        second = others.new_page()
        log_in(second, live_server)
        open_call_bridge(second, live_server, match)
        viewer.evaluate("window.notReloaded = true")
        enter_calls(Taps(page), C1_CALLS)
        expect(viewer.get_by_test_id("in-progress")).to_contain_text(C1_CALLING, timeout=15_000)
        assert viewer.evaluate("window.notReloaded") is True
        # The second phone still shows the calls form: its calls are refused, and said back to it.
        enter_calls(Taps(second), ["2", "2", "2", "2"])
        notice = second.locator("#table-notice")
        # Both in calling order, as the form lists them: Ben deals, so Cleo calls first (CB-4.1).
        expect(notice).to_contain_text(f"they now read: {C1_CALLING}. Yours were: Cleo 2, Dan 2, Anna 2, Ben 2.")
        expect(second.get_by_test_id("in-progress")).to_contain_text(C1_CALLING)
        expect(second.get_by_role("heading", name="Enter deal 1")).to_be_visible()
        assert_axe_clean(second)
        # It corrects Dan's call; the first phone, saving the tricks for the old calls, is told.
        second.get_by_role("link", name="Correct the calls").click()
        expect(second.locator("input[name=calls_3][value='5']")).to_be_checked()
        tap(second, "Dan's call", "6")
        second.get_by_role("button", name="Save calls").click()
        expect(second.get_by_test_id("in-progress")).to_contain_text("Dan 6")
        for name, count in zip(PLAYERS, C1_TRICKS, strict=True):
            tap(page, f"{name}'s tricks", count)
        page.get_by_role("button", name="Save deal 1").click()
        expect(page.locator("#table-notice")).to_contain_text(
            "Calls for deal 1 were changed from another phone; they now read: Calls: Cleo 2, Dan 6, Anna 3, Ben 4.",
            timeout=15_000,  # two phones and a viewer polling share one busy test server
        )
        expect(page.locator("input[name=tricks_3][value='4']")).to_be_checked()  # kept beside the new calls
        expect(page.get_by_test_id("outbox-conflict")).to_have_count(0)
        assert not Deal.objects.filter(match=match).exists()
        page.get_by_role("button", name="Save deal 1").click()
        expect(page.get_by_test_id("total-3")).to_have_text("−6")  # Dan called 6 and took 4 (R-CB-4)
    finally:
        others.close()


def test_cb_5_4_tricks_not_adding_up_to_13_are_marked_and_not_saved(
    phone: Any, live_server: Any, demo_user: Any, tmp_path: Path
) -> None:
    match = new_match(demo_user, "call_bridge", target=30)
    page = phone.new_page()
    log_in(page, live_server)
    open_call_bridge(page, live_server, match)
    enter_calls(Taps(page), C1_CALLS)
    for name, count in zip(PLAYERS, ["4", "4", "1", "5"], strict=True):  # 14 tricks
        tap(page, f"{name}'s tricks", count)
    # Said once, under the rows it is about (and in the preview beside Save, which waits for a fix).
    fourteen = "The tricks add up to 14, but every deal has 13 tricks (CB-5.4)."
    expect(page.locator("#total-tricks")).to_have_text(fourteen)
    expect(page.get_by_test_id("preview-errors")).to_have_text(fourteen)
    save = page.get_by_role("button", name="Save deal 1")
    expect(save).to_be_disabled()
    page.screenshot(path=str(tmp_path / "tb-call-bridge-14-tricks.png"))
    # Forced past the page, the server refuses it in place, marks each seat, and keeps every tap.
    page.evaluate("document.getElementById('deal-form').requestSubmit()")
    expect(page.locator("#total-tricks")).to_have_text(fourteen)
    expect(page.locator("#deal-form")).not_to_contain_text("see above")
    expect(page.locator("input[name=tricks_3][aria-invalid=true]")).to_have_count(14)
    expect(page.locator("input[name=tricks_3][value='5']")).to_be_checked()
    assert not Deal.objects.filter(match=match).exists()
    tap(page, "Dan's tricks", "4")
    expect(page.locator("#total-tricks")).to_have_text("")
    expect(save).to_be_enabled()
    save.click()
    expect(page.get_by_test_id("total-3")).to_have_text("−5")


def test_cb_4_2_missing_calls_are_marked_in_place(phone: Any, live_server: Any, demo_user: Any) -> None:
    match = new_match(demo_user, "call_bridge", target=30)
    page = phone.new_page()
    log_in(page, live_server)
    open_call_bridge(page, live_server, match)
    for name, call in zip(PLAYERS[:3], C1_CALLS[:3], strict=True):
        tap(page, f"{name}'s call", call)
    page.get_by_role("button", name="Save calls").click()
    expect(page.locator("#first-form [role=alert]")).to_have_text("Still to choose: dan's call.")
    expect(page.locator("#err-calls_3")).to_have_text("Still to choose.")
    expect(page.locator("input[name=calls_2][value='2']")).to_be_checked()
    assert Match.objects.get(pk=match.pk).deal_in_progress is None


def test_nothing_typed_is_lost_when_a_save_fails(phone: Any, live_server: Any, demo_user: Any) -> None:
    match = new_match(demo_user, "call_bridge", target=30)
    page = phone.new_page()
    log_in(page, live_server)
    open_call_bridge(page, live_server, match)
    first_url = re.compile(r"/deals/first/$")
    page.route(first_url, lambda route: route.fulfill(status=500, body="Server Error"))
    enter_calls(Taps(page), C1_CALLS)
    status = page.locator("#first-form [data-save-status]")
    expect(status).to_contain_text("Calls for deal 1 not saved: the server failed (error 500).")
    expect(page.locator("input[name=calls_3][value='5']")).to_be_checked()
    page.unroute(first_url)
    page.get_by_role("button", name="Try again").click()
    expect(page.locator("#table-notice")).to_have_text("Calls for deal 1 saved.")
    # The tricks saved with no connection wait on the phone and are sent when it comes back.
    phone.set_offline(True)
    for name, count in zip(PLAYERS, C1_TRICKS, strict=True):
        tap(page, f"{name}'s tricks", count)
    page.get_by_role("button", name="Save deal 1").click()
    expect(page.get_by_test_id("outbox-waiting")).to_contain_text("Deal 1 is waiting to be sent")
    expect(page.get_by_test_id("outbox-waiting")).to_contain_text("Anna's call 3")
    assert not Deal.objects.filter(match=match).exists()
    phone.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(page.locator("#table-notice")).to_have_text("Deal 1 saved.", timeout=15_000)
    expect(page.get_by_test_id("total-3")).to_have_text("−5")
    expect(page.get_by_role("heading", name="Calls for deal 2")).to_be_visible()
    assert Deal.objects.get(match=match).entry == {"calls": [3, 4, 2, 5], "tricks": [4, 4, 1, 4]}
