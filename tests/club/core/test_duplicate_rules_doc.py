"""docs/rules/duplicate.md against the code: every rule ID the duplicate core cites is defined there exactly once, no
other document defines a DP rule, every house-rule flag is named in its ruling's text, and the document's worked
examples come out of the core as worked by hand there."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from pathlib import Path

from club.core.duplicate.boards import Adjusted, Artificial, ns_score, read_result
from club.core.duplicate.imps import BUTLER_ALL_SCORES, butler, cross_imps, datum
from club.core.duplicate.matchpoints import ACBL_MATCHPOINTS, matchpoints
from club.core.duplicate.movements import SKIP_MITCHELL
from tests.test_rules_docs import CITED, DOCS, ROOT, definition_counts, sections

CORE = ROOT / "club" / "core" / "duplicate"
DOCUMENT = DOCS / "duplicate.md"


def defined(path: Path) -> dict[str, str]:
    return dict(sections(path.read_text(encoding="utf-8")))


def is_duplicate(rule: str) -> bool:
    return rule.removeprefix("R-").startswith("DP-")


def test_every_rule_id_the_duplicate_core_cites_is_defined_once() -> None:
    cited = {rule for path in sorted(CORE.glob("*.py")) for rule in CITED.findall(path.read_text(encoding="utf-8"))}
    ours = {rule for rule in cited if is_duplicate(rule)}
    counts = Counter(rule for rule, _text in sections(DOCUMENT.read_text(encoding="utf-8")))
    assert {rule: counts[rule] for rule in sorted(ours) if counts[rule] != 1} == {}
    assert set(counts) == ours  # the document defines only the core's rules, each cited
    # The Law 77 rules the core cites (BR-6.1 ...) are defined once, in their own game's document.
    assert {rule: n for rule in cited - ours if (n := definition_counts()[rule]) != 1} == {}
    others = [path.name for path in DOCS.glob("*.md") if path != DOCUMENT and any(map(is_duplicate, defined(path)))]
    assert others == []


def test_every_duplicate_flag_is_named_in_its_rulings_text() -> None:
    texts = defined(DOCUMENT)
    for flag, rule in ((SKIP_MITCHELL, "R-DP-2"), (ACBL_MATCHPOINTS, "R-DP-3"), (BUTLER_ALL_SCORES, "R-DP-4")):
        assert f"`{flag}`" in texts[rule], flag


def board_2_at_four_tables() -> list[int]:
    """Example D1: board 2, N-S vulnerable."""
    results = [
        {"declarer": 2, "level": 4, "strain": "H", "tricks": 10},
        {"declarer": 2, "level": 4, "strain": "H", "tricks": 11},
        {"declarer": 0, "level": 2, "strain": "H", "tricks": 10},
        {"declarer": 3, "level": 4, "strain": "S", "doubled": 1, "tricks": 7},
    ]
    return [ns_score(read_result(entry), 2) for entry in results]


def test_worked_example_d1_a_board_at_four_tables() -> None:
    scores = board_2_at_four_tables()
    assert scores == [620, 650, 170, 500]
    assert [line.ns for line in matchpoints(scores)] == [4, 6, 0, 2]
    assert [line.ew for line in matchpoints(scores)] == [2, 0, 6, 4]
    assert datum(scores) == 560
    assert [line.ns for line in butler(scores)] == [2, 3, -9, -2]
    assert [line.ns for line in cross_imps(scores)] == [4, 5, Fraction(-28, 3), Fraction(1, 3)]


def test_worked_example_d2_the_same_board_with_a_ruled_result() -> None:
    played = board_2_at_four_tables()[:3]
    ruled = Artificial(Adjusted.AVERAGE_PLUS, Adjusted.AVERAGE_MINUS)
    lines = matchpoints([*played, ruled])
    assert [line.ns for line in lines] == [3, Fraction(17, 3), Fraction(1, 3), Fraction(18, 5)]
    assert [line.ew for line in lines] == [3, Fraction(1, 3), Fraction(17, 3), Fraction(12, 5)]
    assert datum([*played, ruled]) == 480
    assert butler([*played, ruled])[3] == butler([ruled])[0]
    assert [butler([ruled])[0].ns, butler([ruled])[0].ew] == [3, -3]
