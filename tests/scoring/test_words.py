"""The shared vocabulary (docs/rules/README.md): suits, strains and doublings as files and sheets write them."""

from __future__ import annotations

from scoring.core.contract import CONTRACT_NAMES, Contract, bid_name
from vocabulary.words import Doubling, Strain, Suit


def test_rules_0_2_suits_highest_first_with_symbols_and_names() -> None:
    assert [(suit.value, suit.symbol, suit.plural, suit.singular) for suit in Suit] == [
        ("S", "♠", "spades", "spade"),
        ("H", "♥", "hearts", "heart"),
        ("D", "♦", "diamonds", "diamond"),
        ("C", "♣", "clubs", "club"),
    ]


def test_rules_0_2_strains_in_bidding_order_lowest_first() -> None:
    assert [(strain.value, strain.symbol) for strain in Strain] == [
        ("C", "♣"),
        ("D", "♦"),
        ("H", "♥"),
        ("S", "♠"),
        ("NT", "NT"),
    ]
    assert [strain.suit for strain in Strain] == [Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES, None]
    assert Strain.NO_TRUMP.plural == "no trump"


def test_rules_0_2_doublings_are_the_match_file_numbers_with_their_marks() -> None:
    assert [(int(doubling), doubling.mark, doubling.word) for doubling in Doubling] == [
        (0, "", "undoubled"),
        (1, "X", "doubled"),
        (2, "XX", "redoubled"),
    ]


def test_match_file_values_find_the_enum_members() -> None:
    # A match file holds plain strings and numbers; they compare and hash as the members do.
    assert Strain("NT") is Strain.NO_TRUMP and Suit("H") is Suit.HEARTS and Doubling(2) is Doubling.REDOUBLED
    assert {Strain.SPADES: 1}["S"] == 1 and {Doubling.DOUBLED: 1}[1] == 1
    assert f"{Strain.NO_TRUMP}{Suit.HEARTS}{Doubling.DOUBLED}" == "NTH1"


def test_rules_0_2_contracts_are_named_level_strain_doubling() -> None:
    assert Contract(0, 4, Strain.SPADES, Doubling.DOUBLED, 10).contract == "4♠X"
    assert Contract(1, 3, Strain.NO_TRUMP, Doubling.REDOUBLED, 9).contract == "3NTXX"
    assert bid_name(0, Strain.NO_TRUMP) == "0NT"
    assert len(CONTRACT_NAMES) == 8 * 5 * 3
