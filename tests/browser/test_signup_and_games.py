"""A new user signs up on a phone and enters deals of the other games by tapping."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.test_scoring_table import tap

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def sign_up(page: Any, live_server: Any) -> None:
    page.goto(f"{live_server.url}/accounts/signup/")
    page.fill("#id_username", "newcomer")
    page.fill("#id_password1", "a-long-passphrase-2")
    page.fill("#id_password2", "a-long-passphrase-2")
    page.get_by_role("button", name="Create account").click()
    page.wait_for_url(f"{live_server.url}/")


def new_match(page: Any, live_server: Any, game: str, players: list[str], **extra: str) -> None:
    page.goto(f"{live_server.url}/matches/new/")
    page.get_by_label(game).check()
    for seat, name in enumerate(players):
        page.fill(f"#id_player_{seat}", name)
    page.locator("input[name=first_dealer][value='1']").check()
    for field, value in extra.items():
        page.fill(f"#id_{field}", value)
    page.get_by_role("button", name="Start match").click()
    page.wait_for_url(re.compile(r"/matches/\d+/$"))


def test_kj_9_2_new_user_enters_the_k1_deal(phone: Any, live_server: Any) -> None:
    page = phone.new_page()
    sign_up(page, live_server)
    # K1 (docs/rules/klaberjass.md): Nora (N) is the maker against the dealer Dan (D): 103 and 75.
    new_match(page, live_server, "Klaberjass", ["Nora", "Dan"])
    tap(page, "Maker", "Nora")
    tap(page, "Trump", "♥")
    page.fill("#id_card_points_0", "93")
    page.fill("#id_card_points_1", "35")
    tap(page, "Last trick", "Nora")
    # N's J♥-10♥-9♥ against D's Q♠-J♠-10♠: 3 cards each, so the top cards decide (KJ-6.3).
    tap(page, "Nora's best sequence (cards)", "3")
    tap(page, "Nora's sequence top card", "J")
    tap(page, "Dan's best sequence (cards)", "3")
    tap(page, "Dan's sequence top card", "Q")
    tap(page, "Bella", "Dan")
    expect(page.locator("#preview")).to_contain_text("This deal: Nora 103, Dan 75")
    page.get_by_role("button", name="Save deal 1").click()
    expect(page.get_by_test_id("total-0")).to_have_text("103")
    expect(page.get_by_test_id("total-1")).to_have_text("75")


def test_cb_6_c1_call_bridge_deal_and_a_rule_error_beside_the_field(phone: Any, live_server: Any) -> None:
    page = phone.new_page()
    sign_up(page, live_server)
    new_match(page, live_server, "Call Bridge", ["P1", "P2", "P3", "P4"], target="30")
    # The calls first, when they are made (CB-4.1), then the tricks once the deal is played.
    for name, call in (("P1", "3"), ("P2", "4"), ("P3", "2"), ("P4", "5")):
        tap(page, f"{name}'s call", call)
    page.get_by_role("button", name="Save calls").click()
    # In calling order: P2 deals, P3 on the dealer's right calls first (CB-4.1).
    expect(page.get_by_test_id("in-progress")).to_contain_text("Calls: P3 2, P4 5, P1 3, P2 4")
    for name, tricks in (("P1", "4"), ("P2", "4"), ("P3", "1"), ("P4", "5")):
        tap(page, f"{name}'s tricks", tricks)
    # 4 + 4 + 1 + 5 = 14 tricks: refused beside the field with its rule (CB-5.4).
    expect(page.locator("#deal-form")).to_contain_text("CB-5.4")
    tap(page, "P4's tricks", "4")
    # C1 (docs/rules/call_bridge.md): +3, +4, -2, -5.
    expect(page.locator("#preview")).to_contain_text("This deal: P1 3, P2 4, P3 −2, P4 −5")
    page.get_by_role("button", name="Save deal 1").click()
    expect(page.get_by_test_id("total-3")).to_have_text("−5")
