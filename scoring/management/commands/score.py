"""`manage.py score FILE [--json] [--lang CODE]`: score a match file and print the sheet, in a language."""

from __future__ import annotations

import json
import sys
from argparse import ArgumentParser
from typing import Any, NoReturn

from django.core.management.base import BaseCommand
from django.utils import translation
from django.utils.translation import gettext as _

from scoring.cli import add_language_option, chosen_language, read_input
from scoring.core.base import EntryError
from scoring.core.match import PointsEncoder, score_document
from scoring.sheet import text_sheet


class Command(BaseCommand):
    help = "Score a Trickbook match file (FILE, or - for standard input) and print the score sheet."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("file", help="a match file (JSON), or - to read standard input")
        parser.add_argument("--json", action="store_true", help="print the result as JSON")
        add_language_option(parser)

    def handle(self, *args: Any, **options: Any) -> None:
        with translation.override(chosen_language(options["lang"])):
            self._score(options["file"], options["json"])

    def _score(self, path: str, as_json: bool) -> None:
        """The sheet (or the error) in the active language: the core's words too (vocabulary/i18n.py)."""
        try:
            result = score_document(read_input(path))
        except (OSError, UnicodeDecodeError) as error:
            message = _("cannot read {path}: {error}").format(path=path, error=error)
            self._fail(EntryError("file", "match-file", message), as_json)
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
            self.stderr.write(_("Error: {error}").format(error=error))
        sys.exit(2)
