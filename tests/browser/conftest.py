"""Real-browser tests: Playwright driving Debian's Chromium against the live test server.

They run when /usr/bin/chromium exists; under CI (CI=true) a missing Chromium is a failure,
since .ci/run installs it.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]
PHONE = {"width": 390, "height": 844}

# A page whose colour scheme has just changed (`emulate_media`) fades its inputs and links to the new colours over
# Pico's 0.2 s transitions; axe reading the contrast half-way finds colours the page never rests on. Every axe run
# waits until no finite animation is running (an endless one, a busy spinner, never ends).
_STILL = """() => document.getAnimations().every(
    (animation) => animation.playState !== "running" || animation.effect.getComputedTiming().endTime === Infinity
)"""


def _axe_on_a_still_page() -> None:
    from axe_playwright_python.sync_playwright import Axe

    run = Axe.run

    def run_when_still(self: Any, page: Any, *args: Any, **kwargs: Any) -> Any:
        page.wait_for_function(_STILL)
        return run(self, page, *args, **kwargs)

    Axe.run = run_when_still  # type: ignore[method-assign]


_axe_on_a_still_page()

# An assertion waits up to 10 s for the page to get there (Playwright's default is 5 s): on a busy machine a save, its
# answer and the redraw it triggers can take longer, and a page that gets there sooner ends the wait at once.
expect.set_options(timeout=10_000)

# Playwright's sync API runs an event loop in this thread; the ORM calls the tests make
# for setup are still plain synchronous calls.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


def pytest_collection_modifyitems(config: Any, items: list[Any]) -> None:
    if os.path.exists(CHROMIUM) or shutil.which("chromium"):
        return
    if os.environ.get("CI"):
        return  # the browser fixture fails loudly instead
    skip = pytest.mark.skip(reason="Chromium is not installed (apt-get install chromium)")
    for item in items:
        if "tests/browser" in str(item.fspath):
            item.add_marker(skip)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport=PHONE, has_touch=True)
    context.set_default_timeout(10_000)
    yield context
    context.close()


@pytest.fixture
def demo_user(django_user_model: Any) -> Any:
    return django_user_model.objects.create_user(username="tablemate", password="a-long-passphrase-1")


def log_in(page: Any, live_server: Any, username: str = "tablemate", password: str = "a-long-passphrase-1") -> None:
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.click("main button[type=submit]")
    page.wait_for_url(f"{live_server.url}/")


# axe in the dark scheme asks only what the scheme can change (the light run of the same page asks every rule).
EVERY_RULE = {"resultTypes": ["violations"]}
COLOUR_RULES = {**EVERY_RULE, "runOnly": {"type": "rule", "values": ["color-contrast", "link-in-text-block"]}}


def axe_options(page: Any) -> dict[str, Any]:
    """Every axe rule in the light scheme; the colour rules in the dark one."""
    dark = page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches")
    return COLOUR_RULES if dark else EVERY_RULE
