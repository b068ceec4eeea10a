"""`manage.py referee FILE [--json] [--lang LANG]`: replay a hand record and print the verdict.

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
from referee.text import text_verdict
from scoring.cli import read_input
from scoring.core.base import side_names
from scoring.core.games import GAMES
from scoring.core.match import JSONTextError, PointsEncoder, load_json


class Command(BaseCommand):
    help = "Replay a hand record (FILE, or - for standard input) and say which plays broke which rule."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("file", help="a hand record (JSON), or - to read standard input")
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
            doc = self._load(options["file"])
            _record, verdict = replay_document(doc)
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

    def _load(self, path: str) -> Any:
        try:
            text = read_input(path)
        except (OSError, UnicodeDecodeError) as error:
            raise RecordError("file", _("cannot read %(path)s: %(error)s") % {"path": path, "error": error}) from None
        try:
            return load_json(text)
        except JSONTextError as error:
            raise RecordError("record", str(error)) from None
