"""A PBN file on Check a hand, on a 390 px phone: a file of four boards, pasted or uploaded, lists its boards;
board 2 opens as a hand with its verdict (East's revoke, BR-5.3). A malformed file shows its error with its
line and tag, and keeps what was pasted; a board the file does not hold is refused, naming the boards it holds.
Screenshots go to each test's tmp_path."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, log_in
from tests.browser.test_never_lose_a_deal import assert_axe_clean

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PBN_PATH = Path(__file__).resolve().parents[2] / "fixtures" / "contract_bridge" / "club-night.pbn"
PBN = PBN_PATH.read_text(encoding="utf-8")


@pytest.mark.parametrize("how", ["paste", "upload"])
def test_br_5_3_board_2_of_a_pasted_or_uploaded_file_opens_with_its_verdict(
    phone: Any, live_server: Any, demo_user: Any, how: str, tmp_path: Path
) -> None:
    page = phone.new_page()
    log_in(page, live_server)
    page.goto(f"{live_server.url}/referee/")
    form = page.locator("#hand-file-form")
    if how == "paste":
        form.get_by_label("Or paste it").fill(PBN)
    else:
        form.get_by_label("The file").set_input_files(str(PBN_PATH))
    form.get_by_role("button", name="Read the file").click()
    page.wait_for_url(f"{live_server.url}/referee/import/")
    boards = page.locator("#choose-board-form")
    expect(page.get_by_role("heading", name="The file holds 4 boards")).to_be_visible()
    expect(boards.locator("label")).to_have_count(4)
    expect(boards.locator("label").nth(1)).to_contain_text("Board 2 · dealer East (Ben) · 3NT by South")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.screenshot(path=str(tmp_path / f"pbn-boards-{how}.png"), full_page=True)
    if how == "paste":
        assert_axe_clean(page)
    boards.get_by_role("radio", name=re.compile(r"Board 2\b")).check()
    boards.get_by_role("button", name="Check this board").click()
    page.wait_for_url(re.compile(r"/referee/\d+/$"))
    verdict = page.locator("#verdict")
    expect(verdict).to_contain_text("1 rule broken:")
    expect(verdict).to_contain_text("Event 19, trick 3: Ben played 6♣ to K♥ while holding 10♥")
    expect(verdict).to_contain_text("BR-5.3")
    expect(verdict).to_contain_text("The file says 3NT by Cleo, 5 tricks; the replay agrees.")
    expect(page.get_by_role("link", name="as PBN")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.screenshot(path=str(tmp_path / f"pbn-board-2-verdict-{how}.png"), full_page=True)


def test_a_malformed_pbn_shows_its_line_and_tag_and_keeps_the_text(
    phone: Any, live_server: Any, demo_user: Any, tmp_path: Path
) -> None:
    text = PBN.replace('[Contract "3NT"]', '[Contract "3Z"]')
    line = next(n for n, row in enumerate(text.splitlines(), start=1) if row == '[Contract "3Z"]')
    page = phone.new_page()
    log_in(page, live_server)
    page.goto(f"{live_server.url}/referee/")
    form = page.locator("#hand-file-form")
    form.get_by_label("Or paste it").fill(text)
    form.get_by_role("button", name="Read the file").click()
    page.wait_for_url(f"{live_server.url}/referee/import/")
    error = page.locator("#hand-file-error")
    expect(error).to_have_text(
        f"line {line}, [Contract]: a contract is Pass or a level, a strain and X or XX (4S, 3NTX), not '3Z'"
    )
    pasted = page.locator("#hand-file-form").get_by_label("Or paste it")
    expect(pasted).to_have_value(text)
    expect(pasted).to_have_attribute("aria-invalid", "true")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.screenshot(path=str(tmp_path / "pbn-malformed.png"), full_page=True)
    assert_axe_clean(page)


def test_a_board_the_file_does_not_hold_is_refused_and_the_boards_stay(
    phone: Any, live_server: Any, demo_user: Any, tmp_path: Path
) -> None:
    """A board list left open while the file changed (here its radio's value set to 9, as a stale page would post):
    the answer, beside the boards listed again, names the field and the boards the file holds; no hand starts."""
    page = phone.new_page()
    log_in(page, live_server)
    page.goto(f"{live_server.url}/referee/")
    form = page.locator("#hand-file-form")
    form.get_by_label("Or paste it").fill(PBN)
    form.get_by_role("button", name="Read the file").click()
    page.wait_for_url(f"{live_server.url}/referee/import/")
    boards = page.locator("#choose-board-form")
    radio = boards.get_by_role("radio", name=re.compile(r"Board 2\b"))
    radio.check()
    radio.evaluate("input => { input.value = '9'; }")
    boards.get_by_role("button", name="Check this board").click()
    page.wait_for_load_state()
    assert page.url == f"{live_server.url}/referee/import/"
    expect(page.locator("#board-error")).to_have_text("board: the file has no board 9; it holds boards 1, 2, 3, 4")
    expect(page.locator("#hand-file-error")).to_have_text("")  # the file itself is fine
    expect(page.get_by_role("heading", name="The file holds 4 boards")).to_be_visible()
    expect(page.locator("#choose-board-form label")).to_have_count(4)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.screenshot(path=str(tmp_path / "pbn-no-board-9.png"), full_page=True)
    assert_axe_clean(page)
    page.goto(f"{live_server.url}/referee/")
    expect(page.locator("#my-hands")).to_have_count(0)  # no hand was started
