"""LIN (Bridge Base Online's hand records) read with endplay's decoder, every command checked at its line.

A LIN file is ``key|value|`` pairs: ``pn|`` the players from South, ``md|`` the dealer (1 South to 4 East) and
the hands, ``sv|`` the vulnerability, ``ah|Board N``, ``mb|`` each call, ``pc|`` each card in the order played,
``mc|`` the declarer's tricks when they claimed. A file may hold several boards, each from its ``pn|`` (or its
``qx|``, or its next ``md|``). The pairs are split into boards and checked here, where their lines are known;
each board is then read by endplay's `LINDecoder.parse_line`.
"""

from __future__ import annotations

import re

from django.utils.translation import gettext as _
from endplay.config import suppress_unicode
from endplay.parsers.lin import LINDecoder
from endplay.types import Bid, Card, Deal

from referee.formats.boards import FormatError, RawBoard

KEY = re.compile(r"[a-z]{2}")
LIN_SEATS = {"1": 2, "2": 3, "3": 0, "4": 1}  # md|'s dealer digit: South, West, North, East
NAME_ORDER = (2, 3, 0, 1)  # pn|'s names, from South
VULNERABLE = {"o": "None", "0": "None", "-": "None", "n": "NS", "e": "EW", "b": "All"}
SKIPPED = ("nt",)  # table talk, which endplay would pin on the last call
Pair = tuple[str, str, int]  # key, value, line


def _pairs(text: str) -> list[Pair]:
    """The file's ``key|value|`` pairs with the line of each key; a FormatError at a malformed key."""
    pairs: list[Pair] = []
    parts = text.split("|")
    line = 1
    lines: list[int] = []
    for part in parts:
        lead = part[: len(part) - len(part.lstrip())]  # a key starts on the line after the newlines before it
        lines.append(line + lead.count("\n"))
        line += part.count("\n")
    if parts and not parts[-1].strip():
        parts, lines = parts[:-1], lines[:-1]
    for index in range(0, len(parts), 2):
        key, at = parts[index].strip(), lines[index]
        if not KEY.fullmatch(key):
            raise FormatError(
                _("expected a two-letter LIN command such as md, mb or pc, not %(key)s") % {"key": repr(key[:20])},
                line=at,
            )
        if index + 1 >= len(parts):
            raise FormatError(
                _("the command has no value: it is written %(key)s|value|") % {"key": key}, line=at, tag=f"{key}|"
            )
        pairs.append((key, parts[index + 1].replace("\r", "").replace("\n", ""), at))
    return pairs


def _boards(pairs: list[Pair]) -> list[list[Pair]]:
    """The pairs of each board: a board starts at a ``pn|`` or ``qx|`` once the one before has its deal, or at
    a second ``md|``."""
    boards: list[list[Pair]] = []
    current: list[Pair] = []
    for pair in pairs:
        has_deal = any(key == "md" for key, _value, _line in current)
        if has_deal and pair[0] in ("pn", "qx", "md"):
            boards.append(current)
            current = []
        current.append(pair)
    if current:
        boards.append(current)
    return [board for board in boards if any(key == "md" for key, _value, _line in board)]


def _checked(pairs: list[Pair]) -> tuple[RawBoard, str]:
    """Check each command's value, and give the board's place in the file and the LIN line endplay reads."""
    key, _value, line = pairs[0]
    raw = RawBoard(board=None, line=line, tag=f"{key}|")  # type: ignore[arg-type]
    kept: list[str] = []
    bids = 0
    for key, value, line in pairs:
        tag = f"{key}|"

        def refuse(message: str, tag: str = tag, line: int = line) -> FormatError:
            return FormatError(message, line=line, tag=tag)

        if key in SKIPPED or (key == "an" and bids == 0):
            continue
        if key == "pn":
            names = value.split(",")
            if len(names) < 4:
                raise refuse(_("pn| names the four players from South, with commas: South,West,North,East"))
            value = ",".join(names[:4])
            for place, name in zip(NAME_ORDER, names[:4], strict=True):
                raw.names[place] = name.strip()
                raw.name_at[place] = (line, tag)
        elif key == "md":
            if value[:1] not in LIN_SEATS:
                raise refuse(_("md| starts with the dealer, 1 (South) to 4 (East)"))
            try:
                Deal.from_lin(value, complete_deal=True)
            except Exception:  # endplay raises several kinds
                raise refuse(
                    _("md| is the dealer and the hands from South, as 3SAKQHJT9D876C5432,...; not %(value)s")
                    % {"value": repr(value[:80])}
                ) from None
            raw.dealer, raw.dealer_at, raw.deal_at = LIN_SEATS[value[0]], (line, tag), (line, tag)
        elif key == "sv":
            if value.lower() not in VULNERABLE:
                raise refuse(_("sv| is o (none), n (N-S), e (E-W) or b (both), not %(value)s") % {"value": repr(value)})
            raw.vulnerable = VULNERABLE[value.lower()]
            value = {"0": "o", "-": "o"}.get(value.lower(), value.lower())
        elif key == "ah":
            number = value.removeprefix("Board").strip()
            if not value.startswith("Board") or not number.isascii() or not number.isdigit() or len(number) > 6:
                raise refuse(
                    _("ah| is the board's heading, Board and its number, not %(value)s") % {"value": repr(value)}
                )
            value = f"Board {int(number)}"
        elif key == "mb":
            value = value.rstrip("!")
            try:
                Bid(value)
            except Exception:
                raise refuse(
                    _("%(value)s is not a call: p, d, r or a bid such as 1C, 3N") % {"value": repr(value)}
                ) from None
            raw.call_at.append((line, tag))
            bids += 1
        elif key == "pc":
            try:
                Card(value)
            except Exception:
                raise refuse(
                    _("%(value)s is not a card: a suit and a rank, as SA, HT, C2") % {"value": repr(value)}
                ) from None
            raw.card_at.append((line, tag))
        elif key == "mc":
            if not value.isascii() or not value.isdigit() or int(value) > 13:
                raise refuse(
                    _("mc| is the declarer's tricks after a claim, 0 to 13, not %(value)s") % {"value": repr(value)}
                )
            raw.result, raw.claimed = int(value), True
        kept.append(f"{key}|{value}|")
    return raw, "".join(kept)


def read_boards(text: str) -> list[RawBoard]:
    """Every board of a LIN text, each with where its parts stand; a FormatError at the first malformed command."""
    raws = []
    for pairs in _boards(_pairs(text.lstrip("\ufeff"))):
        raw, line = _checked(pairs)
        try:
            board = LINDecoder().parse_line(line)
        except Exception as error:  # whatever endplay stops on, told at the board's first command
            raise FormatError(str(error) or type(error).__name__, line=raw.line, tag=raw.tag) from None
        raw.board = board
        contract = board.contract
        if contract is not None and contract.is_passout():
            raw.contract = "Pass"
        elif contract is not None:
            with suppress_unicode():
                penalty = {1: "", 2: "X", 4: "XX"}[int(contract.penalty)]
                strain = "NT" if contract.denom.abbr == "NT" else contract.denom.abbr
            raw.contract = f"{contract.level}{strain}{penalty}"
            raw.declarer = int(contract.declarer)
            raw.leader = (raw.declarer + 1) % 4
        raws.append(raw)
    return raws
