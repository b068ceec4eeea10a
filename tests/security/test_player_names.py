"""Player names: letters of every script, never a control character or a lone surrogate.

A lone surrogate has no UTF-8 form and PostgreSQL cannot store NUL: a match saved with one broke
every page that showed it. One rule in parse_match refuses them, naming `players[i]`, for the
new-match form, the import page, POST /api/score, POST /api/referee and both commands.
"""

from __future__ import annotations

import importlib
import io
import json
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.apps import apps
from django.core.management import call_command
from django.db import connection
from django.urls import reverse

from scoring.core.base import FormatError
from scoring.core.match import parse_match
from scoring.models import Match

ROOT = Path(__file__).resolve().parents[2]

# (name, the code point the error names)
REFUSED = [
    ("\ud800", "U+D800"),  # a lone high surrogate
    ("Ann\udfff", "U+DFFF"),  # a lone low surrogate
    ("A\x00B", "U+0000"),  # NUL
    ("A\x01B", "U+0001"),
    ("Anna\tLee", "U+0009"),
    ("Anna\nLee", "U+000A"),
    ("Anna\x7f", "U+007F"),
    ("Anna\x85Lee", "U+0085"),  # NEL, a C1 control
    ("Anna\u2028Lee", "U+2028"),  # line separator
]
ACCEPTED = [
    "देवनागरी",
    "क्\u200dष",  # a zero-width joiner, as Devanagari uses it
    "Ősz Gyöngyvér",
    "Łukasz Żółć",
    "Anne-Marie O'Brien",
    "李小龙",
    "Ελένη",
    "🂡 Ace",
]


def match_doc(second: str, game: str = "bridgette") -> dict[str, Any]:
    return {"game": game, "players": ["Anna", second], "first_dealer": 0}


@pytest.mark.parametrize(("name", "code_point"), REFUSED)
def test_parse_match_refuses_control_characters_and_surrogates_naming_the_player(name: str, code_point: str) -> None:
    with pytest.raises(FormatError) as error:
        parse_match(match_doc(name))
    assert error.value.field == "players[1]"
    assert code_point in error.value.message


@pytest.mark.parametrize("name", ACCEPTED)
def test_parse_match_keeps_letters_of_every_script(name: str) -> None:
    assert parse_match(match_doc(name)).players == ("Anna", name)


@pytest.mark.django_db
@pytest.mark.parametrize(("name", "code_point"), REFUSED)
def test_api_score_refuses_the_name_with_a_located_422(client: Any, name: str, code_point: str) -> None:
    response = client.post("/api/score", json.dumps(match_doc(name)), content_type="application/json")
    assert response.status_code == 422
    error = response.json()["error"]
    assert (error["field"], error["rule"]) == ("players[1]", "match-file")
    assert code_point in error["message"]


@pytest.mark.django_db
def test_api_referee_refuses_a_surrogate_name(client: Any) -> None:
    record = json.loads((ROOT / "fixtures" / "klaberjass" / "hand.json").read_text())
    record["players"] = ["N", "\ud800"]
    response = client.post("/api/referee", json.dumps(record), content_type="application/json")
    assert response.status_code == 422
    assert response.json()["error"]["path"] == "players[1]"


@pytest.mark.django_db
@pytest.mark.parametrize(("name", "code_point"), REFUSED)
def test_import_page_refuses_the_name_and_creates_nothing(owner_client: Any, name: str, code_point: str) -> None:
    upload = io.BytesIO(json.dumps(match_doc(name)).encode())
    upload.name = "match.json"
    response = owner_client.post(reverse("import_match"), {"file": upload})
    assert response.status_code == 422
    page = response.content.decode()
    assert "players[1]" in page
    assert code_point in page
    assert not Match.objects.exists()
    assert owner_client.get(reverse("home")).status_code == 200


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["A\x01B", "Anna\tLee", "Anna\u2028Lee"])
def test_new_match_form_refuses_the_name_on_its_field(owner_client: Any, name: str) -> None:
    data = {"game": "bridgette", "player_0": "Anna", "player_1": name, "first_dealer": "0"}
    response = owner_client.post(reverse("match_new"), data)
    assert response.status_code == 200
    assert "cannot hold U+" in " ".join(response.context["form"].errors["player_1"])
    assert not Match.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize("name", ACCEPTED)
def test_new_match_form_keeps_letters_of_every_script(owner_client: Any, name: str) -> None:
    data = {"game": "bridgette", "player_0": "Anna", "player_1": name, "first_dealer": "0"}
    response = owner_client.post(reverse("match_new"), data)
    match = Match.objects.get()
    assert response["Location"] == reverse("match", args=[match.pk])
    assert match.players == ["Anna", name]
    assert owner_client.get(reverse("match", args=[match.pk])).status_code == 200


def write(tmp_path: Path, doc: dict[str, Any]) -> str:
    path = tmp_path / "match.json"
    path.write_text(json.dumps(doc), encoding="utf-8")  # json.dumps writes "\ud800" as an escape
    return str(path)


@pytest.mark.parametrize(("name", "code_point"), REFUSED)
def test_score_command_exits_2_naming_the_player(tmp_path: Path, name: str, code_point: str) -> None:
    out = StringIO()
    with pytest.raises(SystemExit) as exit_info:
        call_command("score", write(tmp_path, match_doc(name)), "--json", stdout=out)
    assert exit_info.value.code == 2
    error = json.loads(out.getvalue())["error"]
    assert error["field"] == "players[1]"
    assert code_point in error["message"]


@pytest.mark.django_db
def test_import_command_exits_2_and_creates_nothing(tmp_path: Path, owner: Any) -> None:
    err = StringIO()
    with pytest.raises(SystemExit) as exit_info:
        call_command("import_match", write(tmp_path, match_doc("\ud800")), "--user", "owner", stderr=err)
    assert exit_info.value.code == 2
    assert "players[1]" in err.getvalue()
    assert not Match.objects.exists()


@pytest.mark.django_db
@pytest.mark.skipif(connection.vendor != "sqlite", reason="only SQLite ever stored such names")
def test_migration_repairs_names_saved_before_the_rule(owner_client: Any, owner: Any) -> None:
    broken = Match.objects.create(owner=owner, game="bridgette", players=["\ud800", "Ben\x00"], first_dealer=0)
    sound = Match.objects.create(owner=owner, game="bridgette", players=["Anna", "Łukasz"], first_dealer=0)
    migration = importlib.import_module("scoring.migrations.0003_repair_player_names")
    migration.repair_player_names(apps, None)
    broken.refresh_from_db()
    sound.refresh_from_db()
    assert broken.players == ["\ufffd", "Ben\ufffd"]
    assert sound.players == ["Anna", "Łukasz"]
    assert owner_client.get(reverse("home")).status_code == 200
    assert owner_client.get(reverse("match", args=[broken.pk])).status_code == 200


@pytest.mark.parametrize("second", ["Anna", "anna", "ANNA"])
def test_parse_match_refuses_a_name_already_taken_whatever_its_case(second: str) -> None:
    with pytest.raises(FormatError) as error:
        parse_match(match_doc(second))
    assert error.value.field == "players[1]"
    assert "player 1 is already called Anna" in error.value.message
