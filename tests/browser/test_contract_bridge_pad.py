"""Contract Bridge on a phone as a bridge table keeps it (docs/rules/contract_bridge.md): a new user starts a rubber
(asked first: rubber or Chicago), seats named North to West, enters every deal's result as it is said ("=", "+1",
"−2"), and sees the rubber score pad, above and below the line, match the paper pad deal by deal.

The rubber and each deal's figures are the ones worked by hand in tests/scoring/test_contract_bridge_pad.py.
Taps are counted: a tapped button and the save each count one; a deal made as bid takes at most five (BR-9.1).
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from scoring.models import Match
from scoring.share import renew_share_link
from tests.browser.conftest import PHONE, axe_options, log_in
from tests.browser.test_partnership_games import Taps, fits_the_phone, wait_for_deal
from tests.browser.test_signup_and_games import sign_up
from tests.scoring.test_contract_bridge_pad import RUBBER, TOTALS, VULNERABLE, WRITTEN

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = ["Anna", "Ben", "Cleo", "Dev"]
SEAT_BUTTONS = {"N": "N · Anna", "E": "E · Ben", "S": "S · Cleo", "W": "W · Dev"}
HONOURS = {"none": "", "EW100": "E-W 100"}
MINUS = "\u2212"

# The pad as a script reads it: per group its class, its title and its rows (heading's first line, then the cells).
READ_PAD = """table => [...table.tBodies, table.tFoot].map(group => ({
    part: group.className,
    title: (group.querySelector('.pad-title') || {textContent: ''}).textContent.trim(),
    rows: [...group.rows].filter(row => !row.classList.contains('pad-title')).map(row =>
        [...row.cells].map((cell, i) => (i === 0 ? cell.firstChild : cell).textContent.trim())),
}))"""


def said(result: int) -> str:
    return "=" if result == 0 else f"+{result}" if result > 0 else f"{MINUS}{-result}"


def figure(points: int) -> str:
    return str(points) if points else ""


def read_pad(page: Any) -> list[dict[str, Any]]:
    return page.locator("#sheet table.pad").evaluate(READ_PAD)


def test_br_7_a_new_user_scores_a_rubber_with_results_and_the_pad_matches_the_paper_pad(
    phone: Any, live_server: Any, tmp_path: Path
) -> None:
    page = phone.new_page()
    sign_up(page, live_server)
    page.goto(f"{live_server.url}/matches/new/")
    page.get_by_role("radio", name="Contract Bridge", exact=True).check()
    # R-BR-2: the match's form is the first question after the game, not a house rule. (The page's script shows it
    # once the game is chosen: wait for it, as a busy machine may take a moment.)
    expect(page.locator("#new-match fieldset:visible > legend", has_text="Rubber or Chicago")).to_have_count(1)
    legends = [
        " ".join(text.split()) for text in page.locator("#new-match fieldset:visible > legend").all_inner_texts()
    ]
    assert legends[:3] == ["Game", "Rubber or Chicago (R-BR-2)", "Players"]
    expect(page.get_by_label("One rubber: the first side to win two games")).to_be_checked()
    house_rules = page.locator(".rule-group[data-game=contract_bridge] input[type=checkbox]")
    assert "br_chicago" not in [house_rules.nth(i).get_attribute("value") for i in range(house_rules.count())]
    # BR-1.1: the names are asked seat by seat, North first.
    for seat, (label, name) in enumerate(zip(["North", "East", "South", "West"], PLAYERS, strict=True)):
        expect(page.locator(f"label[for=id_player_{seat}]")).to_have_text(label)
        page.fill(f"#id_player_{seat}", name)
    page.screenshot(path=str(tmp_path / "new-match.png"), full_page=True)
    page.locator("input[name=first_dealer][value='0']").check()
    page.get_by_role("button", name="Start match").click()
    page.wait_for_url(re.compile(r"/matches/\d+/$"))

    taps = Taps(page)
    for number, (contract, seat, result, honours) in enumerate(RUBBER, start=1):
        wait_for_deal(page, number)
        body = contract.rstrip("X")
        taps.tap("Declarer", SEAT_BUTTONS[seat])
        taps.tap("Level", body[0])
        taps.tap("Strain", body[1:])
        if contract.endswith("X"):
            taps.tap("Doubled", "X")
        taps.tap("Result", said(result))
        if HONOURS[honours]:
            taps.tap("Honours", HONOURS[honours])
        if number == 1:
            page.screenshot(path=str(tmp_path / "entry.png"), full_page=True)
        taps.save(number)
        # The row as the table said it, and the pad deal by deal as the paper pad has it (worked by hand).
        row = page.locator(f"#deal-{number} summary")
        expect(row).to_have_text(re.compile(rf"^{re.escape(contract)} {seat} {re.escape(said(result))}"))
        (below, above, game_to), totals = WRITTEN[number - 1], TOTALS[number - 1]
        pad = read_pad(page)
        above_rows = pad[0]["rows"]
        below_rows = [row for group in pad[1:-1] for row in group["rows"]]
        label = f"Deal {number}"
        if any(above):
            assert above_rows[0] == [label, figure(above[0]), figure(above[1])], number  # the latest at the top
        else:
            assert label not in [row[0] for row in above_rows], number
        if any(below):
            assert below_rows[-1] == [label, figure(below[0]), figure(below[1])], number
        # A line is drawn under a game the deal won (BR-7.2): its group is closed, and a new game is headed.
        games = pad[1:-1]
        closing = [group for group in games if group["rows"] and group["rows"][-1][0] == label]
        assert bool(closing and "closed" in closing[0]["part"]) == (game_to is not None), number
        assert pad[-1]["rows"][-1] == ["Total", str(totals[0]), str(totals[1])], number
    # Every deal but those doubled or with honours was made or set in five taps or fewer, the save included.
    # Doubling is one more tap; honours two, since they are folded under "More" to keep the entry on one screen.
    assert taps.counts == [5, 5, 5, 7, 6, 5, 5, 5]
    made_as_bid = [count for (_c, _s, result, honours), count in zip(RUBBER, taps.counts, strict=True)
                   if result == 0 and honours == "none"]  # fmt: skip
    assert made_as_bid and max(made_as_bid) <= 5

    banner = page.locator("#winner-banner")
    expect(banner).to_contain_text("Anna & Cleo")
    expect(banner).to_contain_text("won the rubber 2–1 and have the larger total, 920–780")
    # The whole pad, as the paper pad has it at the end of the rubber.
    assert read_pad(page) == [
        {"part": "pad-above", "title": "Above the line", "rows": [
            ["Deal 8", "30", ""], ["Deal 6", "30", ""], ["Deal 5", "", "500"], ["Deal 4", "", "100"],
            ["Deal 2", "100", ""], ["Deal 1", "30", ""]]},
        {"part": "pad-game closed", "title": "Game 1 · neither side vulnerable", "rows": [
            ["Deal 1", "60", ""], ["Deal 3", "40", ""]]},
        {"part": "pad-game closed", "title": "Game 2 · N-S vulnerable", "rows": [["Deal 4", "", "120"]]},
        {"part": "pad-game closed", "title": "Game 3 · both sides vulnerable", "rows": [
            ["Deal 6", "40", ""], ["Deal 7", "", "60"], ["Deal 8", "90", ""]]},
        {"part": "", "title": "", "rows": [["Rubber premium (BR-7.5)", "500", ""], ["Total", "920", "780"]]},
    ]  # fmt: skip
    assert VULNERABLE[3] == (True, False)  # the second game was played with N-S vulnerable, as its heading says
    # A screen reader reads it as one table: its caption, column headings and row headings.
    pad = page.locator("#sheet table.pad")
    expect(pad.locator("caption")).to_have_text("Rubber score pad")
    assert pad.locator("thead th[scope=col]").count() == 3
    assert pad.locator("th[scope=rowgroup]").count() == 4
    expect(pad.locator("thead th").nth(1)).to_contain_text("N-S")
    expect(pad.locator("thead th").nth(1)).to_contain_text("Anna & Cleo")
    expect(page.locator("#deal-4 .dealer")).to_have_text("W · Dev")
    fits_the_phone(page)
    page.screenshot(path=str(tmp_path / "match-light.png"), full_page=True)
    assert [violation["id"] for violation in Axe().run(page, options=axe_options(page)).response["violations"]] == []
    # Loaded again in the dark scheme: a scheme switched under a shown page fades its colours (CSS transitions),
    # which axe could catch half-way.
    page.emulate_media(color_scheme="dark")
    page.reload()
    page.screenshot(path=str(tmp_path / "match-dark.png"), full_page=True)
    assert [violation["id"] for violation in Axe().run(page, options=axe_options(page)).response["violations"]] == []
    page.emulate_media(color_scheme="light")

    # The share link's page, the report and the PDF show the same pad.
    match = Match.objects.get()
    token = match.share_token or renew_share_link(match=match)
    for name, url in (("share", f"/share/{token}/"), ("report", f"/matches/{match.pk}/report/")):
        page.goto(live_server.url + url)
        shown = page.locator("table.pad")
        expect(shown.locator("caption")).to_have_text("Rubber score pad")
        expect(shown.locator("tfoot tr").last).to_have_text(re.compile(r"Total\s*920\s*780"))
        fits_the_phone(page)
        page.screenshot(path=str(tmp_path / f"{name}-light.png"), full_page=True)
        assert [v["id"] for v in Axe().run(page, options=axe_options(page)).response["violations"]] == [], name
        page.emulate_media(color_scheme="dark")
        page.reload()
        page.screenshot(path=str(tmp_path / f"{name}-dark.png"), full_page=True)
        assert [v["id"] for v in Axe().run(page, options=axe_options(page)).response["violations"]] == [], name
        page.emulate_media(color_scheme="light")
    pdf = page.request.get(f"{live_server.url}/matches/{match.pk}/report.pdf")
    assert pdf.ok
    (tmp_path / "report.pdf").write_bytes(pdf.body())
    subprocess.run(["pdftoppm", "-png", "-r", "70", str(tmp_path / "report.pdf"), str(tmp_path / "pdf")], check=True)
    layout = ["pdftotext", "-layout", str(tmp_path / "report.pdf"), "-"]
    lines = [
        " ".join(line.split()) for line in subprocess.run(layout, capture_output=True, text=True).stdout.splitlines()
    ]
    assert any(line.startswith("Rubber score pad") for line in lines)  # the chart may share its line
    pad_lines = lines[lines.index("Game 3 · both sides vulnerable") :][:7]
    assert pad_lines == [
        "Game 3 · both sides vulnerable",
        "Deal 6 40",
        "Deal 7 60",
        "Deal 8 game to N-S 90",
        "Rubber premium 500",
        "(BR-7.5)",
        "Total 920 780",
    ]


def test_br_8_2_a_chicago_round_gets_its_four_deal_pad(
    phone: Any, browser: Any, live_server: Any, tmp_path: Path
) -> None:
    page = phone.new_page()
    sign_up(page, live_server)
    page.goto(f"{live_server.url}/matches/new/")
    page.get_by_role("radio", name="Contract Bridge", exact=True).check()
    page.get_by_label("One round of Chicago: four deals").check()
    for seat, name in enumerate(PLAYERS):
        page.fill(f"#id_player_{seat}", name)
    page.locator("input[name=first_dealer][value='0']").check()
    page.get_by_role("button", name="Start match").click()
    page.wait_for_url(re.compile(r"/matches/\d+/$"))
    expect(page.get_by_role("heading", name="Deal 1 of 4 · neither side vulnerable")).to_be_visible()
    taps = Taps(page)
    # Deal 1, Anna deals, nobody vulnerable: 2♥ S +1 is 60 + 30 + a part-score's 50 = 140 (BR-8.3).
    for legend, label in (("Declarer", "S · Cleo"), ("Level", "2"), ("Strain", "♥"), ("Result", "+1")):
        taps.tap(legend, label)
    taps.save(1)
    assert taps.counts == [5]
    pad = read_pad(page)
    assert pad == [
        {"part": "pad-deals", "title": "", "rows": [
            ["1", "N · Anna", "neither", "140", ""],
            ["2", "E · Ben", "E-W", "", ""],
            ["3", "S · Cleo", "N-S", "", ""],
            ["4", "W · Dev", "both", "", ""]]},
        {"part": "", "title": "", "rows": [["Total", "140", "0"]]},
    ]  # fmt: skip
    fits_the_phone(page)
    page.screenshot(path=str(tmp_path / "chicago.png"), full_page=True)
    assert [violation["id"] for violation in Axe().run(page, options=axe_options(page)).response["violations"]] == []
    # In Hungarian, whose words are longer, the pad fits the phone too, its seats É, K, D, Ny.
    hungarian = browser.new_context(viewport=PHONE, has_touch=True, locale="hu")
    page = hungarian.new_page()
    log_in(page, live_server, "newcomer", "a-long-passphrase-2")
    page.goto(f"{live_server.url}/matches/{Match.objects.get().pk}/")
    expect(page.locator("#sheet table.pad tbody tr").first).to_contain_text("É · Anna")
    fits_the_phone(page)
    page.screenshot(path=str(tmp_path / "chicago-hu.png"), full_page=True)
    hungarian.close()
