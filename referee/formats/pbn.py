"""PBN (Portable Bridge Notation 1.0, 2.0 and 2.1) read with endplay's decoder, every tag checked at its line.

endplay's `PBNDecoder` reads the file and makes each board; it says where only for a line that is not a tag.
This decoder notes the line of every tag and of every row of the Auction and Play sections, and checks each
value it reads (a Deal, a Contract, a call, a card) with the same endplay constructor before endplay builds the
board, so that a malformed tag is told by its line and name: ``line 14, [Deal]: ...``.
"""

from __future__ import annotations

from io import StringIO
from typing import Any

from django.utils.translation import gettext as _
from endplay.parsers.pbn import RE, PBNDecodeError, PBNDecoder
from endplay.types import Bid, Card, Contract, Deal

from referee.formats.boards import SEAT_LETTERS, FormatError, Place, RawBoard

SEAT_TAGS = ("North", "East", "South", "West")
VULNERABLE = {"none": "None", "love": "None", "-": "None", "ns": "NS", "ew": "EW", "all": "All", "both": "All"}
UNKNOWN = ("", "?")
INFO_TAGS = {"event": "event", "site": "site", "date": "date", "scoring": "scoring"}
AUCTION_MARKS = ("-", "*", "+")  # the end of the auction, or an unknown call: endplay stops reading there


def _tag(name: str) -> str:
    return f"[{name}]"


class _LocatedDecoder(PBNDecoder):  # type: ignore[misc]
    """endplay's decoder, noting where each tag and row is and checking each value before the board is built."""

    def clear(self) -> None:
        super().clear()
        self.raws: list[RawBoard] = []
        self.tag_lines: dict[str, int] = {}
        self.row_lines: dict[str, list[int]] = {}

    def _parse_none(self, curline: str) -> bool:
        match = RE.tagpair.match(curline)
        if match and match.group(1) not in self.curtags and match.group(1).lower() != "note":
            self.tag_lines[match.group(1)] = self.lineno
            self.row_lines[match.group(1)] = []
        if match and match.group(1).lower() == "note" and ":" not in match.group(2):
            raise FormatError(_("a note is written number:text, as in 1:forcing"), line=self.lineno, tag="[Note]")
        try:
            return bool(super()._parse_none(curline))
        except FormatError:
            raise
        except PBNDecodeError:
            raise FormatError(
                _('expected a tag such as [Deal "..."], or a row of the section above it, not %(text)s')
                % {"text": repr(curline[:60])},
                line=self.lineno,
            ) from None
        except ValueError as error:  # endplay's reading of a value; our own checks come first and name it
            raise FormatError(str(error), line=self.lineno) from None

    def _parse_conttable(self, curline: str) -> bool:
        if not (RE.tagpair.match(curline) or curline == "") and self.curtag is not None:
            self.row_lines.setdefault(self.curtag, []).append(self.lineno)
        return bool(super()._parse_conttable(curline))

    def _tags_to_board(self) -> Any:
        if not self.curtags:
            return None
        raw = self._checked()
        try:
            board = super()._tags_to_board()
        except FormatError:
            raise
        except Exception as error:  # whatever endplay stops on, told at the board's first tag
            raise FormatError(str(error) or type(error).__name__, line=raw.line, tag=raw.tag) from None
        raw.board = board
        self.raws.append(raw)
        self.tag_lines, self.row_lines = {}, {}
        return board

    def _at(self, name: str) -> Place:
        return self.tag_lines.get(name, self.lineno), _tag(name)

    def _checked(self) -> RawBoard:
        """Check each tag of the board in hand, normalise what PBN allows and endplay does not read ("?", Love),
        and note what the record is made from and where."""
        first = next(iter(self.curtags))
        raw = RawBoard(board=None, line=self.tag_lines.get(first, self.lineno), tag=_tag(first))  # type: ignore[arg-type]
        tags = {name.lower(): name for name in self.curtags}
        for lower, name in tags.items():
            fields = self.curtags[name]
            if fields.get("value") == "#":
                fields = self.prevtags.get(name, fields)
                self.curtags[name] = fields
            self._check(raw, lower, name, fields)
        if "play" in tags and not raw.contract:
            raise FormatError(
                _("a Play section needs a Contract tag that names the contract"),
                line=self._at(tags["play"])[0],
                tag="[Play]",
            )
        return raw

    def _check(self, raw: RawBoard, lower: str, name: str, fields: dict[str, Any]) -> None:
        value = fields.get("value")
        line, tag = self._at(name)

        def refuse(message: str) -> FormatError:
            return FormatError(message, line=line, tag=tag)

        if not isinstance(value, str):
            return  # a table's column names, which endplay has read
        value = value.strip()
        if lower == "board":
            if not value.isascii() or not value.isdigit() or len(value) > 6:
                raise refuse(_("a board number is a whole number, not %(value)s") % {"value": repr(value)})
        elif lower == "deal":
            try:
                Deal(value)
            except Exception:  # endplay raises several kinds
                raise refuse(
                    _("a deal is written N:AKQ.JT9.876.5432 and three more hands, not %(value)s")
                    % {"value": repr(value[:80])}
                ) from None
            raw.deal_at = (line, tag)
        elif lower in ("dealer", "declarer"):
            seat = self._seat(value, refuse)
            if lower == "dealer":
                raw.dealer, raw.dealer_at = (seat, (line, tag)) if seat is not None else (raw.dealer, raw.dealer_at)
            else:
                raw.declarer = seat
            fields["value"] = value if seat is not None else ""
        elif lower == "vulnerable":
            if value.lower() not in VULNERABLE and value not in UNKNOWN:
                raise refuse(_("vulnerable is None, NS, EW or All, not %(value)s") % {"value": repr(value)})
            raw.vulnerable = VULNERABLE.get(value.lower(), "")
            fields["value"] = raw.vulnerable
        elif lower == "contract":
            if value not in UNKNOWN:
                try:
                    Contract(value)
                except Exception:
                    raise refuse(
                        _("a contract is Pass or a level, a strain and X or XX (4S, 3NTX), not %(value)s")
                        % {"value": repr(value)}
                    ) from None
                raw.contract = "Pass" if value.lower() == "pass" else value.upper()
        elif lower == "result":
            if value not in UNKNOWN:
                if not value.isascii() or not value.isdigit() or int(value) > 13:
                    raise refuse(
                        _("a result is the declarer's tricks, 0 to 13, not %(value)s") % {"value": repr(value)}
                    )
                raw.result = int(value)
            else:
                fields["value"] = ""
        elif lower in ("north", "east", "south", "west"):
            seat = SEAT_TAGS.index(name.capitalize())
            raw.names[seat] = "" if value in UNKNOWN else value
            raw.name_at[seat] = (line, tag)
        elif lower in INFO_TAGS and value not in UNKNOWN:
            raw.info[INFO_TAGS[lower]] = value
        elif lower == "auction":
            self._check_auction(raw, name, fields, refuse)
        elif lower == "play":
            self._check_play(raw, name, fields, refuse)

    @staticmethod
    def _seat(value: str, refuse: Any) -> int | None:
        if value in UNKNOWN:
            return None
        if value.upper() not in SEAT_LETTERS or len(value) != 1:
            raise refuse(_("a seat is N, E, S or W, not %(value)s") % {"value": repr(value)})
        return SEAT_LETTERS.index(value.upper())

    def _rows(self, name: str, fields: dict[str, Any]) -> list[tuple[int, list[str]]]:
        lines = self.row_lines.get(name, [])
        return [(lines[i] if i < len(lines) else self.lineno, row) for i, row in enumerate(fields.get("data", []))]

    def _check_auction(self, raw: RawBoard, name: str, fields: dict[str, Any], refuse: Any) -> None:
        seat = self._seat(fields["value"].strip(), refuse)
        if seat is None:
            raise refuse(_("the Auction tag names the dealer, who calls first: N, E, S or W"))
        raw.first_caller = (
            seat  # the dealer, in a file that agrees with itself; else the referee says who was out of turn
        )
        if raw.dealer is None:
            raw.dealer, raw.dealer_at = seat, self._at(name)
        for line, row in self._rows(name, fields):
            for token in row:
                if token.lower() == "ap":
                    raw.call_at.extend([(line, _tag(name))] * 3)
                    continue
                if (token.startswith("=") and token.endswith("=")) or token.startswith("$"):
                    continue
                if token in AUCTION_MARKS:
                    return
                try:
                    Bid(token)
                except Exception:
                    raise FormatError(
                        _("%(value)s is not a call: Pass, X, XX or a bid such as 1C, 3NT") % {"value": repr(token)},
                        line=line,
                        tag=_tag(name),
                    ) from None
                raw.call_at.append((line, _tag(name)))
        fields["data"] = [[t for t in row if not t.startswith("$")] for row in fields.get("data", [])]

    def _check_play(self, raw: RawBoard, name: str, fields: dict[str, Any], refuse: Any) -> None:
        raw.leader = self._seat(fields["value"].strip(), refuse)
        if raw.leader is None:
            raise refuse(_("the Play tag names who led to the first trick: N, E, S or W"))
        for line, row in self._rows(name, fields):
            if row == ["*"]:
                raw.claimed = True
                break
            row[:] = [token for token in row if not token.startswith("$")]
            for token in row:
                if token.startswith("=") and token.endswith("="):
                    continue
                if token in ("-", "+"):
                    raw.card_at.append((line, _tag(name)))
                    continue
                if token == "*":
                    raw.claimed = True
                    raw.card_at.append((line, _tag(name)))
                    continue
                try:
                    Card(token)
                except Exception:
                    raise FormatError(
                        _("%(value)s is not a card: a suit and a rank, as SA, HT, C2") % {"value": repr(token)},
                        line=line,
                        tag=_tag(name),
                    ) from None
                raw.card_at.append((line, _tag(name)))
            if len([token for token in row if not (token.startswith("=") and token.endswith("="))]) > 4:
                raise FormatError(_("a row of the Play section is one trick: four cards"), line=line, tag=_tag(name))


def read_boards(text: str) -> list[RawBoard]:
    """Every board of a PBN text, each with where its parts stand; a FormatError at the first malformed line."""
    decoder = _LocatedDecoder()
    try:
        decoder.parse_file(StringIO(text.lstrip("\ufeff")))
    except FormatError:
        raise
    except Exception as error:  # whatever endplay stops on that no check above foresaw: told at its line
        raise FormatError(str(error) or type(error).__name__, line=decoder.lineno) from None
    return decoder.raws
