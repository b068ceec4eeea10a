"""The bridge world's hand-record files, PBN and LIN, read into hand records and written from them.

A PBN file (Portable Bridge Notation 1.0 to 2.1: dealer programs, BridgeComposer, club scoring) or a LIN file
(Bridge Base Online) holds one or more boards. `boards.read_hand_file` reads every board of one into an `ImportedBoard`:
its number, dealer and contract as the file gives them, and the hand record (docs/hand-record.md) it makes, or
the located error that keeps it from making one. `boards.choose_board` picks one by its number. This package's own names
(`limits`, `notes`) load no endplay; `boards` and `export` do, so the views import them where a file is read
or written. The parsing is
endplay's (endplay.parsers.pbn and .lin); what is ours is where an error is (a line and a tag), the caps, and
the mapping onto a record. The game whose deals these files hold is asked of the registry
(`referee.core.games.HAND_FILE_GAMES`), never named here (docs/style.md 15).

What a record cannot hold as a field (the vulnerability, the contract and result the file states, the event,
the board's number) is kept under the record's ``source``, which the referee does not read; `source_notes`
compares it with the replay ("The file says 4♠ by Cleo, 10 tricks; the replay gives 10.").
"""

from __future__ import annotations

from referee.formats.limits import FORMATS, MAX_BOARDS, MAX_FILE_BYTES, FormatError
from referee.formats.notes import source_notes, with_source_notes

__all__ = [
    "FORMATS",
    "MAX_BOARDS",
    "MAX_FILE_BYTES",
    "FormatError",
    "source_notes",
    "with_source_notes",
]
