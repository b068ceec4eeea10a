"""The match page: standings, the sheet, permissions and a constant query count."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse

from scoring import rulebook
from scoring.core.match import parse_match, score_document
from scoring.services import create_match
from tests.conftest import B1_ANNA_2H_EXACT, B2_BEN_1NT_3_OVER, PASSED_OUT

pytestmark = pytest.mark.django_db
DEMO = Path(__file__).resolve().parents[2] / "fixtures" / "demo"


def test_owner_sees_totals_stage_and_dealer(owner_client: Any, make_match: Any) -> None:
    # B1: Anna +500 (BG-7.1); B2: Ben +600. Dealer alternates from Anna (BG-3.1): deal 3 is Anna's.
    match = make_match(deals=[B1_ANNA_2H_EXACT, B2_BEN_1NT_3_OVER])
    response = owner_client.get(reverse("match", args=[match.pk]))
    assert response.status_code == 200
    page = response.content.decode()
    assert 'data-testid="total-0">500<' in page
    assert 'data-testid="total-1">600<' in page
    assert "Deal 3 of 6" in page
    # The table roles cite their rule as a link, as every other rule ID on the page.
    assert 'Anna deals and calls first (<a class="rule" href="/rules/bridgette/#BG-5.3"' in page
    assert "Save deal 3" in page


def test_bg_8_1_finished_match_shows_winner_and_no_form(owner_client: Any, make_match: Any) -> None:
    # Six deals: Anna 500, Ben 600, then four passed-out deals (BG-7.4): Ben wins 600-500 (BG-8.1).
    match = make_match(deals=[B1_ANNA_2H_EXACT, B2_BEN_1NT_3_OVER] + [PASSED_OUT] * 4)
    page = owner_client.get(reverse("match", args=[match.pk])).content.decode()
    # The result said once: who won, then the game's reason with its rule; the totals are on the cards.
    assert (
        '<p class="banner" role="status" id="winner-banner"><strong>Ben wins.</strong> '
        f"Ben has the higher total, 600–500, after 6 deals ({rulebook.link_html('BG-8.1')}).</p>"
    ) in page
    assert "Save deal" not in page


def cards(page: str) -> list[tuple[str, str]]:
    """Each standings card's name and the word under its total ("" for none)."""
    found = re.findall(
        r'<article class="[^"]*">\s*<span>([^<]*)</span>\s*<span class="total"[^>]*>[^<]*</span>\s*'
        r"(?:<small>([^<]*)</small>)?\s*</article>",
        page,
    )
    return [(name, mark) for name, mark in found]


@pytest.mark.parametrize(
    ("game", "deals", "flags", "target", "expected", "headline"),
    [
        # Running: Ben's 600 to Anna's 500 leads (BG-8.1 is not reached before six deals).
        ("bridgette", [B1_ANNA_2H_EXACT, B2_BEN_1NT_3_OVER], [], None, [("Anna", ""), ("Ben", "leads")], ""),
        # Finished: after six deals Ben has the higher total and wins (BG-8.1); his card says so, not "leads".
        (
            "bridgette",
            [B1_ANNA_2H_EXACT, B2_BEN_1NT_3_OVER, *[PASSED_OUT] * 4],
            [],
            None,
            [("Anna", ""), ("Ben", "wins")],
            "Ben wins.",
        ),
        # Six passed-out deals and a seventh: still 0-0, a draw under bg_draw_after_seventh (R-BG-8).
        (
            "bridgette",
            [PASSED_OUT] * 7,
            ["bg_draw_after_seventh"],
            None,
            [("Anna", "draw"), ("Ben", "draw")],
            "A draw.",
        ),
        # Call Bridge to 5: Anna and Ben each call 5 and make it, 5 apiece at the top: a shared win (R-CB-6's variant).
        (
            "call_bridge",
            [{"calls": [5, 5, 2, 2], "tricks": [5, 5, 2, 1]}],  # +5, +5, +2, -2
            ["cb_shared_win"],
            5,
            [("Anna", "shares the win"), ("Ben", "shares the win"), ("Cleo", ""), ("Dan", "")],
            "Anna and Ben share the win.",
        ),
    ],
)
def test_bg_8_1_r_bg_8_r_cb_6_a_finished_match_reads_finished(
    owner_client: Any,
    make_match: Any,
    game: str,
    deals: list[dict[str, Any]],
    flags: list[str],
    target: int | None,
    expected: list[tuple[str, str]],
    headline: str,
) -> None:
    match = make_match(game=game, deals=deals, flags=flags, target=target)
    page = owner_client.get(reverse("match", args=[match.pk])).content.decode()
    assert cards(page) == expected
    if headline:
        assert f'id="winner-banner"><strong>{headline}</strong> ' in page
    else:
        assert 'id="winner-banner"' not in page


def test_bl_9_1_a_partnership_wins_on_its_card(owner_client: Any, owner: Any) -> None:
    # The demo Belote match: Léa & Inès reach 1,000 first (BL-9.1). A side of two "win".
    match = create_match(owner=owner, match_file=score_document((DEMO / "belote-finished.json").read_text()).match)
    page = owner_client.get(reverse("match", args=[match.pk])).content.decode()
    assert cards(page) == [("Léa &amp; Inès", "win"), ("Marc &amp; Hugo", "")]
    assert "<strong>Léa &amp; Inès win.</strong> Léa &amp; Inès reached 1,000 first (" in page


def test_anonymous_is_sent_to_login(client: Any, make_match: Any) -> None:
    match = make_match()
    response = client.get(reverse("match", args=[match.pk]))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_another_account_gets_404(stranger_client: Any, make_match: Any) -> None:
    match = make_match()
    assert stranger_client.get(reverse("match", args=[match.pk])).status_code == 404


def test_regenerated_share_link_kills_the_old_one(owner_client: Any, make_match: Any) -> None:
    match = make_match()
    old = match.share_token
    owner_client.post(reverse("share_regenerate", args=[match.pk]))
    match.refresh_from_db()
    assert match.share_token != old
    assert owner_client.get(reverse("shared_match", args=[old])).status_code == 404
    assert owner_client.get(reverse("shared_match", args=[match.share_token])).status_code == 200


def test_stranger_cannot_regenerate_share_link(stranger_client: Any, make_match: Any) -> None:
    match = make_match()
    assert stranger_client.post(reverse("share_regenerate", args=[match.pk])).status_code == 404


@pytest.mark.parametrize("deal_count", [1, 200])
def test_match_page_query_count_does_not_grow_with_deals(
    owner_client: Any, make_match: Any, django_assert_num_queries: Any, deal_count: int
) -> None:
    # Call Bridge never ends below the target: 200 deals of calls 2 and tricks 3 3 3 4 (+2 each) stay under 1000.
    deals = [{"calls": [2, 2, 2, 2], "tricks": [3, 3, 3, 4]}] * deal_count
    match = make_match(game="call_bridge", deals=deals, target=1000)
    # session, user, match, deals, the last change (a redo of an undo), messages-free render: pinned at 5
    # queries whatever the deal count.
    with django_assert_num_queries(5):
        response = owner_client.get(reverse("match", args=[match.pk]))
    assert response.status_code == 200


def test_r_kj_9_points_held_over_are_shown_with_the_games_rule(owner_client: Any, make_match: Any) -> None:
    # Anna makes hearts and ties, 65 to 55 + 10: under kj_tie_points_hang both totals wait (R-KJ-9).
    tie = {"maker": 0, "trump": "H", "card_points": [65, 55], "last_trick": 1, "sequence_points": [0, 0], "bella": None}
    match = make_match(game="klaberjass", deals=[tie], flags=["kj_tie_points_hang"])
    page = owner_client.get(reverse("match", args=[match.pk])).content.decode()
    assert "130 points are held over to the next deal (R-KJ-9)." in page
    # Anna dealt deal 1, so Ben deals deal 2 (KJ-3.1) and Anna speaks first.
    assert "Ben deals." in page
    assert re.search(r"Anna speaks first for trumps and leads \(<a [^>]*>KJ-4.1</a>, <a [^>]*>KJ-8.1</a>\)\.", page)


def test_a_sheet_row_shows_dealer_deal_breakdown_totals_and_edit_link(owner_client: Any, make_match: Any) -> None:
    # B1: Anna's 2♥ made exactly, 250 for the contract (BG-7.2) and 250 bonus (BG-7.1).
    match = make_match(deals=[B1_ANNA_2H_EXACT])
    page = owner_client.get(reverse("match", args=[match.pk])).content.decode()
    edit = reverse("deal_edit", args=[match.pk, 1])
    heart = '<span class="suit-red">♥</span>'
    assert (
        f'<tr id="deal-1"><th scope="row"><a class="edit" href="{edit}" aria-label="Edit deal 1">1</a></th>'
        f'<td class="dealer">Anna</td><td class="deal"><details><summary>2{heart} by Anna, made exactly'
        ' (<span class="rule">BG-7.1</span>)</summary>'
        '<ul class="lines"><li class="dealt">Anna dealt.</li>'
        f"<li>Anna 250: value of 2{heart}, 250 {rulebook.link_html('BG-7.2')}</li>"
        f"<li>Anna 250: exact contract bonus 250 {rulebook.link_html('BG-7.1')}</li></ul></details></td>"
        '<td class="num">500<small>(+500)</small></td><td class="num">0<small>(0)</small></td></tr>'
    ) in page
    # Each rule cited links to its text in the game's rules.
    assert 'href="/rules/bridgette/#BG-7.2"' in page


def test_r_cb_2_tenths_show_as_decimals(owner_client: Any, make_match: Any) -> None:
    # Anna calls 3 and takes 5: 3 and two overtricks at 0.1 under cb_decimal_overtricks (R-CB-2).
    deal = {"calls": [3, 4, 2, 5], "tricks": [5, 4, 1, 3]}
    match = make_match(game="call_bridge", deals=[deal], target=1000, flags=["cb_decimal_overtricks"])
    page = owner_client.get(reverse("match", args=[match.pk])).content.decode()
    assert '<td class="num">3.2<small>(+3.2)</small></td>' in page
    assert f"<li>Anna 0.2: 2 overtricks at 0.1 {rulebook.link_html('R-CB-2')}</li>" in page


def test_names_in_the_sheet_are_escaped(owner_client: Any, owner: Any) -> None:
    doc = {"game": "bridgette", "players": ["<b>Anna</b>", "Ben & Co"], "first_dealer": 0, "deals": [B1_ANNA_2H_EXACT]}
    match = create_match(owner=owner, match_file=parse_match(doc))
    page = owner_client.get(reverse("match", args=[match.pk])).content.decode()
    assert "<b>Anna</b>" not in page
    anna = "&lt;b&gt;Anna&lt;/b&gt;"
    heart = '<span class="suit-red">♥</span>'
    assert (
        f'<td class="dealer">{anna}</td><td class="deal"><details><summary>2{heart} by {anna}, made exactly'
        ' (<span class="rule">BG-7.1</span>)</summary>' in page
    )
    assert f"<li>{anna} 250: value of 2{heart}, 250" in page
    assert "Ben &amp; Co" in page


def pad(row: str) -> str:
    """A Call Bridge row as the sheet holds it: no-break spaces inside each player's words."""
    return row.replace(" ", "\u00a0").replace(",\u00a0", ", ")


def test_r_cb_2_r_cb_4_the_sheet_is_worded_in_the_pages_language_plural_forms_by_count(
    owner_client: Any, make_match: Any
) -> None:
    # The sheet's words are looked up once per sheet (vocabulary/i18n.py, one_language): each line
    # still takes the plural form of its own count. Polish: 1 trick "lewie", 4 tricks "lewach".
    first = {"calls": [3, 4, 2, 5], "tricks": [4, 4, 1, 4]}  # +3, +4 made (R-CB-2); -2, -5 failed (R-CB-4)
    second = {"calls": [2, 2, 2, 2], "tricks": [1, 4, 4, 4]}  # Anna fails with 1 trick: -2 (R-CB-4)
    match = make_match(game="call_bridge", deals=[first, second], target=100)
    page = owner_client.get(reverse("match", args=[match.pk]), headers={"Accept-Language": "pl"}).content.decode()
    # Each call as the pad has it, "Anna 3 (made 4)" in Polish, each player's words held together (no-break spaces).
    assert (
        f"<summary>{pad('Anna 3 (wzięte 4), Ben 4 (wzięte 4), Cleo 2 (wzięte 1), Dan 5 (wzięte 4)')}</summary>" in page
    )
    assert (
        f"<summary>{pad('Anna 2 (wzięte 1), Ben 2 (wzięte 4), Cleo 2 (wzięte 4), Dan 2 (wzięte 4)')}</summary>" in page
    )
    assert f"<li>Anna 3: deklaracja 3 spełniona przy 4 lewach {rulebook.link_html('R-CB-2')}</li>" in page
    assert f"<li>Cleo −2: deklaracja 2 niespełniona przy 1 lewie {rulebook.link_html('R-CB-4')}</li>" in page
    assert f"<li>Anna −2: deklaracja 2 niespełniona przy 1 lewie {rulebook.link_html('R-CB-4')}</li>" in page
    assert f"<li>Dan −5: deklaracja 5 niespełniona przy 4 lewach {rulebook.link_html('R-CB-4')}</li>" in page
    # The next page, in English, is worded afresh.
    page = owner_client.get(reverse("match", args=[match.pk]), headers={"Accept-Language": "en"}).content.decode()
    assert f"<summary>{pad('Anna 3 (made 4), Ben 4 (made 4), Cleo 2 (made 1), Dan 5 (made 4)')}</summary>" in page
    assert "<li>Cleo −2: call 2 failed with 1 trick" in page


BL5_LITIGE = {"taker": 1, "trump": "C", "taker_card_points": 71, "last_trick": "defenders", "belote": 3}
BL5_COLLECT = {"taker": 2, "trump": "H", "taker_card_points": 100, "last_trick": "takers"}


def test_bl_8_4_r_bl_10_the_sheet_marks_the_litige_and_the_points_held_over_until_won(
    owner_client: Any, make_match: Any
) -> None:
    # BL5 (docs/rules/belote.md): Ben's litige holds 71 over (71 + 20 = 81 + 10), a deal nobody takes keeps them
    # waiting, and Cleo's made deal (110 against 52) takes them. Each row says so without its breakdown opened.
    match = make_match(game="belote", deals=[BL5_LITIGE, {"passed_out": True}, BL5_COLLECT], first_dealer=3)
    page = owner_client.get(reverse("match", args=[match.pk])).content.decode()
    rows = {number: page.split(f'id="deal-{number}"')[1].split("</summary>")[0] for number in (1, 2, 3)}
    assert "Ben ♣ 71–91, litige · 71 held over" in rows[1]
    assert "passed out: all four passed twice · 71 held over" in rows[2]
    assert rows[3].endswith('Cleo <span class="suit-red">♥</span> 110–52, made')


def test_kj_9_2_a_bate_row_reads_in_the_pages_language(owner_client: Any, make_match: Any) -> None:
    # Anna makes spades with 50 card points + 10 for the last trick against Ben's 70: 60 to 70, bate (KJ-9.2).
    bate = {
        "maker": 0,
        "trump": "S",
        "card_points": [50, 70],
        "last_trick": 0,
        "sequence_points": [0, 0],
        "bella": None,
    }
    match = make_match(game="klaberjass", deals=[bate])
    page = owner_client.get(reverse("match", args=[match.pk]), headers={"Accept-Language": "hu"}).content.decode()
    assert (
        '<summary>Anna választotta az adut (♠), és megbukott, 60–70 (<span class="rule">KJ-9.2</span>)</summary>'
    ) in page
    page = owner_client.get(reverse("match", args=[match.pk]), headers={"Accept-Language": "en"}).content.decode()
    assert '<summary>Anna makes ♠ and is bate, 60 to 70 (<span class="rule">KJ-9.2</span>)</summary>' in page
