"""`manage.py import_match FILE --user NAME`: create a match from a match file."""

from __future__ import annotations

import sys
from argparse import ArgumentParser
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

from scoring.cli import read_input
from scoring.core.base import EntryError
from scoring.core.match import score_document
from scoring.services import create_match


class Command(BaseCommand):
    help = "Import a match file (FILE, or - for standard input) as a new match of USER."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("file")
        parser.add_argument("--user", required=True, help="the account that will own the match")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            user = get_user_model().objects.get(username=options["user"])
        except get_user_model().DoesNotExist:
            self.stderr.write(f"Error: no account named {options['user']!r}")
            sys.exit(2)
        path = options["file"]
        try:
            result = score_document(read_input(path))
        except (OSError, UnicodeDecodeError) as error:
            self.stderr.write(f"Error: cannot read {path}: {error}")
            sys.exit(2)
        except EntryError as error:
            self.stderr.write(f"Error: {error}; nothing was imported")
            sys.exit(2)
        match = create_match(owner=user, match_file=result.match)
        self.stdout.write(f"Imported match {match.pk}: {match.name} ({match.title}), {len(result.deals)} deals.")
