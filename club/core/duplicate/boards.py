"""A board of duplicate pairs: its dealer and vulnerability, one table's result and its N-S score
(docs/rules/duplicate.md DP-1.1 to DP-1.4), and the artificial scores a director may give (DP-3.2).

A board is one deal, dealt once and played at several tables; its number fixes who deals and who is
vulnerable, so that every table plays it alike. A table's result is read as a contract entry of four seats
(the shape scoring/core/contract.py reads, seats 0 to 3 for North, East, South and West) and scored with the
whole Law 77 table of scoring/core/law77.py: trick score, overtricks, the game or part-score premium, slam and
insult, or the undertricks (the figures of BR-6.1 to BR-6.6).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum, StrEnum
from typing import Any

from scoring.core import law77
from scoring.core.base import RuleError
from scoring.core.contract import RESULT_OFFSETS, Contract, ContractRules, contract_spec, parse_contract
from scoring.core.fields import whole_number
from vocabulary.i18n import _
from vocabulary.words import Strain

SEATS = 4  # North, East, South, West (DP-1.1)
NORTH_SOUTH = (0, 2)
CYCLE = 16  # DP-1.2: the dealers and vulnerabilities repeat every 16 boards


class Vulnerable(StrEnum):
    """DP-1.2: who is vulnerable on a board, spelt as a PBN file's ``Vulnerable`` tag spells it."""

    NONE = "None"
    NS = "NS"
    EW = "EW"
    BOTH = "All"

    @property
    def sides(self) -> tuple[bool, bool]:
        """Each side's vulnerability: (N-S, E-W)."""
        return (self in (Vulnerable.NS, Vulnerable.BOTH), self in (Vulnerable.EW, Vulnerable.BOTH))


# DP-1.2: boards 1 to 16 (Law 2); board 17 is board 1 again, and so on.
VULNERABILITY_CYCLE = (
    *(Vulnerable.NONE, Vulnerable.NS, Vulnerable.EW, Vulnerable.BOTH),
    *(Vulnerable.NS, Vulnerable.EW, Vulnerable.BOTH, Vulnerable.NONE),
    *(Vulnerable.EW, Vulnerable.BOTH, Vulnerable.NONE, Vulnerable.NS),
    *(Vulnerable.BOTH, Vulnerable.NONE, Vulnerable.NS, Vulnerable.EW),
)

# DP-1.4: what one table's result may hold, and the rule behind each field.
RESULTS = ContractRules(
    bids=tuple((level, strain) for level in range(1, 8) for strain in Strain),
    declarer_rule="DP-1.4",
    level_rule="DP-1.4",
    strain_rule="DP-1.4",
    doubled_rule="DP-1.4",
    tricks_rule="DP-1.4",
    passed_out_rule="DP-1.4",
    seats=SEATS,
)


def check_board(board: Any) -> int:
    """A board's number: a whole number from 1 (DP-1.1)."""
    number = whole_number(board, "board")
    if number < 1:
        raise RuleError("board", "DP-1.1", _("board must be 1 or more, not {value}").format(value=number))
    return number


def dealer(board: int) -> int:
    """DP-1.1: the seat that deals board ``board``: North deals board 1, East board 2, South 3, West 4, then again."""
    return (check_board(board) - 1) % SEATS


def vulnerability(board: int) -> Vulnerable:
    """DP-1.2: who is vulnerable on board ``board``, by its place in the cycle of 16 (Law 2)."""
    return VULNERABILITY_CYCLE[(check_board(board) - 1) % CYCLE]


def read_result(entry: Any) -> Contract:
    """DP-1.4: one table's result, a contract entry of four seats or ``{"passed_out": true}``; a refusal names the
    field and the rule."""
    return parse_contract(entry, RESULTS)


def ns_score(result: Contract, board: int) -> int:
    """DP-1.3: the N-S score of ``result`` on board ``board``: the declaring side's Law 77 score at the board's
    vulnerability, negative for N-S when E-W declared or N-S went down; 0 for a passed-out board."""
    vulnerable = vulnerability(board).sides
    if result.declarer is None:
        return 0
    side = 0 if result.declarer in NORTH_SOUTH else 1
    score = law77.duplicate_score(result.level, result.strain, result.doubled, result.tricks, vulnerable[side])
    return score if side == 0 else -score


class Adjusted(Enum):
    """DP-3.2: an artificial adjusted score (Law 12C2), given to one side when no result could be obtained: its
    share of the board's matchpoints, as a percentage (exactly these, R-DP-7), and its IMPs."""

    AVERAGE_PLUS = (60, 3)
    AVERAGE = (50, 0)
    AVERAGE_MINUS = (40, -3)

    @property
    def percent(self) -> int:
        return self.value[0]

    @property
    def imps(self) -> int:
        return self.value[1]


@dataclass(frozen=True, slots=True)
class Artificial:
    """DP-3.2: a table's artificial result: each side's own adjusted score (they need not balance)."""

    ns: Adjusted
    ew: Adjusted


# One table's result on a board once scored: the N-S score of a played board, or an artificial one.
Score = int | Artificial


# DP-1.4: a result as bridge players write it on a traveller: the contract ("4SX", "3NT", "4♠X"; "pass" for a
# board passed out), the declarer's seat and the result against the 6 + level tricks it needs ("=", "+1", "-2").
WRITTEN = re.compile(r"([0-9]+)(NT|N|C|D|H|S|♣|♦|♥|♠)(X{0,2})", re.IGNORECASE)
PASSED = frozenset(("p", "pass", "passed", "passedout", "ap", "allpass"))  # compared without spaces
STRAIN_LETTERS = {"N": "NT", "♣": "C", "♦": "D", "♥": "H", "♠": "S"}
TRICKS = next(field for field in contract_spec(RESULTS).fields if field.name == "tricks")


def read_written(contract: str, declarer: int | None, result: int | None) -> Contract:
    """DP-1.4: one table's result as it is written: the ``contract`` text, the ``declarer`` (0 to 3) and the
    ``result`` in tricks over (+) or under (-) the contract. A refusal names the field (contract, declarer or
    result) and the rule."""
    text = "".join(contract.split()).upper()
    if text.casefold() in PASSED:
        return read_result({"passed_out": True})
    written = WRITTEN.fullmatch(text)
    if written is None:
        message = _("write the contract as a level, a strain and X or XX (4SX, 3NT) or pass, not {value}")
        raise RuleError("contract", "DP-1.4", message.format(value=contract.strip()[:20]))
    level_text, strain_text, doubling = written.groups()
    strain = STRAIN_LETTERS.get(strain_text, strain_text)
    if declarer is None:
        raise RuleError("declarer", "DP-1.4", _("say who declared {contract}: N, E, S or W").format(contract=text))
    level = int(level_text)
    entry = {"declarer": declarer, "level": level, "strain": strain, "doubled": len(doubling), "tricks": 0}
    try:
        read_result(entry)
    except RuleError as error:  # the level, read from the contract text
        raise RuleError("contract", error.rule, error.message) from None
    if result is None:
        raise RuleError("result", "DP-1.4", _("give the result of {contract}: =, +1, -1...").format(contract=text))
    try:
        entry["tricks"] = RESULT_OFFSETS.value(TRICKS, result, level)
    except RuleError as error:
        raise RuleError("result", error.rule, error.message) from None
    return read_result(entry)


# DP-3.2: an artificial score as a director writes it, N-S's then E-W's: "A+/A-", "A/A", "A-/A+".
ADJUSTED_MARKS = {"A+": Adjusted.AVERAGE_PLUS, "A": Adjusted.AVERAGE, "A-": Adjusted.AVERAGE_MINUS}


def read_adjusted(text: str) -> Artificial | None:
    """DP-3.2: ``A+/A-`` (N-S average plus, E-W average minus) and the like as an `Artificial`; None when ``text`` is
    not written as one (a contract); a refusal on the contract field when it is half of one."""
    written = "".join(text.split()).upper().replace("\u2212", "-")
    if not written.startswith("A") or written.startswith("AP") or written.startswith("ALL"):
        return None
    sides = written.split("/")
    if len(sides) != 2 or any(side not in ADJUSTED_MARKS for side in sides):
        message = _("write an artificial score as N-S's and E-W's, each A+, A or A-: A+/A-, not {value}")
        raise RuleError("contract", "DP-3.2", message.format(value=text.strip()[:20]))
    return Artificial(ADJUSTED_MARKS[sides[0]], ADJUSTED_MARKS[sides[1]])
