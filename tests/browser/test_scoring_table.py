"""A Bridgette match played at the table, on a phone-sized screen (issue: keep score)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from scoring.models import Match
from tests.browser.conftest import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Six deals by tapping (declarer, level, strain, tricks), each scored by hand from docs/rules/bridgette.md:
SIX_DEALS = [
    ("Anna", "2", "♥", "8"),  # B1: Anna +500
    ("Ben", "1", "NT", "10"),  # B2: Ben +600
    ("Anna", "6", "♦", "12"),  # B5: Anna +1600
    ("Ben", "0", "NT", "6"),  # B8: Ben +400
    ("Anna", "1", "♣", "9"),  # B10: Anna +150
    ("Ben", "4", "♦", "10"),  # B12: Ben +500
]
# Anna 500 + 1600 + 150 = 2250; Ben 600 + 400 + 500 = 1500: Anna wins after six deals (BG-8.1).


def tap(page: Any, legend: str, label: str) -> None:
    group = page.locator("fieldset", has=page.locator(f'legend:text-is("{legend}")'))
    # A field a usual deal leaves as it is is folded under "More" (the entry fits one screen): opened first.
    folded = page.locator("details.more-fields:not([open])", has=group)
    if folded.count():
        folded.locator("summary").click()
    group.locator(f'label:text-is("{label}")').click()


def enter_deal(page: Any, declarer: str, level: str, strain: str, tricks: str) -> None:
    tap(page, "Declarer", declarer)
    tap(page, "Level", level)
    tap(page, "Strain", strain)
    tap(page, "Declarer's tricks", tricks)
    page.get_by_role("button", name=re.compile(r"^Save deal")).click()


def new_bridgette_match(page: Any, live_server: Any) -> None:
    page.goto(f"{live_server.url}/matches/new/")
    page.get_by_label("Bridgette").check()
    page.fill("#id_player_0", "Anna")
    page.fill("#id_player_1", "Ben")
    page.locator("input[name=first_dealer][value='1']").check()
    page.get_by_role("button", name="Start match").click()
    page.wait_for_url(re.compile(r"/matches/\d+/$"))


def test_bg_8_1_six_tapped_deals_end_with_the_winner_banner(phone: Any, live_server: Any, demo_user: Any) -> None:
    page = phone.new_page()
    log_in(page, live_server)
    new_bridgette_match(page, live_server)
    for number, deal in enumerate(SIX_DEALS, start=1):
        page.get_by_role("heading", name=f"Enter deal {number}").wait_for()
        enter_deal(page, *deal)
    banner = page.locator("#winner-banner")
    banner.wait_for()
    assert "Anna wins" in banner.inner_text()
    assert page.get_by_test_id("total-0").inner_text() == "2,250"
    assert page.get_by_test_id("total-1").inner_text() == "1,500"
    assert page.get_by_role("button", name=re.compile(r"^Save deal")).count() == 0
    violations = Axe().run(page).response["violations"]
    assert [violation["id"] for violation in violations] == []


def test_bg_7_3_editing_deal_2_changes_the_totals(phone: Any, live_server: Any, demo_user: Any) -> None:
    page = phone.new_page()
    log_in(page, live_server)
    new_bridgette_match(page, live_server)
    enter_deal(page, *SIX_DEALS[0])
    page.get_by_role("heading", name="Enter deal 2").wait_for()
    enter_deal(page, *SIX_DEALS[1])
    page.get_by_role("heading", name="Enter deal 3").wait_for()
    assert page.get_by_test_id("total-1").inner_text() == "600"
    page.get_by_role("link", name="Edit deal 2").click()
    page.get_by_role("heading", name="Edit deal 2").wait_for()  # the match page has the same buttons
    # 1NT by Ben with 6 tricks: one down, undoubled: Anna +100 (BG-7.3).
    tap(page, "Declarer's tricks", "6")
    page.locator("#preview").get_by_text("This deal: Anna 100").wait_for()
    page.get_by_role("button", name="Save deal 2").click()
    page.get_by_text("Deal 2 changed; totals recomputed.").wait_for()
    assert page.get_by_test_id("total-0").inner_text() == "600"
    assert page.get_by_test_id("total-1").inner_text() == "0"


def test_share_link_shows_a_new_deal_without_reloading(
    browser: Any, phone: Any, live_server: Any, demo_user: Any
) -> None:
    page = phone.new_page()
    log_in(page, live_server)
    new_bridgette_match(page, live_server)
    match = Match.objects.get()
    viewer_context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        viewer = viewer_context.new_page()
        viewer.goto(f"{live_server.url}/share/{match.share_token}/")
        assert viewer.get_by_test_id("total-0").inner_text() == "0"
        assert viewer.get_by_role("button", name=re.compile("Save deal")).count() == 0
        viewer.evaluate("window.notReloaded = true")
        enter_deal(page, *SIX_DEALS[0])
        expect(viewer.get_by_test_id("total-0")).to_have_text("500", timeout=15_000)
        assert viewer.evaluate("window.notReloaded") is True
        violations = Axe().run(viewer).response["violations"]
        assert [violation["id"] for violation in violations] == []
    finally:
        viewer_context.close()


def test_bg_7_3_a_slow_preview_shows_the_last_tap(phone: Any, live_server: Any, demo_user: Any) -> None:
    page = phone.new_page()
    log_in(page, live_server)
    new_bridgette_match(page, live_server)

    def slow(route: Any) -> None:
        page.wait_for_timeout(400)  # each preview is still on its way when the next tap comes
        route.continue_()

    page.route(re.compile(r"/preview/"), slow)
    tap(page, "Declarer", "Anna")
    tap(page, "Level", "2")
    tap(page, "Strain", "♥")
    tap(page, "Declarer's tricks", "7")
    tap(page, "Declarer's tricks", "8")
    # 2♥ by Anna with 8 tricks, made exactly: Anna +500 (BG-7.3, docs/rules/bridgette.md example B1).
    expect(page.locator("#preview")).to_contain_text("This deal: Anna 500, Ben 0")


def test_bg_7_3_a_deal_is_entered_in_at_most_six_taps(phone: Any, live_server: Any, demo_user: Any) -> None:
    page = phone.new_page()
    log_in(page, live_server)
    new_bridgette_match(page, live_server)
    taps = 0
    for legend, label in (("Declarer", "Ben"), ("Level", "1"), ("Strain", "NT"), ("Declarer's tricks", "10")):
        tap(page, legend, label)
        taps += 1
    page.get_by_role("button", name="Save deal 1").click()
    taps += 1
    page.get_by_role("heading", name="Enter deal 2").wait_for()
    # B2: Ben's 1NT with 10 tricks, three over: Ben +600 (BG-7.3), saved in five taps.
    assert page.get_by_test_id("total-1").inner_text() == "600"
    assert taps <= 6
