"""The calls of the auction: the bid ladder (BG-5.1), pass, double and redouble (BG-5.4), read from a record."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from referee.core.verdict import RecordError
from scoring.core.cards import SUIT_SYMBOLS

STRAIN_ORDER = ("C", "D", "H", "S", "NT")  # BG-2.4, low to high
STRAIN_LABELS = {**SUIT_SYMBOLS, "NT": "NT"}
_STRAIN_WORDS = {
    "C": "C",
    "D": "D",
    "H": "H",
    "S": "S",
    "NT": "NT",
    "N": "NT",
    **{v: k for k, v in SUIT_SYMBOLS.items()},
}


def bid_index(level: int, strain: str) -> int:
    """BG-5.1: 0NT is 0; (L, s) is 1 + 5(L-1) + k(s)."""
    return 0 if level == 0 else 1 + 5 * (level - 1) + STRAIN_ORDER.index(strain)


@dataclass(frozen=True, slots=True)
class Call:
    """One call of the auction (BG-5.4): a bid (level, strain), pass, double or redouble."""

    word: str  # "bid", "pass", "double", "redouble"
    level: int = 0
    strain: str = ""

    @property
    def index(self) -> int:
        return bid_index(self.level, self.strain)

    @property
    def code(self) -> str:
        return f"{self.level}{self.strain}" if self.word == "bid" else self.word

    @property
    def label(self) -> str:
        return f"{self.level}{STRAIN_LABELS[self.strain]}" if self.word == "bid" else self.word


# The 36 bids in ladder order, so LADDER[i].index == i (BG-5.1).
LADDER = (Call("bid", 0, "NT"), *(Call("bid", level, strain) for level in range(1, 8) for strain in STRAIN_ORDER))
PASS, DOUBLE, REDOUBLE = Call("pass"), Call("double"), Call("redouble")
_CALL_WORDS = {"PASS": PASS, "P": PASS, "DOUBLE": DOUBLE, "X": DOUBLE, "REDOUBLE": REDOUBLE, "XX": REDOUBLE}


def parse_call(value: Any, path: str = "") -> Call:
    """Read a call: ``pass``, ``double``, ``redouble`` or a bid such as ``0NT``, ``1C``, ``4♠``, ``7NT``."""
    call = _BY_CODE.get(value) if isinstance(value, str) else None
    return call if call is not None else _read_call(value, path)


def _read_call(value: Any, path: str) -> Call:
    """Read a call the long way: trim, upper-case, accept P, X, XX and the suit symbols; else say what is wrong."""
    if not isinstance(value, str):
        raise RecordError(path, "a call must be pass, double, redouble or a bid such as 1C, 3NT")
    text = value.strip().upper()
    if text in _CALL_WORDS:
        return _CALL_WORDS[text]
    strain = _STRAIN_WORDS.get(text[1:]) if len(text) >= 2 else None
    if not text[:1].isdigit() or strain is None:
        raise RecordError(path, f"{value!r} is not a call: write pass, double, redouble or a bid such as 1C, 3NT")
    level = int(text[0])
    if level > 7:
        raise RecordError(path, f"{value!r} is not a bid: levels go from 0 to 7 (BG-5.1)")
    if level == 0 and strain != "NT":
        raise RecordError(path, f"{value!r} is not a bid: level 0 exists only as 0NT (BG-5.1)")
    return LADDER[bid_index(level, strain)]


# The calls as their codes write them ("pass", "1C", "3NT"), as most records do: looked up, not read. Filled
# by the long reader itself, so the look-up can never disagree with it.
_BY_CODE = {call.code: _read_call(call.code, "") for call in (*LADDER, PASS, DOUBLE, REDOUBLE)}
