"""The list of matches: each match's state in words and its time, read in a fixed number of queries."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.urls import reverse

from scoring.models import Match
from tests.conftest import B1_ANNA_2H_EXACT, B2_BEN_1NT_3_OVER, sample_entry

pytestmark = pytest.mark.django_db

MINUS = "\u2212"


def states(client: Any) -> list[str]:
    page = client.get(reverse("home")).content.decode()
    return [html.unescape(text) for text in re.findall(r'<span class="match-state">(.*?)</span>', page, re.S)]


def bridgette(rule: str) -> dict[str, Any]:
    return sample_entry("bridgette", f"§6.1 {rule}")


# Each expected state worked by hand from the rules docs' worked examples.
@pytest.mark.parametrize(
    ("game", "deals", "state"),
    [
        # No deal yet: the coming deal is the first of six (BG-1.3).
        ("bridgette", [], "Deal 1 of 6, not started"),
        # B1 (Anna +500) and B2 (Ben +600), docs/rules/bridgette.md: deal 3 of 6 comes next.
        ("bridgette", [B1_ANNA_2H_EXACT, B2_BEN_1NT_3_OVER], "Deal 3 of 6, Ben leads 600–500"),
        # BG-8.1 after six deals: Anna 500 + 1600 + 2500 = 4600, Ben 600 + 400 + 150 = 1150.
        (
            "bridgette",
            [bridgette(rule) for rule in ("B1", "B2", "B5", "B8", "B9", "B10")],
            "Anna won 4,600–1,150",
        ),
        # C1, docs/rules/call_bridge.md: +3, +4, −2, −5 (CB-6); deal 2 comes next, target 30 (R-CB-5).
        (
            "call_bridge",
            [{"calls": [3, 4, 2, 5], "tricks": [4, 4, 1, 4]}],
            f"Deal 2 · Target 30, Ben leads with 4 (Anna 3, Cleo {MINUS}2, Dan {MINUS}5)",
        ),
        # BL1, docs/rules/belote.md: the takers Anna & Cleo 170, Ben & Dan 32 (BL-1.1: the sides).
        ("belote", [sample_entry("belote", "BL1")], "Deal 2 · Target 1,000, Anna & Cleo lead 170–32"),
    ],
)
def test_each_match_shows_its_state_in_words(
    owner_client: Any, make_match: Any, game: str, deals: list[dict[str, Any]], state: str
) -> None:
    make_match(game=game, deals=deals)
    assert states(owner_client) == [state]


def test_cb_6_a_negative_leader_is_written_with_a_minus_never_a_dash(owner_client: Any, make_match: Any) -> None:
    # C1 then C1 with the seats turned: each deal is +3, +4, −2, −5 for the callers of 3, 4, 2, 5 (CB-6).
    # Totals: Anna 3 − 5 = −2, Ben 4 + 3 = 7, Cleo −2 + 4 = 2, Dan −5 − 2 = −7.
    make_match(
        game="call_bridge",
        deals=[
            {"calls": [3, 4, 2, 5], "tricks": [4, 4, 1, 4]},
            {"calls": [5, 3, 4, 2], "tricks": [4, 4, 4, 1]},
        ],
    )
    assert states(owner_client) == [f"Deal 3 · Target 30, Ben leads with 7 (Cleo 2, Anna {MINUS}2, Dan {MINUS}7)"]


def test_a_match_its_game_can_no_longer_read_says_so(owner_client: Any, make_match: Any) -> None:
    match = make_match(deals=[B1_ANNA_2H_EXACT])
    match.deals.update(entry={"declarer": 0, "level": 9})
    [state] = states(owner_client)
    assert state.startswith("Cannot be scored: deal 1")


def test_each_match_shows_its_time_in_utc_for_the_script_to_localise(owner_client: Any, make_match: Any) -> None:
    match = make_match()
    page = owner_client.get(reverse("home")).content.decode()
    when = match.updated.strftime("%-d %b %Y %H:%M")
    assert f'<time datetime="{match.updated.isoformat()}" data-local-time>{when} UTC</time>' in page
    assert "js/local-time.js" in page


def test_each_match_offers_rematch_rename_and_delete(owner_client: Any, make_match: Any) -> None:
    match = make_match()
    page = owner_client.get(reverse("home")).content.decode()
    assert f'<a href="{reverse("match_rematch", args=[match.pk])}" aria-label="Rematch: ' in page  # asks first
    assert f'href="{reverse("match_rename", args=[match.pk])}"' in page
    assert f'href="{reverse("match_delete", args=[match.pk])}"' in page


def test_home_lists_only_my_matches(owner_client: Any, make_match: Any, stranger: Any) -> None:
    mine = make_match()
    theirs = Match.objects.create(owner=stranger, game="bridgette", players=["Xena", "Yuri"], first_dealer=0)
    page = owner_client.get(reverse("home")).content.decode()
    assert reverse("match", args=[mine.pk]) in page
    assert reverse("match", args=[theirs.pk]) not in page


@pytest.mark.parametrize("count", [1, 20])
def test_home_query_count_does_not_grow_with_matches(
    owner_client: Any, make_match: Any, django_assert_num_queries: Any, count: int
) -> None:
    for _ in range(count):
        make_match(deals=[B1_ANNA_2H_EXACT, B2_BEN_1NT_3_OVER])
    # session, user, the user's matches, all their deals, the club nights' tables by event.
    with django_assert_num_queries(5):
        page = owner_client.get(reverse("home")).content.decode()
    assert page.count("Ben leads 600–500") == count


def test_home_is_get_only(owner_client: Any) -> None:
    assert owner_client.post(reverse("home")).status_code == 405
