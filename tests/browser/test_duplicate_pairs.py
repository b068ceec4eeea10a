"""A duplicate pairs session in the browser (docs/rules/duplicate.md), the director on a 390 px phone: a three-table
Howell made from the club page, round 1's results entered table by table as they are written (one refused, then put
right), the traveller of board 2 and the standings worked by hand. axe clean in the light and the dark scheme;
screenshots in the test's tmp_path."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from club.models import PairsSession
from tests.browser.conftest import PHONE, log_in
from tests.browser.test_club_night import looks_right

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PAIRS = ["Anna & Ben", "Cleo & Dan", "Eve & Finn", "Gus & Hana", "Ida & Jon", "Kim & Leo"]
# Round 1 of the three-table Howell (DP-2.5): 6-1 at table 1, 5-2 at table 2, 4-3 at table 3, each playing boards
# 1 to 3. Board 2 is N-S vulnerable (DP-1.2): +620, +650 and +170.
ROUND_1 = {
    1: {1: ("3NT", "N", "="), 2: ("4H", "S", "=")},
    2: {1: ("3NT", "N", "+1"), 2: ("4H", "S", "+1")},
    3: {1: ("4SX", "W", "\u22123"), 2: ("2H", "N", "+2")},
}


def fill_board(page: Any, board: int, contract: str, declarer: str, result: str) -> None:
    page.fill(f"#id_b{board}-contract", contract)
    page.select_option(f"#id_b{board}-declarer", label=declarer)
    page.select_option(f"#id_b{board}-result", label=result)


def test_dp_a_three_table_howell_on_a_phone(phone: Any, live_server: Any, demo_user: Any, tmp_path: Path) -> None:
    page = phone.new_page()
    log_in(page, live_server)
    page.goto(f"{live_server.url}/club/")
    page.get_by_role("button", name="New duplicate pairs session").click()
    page.fill("#id_name", "Tuesday pairs")
    page.fill("#id_tables", "3")
    page.fill("#id_boards_per_round", "3")
    page.get_by_label("Matchpoints (DP-4)").check()
    page.fill("#id_pairs", "\n".join(PAIRS))
    looks_right(page, tmp_path, "1-new")
    page.get_by_role("button", name="Make the session").click()
    expect(page.get_by_role("heading", name="Tuesday pairs")).to_be_visible()
    expect(page.get_by_text("Howell", exact=False).first).to_be_visible()
    looks_right(page, tmp_path, "2-movement")
    session = PairsSession.objects.get()

    # Table 2 enters its round from the phone at the table, by its table link (no account).
    page.get_by_text("Table 2", exact=True).first.click()  # its details open
    link = page.locator("a[href*='/club/pairs/t/']").nth(1).get_attribute("href")
    at_table = phone.browser.new_context(viewport=PHONE, has_touch=True).new_page()
    at_table.goto(link)
    expect(at_table.get_by_role("heading", name="Table 2")).to_be_visible()
    looks_right(at_table, tmp_path, "3-table-link")
    at_table.get_by_role("link", name="Results: 0 of 3 entered").first.click()

    for table, rows in ROUND_1.items():
        entering = at_table if table == 2 else page
        if table != 2:
            page.goto(f"{live_server.url}/club/pairs/{session.pk}/rounds/1/tables/{table}/")
        for board, written in rows.items():
            fill_board(entering, board, *written)
        if table == 3:  # a level that does not exist is refused on its field; board 2's row is kept
            page.fill("#id_b1-contract", "8SX")
            page.get_by_role("button", name="Save the results").click()
            expect(page.get_by_text("Board 1, Contract:")).to_be_visible()
            expect(page.get_by_text("(DP-1.4)").first).to_be_visible()
            looks_right(page, tmp_path, "4-refused")
            page.fill("#id_b1-contract", "4SX")
        entering.get_by_role("button", name="Save the results").click()
        expect(entering.get_by_text(f"Table {table}, round 1: results saved.")).to_be_visible()
    expect(at_table.get_by_role("link", name="Results: 2 of 3 entered")).to_be_visible()
    at_table.context.close()
    page.goto(f"{live_server.url}/club/pairs/{session.pk}/")

    page.get_by_role("button", name="2", exact=True).click()
    traveller = page.get_by_role("table")
    expect(traveller).to_contain_text("4♥ S +1")
    # DP-4.1, DP-4.2: +650 tops the board (4 of 4), +620 2, +170 0.
    rows = traveller.locator("tbody tr")
    expect(rows.nth(1)).to_contain_text("650")
    expect(rows.nth(1).locator("td").nth(5)).to_have_text("4.00")
    expect(rows.nth(2).locator("td").nth(6)).to_have_text("4.00")
    looks_right(page, tmp_path, "5-traveller")

    page.get_by_role("link", name="Tuesday pairs").click()
    standings = page.get_by_role("table").first
    # DP-6.2: pairs 1 and 5 at 75%, 3 and 4 at 50%, 2 and 6 at 25% (tests/club/test_pairs_views.py works them).
    first = standings.locator("tbody tr").first
    expect(first).to_contain_text("1=")
    expect(first).to_contain_text("Anna & Ben")
    expect(first).to_contain_text("75.00")
    looks_right(page, tmp_path, "6-standings")
