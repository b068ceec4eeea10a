"""The partnership games on a phone: a new user signs up and plays a whole rubber of Contract Bridge and a whole
game of Belote to 1,000 by tapping, then opens the report. Partners score together: the standings, the sheet and the
report name each side by its players ("Anna & Cleo"), and everything fits a 390 px screen.

Each deal's taps are counted (a tapped button, a typed number, the passed-out box and the save each count one) and
pinned, so the entry form stays quick to fill at the table: every deal of the rubber takes at most six, the save
included (BR-9.1: declarer, level, strain, doubling when doubled, the result, honours when held).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from tests.browser.conftest import axe_options
from tests.browser.test_scoring_table import tap as tap_choice
from tests.browser.test_signup_and_games import sign_up

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE_WIDTH = 390


@dataclass
class Taps:
    """Counts what the player does on the entry form, deal by deal."""

    page: Any
    counts: list[int] = field(default_factory=list)
    now: int = 0

    def unfold(self, target: Any) -> None:
        """A field folded under "More" (what a usual deal leaves as it is) costs a tap to open."""
        folded = self.page.locator("details.more-fields:not([open])", has=target)
        if folded.count():
            folded.locator("summary").click()
            self.now += 1

    def tap(self, legend: str, label: str) -> None:
        self.unfold(self.page.locator("fieldset", has=self.page.locator(f'legend:text-is("{legend}")')))
        tap_choice(self.page, legend, label)
        self.now += 1

    def type(self, selector: str, value: str) -> None:
        self.unfold(self.page.locator(selector))
        self.page.fill(selector, value)
        self.now += 1

    def check(self, label: str) -> None:
        self.page.get_by_label(label).check()
        self.now += 1

    def save(self, number: int) -> None:
        self.page.get_by_role("button", name=f"Save deal {number}").click()
        self.now += 1
        self.counts.append(self.now)
        self.now = 0


def new_match(page: Any, live_server: Any, game: str, players: list[str], first_dealer: int) -> None:
    page.goto(f"{live_server.url}/matches/new/")
    page.get_by_role("radio", name=game, exact=True).check()
    for seat, name in enumerate(players):
        page.fill(f"#id_player_{seat}", name)
    page.locator(f"input[name=first_dealer][value='{first_dealer}']").check()
    page.get_by_role("button", name="Start match").click()
    page.wait_for_url(re.compile(r"/matches/\d+/$"))


def wait_for_deal(page: Any, number: int) -> None:
    page.get_by_role("heading", name=f"Enter deal {number}").wait_for()


def fits_the_phone(page: Any) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE_WIDTH


def sheet_fits(page: Any) -> None:
    """The score sheet, its breakdowns closed, needs no sideways scrolling in its box."""
    table, box = page.evaluate(
        "(t => [t.scrollWidth, t.parentElement.clientWidth])(document.querySelector('#sheet table.sheet'))"
    )
    assert table <= box


def standings(page: Any) -> list[str]:
    return [text.strip() for text in page.locator(".standings article > span:first-child").all_inner_texts()]


def sheet_columns(page: Any) -> list[str]:
    """The sheet's column headings as a screen reader names them (the sides' whole names)."""
    header = page.locator("#sheet table.sheet thead th").evaluate_all(
        "ths => ths.map(th => (th.querySelector('.long') || th).textContent)"
    )
    return [" ".join(text.split()) for text in header]


def shown_columns(page: Any) -> list[str]:
    """The sheet's column headings as the phone shows them (a shortened heading by its short form)."""
    script = """ths => ths.filter(th => th.checkVisibility()).map(th => {
        const short = th.querySelector('.short');
        return short && short.checkVisibility() ? short.textContent : th.textContent;
    })"""
    return [" ".join(text.split()) for text in page.locator("#sheet table.sheet thead th").evaluate_all(script)]


# --- Contract Bridge: the rubber won two games to one (docs/rules/contract_bridge.md, Worked examples) ---

# Anna (North), Ben (East), Cleo (South), Dev (West); Anna deals first. Each deal: declarer's seat button, level,
# strain, doubled ("" when not doubled), the result against the 6 + level tricks the contract needs (BR-9.1), honours
# ("" for none); None is a deal all four passed.
RUBBER = [
    ("S · Cleo", "2", "♥", "", "+1", ""),  # N-S 90: 60 below, an overtrick above
    ("E · Ben", "3", "NT", "", "=", "E-W 150"),  # E-W 250: game 1 to E-W, honours 150
    ("W · Dev", "4", "♠", "X", "−2", ""),  # N-S 500: down 2 doubled, E-W vulnerable
    None,  # passed out (BR-7.7)
    ("N · Anna", "1", "NT", "", "+1", ""),  # N-S 70
    ("S · Cleo", "2", "♦", "", "=", "N-S 100"),  # N-S 140: 80 towards game, honours 100
    ("N · Anna", "2", "♣", "", "=", ""),  # N-S 40: game 1 to N-S, both vulnerable
    ("E · Ben", "6", "♥", "", "=", ""),  # E-W 1430: slam 750, rubber 2–1 500
]
RUBBER_TAPS = [
    5,
    7,
    6,
    2,
    5,
    7,
    5,
    5,
]  # honours folded under More: one tap to open it  # declarer, level, strain, [doubled], result, [honours], save


def enter_bridge_deal(taps: Taps, number: int, deal: tuple[str, ...] | None) -> None:
    if deal is None:
        taps.check("Passed out (no bid)")
    else:
        declarer, level, strain, doubled, result, honours = deal
        taps.tap("Declarer", declarer)
        taps.tap("Level", level)
        taps.tap("Strain", strain)
        if doubled:
            taps.tap("Doubled", doubled)
        taps.tap("Result", result)
        if honours:
            taps.tap("Honours", honours)
    taps.save(number)


def test_br_7_6_a_new_user_plays_a_rubber_won_two_games_to_one_on_a_phone(
    phone: Any, live_server: Any, tmp_path: Path
) -> None:
    page = phone.new_page()
    sign_up(page, live_server)
    new_match(page, live_server, "Contract Bridge", ["Anna", "Ben", "Cleo", "Dev"], first_dealer=0)
    assert standings(page) == ["Anna & Cleo", "Ben & Dev"]
    expect(page.get_by_role("heading", name="Game 1 · neither side vulnerable")).to_be_visible()
    taps = Taps(page)
    for number, deal in enumerate(RUBBER, start=1):
        wait_for_deal(page, number)
        if number == 1:
            # The preview names the sides before the deal is saved.
            for legend, label in (("Declarer", "S · Cleo"), ("Level", "2"), ("Strain", "♥"), ("Result", "+1")):
                tap_choice(page, legend, label)
            expect(page.locator("#preview")).to_contain_text("This deal: Anna & Cleo 90, Ben & Dev 0")
            taps.now = 4
            taps.save(number)
            continue
        if number == 7:
            expect(page.get_by_role("heading", name="Game 2 · E-W vulnerable · N-S 80 below the line")).to_be_visible()
        enter_bridge_deal(taps, number, deal)
    assert taps.counts == RUBBER_TAPS
    # Six taps a deal, and one more to open "More" for the honours (folded so that a usual deal fits one screen).
    assert max(taps.counts) <= 7

    banner = page.locator("#winner-banner")
    expect(banner).to_contain_text("Ben & Dev")
    expect(banner).to_contain_text("won the rubber 2–1 and have the larger total, 1,680–840")
    expect(page.get_by_test_id("total-0")).to_have_text("840")
    expect(page.get_by_test_id("total-1")).to_have_text("1,680")
    assert standings(page) == ["Anna & Cleo", "Ben & Dev"]
    assert sheet_columns(page)[3:5] == ["Anna & Cleo", "Ben & Dev"]
    # On the phone each side's heading is its players' initials; the dealer column gives way.
    assert shown_columns(page) == ["#", "Deal", "A & C", "B & D"]
    assert page.get_by_role("button", name=re.compile(r"^Save deal")).count() == 0
    fits_the_phone(page)
    sheet_fits(page)
    page.screenshot(path=str(tmp_path / "contract_bridge-rubber-390.png"), full_page=True)
    assert [violation["id"] for violation in Axe().run(page).response["violations"]] == []
    page.locator("#deal-8 summary").click()
    expect(page.locator("#deal-8 .lines")).to_contain_text("Ben & Dev 500: rubber won 2–1: 500 above the line")
    fits_the_phone(page)

    page.get_by_role("link", name="Report (print, PDF, CSV)").click()
    page.wait_for_url(re.compile(r"/matches/\d+/report/$"))
    result = page.locator("main")
    expect(result).to_contain_text("Ben & Dev won the rubber 2–1")
    expect(result).to_contain_text("Ben & Dev (winner)")
    expect(result).to_contain_text("Anna & Cleo")
    fits_the_phone(page)
    page.screenshot(path=str(tmp_path / "contract_bridge-report-390.png"), full_page=True)


# --- Belote: a game to 1,000 (the finished demo match, fixtures/demo/belote-finished.json) ---

# Léa & Inès (seats 0, 2) against Marc & Hugo (1, 3); Hugo deals first. Each deal is what the scorer taps: (the
# field's legend, the button's label), or ("#id_...", a number typed in); None is a deal nobody took. The points
# after each are worked by hand from docs/rules/belote.md.
LAST = "Last trick (dix de der, 10)"
TAKERS_RUN, DEFENDERS_RUN = "Takers' best run (cards)", "Defenders' best run (cards)"
BELOTE = [
    # BL1: both camps declare a tierce; Léa's to the A beats Hugo's to the Q (R-BL-4 step 4), so Léa & Inès score
    # their 20: 120 + 10 + 20 + 20 (Inès's belote) = 170 against 32, made.
    [
        ("Taker", "Léa"),
        ("Trump", "♥"),
        ("#id_taker_card_points", "120"),
        (LAST, "Takers"),
        (TAKERS_RUN, "Tierce"),
        ("Takers' run: top card", "A"),
        (DEFENDERS_RUN, "Tierce"),
        ("Defenders' run: top card", "Q"),
        ("Belote-rebelote", "Inès"),
    ],
    # BL2: Marc takes; the defenders' card points typed, 62, so the takers have 90 + 10 = 100 against 62 + 50 (Léa's
    # cinquante, the only announcement): dedans, Léa & Inès score 162 + 50 = 212.
    [
        ("Taker", "Marc"),
        ("Trump", "♠"),
        ("#id_defender_card_points", "62"),
        (LAST, "Takers"),
        (DEFENDERS_RUN, "Cinquante"),
    ],
    None,  # nobody took (BL-4.4)
    # BL5: 71 + 20 (Hugo's belote) = 81 + 10: litige, Léa & Inès 91, Marc & Hugo 20, and 71 held over (R-BL-10).
    [
        ("Taker", "Marc"),
        ("Trump", "♣"),
        ("#id_taker_card_points", "71"),
        (LAST, "Defenders"),
        ("Belote-rebelote", "Hugo"),
    ],
    # Made, 110 against 52: Léa & Inès take the 71 held over: 181.
    [("Taker", "Inès"), ("Trump", "♥"), ("#id_taker_card_points", "100"), (LAST, "Takers")],
    # BL6: capot, one tap for all eight tricks: 250 + 20 (Hugo's tierce) + 20 (his belote) = 290.
    [
        ("Taker", "Hugo"),
        ("Trump", "♠"),
        ("Capot (all eight tricks)", "Takers"),
        (TAKERS_RUN, "Tierce"),
        ("Belote-rebelote", "Hugo"),
    ],
    # BL3: 70 + 20 against 82 + 10: dedans; Léa & Inès keep their belote, 20; Marc & Hugo 162.
    [
        ("Taker", "Léa"),
        ("Trump", "♦"),
        ("#id_taker_card_points", "70"),
        (LAST, "Defenders"),
        ("Belote-rebelote", "Inès"),
    ],
    [("Taker", "Marc"), ("Trump", "♥"), ("#id_taker_card_points", "100"), (LAST, "Takers")],  # 110–52, made
    # One announcement and belote: 130 + 10 + 50 (Inès's cinquante) + 20 (Léa's belote) = 210 against 22.
    [
        ("Taker", "Inès"),
        ("Trump", "♠"),
        ("#id_taker_card_points", "130"),
        (LAST, "Takers"),
        (TAKERS_RUN, "Cinquante"),
        ("Belote-rebelote", "Léa"),
    ],
    # 62 against 90 + 10: dedans, Léa & Inès score 162 and pass 1,000: 1,098 to 688.
    [("Taker", "Hugo"), ("Trump", "♦"), ("#id_taker_card_points", "62"), (LAST, "Defenders")],
]
# Each deal's taps, the save included: a deal with one announcement and belote takes 7, at most 8 (issue 24); a
# capot needs no card points or last trick.
BELOTE_TAPS = [11, 7, 2, 7, 5, 7, 7, 5, 8, 5]  # and one to open More, where announcements and belote are


def enter_belote_deal(taps: Taps, number: int, deal: list[tuple[str, str]] | None) -> None:
    if deal is None:
        taps.check("Passed out (all four passed twice)")
    else:
        enter_belote_deal_without_saving(taps, deal)
    taps.save(number)


def enter_belote_deal_without_saving(taps: Taps, deal: list[tuple[str, str]]) -> None:
    for where, what in deal:
        if where.startswith("#"):
            taps.type(where, what)
        else:
            taps.tap(where, what)


def test_bl_9_1_a_new_user_plays_belote_to_1000_on_a_phone(phone: Any, live_server: Any, tmp_path: Path) -> None:
    page = phone.new_page()
    sign_up(page, live_server)
    new_match(page, live_server, "Belote", ["Léa", "Marc", "Inès", "Hugo"], first_dealer=3)
    assert standings(page) == ["Léa & Inès", "Marc & Hugo"]
    taps = Taps(page)
    for number, deal in enumerate(BELOTE, start=1):
        wait_for_deal(page, number)
        if number == 5:
            expect(page.locator("#live")).to_contain_text("71 points are held over to the next deal (R-BL-10).")
            expect(page.locator("#deal-4 summary")).to_contain_text("71–91, litige · 71 held over")
        if number == 1:
            # Before the save, the preview says whose announcements count and why, with the rule.
            enter_belote_deal_without_saving(taps, deal)
            preview = page.locator("#preview")
            expect(preview).to_contain_text("This deal: Léa & Inès 170, Marc & Hugo 32")
            expect(preview).to_contain_text("tierce to the A beats the defenders' tierce to the Q (higher top card)")
            expect(preview).to_contain_text("R-BL-4")
            page.screenshot(path=str(tmp_path / "belote-entry-390.png"), full_page=True)
            assert [violation["id"] for violation in Axe().run(page).response["violations"]] == []
            page.emulate_media(color_scheme="dark")
            page.screenshot(path=str(tmp_path / "belote-entry-dark-390.png"), full_page=True)
            dark = Axe().run(page, options=axe_options(page)).response["violations"]
            assert [violation["id"] for violation in dark] == []
            page.emulate_media(color_scheme="light")
            taps.save(number)
            continue
        enter_belote_deal(taps, number, deal)
    assert taps.counts == BELOTE_TAPS
    assert taps.counts[8] <= 8  # one announcement and belote

    banner = page.locator("#winner-banner")
    expect(banner).to_contain_text("Léa & Inès")
    expect(banner).to_contain_text("Léa & Inès reached 1,000 first")
    expect(page.get_by_test_id("total-0")).to_have_text("1,098")
    expect(page.get_by_test_id("total-1")).to_have_text("688")
    assert standings(page) == ["Léa & Inès", "Marc & Hugo"]
    assert sheet_columns(page)[3:5] == ["Léa & Inès", "Marc & Hugo"]
    assert shown_columns(page) == ["#", "Deal", "L & I", "M & H"]
    fits_the_phone(page)
    sheet_fits(page)
    page.screenshot(path=str(tmp_path / "belote-game-390.png"), full_page=True)
    assert [violation["id"] for violation in Axe().run(page).response["violations"]] == []

    page.get_by_role("link", name="Report (print, PDF, CSV)").click()
    page.wait_for_url(re.compile(r"/matches/\d+/report/$"))
    expect(page.locator("main")).to_contain_text("Léa & Inès (winner)")
    fits_the_phone(page)
    page.screenshot(path=str(tmp_path / "belote-report-390.png"), full_page=True)
    csv = page.request.get(live_server.url + (page.get_by_role("link", name="CSV").get_attribute("href") or ""))
    assert csv.ok
    header = csv.text().splitlines()[0]
    assert header.endswith("Léa & Inès points,Marc & Hugo points,Léa & Inès total,Marc & Hugo total")


def test_r_bl_4_equal_tierces_ask_for_their_top_cards_at_the_field(
    phone: Any, live_server: Any, tmp_path: Path
) -> None:
    # Both camps declare a tierce: the comparison needs their top cards (R-BL-4 step 4), and says so at the field
    # without losing the taps; with them, Léa's to the K beats Hugo's to the Q.
    page = phone.new_page()
    sign_up(page, live_server)
    new_match(page, live_server, "Belote", ["Léa", "Marc", "Inès", "Hugo"], first_dealer=3)
    taps = Taps(page)
    wait_for_deal(page, 1)
    taps.tap("Taker", "Léa")
    taps.tap("Trump", "♥")
    taps.type("#id_defender_card_points", "52")
    taps.tap(LAST, "Takers")
    taps.tap(TAKERS_RUN, "Tierce")
    taps.tap(DEFENDERS_RUN, "Tierce")
    # The preview says it at the field before any save, and Save waits for the top cards.
    expect(page.get_by_role("button", name="Save deal 1")).to_be_disabled()
    message = "Both camps' best runs have the same length: choose the top card of the takers' run to compare them"
    expect(page.locator("#err-taker_run_top")).to_contain_text(message)
    expect(page.locator("#err-taker_run_top")).to_contain_text("R-BL-4")
    expect(page.locator("#id_defender_card_points")).to_have_value("52")
    fits_the_phone(page)
    page.screenshot(path=str(tmp_path / "belote-entry-error-390.png"), full_page=True)
    assert [violation["id"] for violation in Axe().run(page).response["violations"]] == []
    page.wait_for_load_state("networkidle")  # the refused save's answer and its preview have settled
    taps.tap("Takers' run: top card", "K")
    taps.tap("Defenders' run: top card", "Q")
    page.get_by_role("button", name="Save deal 1").click()
    wait_for_deal(page, 2)
    # 100 + 10 + 20 against 52: made, 130–52 (BL-8.2).
    expect(page.get_by_test_id("total-0")).to_have_text("130")
    expect(page.get_by_test_id("total-1")).to_have_text("52")
    expect(page.locator("#deal-1 summary")).to_contain_text("Léa ♥ 110–52, made")
