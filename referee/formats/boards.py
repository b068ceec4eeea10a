"""Reading a PBN or LIN file into boards: the caps, the located error, and one board made into a hand record.

Each format's reader (`referee.formats.pbn`, `referee.formats.lin`) gives `RawBoard`s: endplay's reading of a
board and where each part of it stands in the file. `imported` makes one into a hand record and reads it with
the game's own parser, so that a card dealt twice or a hand of 12 is refused as it is in a JSON record, but at
its line and tag in the file.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _
from endplay.config import suppress_unicode
from endplay.types import Board, Card, ContractBid, Denom, PenaltyBid, Player
from endplay.utils.play import trick_winner

from referee.core.games import HAND_FILE_GAMES, REFEREES
from referee.core.verdict import RecordError
from referee.formats.limits import FORMATS, MAX_BOARDS, MAX_FILE_BYTES, FormatError
from scoring.core.games import GAMES

SEAT_LETTERS = "NESW"  # endplay's players, in Trickbook's seat order: North 0, East 1, South 2, West 3
PAD = Card(suit=Denom.nt, rank=Card("S2").rank)  # endplay's stand-in for a card a file leaves out ("-")
PENALTY_CALLS = {1: "pass", 2: "double", 4: "redouble"}


Place = tuple[int, str]  # a line of the file and the tag there: (14, "[Deal]"), (1, "md|")


@dataclass
class RawBoard:
    """One board as endplay read it, with the place in the file of each thing a record is made from."""

    board: Board
    line: int  # the board's first line
    tag: str  # its first tag, where an error about the whole board is told
    dealer: int | None = None
    dealer_at: Place | None = None
    names: list[str] = field(default_factory=lambda: ["", "", "", ""])  # by seat, "" when the file has none
    name_at: list[Place | None] = field(default_factory=lambda: [None] * 4)
    deal_at: Place | None = None
    call_at: list[Place] = field(default_factory=list)  # one per call of board.auction
    first_caller: int | None = None  # who the file says called first (PBN's Auction tag); else the dealer
    leader: int | None = None  # who the file says led to the first trick
    card_at: list[Place] = field(default_factory=list)  # one per card of board.play
    contract: str = ""  # as the file states it: "4S", "3NTX", "Pass"; "" when it does not
    declarer: int | None = None
    result: int | None = None  # the declarer's tricks, as the file states them
    claimed: bool = False
    vulnerable: str = ""  # None, NS, EW, All; "" when the file does not say
    info: dict[str, str] = field(default_factory=dict)  # event, site, date, scoring


@dataclass(frozen=True)
class ImportedBoard:
    """One board of a file: what the file says of it (to list and choose it), and its hand record or its error."""

    position: int  # 1-based, in file order
    number: int  # the Board tag (PBN) or ``ah|Board N`` (LIN), else its position
    line: int
    dealer: int | None
    contract: str
    declarer: int | None
    record: dict[str, Any] | None
    error: FormatError | None


def file_format(text: str, name: str = "") -> str:
    """``pbn`` or ``lin``: by the file's name if it ends in .pbn or .lin, else by what it holds (LIN is ``xx|``
    pairs, PBN ``[Tag "value"]`` lines)."""
    suffix = name.lower().rsplit(".", 1)[-1] if "." in name else ""
    if suffix in FORMATS:
        return suffix
    head = text.lstrip("\ufeff \t\r\n")[:200]
    if head.startswith(("[", "%", ";", "{")):
        return "pbn"
    if len(head) > 3 and head[2] == "|":
        return "lin"
    raise FormatError(_('this is neither a PBN file ([Tag "value"] lines) nor a LIN file (xx|value| pairs)'), line=1)


def read_hand_upload(data: bytes, name: str = "", fmt: str = "") -> list[ImportedBoard]:
    """`read_hand_file` on the bytes of an upload: at most `MAX_FILE_BYTES`, UTF-8 (or Latin-1, which PBN 1.0
    files are written in)."""
    if len(data) > MAX_FILE_BYTES:
        raise FormatError(
            _("a PBN or LIN file is at most %(size)s kB; this one is %(bytes)s bytes")
            % {"size": MAX_FILE_BYTES // 1024, "bytes": len(data)},
            where="file",
        )
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("latin-1")  # every byte is a Latin-1 character: PBN's own encoding before 2.0
    return read_hand_file(text, name, fmt)


def read_hand_file(text: str, name: str = "", fmt: str = "") -> list[ImportedBoard]:
    """Every board of a PBN or LIN file (``fmt``, or told by `file_format`), each with its record or its error.
    A file over the caps, or one whose syntax is broken (a malformed tag, a card that is no card), is refused
    whole with a FormatError naming the line and tag."""
    from referee.formats import lin, pbn

    size = len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_FILE_BYTES:
        raise FormatError(
            _("a PBN or LIN file is at most %(size)s kB; this one is %(bytes)s bytes")
            % {"size": MAX_FILE_BYTES // 1024, "bytes": size},
            where="file",
        )
    if "\x00" in text:
        raise FormatError(_("a PBN or LIN file is text; this one holds a NUL character"), where="file")
    fmt = fmt or file_format(text, name)
    if fmt not in FORMATS:
        raise FormatError(_("the format is pbn or lin, not %(format)s") % {"format": fmt[:20]}, where="format")
    raws = pbn.read_boards(text) if fmt == "pbn" else lin.read_boards(text)
    if not raws:
        raise FormatError(_("the file holds no board"), where="file")
    if len(raws) > MAX_BOARDS:
        raise FormatError(
            _("a file holds at most %(count)s boards; this one has %(boards)s")
            % {"count": MAX_BOARDS, "boards": len(raws)},
            where="file",
        )
    return [imported(raw, position, fmt) for position, raw in enumerate(raws, start=1)]


def choose_board(boards: list[ImportedBoard], number: int | None) -> ImportedBoard:
    """The board numbered ``number`` (by its Board tag, or its place when the file numbers none), or the only
    one when ``number`` is None; a FormatError says which boards the file holds otherwise."""
    held = ", ".join(str(board.number) for board in boards)
    if number is None:
        if len(boards) == 1:
            return boards[0]
        raise FormatError(
            _("the file holds %(count)s boards (%(numbers)s): choose one") % {"count": len(boards), "numbers": held},
            where="board",
        )
    for board in boards:
        if board.number == number:
            return board
    raise FormatError(
        _("the file has no board %(number)s; it holds boards %(numbers)s") % {"number": number, "numbers": held},
        where="board",
    )


def _spelt(card: Card) -> str:
    """endplay's ``SA`` as Trickbook's ``AS``."""
    with suppress_unicode():
        text = str(card)
    return text[1:] + text[0]


_CODES = {card: _spelt(card) for card in (Card(suit + rank) for suit in "SHDC" for rank in "AKQJT98765432")}


def _code(card: Card) -> str:
    """`_spelt`, looked up (a file of 100 boards has 5,200 cards to spell)."""
    return _CODES.get(card) or _spelt(card)


def _call(bid: Any) -> str:
    if isinstance(bid, ContractBid):
        return f"{bid.level}{'NT' if bid.denom == Denom.nt else 'SHDC'[int(bid.denom)]}"
    if isinstance(bid, PenaltyBid):
        return PENALTY_CALLS[int(bid.penalty)]
    raise ValueError(bid)


def _plays(raw: RawBoard) -> list[tuple[int, str, int]]:
    """The cards of board.play in play order, each with its seat and its index in board.play: the first led by
    the leader the file names, each trick's next by its winner (endplay's `trick_winner`, the rule the file's own
    order was written by). A card the file leaves out ("-") keeps its seat's turn and is not played."""
    board = raw.board
    if not board.play or raw.leader is None:
        return []
    trump = board.contract.denom if board.contract is not None else Denom.nt
    plays: list[tuple[int, str, int]] = []
    leader = raw.leader
    for start in range(0, len(board.play), 4):
        trick = list(board.play[start : start + 4])
        for offset, card in enumerate(trick):
            if card != PAD:
                plays.append(((leader + offset) % 4, _code(card), start + offset))
        if len(trick) == 4 and PAD not in trick:
            leader = int(trick_winner(trick, Player(leader), trump))
    return plays


def imported(raw: RawBoard, position: int, fmt: str) -> ImportedBoard:
    """The board made into a hand record and read by its game's parser; a fault is told at its place in the file."""
    board = raw.board
    number = board.board_num if isinstance(board.board_num, int) else position
    try:
        record, event_at = _record(raw, fmt, number)
        REFEREES[record["game"]].parse(record)
    except FormatError as error:
        return ImportedBoard(position, number, raw.line, raw.dealer, raw.contract, raw.declarer, None, error)
    except RecordError as error:
        located = _locate(raw, error, event_at)
        return ImportedBoard(position, number, raw.line, raw.dealer, raw.contract, raw.declarer, None, located)
    return ImportedBoard(position, number, raw.line, raw.dealer, raw.contract, raw.declarer, record, None)


def _record(raw: RawBoard, fmt: str, number: int) -> tuple[dict[str, Any], list[Place]]:
    board = raw.board
    game = HAND_FILE_GAMES[fmt]
    if raw.dealer is None:
        raise FormatError(_("the board names no dealer"), line=raw.line, tag=raw.tag)
    if board.deal is None:
        raise FormatError(_("the board has no deal"), line=raw.line, tag=raw.tag)
    seat_words = [str(word) for word in _seat_words(game)]
    players = [name.strip() or seat_words[seat] for seat, name in enumerate(raw.names)]
    hands = [[_code(card) for card in board.deal[Player(seat)]] for seat in range(4)]
    events: list[dict[str, Any]] = []
    event_at: list[Place] = []
    first_caller = raw.dealer if raw.first_caller is None else raw.first_caller
    for index, bid in enumerate(board.auction):
        events.append({"type": "call", "seat": (first_caller + index) % 4, "call": _call(bid)})
        event_at.append(raw.call_at[index] if index < len(raw.call_at) else (raw.line, raw.tag))
    for seat, code, index in _plays(raw):
        events.append({"type": "play", "seat": seat, "card": code})
        event_at.append(raw.card_at[index] if index < len(raw.card_at) else (raw.line, raw.tag))
    source: dict[str, Any] = {"format": fmt, "board": number}
    source.update({key: value for key, value in raw.info.items() if value})
    if raw.vulnerable:
        source["vulnerable"] = raw.vulnerable
    if raw.contract:
        source["contract"] = raw.contract
    if raw.declarer is not None:
        source["declarer"] = raw.declarer
    if raw.result is not None:
        source["result"] = raw.result
    if raw.claimed:
        source["claimed"] = True
    record = {
        "game": game,
        "players": players,
        "dealer": raw.dealer,
        "flags": [],
        "hands": hands,
        "events": events,
        "source": source,
    }
    return record, event_at


def _seat_words(game: str) -> tuple[str, ...]:
    return tuple(GAMES[game].seat_names) or tuple(SEAT_LETTERS)


def _locate(raw: RawBoard, error: RecordError, event_at: list[Place]) -> FormatError:
    """The record's error (``hands[2]``, ``events[7].card``, ``players[1]``) at the line and tag it came from."""
    path = error.path
    place: Place | None = None
    if path.startswith("hands"):
        place = raw.deal_at
    elif path.startswith("dealer"):
        place = raw.dealer_at
    elif path.startswith("players[") and path[8:9].isdigit():
        place = raw.name_at[int(path[8])]
    elif path.startswith("events["):
        index = path[7:].split("]", 1)[0]
        if index.isdigit() and int(index) < len(event_at):
            place = event_at[int(index)]
    line, tag = place or (raw.line, raw.tag)
    return FormatError(error.message, line=line, tag=tag)
