"""The Check a hand page's deal section: cards tapped into the stock and the turn-up, the last hand filled with
the cards left, and the deal's result in the game's words. Expected hands are worked from each game's deal
rules (CB-3.2, DB-2.2, BG-3.2, BG-3.3, KJ-3.3, KJ-5.1)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse

from referee.models import ContestedHand
from scoring.models import Deal

pytestmark = pytest.mark.django_db

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
SPADES = "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"
HEARTS = "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"
DIAMONDS = "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D"
CLUBS = "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C"


def new_hand(client: Any, game: str, seats: int) -> ContestedHand:
    names = {f"player_{seat}": f"P{seat + 1}" for seat in range(seats)}
    client.post(reverse("check_hand"), {"game": game, "dealer": "0", **names})
    return ContestedHand.objects.get()


def tap(client: Any, hand: ContestedHand, **data: Any) -> str:
    response = client.post(reverse("hand_action", args=[hand.pk]), data, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    hand.refresh_from_db()
    return str(response.content.decode())


def test_cb_3_2_the_fourth_hand_fills_itself_with_the_13_cards_left(owner_client: Any) -> None:
    hand = new_hand(owner_client, "call_bridge", 4)
    for seat, cards in enumerate([SPADES, HEARTS, DIAMONDS]):
        page = tap(owner_client, hand, action="set_hand", seat=str(seat), cards_text=cards)
    # 52 cards, 13 to each of four (CB-3.2): with the spades, hearts and diamonds dealt, P4 holds the clubs.
    assert sorted(hand.record["hands"][3]) == sorted(CLUBS.split())
    assert "P4&#x27;s hand filled itself with the 13 cards left: the pack less the other hands." in page
    assert "P3&#x27;s hand is complete: tap one of its cards below to take it out" in page
    assert 'name="action" value="add_card"' not in page  # every card is placed: no pack to pick from


def test_cb_3_2_taking_a_card_out_of_the_filled_hand_does_not_put_it_back(owner_client: Any) -> None:
    hand = new_hand(owner_client, "call_bridge", 4)
    for seat, cards in enumerate([SPADES, HEARTS, DIAMONDS]):
        tap(owner_client, hand, action="set_hand", seat=str(seat), cards_text=cards)
    page = tap(owner_client, hand, action="remove_card", seat="3", card="2C")
    assert len(hand.record["hands"][3]) == 12
    assert "filled itself" not in page


def test_cb_3_2_no_hand_fills_itself_while_two_are_short(owner_client: Any) -> None:
    hand = new_hand(owner_client, "call_bridge", 4)
    for seat, cards in enumerate([SPADES, HEARTS]):
        tap(owner_client, hand, action="set_hand", seat=str(seat), cards_text=cards)
    assert hand.record["hands"][2:] == [[], []]


def test_db_2_2_the_stock_is_tapped_in_order_and_then_the_second_hand_fills_itself(owner_client: Any) -> None:
    hand = new_hand(owner_client, "draw_bridge", 2)
    tap(owner_client, hand, action="set_hand", seat="0", cards_text=SPADES)
    # The 26 cards of the stock (DB-2.2), tapped top first: diamonds, then hearts, not in the pack's order.
    stock = [*DIAMONDS.split()[::-1], *HEARTS.split()]
    for card in stock[:-1]:
        tap(owner_client, hand, action="add_card", into="stock", card=card)
    assert hand.record["hands"][1] == []
    page = tap(owner_client, hand, action="add_card", into="stock", card=stock[-1])
    assert hand.record["stock"] == stock
    assert sorted(hand.record["hands"][1]) == sorted(CLUBS.split())
    assert "P2&#x27;s hand filled itself with the 13 cards left: the pack less the other hands and the stock." in page


def test_db_2_2_a_27th_card_is_refused_from_the_stock(owner_client: Any) -> None:
    hand = new_hand(owner_client, "draw_bridge", 2)
    tap(owner_client, hand, action="set_extra", stock=f"{HEARTS} {DIAMONDS}")
    page = tap(owner_client, hand, action="add_card", into="stock", card="AS")
    assert "Not recorded: stock: the stock holds 26 cards" in page
    assert len(hand.record["stock"]) == 26


def test_db_2_2_a_card_of_the_stock_is_taken_out_by_a_tap_and_the_order_kept(owner_client: Any) -> None:
    hand = new_hand(owner_client, "draw_bridge", 2)
    for card in ["7D", "AS", "2C"]:
        tap(owner_client, hand, action="add_card", into="stock", card=card)
    tap(owner_client, hand, action="remove_card", into="stock", card="AS")
    assert hand.record["stock"] == ["7D", "2C"]
    page = tap(owner_client, hand, action="add_card", into="stock", card="7D")
    assert "Not recorded: card: 7♦ is already used" in page
    assert hand.record["stock"] == ["7D", "2C"]


def test_bg_3_3_the_second_hand_waits_for_the_whole_stock_of_29(owner_client: Any) -> None:
    hand = new_hand(owner_client, "bridgette", 2)
    tap(owner_client, hand, action="set_hand", seat="0", cards_text=SPADES)
    assert hand.record["hands"][1] == []  # 42 cards left for 13 places: not yet known
    # 55 cards (BG-1.2), 13 to each (BG-3.2), 29 in the stock (BG-3.3): hearts, diamonds and the three colons.
    tap(owner_client, hand, action="set_extra", stock=f"{HEARTS} {DIAMONDS} GC RC LC")
    assert sorted(hand.record["hands"][1]) == sorted(CLUBS.split())


def test_kj_3_3_the_turn_up_is_tapped_replaced_and_taken_out(owner_client: Any) -> None:
    hand = new_hand(owner_client, "klaberjass", 2)
    tap(owner_client, hand, action="add_card", into="turn_up", card="JH")
    assert hand.record["turn_up"] == "JH"
    tap(owner_client, hand, action="add_card", into="turn_up", card="9S")
    assert hand.record["turn_up"] == "9S"
    tap(owner_client, hand, action="remove_card", into="turn_up", card="9S")
    assert "turn_up" not in hand.record


def test_kj_5_1_a_hand_is_not_guessed_where_the_stock_is_not_recorded(owner_client: Any) -> None:
    hand = new_hand(owner_client, "klaberjass", 2)
    # 32 cards, 9 to each (KJ-5.1), the turn-up (KJ-3.3): 22 cards left for 9 places.
    tap(owner_client, hand, action="set_hand", seat="0", cards_text="AS KS QS JS TS 9S 8S 7S AH")
    tap(owner_client, hand, action="add_card", into="turn_up", card="JH")
    assert hand.record["hands"][1] == []


def test_a_card_tapped_into_a_field_the_game_has_not_is_refused_naming_into(owner_client: Any) -> None:
    hand = new_hand(owner_client, "call_bridge", 4)
    page = tap(owner_client, hand, action="add_card", into="stock", card="AS")
    assert "Not recorded: into: a card goes into a hand" in page
    assert hand.record["hands"] == [[], [], [], []]


def test_the_picker_moves_on_to_the_next_hand_when_one_is_full(owner_client: Any) -> None:
    hand = new_hand(owner_client, "call_bridge", 4)
    for card in SPADES.split()[:-1]:
        tap(owner_client, hand, action="add_card", seat="0", card=card)
    page = tap(owner_client, hand, action="add_card", seat="0", card="2S")
    assert "Tap cards into P2&#x27;s hand" in page
    assert '<input type="hidden" name="action" value="add_card"><input type="hidden" name="seat" value="1">' in page


def test_db_2_2_the_picker_moves_on_to_the_stock_not_the_hand_that_fills_itself(owner_client: Any) -> None:
    # DB-2.2: 13 cards to each of two hands and the 26 of the stock make the pack, so once P1 is full P2 fills
    # itself when the stock is in: the taps go on to the stock, as the page's words say, never into P2 unasked.
    hand = new_hand(owner_client, "draw_bridge", 2)
    for card in SPADES.split()[:-1]:
        tap(owner_client, hand, action="add_card", seat="0", card=card)
    page = tap(owner_client, hand, action="add_card", seat="0", card="2S")
    assert "Tap cards into the stock" in page
    assert "Record every other hand and the stock: the last hand then fills itself" in page
    page = tap(owner_client, hand, action="add_card", into="stock", card="AH")
    assert hand.record["stock"] == ["AH"] and hand.record["hands"][1] == []


def test_bl_3_3_after_three_hands_the_taps_go_to_the_turn_up_not_the_fourth_hand(owner_client: Any) -> None:
    # The corrupted deal: with three hands of 5 in, the page went on to the fourth hand, and a turn-up
    # tapped there was dealt into it. The fourth hand fills itself (BL-3.3): the taps go to the turn-up first.
    hand = new_hand(owner_client, "belote", 4)
    for seat, cards in enumerate(["AS KS QS JS 10S", "AH KH QH JH 10H", "AD KD QD JD 10D"]):
        tap(owner_client, hand, action="set_hand", seat=str(seat), cards_text=cards)
    page = owner_client.get(reverse("hand", args=[hand.pk])).content.decode()
    assert "Tap cards into the turn-up card" in page
    page = tap(owner_client, hand, action="add_card", into="turn_up", card="8H")
    assert hand.record["turn_up"] == "8H" and hand.record["hands"][3] == []
    assert "Tap cards into the stock" in page  # then the stock, in the order dealt


def test_bg_the_result_and_use_this_result_say_the_contract_in_words(owner_client: Any, make_match: Any) -> None:
    fixture = json.loads((FIXTURES / "bridgette" / "hand.json").read_text())
    # Worked from the fixture: Anna bids 2♠, Ben doubles, Anna redoubles (BG-5); Anna takes 9 tricks.
    match = make_match(deals=[{"declarer": 0, "level": 2, "strain": "H", "doubled": 0, "tricks": 8}])
    hand = ContestedHand.objects.create(
        owner=match.owner, match=match, deal_number=1, record={**fixture, "players": ["Anna", "Ben"]}
    )
    page = owner_client.get(reverse("hand", args=[hand.pk])).content.decode()
    assert "<strong>Deal result:</strong> 2♠XX by Anna, 9 tricks:" in page
    confirm = owner_client.get(reverse("hand_use", args=[hand.pk])).content.decode()
    assert "be changed from <strong>2♥ by Anna, 8 tricks</strong> to <strong>2♠XX by Anna, 9 tricks</strong>" in confirm
    for text in (page, confirm):
        assert "{&#x27;" not in text and "{'" not in text
    assert Deal.objects.get(match=match).number == 1
