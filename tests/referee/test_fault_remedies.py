"""Every fault the referee flags has its remedy, in every game (issue 22): the remedies of the rules (BR-10, BL-10),
the revoke rulings (R-BG-19, R-DB-12, R-CB-10, R-KJ-14) and each game's ruling on the rest (R-BG-20, R-DB-13,
R-CB-11, R-KJ-15, R-BL-15, R-BR-10); and the tricks a two-player revoke transfers make the deal as ruled."""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import pytest

from referee.core.games import REFEREES
from referee.core.games.belote.remedies import FAULTS as BELOTE
from referee.core.games.belote.remedies import RENONCE_RULES
from referee.core.games.bridgette.remedies import FAULTS as BRIDGETTE
from referee.core.games.bridgette.rules import REVOKE as BRIDGETTE_REVOKE
from referee.core.games.call_bridge.remedies import FAULTS as CALL_BRIDGE
from referee.core.games.call_bridge.rules import REVOKE as CALL_BRIDGE_REVOKE
from referee.core.games.contract_bridge.remedies import FAULTS as CONTRACT_BRIDGE
from referee.core.games.draw_bridge.remedies import FAULTS as DRAW_BRIDGE
from referee.core.games.draw_bridge.rules import REVOKE as DRAW_BRIDGE_REVOKE
from referee.core.games.klaberjass.remedies import FAULTS as KLABERJASS
from referee.core.games.klaberjass.rules import REVOKE as KLABERJASS_REVOKE
from referee.core.remedies import law_64_for_two, ruled_for_two
from referee.core.replay import replay_document
from referee.core.verdict import RecordError, Remedy, Trick, Violation
from scoring.core.games import GAMES
from tests.referee.corpus.make_corpus import CORPUS
from vocabulary.cards import parse_card

GAMES_DIR = Path(__file__).resolve().parents[2] / "referee" / "core" / "games"
QUOTED_RULE = re.compile(r'"((?:R-)?[A-Z]{2}-\d+(?:\.\d+)?)"')

# The rules each game's remedies answer: its ruling on the faults, and the remedies of its own (a revoke's, and
# Contract Bridge's calls and leads out of turn, BR-10.1 to BR-10.3, which are never without one).
ANSWERED = {
    "bridgette": BRIDGETTE.kinds.keys() | BRIDGETTE_REVOKE.answers,
    "draw_bridge": DRAW_BRIDGE.kinds.keys() | DRAW_BRIDGE_REVOKE.answers,
    "call_bridge": CALL_BRIDGE.kinds.keys() | CALL_BRIDGE_REVOKE.answers,
    "klaberjass": KLABERJASS.kinds.keys() | KLABERJASS_REVOKE.answers,
    "contract_bridge": CONTRACT_BRIDGE.kinds.keys() | {"BR-4.1", "BR-5.1", "BR-5.4"},
    "belote": BELOTE.kinds.keys() | RENONCE_RULES | {"BL-6.1"},
}
# A remedy's own rule, which the replay gives and never flags.
REMEDY_RULES = {"R-BG-19", "R-DB-12", "R-CB-10", "R-KJ-14"}


def flagged_rules(game: str) -> set[str]:
    """Every rule ID a game's replay writes as a value of its own (the rule it flags), remedies left out."""
    found: set[str] = set()
    for path in (GAMES_DIR / game).glob("*.py"):
        if path.name != "remedies.py":
            found |= set(QUOTED_RULE.findall(path.read_text(encoding="utf-8")))
    return found - REMEDY_RULES


@pytest.mark.parametrize("game", sorted(REFEREES))
def test_every_rule_a_game_flags_has_a_remedy(game: str) -> None:
    flagged = flagged_rules(game)
    assert {rule.split("-")[-2] for rule in flagged} == {GAMES[game].rule_prefix}  # the scan found the game's rules
    assert flagged - ANSWERED[game] == set()


def test_every_violation_of_the_corpus_has_its_remedy() -> None:
    """The verdict corpus's records, legal, illegal and unreadable, of every game: every fault the replay flags comes
    with its remedy, and the remedy's rule is one of the game's."""
    without, seen = [], set()
    with gzip.open(CORPUS, "rt", encoding="utf-8") as lines:
        for line in lines:
            record = json.loads(line)["record"]
            try:
                _record, verdict = replay_document(record)
            except RecordError:  # an unreadable record flags nothing
                continue
            prefix = GAMES[record["game"]].rule_prefix
            for violation in verdict.violations:
                seen.add((record["game"], violation.rule))
                remedy = violation.remedy
                if remedy is None or prefix not in remedy.rule:
                    without.append((record["game"], violation.rule, violation.message))
    assert len({game for game, _rule in seen}) == len(REFEREES)
    assert without == []


def trick(number: int, winner: int, lead: str = "2S", counts: bool = True) -> Trick:
    return Trick(
        number=number, leader=winner, plays=((winner, parse_card(lead, "card")),), winner=winner, counts=counts
    )


def revoke(seat: int, number: int, rule: str = "R-BG-19") -> Violation:
    return Violation(
        event=number * 2, seat=seat, rule="BG-6.2", message="", trick=number, remedy=Remedy(rule=rule, text="")
    )


# (the revoke tricks' winners, by seat, for tricks 1 to 13; the offender, the revoke's trick) -> tricks transferred,
# worked from LAW_64_FOR_TWO.
@pytest.mark.parametrize(
    ("winners", "offender", "number", "expected"),
    [
        ("0000000000000", 0, 3, 2),  # won the revoke trick and a later one: 2 (Law 64A1)
        ("1111111111110", 0, 12, 0),  # the 12th trick: nothing (Law 64B6)
        ("1101111111111", 0, 3, 1),  # won the revoke trick only: 1
        ("1111111110111", 0, 3, 1),  # won only a later trick: 1 (Law 64A2)
        ("0011111111111", 0, 3, 0),  # won nothing from the revoke on: 0 (Law 64B1)
    ],
)
def test_r_bg_19_law_64_for_two(winners: str, offender: int, number: int, expected: int) -> None:
    tricks = [trick(index + 1, int(seat)) for index, seat in enumerate(winners)]
    assert law_64_for_two([revoke(offender, number)], tricks, three_tricks=False) == [(number, expected)]


def test_r_bg_19_a_second_revoke_in_the_same_suit_transfers_nothing() -> None:
    tricks = [trick(number, 0) for number in range(1, 14)]
    assert law_64_for_two([revoke(0, 2), revoke(0, 5)], tricks, three_tricks=False) == [(2, 2), (5, 0)]
    assert law_64_for_two([revoke(0, 2), revoke(0, 5)], tricks, three_tricks=True) == [(2, 3), (5, 3)]


def test_r_db_12_the_draw_tricks_count_for_nothing() -> None:
    """Draw Bridge's tricks 14 to 26 are the play's 1 to 13 (DB-3.4): the revoke in trick 16 is the play's 3rd."""
    draws = [trick(number, 1, counts=False) for number in range(1, 14)]
    play = [trick(13 + number, 0) for number in range(1, 14)]
    assert law_64_for_two([revoke(0, 16, "R-DB-12")], [*draws, *play], three_tricks=False) == [(3, 2)]


def test_r_bg_19_the_deal_as_ruled_gives_the_tricks_to_the_other_player() -> None:
    """South (seat 1) declares 2♥ and takes 8 tricks, exactly made; South revoked in trick 3 and won it and a later
    trick: two go to North (Law 64A1 read for two), and the deal as ruled is 2♥ with 6 tricks, scored as that
    entry is."""
    winners = "1111100001111"  # South wins 8 of 13
    tricks = [trick(index + 1, int(seat)) for index, seat in enumerate(winners)]
    entry = {"declarer": 1, "level": 2, "strain": "H", "doubled": 0, "tricks": 8}
    game = GAMES["bridgette"]
    violations = [revoke(1, 3)]
    ruled, ruling = ruled_for_two(BRIDGETTE_REVOKE, violations, tricks, entry, game, 0, ["North", "South"], frozenset())
    assert ruled[0].remedy is not None and (ruled[0].remedy.tricks, ruled[0].remedy.to_side) == (2, 0)
    assert ruling is not None
    assert ruling.entry["tricks"] == 6
    assert [step.text for step in ruling.steps] == [
        "2 tricks to North: South played a card the rules did not allow in trick 3"
    ]
    direct = game.score_deal(game.parse_deal({**entry, "tricks": 6}, frozenset()), 0, frozenset(), 0)
    assert ruling.score.points == direct.points
    # A deal passed out, or not over, has no ruling.
    assert ruled_for_two(BRIDGETTE_REVOKE, violations, tricks, None, game, 0, ["N", "S"], frozenset())[1] is None
