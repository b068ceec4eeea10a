"""`manage.py score FILE [--json]`: score a match file and print the sheet."""

from __future__ import annotations

import json
import sys
from argparse import ArgumentParser
from typing import Any, NoReturn

from django.core.management.base import BaseCommand

from scoring.cli import read_input
from scoring.core.base import EntryError
from scoring.core.match import PointsEncoder, score_document
from scoring.sheet import text_sheet


class Command(BaseCommand):
    help = "Score a Trickbook match file (FILE, or - for standard input) and print the score sheet."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("file", help="a match file (JSON), or - to read standard input")
        parser.add_argument("--json", action="store_true", help="print the result as JSON")

    def handle(self, *args: Any, **options: Any) -> None:
        as_json, path = options["json"], options["file"]
        try:
            result = score_document(read_input(path))
        except (OSError, UnicodeDecodeError) as error:
            self._fail(EntryError("file", "match-file", f"cannot read {path}: {error}"), as_json)
        except EntryError as error:
            self._fail(error, as_json)
        if as_json:
            self.stdout.write(json.dumps(result.to_json(), cls=PointsEncoder, ensure_ascii=False))
        else:
            self.stdout.write(text_sheet(result))

    def _fail(self, error: EntryError, as_json: bool) -> NoReturn:
        """One located message (JSON with --json), then exit status 2: never a traceback."""
        if as_json:
            self.stdout.write(json.dumps({"error": error.as_dict()}))
        else:
            self.stderr.write(f"Error: {error}")
        sys.exit(2)
