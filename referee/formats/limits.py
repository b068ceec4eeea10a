"""What the pages, the API and the command know of a PBN or LIN file before one is read: the formats, the caps,
and the error a file that cannot be read raises. Nothing here loads endplay, which the modules that read and write
the files import: a worker loads it on the first file it reads, not with the URLs (some 70 MB)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from referee.core.verdict import RecordError

FORMATS = ("pbn", "lin")
# A club's evening of 36 boards with every card played is about 45 kB of PBN; a BBO session of LIN less.
MAX_FILE_BYTES = 200 * 1024
MAX_BOARDS = 100


class FormatError(RecordError):
    """A PBN or LIN file (or one board of it) that cannot be read: where (a line and a tag, or the board asked
    for) and what is wrong. It is a RecordError, so every place that reports one reports this too; its ``path``
    reads ``line 14, [Deal]`` or ``line 1, md|``."""

    def __init__(self, message: str, *, line: int | None = None, tag: str = "", where: str = "") -> None:
        # The path reads the same in every language, as a record's ``events[4].card`` does; `place` words it.
        parts = [where] if where else []
        if line is not None:
            parts.append(f"line {line}")
        if tag:
            parts.append(tag)
        super().__init__(", ".join(parts) or "file", message)
        self.line = line
        self.tag = tag
        self.where = where

    def place(self) -> str:
        """Where, in the active language: ``line 14, [Deal]``, ``board``."""
        if self.line is None:
            return self.path
        at = _("line %(line)s") % {"line": self.line}
        return ", ".join(part for part in (self.where, at, self.tag) if part)

    def said(self) -> str:
        """The error as a page shows it: its place, then what is wrong."""
        return f"{self.place()}: {self.message}"

    def as_dict(self) -> dict[str, Any]:
        return {**super().as_dict(), "line": self.line, "tag": self.tag or None}
