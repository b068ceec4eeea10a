"""Contract Bridge's score pad (ContractBridge.pad) and what each deal's table says it wrote.

The rubber below is worked by hand from the Laws (Law 77's figures, Rubber Laws 72 to 74; BR-6 and BR-7 of
docs/rules/contract_bridge.md), deal by deal, as a paper pad writes it; the browser test
(tests/browser/test_contract_bridge_pad.py) enters the same rubber by tapping.
"""

from __future__ import annotations

from typing import Any

from scoring.core.base import PadPart, PadRow
from scoring.core.games.contract_bridge import GAME
from scoring.core.match import evaluate, parse_match

PLAYERS = ("Anna", "Ben", "Cleo", "Dev")  # North, East, South, West; N-S Anna & Cleo, E-W Ben & Dev
SEATS = {"N": 0, "E": 1, "S": 2, "W": 3}
STRAINS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S", "NT": "NT"}

# A rubber won two games to one by N-S, first dealer Anna (North), as it is said at the table: the contract, the
# declarer's seat, the result against the 6 + level tricks the contract needs, and honours held. Worked by hand:
#
# deal 1, N deals: 2♠ S +1   9 tricks. Not vul. Trick score 2 x 30 = 60 below N-S (BR-6.1, BR-7.1); the overtrick
#                            30 above N-S (BR-6.2).                                  below N-S 60     above N-S 30
# deal 2, E deals: 3NT E −2  7 tricks. E-W not vul., undoubled: 2 x 50 = 100 to the defenders N-S (BR-6.5).
#                                                                                                       above N-S 100
# deal 3, S deals: 2♦ N =    8 tricks. 2 x 20 = 40 below N-S: with the 60, 100: game 1 to N-S (BR-7.2); a line is
#                            drawn. N-S vulnerable from now on (BR-7.3).             below N-S 40
# deal 4, W deals: 4♥ W =    10 tricks, E-W hold four trump honours. 4 x 30 = 120 below E-W: game 2 to E-W, a line;
#                            honours 100 above E-W (BR-6.7). Both sides vulnerable.  below E-W 120    above E-W 100
# deal 5, N deals: 3♣X S −2  7 tricks. N-S vul., doubled: 200 + 300 = 500 to E-W (BR-6.5).          above E-W 500
# deal 6, E deals: 1NT N +1  8 tricks. 40 below N-S; the undoubled overtrick 30 above, vulnerable or not.
#                                                                                    below N-S 40     above N-S 30
# deal 7, S deals: 2♥ E =    8 tricks. 2 x 30 = 60 below E-W: 60, no game yet.       below E-W 60
# deal 8, W deals: 3♠ S +1   10 tricks. 3 x 30 = 90 below N-S: with the 40, 130: game 3 to N-S, who win the rubber
#                            2-1: 500 (BR-7.5); the overtrick 30 above N-S.          below N-S 90     above N-S 30
#                                                                                    rubber premium N-S 500
#
# N-S: below 60 + 40 + 40 + 90 = 230, above 30 + 100 + 30 + 30 = 190, premium 500: 920.
# E-W: below 120 + 60 = 180, above 100 + 500 = 600: 780. N-S win the rubber, 920 to 780 (BR-7.6).
RUBBER = [
    ("2♠", "S", 1, "none"),
    ("3NT", "E", -2, "none"),
    ("2♦", "N", 0, "none"),
    ("4♥", "W", 0, "EW100"),
    ("3♣X", "S", -2, "none"),
    ("1NT", "N", 1, "none"),
    ("2♥", "E", 0, "none"),
    ("3♠", "S", 1, "none"),
]
# Each deal's figures as the paper pad has them: (below N-S, below E-W), (above N-S, above E-W), a game won by.
WRITTEN = [
    ((60, 0), (30, 0), None),
    ((0, 0), (100, 0), None),
    ((40, 0), (0, 0), 0),
    ((0, 120), (0, 100), 1),
    ((0, 0), (0, 500), None),
    ((40, 0), (30, 0), None),
    ((0, 60), (0, 0), None),
    ((90, 0), (30, 0), 0),
]
# Each side's vulnerability on each deal (BR-7.3): neither before deal 3's game, then N-S, then both after deal 4.
VULNERABLE = [(False, False)] * 3 + [(True, False)] + [(True, True)] * 4
TOTALS = [(90, 0), (190, 0), (230, 0), (230, 220), (230, 720), (300, 720), (300, 780), (920, 780)]


def entry(contract: str, seat: str, result: int, honours: str) -> dict[str, Any]:
    """The stored entry of a deal said as "4♠X S −1": the tricks follow from the contract (6 + level + result)."""
    body = contract.rstrip("X")
    level = int(body[0])
    return {
        "declarer": SEATS[seat],
        "level": level,
        "strain": STRAINS[body[1:]],
        "doubled": len(contract) - len(body),
        "tricks": 6 + level + result,
        "honours": honours,
        "stopped": False,
    }


def evaluated(deals: list[dict[str, Any]], flags: list[str] | None = None) -> Any:
    doc = {"game": "contract_bridge", "players": list(PLAYERS), "first_dealer": 0, "flags": flags or []}
    return evaluate(parse_match({**doc, "deals": deals}))


def test_br_7_1_each_deal_s_table_says_what_it_wrote_below_and_above_the_line() -> None:
    result = evaluated([entry(*deal) for deal in RUBBER])
    for played, (below, above, game_to), vulnerable, totals in zip(
        result.deals, WRITTEN, VULNERABLE, TOTALS, strict=True
    ):
        table = played.score.carry
        assert (table.wrote_below, table.wrote_above, table.game_to) == (below, above, game_to), played.number
        assert table.vulnerable == vulnerable, played.number
        assert played.totals == totals, played.number
    assert result.deals[-1].score.carry.wrote_premium == (500, 0)
    assert result.deals[-1].score.carry.games == (2, 1)
    assert result.outcome is not None and result.outcome.winners == (0,)


def test_br_9_1_the_rows_read_as_the_table_said_them() -> None:
    result = evaluated([entry(*deal) for deal in RUBBER])
    rows = [GAME.describe(played.deal, PLAYERS) for played in result.deals]
    assert rows == [
        "2♠ S +1",
        "3NT E −2",
        "2♦ N =",
        "4♥ W =, honours E-W 100",
        "3♣X S −2",
        "1NT N +1",
        "2♥ E =",
        "3♠ S +1",
    ]


def test_br_7_the_rubber_pad_matches_the_paper_pad() -> None:
    result = evaluated([entry(*deal) for deal in RUBBER])
    pad = GAME.pad(result.deals, PLAYERS, result.match.flags)
    assert pad is not None
    assert pad.caption == "Rubber score pad"
    above, *games = pad.groups
    assert above.part is PadPart.ABOVE and above.title == "Above the line"
    # Above the line a pen writes upwards: the latest deal's premiums at the top.
    assert above.rows == (
        PadRow("Deal 8", (30, None)),
        PadRow("Deal 6", (30, None)),
        PadRow("Deal 5", (None, 500)),
        PadRow("Deal 4", (None, 100)),
        PadRow("Deal 2", (100, None)),
        PadRow("Deal 1", (30, None)),
    )
    assert [(game.title, game.closed) for game in games] == [
        ("Game 1 · neither side vulnerable", True),
        ("Game 2 · N-S vulnerable", True),
        ("Game 3 · both sides vulnerable", True),
    ]
    assert [game.rows for game in games] == [
        (PadRow("Deal 1", (60, None)), PadRow("Deal 3", (40, None), note="game to N-S")),
        (PadRow("Deal 4", (None, 120), note="game to E-W"),),
        (PadRow("Deal 6", (40, None)), PadRow("Deal 7", (None, 60)), PadRow("Deal 8", (90, None), note="game to N-S")),
    ]
    assert pad.foot == (PadRow("Rubber premium (BR-7.5)", (500, None)), PadRow("Total", (920, 780)))


def test_br_7_2_a_rubber_in_progress_shows_the_game_being_played() -> None:
    result = evaluated([entry(*deal) for deal in RUBBER[:4]])
    pad = GAME.pad(result.deals, PLAYERS, result.match.flags)
    assert pad is not None
    last = pad.groups[-1]
    assert (last.title, last.rows, last.closed) == ("Game 3 · both sides vulnerable", (), False)
    assert pad.foot == (PadRow("Total", (230, 220)),)


def test_br_7_8_an_unfinished_rubber_writes_its_premiums_at_the_foot() -> None:
    # The worked example: 3NT N +1 (130), 2♠ E = (60 below E-W), then 1♥ S −1 and the match stops: E-W 100 above
    # (N-S vulnerable); only N-S have a game, 300; only E-W have a part-score, 100 (BR-7.8).
    deals = [
        entry("3NT", "N", 1, "none"),
        entry("2♠", "E", 0, "none"),
        {**entry("1♥", "S", -1, "none"), "stopped": True},
    ]
    result = evaluated(deals)
    assert result.deals[-1].score.carry.wrote_premium == (300, 100)
    pad = GAME.pad(result.deals, PLAYERS, result.match.flags)
    assert pad is not None
    assert pad.foot == (PadRow("Unfinished rubber (BR-7.8)", (300, 100)), PadRow("Total", (430, 260)))
    assert pad.groups[-1].rows == (PadRow("Deal 2", (None, 60)),)


def test_br_8_the_chicago_pad_marks_each_deal_s_dealer_and_vulnerability() -> None:
    # The worked Chicago round (docs/rules/contract_bridge.md): deal 1 Anna deals, nobody vulnerable, 2♥ S +1: N-S
    # 60 + 30 + 50 = 140; deal 2 Ben, E-W vulnerable, 3NT E =: 100 + 500 = 600; Cleo's deal is passed out and she
    # deals again (BR-8.4); deal 3 Cleo, N-S vulnerable, 5♦ N −1: E-W 100; deal 4 Dev, both vulnerable, 6♠ S +1 with
    # N-S's honours: 180 + 30 + 500 + 750 + 100 = 1560. N-S 1700, E-W 700.
    deals = [
        entry("2♥", "S", 1, "none"),
        entry("3NT", "E", 0, "none"),
        {"passed_out": True},
        entry("5♦", "N", -1, "none"),
        entry("6♠", "S", 1, "NS100"),
    ]
    result = evaluated(deals, ["br_chicago"])
    assert [played.score.carry.number for played in result.deals] == [1, 2, None, 3, 4]
    assert [played.score.carry.vulnerable for played in result.deals] == [
        (False, False), (False, True), (True, False), (True, False), (True, True),
    ]  # fmt: skip
    pad = GAME.pad(result.deals, PLAYERS, result.match.flags)
    assert pad is not None
    assert (pad.caption, pad.heading, pad.marks) == ("Chicago score pad", "Deal", ("Dealer", "Vulnerable"))
    (deals_group,) = pad.groups
    assert deals_group.rows == (
        PadRow("1", (140, None), marks=("N · Anna", "neither")),
        PadRow("2", (None, 600), marks=("E · Ben", "E-W")),
        PadRow("3", (None, 100), marks=("S · Cleo", "N-S")),
        PadRow("4", (1560, None), marks=("W · Dev", "both")),
    )
    assert pad.foot == (PadRow("Total", (1700, 700)),)


def test_br_8_2_a_chicago_pad_shows_the_deals_to_come() -> None:
    result = evaluated([entry("2♥", "S", 1, "none")], ["br_chicago"])
    pad = GAME.pad(result.deals, PLAYERS, result.match.flags)
    assert pad is not None
    assert [(row.cells, row.marks) for row in pad.groups[0].rows[1:]] == [
        ((None, None), ("E · Ben", "E-W")),
        ((None, None), ("S · Cleo", "N-S")),
        ((None, None), ("W · Dev", "both")),
    ]


def test_br_no_pad_before_the_first_deal() -> None:
    assert GAME.pad((), PLAYERS, frozenset()) is None
