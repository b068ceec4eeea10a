"""Rank letters as the players of each language write them (issue 14): Hungarian D (dáma) and B (bubi), Polish D
(dama) and W (walet), Hindi and English A K Q J; suit symbols unchanged, and typed card codes stay in the English
notation of docs/hand-record.md.

The letters are translatable strings (context "rank letter"), so the page and `manage.py referee --lang` are
checked here against a small catalogue written for the test; the last test checks the project's own catalogues
once they are compiled.
"""

from __future__ import annotations

import json
import struct
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import translation

from referee.models import ContestedHand
from referee.templatetags.cards import card_face, card_label
from vocabulary.cards import parse_card

ROOT = Path(__file__).resolve().parents[2]
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
HUNGARIAN = {"A": "A", "K": "K", "Q": "D", "J": "B"}  # ász, király, dáma, bubi
POLISH = {"A": "A", "K": "K", "Q": "D", "J": "W"}  # as, król, dama, walet
ENGLISH = {"A": "A", "K": "K", "Q": "Q", "J": "J"}  # Indian players write the English letters too
PLURAL_FORMS = {
    "hu": "nplurals=2; plural=(n != 1);",
    "pl": "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
}


def write_catalogue(locale_dir: Path, language: str, messages: dict[str, str]) -> None:
    """A compiled gettext catalogue (.mo) of ``messages`` (keys "context\\x04msgid" for pgettext)."""
    header = f"Content-Type: text/plain; charset=UTF-8\nPlural-Forms: {PLURAL_FORMS[language]}\n"
    entries = sorted({"": header, **messages}.items())
    ids = [key.encode() for key, _ in entries]
    strs = [value.encode() for _, value in entries]
    count = len(entries)
    data_start = 7 * 4 + 16 * count
    ids_blob, strs_blob, id_table, str_table = b"", b"", b"", b""
    for text in ids:
        id_table += struct.pack("<2I", len(text), data_start + len(ids_blob))
        ids_blob += text + b"\0"
    strs_start = data_start + len(ids_blob)
    for text in strs:
        str_table += struct.pack("<2I", len(text), strs_start + len(strs_blob))
        strs_blob += text + b"\0"
    head = struct.pack("<7I", 0x950412DE, 0, count, 28, 28 + 8 * count, 0, data_start)
    path = locale_dir / language / "LC_MESSAGES" / "django.mo"
    path.parent.mkdir(parents=True)
    path.write_bytes(head + id_table + str_table + ids_blob + strs_blob)


def rank_messages(letters: dict[str, str]) -> dict[str, str]:
    return {f"rank letter\x04{rank}": letter for rank, letter in letters.items()}


@pytest.fixture
def test_catalogues(tmp_path: Path, settings: Any) -> None:
    """Hungarian and Polish rank letters (and one line of the text verdict in Polish) in LOCALE_PATHS."""
    write_catalogue(tmp_path, "hu", rank_messages(HUNGARIAN))
    write_catalogue(tmp_path, "pl", {**rank_messages(POLISH), "Tricks won: %(list)s": "Wzięte lewy: %(list)s"})
    settings.LOCALE_PATHS = [str(tmp_path)]  # the setting_changed signal drops Django's loaded catalogues


def label(code: str, letters: dict[str, str]) -> str:
    """A card's name worked out by hand: the language's letter (10 for T, digits as they are), then the suit."""
    rank, suit = code[:-1], code[-1]
    return letters.get(rank, "10" if rank == "T" else rank) + SUIT_SYMBOLS[suit]


@pytest.mark.parametrize(
    ("code", "expected"), [("AS", "A♠"), ("KH", "K♥"), ("QD", "Q♦"), ("JC", "J♣"), ("TH", "10♥"), ("7C", "7♣")]
)
def test_english_rank_letters_are_unchanged(code: str, expected: str) -> None:
    with translation.override("en"):
        assert card_label(code) == expected
        assert card_label(parse_card(code)) == expected
        rank, symbol = expected[:-1], expected[-1]
        assert f"<b>{rank}</b><i>{symbol}</i>" in card_face(parse_card(code))


def test_card_label_gives_back_what_is_not_a_card() -> None:
    assert card_label("pass") == "pass"


@pytest.mark.usefixtures("test_catalogues")
@pytest.mark.parametrize(
    ("language", "code", "expected"),
    [
        ("hu", "QS", "D♠"),
        ("hu", "JH", "B♥"),
        ("hu", "KD", "K♦"),
        ("hu", "AC", "A♣"),
        ("hu", "TS", "10♠"),
        ("pl", "QH", "D♥"),
        ("pl", "JS", "W♠"),
        ("pl", "KC", "K♣"),
        ("pl", "9D", "9♦"),
    ],
)
def test_rank_letters_come_from_the_language_catalogue(language: str, code: str, expected: str) -> None:
    with translation.override(language):
        assert card_label(code) == expected
        rank, symbol = expected[:-1], expected[-1]
        assert f"<b>{rank}</b><i>{symbol}</i>" in card_face(parse_card(code))
    assert card_label(code) == label(code, ENGLISH)  # the language is left as it was


@pytest.mark.django_db
@pytest.mark.usefixtures("test_catalogues")
def test_the_hand_page_draws_and_reads_out_polish_letters_but_keeps_card_codes(owner_client: Any) -> None:
    owner_client.post(
        reverse("check_hand"),
        {"game": "call_bridge", "player_0": "P1", "player_1": "P2", "player_2": "P3", "player_3": "P4", "dealer": "0"},
    )
    hand = ContestedHand.objects.get()
    owner_client.post(
        reverse("hand_action", args=[hand.pk]),
        {"action": "set_hand", "seat": "0", "cards_text": "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"},
    )
    # The language as a visitor's browser asks for it (LocaleMiddleware), or as activated here without it.
    with translation.override("pl"):
        page = owner_client.get(reverse("hand", args=[hand.pk]), HTTP_ACCEPT_LANGUAGE="pl").content.decode()
    assert 'aria-label="D♥"' in page  # the pack: the queen of hearts, not yet dealt
    assert 'aria-label="W♦"' in page
    assert "<b>W</b><i>♣</i>" in page
    assert "Remove W♠ from P1" in page  # P1's hand as dealt
    assert 'value="JS"' in page and 'value="QH"' in page  # what a tap posts stays a card code
    assert 'placeholder="AS KS QS 10H 7C …"' in page  # typed hands are written in the English notation
    assert 'aria-label="Q♥"' not in page and "Remove J♠" not in page


@pytest.mark.usefixtures("test_catalogues")
def test_manage_referee_lang_reads_the_cards_out_in_that_language() -> None:
    path = ROOT / "fixtures" / "call_bridge" / "hand.json"
    record = json.loads(path.read_text())
    out = StringIO()
    before = translation.get_language()
    call_command("referee", str(path), "--lang", "pl", stdout=out)
    text = out.getvalue()
    assert "Wzięte lewy: " in text
    for event in record["events"]:
        if event["type"] == "play":
            assert f"{record['players'][event['seat']]} {label(event['card'], POLISH)}" in text
    assert translation.get_language() == before  # the command's language ends with the command


@pytest.mark.parametrize(("language", "letters"), [("hu", HUNGARIAN), ("pl", POLISH), ("hi", ENGLISH)])
def test_the_project_catalogue_writes_the_rank_letters_players_write(language: str, letters: dict[str, str]) -> None:
    if not (ROOT / "locale" / language / "LC_MESSAGES" / "django.mo").exists():
        pytest.skip(f"no compiled {language} catalogue yet (locale/{language}/LC_MESSAGES/django.mo)")
    with translation.override(language):
        for rank, letter in letters.items():
            for suit, symbol in SUIT_SYMBOLS.items():
                assert card_label(rank + suit) == letter + symbol
