"""Corrections and referee verdicts in the report: share links never show a login name, and a
match with many of them shows the last ones only."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from referee.models import ContestedHand
from reports.sheet import SHOWN_CORRECTIONS, SHOWN_VERDICTS, SHOWN_VIOLATIONS
from scoring.models import Change
from tests.conftest import B1_ANNA_2H_EXACT, B2_BEN_1NT_3_OVER

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
LOGIN = "annalee1987"


@pytest.fixture
def edited_match(django_user_model: Any, make_match: Any) -> Any:
    """A match whose owner (login LOGIN) edited deal 1."""
    owner = django_user_model.objects.create_user(username=LOGIN, password="pw-anna-123")
    match = make_match(deals=[B1_ANNA_2H_EXACT])
    match.owner = owner
    match.save()
    scorer = Client()
    scorer.force_login(owner)
    assert (
        scorer.post(reverse("deal_edit", args=[match.pk, 1]), {"revision": "1", "passed_out": "on"}).status_code == 302
    )
    return match


def pdf_text(content: bytes) -> str:
    return " ".join(" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(content)).pages)


def test_share_link_report_shows_owner_not_the_login_name(client: Any, edited_match: Any) -> None:
    page = client.get(reverse("shared_report", args=[edited_match.share_token])).content.decode()
    assert "Edited deal 1" in page
    assert LOGIN not in page
    assert "· owner</span>" in page


def test_share_link_pdf_shows_owner_not_the_login_name(client: Any, edited_match: Any) -> None:
    text = pdf_text(client.get(reverse("shared_report_pdf", args=[edited_match.share_token])).content)
    assert "Edited deal 1" in text
    assert LOGIN not in text
    assert "owner" in text


def test_owners_own_report_shows_their_login_name(edited_match: Any) -> None:
    scorer = Client()
    scorer.force_login(edited_match.owner)
    page = scorer.get(reverse("report", args=[edited_match.pk])).content.decode()
    assert f"· {LOGIN}</span>" in page


def test_owners_pdf_names_who_corrected_as_the_owners_page_does(edited_match: Any) -> None:
    # The owner's PDF is their report page on paper: the same name beside each correction, never "owner".
    scorer = Client()
    scorer.force_login(edited_match.owner)
    text = pdf_text(scorer.get(reverse("report_pdf", args=[edited_match.pk])).content)
    assert "Edited deal 1" in text
    assert LOGIN in text
    assert "owner" not in text


def test_report_shows_the_last_corrections_only(owner_client: Any, make_match: Any) -> None:
    match = make_match(deals=[B1_ANNA_2H_EXACT])
    for number in range(1, SHOWN_CORRECTIONS + 6):
        Change.objects.create(
            match=match, action=Change.Action.EDITED, number=number, before=B1_ANNA_2H_EXACT, after=B2_BEN_1NT_3_OVER
        )
    page = owner_client.get(reverse("report", args=[match.pk])).content.decode()
    assert f"The last {SHOWN_CORRECTIONS} corrections;" in page
    assert reverse("match_history", args=[match.pk]) in page
    assert "Edited deal 5<" not in page
    assert "Edited deal 6<" in page
    assert f"Edited deal {SHOWN_CORRECTIONS + 5}<" in page
    assert page.count("(deleted account)") == SHOWN_CORRECTIONS  # made by no account


def reversed_plays_record() -> dict[str, Any]:
    """The Call Bridge fixture hand with its plays entered last first: 40 violations."""
    record = json.loads((ROOT / "fixtures" / "call_bridge" / "hand.json").read_text())
    calls = [event for event in record["events"] if event["type"] == "call"]
    plays = [event for event in record["events"] if event["type"] != "call"]
    record["events"] = calls + plays[::-1]
    return record


def test_report_shows_the_last_refereed_hands_and_their_first_violations(
    owner: Any, owner_client: Any, make_match: Any
) -> None:
    match = make_match(game="call_bridge", target=1000)
    record = reversed_plays_record()
    for number in range(1, SHOWN_VERDICTS + 3):
        ContestedHand.objects.create(owner=owner, match=match, deal_number=number, record=record)
    page = owner_client.get(reverse("report", args=[match.pk])).content.decode()
    assert f"The last {SHOWN_VERDICTS} hands checked." in page
    assert "<h3>Deal 2</h3>" not in page
    assert "<h3>Deal 3</h3>" in page
    assert page.count(f"and {40 - SHOWN_VIOLATIONS} more") == SHOWN_VERDICTS
    assert page.count("<li>Event ") == SHOWN_VERDICTS * SHOWN_VIOLATIONS
