"""What the management commands share: reading their input file."""

from __future__ import annotations

import sys


def read_input(path: str) -> str:
    """The text of ``path``, or of standard input for ``-``; OSError/UnicodeDecodeError if unreadable."""
    if path == "-":
        return sys.stdin.read()
    with open(path, encoding="utf-8") as handle:
        return handle.read()
