"""The footer's language switcher on a 390 px phone, light and dark (issue 14): Magyar chosen without any
script, the page comes back in it (html lang="hu"), axe's language rules pass and the footer fits."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe

from tests.browser.conftest import PHONE, log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture(params=["light", "dark"])
def screen(request: Any, browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport=PHONE, has_touch=True, color_scheme=request.param, locale="en-GB")
    context.set_default_timeout(10_000)
    context.scheme = request.param
    yield context
    context.close()


def test_magyar_chosen_in_the_footer_on_a_phone(screen: Any, live_server: Any, demo_user: Any, tmp_path: Path) -> None:
    page = screen.new_page()
    log_in(page, live_server)
    page.goto(f"{live_server.url}/rules/")
    assert page.get_attribute("html", "lang") == "en"
    footer = page.locator("footer")
    footer.get_by_label("Language").select_option("hu")
    footer.get_by_role("button", name="Change").click()
    page.wait_for_url(f"{live_server.url}/rules/")
    assert page.get_attribute("html", "lang") == "hu"
    assert page.get_attribute("html", "dir") == "ltr"
    assert footer.locator("select").input_value() == "hu"
    page.screenshot(
        path=str(tmp_path / f"i18n-nav-390-{screen.scheme}.png"), clip={"x": 0, "y": 0, "width": 390, "height": 200}
    )
    page.locator("footer").scroll_into_view_if_needed()
    page.screenshot(path=str(tmp_path / f"i18n-switcher-390-{screen.scheme}.png"))
    if screen.scheme == "light":
        page.screenshot(path=str(tmp_path / "i18n-switcher-390.png"))
    results = Axe().run(page, options={"runOnly": ["html-has-lang", "html-lang-valid", "valid-lang"]}).response
    assert results["violations"] == []
    assert {rule["id"] for rule in results["passes"]} >= {"html-has-lang", "html-lang-valid"}
    # Longer words (Django's own "Kijelentkezés" for Log out, in the header's menu) never widen the page.
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    # Every control of the switcher is a 44 px target.
    for control in (footer.locator("select"), footer.locator(".language-switcher button")):
        assert control.bounding_box()["height"] >= 44
    # The account keeps it: the home page, reached by a link, is Magyar too.
    page.goto(f"{live_server.url}/")
    assert page.get_attribute("html", "lang") == "hu"
