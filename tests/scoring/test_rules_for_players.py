"""The rules pages are players' pages (issue 23): each game's page opens with its "How to score", with worked
examples, before the full rules and their IDs; the specification's workshop words (the rules README, file names,
provenance tags such as [S] and [A Pagat], the sources, the rulings' "Seed" and "Sources" notes, the word "seed"
itself) stay in docs/."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest
from django.urls import reverse

from scoring import rulebook
from scoring.core.games import GAMES

LANGUAGES = ["en", "hu", "pl", "hi"]
# Workshop words in any language: the README and its file names, a provenance tag, a stored copy of a web page, and
# "seed", the project's name for the source documents the rules were written from (Hindi's borrowing of it as well).
WORKSHOP = re.compile(r"README|\b[a-z_]+\.md\b|\[(?:S|A)(?:\]|[ ,:])|\[R-[A-Z]{2}-\d+\]|(?i:\bseeds?\b)|सीड")
# The rulings' notes on where they came from, by the word each language gives them.
NOTE_LABELS = {
    "en": ["Seed:", "Sources:"],
    "hu": ["Alapszöveg:", "Források:"],
    "pl": ["Tekst wyjściowy:", "Źródła:"],
    "hi": ["मूल पाठ:", "स्रोत:"],
}


def text_of(html: str) -> str:
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return unescape(re.sub(r"<[^>]+>", " ", html))


def main_of(html: str) -> str:
    return html[html.index("<main") : html.index("</main>")]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", list(GAMES))
def test_a_games_page_opens_with_how_to_score_and_shows_no_workshop_words(
    client: Any, game: str, language: str
) -> None:
    client.cookies["trickbook_language"] = language
    html = main_of(client.get(reverse("rules_game", args=[game])).content.decode())
    how_to = html.index('id="how-to-score"')
    # How to score comes before the contents and before the first rule, and cites rules as links.
    assert how_to < html.index('class="rules-contents"') < html.index('class="rule-entry"')
    opening = html[how_to : html.index('id="full-rules"')]
    assert 'class="rule"' in opening or "data-rule" in opening or "/rules/" in opening
    text = text_of(html)
    assert WORKSHOP.findall(text) == []
    assert [label for label in NOTE_LABELS[language] if label in text] == []
    # The full rules follow with their IDs: the target rule of the game, for one.
    assert f'id="{GAMES[game].target_rule}"' in html


def test_a_ruling_keeps_its_default_and_variant_and_loses_its_seed_notes(client: Any) -> None:
    # R-BG-5 (docs/rules/bridgette.md): its Seed note is the specification's; its Default and Variant are the rule.
    ruling = rulebook.rule("R-BG-5")
    assert ruling is not None
    assert "Default:" in ruling.markdown and "Variant" in ruling.markdown
    assert "Seed:" not in ruling.markdown


@pytest.mark.parametrize(
    ("markdown", "players"),
    [
        ("scores 0 [S].", "scores 0."),
        ("two jokers [A bridgeguys, Denexa].", "two jokers."),
        (
            "every deal [S], tie-breaks included [R-BG-8] [R-BG-10].",
            "every deal, tie-breaks included (R-BG-8, R-BG-10).",
        ),
        ("worth 1000 [S Law\n77].", "worth 1000."),
        ("see [Sources](#sources) and [A♠].", "see [Sources](#sources) and [A♠]."),
    ],
)
def test_provenance_tags_are_left_out_and_a_rulings_tag_reads_as_a_reference(markdown: str, players: str) -> None:
    assert rulebook._without_tags(markdown) == players


def test_the_index_page_leaves_out_how_the_documents_are_written(client: Any) -> None:
    text = text_of(main_of(client.get(reverse("rules_index")).content.decode()))
    assert WORKSHOP.findall(text) == []
    assert "Notation" in text  # what a player needs stays
    assert "For developers" in text and "/api/openapi.json" in client.get(reverse("rules_index")).content.decode()
