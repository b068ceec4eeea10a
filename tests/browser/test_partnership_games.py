"""The partnership games on a phone: a new user signs up and plays a whole rubber of Contract Bridge and a whole
game of Belote to 1,000 by tapping, then opens the report. Partners score together: the standings, the sheet and the
report name each side by its players ("Anna & Cleo"), and everything fits a 390 px screen.

Each deal's taps are counted (a tapped button, a typed number, the passed-out box and the save each count one) and
pinned, so the entry form stays quick to fill at the table: every deal of the rubber takes at most six, the save
included (BR-9.1: declarer, level, strain, doubling when doubled, tricks, honours when held).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from tests.browser.test_scoring_table import tap as tap_choice
from tests.browser.test_signup_and_games import sign_up

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE_WIDTH = 390
SCREENSHOTS = Path("/tmp")


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
        "(t => [t.scrollWidth, t.parentElement.clientWidth])(document.querySelector('#sheet table'))"
    )
    assert table <= box


def standings(page: Any) -> list[str]:
    return [text.strip() for text in page.locator(".standings article > span:first-child").all_inner_texts()]


def sheet_columns(page: Any) -> list[str]:
    """The sheet's column headings as a screen reader names them (the sides' whole names)."""
    header = page.locator("#sheet thead th").evaluate_all(
        "ths => ths.map(th => (th.querySelector('.long') || th).textContent)"
    )
    return [" ".join(text.split()) for text in header]


def shown_columns(page: Any) -> list[str]:
    """The sheet's column headings as the phone shows them (a shortened heading by its short form)."""
    script = """ths => ths.filter(th => th.checkVisibility()).map(th => {
        const short = th.querySelector('.short');
        return short && short.checkVisibility() ? short.textContent : th.textContent;
    })"""
    return [" ".join(text.split()) for text in page.locator("#sheet thead th").evaluate_all(script)]


# --- Contract Bridge: the rubber won two games to one (docs/rules/contract_bridge.md, Worked examples) ---

# Anna (North), Ben (East), Cleo (South), Dev (West); Anna deals first. Each deal: declarer, level, strain, doubled
# ("" when not doubled), declarer's tricks, honours ("" for none); None is a deal all four passed.
RUBBER = [
    ("Cleo", "2", "♥", "", "9", ""),  # N-S 90: 60 below, an overtrick above
    ("Ben", "3", "NT", "", "9", "E-W 150"),  # E-W 250: game 1 to E-W, honours 150
    ("Dev", "4", "♠", "X", "8", ""),  # N-S 500: down 2 doubled, E-W vulnerable
    None,  # passed out (BR-7.7)
    ("Anna", "1", "NT", "", "8", ""),  # N-S 70
    ("Cleo", "2", "♦", "", "8", "N-S 100"),  # N-S 140: 80 towards game, honours 100
    ("Anna", "2", "♣", "", "8", ""),  # N-S 40: game 1 to N-S, both vulnerable
    ("Ben", "6", "♥", "", "12", ""),  # E-W 1430: slam 750, rubber 2–1 500
]
RUBBER_TAPS = [5, 7, 6, 2, 5, 7, 5, 5]  # declarer, level, strain, [doubled], tricks, [More, honours], save


def enter_bridge_deal(taps: Taps, number: int, deal: tuple[str, ...] | None) -> None:
    if deal is None:
        taps.check("Passed out (no bid)")
    else:
        declarer, level, strain, doubled, tricks, honours = deal
        taps.tap("Declarer", declarer)
        taps.tap("Level", level)
        taps.tap("Strain", strain)
        if doubled:
            taps.tap("Doubled", doubled)
        taps.tap("Declarer's tricks", tricks)
        if honours:
            taps.tap("Honours", honours)
    taps.save(number)


def test_br_7_6_a_new_user_plays_a_rubber_won_two_games_to_one_on_a_phone(phone: Any, live_server: Any) -> None:
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
            for legend, label in (("Declarer", "Cleo"), ("Level", "2"), ("Strain", "♥"), ("Declarer's tricks", "9")):
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
    expect(banner).to_contain_text("won the rubber 2–1 and have the larger total, 1680–840")
    expect(page.get_by_test_id("total-0")).to_have_text("840")
    expect(page.get_by_test_id("total-1")).to_have_text("1680")
    assert standings(page) == ["Anna & Cleo", "Ben & Dev"]
    assert sheet_columns(page)[3:5] == ["Anna & Cleo", "Ben & Dev"]
    # On the phone each side's heading is its players' initials; the dealer column gives way.
    assert shown_columns(page) == ["#", "Deal", "A & C", "B & D"]
    assert page.get_by_role("button", name=re.compile(r"^Save deal")).count() == 0
    fits_the_phone(page)
    sheet_fits(page)
    page.screenshot(path=str(SCREENSHOTS / "contract_bridge-rubber-390.png"), full_page=True)
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
    page.screenshot(path=str(SCREENSHOTS / "contract_bridge-report-390.png"), full_page=True)


# --- Belote: a game to 1,000 (the finished demo match, fixtures/demo/belote-finished.json) ---

# Léa & Inès (seats 0, 2) against Marc & Hugo (1, 3); Hugo deals first. Each deal: taker, trump, the takers' card
# points, last trick, capot ("" for none), the takers' and the defenders' announcements ("" for none), belote
# ("" for nobody); None is a deal nobody took.
BELOTE = [
    ("Léa", "♥", "120", "Takers", "", "20", "", "Inès"),  # 170–32: made
    ("Marc", "♠", "90", "Takers", "", "", "50", ""),  # dedans: the defenders Léa & Inès score 212
    None,  # nobody took (BL-4.4)
    ("Marc", "♣", "71", "Defenders", "", "", "", "Hugo"),  # litige: 71 held over (R-BL-10)
    ("Inès", "♥", "100", "Takers", "", "", "", ""),  # made: Léa & Inès take the 71 held over
    ("Hugo", "♠", "152", "Takers", "Takers", "20", "", "Hugo"),  # capot: 250 + 20 + 20
    ("Léa", "♦", "70", "Defenders", "", "", "", "Inès"),  # dedans: Léa & Inès keep their belote
    ("Marc", "♥", "100", "Takers", "", "", "", ""),
    ("Inès", "♠", "130", "Takers", "", "50", "", "Léa"),
    ("Hugo", "♦", "62", "Defenders", "", "", "", ""),  # Léa & Inès pass 1,000
]
# taker, trump, card points, last trick, [More, capot, announced, belote], save
BELOTE_TAPS = [8, 7, 2, 7, 5, 9, 7, 5, 8, 5]


def enter_belote_deal(taps: Taps, number: int, deal: tuple[str, ...] | None) -> None:
    if deal is None:
        taps.check("Passed out (all four passed twice)")
    else:
        taker, trump, card_points, last_trick, capot, takers, defenders, belote = deal
        taps.tap("Taker", taker)
        taps.tap("Trump", trump)
        taps.type("#id_taker_card_points", card_points)
        taps.tap("Last trick", last_trick)
        if capot:
            taps.tap("Capot (all eight tricks)", capot)
        if takers:
            taps.type("#id_taker_announcements", takers)
        if defenders:
            taps.type("#id_defender_announcements", defenders)
        if belote:
            taps.tap("Belote-rebelote", belote)
    taps.save(number)


def test_bl_9_1_a_new_user_plays_belote_to_1000_on_a_phone(phone: Any, live_server: Any) -> None:
    page = phone.new_page()
    sign_up(page, live_server)
    new_match(page, live_server, "Belote", ["Léa", "Marc", "Inès", "Hugo"], first_dealer=3)
    assert standings(page) == ["Léa & Inès", "Marc & Hugo"]
    taps = Taps(page)
    for number, deal in enumerate(BELOTE, start=1):
        wait_for_deal(page, number)
        if number == 5:
            expect(page.locator("#live")).to_contain_text("71 points are held over to the next deal (R-BL-10).")
        enter_belote_deal(taps, number, deal)
    assert taps.counts == BELOTE_TAPS

    banner = page.locator("#winner-banner")
    expect(banner).to_contain_text("Léa & Inès")
    expect(banner).to_contain_text("Léa & Inès reached 1,000 first")
    expect(page.get_by_test_id("total-0")).to_have_text("1098")
    expect(page.get_by_test_id("total-1")).to_have_text("688")
    assert standings(page) == ["Léa & Inès", "Marc & Hugo"]
    assert sheet_columns(page)[3:5] == ["Léa & Inès", "Marc & Hugo"]
    assert shown_columns(page) == ["#", "Deal", "L & I", "M & H"]
    fits_the_phone(page)
    sheet_fits(page)
    page.screenshot(path=str(SCREENSHOTS / "belote-game-390.png"), full_page=True)
    assert [violation["id"] for violation in Axe().run(page).response["violations"]] == []

    page.get_by_role("link", name="Report (print, PDF, CSV)").click()
    page.wait_for_url(re.compile(r"/matches/\d+/report/$"))
    expect(page.locator("main")).to_contain_text("Léa & Inès (winner)")
    fits_the_phone(page)
    page.screenshot(path=str(SCREENSHOTS / "belote-report-390.png"), full_page=True)
    csv = page.request.get(live_server.url + (page.get_by_role("link", name="CSV").get_attribute("href") or ""))
    assert csv.ok
    header = csv.text().splitlines()[0]
    assert header.endswith("Léa & Inès points,Marc & Hugo points,Léa & Inès total,Marc & Hugo total")
