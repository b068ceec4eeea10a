"""The history and the report at a 390 px phone, in the reader's time zone (Berlin here): the history fits
the phone with each change in the game's words; the report fits too, its chart's labels at least 9 pt, its
rule IDs open the rule dialog, its PDF links carry the zone; axe clean in the light and the dark scheme.
Screenshots in the test's tmp_path."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from reports.chart import FONT_SIZE, WIDTH
from scoring.core.match import score_document
from scoring.models import Match
from scoring.services import create_match, edit_deal
from tests.browser.conftest import PHONE, log_in
from tests.browser.test_never_lose_a_deal import assert_axe_clean

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DEMO = Path(__file__).resolve().parents[2] / "fixtures" / "demo"
ZONE = "Europe/Berlin"
NINE_POINTS_IN_PX = 12
# A time as static/js/local-time.js writes it in Berlin, named: CET or CEST ("30 Nov 2026, 14:02 CET").
BERLIN_TIME = re.compile(r"^\d{1,2} \w{3} \d{4}, \d{2}:\d{2} (CET|CEST|GMT\+[12])$")


def demo_match(owner: Any, name: str) -> Match:
    """A demo match with its first deal saved again, so the history holds an edit."""
    match = create_match(owner=owner, match_file=score_document((DEMO / f"{name}.json").read_text()).match)
    first = match.deals.get(number=1)
    edit_deal(match=match, user=owner, number=1, revision=first.revision, entry=first.entry)
    return match


def phone_page(browser: Any, live_server: Any, scheme: str) -> Any:
    context = browser.new_context(viewport=PHONE, has_touch=True, color_scheme=scheme, timezone_id=ZONE)
    context.set_default_timeout(10_000)
    page = context.new_page()
    log_in(page, live_server)
    return page


def fits_the_phone(page: Any) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"))


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("name", ["contract_bridge-finished", "call_bridge-finished"])
def test_the_history_fits_the_phone_in_the_readers_zone(
    browser: Any, live_server: Any, demo_user: Any, scheme: str, name: str, tmp_path: Path
) -> None:
    match = demo_match(demo_user, name)
    page = phone_page(browser, live_server, scheme)
    page.goto(f"{live_server.url}/matches/{match.pk}/history/")
    game, flags = match.rules, frozenset(match.flags)
    first = game.describe(game.parse_deal(match.deals.get(number=1).entry, flags), tuple(match.players))
    expect(page.locator("main")).to_contain_text(f"Edited deal 1: was {first}; now {first}")
    # The times in the reader's zone, named: Berlin is CET or CEST.
    expect(page.locator("time").first).to_have_text(BERLIN_TIME)
    assert fits_the_phone(page)
    page.screenshot(path=str(tmp_path / f"history-{name}-{scheme}-390.png"), full_page=True)
    assert_axe_clean(page)
    page.context.close()


@pytest.mark.parametrize(("scheme", "language"), [("light", "en"), ("dark", "hi")])
def test_a_long_history_is_paged_and_its_page_links_fit_the_phone(
    browser: Any, live_server: Any, demo_user: Any, scheme: str, language: str, tmp_path: Path
) -> None:
    from scoring.models import Change
    from scoring.views.matches import HISTORY_PAGE

    match = demo_match(demo_user, "call_bridge-finished")
    first = match.deals.get(number=1).entry
    Change.objects.bulk_create(
        Change(match=match, user=demo_user, action=Change.Action.EDITED, number=1, before=first, after=first)
        for _ in range(2 * HISTORY_PAGE)
    )
    page = phone_page(browser, live_server, scheme)
    page.context.add_cookies([{"name": "trickbook_language", "value": language, "url": live_server.url}])
    page.goto(f"{live_server.url}/matches/{match.pk}/history/")
    # The import (1 change), the edit of deal 1 (1) and the 200 edits above: 202 changes. Newest first, numbered as
    # the whole history is: page 1 counts down from 202 to 103, page 2 from 102 to 3.
    assert HISTORY_PAGE == 100
    assert Change.objects.filter(match=match).count() == 202
    expect(page.get_by_test_id("history-range")).to_contain_text("202")
    expect(page.locator("ol.changes")).to_have_attribute("start", "202")
    expect(page.locator("a[rel=prev]")).to_have_count(0)
    older = page.locator("a[rel=next]")
    expect(older).to_have_count(1)
    assert fits_the_phone(page)
    assert_axe_clean(page)
    page.screenshot(path=str(tmp_path / f"history-paged-{language}-{scheme}-390.png"), full_page=False)
    older.click()
    expect(page.locator("ol.changes")).to_have_attribute("start", "102")
    expect(page.locator("a[rel=prev]")).to_have_count(1)
    assert fits_the_phone(page)
    page.locator("nav.history-pages").scroll_into_view_if_needed()
    page.screenshot(path=str(tmp_path / f"history-paged-{language}-{scheme}-390-older.png"), full_page=False)
    page.context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_report_fits_the_phone_and_its_rules_open_in_the_dialog(
    browser: Any, live_server: Any, demo_user: Any, scheme: str, tmp_path: Path
) -> None:
    match = demo_match(demo_user, "contract_bridge-finished")
    page = phone_page(browser, live_server, scheme)
    page.goto(f"{live_server.url}/matches/{match.pk}/report/")
    assert match.rules.sides == ((0, 2), (1, 3))
    expect(page.locator(".result")).to_contain_text("Ben & Dev won.")
    expect(page.locator("time").first).to_have_text(BERLIN_TIME)
    assert fits_the_phone(page)

    # The chart's type: FONT_SIZE units of a WIDTH-unit viewBox, drawn at the chart's width.
    drawn = page.locator("svg.chart").bounding_box()["width"]
    assert FONT_SIZE * drawn / WIDTH >= NINE_POINTS_IN_PX

    # The PDF links pass the reader's zone on.
    expect(page.get_by_role("link", name="PDF (A4)")).to_have_attribute(
        "href", f"/matches/{match.pk}/report.pdf?tz={ZONE.replace('/', '%2F')}"
    )

    page.screenshot(path=str(tmp_path / f"report-{scheme}-390.png"), full_page=True)
    assert_axe_clean(page)

    link = page.locator(".result a.rule")
    rule = link.inner_text()
    link.tap()
    dialog = page.locator("#rule-dialog")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text(rule)
    page.screenshot(path=str(tmp_path / f"report-rule-dialog-{scheme}-390.png"))
    assert_axe_clean(page)
    page.context.close()
