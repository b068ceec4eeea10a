"""A player's statistics across matches (scoring/stats.py), on three matches worked out by hand.

Match 1, Bridgette, Anna v Ben, over (BG-8.1), each deal scored by BG-7.1 to BG-7.3:
  1. Anna 2♥ making 8: V 250 + P 250 (exactly the bid) = Anna 500
  2. Ben 1NT making 10: V 250 + P 350 (3 over) = Ben 600
  3. Anna 6♦ making 12: V 1500 + P 100 (level 6, exact) = Anna 1600
  4. as 2: Ben 600;  5. as 1: Anna 500
  6. Ben 1♣ making 9: V 150 + P 0 (2 over) = Ben 150
  Totals Anna 2600, Ben 1350: after six deals Anna has the higher total and wins (BG-8.1).
Match 2, Bridgette, Ben v Anna (Anna in seat 1), two deals, not over:
  1. Anna 3NT making 7: two down, undoubled: Ben 200 (BG-7.3)
  2. Anna 4♠ making 10: V 750 + P 250 = Anna 1000
Match 3, Belote to 300, Anna & Cleo v Ben & Dan, over (BL-9.1): the sample deals BL1 (Anna takes and makes: 170 to
  32) and BL2 (Ben takes and is dedans, BL-8.3: 212 to 0). Totals 382 to 32: Anna & Cleo pass 300 and win.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from scoring.core.base import Undertaking, undertakings
from scoring.core.games import GAMES
from scoring.core.match import evaluate, parse_match
from scoring.stats import BestDeal, MatchFigures, Played, Result, find_player, names_by_use, player_stats
from tests.conftest import sample_entry


def contract(declarer: int, level: int, strain: str, tricks: int) -> dict[str, Any]:
    return {"declarer": declarer, "level": level, "strain": strain, "doubled": 0, "tricks": tricks}


ANNA_2H = contract(0, 2, "H", 8)
BEN_1NT = contract(1, 1, "NT", 10)
ANNA_6D = contract(0, 6, "D", 12)
BEN_1C = contract(1, 1, "C", 9)


def played(key: int, game: str, players: list[str], deals: list[Any], target: int | None = None) -> Played:
    doc = {"game": game, "players": players, "first_dealer": 0, "target": target, "flags": [], "deals": deals}
    return Played(key, evaluate(parse_match(doc)))


@pytest.fixture
def matches() -> list[Played]:
    return [
        played(1, "bridgette", ["Anna", "Ben"], [ANNA_2H, BEN_1NT, ANNA_6D, BEN_1NT, ANNA_2H, BEN_1C]),
        played(2, "bridgette", ["Ben", "Anna"], [contract(1, 3, "NT", 7), contract(1, 4, "S", 10)]),
        played(
            3,
            "belote",
            ["Anna", "Ben", "Cleo", "Dan"],
            [sample_entry("belote", "BL1"), sample_entry("belote", "BL2")],
            target=300,
        ),
    ]


def test_the_matches_are_as_worked_out(matches: list[Played]) -> None:
    assert [(m.result.totals, m.result.finished) for m in matches] == [
        ((2600, 1350), True),
        ((200, 1000), False),
        ((382, 32), True),
    ]


def test_anna_per_game(matches: list[Played]) -> None:
    bridgette, belote = player_stats("Anna", matches).games
    # Bridgette: two played, match 1 won (BG-8.1), match 2 not over; 3600 points in 8 deals; contracts: deals 1, 3,
    # 5 of match 1 made, match 2's 3NT down and 4♠ made.
    assert (bridgette.game, bridgette.played, bridgette.won) == ("bridgette", 2, 1)
    assert (bridgette.deals, bridgette.points, bridgette.per_deal) == (8, 3600, Decimal("450.0"))
    assert (bridgette.contracts, bridgette.made) == (5, 4)
    assert bridgette.best == BestDeal(1600, 1, 3)
    assert bridgette.matches == [
        MatchFigures(1, Result.WON, 6, 2600),
        MatchFigures(2, Result.UNFINISHED, 2, 1000),
    ]
    # Belote: Anna & Cleo's side: won (BL-9.1), 382 in 2 deals, their one taking made (BL1); Ben's dedans is not theirs.
    assert (belote.game, belote.played, belote.won) == ("belote", 1, 1)
    assert (belote.deals, belote.points, belote.per_deal) == (2, 382, Decimal("191.0"))
    assert (belote.contracts, belote.made) == (1, 1)
    assert belote.best == BestDeal(212, 3, 2)


def test_ben_per_game(matches: list[Played]) -> None:
    stats = player_stats("Ben", matches)
    bridgette, belote = stats.games
    # 1350 + 200 = 1550 in 8 deals: 193.75, rounded half up to 193.8; his three contracts of match 1 all made; his
    # best deal the first 600, match 1 deal 2 (deal 4's 600 is later).
    assert (bridgette.played, bridgette.won, bridgette.deals, bridgette.points) == (2, 0, 8, 1550)
    assert bridgette.per_deal == Decimal("193.8")
    assert (bridgette.contracts, bridgette.made) == (3, 3)
    assert bridgette.best == BestDeal(600, 1, 2)
    # Belote: Ben & Dan lost, 32 in 2 deals; Ben's taking was dedans (BL-8.3).
    assert (belote.played, belote.won, belote.points, belote.per_deal) == (1, 0, 32, Decimal("16.0"))
    assert (belote.contracts, belote.made) == (1, 0)
    assert belote.best == BestDeal(32, 3, 1)
    assert (stats.played, stats.won) == (3, 0)


def test_head_to_head_counts_opponents_not_partners(matches: list[Played]) -> None:
    anna = player_stats("Anna", matches)
    assert [(r.name, r.matches, r.won, r.lost) for r in anna.rivals] == [("Ben", 3, 2, 0), ("Dan", 1, 1, 0)]
    ben = player_stats("Ben", matches)
    assert [(r.name, r.matches, r.won, r.lost) for r in ben.rivals] == [("Anna", 3, 0, 2), ("Cleo", 1, 0, 1)]


def test_a_name_is_the_same_player_whatever_its_case(matches: list[Played]) -> None:
    assert player_stats("aNNA", matches).games == player_stats("Anna", matches).games
    assert find_player("anna ", matches) == "Anna"
    assert find_player("Zoe", matches) is None


def test_a_player_in_no_match_has_no_figures(matches: list[Played]) -> None:
    stats = player_stats("Zoe", matches)
    assert (stats.games, stats.rivals, stats.played, stats.won) == ((), (), 0, 0)


def test_a_draw_is_played_not_won_and_neither_won_nor_lost_head_to_head() -> None:
    # R-BG-8 under bg_draw_after_seventh: 500 each after six deals, still level after the seventh (passed out, 0-0).
    deals = [ANNA_2H, contract(1, 2, "H", 8), *[{"passed_out": True}] * 5]
    doc = {"game": "bridgette", "players": ["Anna", "Ben"], "first_dealer": 0, "target": None}
    result = evaluate(parse_match({**doc, "flags": ["bg_draw_after_seventh"], "deals": deals}))
    assert result.winners == (0, 1)
    stats = player_stats("Anna", [Played(7, result)])
    assert (stats.games[0].played, stats.games[0].won, stats.games[0].matches[0].result) == (1, 0, Result.DRAWN)
    assert [(r.name, r.matches, r.won, r.lost) for r in stats.rivals] == [("Ben", 1, 0, 0)]


def test_names_by_use_most_used_first_in_the_latest_spelling() -> None:
    lists = [["anna", "Ben"], ["Cleo", "Anna"], ["Ben", "Anna", "Dan", "Cleo"], ["Eve", "Ben"]]
    # anna 3, Ben 3, Cleo 2, Dan 1, Eve 1: ties alphabetical.
    assert names_by_use(lists) == [("anna", 3), ("Ben", 3), ("Cleo", 2), ("Dan", 1), ("Eve", 1)]


UNDERTAKINGS = [
    # (game, entry, flags, undertakings) worked from each game's rules
    ("bridgette", ANNA_2H, [], (Undertaking(0, True),)),  # BG-7.1: 8 tricks = 6 + 2
    ("bridgette", contract(1, 3, "NT", 7), [], (Undertaking(1, False),)),  # BG-7.3: 7 < 9
    ("bridgette", {"passed_out": True}, [], ()),  # BG-7.4
    ("draw_bridge", sample_entry("draw_bridge", "§6.3 D5"), [], (Undertaking(0, False),)),  # 5♣ making 9 < 11
    ("draw_bridge", sample_entry("draw_bridge", "§6.3 D8"), [], (Undertaking(1, True),)),  # 7NT making 13
    # Calls 3, 4, 2, 5 making 4, 4, 1, 4: the first two made (R-CB-2), the last two failed (R-CB-4).
    ("call_bridge", sample_entry("call_bridge", "§6.2 C1"), [], tuple(Undertaking(s, s < 2) for s in range(4))),
    # Calls 8, 2, 2, 3 making 9, 2, 1, 1: the bonus call of 8 with 9 made (R-CB-3), 2 with 2 made, the others failed.
    ("call_bridge", sample_entry("call_bridge", "§6.2 C2"), [], tuple(Undertaking(s, s < 2) for s in range(4))),
    ("klaberjass", sample_entry("klaberjass", "§6.4 K1"), [], (Undertaking(0, True),)),  # maker 103 > 75, KJ-9.2
    ("klaberjass", sample_entry("klaberjass", "KJ-4.4"), [], ()),  # annulled
    ("belote", sample_entry("belote", "BL1"), [], (Undertaking(0, True),)),  # BL-8.2, the takers Anna & Cleo
    ("belote", sample_entry("belote", "BL2"), [], (Undertaking(1, False),)),  # BL-8.3, Ben & Dan dedans
    ("belote", sample_entry("belote", "BL5 deal 1, R-BL-10 tie made"), ["bl_tie_is_made"], (Undertaking(1, True),)),
    # South (seat 2) declares 2♥ and makes 9: N-S, side 0, made (BR-6.1).
    ("contract_bridge", sample_entry("contract_bridge", "BR-7.1 (rubber won 2–1, deal 1)"), [], (Undertaking(0, 1),)),
    # West (seat 3) declares 4♠X and makes 7: E-W, side 1, down (BR-6.5).
    ("contract_bridge", sample_entry("contract_bridge", "BR-6.5 (E10)"), [], (Undertaking(1, False),)),
]


@pytest.mark.parametrize(("game", "entry", "flags", "expected"), UNDERTAKINGS)
def test_each_game_says_which_side_undertook_what_and_whether_it_was_made(
    game: str, entry: dict[str, Any], flags: list[str], expected: tuple[Undertaking, ...]
) -> None:
    rules = GAMES[game]
    deal = rules.parse_deal(entry, frozenset(flags))
    score = rules.score_deal(deal, 0, frozenset(flags), 0)
    assert undertakings(rules, deal, score, frozenset(flags)) == expected
