"""What the management commands share: reading their input file, and the language they speak (``--lang``)."""

from __future__ import annotations

import sys
from argparse import ArgumentParser

from django.conf import settings
from django.core.management.base import CommandError
from django.utils import translation


def read_input(path: str) -> str:
    """The text of ``path``, or of standard input for ``-``; OSError/UnicodeDecodeError if unreadable."""
    if path == "-":
        return sys.stdin.read()
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def add_language_option(parser: ArgumentParser) -> None:
    """``--lang CODE``: the language of the command's output (the sheet, its errors), LANGUAGE_CODE by default."""
    codes = ", ".join(code for code, _name in settings.LANGUAGES)
    parser.add_argument(
        "--lang",
        metavar="CODE",
        help=f"the language of the output: {codes} (default {settings.LANGUAGE_CODE})",
    )


def chosen_language(code: str | None) -> str:
    """The language ``--lang`` names (one of LANGUAGES, a regional variant such as hu-HU read as hu), or
    LANGUAGE_CODE when it is not given; CommandError, naming the languages there are, for any other."""
    if code is None:
        return str(settings.LANGUAGE_CODE)
    try:
        return translation.get_supported_language_variant(code.strip())
    except LookupError:
        codes = ", ".join(code for code, _name in settings.LANGUAGES)
        raise CommandError(f"--lang {code!r} is not a language Trickbook speaks: choose one of {codes}") from None
