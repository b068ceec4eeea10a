"""The card notation (vocabulary/cards.py): the quick table of spellings reads every token as the careful
reader does."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vocabulary.cards import Card, CardError, _read_card, colons, parse_card, parse_cards, standard_pack

# Letters and symbols a card token is made of, plus a few that upper-case or trim surprisingly.
TOKEN_TEXT = st.text(alphabet="0123456789TJQKAtjqkaSHDCshdcGRLgrl ♠♥♦♣\tſıß", max_size=5)


def read(reader: Callable[[Any, str], Card], token: Any) -> tuple[str, str]:
    try:
        card = reader(token, "p")
    except CardError as error:
        return "error", f"{error.token}|{error.message}|{error.path}"
    return "card", card.code


@settings(max_examples=500, deadline=None)
@given(TOKEN_TEXT)
def test_parse_card_reads_any_text_as_the_careful_reader_does(token: str) -> None:
    assert read(parse_card, token) == read(_read_card, token)


@pytest.mark.parametrize("token", [None, 7, 1.5, ["AS"], b"AS"])
def test_parse_card_refuses_what_is_not_text_as_the_careful_reader_does(token: Any) -> None:
    assert read(parse_card, token) == read(_read_card, token)


@pytest.mark.parametrize("card", [*standard_pack(), *colons()], ids=lambda card: card.code)
def test_each_card_reads_back_from_its_code_and_in_lower_case(card: Card) -> None:
    assert parse_card(card.code) == card
    assert parse_card(card.code.lower()) == card


def test_a_list_of_cards_names_the_position_of_the_unreadable_one() -> None:
    with pytest.raises(CardError) as caught:
        parse_cards(["AS", "10h", "X"], "hands[1]")
    assert (caught.value.path, caught.value.message) == (
        "hands[1][2]",
        "'X' is not a card: write cards like AS, 10H, 7C",
    )


def test_the_card_codes_and_labels_are_those_of_the_notation() -> None:
    # docs/hand-record.md: rank then suit, 10 as T; the colons GC, RC, LC (BG-1.2).
    spades = ["AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S"]
    assert [card.code for card in standard_pack()[:13]] == spades
    assert [card.label for card in standard_pack()[8:14]] == ["6♠", "5♠", "4♠", "3♠", "2♠", "A♥"]
    assert parse_card("10♦").label == "10♦"
    assert [(card.code, card.label) for card in colons()] == [
        ("GC", "Grand Colon"),
        ("RC", "Royal Colon"),
        ("LC", "Little Colon"),
    ]
