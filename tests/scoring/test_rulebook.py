"""The rulebook (scoring/rulebook.py), the rules pages (scoring/rule_views.py) and the rule_link filter.

The documents are split by the convention tests/test_rules_docs.py checks (docs/rules/README.md, "How the
documents are laid out"); its helpers are the reference the rulebook is compared with.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlsplit

import pytest
from django.template import Context, Template
from django.urls import reverse, set_script_prefix
from django.utils import translation

from scoring import rulebook
from scoring.core.games import GAMES
from scoring.templatetags.rules import rule_link
from tests.test_rules_docs import cited_ids, documents, prefix_of

REGISTERED_PREFIXES = {game.rule_prefix: name for name, game in GAMES.items()}
HREF = re.compile(r'href="([^"]*)"')
ID = re.compile(r'\bid="([^"]*)"')


def page(client: Any, url: str, *, htmx: bool = False) -> str:
    response = client.get(url, headers={"HX-Request": "true"} if htmx else {})
    assert response.status_code == 200, url
    return str(response.content.decode())


# The rulebook


def test_every_rule_id_the_code_cites_resolves_to_its_game() -> None:
    cited = {rule_id for rule_id in cited_ids() if prefix_of(rule_id) in REGISTERED_PREFIXES}
    assert {prefix_of(rule_id) for rule_id in cited} == set(REGISTERED_PREFIXES)  # the check is not vacuous
    unresolved = {
        rule_id: (rulebook.rule(rule_id), rulebook.game_of(rule_id))
        for rule_id in sorted(cited)
        if (found := rulebook.rule(rule_id)) is None or found.game != rulebook.game_of(rule_id)
    }
    assert unresolved == {}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_each_game_document_splits_into_the_rules_the_docs_test_finds(name: str) -> None:
    document = rulebook.document(name)
    assert document is not None
    found = [rule.id for section in document.sections for rule in section.rules]
    assert found == [rule_id for rule_id, _ in documents()[name]]
    assert all(rulebook.rule(rule_id).game == name for rule_id in found)  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("rule_id", "game"),
    [
        ("BG-7.3", "bridgette"),
        ("R-BG-7", "bridgette"),
        ("CB-5.2", "call_bridge"),
        ("R-DB-5", "draw_bridge"),
        ("R-KJ-12", "klaberjass"),
        ("BG-99.9", "bridgette"),  # by prefix: whether the rule exists is rule()'s question
        ("XX-1.1", None),
        ("bg-7.3", None),
        ("BG-7.3 ", None),
        ("BG-7", None),
        ("R-BG-7.3", None),
        ("BG-٧.٣", None),  # Arabic-Indic digits are not rule digits
        ("match-file", None),
        ("", None),
    ],
)
def test_game_of_answers_by_the_prefix_of_a_well_formed_id(rule_id: str, game: str | None) -> None:
    assert rulebook.game_of(rule_id) == game


@pytest.mark.parametrize("rule_id", ["BG-99.9", "bg-7.3", "BG-7.3 ", "BG-٧.٣", "R-BG-7/", "", "BG-" + "7" * 5000])
def test_an_unknown_or_odd_id_is_no_rule(rule_id: str) -> None:
    assert rulebook.rule(rule_id) is None


def test_bg_7_3_has_its_id_title_section_text_and_citations() -> None:
    rule = rulebook.rule("BG-7.3")
    assert rule is not None
    assert (rule.id, rule.game, rule.title) == ("BG-7.3", "bridgette", "Contract failed")
    assert rule.section == 'Scoring ("six-deal" scoring)'
    assert rule.markdown.startswith("**BG-7.3 Contract failed.** The declarer scores 0")
    assert rule.see_also == ("R-BG-6", "R-BG-7")
    assert rule.url == "/rules/bridgette/#BG-7.3"
    # The table and the line after it belong to the rule; the next rule does not.
    assert "<td>6 or more</td>" in rule.html
    assert "ruling" in rule.html and "R-BG-7</a>" in rule.html
    assert "BG-7.4" not in rule.html
    # The rule's own page leaves out the opening bold ID and title, which its heading shows.
    assert rule.body_html.startswith("<p>The declarer scores 0")


@pytest.mark.parametrize(
    ("rule_id", "title"),
    [
        ("BG-1.1", ""),  # no title: only the ID is bold
        ("BG-5.1", "Bids"),
        ("R-BG-11", '"Once a new deal is made, the doubles disappear"'),
        ("R-KJ-10", "The maker is bate"),  # *bate* is emphasis inside the bold title
        ("KJ-6.3", "Only the better sequence scores, and just one sequence is scored in a deal"),  # no full stop
    ],
)
def test_a_rules_title_is_the_bold_words_after_its_id(rule_id: str, title: str) -> None:
    assert rulebook.rule(rule_id).title == title  # type: ignore[union-attr]


def test_a_rule_written_as_a_list_item_keeps_its_nested_list_and_table() -> None:
    groups = rulebook.rule("BG-2.2")
    assert groups is not None
    assert groups.markdown.startswith("**BG-2.2**")  # the "- " and the two-space indent are taken off
    assert "<li><strong>Ace group</strong>: the four aces and the Grand Colon.</li>" in groups.html
    assert '<div class="table-scroll" tabindex="0"><table>' in rulebook.rule("BG-4.3").html  # type: ignore[union-attr]


def test_a_rule_links_the_rules_it_cites_but_not_itself() -> None:
    rule = rulebook.rule("BG-7.3")
    assert rule is not None
    assert str(rule_link("R-BG-6")) in rule.html  # the very link the filter renders
    assert 'href="/rules/bridgette/#BG-7.3"' not in rule.html


@pytest.mark.parametrize(
    "markdown",
    [
        "<script>alert(1)</script>",
        'Text <img src="x" onerror="alert(1)"> inline.',
        '<div onclick="alert(1)">a block</div>',
        "| a |\n|---|\n| <b onmouseover=alert(1)>cell</b> |",
        "[a link](javascript:alert(1))",
        "![an image](/static/x.png)",
        '<!-- a comment --> and <a href="https://example.com">a raw link</a>',
    ],
)
def test_no_raw_html_passes_through_the_markdown(markdown: str) -> None:
    rendered = rulebook.render_markdown(markdown)
    passed = ["<script", "<img", "<div onclick", "<b ", "<!--", '<a href="https://example.com">', 'href="javascript']
    assert [tag for tag in passed if tag in rendered] == []


def test_no_rule_or_document_holds_raw_html() -> None:
    tags = re.compile(r"<(?!/?(p|strong|em|code|ul|ol|li|a|table|thead|tbody|tr|th|td|div|br)\b)[a-z!]")
    pieces = [rule.html for rule in rulebook.book().rules.values()]
    for document in [rulebook.book().index, *rulebook.book().documents.values()]:
        pieces += [document.intro_html, *(section.intro_html for section in document.sections)]
    assert [piece for piece in pieces if tags.search(piece)] == []


def test_links_between_documents_point_to_their_pages() -> None:
    bridgette = rulebook.document("bridgette")
    assert bridgette is not None
    assert '<a href="/rules/">rules README</a>' in bridgette.intro_html
    index = rulebook.book().index
    every_html = [index.intro_html, *(section.intro_html for section in index.sections)]
    assert not any('.md"' in html or ".md#" in html for html in every_html)


# The pages


def test_the_index_lists_every_registered_games_rules(client: Any) -> None:
    html = page(client, reverse("rules_index"))
    for name, game in GAMES.items():
        assert f'<a href="{reverse("rules_game", args=[name])}"><strong>{game.title}</strong></a>' in html


def test_a_game_page_has_an_anchor_for_every_rule_and_a_table_of_contents(client: Any) -> None:
    html = page(client, reverse("rules_game", args=["bridgette"]))
    ids = set(ID.findall(html))
    assert {rule_id for rule_id, _ in documents()["bridgette"]} <= ids
    assert '<div class="rule-entry" id="BG-7.3">' in html
    assert '<li><a href="#players-and-equipment">Players and equipment</a></li>' in html
    assert '<h2 id="players-and-equipment">Players and equipment</h2>' in html


def test_every_link_on_the_rules_pages_leads_to_a_page_and_anchor_that_exist(client: Any) -> None:
    pages = [reverse("rules_index"), *(reverse("rules_game", args=[name]) for name in GAMES)]
    seen: dict[str, set[str]] = {}
    for url in pages:
        seen[url] = set(ID.findall(page(client, url)))
    broken = []
    for url in pages:
        for href in set(HREF.findall(page(client, url))):
            target = urlsplit(href)
            if target.scheme or not target.path.startswith("/rules/"):
                continue
            path = target.path or url
            if path not in seen:
                seen[path] = set(ID.findall(page(client, path)))
            if target.fragment and target.fragment not in seen[path]:
                broken.append((url, href))
    assert broken == []


def test_a_rule_page_is_a_full_page_with_the_rule_and_its_see_also_links(client: Any) -> None:
    response = client.get(reverse("rule", args=["BG-7.3"]))
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" in html and 'id="rule-dialog"' in html
    assert '<h1><span class="rule">BG-7.3</span> Contract failed</h1>' in html
    assert f"See also {rule_link('R-BG-6')}, {rule_link('R-BG-7')}." in html
    assert '<a href="/rules/bridgette/#BG-7.3">BG-7.3 among the Bridgette rules</a>' in html


def test_a_rule_fragment_for_htmx_is_the_card_only(client: Any) -> None:
    html = page(client, reverse("rule", args=["R-BG-7"]), htmx=True)
    assert "<html" not in html and "<nav" not in html
    assert html.strip().startswith('<div class="rule-card"')
    title = '<h2 id="rule-dialog-title"><span class="rule">R-BG-7</span> Undertricks past the end of the table</h2>'
    assert title in html


@pytest.mark.parametrize("url_name", ["rules_index", "rules_game", "rule"])
def test_rules_pages_are_public_and_cacheable_an_hour(client: Any, django_user_model: Any, url_name: str) -> None:
    args = {"rules_index": [], "rules_game": ["klaberjass"], "rule": ["KJ-6.3"]}[url_name]
    response = client.get(reverse(url_name, args=args))
    assert response.status_code == 200
    assert "max-age=3600" in response["Cache-Control"]
    assert "private" in response["Cache-Control"]  # the page holds the CSRF token and the user's nav
    assert "HX-Request" in response["Vary"]
    client.force_login(django_user_model.objects.create_user("reader", password="a-long-passphrase-1"))
    assert client.get(reverse(url_name, args=args)).status_code == 200


@pytest.mark.django_db
def test_rules_pages_run_no_query_for_a_visitor(client: Any, django_assert_num_queries: Any) -> None:
    with django_assert_num_queries(0):
        page(client, reverse("rules_game", args=["call_bridge"]))
        page(client, reverse("rule", args=["CB-5.2"]), htmx=True)


@pytest.mark.parametrize(
    "url",
    [
        "/rules/no_such_game/",
        "/rules/README/",  # the index text is not a game
        "/rules/BRIDGETTE/",
        "/rules/rule/BG-99.9/",
        "/rules/rule/bg-7.3/",
        "/rules/rule/BG-7.3%E2%80%8B/",  # a zero-width space
        "/rules/rule/BG-%D9%A7.3/",  # an Arabic-Indic seven
        "/rules/rule/R-BG-7%0A/",
        "/rules/rule/%00/",
        "/rules/rule/" + "BG-7" * 2000 + "/",
        "/rules/rule/..%2F..%2Fconfig%2Fsettings.py/",
        "/rules/..%2Fdocs%2Frules%2FREADME/",
        "/rules/rule/BG-7.3/extra/",
        "/rules/rule/%2E%2E/",
    ],
)
def test_an_unknown_game_or_rule_is_a_404_page(client: Any, url: str) -> None:
    response = client.get(url)
    assert response.status_code == 404
    assert "max-age" not in response.get("Cache-Control", "")


def test_an_unknown_rule_is_a_404_for_htmx_too(client: Any) -> None:
    assert client.get("/rules/rule/BG-99.9/", headers={"HX-Request": "true"}).status_code == 404


def test_the_rules_pages_only_answer_reads(client: Any) -> None:
    assert client.post(reverse("rule", args=["BG-7.3"])).status_code == 405


# The filter


def render(template: str, **context: Any) -> str:
    return Template("{% load rules %}" + template).render(Context(context))


def test_rule_link_renders_a_known_id_as_a_link_to_its_rule() -> None:
    assert render("{{ id|rule_link }}", id="BG-7.3") == (
        '<a class="rule" href="/rules/bridgette/#BG-7.3" hx-get="/rules/rule/BG-7.3/" hx-target="#rule-dialog-body"'
        ' hx-swap="innerHTML" aria-haspopup="dialog">BG-7.3</a>'
    )


@pytest.mark.parametrize(
    ("value", "text"),
    [
        ("match-file", "match-file"),
        ("BG-99.9", "BG-99.9"),
        ("<b>BG-7.3</b>", "&lt;b&gt;BG-7.3&lt;/b&gt;"),
        ("R-BG-7 ", "R-BG-7 "),
        (None, ""),
        (42, "42"),
    ],
)
def test_rule_link_renders_anything_else_as_escaped_text(value: object, text: str) -> None:
    assert render("{{ value|rule_link }}", value=value) == text


def test_rule_link_is_a_lookup_of_links_built_once() -> None:
    # The same object every time: no Markdown, no reverse() per call, however many IDs a page shows.
    assert rule_link("R-KJ-12") is rule_link("R-KJ-12")
    assert rule_link("R-KJ-12") is rulebook.book().links["R-KJ-12"]


@pytest.mark.parametrize(
    ("language", "rule_id", "title"),
    [
        ("hu", "BG-7.3", "Bukott felvétel"),  # docs/rules/hu/bridgette.md
        ("hi", "BG-7.3", "कॉन्ट्रैक्ट विफल"),  # docs/rules/hi/bridgette.md: the sentence mark । is not part of a title
        ("hu", "R-BG-7", "Bukások a táblázat végén túl"),
        ("en", "BG-7.3", "Contract failed"),
    ],
)
def test_a_rule_is_read_in_the_readers_language(language: str, rule_id: str, title: str) -> None:
    with translation.override(language):
        rule = rulebook.rule(rule_id)
    assert rule is not None
    assert (rule.title, rule.language) == (title, language)
    assert rule.url == "/rules/bridgette/#" + rule_id  # the same rule, the same place, in every language


def test_a_game_with_no_translation_is_read_in_english(tmp_path: Any, monkeypatch: Any) -> None:
    # Rules documents where Bridgette is translated into Hungarian and Klaberjass is not.
    for name in ("README", "bridgette", "klaberjass"):
        (tmp_path / f"{name}.md").write_text((rulebook.DOCS / f"{name}.md").read_text(encoding="utf-8"))
    (tmp_path / "hu").mkdir()
    (tmp_path / "hu" / "bridgette.md").write_text((rulebook.DOCS / "hu" / "bridgette.md").read_text(encoding="utf-8"))
    monkeypatch.setattr(rulebook, "DOCS", tmp_path)
    rulebook._sources.cache_clear()
    rulebook._book.cache_clear()
    try:
        with translation.override("hu"):
            bridgette, klaberjass, index = (
                rulebook.document("bridgette"),
                rulebook.document("klaberjass"),
                rulebook.book().index,
            )
            call_bridge = rulebook.document("call_bridge")
    finally:
        rulebook._sources.cache_clear()
        rulebook._book.cache_clear()
    assert bridgette is not None and bridgette.language == "hu"
    assert klaberjass is not None and klaberjass.language == "en"
    assert index.language == "en"
    assert call_bridge is None  # no document at all: no page


def test_a_language_the_app_does_not_speak_reads_english() -> None:
    with translation.override("de"):
        rule = rulebook.rule("BG-7.3")
    assert rule is not None and (rule.title, rule.language) == ("Contract failed", "en")


def test_the_rules_page_follows_the_readers_language_and_says_which_it_is_in(client: Any) -> None:
    html = client.get(reverse("rules_game", args=["call_bridge"]), headers={"accept-language": "pl"}).content.decode()
    assert '<div class="rules-document" lang="pl">' in html
    assert "<h2" in html and "Gracze i karty</h2>" in html  # docs/rules/pl/call_bridge.md's first section
    response = client.get(reverse("rules_game", args=["belote"]), headers={"accept-language": "de"})
    assert '<div class="rules-document" lang="en">' in response.content.decode()  # no German: English
    assert "Accept-Language" in response["Vary"] and "Cookie" in response["Vary"]


def test_the_books_kept_are_bounded_whatever_prefixes_requests_name() -> None:
    """Each URL prefix builds a book of its own (its links start with it); a process keeps at most BOOKS_KEPT."""
    rulebook._book.cache_clear()
    try:
        for index in range(rulebook.BOOKS_KEPT + 2):
            set_script_prefix(f"/mount-{index}/")
            assert rulebook.rule("BG-7.3").url.startswith(f"/mount-{index}/rules/")  # type: ignore[union-attr]
        assert rulebook._book.cache_info().currsize == rulebook.BOOKS_KEPT
    finally:
        set_script_prefix("/")
        rulebook._book.cache_clear()
