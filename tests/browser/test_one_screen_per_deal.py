"""Every deal on one phone screen (390x844): after a save the next entry, its preview, the totals and Save
fit together, so three deals in a row are tapped in with no scroll or swipe between them, in every game."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from scoring.core.games import GAMES
from scoring.core.match import parse_match
from scoring.forms import DealForm, entry_to_initial
from scoring.services import create_match
from tests.browser.conftest import PHONE, log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = ["Anna", "Ben", "Cleo", "Dan"]


def usual_deals(game_name: str, count: int = 3) -> list[dict[str, Any]]:
    """``count`` of the game's sample deals (fixtures/<game>/deals.json, no house rule) as a usual deal is
    entered: what every deal needs, the fields folded under "More" left as they read when left out."""
    game = GAMES[game_name]
    spec = game.entry_spec(frozenset())
    # The fields the entry form shows before "More" (DealForm.field_groups), by their match-file names.
    doc = {"game": game_name, "players": PLAYERS[: game.seats], "first_dealer": 0, "flags": [], "deals": []}
    doc["target"] = game.suggested_target if game.target_required else None
    shown = DealForm(match_file=parse_match(doc)).field_groups()[0]
    names = {bound.name for bound in shown["once"]} | {b.name for row in shown["rows"] for b in row["fields"]}
    usual = {field.name for field in spec.fields if field.name in names or f"{field.name}_0" in names}
    samples = json.loads((Path(settings.BASE_DIR) / "fixtures" / game_name / "deals.json").read_text("utf-8"))
    deals = []
    for sample in samples:
        if sample.get("flags") or sample["entry"].get(spec.no_play or ""):
            continue
        deals.append({name: value for name, value in sample["entry"].items() if name in usual})
    return (deals * count)[:count]


def form_names(entry: dict[str, Any]) -> set[str]:
    """The entry form's field names for the fields an entry holds (``tricks`` is ``tricks_0``...)."""
    return {key for name in entry for key in (name, *(f"{name}_{seat}" for seat in range(len(PLAYERS))))}


IN_SIGHT = """([selector, height]) => {
    const element = document.querySelector(selector);
    const box = element.getBoundingClientRect();
    const bar = document.querySelector('.entry-bar');
    const floor = bar && !bar.contains(element) ? bar.getBoundingClientRect().top : height;
    return box.height > 0 && box.top >= 0 && box.bottom <= floor + 0.5;
}"""


def in_sight(page: Any, selector: str) -> bool:
    """Whether the element is on the screen, above the entry's bar when it is not in the bar itself, once the page
    has settled: the live preview of what was just entered comes in while the next field is tapped, and may move
    the fields for a moment on a busy machine (up to 3 s)."""
    try:
        page.wait_for_function(IN_SIGHT, arg=[selector, PHONE["height"]], timeout=3000)
    except PlaywrightTimeout:
        return False
    return True


def tap_without_scrolling(page: Any, selector: str, fill: str | None = None) -> None:
    assert in_sight(page, selector), f"{selector} is not on the screen"
    before = page.evaluate("window.scrollY")
    if fill is None:
        page.locator(selector).click()
    else:
        page.locator(selector).fill(fill)
    assert page.evaluate("window.scrollY") == before, f"the page moved on tapping {selector}"


def save_without_scrolling(page: Any, selector: str) -> None:
    """Save, on the screen as it is; the page itself then brings the next entry to the top."""
    assert in_sight(page, selector), f"{selector} is not on the screen"
    page.locator(selector).click()


def enter(page: Any, form: str, fields: dict[str, Any], skip: set[str] = frozenset()) -> None:  # type: ignore[assignment]
    for name, value in fields.items():
        if name in skip or value in ("", None, False):
            continue
        kind = page.locator(f"{form} [name='{name}']").first.get_attribute("type")
        if kind == "radio":
            option = page.locator(f"{form} input[name='{name}'][value='{value}']").get_attribute("id")
            tap_without_scrolling(page, f"{form} label[for='{option}']")
        elif kind == "checkbox":
            tap_without_scrolling(page, f"{form} [name='{name}']")
        else:
            tap_without_scrolling(page, f"{form} [name='{name}']", str(value))


def totals_and_save_in_sight(page: Any, number: int) -> None:
    assert in_sight(page, "[data-testid=bar-totals]")
    assert in_sight(page, "#deal-form button[type=submit], #first-form button[type=submit]")
    # The bar's totals are the standings' (the same evaluation, in the entry's bar).
    bar = page.get_by_test_id("bar-totals").inner_text()
    for seat in range(len(page.locator("[data-testid^='total-']").all())):
        assert page.get_by_test_id(f"total-{seat}").inner_text() in bar


@pytest.mark.parametrize("game_name", list(GAMES))
def test_three_deals_in_a_row_with_no_scroll_between_them(
    phone: Any, live_server: Any, demo_user: Any, game_name: str, tmp_path: Path
) -> None:
    game = GAMES[game_name]
    doc = {"game": game_name, "players": PLAYERS[: game.seats], "first_dealer": 0, "flags": [], "deals": []}
    doc["target"] = game.suggested_target if game.target_required else None
    match = create_match(owner=demo_user, match_file=parse_match(doc))
    spec = game.entry_spec(frozenset())
    page = phone.new_page()
    log_in(page, live_server)
    page.goto(f"{live_server.url}/matches/{match.pk}/")
    # The one swipe: from the top of a new match's page to its first entry. None after it.
    page.evaluate("document.getElementById('entry').scrollIntoView({block: 'start'})")
    for number, entry in enumerate(usual_deals(game_name), start=1):
        fields = {name: value for name, value in entry_to_initial(entry, spec).items() if name in form_names(entry)}
        if spec.first:
            first = {name: value for name, value in fields.items() if name.rpartition("_")[0] in spec.first}
            enter(page, "#first-form", first)
            save_without_scrolling(page, "#first-form button[type=submit]")
            expect(page.locator("#table-notice")).to_contain_text(f"for deal {number} saved.")
            totals_and_save_in_sight(page, number)
            fields = {name: value for name, value in fields.items() if name not in first}
        # A per-seat field with a total (the tricks, 13): the last seat is filled in as the rest.
        last = {f"{field.name}_{game.seats - 1}" for field in spec.fields if field.total is not None}
        enter(page, "#deal-form", fields, skip=last)
        for name in last:
            expect(page.locator(f"#deal-form input[name='{name}'][value='{fields[name]}']")).to_be_checked()
        expect(page.locator("#preview")).to_contain_text("This deal:")
        assert in_sight(page, "#preview")
        page.screenshot(path=str(tmp_path / f"{game_name}-deal-{number}-entered.png"))
        save_without_scrolling(page, "#save-deal")
        expect(page.locator("#table-notice")).to_contain_text(f"Deal {number} saved.")
        expect(page.locator("#sheet-rows tr")).to_have_count(number)
        totals_and_save_in_sight(page, number + 1)
        assert in_sight(page, "#table-notice")
        page.screenshot(path=str(tmp_path / f"{game_name}-deal-{number}-saved.png"))
    assert re.search(r"\d", page.get_by_test_id("bar-totals").inner_text())
