"""Issue 14, done when: a Hungarian pair plays Bridgette, a Polish table Call Bridge and a Hindi-speaking pair
Bridgette, each in their own language from sign-up to the printed report, on a 390 px phone.

The browser asks for the language (Accept-Language) and never touches the switcher. Every button the test taps
is found by its words in that language, taken from the catalogue, so a text left in English fails the test; and
each page is searched for any English sentence of the catalogue that has a translation (none may show).
Screenshots of the saved deal, the referee and the report: the test's tmp_path."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import polib
import pytest
from axe_playwright_python.sync_playwright import Axe
from django.utils import translation
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LOCALE = Path(__file__).resolve().parents[2] / "locale"
FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
SHOWN = {"saved", "referee", "report"}  # the pages photographed, to look at
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|\{\w*\}")


def words(language: str, english: str, **values: Any) -> str:
    """``english`` in ``language``, from the catalogue the app uses; it must differ from the English."""
    with translation.override(language):
        text = translation.gettext(english)
    assert text != english, f"{english!r} has no {language} translation"
    return text % values if values else text


@cache
def english_sentences(language: str) -> tuple[str, ...]:
    """The English pieces of the catalogue's texts (between placeholders) that have a translation of their own:
    long enough (three words) that finding one on a page means a text was left in English."""
    pieces = set()
    for entry in polib.pofile(str(LOCALE / language / "LC_MESSAGES" / "django.po")):
        if entry.msgid_plural or entry.msgstr == entry.msgid:
            continue
        for piece in PLACEHOLDER.split(entry.msgid):
            piece = piece.strip(" .,:;()")
            if len(piece.split()) >= 3 and piece not in entry.msgstr:
                pieces.add(piece)
    return tuple(sorted(pieces))


def assert_in_language(page: Any, language: str, name: str, tmp_path: Path) -> None:
    if name in SHOWN:
        page.evaluate("document.fonts.ready")
        page.screenshot(path=str(tmp_path / f"language-{language}-{name}.png"), full_page=True)
    assert page.get_attribute("html", "lang") == language
    text = page.locator("body").inner_text()
    assert [sentence for sentence in english_sentences(language) if sentence in text] == []
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    violations = Axe().run(page).response["violations"]
    assert [violation["id"] for violation in violations] == []


@pytest.fixture
def phone_in(browser: Any) -> Iterator[Any]:
    """A phone whose browser asks for a given language (its Accept-Language)."""
    contexts: list[Any] = []

    def open_phone(language: str) -> Any:
        context = browser.new_context(viewport=PHONE, has_touch=True, locale=language)
        context.set_default_timeout(10_000)
        contexts.append(context)
        return context.new_page()

    yield open_phone
    for context in contexts:
        context.close()


def sign_up_and_start(
    page: Any, live_server: Any, language: str, game: str, players: list[str], tmp_path: Path
) -> None:
    page.goto(f"{live_server.url}/accounts/signup/")
    assert_in_language(page, language, "signup", tmp_path)
    page.fill("#id_username", f"player-{language}")
    page.fill("#id_password1", "a-long-passphrase-3")
    page.fill("#id_password2", "a-long-passphrase-3")
    page.get_by_role("button", name=words(language, "Create account")).click()
    page.wait_for_url(f"{live_server.url}/")
    page.goto(f"{live_server.url}/matches/new/")
    page.locator(f"label:has(input[name=game][value={game}])").click()
    assert_in_language(page, language, "new-match", tmp_path)
    for seat, name in enumerate(players):
        page.fill(f"#id_player_{seat}", name)
    page.locator("input[name=first_dealer][value='1']").check()
    page.get_by_role("button", name=words(language, "Start match")).click()
    page.wait_for_url(re.compile(r"/matches/\d+/$"))


def tap(page: Any, field: str, value: str) -> None:
    """Tap the segmented button of ``field`` whose value is ``value`` (its label is in the page's language)."""
    page.locator(f"main input[name={field}][value='{value}'] + label").click()


def read_the_report(page: Any, language: str, tmp_path: Path) -> None:
    page.get_by_role("link", name=words(language, "Report (print, PDF, CSV)")).click()
    page.wait_for_url(re.compile(r"/report/$"))
    assert_in_language(page, language, "report", tmp_path)


@pytest.mark.parametrize("language", ["hu", "hi"])
def test_bg_7_1_a_pair_plays_bridgette_in_their_language(
    phone_in: Any, live_server: Any, language: str, tmp_path: Path
) -> None:
    page = phone_in(language)
    sign_up_and_start(page, live_server, language, "bridgette", ["Anna", "Bence"], tmp_path)
    assert_in_language(page, language, "match", tmp_path)
    # B1 (docs/rules/bridgette.md): Anna's 2♥ made with 8 tricks scores 500 (BG-7.1).
    tap(page, "declarer", "0")
    tap(page, "level", "2")
    tap(page, "strain", "H")
    tap(page, "tricks", "8")
    expect(page.locator("#preview")).to_contain_text(words(language, "This deal:"))
    expect(page.locator("#preview")).to_contain_text("BG-7.1")
    assert_in_language(page, language, "preview", tmp_path)
    page.get_by_role("button", name=words(language, "Save deal %(number)s", number=1)).click()
    expect(page.get_by_test_id("total-0")).to_have_text("500")
    assert_in_language(page, language, "saved", tmp_path)
    read_the_report(page, language, tmp_path)


def test_cb_6_c1_a_polish_table_plays_call_bridge(phone_in: Any, live_server: Any, tmp_path: Path) -> None:
    language = "pl"
    page = phone_in(language)
    sign_up_and_start(page, live_server, language, "call_bridge", ["Ola", "Piotr", "Rita", "Staś"], tmp_path)
    assert_in_language(page, language, "match", tmp_path)
    # C1 (docs/rules/call_bridge.md): calls 3, 4, 2, 5; tricks 4, 4, 1, 4: +3, +4, -2, -5 (CB-6).
    for seat, call in enumerate(["3", "4", "2", "5"]):
        tap(page, f"calls_{seat}", call)
    page.locator("form:has(input[name=calls_0]) button[type=submit]").first.click()
    expect(page.get_by_test_id("in-progress")).to_be_visible()
    assert_in_language(page, language, "calls", tmp_path)
    for seat, tricks in enumerate(["4", "4", "1", "4"]):
        tap(page, f"tricks_{seat}", tricks)
    expect(page.locator("#preview")).to_contain_text(words(language, "This deal:"))
    page.get_by_role("button", name=words(language, "Save deal %(number)s", number=1)).click()
    expect(page.get_by_test_id("total-3")).to_have_text("−5")
    assert_in_language(page, language, "saved", tmp_path)
    read_the_report(page, language, tmp_path)


# docs/rules/call_bridge.md C9: P1 leads; P2 has no hearts and holds spades (3♠, J♠), so P2 must trump (CB-5.2 b).
C9_HANDS = [
    "5H AH KH QH JH TH AC KC QC JC TC 9C 8C",
    "3S JS 9D AD KD QD JD TD 8D 7D 6D 5D 4D",
    "2S TS 3D 2D 7C 6C 5C 4C 3C 2C AS KS QS",
    "9H 8H 7H 6H 4H 3H 2H 9S 8S 7S 6S 5S 4S",
]


def test_cb_5_2_the_referee_tells_a_polish_table_of_a_revoke_in_polish(
    phone_in: Any, live_server: Any, demo_user: Any, tmp_path: Path
) -> None:
    from referee.core.replay import replay_document
    from referee.models import ContestedHand

    record = {
        "game": "call_bridge",
        "players": ["Ola", "Piotr", "Rita", "Staś"],
        "dealer": 3,
        "flags": [],
        "hands": [hand.split() for hand in C9_HANDS],
        "events": [
            *({"type": "call", "seat": seat, "call": 3} for seat in range(4)),  # the dealer's right calls first
            {"type": "play", "seat": 0, "card": "5H"},
            {"type": "play", "seat": 1, "card": "9D"},  # Piotr holds spades: a diamond is not allowed
        ],
    }
    hand = ContestedHand.objects.create(owner=demo_user, record=record)
    with translation.override("en"):
        english = [violation.message for violation in replay_document(record)[1].violations]
    page = phone_in("pl")
    log_in(page, live_server)
    page.goto(f"{live_server.url}/referee/{hand.pk}/")
    flagged = page.locator("ol.violations li").first
    flagged.wait_for()
    said = flagged.inner_text()
    assert "CB-5.2" in said and "Piotr" in said
    assert not any(message in said for message in english)
    assert_in_language(page, "pl", "referee", tmp_path)


def test_bg_6_2_a_hungarian_pair_replays_a_bridgette_hand_in_hungarian(
    phone_in: Any, live_server: Any, demo_user: Any, tmp_path: Path
) -> None:
    from referee.models import ContestedHand

    record = json.loads((FIXTURES / "bridgette" / "hand.json").read_text(encoding="utf-8"))
    hand = ContestedHand.objects.create(owner=demo_user, record=record)
    page = phone_in("hu")
    log_in(page, live_server)
    page.goto(f"{live_server.url}/referee/{hand.pk}/")
    page.locator("#verdict").wait_for()
    # The cards read as Hungarian players write them: no Q or J rank letter, the queen D and the jack B.
    tricks = page.locator("table.tricks").inner_text()
    assert not re.search(r"\b[QJ][♠♥♦♣]", tricks)
    assert re.search(r"\b[DB][♠♥♦♣]", tricks)
    assert_in_language(page, "hu", "referee", tmp_path)
