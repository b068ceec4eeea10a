"""JSON nested too deeply (a 2 kB body of 1,000 `[`) is one located error everywhere JSON is read.

Before, json.loads raised RecursionError (not a ValueError): a 500 from the API and the import
page, a traceback from the commands. Every reader now goes through scoring.core.match.load_json.
"""

from __future__ import annotations

import io
import json
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.urls import reverse

from scoring.core.match import MAX_JSON_DEPTH, JSONTextError, load_json
from scoring.models import Match

TOO_DEEP = "the JSON is nested too deeply"
BODIES = {
    "a thousand brackets": "[" * 1000 + "]" * 1000,
    "unclosed brackets": "[" * 1000,
    "a hundred thousand brackets": "[" * 100_000,
    "deep objects": '{"a":' * 1000 + "1" + "}" * 1000,
    "deep inside a match file": '{"game": "bridgette", "deals": ' + "[" * 30 + "]" * 30 + "}",
}


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


def test_load_json_reads_up_to_the_limit_and_refuses_deeper() -> None:
    assert load_json(nested(MAX_JSON_DEPTH)) is not None
    with pytest.raises(JSONTextError, match=TOO_DEEP):
        load_json(nested(MAX_JSON_DEPTH + 1))
    assert load_json(b'{"deals": [{"calls": [2, 3]}]}') == {"deals": [{"calls": [2, 3]}]}


@pytest.mark.parametrize("body", BODIES.values(), ids=BODIES.keys())
def test_load_json_refuses_deep_nesting_with_a_clear_message(body: str) -> None:
    with pytest.raises(JSONTextError, match=TOO_DEEP):
        load_json(body)


@pytest.mark.django_db
@pytest.mark.parametrize("body", BODIES.values(), ids=BODIES.keys())
def test_api_score_answers_422_located_at_the_match(client: Any, body: str) -> None:
    response = client.post("/api/score", body, content_type="application/json")
    assert response.status_code == 422
    error = response.json()["error"]
    assert (error["field"], error["rule"]) == ("match", "match-file")
    assert TOO_DEEP in error["message"]


@pytest.mark.django_db
@pytest.mark.parametrize("body", BODIES.values(), ids=BODIES.keys())
def test_api_referee_answers_422_located_at_the_record(client: Any, body: str) -> None:
    response = client.post("/api/referee", body, content_type="application/json")
    assert response.status_code == 422
    error = response.json()["error"]
    assert error["path"] == "record"
    assert TOO_DEEP in error["message"]


@pytest.mark.django_db
def test_import_page_answers_422_and_creates_nothing(owner_client: Any) -> None:
    upload = io.BytesIO(BODIES["a thousand brackets"].encode())
    upload.name = "match.json"
    response = owner_client.post(reverse("import_match"), {"file": upload})
    assert response.status_code == 422
    assert TOO_DEEP in response.content.decode()
    assert not Match.objects.exists()


def write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "input.json"
    path.write_text(text)
    return str(path)


@pytest.mark.parametrize("command", ["score", "referee"])
def test_commands_exit_2_with_the_message_and_no_traceback(tmp_path: Path, command: str) -> None:
    path = write(tmp_path, BODIES["a thousand brackets"])
    err = StringIO()
    with pytest.raises(SystemExit) as exit_info:
        call_command(command, path, stderr=err)
    assert exit_info.value.code == 2
    assert TOO_DEEP in err.getvalue()
    out = StringIO()
    with pytest.raises(SystemExit) as exit_info:
        call_command(command, path, "--json", stdout=out)
    assert exit_info.value.code == 2
    assert TOO_DEEP in json.loads(out.getvalue())["error"]["message"]


@pytest.mark.django_db
def test_import_command_exits_2_and_creates_nothing(tmp_path: Path, owner: Any) -> None:
    err = StringIO()
    with pytest.raises(SystemExit) as exit_info:
        call_command("import_match", write(tmp_path, BODIES["unclosed brackets"]), "--user", "owner", stderr=err)
    assert exit_info.value.code == 2
    assert TOO_DEEP in err.getvalue()
    assert not Match.objects.exists()
