"""Check this deal (issue 22): from a match's deal, Check a hand starts with the game, players, dealer and house rules,
and with the bidding the deal entry knows (a contract's auction, Call Bridge's calls): recorded at once where the
bidding comes first, one tap away where it comes later (Bridgette's exchange first). The name fields read as the game
names its seats."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse

from referee.models import ContestedHand

pytestmark = pytest.mark.django_db

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


def start(client: Any, match: Any, deal: int, players: int = 4) -> ContestedHand:
    names = {f"player_{seat}": f"X{seat}" for seat in range(players)}
    client.post(
        reverse("check_hand") + f"?match={match.pk}&deal={deal}",
        {"game": match.game, "dealer": "0", "recording": "plays", **names},
    )
    return ContestedHand.objects.get()


def calls(hand: ContestedHand) -> list[tuple[int, Any]]:
    return [(event["seat"], event["call"]) for event in hand.record["events"]]


def test_call_bridge_a_deals_calls_are_recorded_from_the_start(owner_client: Any, make_match: Any) -> None:
    """Deal 2 is dealt by seat 1 (CB-3.1): each seat's call of the entry, in the order the referee asks for them."""
    deals = [{"calls": [3, 4, 2, 5], "tricks": [4, 4, 1, 4]}, {"calls": [2, 3, 3, 4], "tricks": [2, 3, 3, 5]}]
    hand = start(owner_client, make_match(game="call_bridge", deals=deals), 2)
    assert sorted(calls(hand)) == [(0, 2), (1, 3), (2, 3), (3, 4)]
    verdict = owner_client.get(reverse("hand", args=[hand.pk])).context["verdict"]
    assert verdict.violations == () and verdict.next_turn.kind == "play"  # the calls are in: the play comes next


def test_contract_bridge_the_auction_of_the_contract_is_recorded(owner_client: Any, make_match: Any) -> None:
    """4♠ doubled by Cleo (South, seat 2), North dealing: North and East pass, South bids 4♠, West doubles, and three
    passes end the auction (BR-4.6)."""
    entry = {"declarer": 2, "level": 4, "strain": "S", "doubled": 1, "tricks": 10}
    hand = start(owner_client, make_match(game="contract_bridge", deals=[entry]), 1)
    assert calls(hand) == [(0, "pass"), (1, "pass"), (2, "4S"), (3, "double"), (0, "pass"), (1, "pass"), (2, "pass")]
    verdict = owner_client.get(reverse("hand", args=[hand.pk])).context["verdict"]
    assert verdict.violations == () and verdict.next_turn.kind == "play" and verdict.next_turn.seat == 3


def test_contract_bridge_names_its_seats_north_to_west(owner_client: Any, make_match: Any) -> None:
    match = make_match(game="contract_bridge")
    for url in (reverse("check_hand") + f"?match={match.pk}", reverse("check_hand") + "?game=contract_bridge"):
        page = owner_client.get(url).content.decode()
        labels = re.findall(r'<label for="id_player_\d"[^>]*>([^<]+)</label>', page)
        assert labels == ["North", "East", "South", "West"], url
        assert "Player 1" not in page, url


def test_bridgette_the_bidding_is_one_tap_once_the_exchange_is_in(owner_client: Any, make_match: Any) -> None:
    """Bridgette's exchange comes before the auction (BG-4.1), so nothing is recorded at the start; at the auction's
    first turn the page offers the deal's bidding in one tap: Anna (the dealer) bids 2♥, Ben passes (BG-5.5)."""
    fixture = json.loads((FIXTURES / "bridgette" / "hand.json").read_text())
    entry = {"declarer": 0, "level": 2, "strain": "H", "doubled": 0, "tricks": 8}
    match = make_match(game="bridgette", deals=[entry], first_dealer=fixture["dealer"])
    hand = start(owner_client, match, 1, players=2)
    assert hand.record["events"] == []
    exchange = [event for event in fixture["events"] if event["type"] in ("draw", "discard")]
    hand.record = {**fixture, "players": list(match.players), "events": exchange}
    hand.save()
    page = owner_client.get(reverse("hand", args=[hand.pk])).content.decode()
    assert 'id="match-calls"' in page and "Record the bidding of deal 1 (" in page
    owner_client.post(reverse("hand_action", args=[hand.pk]), {"action": "match_calls"})
    hand.refresh_from_db()
    assert [(event["seat"], event["call"]) for event in hand.record["events"][len(exchange) :]] == [
        (0, "2H"),
        (1, "pass"),
    ]
    # Once a call is recorded the tap is not offered again.
    page = owner_client.get(reverse("hand", args=[hand.pk])).content.decode()
    assert 'id="match-calls"' not in page


def test_the_bidding_tap_of_a_hand_with_no_match_records_nothing(owner_client: Any, owner: Any) -> None:
    fixture = json.loads((FIXTURES / "contract_bridge" / "hand.json").read_text())
    hand = ContestedHand.objects.create(owner=owner, record={**fixture, "events": []})
    owner_client.post(reverse("hand_action", args=[hand.pk]), {"action": "match_calls"})
    hand.refresh_from_db()
    assert hand.record["events"] == []
