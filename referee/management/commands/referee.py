"""`manage.py referee FILE [--board N] [--json] [--lang LANG]`: replay a hand record and print the verdict.

FILE is a hand record (JSON), or a PBN or LIN file (by its name, .pbn or .lin, or by what it holds): then
``--board N`` chooses a board of a file that holds several (referee/formats), and what the file says of the
board's contract, result and vulnerability is set beside the replay in the verdict's notes.

``--lang`` (a code of settings.LANGUAGES: hu, pl, hi...) is the language of what is printed; by default,
settings.LANGUAGE_CODE. Rule IDs and the JSON's keys are the same in every language.
"""

from __future__ import annotations

import json
import sys
from argparse import ArgumentParser
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand
from django.utils import translation
from django.utils.translation import gettext as _

from referee.core.replay import replay_document, verdict_json
from referee.core.verdict import RecordError
from referee.formats import FORMATS, MAX_FILE_BYTES, with_source_notes
from referee.formats.boards import choose_board, read_hand_upload
from referee.text import text_verdict
from scoring.cli import read_input
from scoring.core.base import side_names
from scoring.core.games import GAMES
from scoring.core.match import JSONTextError, PointsEncoder, load_json


class Command(BaseCommand):
    help = "Replay a hand record (FILE, or - for standard input) and say which plays broke which rule."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("file", help="a hand record (JSON), a PBN or LIN file, or - to read standard input")
        parser.add_argument("--board", type=int, help="the board to check, in a PBN or LIN file of several boards")
        parser.add_argument(
            "--format",
            choices=["json", *FORMATS],
            help="what FILE is (default: by its name, .pbn or .lin, else by what it holds)",
        )
        parser.add_argument("--json", action="store_true", help="print the verdict as JSON")
        parser.add_argument(
            "--lang",
            choices=[code for code, _name in settings.LANGUAGES],
            default=settings.LANGUAGE_CODE,
            help="the language to print in (default: %(default)s)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        with translation.override(options["lang"]):
            self._judge(options)

    def _judge(self, options: dict[str, Any]) -> None:
        as_json = options["json"]
        try:
            doc = self._load(options["file"], options.get("format"), options.get("board"))
            _record, verdict = replay_document(doc)
            verdict = with_source_notes(doc, verdict)
        except RecordError as error:
            if as_json:
                self.stdout.write(json.dumps({"error": error.as_dict()}))
            else:
                self.stderr.write(_("Error: %(error)s") % {"error": error})
            sys.exit(2)
        if as_json:
            self.stdout.write(json.dumps(verdict_json(verdict), cls=PointsEncoder, ensure_ascii=False))
        else:
            players = tuple(doc["players"])
            self.stdout.write(text_verdict(verdict, players, side_names(GAMES[doc["game"]], players)))

    def _load(self, path: str, fmt: str | None = None, board: int | None = None) -> Any:
        suffix = path.lower().rsplit(".", 1)[-1] if "." in path else ""
        fmt = fmt or (suffix if suffix in (*FORMATS, "json") else None)
        if fmt is None and path != "-":
            fmt = self._sniff(path)
        if fmt in FORMATS:
            return self._load_file(path, fmt, board)
        if board is not None:
            raise RecordError("board", _("--board chooses a board of a PBN or LIN file, not of a hand record"))
        try:
            text = read_input(path)
        except (OSError, UnicodeDecodeError) as error:
            raise RecordError("file", _("cannot read %(path)s: %(error)s") % {"path": path, "error": error}) from None
        try:
            return load_json(text)
        except JSONTextError as error:
            raise RecordError("record", str(error)) from None

    @staticmethod
    def _sniff(path: str) -> str | None:
        """``pbn`` or ``lin`` for a file that is not JSON (it starts with something other than ``{``), else None."""
        try:
            with open(path, "rb") as handle:
                head = handle.read(200).lstrip(b"\xef\xbb\xbf \t\r\n")
        except OSError:
            return None  # read_input says why
        if head.startswith(b"{"):
            return None
        return "lin" if head[2:3] == b"|" else "pbn"

    @staticmethod
    def _load_file(path: str, fmt: str, board: int | None) -> Any:
        try:
            if path == "-":
                data = sys.stdin.buffer.read(MAX_FILE_BYTES + 1)
            else:
                with open(path, "rb") as handle:
                    data = handle.read(MAX_FILE_BYTES + 1)
        except OSError as error:
            raise RecordError("file", _("cannot read %(path)s: %(error)s") % {"path": path, "error": error}) from None
        chosen = choose_board(read_hand_upload(data, path, fmt), board)
        if chosen.error is not None:
            raise chosen.error
        return chosen.record
