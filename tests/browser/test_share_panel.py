"""The share panel at a 390 px phone: the link copied, its QR code on the screen, a new link asked for
first (Cancel keeps the link), sharing stopped and the old link refused on another phone, and axe clean
in the light and the dark scheme. Screenshots in the test's tmp_path."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from scoring.models import Match
from tests.browser.conftest import PHONE, log_in
from tests.browser.test_never_lose_a_deal import assert_axe_clean, new_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# The clipboard refused, as a browser without the permission may: Copy must select the link instead.
REFUSE_CLIPBOARD = """
Object.defineProperty(navigator.clipboard, "writeText", {
  value: () => Promise.reject(new DOMException("Refused", "NotAllowedError")),
});
"""


def token(match: Match) -> str | None:
    match.refresh_from_db()
    return match.share_token


def open_panel(page: Any, live_server: Any, match: Match) -> None:
    page.goto(f"{live_server.url}/matches/{match.pk}/#share")
    page.locator("#share").wait_for()


def share_url(live_server: Any, match: Match) -> str:
    return f"{live_server.url}/share/{token(match)}/"


def test_the_link_is_copied_and_its_qr_code_fits_the_phone(
    browser: Any, live_server: Any, demo_user: Any, tmp_path: Path
) -> None:
    match = new_match(demo_user)
    context = browser.new_context(viewport=PHONE, has_touch=True)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server.url)
    page = context.new_page()
    log_in(page, live_server)
    open_panel(page, live_server, match)
    url = share_url(live_server, match)
    expect(page.get_by_label("Share link", exact=True)).to_have_value(url)

    page.get_by_role("button", name="Copy").tap()
    expect(page.locator("[data-share-copy-status]")).to_have_text("Copied: the share link is on the clipboard.")
    expect(page.locator("[data-share-copy]")).to_have_text("Copied")
    assert page.evaluate("navigator.clipboard.readText()") == url

    qr = page.get_by_role("img", name=f"QR code of the share link {url}")
    expect(qr).to_be_visible()
    qr.scroll_into_view_if_needed()
    box = qr.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    assert box["width"] >= 240  # some 7 px a module: a camera reads it from across the table
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.screenshot(path=str(tmp_path / "share-panel-light-390.png"), full_page=True)
    assert_axe_clean(page)
    context.close()


def test_a_refused_clipboard_selects_the_link_instead(phone: Any, live_server: Any, demo_user: Any) -> None:
    match = new_match(demo_user)
    phone.add_init_script(REFUSE_CLIPBOARD)
    page = phone.new_page()
    log_in(page, live_server)
    open_panel(page, live_server, match)
    page.get_by_role("button", name="Copy").tap()
    expect(page.locator("[data-share-copy-status]")).to_have_text(
        "The link is selected: copy it with your phone's Copy."
    )
    selected = page.evaluate(
        "(() => { const i = document.getElementById('share-url');"
        " return i.value.slice(i.selectionStart, i.selectionEnd); })()"
    )
    assert selected == share_url(live_server, match)


def test_a_new_link_is_asked_for_first_and_a_stopped_link_is_refused(
    phone: Any, browser: Any, live_server: Any, demo_user: Any, tmp_path: Path
) -> None:
    match = new_match(demo_user)
    first = token(match)
    page = phone.new_page()
    log_in(page, live_server)
    open_panel(page, live_server, match)

    # Cancel keeps the link.
    page.get_by_role("button", name="New share link").tap()
    dialog = page.get_by_role("dialog", name="Make a new share link?")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("The old link stops working for everyone who has it")
    page.screenshot(path=str(tmp_path / "share-panel-new-link-dialog-390.png"))
    assert_axe_clean(page)
    dialog.get_by_role("button", name="Cancel").tap()
    expect(dialog).to_be_hidden()
    assert token(match) == first

    # Confirming makes a new one.
    page.get_by_role("button", name="New share link").tap()
    dialog.get_by_role("button", name="Make a new link").tap()
    expect(page.locator("#messages")).to_contain_text("New share link made")
    second = token(match)
    assert second not in (None, first)
    expect(page.get_by_label("Share link", exact=True)).to_have_value(f"{live_server.url}/share/{second}/")

    # Another phone follows the score, then sharing stops: it is told, and the old link shows nothing.
    other = browser.new_context(viewport=PHONE, has_touch=True)
    viewer = other.new_page()
    viewer.goto(f"{live_server.url}/share/{second}/")
    expect(viewer.get_by_role("heading", name="Anna v Ben", level=1)).to_be_visible()

    page.get_by_role("button", name="Stop sharing").tap()
    stop = page.get_by_role("dialog", name="Stop sharing this match?")
    stop.get_by_role("button", name="Stop sharing").tap()
    expect(page.locator("#share")).to_contain_text("This match is not shared")
    assert token(match) is None
    page.screenshot(path=str(tmp_path / "share-panel-stopped-390.png"), full_page=True)
    assert_axe_clean(page)

    # The open share page's next poll (every 4 s) is refused, and the page says why.
    expect(viewer.get_by_role("heading", name="This match is no longer shared")).to_be_visible(timeout=15_000)
    assert "Anna" not in viewer.content()
    response = viewer.goto(f"{live_server.url}/share/{second}/")
    assert response is not None and response.status == 404
    assert "Anna" not in viewer.content()
    viewer.screenshot(path=str(tmp_path / "share-panel-refused-390.png"))
    assert_axe_clean(viewer)
    other.close()

    # Sharing again gives a third link.
    page.get_by_role("button", name="Share this match").tap()
    expect(page.locator("#messages")).to_contain_text("This match is shared")
    assert token(match) not in (None, first, second)


def test_the_panel_and_its_dialog_are_axe_clean_in_the_dark(
    browser: Any, live_server: Any, demo_user: Any, tmp_path: Path
) -> None:
    match = new_match(demo_user)
    context = browser.new_context(viewport=PHONE, has_touch=True, color_scheme="dark")
    page = context.new_page()
    log_in(page, live_server)
    open_panel(page, live_server, match)
    page.locator("#share").scroll_into_view_if_needed()
    page.screenshot(path=str(tmp_path / "share-panel-dark-390.png"))
    assert_axe_clean(page)
    page.get_by_role("button", name="Stop sharing").tap()
    expect(page.get_by_role("dialog", name="Stop sharing this match?")).to_be_visible()
    page.screenshot(path=str(tmp_path / "share-panel-stop-dialog-dark-390.png"))
    assert_axe_clean(page)
    context.close()
