"""The remedies and the deal as ruled on the Check a hand page, and "Use this result" with a ruling
(docs/hand-record.md, "Remedies and the deal as ruled")."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse

from referee.models import ContestedHand
from scoring.models import Deal
from tests.referee import test_revoke_rulings as revoke_rulings

pytestmark = pytest.mark.django_db

# Trick 7: Cleo, one of the takers, does not overtrump Ben's 7♥ (BL-7.4): a renonce, BL-10.1 (test_belote_remedies).
FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "belote"
OVERTRUMP = json.loads((FIXTURES / "overtrump.json").read_text())
PLAYERS = ["Anna", "Ben", "Cleo", "Dan"]


def belote_hand(make_match: Any) -> ContestedHand:
    match = make_match(game="belote", first_dealer=OVERTRUMP["dealer"])
    record = {**OVERTRUMP, "players": PLAYERS}
    return ContestedHand.objects.create(owner=match.owner, match=match, deal_number=1, record=record)


def test_bl_10_1_the_hand_page_shows_the_remedy_and_the_deal_as_ruled(owner_client: Any, make_match: Any) -> None:
    hand = belote_hand(make_match)
    page = owner_client.get(reverse("hand", args=[hand.pk])).content.decode()
    assert "Remedy: A renonce by Cleo, one of the takers" in page
    assert "As ruled:" in page
    assert "renonce by the takers" in page  # the ruled deal in the score sheet's words
    assert "Anna &amp; Cleo 20, Ben &amp; Dan 162" in page
    assert "renonce by Cleo in trick 7: the deal goes to the defenders" in page


def test_bl_10_1_use_this_result_enters_the_deal_as_ruled_and_says_so(owner_client: Any, make_match: Any) -> None:
    hand = belote_hand(make_match)
    confirm = owner_client.get(reverse("hand_use", args=[hand.pk])).content.decode()
    assert "This is the deal as ruled, after the remedies:" in confirm
    assert "renonce by the takers" in confirm
    owner_client.post(reverse("hand_use", args=[hand.pk]))
    deal = Deal.objects.get(match=hand.match)
    assert deal.entry["renonce"] == "takers"
    assert deal.entry["taker_card_points"] == 131  # the rest of the deal as played


def test_a_deal_without_a_ruling_is_used_as_played(owner_client: Any, make_match: Any) -> None:
    hand = belote_hand(make_match)
    hand.record = {**json.loads((FIXTURES / "hand.json").read_text()), "players": PLAYERS}
    hand.save()
    assert "As ruled:" not in owner_client.get(reverse("hand", args=[hand.pk])).content.decode()
    assert "deal as ruled" not in owner_client.get(reverse("hand_use", args=[hand.pk])).content.decode()


def revoke_hand(make_match: Any, game: str, record: dict[str, Any], players: list[str]) -> ContestedHand:
    match = make_match(game=game, first_dealer=record["dealer"])
    return ContestedHand.objects.create(
        owner=match.owner, match=match, deal_number=1, record={**record, "players": players}
    )


def test_r_cb_10_use_this_result_enters_the_deal_with_the_revoke(owner_client: Any, make_match: Any) -> None:
    """Dan, holding 2♥, trumps trick 1 and then makes his call of 12 (test_revoke_rulings): his call fails."""
    hand = revoke_hand(make_match, "call_bridge", revoke_rulings.call_bridge_complete_revoke_record([]), PLAYERS)
    page = owner_client.get(reverse("hand", args=[hand.pk])).content.decode()
    assert "As ruled:" in page
    assert "revoke by Dan in trick 1: their call fails whatever tricks they took" in page
    # The ruled deal in the score sheet's words, scored: Dan's call of 12 fails, minus 12.
    ruled = "As ruled:</strong> calls 2 2 2 12, tricks 1 0 0 12, revoke by Dan: Anna −2, Ben −2, Cleo −2, Dan −12"
    assert ruled in page
    confirm = owner_client.get(reverse("hand_use", args=[hand.pk])).content.decode()
    assert "This is the deal as ruled, after the remedies:" in confirm
    owner_client.post(reverse("hand_use", args=[hand.pk]))
    deal = Deal.objects.get(match=hand.match)
    assert deal.entry == {"calls": [2, 2, 2, 12], "tricks": [1, 0, 0, 12], "revoke": 3}


def test_r_kj_14_use_this_result_enters_the_deal_with_the_revoke(owner_client: Any, make_match: Any) -> None:
    """Ben revokes in trick 6 of K1 (test_revoke_rulings): Anna scores every point of the deal, 178."""
    record = revoke_rulings.klaberjass_complete_revoke_record([])
    hand = revoke_hand(make_match, "klaberjass", record, PLAYERS[:2])
    page = owner_client.get(reverse("hand", args=[hand.pk])).content.decode()
    assert "revoke by Ben in trick 6: every point of the deal goes to the other player" in page
    assert "As ruled:</strong> Anna makes ♥, 106–22, revoke by Ben: Anna 178, Ben 0" in page
    owner_client.post(reverse("hand_use", args=[hand.pk]))
    deal = Deal.objects.get(match=hand.match)
    assert (deal.entry["revoke"], deal.entry["card_points"]) == (1, [106, 22])
