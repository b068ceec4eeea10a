"""endplay, which reads and writes PBN and LIN files, takes some 70 MB once loaded: a worker loads it on the
first file it reads or writes, never with the URLs and views every request needs (the report goals of
docs/performance.md hold 150 MB a request)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import os, sys
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
import django
django.setup()
import config.urls, referee.views, referee.file_views, referee.api, reports.views  # noqa: F401
import referee.templatetags.hand_files  # noqa: F401
print("loaded" if any(name == "endplay" or name.startswith("endplay.") for name in sys.modules) else "not loaded")
import referee.formats.boards  # noqa: F401
print("loaded" if "endplay" in sys.modules else "not loaded")
"""


def test_the_urls_and_views_load_no_endplay_until_a_file_is_read() -> None:
    run = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True, check=True)
    assert run.stdout.splitlines() == ["not loaded", "loaded"]
