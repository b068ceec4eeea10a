"""The report's PBN of a Contract Bridge match (referee.formats.export.match_pbn): one board a deal with its
dealer, vulnerability, contract, declarer and result, the deal's Score and the match's running totals. Values
worked by hand from fixtures/contract_bridge/deals.json and the rules (BR-7.1, BR-7.3, BR-6.7)."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from tests.conftest import sample_deals

pytestmark = pytest.mark.django_db

DEALS = [deal["entry"] for deal in sample_deals("contract_bridge")]
TWO_H_BY_SOUTH_9, THREE_NT_BY_EAST_9_HONOURS = DEALS[0], DEALS[1]
PASSED_OUT = {"passed_out": True}


def boards(text: str) -> list[list[str]]:
    return [block.split("\r\n") for block in text.strip("\r\n").split("\r\n\r\n")]


def test_br_7_3_a_rubber_is_written_one_board_a_deal_with_its_score_tags(owner_client: Any, make_match: Any) -> None:
    match = make_match("contract_bridge", deals=[TWO_H_BY_SOUTH_9, THREE_NT_BY_EAST_9_HONOURS, PASSED_OUT])
    response = owner_client.get(reverse("report_pbn", args=[match.pk]))
    assert response.status_code == 200
    assert response["Content-Disposition"] == f'attachment; filename="{match.file_name("pbn")}"'
    header, first, second, third = boards(response.content.decode())
    assert header == ["% PBN 2.1", "% Creator: Trickbook"]
    # Deal 1: 2♥ by South making 9: 60 below and 30 above for N-S (BR-7.1); North deals, nobody vulnerable.
    for line in (
        '[Board "1"]',
        '[Dealer "N"]',
        '[Vulnerable "None"]',
        '[Scoring "Rubber"]',
        '[Contract "2H"]',
        '[Declarer "S"]',
        '[Result "9"]',
        '[Score "NS 90"]',
        '[ScoreRubber "NS 90 EW 0"]',
    ):
        assert line in first
    assert '[North "' + match.players[0] + '"]' in first
    # Deal 2: 3NT by East making 9 is game, 100 below, and 150 for E-W's four aces (BR-6.7); East deals.
    for line in (
        '[Board "2"]',
        '[Dealer "E"]',
        '[Vulnerable "None"]',
        '[Contract "3NT"]',
        '[Declarer "E"]',
        '[Score "NS -250"]',
        '[ScoreRubber "NS 90 EW 250"]',
    ):
        assert line in second
    # Deal 3, passed out: E-W have a game, so they are vulnerable (BR-7.3).
    for line in (
        '[Board "3"]',
        '[Vulnerable "EW"]',
        '[Contract "Pass"]',
        '[Declarer ""]',
        '[Result ""]',
        '[Score "NS 0"]',
    ):
        assert line in third


def test_br_8_2_a_chicago_round_writes_its_own_score_tag(owner_client: Any, make_match: Any) -> None:
    match = make_match("contract_bridge", deals=[TWO_H_BY_SOUTH_9], flags=["br_chicago"])
    _header, board = boards(owner_client.get(reverse("report_pbn", args=[match.pk])).content.decode())
    # Chicago deal 1: nobody vulnerable (BR-8.2); 2♥ making 9 is 60 + 30 + a 50 part-score premium.
    assert '[Scoring "Chicago"]' in board and '[Vulnerable "None"]' in board
    assert '[Score "NS 140"]' in board and '[ScoreChicago "NS 140 EW 0"]' in board


def test_the_report_links_the_pbn_for_contract_bridge_only(owner_client: Any, make_match: Any) -> None:
    bridge = make_match("contract_bridge", deals=[TWO_H_BY_SOUTH_9])
    other = make_match("bridgette")
    assert (
        reverse("report_pbn", args=[bridge.pk])
        in owner_client.get(reverse("report", args=[bridge.pk])).content.decode()
    )
    assert (
        reverse("report_pbn", args=[other.pk])
        not in owner_client.get(reverse("report", args=[other.pk])).content.decode()
    )
    assert owner_client.get(reverse("report_pbn", args=[other.pk])).status_code == 404


def test_the_pbn_is_the_owners_or_the_share_links(client: Any, stranger_client: Any, make_match: Any) -> None:
    match = make_match("contract_bridge", deals=[TWO_H_BY_SOUTH_9])
    assert stranger_client.get(reverse("report_pbn", args=[match.pk])).status_code == 404
    shared = client.get(reverse("shared_report_pbn", args=[match.share_token]))
    assert shared.status_code == 200 and '[Contract "2H"]' in shared.content.decode()
    assert client.get(reverse("shared_report_pbn", args=["no-such-token"])).status_code == 404


# docs/referee/contract_bridge.md: the whole deal of fixtures/contract_bridge/hand.json is 2♣X by Anna (North),
# 8 tricks, with Anna's four club honours.
HAND_DEAL = {"declarer": 0, "level": 2, "strain": "C", "doubled": 1, "tricks": 8, "honours": "NS100", "stopped": False}


def test_a_deal_with_its_refereed_hand_carries_the_hands_auction_and_play(
    owner_client: Any, owner: Any, make_match: Any
) -> None:
    import json

    from referee.models import ContestedHand
    from tests.conftest import FIXTURES

    record = json.loads((FIXTURES / "contract_bridge" / "hand.json").read_text())
    match = make_match("contract_bridge", deals=[HAND_DEAL, TWO_H_BY_SOUTH_9])
    ContestedHand.objects.create(owner=owner, match=match, deal_number=1, record=record)
    ContestedHand.objects.create(owner=owner, match=match, deal_number=2, record=record)  # not deal 2's result
    _header, first, second = boards(owner_client.get(reverse("report_pbn", args=[match.pk])).content.decode())
    assert '[Deal "N:A43.52.K73.AQJT9 K82.AKQJ4.Q82.83 QJT9.76.AJT9.752 765.T983.654.K64"]' in first
    assert first[first.index('[Auction "N"]') + 1] == "Pass 1H X XX"
    assert first[first.index('[Play "E"]') + 1] == "HA H6 H3 H2"
    assert not any(line.startswith(('[Deal "', '[Auction "', '[Play "')) for line in second)
