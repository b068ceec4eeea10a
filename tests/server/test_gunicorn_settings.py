"""gunicorn as `make serve` runs it (config/gunicorn.py): no request header says where the app is mounted, and
no control socket is opened for other processes to resize or stop the server."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from scoring.core.match import parse_match
from scoring.services import create_match
from tests.server.conftest import ROOT, SERVE_CONFIG, Phone

pytestmark = pytest.mark.server


def test_make_serve_runs_gunicorn_with_the_settings_tested_here() -> None:
    serve = (ROOT / "Makefile").read_text().split("\nserve:", 1)[1].split("\n\n", 1)[0]
    assert re.search(rf"gunicorn -c {re.escape(SERVE_CONFIG)} config\.wsgi", serve)


def test_a_client_sent_script_name_moves_no_link_of_the_shared_sheet(gunicorn: Any, table_owner: Any) -> None:
    doc = {"game": "bridgette", "players": ["Anna", "Ben"], "first_dealer": 0, "deals": []}
    match = create_match(owner=table_owner, match_file=parse_match(doc))
    server = gunicorn(workers=1)  # one worker: the poisoned fragment, had it been cached, is the one served next
    share = f"/share/{match.share_token}/"
    viewer = Phone(server)
    poisoned = viewer.get(f"/x{share}", **{"HX-Request": "true", "SCRIPT_NAME": "/x"})
    assert poisoned.status == 404  # /x/share/... is no page: the header was not taken
    poll = viewer.get(share, **{"HX-Request": "true"})
    assert poll.status == 200
    assert f'hx-get="{share}"' in poll.body


def test_no_control_socket_is_opened(gunicorn: Any, tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    gunicorn(workers=1, HOME=str(home), XDG_RUNTIME_DIR="")
    assert list(home.rglob("*")) == []  # gunicorn's default: ~/.gunicorn/gunicorn.ctl
