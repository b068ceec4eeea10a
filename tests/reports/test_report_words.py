"""The history, the report and its PDF read as a player writes: the deals in the game's words, the result
in a sentence, house rules as sentences with their rule, times named with their zone, a short match on
one page. Every registered game's demo matches (fixtures/demo/) are checked."""

from __future__ import annotations

import io
import json
from datetime import UTC, datetime
from html import unescape
from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse
from django.utils.html import strip_tags
from pypdf import PdfReader

from scoring.core.games import GAMES
from scoring.core.match import score_document
from scoring.models import Match
from scoring.services import create_match, edit_deal, remove_last_deal

pytestmark = pytest.mark.django_db

DEMO = Path(__file__).resolve().parents[2] / "fixtures" / "demo"
DEMOS = sorted(path.stem for path in DEMO.glob("*.json"))
# Words of the program, never of a player: a Python None or dict, the rules file's name.
INTERNAL = ("None", "docs/rules/", "{'", "':", '{"', '":')
# 1 July 2025 12:00 UTC: 14:00 summer time in Berlin (CEST, UTC+2).
MOMENT = datetime(2025, 7, 1, 12, 0, tzinfo=UTC)


def demo_match(owner: Any, name: str) -> Match:
    """The demo match, its first deal edited to what it was and its last one removed, at MOMENT."""
    match = create_match(owner=owner, match_file=score_document((DEMO / f"{name}.json").read_text()).match)
    deals = list(match.deals.all())
    edit_deal(match=match, user=owner, number=1, revision=deals[0].revision, entry=deals[0].entry)
    remove_last_deal(match=match, user=owner, number=deals[-1].number)
    Match.objects.filter(pk=match.pk).update(created=MOMENT, updated=MOMENT)
    match.changes.update(at=MOMENT)
    match.refresh_from_db()
    return match


def main_text(page: str) -> str:
    """The page's <main>: what the page itself says (the site's frame is checked elsewhere)."""
    return page[page.index("<main") : page.index("</main>")]


def words(page: str) -> str:
    """The text of the page's <main> as read: no tags, entities read, spaces collapsed."""
    return " ".join(unescape(strip_tags(main_text(page))).split())


def pdf_text(content: bytes) -> tuple[int, str]:
    reader = PdfReader(io.BytesIO(content))
    return len(reader.pages), " ".join(" ".join(page.extract_text().split()) for page in reader.pages)


def test_every_registered_game_has_demo_matches() -> None:
    assert {name.rsplit("-", 1)[0] for name in DEMOS} == set(GAMES)


@pytest.mark.parametrize("name", DEMOS)
def test_history_report_and_pdf_hold_no_internal_words(owner: Any, owner_client: Any, name: str) -> None:
    match = demo_match(owner, name)
    history_page = owner_client.get(reverse("match_history", args=[match.pk])).content.decode()
    report_page = owner_client.get(reverse("report", args=[match.pk])).content.decode()
    history, report = main_text(history_page) + words(history_page), main_text(report_page) + words(report_page)
    _pages, pdf = pdf_text(owner_client.get(reverse("report_pdf", args=[match.pk])).content)
    for text in (history, report, pdf):
        for word in INTERNAL:
            assert word not in text, (word, text)
    assert "Imported" in history
    assert "Edited deal 1: was " in history
    assert "Removed deal" in history


@pytest.mark.parametrize("name", DEMOS)
def test_each_change_shows_the_deal_as_the_game_describes_it(owner: Any, owner_client: Any, name: str) -> None:
    match = demo_match(owner, name)
    game, flags, players = match.rules, frozenset(match.flags), tuple(match.players)
    entry = json.loads((DEMO / f"{name}.json").read_text())["deals"][0]
    first = game.describe(game.parse_deal(entry, flags), players)
    history = words(owner_client.get(reverse("match_history", args=[match.pk])).content.decode())
    assert f"Edited deal 1: was {first}; now {first}" in history


@pytest.mark.parametrize(
    ("name", "winner_line", "rule"),
    [
        # BG-8.1: after six deals the higher total wins. KJ-10.1, DB-7.1: the first past the target wins.
        ("bridgette-finished", "Anna won.", "BG-8.1"),
        ("draw_bridge-finished", "Mara won. Mara passed 500 first", "DB-7.1"),
        ("klaberjass-finished", "Dora won. Dora passed 500 first", "KJ-10.1"),
        ("call_bridge-finished", "Priya won. Priya has the highest total, 31, at or above the target of 30", "CB-7.1"),
        ("belote-finished", "Léa & Inès won. Léa & Inès reached 1,000 first", "BL-9.1"),
        ("contract_bridge-finished", "Ben & Dev won. Ben & Dev won the rubber 2–1", "BR-7.6"),
    ],
)
def test_the_winner_line_is_in_words_with_its_rule(
    owner_client: Any, owner: Any, name: str, winner_line: str, rule: str
) -> None:
    match = create_match(owner=owner, match_file=score_document((DEMO / f"{name}.json").read_text()).match)
    page = owner_client.get(reverse("report", args=[match.pk])).content.decode().replace("&amp;", "&")
    assert f"<strong>{winner_line.split('.')[0]}.</strong>{winner_line.split('.', 1)[1]}" in page
    assert f'href="/rules/{match.game}/#{rule}"' in page  # the rule, linked to its text
    _pages, pdf = pdf_text(owner_client.get(reverse("report_pdf", args=[match.pk])).content)
    assert winner_line in pdf and f"({rule})" in pdf


def test_a_running_match_says_it_is_not_finished(owner_client: Any, owner: Any) -> None:
    match = create_match(owner=owner, match_file=score_document((DEMO / "klaberjass-running.json").read_text()).match)
    page = owner_client.get(reverse("report", args=[match.pk])).content.decode()
    assert "<strong>Not finished yet.</strong>" in page


def test_no_house_rules_reads_the_rules_as_written(owner_client: Any, make_match: Any) -> None:
    page = owner_client.get(reverse("report", args=[make_match().pk])).content.decode()
    assert "No house rules: the rules as written." in page


@pytest.mark.parametrize("game", sorted(GAMES))
def test_house_rules_read_as_sentences_with_the_rule_second(owner_client: Any, make_match: Any, game: str) -> None:
    name, flag = next(iter(GAMES[game].flags.items()))
    match = make_match(game=game, flags=[name])
    page = owner_client.get(reverse("report", args=[match.pk])).content.decode()
    sentence = flag.text.removesuffix(".")
    assert f'{sentence} <span class="cite">(<a class="rule" href="/rules/{game}/#{flag.rule}"' in page.replace(
        "&#x27;", "'"
    )
    assert name not in main_text(page)
    _pages, pdf = pdf_text(owner_client.get(reverse("report_pdf", args=[match.pk])).content)
    assert f"{' '.join(sentence.split())} ({flag.rule})" in pdf
    assert name not in pdf


def test_the_page_names_utc_and_marks_each_time_for_the_readers_zone(owner: Any, owner_client: Any) -> None:
    match = demo_match(owner, "bridgette-finished")
    page = owner_client.get(reverse("report", args=[match.pk])).content.decode()
    assert '<time datetime="2025-07-01T12:00:00+00:00" data-local-time>1 Jul 2025 12:00 UTC</time>' in page
    assert "js/local-time" in page
    assert f'href="{reverse("report_pdf", args=[match.pk])}" data-tz-link' in page
    history = owner_client.get(reverse("match_history", args=[match.pk])).content.decode()
    assert "data-local-time>1 Jul 2025 12:00 UTC</time>" in history


@pytest.mark.parametrize(
    ("query", "expected"),
    [("", "1 Jul 2025 12:00 UTC"), ("?tz=Europe/Berlin", "1 Jul 2025 14:00 CEST (Europe/Berlin)")],
)
def test_the_pdf_prints_times_in_the_zone_passed_and_names_it(
    owner: Any, owner_client: Any, query: str, expected: str
) -> None:
    match = demo_match(owner, "bridgette-finished")
    _pages, pdf = pdf_text(owner_client.get(reverse("report_pdf", args=[match.pk]) + query).content)
    assert expected in pdf


@pytest.mark.parametrize("zone", ["Mars/Olympus", "../../etc/passwd", "x" * 300, "Europe/Nowhere"])
def test_a_pdf_asked_for_in_an_unknown_zone_is_refused_naming_the_field(
    owner_client: Any, make_match: Any, zone: str
) -> None:
    response = owner_client.get(reverse("report_pdf", args=[make_match().pk]), {"tz": zone})
    assert response.status_code == 400
    assert response.content.decode().startswith("tz: not a time zone")


@pytest.mark.parametrize("name", [name for name in DEMOS if name.endswith("-finished")])
def test_a_short_match_fits_one_pdf_page(owner: Any, owner_client: Any, name: str) -> None:
    match = create_match(owner=owner, match_file=score_document((DEMO / f"{name}.json").read_text()).match)
    assert len(json.loads((DEMO / f"{name}.json").read_text())["deals"]) <= 10
    pages, text = pdf_text(owner_client.get(reverse("report_pdf", args=[match.pk])).content)
    assert pages == 1
    assert "Page 1 of 1" in text


def test_br_1_1_partnership_sides_are_named_by_their_label_and_players(owner_client: Any, owner: Any) -> None:
    match = create_match(
        owner=owner, match_file=score_document((DEMO / "contract_bridge-finished.json").read_text()).match
    )
    page = owner_client.get(reverse("report", args=[match.pk])).content.decode().replace("&amp;", "&")
    assert '<th scope="col">Side</th>' in page
    # BR-1.1: North and South (Anna and Cleo, seats 0 and 2) play East and West (Ben and Dev).
    assert "<td>N-S: Anna & Cleo</td>" in page
    assert "<td>E-W: Ben & Dev (winner)</td>" in page
