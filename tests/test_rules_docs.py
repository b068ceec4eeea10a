"""The rule documents in docs/rules/ against the code: every rule ID the code cites has exactly one text there,
and every house-rule flag is described under the ruling that defines it (docs/rules/README.md).

A rule or ruling is defined by a line that starts with its ID in bold, optionally after "- ":
``- **BG-7.3 Contract failed.** ...`` or ``**R-BG-7 Undertricks ...**``. Its text runs to the next such line or the
next heading. contract_bridge.md and belote.md are written separately: they are checked once they exist.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import cache
from pathlib import Path

import pytest

from scoring.core.games import GAMES

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs" / "rules"
CODE_DIRS = (ROOT / "scoring", ROOT / "referee")
OWN_DOCS = ("bridgette", "call_bridge", "draw_bridge", "klaberjass")
OTHER_DOCS = ("contract_bridge", "belote")

RULE_ID = r"(?:R-[A-Z]{2,4}-\d+|[A-Z]{2,4}-\d+\.\d+)"  # R-BG-7, BG-7.3
CITED = re.compile(rf"\b{RULE_ID}\b")
DEFINING = re.compile(rf"^(?:- )?\*\*({RULE_ID})\b")
HEADING = re.compile(r"^#{1,6}\s")


def sections(text: str) -> list[tuple[str, str]]:
    """Each rule defined in a document, in order: (its ID, its text up to the next rule or heading)."""
    found: list[tuple[str, list[str]]] = []
    current: list[str] | None = None
    for line in text.splitlines():
        defining = DEFINING.match(line)
        if defining:
            current = [line]
            found.append((defining.group(1), current))
        elif HEADING.match(line):
            current = None
        elif current is not None:
            current.append(line)
    return [(rule_id, "\n".join(lines)) for rule_id, lines in found]


@cache
def documents() -> dict[str, list[tuple[str, str]]]:
    """The rules of every document present in docs/rules/, by file stem."""
    return {path.stem: sections(path.read_text(encoding="utf-8")) for path in sorted(DOCS.glob("*.md"))}


@cache
def cited_ids() -> dict[str, list[str]]:
    """Every rule ID cited in the Python sources of scoring/ and referee/ (tests left out), with where it is cited."""
    cited: dict[str, list[str]] = {}
    for directory in CODE_DIRS:
        for path in sorted(directory.rglob("*.py")):
            relative = path.relative_to(ROOT)
            if "tests" in relative.parts or path.name.startswith("test_"):
                continue
            for rule_id in CITED.findall(path.read_text(encoding="utf-8")):
                cited.setdefault(rule_id, []).append(str(relative))
    return cited


def prefix_of(rule_id: str) -> str:
    return rule_id.removeprefix("R-").split("-")[0]


def definition_counts() -> Counter[str]:
    return Counter(rule_id for rules in documents().values() for rule_id, _ in rules)


def game_document(name: str) -> list[tuple[str, str]]:
    """A game's rules; a missing document fails for the four games here and skips for the ones written elsewhere."""
    if name not in documents():
        assert name not in OWN_DOCS, f"docs/rules/{name}.md is missing"
        pytest.skip(f"docs/rules/{name}.md is not written yet")
    return documents()[name]


def test_rules_docs_the_readme_and_the_four_game_documents_exist() -> None:
    assert {"README", *OWN_DOCS} <= set(documents())
    assert documents()["README"] == [], "the README defines no rule"


def test_rules_docs_the_code_cites_rule_ids() -> None:
    # Guards the regex: if it found nothing, every check below would pass vacuously.
    assert {prefix_of(rule_id) for rule_id in cited_ids()} >= {"BG", "CB", "DB", "KJ"}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_rules_docs_every_rule_id_the_code_cites_is_defined_exactly_once(name: str) -> None:
    prefix = GAMES[name].rule_prefix
    rules = game_document(name)
    counts = definition_counts()
    in_game_document = Counter(rule_id for rule_id, _ in rules)
    wrong = {
        rule_id: f"defined {counts[rule_id]}x, {in_game_document[rule_id]}x in {name}.md; cited in {sorted(set(where))}"
        for rule_id, where in sorted(cited_ids().items())
        if prefix_of(rule_id) == prefix and (counts[rule_id] != 1 or in_game_document[rule_id] != 1)
    }
    assert wrong == {}


def test_rules_docs_every_rule_id_the_code_cites_belongs_to_a_game() -> None:
    prefixes = {game.rule_prefix for game in GAMES.values()}
    counts = definition_counts()
    orphans = {
        rule_id: sorted(set(where))
        for rule_id, where in sorted(cited_ids().items())
        if prefix_of(rule_id) not in prefixes and counts[rule_id] != 1
    }
    assert orphans == {}


def test_rules_docs_no_rule_id_is_defined_twice() -> None:
    assert {rule_id: n for rule_id, n in definition_counts().items() if n > 1} == {}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_rules_docs_a_game_document_defines_only_its_own_rules(name: str) -> None:
    prefix = GAMES[name].rule_prefix
    foreign = [rule_id for rule_id, _ in game_document(name) if prefix_of(rule_id) != prefix]
    assert foreign == []


@pytest.mark.parametrize("name", sorted(GAMES))
def test_rules_docs_every_flag_is_described_under_its_ruling(name: str) -> None:
    texts = dict(game_document(name))
    missing = {
        flag_name: flag.rule
        for flag_name, flag in GAMES[name].flags.items()
        if flag.rule not in texts or f"`{flag_name}`" not in texts[flag.rule]
    }
    assert missing == {}, f"flags not named in their ruling's text in {name}.md"


@pytest.mark.parametrize("name", OWN_DOCS)
def test_rules_docs_a_game_document_has_rules_rulings_examples_and_sources(name: str) -> None:
    text = (DOCS / f"{name}.md").read_text(encoding="utf-8")
    headings = [line.removeprefix("## ") for line in text.splitlines() if line.startswith("## ")]
    assert {"Rulings", "Worked examples", "Sources"} <= set(headings)
    assert headings.index("Rulings") < headings.index("Worked examples") < headings.index("Sources")


HOW_TO = "how-to-score"  # each game's "How to score" for its page (scoring/rulebook.py): it cites rules, defines none
TRANSLATIONS = sorted(path for path in DOCS.glob("*/*.md") if path.parent.name != HOW_TO)
FLAG = re.compile(r"`([a-z]+(?:_[a-z0-9]+)+)`")


def test_there_are_translated_documents() -> None:
    # Issue 14: each game in the language of its seed (Bridgette in Hungarian and Hindi, Klaberjass in Hungarian,
    # Call Bridge and Draw Bridge in Polish).
    present = {(path.parent.name, path.stem) for path in TRANSLATIONS}
    wanted = {
        ("hu", "bridgette"),
        ("hi", "bridgette"),
        ("hu", "klaberjass"),
        ("pl", "call_bridge"),
        ("pl", "draw_bridge"),
    }
    assert wanted <= present


@pytest.mark.parametrize("path", TRANSLATIONS, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_a_translation_defines_the_same_rules_in_the_same_order(path: Path) -> None:
    english = DOCS / path.name
    assert english.is_file(), f"{path} translates no English document"
    ids = [rule_id for rule_id, _text in sections(path.read_text(encoding="utf-8"))]
    assert ids == [rule_id for rule_id, _text in sections(english.read_text(encoding="utf-8"))]


@pytest.mark.parametrize("path", TRANSLATIONS, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_a_translated_rule_cites_the_same_rules_and_flags(path: Path) -> None:
    english = dict(sections((DOCS / path.name).read_text(encoding="utf-8")))
    for rule_id, text in sections(path.read_text(encoding="utf-8")):
        assert sorted(set(CITED.findall(text))) == sorted(set(CITED.findall(english[rule_id]))), rule_id
        assert sorted(set(FLAG.findall(text))) == sorted(set(FLAG.findall(english[rule_id]))), rule_id


@pytest.mark.parametrize("language", ["", "hu", "pl", "hi"])
def test_every_game_has_a_how_to_score_that_cites_only_its_own_rules(language: str) -> None:
    folder = (DOCS / language if language else DOCS) / HOW_TO
    for name, game in GAMES.items():
        text = (folder / f"{name}.md").read_text(encoding="utf-8")
        assert not any(DEFINING.match(line) for line in text.splitlines()), name  # it defines no rule
        cited = set(CITED.findall(text))
        assert cited, name
        assert {prefix_of(rule_id) for rule_id in cited} == {game.rule_prefix}, name
        defined = {rule_id for rule_id, _text in documents()[name]}
        assert cited <= defined, (name, sorted(cited - defined))
        # The same rules in every language, as the rules themselves are.
        english = set(CITED.findall((DOCS / HOW_TO / f"{name}.md").read_text(encoding="utf-8")))
        assert cited == english, (name, sorted(cited ^ english))
