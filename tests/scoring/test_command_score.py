"""`manage.py score`: the sheet as text or JSON, and exit 2 with a located error."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

B1 = {"declarer": 0, "level": 2, "strain": "H", "doubled": 0, "tricks": 8}


def write(tmp_path: Path, doc: object) -> str:
    path = tmp_path / "match.json"
    path.write_text(json.dumps(doc) if not isinstance(doc, str) else doc)
    return str(path)


def test_bg_7_1_json_output_shape(tmp_path: Path) -> None:
    path = write(tmp_path, {"game": "bridgette", "players": ["Anna", "Ben"], "first_dealer": 1, "deals": [B1]})
    out = StringIO()
    call_command("score", path, "--json", stdout=out)
    result = json.loads(out.getvalue())
    assert result["totals"] == [500, 0]
    assert result["finished"] is False
    assert result["winners"] == []
    assert result["next_dealer"] == 0  # BG-3.1: the deal alternates
    deal = result["deals"][0]
    assert (deal["number"], deal["dealer"], deal["points"], deal["totals"]) == (1, 1, [500, 0], [500, 0])
    assert sum(line["points"] for line in deal["lines"] if line["seat"] == 0) == 500


def test_text_sheet_names_the_players_and_result(tmp_path: Path) -> None:
    path = write(tmp_path, {"game": "bridgette", "players": ["Anna", "Ben"], "first_dealer": 0, "deals": [B1]})
    out = StringIO()
    call_command("score", path, stdout=out)
    text = out.getvalue()
    assert "Anna 500, Ben 0" in text
    assert "Deal 2 of 6" in text


def test_cb_4_2_bad_call_exits_2_with_the_located_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = {
        "game": "call_bridge",
        "players": ["A", "B", "C", "D"],
        "first_dealer": 0,
        "target": 30,
        "deals": [{"calls": [3, 4, 2, 5], "tricks": [4, 4, 1, 4]}, {"calls": [1, 4, 2, 5], "tricks": [4, 4, 1, 4]}],
    }
    out = StringIO()
    with pytest.raises(SystemExit) as exit_info:
        call_command("score", write(tmp_path, doc), "--json", stdout=out)
    assert exit_info.value.code == 2
    error = json.loads(out.getvalue())["error"]
    assert error["deal"] == 2
    assert error["field"] == "calls[0]"
    assert error["rule"] in {"CB-4.2", "R-CB-1"}


def test_malformed_json_exits_2_without_traceback(tmp_path: Path) -> None:
    err = StringIO()
    with pytest.raises(SystemExit) as exit_info:
        call_command("score", write(tmp_path, "{not json"), stderr=err)
    assert exit_info.value.code == 2
    assert err.getvalue().startswith("Error: match: not valid JSON")
    assert "Traceback" not in err.getvalue()


def test_missing_file_exits_2_with_a_message(tmp_path: Path) -> None:
    out = StringIO()
    with pytest.raises(SystemExit) as exit_info:
        call_command("score", str(tmp_path / "nowhere.json"), "--json", stdout=out)
    assert exit_info.value.code == 2
    assert json.loads(out.getvalue())["error"]["field"] == "file"


def test_bg_8_1_the_text_sheet_says_the_result_once(tmp_path: Path) -> None:
    # B1 to Anna, then five passed-out deals (BG-7.4): Anna 500-0 after six deals (BG-8.1).
    deals = [B1, *[{"passed_out": True}] * 5]
    path = write(tmp_path, {"game": "bridgette", "players": ["Anna", "Ben"], "first_dealer": 0, "deals": deals})
    out = StringIO()
    call_command("score", path, stdout=out)
    lines = out.getvalue().splitlines()
    assert lines[2 + 6 + 1 :] == [
        "Totals: Anna 500, Ben 0",
        "Anna wins. Anna has the higher total, 500–0, after 6 deals (BG-8.1).",
    ]
    assert "  2♥ by Anna, made exactly (BG-7.1)  " in lines[3]  # each row says what came of its deal
