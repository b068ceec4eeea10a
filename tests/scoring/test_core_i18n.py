"""The scoring core's words go through its translation hook (vocabulary/i18n.py), and nothing escapes it.

A fake translator wraps every text it is asked for in «»: any text a person sees that came out unwrapped
(or wrapped only in part) was built past the hook. Every game in GAMES is walked through the registry
and its sample deals (fixtures/<game>/deals.json, docs/style.md 15): breakdown lines, entry errors, the
match's end, flags, the entry form's labels, the game's own words. Rule IDs stay as they are inside the
translated texts. With nothing installed the core speaks today's English, worked here from the rules.
"""

from __future__ import annotations

import ast
import json
import re
import threading
from collections.abc import Iterator
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command
from django.utils import translation

from scoring.core.base import EntryError, FieldKind, Game, row_words
from scoring.core.games import GAMES
from scoring.core.match import MatchFile, evaluate, parse_match
from scoring.core.steps import first_text, first_words, read_first
from tests.fake_translator import english as english_only
from tests.fake_translator import install_wrapping, is_wrapped, wrapped, wrapping
from vocabulary import i18n
from vocabulary.words import Doubling, Strain, Suit

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = ("Anna", "Ben", "Cleo", "Dan")
RULE_ID = re.compile(r"\b(?:R-)?[A-Z]{2}-\d+(?:\.\d+)?\b")


@pytest.fixture
def translator() -> Iterator[None]:
    """The fake translator, for one test; whatever was installed before (Django's) comes back after."""
    with wrapping(in_context=False):
        yield


@pytest.fixture
def english() -> Iterator[None]:
    """Nothing installed, as the core is used on its own (a benchmark, the referee's tests)."""
    with english_only():
        yield


def samples(name: str) -> list[dict[str, Any]]:
    return json.loads((ROOT / "fixtures" / name / "deals.json").read_text(encoding="utf-8"))


def players(game: Game) -> tuple[str, ...]:
    return PLAYERS[: game.seats]


def scored(name: str) -> Iterator[tuple[Game, Any, Any]]:
    """Each sample deal of the game, parsed and scored on its own under its house rules."""
    game = GAMES[name]
    for sample in samples(name):
        flags = frozenset(sample.get("flags", ()))
        deal = game.parse_deal(sample["entry"], flags)
        yield game, deal, game.score_deal(deal, 0, flags, 0)


def ended_match(name: str) -> tuple[MatchFile, Any]:
    """A match of the game's house-rule-free sample deals in turn, under the lowest target it takes,
    cut at the deal that ends it: the match and its result."""
    game = GAMES[name]
    deals = [sample["entry"] for sample in samples(name) if not sample.get("flags")]
    for target in (1, None):
        doc = {"game": name, "players": list(players(game)), "first_dealer": 0, "target": target, "deals": []}
        try:
            match = parse_match(doc)
        except EntryError:
            continue
        for count in range(1, 120):
            entries = tuple(deals[index % len(deals)] for index in range(count))
            cut = MatchFile(match.game, match.players, 0, match.target, match.flags, entries)
            result = evaluate(cut)
            if result.finished:
                return cut, result
    raise AssertionError(f"{name}: no match of its sample deals ends")


@pytest.mark.parametrize("name", list(GAMES))
def test_every_breakdown_line_and_description_goes_through_the_hook(name: str, translator: None) -> None:
    words = row_words(GAMES[name])
    for (game, deal, score), sample in zip(scored(name), samples(name), strict=True):
        assert is_wrapped(game.describe(deal, players(game)))
        # A score sheet's row: the game's own describe_result where it has one, else describe.
        row = words(deal, score, players(game), frozenset(sample.get("flags", ())))
        assert is_wrapped(row), row
        for line in score.lines:
            assert is_wrapped(line.text), (name, line.rule, line.text)
            assert RULE_ID.fullmatch(line.rule), line.rule  # the rule stays an ID, never translated


@pytest.mark.parametrize("name", list(GAMES))
def test_the_match_end_reason_and_stages_go_through_the_hook(name: str, translator: None) -> None:
    match, result = ended_match(name)
    assert is_wrapped(result.outcome.reason), result.outcome.reason
    assert RULE_ID.fullmatch(result.outcome.rule)
    before_end = evaluate(MatchFile(match.game, match.players, 0, match.target, match.flags, match.deals[:-1]))
    assert is_wrapped(before_end.stage), before_end.stage
    # A deal past the end is refused, in words that carry the end's own reason.
    past = MatchFile(match.game, match.players, 0, match.target, match.flags, (*match.deals, match.deals[0]))
    with pytest.raises(EntryError) as refused:
        evaluate(past)
    assert is_wrapped(refused.value.message)
    assert result.outcome.reason in refused.value.message


@pytest.mark.parametrize("name", list(GAMES))
def test_entry_errors_go_through_the_hook_naming_field_and_rule(name: str, translator: None) -> None:
    game = GAMES[name]
    spec = game.entry_spec(frozenset())
    with pytest.raises(EntryError) as unknown:
        game.parse_deal({"no_such_field": 1}, frozenset())
    assert is_wrapped(unknown.value.message)
    assert "no_such_field" in unknown.value.message  # the field's name stays as the match file spells it
    # A played deal with its first required field out of range: a rule error naming that field's rule.
    entry = next(
        sample["entry"] for sample in samples(name) if not sample.get("flags") and spec.no_play not in sample["entry"]
    )
    field = next(field for field in spec.fields if field.name in entry and field.kind is not FieldKind.SWITCH)
    broken = {**entry, field.name: 99 if not field.per_seat else [99] * len(entry[field.name])}
    with pytest.raises(EntryError) as refused:
        game.parse_deal(broken, frozenset())
    assert is_wrapped(refused.value.message)
    assert RULE_ID.fullmatch(refused.value.rule) or refused.value.rule == "match-file"
    assert str(refused.value).startswith("«")  # "field: message (rule)" is worded too


@pytest.mark.parametrize("name", list(GAMES))
def test_flags_game_words_and_entry_labels_go_through_the_hook(name: str, translator: None) -> None:
    game = GAMES[name]
    for flag in game.flags.values():
        assert flag.text == wrapped(flag.text_en)
    for text in (game.title, game.summary, game.seating, game.target_text, *game.side_labels):
        assert is_wrapped(text)
    for text in game.roles(0, players(game), frozenset()):
        assert is_wrapped(text)
    every_flag = frozenset(game.flags)
    specs = [game.entry_spec(frozenset())]
    try:
        game.check_flags(every_flag)
        specs.append(game.entry_spec(every_flag))
    except EntryError:
        specs.extend(game.entry_spec(frozenset({flag})) for flag in every_flag)
    for spec in specs:
        for field in spec.fields:
            assert field.label == wrapped(field.label_en)
            for (value, label), (_same, english) in zip(field.choices, field.choices_en, strict=True):
                assert label == (english if english == str(value) else wrapped(english))  # a number stays a number
            if field.none_label_en:
                assert field.none_label == wrapped(field.none_label_en)
        if spec.first:
            assert spec.first_title == wrapped(spec.first_title_en)


def test_cb_4_1_the_first_step_in_words_goes_through_the_hook(translator: None) -> None:
    game = GAMES["call_bridge"]
    spec = game.entry_spec(frozenset())
    entry = read_first(spec, {"calls": [3, 4, 2, 5]}, 4)
    assert first_text(spec, entry, PLAYERS) == "««Calls»: «Anna 3», «Ben 4», «Cleo 2», «Dan 5»»"
    assert first_words(spec, entry, PLAYERS)[0] == ["««call» 3»"]
    with pytest.raises(EntryError) as refused:
        read_first(spec, {"calls": [3, 4, 2, 1]}, 4)
    assert refused.value.message == "«calls[3] must be from 2 to 12, not 1»"
    assert refused.value.rule == "CB-4.2"


def game_texts(game: Game) -> list[str]:
    """The game's sentences that cite rules: its target and seating words, its roles, its flags."""
    texts = [game.target_text, game.seating, *game.roles(1, players(game), frozenset())]
    return texts + [flag.text for flag in game.flags.values()]


def test_rule_ids_stay_unchanged_inside_translated_texts() -> None:
    before = i18n.installed()
    try:
        i18n.install()
        english = {name: game_texts(game) for name, game in GAMES.items()}
        install_wrapping(in_context=False)
        translated = {name: game_texts(game) for name, game in GAMES.items()}
    finally:
        i18n.install(*before)
    for name in GAMES:
        cited = 0
        for source, text in zip(english[name], translated[name], strict=True):
            assert is_wrapped(text)
            assert text.replace("«", "").replace("»", "") == source  # the compass point is a word of its own
            assert RULE_ID.findall(text) == RULE_ID.findall(source)
            cited += len(RULE_ID.findall(text))
        assert cited >= 3, name  # the walk met rule IDs: each game's roles and target words cite some


def test_bridgette_words_its_roles_and_target_whole(translator: None) -> None:
    """The hook gets the whole sentence; the rule IDs in it come out as the msgid has them."""
    bridgette = GAMES["bridgette"]
    assert bridgette.target_text == "«No target: the match is six deals (BG-1.3).»"
    assert bridgette.roles(0, ("Anna", "Ben"), frozenset()) == (
        "«Anna deals and calls first (BG-5.3).»",
        "«Ben exchanges first (BG-4.1); the declarer's opponent leads (BG-6.1).»",
    )


def test_words_of_suits_strains_and_doublings_go_through_the_hook(translator: None) -> None:
    assert [suit.plural for suit in Suit] == ["«spades»", "«hearts»", "«diamonds»", "«clubs»"]
    assert Suit.SPADES.singular == "«spade»"
    assert Strain.NO_TRUMP.plural == "«no trump»"
    assert [doubling.word for doubling in Doubling] == ["«undoubled»", "«doubled»", "«redoubled»"]
    assert Strain.NO_TRUMP.symbol == "NT"  # docs/rules/README.md's notation is the same in every language


def score_lines(name: str, entry: dict[str, Any], flags: frozenset[str] = frozenset()) -> list[str]:
    game = GAMES[name]
    return [line.text for line in game.score_deal(game.parse_deal(entry, flags), 0, flags, 0).lines]


def test_default_is_todays_english(english: None) -> None:
    # BG-7.3: 2NT doubled, down 2 (6 tricks of the 8 needed): the doubled row's 500 to the opponent.
    assert score_lines("bridgette", {"declarer": 0, "level": 2, "strain": "NT", "doubled": 1, "tricks": 6}) == [
        "2NTX down 2, doubled"
    ]
    # DB-6.1: 4♠ made with 10 tricks, 4 × 30 = 120; R-DB-6 under duplicate scoring adds the game bonus (300).
    assert score_lines("draw_bridge", {"declarer": 1, "level": 4, "strain": "S", "doubled": 0, "tricks": 10}) == [
        "4♠ made, 10 tricks: 4 × 30"
    ]
    assert score_lines(
        "draw_bridge",
        {"declarer": 1, "level": 4, "strain": "S", "doubled": 0, "tricks": 10},
        frozenset({"db_contract_bridge_scoring"}),
    ) == ["4♠ made: tricks bid 4 × 30", "game bonus"]
    # R-CB-2, R-CB-4: a call of 3 made with 4 tricks; a call of 5 failed with 1 trick.
    calls = score_lines("call_bridge", {"calls": [3, 4, 2, 5], "tricks": [4, 4, 4, 1]})
    assert calls == [
        "call 3 made with 4 tricks",
        "call 4 made with 4 tricks",
        "call 2 made with 4 tricks",
        "call 5 failed with 1 trick",
    ]
    assert GAMES["bridgette"].title == "Bridgette"
    assert GAMES["contract_bridge"].side_labels == ("N-S", "E-W")
    assert GAMES["belote"].flags["bl_capot_252"].text == "A capot is worth 252 instead of 250."
    with pytest.raises(EntryError) as refused:
        GAMES["bridgette"].parse_deal({"declarer": 0, "level": 2, "strain": "NT", "tricks": 14}, frozenset())
    assert str(refused.value) == "tricks: tricks must be from 0 to 13, not 14 (BG-7.5)"


@pytest.mark.parametrize(
    ("name", "entry", "flags"),
    [
        ("draw_bridge", {"declarer": 0, "level": 3, "strain": "NT", "doubled": 1, "tricks": 10}, frozenset()),
        (
            "draw_bridge",
            {"declarer": 0, "level": 3, "strain": "NT", "doubled": 1, "tricks": 10},
            {"db_contract_bridge_scoring"},
        ),
        ("call_bridge", {"calls": [3, 4, 2, 5], "tricks": [4, 4, 4, 1]}, frozenset()),
        ("klaberjass", {"maker": 0, "trump": "H", "card_points": [80, 40], "last_trick": 0, "bella": 0}, frozenset()),
        (
            "belote",
            {"taker": 0, "trump": "S", "taker_card_points": 90, "last_trick": "takers", "capot": "none", "belote": 2},
            frozenset(),
        ),
        (
            "contract_bridge",
            {"declarer": 0, "level": 6, "strain": "S", "doubled": 1, "tricks": 13, "honours": "NS100"},
            frozenset(),
        ),
    ],
)
def test_a_cached_line_is_never_served_in_the_language_it_was_first_made_in(
    name: str, entry: dict[str, Any], flags: frozenset[str]
) -> None:
    """Draw Bridge, Belote and Contract Bridge cache scores and lines, Call Bridge and Klaberjass build them
    in advance: each is worded when shown, in the language active then."""
    before = i18n.installed()
    try:
        i18n.install()
        english = score_lines(name, entry, frozenset(flags))
        install_wrapping(in_context=False)
        translated = score_lines(name, entry, frozenset(flags))
        i18n.install()
        again = score_lines(name, entry, frozenset(flags))
    finally:
        i18n.install(*before)
    assert all(is_wrapped(text) for text in translated), translated
    # The same words, wrapped (a side's label inside a line, "N-S", is a word of its own).
    assert [text.replace("«", "").replace("»", "") for text in translated] == english
    assert again == english


def test_the_hook_module_imports_no_django() -> None:
    path = ROOT / "vocabulary" / "i18n.py"
    imported = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            imported += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            imported.append(node.module or "")
    assert imported
    standard = {"__future__", "collections", "contextlib", "contextvars", "decimal", "typing"}
    assert {name.split(".")[0] for name in imported} <= standard, imported


def test_the_app_installs_djangos_translations() -> None:
    gettext, ngettext, language, pgettext = i18n.installed()
    assert gettext is translation.gettext
    assert ngettext is translation.ngettext
    assert pgettext is translation.pgettext
    with translation.override("pl"):
        assert language() == "pl"
        assert i18n.current_language() == "pl"


# `manage.py score --lang`


def match_file(tmp_path: Path) -> str:
    path = tmp_path / "match.json"
    deal = {"declarer": 0, "level": 2, "strain": "NT", "doubled": 1, "tricks": 6}
    path.write_text(json.dumps({"game": "bridgette", "players": ["Anna", "Ben"], "first_dealer": 0, "deals": [deal]}))
    return str(path)


@pytest.fixture
def tagging() -> Iterator[None]:
    """A translator that tags each core text with the language active when it was worded."""
    before = i18n.installed()

    def tag(message: str) -> str:
        return f"[{translation.get_language()}]{message}"

    i18n.install(tag, lambda singular, plural, n: tag(singular if n == 1 else plural), translation.get_language)
    yield
    i18n.install(*before)


def test_score_lang_words_the_sheet_in_that_language(tmp_path: Path, tagging: None) -> None:
    out = StringIO()
    call_command("score", match_file(tmp_path), "--json", "--lang", "hu", stdout=out)
    lines = json.loads(out.getvalue())["deals"][0]["lines"]
    assert [line["text"] for line in lines] == ["[hu]2NTX down 2, doubled"]  # BG-7.3
    assert [line["rule"] for line in lines] == ["BG-7.3"]
    assert translation.get_language() != "hu"  # the language is the command's only


def test_score_lang_defaults_to_language_code(tmp_path: Path, tagging: None, settings: Any) -> None:
    settings.LANGUAGE_CODE = "pl"
    out = StringIO()
    call_command("score", match_file(tmp_path), "--json", stdout=out)
    assert json.loads(out.getvalue())["deals"][0]["lines"][0]["text"] == "[pl]2NTX down 2, doubled"


def test_score_lang_words_its_errors_in_that_language(tmp_path: Path, tagging: None) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"game": "bridgette", "players": ["Anna"], "first_dealer": 0}))
    err = StringIO()
    with pytest.raises(SystemExit) as exit_status:
        call_command("score", str(path), "--lang", "hi", stderr=err)
    assert exit_status.value.code == 2
    # The located error, its frame and message each worded in Hindi (the game's title too): BG-1.1.
    assert "[hi]players: [hi][hi]Bridgette has 2 players, not 1 (BG-1.1)" in err.getvalue()


@pytest.mark.parametrize("code", ["xx", "klingon", ""])
def test_score_refuses_a_language_it_does_not_speak(tmp_path: Path, code: str) -> None:
    with pytest.raises(CommandError, match="is not a language Trickbook speaks: choose one of en, hu, pl, hi"):
        call_command("score", match_file(tmp_path), "--lang", code, stdout=StringIO())


def test_score_reads_a_regional_variant_as_its_language(tmp_path: Path, tagging: None) -> None:
    out = StringIO()
    call_command("score", match_file(tmp_path), "--json", "--lang", "hu-HU", stdout=out)
    assert json.loads(out.getvalue())["deals"][0]["lines"][0]["text"].startswith("[hu]")


class Counting:
    """A translator that counts its look-ups, and words each text by the language it is set to now."""

    def __init__(self) -> None:
        self.calls = 0
        self.language = "xx"

    def gettext(self, message: str) -> str:
        self.calls += 1
        return f"{self.language}:{message}"

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        self.calls += 1
        return f"{self.language}:{singular if n == 1 else plural}"

    def pgettext(self, context: str, message: str) -> str:
        self.calls += 1
        return f"{self.language}:{context}:{message}"


@pytest.fixture
def counting() -> Iterator[Counting]:
    before = i18n.installed()
    counter = Counting()
    i18n.install(counter.gettext, counter.ngettext, lambda: counter.language, counter.pgettext)
    try:
        yield counter
    finally:
        i18n.install(*before)


def test_one_language_looks_each_text_up_once_and_words_it_as_outside(counting: Counting) -> None:
    outside = [i18n._("Deal"), i18n.ngettext("trick", "tricks", 1), i18n.ngettext("trick", "tricks", 3)]
    outside.append(i18n.pgettext("rank letter", "Q"))
    counting.calls = 0
    with i18n.one_language():
        for _ in range(3):
            inside = [i18n._("Deal"), i18n.ngettext("trick", "tricks", 1), i18n.ngettext("trick", "tricks", 3)]
            inside.append(i18n.pgettext("rank letter", "Q"))
            assert inside == outside == ["xx:Deal", "xx:trick", "xx:tricks", "xx:rank letter:Q"]
    assert counting.calls == 4  # once each, not three times
    # A msgid that reads like another kind's key is still its own text.
    with i18n.one_language():
        assert i18n.pgettext("Deal", "x") == "xx:Deal:x" and i18n._("Deal") == "xx:Deal"


def test_one_language_drops_its_words_when_the_block_ends(counting: Counting) -> None:
    with i18n.one_language():
        assert i18n._("Deal") == "xx:Deal"
        with i18n.one_language():  # a block inside another shares its words
            assert i18n._("Deal") == "xx:Deal"
        assert counting.calls == 1
    counting.language = "yy"
    assert i18n._("Deal") == "yy:Deal"
    with i18n.one_language():
        assert i18n._("Deal") == "yy:Deal"


def test_one_language_holds_its_words_for_its_own_thread_only(counting: Counting) -> None:
    seen = []
    with i18n.one_language():
        i18n._("Deal")
        counting.language = "yy"  # another thread's language, say, or a later request's
        worker = threading.Thread(target=lambda: seen.append(i18n._("Deal")))
        worker.start()
        worker.join()
    assert seen == ["yy:Deal"]
