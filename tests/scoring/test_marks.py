"""Marks a page adds to text: red hearts and diamonds, short column headings, minus signs, rule links."""

from __future__ import annotations

from decimal import Decimal

from scoring import rulebook
from scoring.marks import mark_suits, short_names
from scoring.sheet import points_text


def test_hearts_and_diamonds_are_marked_red_spades_and_clubs_are_not() -> None:
    assert mark_suits("4♥ by Anna, 2♦X, 3♠, 1♣") == (
        '4<span class="suit-red">♥</span> by Anna, 2<span class="suit-red">♦</span>X, 3♠, 1♣'
    )


def test_a_partnership_heading_is_its_players_initials() -> None:
    assert short_names(["Anna & Cleo", "Ben & Dan"]) == ["A & C", "B & D"]


def test_initials_that_read_alike_grow_until_they_differ() -> None:
    assert short_names(["Anna & Cleo", "Alex & Cora"]) == ["An & Cl", "Al & Co"]


def test_a_player_heading_keeps_a_short_name_and_cuts_a_long_one() -> None:
    assert short_names(["Ola", "Piotr", "Rita", "Samantha"]) == ["Ola", "Piotr", "Rita", "Sama."]


def test_long_names_alike_in_their_first_letters_are_cut_later() -> None:
    # A name one letter longer than the cut is kept whole: cutting it would save nothing.
    assert short_names(["Christina", "Christopher"]) == ["Christina", "Christop."]


def test_negative_points_carry_a_minus_sign_not_a_hyphen() -> None:
    assert (points_text(-50), points_text(120), points_text(Decimal("-0.2"))) == ("\u221250", "120", "\u22120.2")


def test_r_cb_2_a_rule_cited_in_a_message_becomes_its_link_and_the_rest_is_escaped() -> None:
    text = rulebook.link_rules_in("Tricks add up to 14 <b>(CB-5.4)</b>; see XX-9.9.")
    assert str(rulebook.link_html("CB-5.4")) in text
    assert "&lt;b&gt;" in text and "XX-9.9" in text and 'href="/rules/call_bridge/#CB-5.4"' in text
