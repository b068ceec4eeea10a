"""The Check a hand pages in words: house rules as sentences, not flag names; a broken rule a link to its text."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse

from referee.core.games import REFEREES
from referee.models import ContestedHand
from scoring.core.games import GAMES

pytestmark = pytest.mark.django_db

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


def test_every_house_rule_is_offered_as_its_sentence_and_rule(owner_client: Any) -> None:
    # Each game's own house rules, on the form of that game (?game=, the game chooser).
    for name in REFEREES:
        page = owner_client.get(reverse("check_hand"), {"game": name}).content.decode()
        for flag in GAMES[name].flags.values():
            assert f"<code>{flag.name}</code>" not in page
            assert f"({flag.rule})" in page


def test_br_5_3_a_broken_rule_in_a_verdict_links_to_its_text(owner_client: Any, owner: Any) -> None:
    record = json.loads((FIXTURES / "contract_bridge" / "revoke.json").read_text())
    hand = ContestedHand.objects.create(owner=owner, record=record)
    page = owner_client.get(reverse("hand", args=[hand.pk])).content.decode()
    # The fixture's revoke breaks BR-5.3 (follow suit); the verdict links the rule to its text.
    assert 'href="/rules/contract_bridge/#BR-5.3"' in page


def auction_hand(owner: Any, flags: list[str]) -> ContestedHand:
    """The Contract Bridge fixture's hands with no call made yet: the page offers the first call."""
    record = json.loads((FIXTURES / "contract_bridge" / "hand.json").read_text())
    record.update(flags=flags, events=[])
    return ContestedHand.objects.create(owner=owner, record=record)


def test_r_br_1_a_hands_house_rule_reads_as_its_sentence_not_its_flag_name(owner_client: Any, owner: Any) -> None:
    hand = auction_hand(owner, ["br_chicago"])
    page = owner_client.get(reverse("hand", args=[hand.pk])).content.decode()
    chicago = GAMES["contract_bridge"].flags["br_chicago"]
    assert "br_chicago" not in page.replace('value="br_chicago"', "")
    assert chicago.text.split(":")[0] in page
    assert f'href="/rules/contract_bridge/#{chicago.rule}"' in page


def test_br_4_3_the_bids_offered_read_with_suit_symbols_as_the_scoring_pages_write_them(
    owner_client: Any, owner: Any
) -> None:
    page = owner_client.get(reverse("hand", args=[auction_hand(owner, []).pk])).content.decode()
    buttons = re.findall(r'<button type="submit" name="call" value="([^"]+)">([^<]*(?:<[^/][^>]*>[^<]*</span>)?)', page)
    shown = {value: re.sub(r"<[^>]+>", "", text).strip() for value, text in buttons}
    assert shown["1C"] == "1♣" and shown["1H"] == "1♥" and shown["7NT"] == "7NT"
    assert shown["pass"] == "pass"
    assert "1C</button>" not in page
