"""A wrong entry is never quiet: every error at once, in the preview beside Save and at its field, each a
sentence that starts with a capital letter and cites its rule once; Save waits until the entry keeps the rules."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from scoring.core.match import parse_match
from scoring.services import create_match
from tests.browser.conftest import axe_options, log_in
from tests.browser.test_scoring_table import tap

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def open_new_match(page: Any, live_server: Any, owner: Any, game: str, players: list[str]) -> None:
    doc = {"game": game, "players": players, "first_dealer": 0, "deals": []}
    match = create_match(owner=owner, match_file=parse_match(doc))
    log_in(page, live_server)
    page.goto(f"{live_server.url}/matches/{match.pk}/")


def assert_axe_clean(page: Any) -> None:
    """The entry and its preview (#live), in the light and dark schemes."""
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        violations = Axe().run(page, context="#live", options=axe_options(page)).response["violations"]
        assert [(v["id"], [n["target"] for n in v["nodes"]]) for v in violations] == [], scheme


def test_bl_2_4_and_bl_5_6_a_belote_entry_shows_every_error_at_once(
    phone: Any, live_server: Any, demo_user: Any, tmp_path: Path
) -> None:
    page = phone.new_page()
    open_new_match(page, live_server, demo_user, "belote", ["Anna", "Ben", "Cleo", "Dan"])
    tap(page, "Taker", "Anna")
    tap(page, "Trump", "♥")
    page.fill("#id_taker_card_points", "151")  # no card is worth 1 point (BL-2.4)
    tap(page, "Last trick (dix de der, 10)", "Takers")
    page.locator("details.more-fields summary").click()
    page.fill("#id_taker_other_announcements", "30")  # beside no run or carré (BL-5.6)
    page.locator("#id_taker_other_announcements").blur()
    errors = page.get_by_test_id("preview-errors").locator("li")
    expect(errors).to_have_count(2)
    expect(errors.nth(0)).to_have_text(
        "Takers' card points (without the last trick): No side can take 151 card points: no card is worth 1 point, "
        "so neither 1 nor 151 is possible (BL-2.4)."
    )
    expect(errors.nth(1)).to_contain_text("Enter the camp's best run or carré first")
    # Each at its field too, and Save waits for the entry to keep the rules.
    expect(page.locator("#err-taker_card_points")).to_contain_text("No side can take 151 card points")
    expect(page.locator("#err-taker_other_announcements")).to_contain_text("Enter the camp's best run or carré first")
    expect(page.locator("#save-deal")).to_be_disabled()
    page.screenshot(path=str(tmp_path / "tb-belote-every-error.png"))
    assert_axe_clean(page)
    page.emulate_media(color_scheme="light")
    page.fill("#id_taker_card_points", "120")
    page.fill("#id_taker_other_announcements", "")
    page.locator("#id_taker_other_announcements").blur()
    expect(page.locator("#preview")).to_contain_text("This deal:")
    expect(page.locator("#save-deal")).to_be_enabled()
    expect(page.locator("#err-taker_card_points")).to_have_text("")


def test_kj_2_2_and_kj_6_1_a_klaberjass_entry_shows_every_error_at_once(
    phone: Any, live_server: Any, demo_user: Any, tmp_path: Path
) -> None:
    page = phone.new_page()
    open_new_match(page, live_server, demo_user, "klaberjass", ["Anna", "Ben"])
    tap(page, "Maker", "Anna")
    tap(page, "Trump", "♥")
    tap(page, "Last trick", "Anna")
    page.fill("#id_card_points_0", "100")
    page.fill("#id_card_points_1", "70")  # 170: more than the 18 cards played hold (KJ-2.2)
    tap(page, "Anna's best sequence (cards)", "5")
    tap(page, "Anna's sequence top card", "9")  # five cards down from a 9 would pass the 7 (KJ-6.1)
    errors = page.get_by_test_id("preview-errors").locator("li")
    expect(errors).to_have_count(2)
    expect(errors.nth(0)).to_have_text("The 18 cards played hold at most 146 card points, not 170 (KJ-2.2).")
    expect(errors.nth(1)).to_have_text(
        "Anna's sequence top card: A sequence of 5 cards reaches down to the 7 from a J at the lowest, so its top "
        "card cannot be the 9 (KJ-6.1)."
    )
    expect(page.locator("#save-deal")).to_be_disabled()
    page.screenshot(path=str(tmp_path / "tb-klaberjass-every-error.png"))
    assert_axe_clean(page)


def test_after_the_last_field_tab_reaches_save_before_the_previews_rule_links(
    phone: Any, live_server: Any, demo_user: Any
) -> None:
    page = phone.new_page()
    open_new_match(page, live_server, demo_user, "bridgette", ["Anna", "Ben"])
    tap(page, "Declarer", "Anna")
    tap(page, "Level", "2")
    tap(page, "Strain", "♥")
    tap(page, "Declarer's tricks", "8")
    # B1 (BG-7.1): Anna +500, its lines citing their rules as links, shown above Save.
    expect(page.locator("#preview")).to_contain_text("This deal: Anna 500, Ben 0")
    expect(page.locator("#preview a.rule").first).to_be_visible()
    page.locator("input[name=tricks]:checked").focus()
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "save-deal"
    page.keyboard.press("Enter")  # Enter saves; it never opens a rule
    expect(page.locator("#table-notice")).to_have_text("Deal 1 saved.")
    expect(page.locator("#rule-dialog")).not_to_have_attribute("open", "")
    assert_axe_clean(page)
