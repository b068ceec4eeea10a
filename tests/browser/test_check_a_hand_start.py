"""The Check a hand start form on a 390 px phone (issue 23): choosing Call Bridge shows its seating sentence alone
and four name fields, the names typed so far kept, with a script (htmx swaps the form in) and without one (the
game chooser's button); axe clean, light and dark. Screenshots go to each test's tmp_path."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, axe_options, log_in
from tests.browser.test_never_lose_a_deal import assert_axe_clean

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_choosing_a_four_player_game_shows_four_names_and_its_seating(
    browser: Any, live_server: Any, demo_user: Any, scheme: str, tmp_path: Path
) -> None:
    context = browser.new_context(viewport=PHONE, has_touch=True, color_scheme=scheme)
    page = context.new_page()
    log_in(page, live_server)
    page.goto(f"{live_server.url}/referee/")
    form = page.locator("#new-hand-form")
    expect(form.locator("input[type=text]")).to_have_count(2)  # Bridgette, the first game: two players
    form.get_by_role("textbox", name="Player 1").fill("Anna")
    page.locator("#choose-game label", has_text="Call Bridge").click()
    expect(form.locator("input[type=text]")).to_have_count(4)
    expect(form.get_by_role("textbox", name="Player 1")).to_have_value("Anna")
    expect(page.locator("#new-hand-form")).to_contain_text("Four players, listed counterclockwise")
    expect(page.locator("#new-hand-form")).not_to_contain_text("Two players, in seat order.")
    expect(page.locator("#choose-game button")).to_be_hidden()  # a script is running: no button needed
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.screenshot(path=str(tmp_path / f"check-start-call-bridge-{scheme}.png"), full_page=True)
    if scheme == "light":
        assert_axe_clean(page)
    else:
        assert Axe().run(page, options=axe_options(page)).response["violations"] == []
    for seat, name in enumerate(("Anna", "Ben", "Cleo", "Dev"), start=1):
        form.get_by_role("textbox", name=f"Player {seat}").fill(name)
    form.get_by_role("button", name="Start recording").click()
    page.wait_for_url(re.compile(r"/referee/\d+/$"))
    context.close()


def test_without_a_script_the_game_chooser_shows_the_games_form(
    browser: Any, live_server: Any, demo_user: Any, tmp_path: Path
) -> None:
    context = browser.new_context(viewport=PHONE, has_touch=True, java_script_enabled=False)
    page = context.new_page()
    log_in(page, live_server)
    page.goto(f"{live_server.url}/referee/")
    page.locator("#choose-game").get_by_label("Belote").check()
    page.locator("#choose-game").get_by_role("button", name="Show this game's form").click()
    page.wait_for_url(f"{live_server.url}/referee/?game=belote")
    form = page.locator("#new-hand-form")
    expect(form.locator("input[type=text]")).to_have_count(4)
    expect(form.locator("input[name=dealer]")).to_have_count(4)
    expect(page.locator("#new-hand-form")).to_contain_text("the first and third are partners")
    page.screenshot(path=str(tmp_path / "check-start-belote-no-script.png"), full_page=True)
    context.close()


def test_choosing_contract_bridge_names_the_seats_north_to_west(
    phone: Any, live_server: Any, demo_user: Any, tmp_path: Path
) -> None:
    """Contract Bridge's rules name the seats (BR-1.1): the name fields and the dealers read North to West, the first
    two relabelled in place with the name typed kept; back to Bridgette they read Player 1 and 2 again."""
    page = phone.new_page()
    log_in(page, live_server)
    page.goto(f"{live_server.url}/referee/")
    form = page.locator("#new-hand-form")
    form.get_by_role("textbox", name="Player 1").fill("Anna")
    page.locator("#choose-game label", has_text="Contract Bridge").click()
    expect(form.get_by_role("textbox", name="West")).to_be_visible()
    expect(form.get_by_role("textbox", name="North")).to_have_value("Anna")
    expect(form.get_by_role("textbox", name="East")).to_be_visible()
    expect(form.get_by_role("radio", name="South")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.screenshot(path=str(tmp_path / "check-start-contract-bridge.png"), full_page=True)
    assert_axe_clean(page)
    page.locator("#choose-game label", has_text="Bridgette").click()
    expect(form.get_by_role("textbox", name="Player 2")).to_be_visible()
    expect(form.get_by_role("textbox", name="Player 1")).to_have_value("Anna")
