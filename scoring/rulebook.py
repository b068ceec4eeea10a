"""The rules reference inside the app: each game's document in docs/rules/, split into its rules and rendered.

**Which document is whose.** A game in the registry has its rules in ``docs/rules/<registry name>.md``, and
their IDs carry its ``rule_prefix`` (``GAMES[name].rule_prefix``). Only registered games are read: a document
written ahead of its game module is not served, and its IDs are not linked, until the game is registered; no
game is named here (STYLE.md 15). ``docs/rules/README.md`` is the text of the index page.

**How a document is split** (docs/rules/README.md, "How the documents are laid out"; the same convention as
tests/test_rules_docs.py): a rule or ruling starts on a line that begins with its ID in bold, optionally after
"- " (``- **BG-7.3 Contract failed.** ...``, ``**R-BG-7 Undertricks past the end of the table.**``); its text runs
to the next such line or the next heading. The bold words after the ID are the rule's title. Text between a
heading and its first rule is the section's introduction.

**How it is rendered.** markdown-it-py, CommonMark with tables; raw HTML in the Markdown is escaped, never passed
through, and images are off. In the text, the ID of every known rule (other than the rule's own) becomes the same
link that the ``rule_link`` template filter renders, and a link to another document (``bridgette.md``,
``README.md``) points to its page; a link to a document with no page keeps only its words.

**Languages.** A document translated into a language lives in ``docs/rules/<language>/<name>.md`` with the same
rule IDs, in the same order (tests/test_rules_docs.py); the reader gets the document in the active language when
there is one and the English one otherwise, each marked with the language it is written in. A rule is the same
rule in every language: its ID, links and URL do not change, only its words.

**Caches.** The documents are part of the project and are read once per process (edit one, restart the
server). The HTML is built once per URL prefix, since its links depend on where the app is mounted: in practice
one build per process and language, on first use, and at most ``BOOKS_KEPT`` books are kept.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

from django.conf import settings
from django.urls import get_script_prefix, reverse
from django.utils.html import conditional_escape, escape, strip_tags
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import slugify
from django.utils.translation import get_language
from markdown_it import MarkdownIt
from markdown_it.rules_core import StateCore
from markdown_it.token import Token

from scoring.core.games import GAMES

DOCS = Path(settings.BASE_DIR) / "docs" / "rules"
INDEX_DOCUMENT = "README"
ENGLISH = "en"  # the language of docs/rules/*.md; a translation lives in docs/rules/<language>/

# BG-7.3 or R-BG-7: ASCII digits only, so that no other script's digits make an ID.
RULE_ID = r"(?:R-[A-Z]{2,4}-[0-9]+|[A-Z]{2,4}-[0-9]+\.[0-9]+)"
_WHOLE_ID = re.compile(RULE_ID)
_ID_IN_TEXT = re.compile(rf"(?<![\w-]){RULE_ID}(?![\w-]|\.[0-9])")
_DEFINING = re.compile(rf"^(?:- )?\*\*({RULE_ID})\b(?:(.*?)\*\*)?")
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)(?:\s+#+)?\s*$")
_DOCUMENT_LINK = re.compile(r"^([A-Za-z0-9_-]+)\.md(#.*)?$")

DIALOG_BODY = "#rule-dialog-body"  # in templates/base.html; static/js/rules.js opens its dialog


@dataclass(frozen=True, slots=True)
class Rule:
    """One rule or ruling: its ID, the bold words after it, the heading it sits under, its Markdown and HTML."""

    id: str
    game: str  # the registry name of the game whose document defines it
    language: str  # the language its words are in (its document's)
    title: str  # "" when the rule has none
    section: str  # the heading it sits under, as plain text
    markdown: str  # its text, the defining line first ("- " and the list indent taken off)
    html: SafeString  # the whole text, for the document page
    body_html: SafeString  # the text after the opening bold ID and title, for the rule's own page
    see_also: tuple[str, ...]  # the other known rules its text cites, in order of first mention
    url: str  # its anchor in the game's document page


@dataclass(frozen=True, slots=True)
class Section:
    heading: str  # plain text, for the table of contents
    heading_html: SafeString
    slug: str  # the heading's anchor in the page
    level: int  # 2 for "##"
    intro_html: SafeString  # the text before its first rule
    rules: tuple[Rule, ...]


@dataclass(frozen=True, slots=True)
class Document:
    name: str  # the game's registry name ("" for the index text)
    language: str  # the language it is written in: the reader's when translated, else "en"
    title: str  # the document's first heading
    intro_html: SafeString
    sections: tuple[Section, ...]
    url: str

    @property
    def rule_count(self) -> int:
        return sum(len(section.rules) for section in self.sections)


@dataclass(frozen=True, slots=True)
class Book:
    documents: dict[str, Document]  # by registry name, in registry order
    rules: dict[str, Rule]
    links: dict[str, SafeString]  # the rule_link HTML of every rule, by ID
    games_by_prefix: dict[str, str]
    index: Document  # the README, the index page's text
    markdown: MarkdownIt  # renders with this build's links


# Reading and splitting: plain text, no Django, no HTML.


@dataclass(frozen=True, slots=True)
class _RuleText:
    id: str
    title: str  # Markdown
    markdown: str
    body: str  # the text without its opening bold ID and title


@dataclass(frozen=True, slots=True)
class _SectionText:
    heading: str
    level: int
    intro: str
    rules: tuple[_RuleText, ...]


@dataclass(frozen=True, slots=True)
class _DocumentText:
    title: str
    intro: str
    sections: tuple[_SectionText, ...]


@cache
def _sources(language: str) -> dict[str, tuple[str, str]]:
    """The Markdown of the index text and of every registered game's document that exists, by name, each with the
    language it is written in: the ``language`` translation where there is one, else the English."""
    places = [(DOCS / language, language)] if language != ENGLISH else []
    places.append((DOCS, ENGLISH))
    sources: dict[str, tuple[str, str]] = {}
    for name in [INDEX_DOCUMENT, *GAMES]:
        found = next(
            ((folder / f"{name}.md", written_in) for folder, written_in in places if (folder / f"{name}.md").is_file()),
            None,
        )
        if found:
            sources[name] = (found[0].read_text(encoding="utf-8"), found[1])
    return sources


def _rule_text(lines: list[str]) -> _RuleText:
    first = lines[0]
    defining = _DEFINING.match(first)
    assert defining is not None
    title = (defining.group(2) or "").strip().removesuffix(".").removesuffix("।")  # Hindi ends a sentence with ।
    if first.startswith("- "):
        # A rule written as a list item: its continuation lines are indented by two spaces.
        lines = [first[2:], *(line[2:] if line.startswith("  ") else line for line in lines[1:])]
    markdown = "\n".join(lines).strip()
    opening = len(defining.group(0)) - (2 if first.startswith("- ") else 0)
    body = markdown[opening:].strip() if defining.group(2) is not None else markdown
    return _RuleText(defining.group(1), title, markdown, body)


def _parse_document(text: str) -> _DocumentText:
    """Split one document into its title, introduction and sections, and each section into its rules."""
    title = ""
    intro: list[str] = []
    sections: list[_SectionText] = []
    heading: tuple[int, str] | None = None
    section_intro: list[str] = []
    rules: list[list[str]] = []

    def close_section() -> None:
        if heading is not None:
            texts = tuple(_rule_text(rule) for rule in rules)
            sections.append(_SectionText(heading[1], heading[0], "\n".join(section_intro).strip(), texts))

    for line in text.splitlines():
        found = _HEADING.match(line)
        if found and len(found.group(1)) == 1 and not title and heading is None:
            title = found.group(2)
        elif found:
            close_section()
            heading, section_intro, rules = (len(found.group(1)), found.group(2)), [], []
        elif _DEFINING.match(line) and heading is not None:
            rules.append([line])
        elif rules:
            rules[-1].append(line)
        else:
            (section_intro if heading is not None else intro).append(line)
    close_section()
    return _DocumentText(title, "\n".join(intro).strip(), tuple(sections))


def prefix_of(rule_id: str) -> str:
    """The game prefix of a rule ID: "BG" for BG-7.3 and for R-BG-7."""
    return rule_id.removeprefix("R-").split("-")[0]


# Rendering: Markdown to HTML, with the app's links.


def link_attributes(rule_id: str, page_url: str, fragment_url: str) -> dict[str, str]:
    """The attributes of a rule link: the document's anchor without JavaScript, the rule dialog with htmx."""
    return {
        "class": "rule",
        "href": f"{page_url}#{rule_id}",
        "hx-get": fragment_url,
        "hx-target": DIALOG_BODY,
        "hx-swap": "innerHTML",
        "aria-haspopup": "dialog",
    }


def _link_html(rule_id: str, attributes: Mapping[str, str]) -> SafeString:
    pairs = " ".join(f'{name}="{escape(value)}"' for name, value in attributes.items())
    return mark_safe(f"<a {pairs}>{escape(rule_id)}</a>")  # every part is escaped above


def _inline_tokens(state: StateCore) -> Iterator[Token]:
    for block in state.tokens:
        if block.type == "inline" and block.children:
            yield block


def _document_links_rule(document_urls: Mapping[str, str]) -> Callable[[StateCore], None]:
    """Point ``other.md#anchor`` links to the app's page for that document; unlink the ones with no page."""

    def point_document_links(state: StateCore) -> None:
        for block in _inline_tokens(state):
            kept: list[Token] = []
            dropped: list[bool] = []  # one entry per open link: was its opening dropped?
            for token in block.children or ():
                if token.type == "link_open":
                    target = _DOCUMENT_LINK.match(str(token.attrGet("href") or ""))
                    if target and target.group(1) not in document_urls:
                        dropped.append(True)
                        continue
                    if target:
                        token.attrSet("href", document_urls[target.group(1)] + (target.group(2) or ""))
                    dropped.append(False)
                elif token.type == "link_close" and dropped and dropped.pop():
                    continue
                kept.append(token)
            block.children = kept

    return point_document_links


def _rule_ids_rule(attributes: Mapping[str, Mapping[str, str]]) -> Callable[[StateCore], None]:
    """Turn each known rule ID in the text into a rule link (not the rule's own ID, not inside another link)."""

    def link_rule_ids(state: StateCore) -> None:
        own = state.env.get("own_id")
        for block in _inline_tokens(state):
            children: list[Token] = []
            inside_link = 0
            for token in block.children or ():
                inside_link += {"link_open": 1, "link_close": -1}.get(token.type, 0)
                if token.type == "text" and not inside_link:
                    children.extend(_split_text(token, attributes, own))
                else:
                    children.append(token)
            block.children = children

    return link_rule_ids


def _split_text(token: Token, attributes: Mapping[str, Mapping[str, str]], own: str | None) -> list[Token]:
    pieces: list[Token] = []
    start = 0
    for found in _ID_IN_TEXT.finditer(token.content):
        rule_id = found.group(0)
        if rule_id == own or rule_id not in attributes:
            continue
        if found.start() > start:
            pieces.append(Token("text", "", 0, content=token.content[start : found.start()]))
        pieces.append(Token("link_open", "a", 1, attrs=dict(attributes[rule_id])))
        pieces.append(Token("text", "", 0, content=rule_id))
        pieces.append(Token("link_close", "a", -1))
        start = found.end()
    if not pieces:
        return [token]
    if start < len(token.content):
        pieces.append(Token("text", "", 0, content=token.content[start:]))
    return pieces


def _markdown(
    document_urls: Mapping[str, str] | None = None, attributes: Mapping[str, Mapping[str, str]] | None = None
) -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False}).enable("table").disable("image")
    # A table wider than a phone scrolls inside its own box, which the keyboard can reach (tabindex).
    md.add_render_rule("table_open", lambda *_: '<div class="table-scroll" tabindex="0"><table>\n')
    md.add_render_rule("table_close", lambda *_: "</table>\n</div>\n")
    md.core.ruler.push("point_document_links", _document_links_rule(document_urls or {}))
    md.core.ruler.push("link_rule_ids", _rule_ids_rule(attributes or {}))
    return md


def render_markdown(text: str) -> SafeString:
    """Markdown to HTML as the rule pages render it: raw HTML escaped, known rule IDs linked."""
    return mark_safe(book().markdown.render(text))  # markdown-it escapes raw HTML


@cache
def _plain_markdown() -> MarkdownIt:
    return _markdown()


def _plain(inline_markdown: str) -> str:
    """A heading as plain text (for the table of contents and a rule's section)."""
    return html.unescape(strip_tags(_plain_markdown().renderInline(inline_markdown))).strip()


# Books kept per process: one per language under each of two URL prefixes. A prefix is the deployment's
# (config/gunicorn.py takes none from a request), so this is room to spare; without a bound, every new prefix a
# request could name would build and keep another book (about a megabyte, 0.2-0.35 s of CPU).
BOOKS_KEPT = 2 * len(settings.LANGUAGES)


@lru_cache(maxsize=BOOKS_KEPT)
def _book(script_prefix: str, language: str) -> Book:
    """Every registered game's rules in ``language`` where translated, rendered with the URLs under
    ``script_prefix``."""
    sources = _sources(language)
    texts = {name: _parse_document(source) for name, (source, _written_in) in sources.items()}
    game_texts = {name: texts[name] for name in GAMES if name in texts}
    page_urls = {name: reverse("rules_game", args=[name]) for name in game_texts}
    index_url = reverse("rules_index")
    attributes: dict[str, dict[str, str]] = {}
    owners: dict[str, str] = {}
    for name, text in game_texts.items():
        for section in text.sections:
            for rule_text in section.rules:
                if rule_text.id not in owners:  # each ID is defined once (tests/test_rules_docs.py)
                    owners[rule_text.id] = name
                    fragment_url = reverse("rule", args=[rule_text.id])
                    attributes[rule_text.id] = link_attributes(rule_text.id, page_urls[name], fragment_url)
    md = _markdown({INDEX_DOCUMENT: index_url, **page_urls}, attributes)
    rules: dict[str, Rule] = {}

    def render(text: str, own_id: str | None = None) -> SafeString:
        return mark_safe(md.render(text, {"own_id": own_id}) if text else "")  # markdown-it escapes raw HTML

    def document(name: str, text: _DocumentText, url: str, written_in: str) -> Document:
        sections: list[Section] = []
        slugs: set[str] = set()
        for section in text.sections:
            heading = _plain(section.heading)
            slug = base = slugify(heading) or "section"
            repeat = 1
            while slug in slugs:  # two headings with the same words: the second gets -2
                repeat += 1
                slug = f"{base}-{repeat}"
            slugs.add(slug)
            section_rules: list[Rule] = []
            for rule_text in section.rules:
                if owners.get(rule_text.id) != name:
                    continue
                cited = dict.fromkeys(_ID_IN_TEXT.findall(rule_text.markdown))
                see_also = tuple(rule_id for rule_id in cited if rule_id in attributes and rule_id != rule_text.id)
                rule = Rule(
                    id=rule_text.id,
                    game=name,
                    language=written_in,
                    title=_plain(rule_text.title),
                    section=heading,
                    markdown=rule_text.markdown,
                    html=render(rule_text.markdown, rule_text.id),
                    body_html=render(rule_text.body, rule_text.id),
                    see_also=see_also,
                    url=attributes[rule_text.id]["href"],
                )
                rules[rule.id] = rule
                section_rules.append(rule)
            heading_html = mark_safe(md.renderInline(section.heading, {}))  # markdown-it escapes raw HTML
            intro = render(section.intro)
            sections.append(Section(heading, heading_html, slug, section.level, intro, tuple(section_rules)))
        return Document(name, written_in, _plain(text.title), render(text.intro), tuple(sections), url)

    documents = {name: document(name, text, page_urls[name], sources[name][1]) for name, text in game_texts.items()}
    index_text = texts.get(INDEX_DOCUMENT, _DocumentText("", "", ()))
    return Book(
        documents=documents,
        rules=rules,
        links={rule_id: _link_html(rule_id, attrs) for rule_id, attrs in attributes.items()},
        games_by_prefix={GAMES[name].rule_prefix: name for name in documents},
        index=document("", index_text, index_url, sources.get(INDEX_DOCUMENT, ("", ENGLISH))[1]),
        markdown=md,
    )


def reading_language() -> str:
    """The active language if the app speaks it (settings.LANGUAGES), else English."""
    language = get_language() or ENGLISH
    return language if language in _languages() else ENGLISH


@cache
def _languages() -> frozenset[str]:
    return frozenset(code for code, _name in settings.LANGUAGES)


def book() -> Book:
    """The rulebook for the current request's URL prefix and language, built on first use."""
    return _book(get_script_prefix(), reading_language())


# The questions the rest of the app asks.


def rule(rule_id: str) -> Rule | None:
    """The rule or ruling with this ID, if a registered game's document defines it."""
    return book().rules.get(rule_id) if isinstance(rule_id, str) else None


def game_of(rule_id: str) -> str | None:
    """The registered game whose prefix a well-formed rule ID carries (BG-7.3 and R-BG-7 are Bridgette's), else
    None. It answers by the prefix alone: whether the game's document defines that rule is ``rule()``'s question."""
    if not isinstance(rule_id, str) or not _WHOLE_ID.fullmatch(rule_id):
        return None
    return book().games_by_prefix.get(prefix_of(rule_id))


def document(game: str) -> Document | None:
    """A registered game's whole document."""
    return book().documents.get(game) if isinstance(game, str) else None


def link_html(rule_id: object) -> SafeString | None:
    """The rule link of a known rule ID (a dict lookup: see scoring/templatetags/rules.py), else None."""
    return book().links.get(rule_id) if isinstance(rule_id, str) else None


def cite_rules_in(escaped: str) -> str:
    """``escaped`` (HTML-escaped text) with each rule ID it cites in a ``rule`` span, set as citations are and
    never broken at its hyphen: for a text that is itself a control (a score sheet row's summary, which opens
    its breakdown), where a link inside would take the tap meant for it."""
    return _ID_IN_TEXT.sub(lambda found: f'<span class="rule">{found.group(0)}</span>', escaped)


def link_rules_in(text: object) -> SafeString:
    """``text`` escaped, each known rule ID in it a rule link ("… must add up to 13 (CB-5.4)." with CB-5.4 linked)."""
    escaped = str(conditional_escape(text))  # an ID is letters, digits, dots and hyphens: escaping leaves it whole
    links = book().links
    return SafeString(_ID_IN_TEXT.sub(lambda found: links.get(found.group(0), found.group(0)), escaped))
