"""The referee core's words go through the translation hook (vocabulary/i18n.py), and nothing escapes it.

A fake translator wraps every text it is asked for in «»: a text a person sees that came out unwrapped was
built past the hook. Every game of REFEREES is walked through its setup and its fixtures (fixtures/<game>/:
hand.json and the violation fixtures, docs/style.md 15): violation messages, trick reasons, the next turn's
prompt, verdict notes, entry words, setup nouns and labels. Rule IDs stay as they are. With nothing
installed the core speaks today's English; card rank letters are worded with pgettext("rank letter").
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from referee.core.games import REFEREES
from referee.core.replay import replay_document
from referee.core.verdict import Verdict
from tests.fake_translator import english as english_only
from tests.fake_translator import install_wrapping, is_wrapped, wrapping
from vocabulary import i18n
from vocabulary.cards import card_name, card_names, parse_card

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def translator() -> Iterator[None]:
    with wrapping():
        yield


@pytest.fixture
def english() -> Iterator[None]:
    with english_only():
        yield


def hand_fixtures() -> list[Path]:
    """Each game's hand records: hand.json and the violation fixtures (not the sample deals, deals.json)."""
    return [
        path
        for name in REFEREES
        for path in sorted((ROOT / "fixtures" / name).glob("*.json"))
        if path.name != "deals.json"
    ]


def replayed(path: Path) -> Verdict:
    return replay_document(json.loads(path.read_text(encoding="utf-8")))[1]


def texts(verdict: Verdict) -> list[str]:
    """Every text of a verdict a person reads (the score's lines are the scoring core's, tested there)."""
    found = [violation.message for violation in verdict.violations]
    found += [str(trick.reason) for trick in verdict.tricks if trick.reason]
    found += list(verdict.notes)
    if verdict.next_turn is not None:
        found.append(verdict.next_turn.prompt)
    return found


@pytest.mark.parametrize("path", hand_fixtures(), ids=lambda path: f"{path.parent.name}/{path.name}")
def test_every_text_of_a_replay_goes_through_the_hook(translator: None, path: Path) -> None:
    verdict = replayed(path)
    found = texts(verdict)
    assert found
    assert [text for text in found if not is_wrapped(text)] == []


@pytest.mark.parametrize("name", REFEREES)
def test_a_tricks_reason_is_worded_in_the_language_of_the_moment_it_is_read(name: str) -> None:
    """A replay keeps each trick's reason as its msgid and values (verdict.Trick): the same verdict reads in
    English, then translated, then in English again, as the page that shows it switches language."""
    with english_only():
        verdict = replayed(ROOT / "fixtures" / name / "hand.json")
        english = [str(trick.reason) for trick in verdict.tricks if trick.reason]
    with wrapping():
        translated = [str(trick.reason) for trick in verdict.tricks if trick.reason]
    with english_only():
        again = [str(trick.reason) for trick in verdict.tricks if trick.reason]
    assert english and all("«" not in reason for reason in english)
    assert len(translated) == len(english) and all(is_wrapped(reason) for reason in translated)
    assert again == english


@pytest.mark.parametrize("path", hand_fixtures(), ids=lambda path: f"{path.parent.name}/{path.name}")
def test_rule_ids_stay_as_they_are(path: Path) -> None:
    before = i18n.installed()
    i18n.install()
    try:
        english = replayed(path)
        install_wrapping()
        translated = replayed(path)
    finally:
        i18n.install(*before)
    assert [violation.rule for violation in translated.violations] == [v.rule for v in english.violations]
    assert [violation.event for violation in translated.violations] == [v.event for v in english.violations]


@pytest.mark.parametrize("path", hand_fixtures(), ids=lambda path: f"{path.parent.name}/{path.name}")
def test_with_nothing_installed_the_core_speaks_english(english: None, path: Path) -> None:
    assert [text for text in texts(replayed(path)) if "«" in text] == []


@pytest.mark.parametrize("name", REFEREES)
def test_setup_words_are_worded_when_read(translator: None, name: str) -> None:
    setup = REFEREES[name].setup
    for field in setup.extras:
        assert is_wrapped(field.label), field.name
        assert is_wrapped(field.noun), field.name
    for turn in setup.turns:
        entry = setup.entry(turn.kind)
        assert entry is not None
        for word in (entry.verb, entry.label, entry.other):
            assert word == "" or is_wrapped(word), (turn.kind, word)
        for option in entry.options:
            assert is_wrapped(option.label), option.value
        if entry.aside is not None:
            assert is_wrapped(entry.aside.title)
            for form in entry.aside.forms(("Anna", "Ben")):
                assert is_wrapped(form.label)
                assert all(is_wrapped(text) for _kind, text in form.buttons)


@pytest.mark.parametrize("name", REFEREES)
def test_setup_words_are_english_msgids_until_read(english: None, name: str) -> None:
    """The setup keeps msgids, never words of a language active at import."""
    setup = REFEREES[name].setup
    for field in setup.extras:
        assert field.noun == field.noun_en
        assert field.label == field.label_en
    for turn in setup.turns:
        assert setup.entry(turn.kind) == turn


@pytest.mark.parametrize("name", REFEREES)
def test_setup_problems_go_through_the_hook(translator: None, name: str) -> None:
    referee = REFEREES[name]
    seats = len(json.loads((ROOT / "fixtures" / name / "hand.json").read_text(encoding="utf-8"))["players"])
    record = {"game": name, "players": ["Anna", "Ben", "Cleo", "Dan"][:seats], "hands": [["AS"]] + [[]] * (seats - 1)}
    problems = referee.setup_problems(record)
    assert problems
    assert all(is_wrapped(problem) for problem in problems), problems


def test_card_rank_letters_go_through_pgettext_rank_letter() -> None:
    asked: list[tuple[str, str]] = []

    def letters(context: str, message: str) -> str:
        asked.append((context, message))
        return {"Q": "D", "J": "B"}.get(message, message) if context == "rank letter" else message

    before = i18n.installed()
    i18n.install(pgettext=letters)
    try:
        assert card_names(map(parse_card, ("QS", "JH", "TD", "AC", "7C"))) == "D♠ B♥ 10♦ A♣ 7♣"
    finally:
        i18n.install(*before)
    assert ("rank letter", "Q") in asked
    assert {context for context, _message in asked} == {"rank letter"}


def test_card_names_are_the_english_labels_with_nothing_installed(english: None) -> None:
    for token in ("QS", "JH", "TD", "AC", "2C", "GC", "LC"):
        card = parse_card(token)
        assert card_name(card) == card.label
