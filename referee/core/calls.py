"""The calls of a bridge auction, shared by every game that bids for a contract: the bid ladder, pass, double
and redouble, read from a record; and who may double or redouble.

The ladder starts at 0NT, which only some games bid: a game whose lowest bid is 1♣ uses ``LADDER[1:]``
(`ladder_from`) and flags a level-0 bid under its own rule. A double is of the last bid, made by an
opponent, not yet doubled; a redouble of one's own side's bid, doubled by an opponent (`refused_double`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from referee.core.verdict import RecordError
from vocabulary.cards import SUIT_SYMBOLS
from vocabulary.i18n import _, gettext_noop

STRAIN_ORDER = ("C", "D", "H", "S", "NT")  # low to high, as every game here bids them
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
    """The bid's place on the ladder: 0NT is 0; (L, s) is 1 + 5(L-1) + k(s), so 1♣ is 1 and 7NT 35."""
    return 0 if level == 0 else 1 + 5 * (level - 1) + STRAIN_ORDER.index(strain)


@dataclass(frozen=True, slots=True)
class Call:
    """One call of the auction: a bid (level, strain), pass, double or redouble."""

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


# The 36 bids in ladder order, so LADDER[i].index == i.
LADDER = (Call("bid", 0, "NT"), *(Call("bid", level, strain) for level in range(1, 8) for strain in STRAIN_ORDER))
PASS, DOUBLE, REDOUBLE = Call("pass"), Call("double"), Call("redouble")
_CALL_WORDS = {"PASS": PASS, "P": PASS, "DOUBLE": DOUBLE, "X": DOUBLE, "REDOUBLE": REDOUBLE, "XX": REDOUBLE}


def parse_call(value: Any, path: str = "", *, level_0_suits: bool = False) -> Call:
    """Read a call: ``pass``, ``double``, ``redouble`` or a bid such as ``0NT``, ``1C``, ``4♠``, ``7NT``.

    ``level_0_suits``: a level-0 bid in a suit (``0D``) is read as said, off the ladder, for a game whose lowest bid
    is 1♣ to flag under its own rule (as it flags ``0NT``); otherwise it cannot be read."""
    call = _BY_CODE.get(value) if isinstance(value, str) else None
    return call if call is not None else _read_call(value, path, level_0_suits)


def _read_call(value: Any, path: str, level_0_suits: bool = False) -> Call:
    """Read a call the long way: trim, upper-case, accept P, X, XX and the suit symbols; else say what is wrong."""
    if not isinstance(value, str):
        raise RecordError(path, _("a call must be pass, double, redouble or a bid such as 1C, 3NT"))
    text = value.strip().upper()
    if text in _CALL_WORDS:
        return _CALL_WORDS[text]
    strain = _STRAIN_WORDS.get(text[1:]) if len(text) >= 2 else None
    if not text[:1].isdigit() or strain is None:
        raise RecordError(
            path,
            _("{value} is not a call: write pass, double, redouble or a bid such as 1C, 3NT").format(value=repr(value)),
        )
    level = int(text[0])
    if level > 7:
        raise RecordError(path, _("{value} is not a bid: levels go from 0 to 7").format(value=repr(value)))
    if level == 0 and strain != "NT" and level_0_suits:
        return Call("bid", 0, strain)
    if level == 0 and strain != "NT":
        raise RecordError(path, _("{value} is not a bid: level 0 exists only as 0NT").format(value=repr(value)))
    return LADDER[bid_index(level, strain)]


# The calls as their codes write them ("pass", "1C", "3NT"), as most records do: looked up, not read. Filled
# by the long reader itself, so the look-up can never disagree with it.
_BY_CODE = {call.code: _read_call(call.code, "") for call in (*LADDER, PASS, DOUBLE, REDOUBLE)}


def refused_double(
    player: str, word: str, bid: Call | None, doubled: int, ours: bool, whose: str = "", bidder: str = ""
) -> str | None:
    """Why ``player``'s ``double`` or ``redouble`` may not be called now, as one whole sentence ("Anna doubled, but 2♥
    was their own bid"); None if it may.

    A double needs a bid by the caller's opponents that is not doubled yet; a redouble needs a bid of the caller's
    own side that an opponent has doubled (and not yet redoubled). ``ours`` says the current bid is the caller's
    side's. In a game of four, ``whose`` names its bidder as the caller sees them ("own", "partner", "opponent") and
    ``bidder`` is the bidder's name; in a game of two a bid that is not the caller's is the opponent's. Any call since
    the bid but passes would have been a new bid, which starts undoubled.
    """
    case = _refusal_case(word, bid, doubled, ours)
    if case is None:
        return None
    if case == "whose":
        case = whose or ("own" if ours else "the opponent")
    label = bid.label if bid is not None else ""
    return _(_REFUSALS[word, case]).format(player=player, bid=label, contract=label + "X" * doubled, bidder=bidder)


def may_double(word: str, bid: Call | None, doubled: int, ours: bool) -> bool:
    """Whether ``double`` or ``redouble`` may be called now (`refused_double` says why not)."""
    return _refusal_case(word, bid, doubled, ours) is None


def _refusal_case(word: str, bid: Call | None, doubled: int, ours: bool) -> str | None:
    """Which of `refused_double`'s reasons refuses the call ("no bid", "whose", "doubled", "not doubled",
    "redoubled"), or None if it may be made."""
    if bid is None:
        return "no bid"
    if word == "double":
        if ours:
            return "whose"
        return "doubled" if doubled else None
    if not ours:
        return "whose"
    if doubled == 0:
        return "not doubled"
    return "redoubled" if doubled == 2 else None


# The sentences of `refused_double`, by the call and the reason, a bid's bidder named as the caller sees them (msgids:
# vocabulary/i18n.py), each whole for the translators.
_REFUSALS = {
    ("double", "no bid"): gettext_noop("{player} doubled, but there was no bid to double"),
    ("double", "own"): gettext_noop("{player} doubled, but {bid} was their own bid"),
    ("double", "partner"): gettext_noop("{player} doubled, but {bid} was their partner {bidder}'s bid"),
    ("double", "doubled"): gettext_noop("{player} doubled, but {contract} was already doubled"),
    ("redouble", "no bid"): gettext_noop("{player} redoubled, but there was no bid to redouble"),
    ("redouble", "the opponent"): gettext_noop("{player} redoubled, but {bid} was the opponent's bid"),
    ("redouble", "opponent"): gettext_noop("{player} redoubled, but {bid} was an opponent's bid"),
    ("redouble", "not doubled"): gettext_noop("{player} redoubled, but {bid} had not been doubled"),
    ("redouble", "redoubled"): gettext_noop("{player} redoubled, but {contract} was already redoubled"),
}


def allowed_calls(bid: Call | None, doubled: int, ours: bool, ladder: tuple[Call, ...]) -> tuple[str, ...]:
    """The calls that may be made now, by code: pass, a double or redouble where `may_double` allows it,
    and every bid of ``ladder`` above the current one."""
    calls = ["pass"]
    calls.extend(word for word in ("double", "redouble") if may_double(word, bid, doubled, ours))
    calls.extend(call.code for call in ladder if bid is None or call.index > bid.index)
    return tuple(calls)
