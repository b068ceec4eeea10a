"""Every page a player meets, at 390 px in the light and the dark scheme: axe finds nothing, the page
never scrolls sideways, and no Python value or internal file name shows (issue: the table experience)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe

from referee.models import ContestedHand
from scoring.core.games import GAMES
from scoring.core.match import parse_match
from scoring.services import create_match
from tests.browser.conftest import PHONE, axe_options, log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
# What a page must never show a player: a Python value, a stored entry, an internal file name.
INTERNAL = re.compile(r"\{'|': |\bNone\b|RULES\.md|\.py\b|Traceback")


@pytest.fixture(params=["light", "dark"])
def screen(request: Any, browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport=PHONE, has_touch=True, color_scheme=request.param)
    context.set_default_timeout(10_000)
    yield context
    context.close()


def check(page: Any, url: str) -> list[str]:
    """What is wrong with the page at ``url``: axe's findings, a sideways scroll, internal words."""
    page.goto(url)
    found = [
        f"{url}: axe {violation['id']} at {[node['target'] for node in violation['nodes']][:3]}"
        for violation in Axe().run(page, options=axe_options(page)).response["violations"]
    ]
    width = page.evaluate("document.documentElement.scrollWidth")
    if width > PHONE["width"]:
        found.append(f"{url}: {width} px wide")
    text = page.locator("body").inner_text()
    found += [f"{url}: shows {match.group(0)!r}" for match in INTERNAL.finditer(text)]
    return found


def test_every_page_of_every_game_is_accessible_and_fits(screen: Any, live_server: Any, demo_user: Any) -> None:
    base = live_server.url
    page = screen.new_page()
    problems = []
    for url in ("/", "/accounts/login/", "/accounts/signup/", "/rules/", "/referee/"):
        problems += check(page, base + url)
    log_in(page, live_server)
    matches = []
    for game in GAMES:
        for state in ("running", "finished"):
            doc = json.loads((FIXTURES / "demo" / f"{game}-{state}.json").read_text())
            matches.append(create_match(owner=demo_user, match_file=parse_match(doc)))
    for url in ("/", "/matches/new/", "/matches/import/", "/referee/"):
        problems += check(page, base + url)
    first = matches[0].pk  # the pages every match has alike, once
    for url in ("rename/", "delete/", "share/", "deals/1/edit/"):
        problems += check(page, f"{base}/matches/{first}/{url}")
    for match in matches:
        problems += check(page, f"{base}/matches/{match.pk}/")
    for match in matches[::2]:  # each game's running match
        for url in ("history/", "report/"):
            problems += check(page, f"{base}/matches/{match.pk}/{url}")
        problems += check(page, f"{base}/share/{match.share_token}/")
        problems += check(page, f"{base}/rules/{match.game}/")
    for game in GAMES:
        path = FIXTURES / game / "hand.json"
        if path.exists():
            hand = ContestedHand.objects.create(owner=demo_user, record=json.loads(path.read_text()))
            problems += check(page, f"{base}/referee/{hand.pk}/")
    assert problems == []


def test_the_first_tab_offers_a_skip_link_to_the_page(phone: Any, live_server: Any, demo_user: Any) -> None:
    page = phone.new_page()
    log_in(page, live_server)
    page.keyboard.press("Tab")
    link = page.get_by_role("link", name="Skip to the page")
    assert link.evaluate("element => element === document.activeElement")
    assert link.bounding_box()["y"] >= 0  # shown once it has focus
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "main"
