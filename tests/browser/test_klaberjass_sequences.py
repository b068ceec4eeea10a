"""Klaberjass sequences on a 390 px phone: each player's best sequence is tapped in, the app compares the two
by KJ-6.3 and the preview says which won and why, before the deal is saved.

Taps are counted as in test_partnership_games.py (a tapped button and the save each count one); the card points
are typed and not counted. A deal where both players declare takes at most nine taps: maker, trump, last trick,
More (the sequences are folded there), each player's number of cards, each top card when the lengths are equal,
and the save. Expected scores are worked
by hand from docs/rules/klaberjass.md.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.test_partnership_games import Taps, fits_the_phone, wait_for_deal
from tests.browser.test_signup_and_games import new_match, sign_up

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_kj_6_3_both_players_declare_and_the_preview_shows_the_comparison(
    phone: Any, live_server: Any, tmp_path: Path
) -> None:
    page = phone.new_page()
    sign_up(page, live_server)
    new_match(page, live_server, "Klaberjass", ["Nora", "Dan"])
    taps = Taps(page)

    # Deal 1, K4: Nora makes spades, Dan takes the last trick. Nora's ♣10-9-8-7 (4 cards) beats Dan's ♦A-K-Q
    # (3 cards) on length, so no top card is asked: T_N = 58 + 50 = 108, T_D = 64 + 10 = 74 (KJ-9.2).
    taps.tap("Maker", "Nora")
    taps.tap("Trump", "♠")
    page.fill("#id_card_points_0", "58")
    page.fill("#id_card_points_1", "64")
    taps.tap("Last trick", "Dan")
    taps.tap("Nora's best sequence (cards)", "4")
    taps.tap("Dan's best sequence (cards)", "3")
    preview = page.locator("#preview")
    expect(preview).to_contain_text("This deal: Nora 108, Dan 74")
    expect(preview).to_contain_text("Nora 50: sequence of 4 cards beats the opponent's 3 cards (more cards) KJ-6.3")
    fits_the_phone(page)
    taps.save(1)
    expect(page.get_by_test_id("total-0")).to_have_text("108")
    expect(page.get_by_test_id("total-1")).to_have_text("74")

    # Deal 2: Dan makes hearts with 80 card points and the last trick, Nora has 40. Both declare 3 cards, so
    # KJ-6.3 needs the top cards: until they are tapped the form says so at the field, with the rule.
    wait_for_deal(page, 2)
    taps.tap("Maker", "Dan")
    taps.tap("Trump", "♥")
    page.fill("#id_card_points_0", "40")
    page.fill("#id_card_points_1", "80")
    taps.tap("Last trick", "Dan")
    taps.tap("Nora's best sequence (cards)", "3")
    taps.tap("Dan's best sequence (cards)", "3")
    expect(page.locator("#err-sequence_top_0")).to_contain_text("their top cards decide")
    expect(page.locator("#err-sequence_top_0")).to_contain_text("KJ-6.3")
    # Nora's K-Q-J beats Dan's Q-J-10: T_N = 40 + 20 = 60, T_D = 80 + 10 = 90; the maker has more.
    taps.tap("Nora's sequence top card", "K")
    taps.tap("Dan's sequence top card", "Q")
    expect(preview).to_contain_text("This deal: Nora 60, Dan 90")
    expect(preview).to_contain_text(
        "Nora 20: sequence of 3 cards to the K beats the opponent's 3 cards to the Q (higher top card) KJ-6.3"
    )
    fits_the_phone(page)
    taps.save(2)
    expect(page.get_by_test_id("total-0")).to_have_text("168")
    expect(page.get_by_test_id("total-1")).to_have_text("164")

    # One more each to open "More", where the sequences are folded so that a usual deal fits one screen.
    assert taps.counts == [7, 9]
    assert max(taps.counts) <= 9
    page.screenshot(path=str(tmp_path / "klaberjass-sequences.png"), full_page=True)
