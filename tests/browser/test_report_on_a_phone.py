"""The report's score sheet on a 390 px phone, every game and every language (issue 23): each visible heading sits
over its own column's cells (their bounding boxes share left and right edges, row by row), the dealer's column
is gone with its heading, the sides are headed by their short names, and the page fits the phone: a sheet wider
than its box scrolls sideways in it under a first column that stays. The share link's report is the same page.
Axe clean, light and dark. Screenshots go to each test's tmp_path.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.utils import translation

from scoring.core.games import GAMES
from scoring.core.match import parse_match
from scoring.models import Match
from scoring.services import create_match
from tests.browser.conftest import PHONE, axe_options, log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DEMO = Path(__file__).resolve().parents[2] / "fixtures" / "demo"
LANGUAGES = ["en", "hu", "pl", "hi"]

# Per column: its heading's box and, for every deal's row, the box of that row's cell in the column.
COLUMNS = """() => {
  const table = document.querySelector('.report table.sheet');
  const shown = (cells) => [...cells].filter((cell) => cell.offsetParent !== null);
  const box = (cell) => { const r = cell.getBoundingClientRect(); return [Math.round(r.left), Math.round(r.right)]; };
  const heads = shown(table.querySelectorAll('thead th'));
  const rows = [...table.querySelectorAll('tbody tr:not(.breakdown)')].map((row) => shown(row.children).map(box));
  return {
    heads: heads.map(box),
    texts: heads.map((cell) => (cell.querySelector('.short') || cell).innerText.trim()),
    rows: rows,
    table: table.getBoundingClientRect().width,
    region: table.parentElement.clientWidth,
    page: document.documentElement.scrollWidth,
  };
}"""


def demo_match(owner: Any, game: str, players: list[str] | None = None) -> Match:
    document = json.loads((DEMO / f"{game}-finished.json").read_text(encoding="utf-8"))
    if players:
        document["players"] = players
    return create_match(owner=owner, match_file=parse_match(document))


def assert_headings_over_their_columns(page: Any, match: Match) -> dict[str, Any]:
    columns = page.evaluate(COLUMNS)
    sides = len(match.rules.sides)
    assert len(columns["heads"]) == 2 + sides, columns["texts"]  # the deal's number, what was played, each side
    assert columns["rows"], "no deal rows"
    for row in columns["rows"]:
        assert row == columns["heads"], (columns["texts"], row, columns["heads"])
    assert columns["page"] <= PHONE["width"], columns
    if columns["table"] > columns["region"] + 1:
        # Wider than the phone (four long names, a Call Bridge row): the sheet scrolls sideways in its own region,
        # under a first column that stays at the region's left edge.
        region = page.locator(".report .sheet-scroll")
        region.evaluate("(box) => { box.scrollLeft = box.scrollWidth; }")
        first = page.locator(".report table.sheet tbody tr:not(.breakdown) > td").first
        assert abs(first.bounding_box()["x"] - region.bounding_box()["x"]) <= 1
        assert region.evaluate("(box) => box.scrollLeft") > 0
        region.evaluate("(box) => { box.scrollLeft = 0; }")
    return columns


@pytest.mark.parametrize("game", list(GAMES))
def test_the_reports_headings_sit_over_their_columns_on_a_phone(
    browser: Any, live_server: Any, demo_user: Any, game: str, tmp_path: Path
) -> None:
    match = demo_match(demo_user, game)
    context = browser.new_context(viewport=PHONE, has_touch=True)
    context.set_default_timeout(10_000)
    page = context.new_page()
    log_in(page, live_server)
    for language in LANGUAGES:
        context.add_cookies([{"name": "trickbook_language", "value": language, "url": live_server.url}])
        page.goto(f"{live_server.url}/matches/{match.pk}/report/")
        assert page.get_attribute("html", "lang") == language
        columns = assert_headings_over_their_columns(page, match)
        # The sides by their short names ("N-S", "A & C", "Fari."), each read out whole by a screen reader.
        with translation.override(language):
            labels = [str(label) for label in match.rules.side_labels]
        if labels:
            assert columns["texts"][2:] == list(labels)
        # Each deal's breakdown says who dealt, since the dealer's column is gone on a phone.
        first_dealer = match.players[match.first_dealer]
        dealt = page.locator(".report tr.breakdown .dealt").first
        assert dealt.is_visible()
        assert first_dealer in dealt.inner_text()
        page.locator(".sheet-section").screenshot(path=str(tmp_path / f"report-sheet-{game}-{language}.png"))
    context.close()


def test_long_names_fit_and_the_share_links_report_is_the_same(
    browser: Any, live_server: Any, demo_user: Any, tmp_path: Path
) -> None:
    match = demo_match(demo_user, "call_bridge", ["Małgorzata", "Bartłomiej", "Krzysztofa", "Wojciechowski"])
    match.share_token = "report-on-a-phone"
    match.save()
    for scheme in ("light", "dark"):
        context = browser.new_context(viewport=PHONE, has_touch=True, color_scheme=scheme)
        context.add_cookies([{"name": "trickbook_language", "value": "pl", "url": live_server.url}])
        page = context.new_page()
        page.goto(f"{live_server.url}/share/{match.share_token}/report/")
        columns = assert_headings_over_their_columns(page, match)
        assert columns["texts"][2:] == ["Małg.", "Bart.", "Krzy.", "Wojc."]
        page.screenshot(path=str(tmp_path / f"report-sheet-shared-{scheme}.png"), full_page=True)
        violations = Axe().run(page, options=axe_options(page)).response["violations"]
        assert [(violation["id"], [node["target"] for node in violation["nodes"]]) for violation in violations] == []
        context.close()
