"""PBN and LIN files through the Check a hand page, `manage.py referee` and POST /api/referee, and the PBN
download of a hand: each refusal a located 4xx, never a server error. Expected values are the fixtures' tags."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse

from referee.formats import MAX_FILE_BYTES
from referee.models import ContestedHand

pytestmark = pytest.mark.django_db

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "contract_bridge"
PBN_PATH = FIXTURES / "club-night.pbn"
LIN_PATH = FIXTURES / "bbo.lin"
PBN = PBN_PATH.read_text(encoding="utf-8")
LIN = LIN_PATH.read_text(encoding="utf-8")
IMPORT = "/referee/import/"


# --- The Check a hand page --------------------------------------------------------------------------------


def test_the_check_a_hand_page_offers_a_file(owner_client: Any) -> None:
    page = owner_client.get(reverse("check_hand")).content.decode()
    assert 'action="/referee/import/"' in page and 'name="text"' in page and 'type="file"' in page


def test_a_pasted_file_of_several_boards_lists_them_to_choose(owner_client: Any) -> None:
    response = owner_client.post(IMPORT, {"text": PBN})
    assert response.status_code == 200
    page = response.content.decode()
    assert "The file holds 4 boards" in page
    # Board 2: [Dealer "E"] (Ben, East), [Contract "3NT"] [Declarer "S"].
    assert "Board 2 · dealer East (Ben) · 3NT by South" in " ".join(page.split())
    assert "Board 3 · dealer South (Cleo) · passed out" in " ".join(page.split())
    assert ContestedHand.objects.count() == 0


def test_br_5_3_the_chosen_board_opens_as_a_hand_with_its_verdict(owner_client: Any, owner: Any) -> None:
    response = owner_client.post(IMPORT, {"text": PBN, "board": "2"})
    hand = ContestedHand.objects.get()
    assert hand.owner == owner and hand.match is None
    assert response.status_code == 302 and response["Location"] == reverse("hand", args=[hand.pk])
    page = " ".join(owner_client.get(response["Location"]).content.decode().split())
    assert "Event 19, trick 3: Ben played 6♣ to K" in page  # the red suits are drawn in a span of their own
    assert "/rules/rule/BR-5.3/" in page
    assert "The file says 3NT by Cleo, 5 tricks; the replay agrees." in page


def test_an_uploaded_lin_file_of_one_board_opens_at_once(owner_client: Any) -> None:
    upload = SimpleUploadedFile("bbo.lin", LIN.encode(), content_type="application/octet-stream")
    response = owner_client.post(IMPORT, {"file": upload})
    hand = ContestedHand.objects.get()
    assert response.status_code == 302
    assert hand.record["players"] == ["nora_b", "ed_h", "sam_k", "wes77"]  # pn| from South: sam_k,wes77,nora_b,ed_h


def test_a_malformed_file_is_told_with_its_line_and_tag_and_the_text_is_kept(owner_client: Any) -> None:
    text = PBN.replace('[Contract "4S"]', '[Contract "8S"]')
    response = owner_client.post(IMPORT, {"text": text})
    assert response.status_code == 422
    page = response.content.decode()
    line = next(n for n, row in enumerate(text.splitlines(), start=1) if row.startswith('[Contract "8S"]'))
    assert f"line {line}, [Contract]: a contract is Pass" in page
    assert "[Contract &quot;8S&quot;]" in page  # the pasted text, escaped, back in its box
    assert ContestedHand.objects.count() == 0


@pytest.mark.parametrize(
    ("data", "status", "said"),
    [
        ({"text": PBN, "board": "7"}, 422, "board: the file has no board 7; it holds boards 1, 2, 3, 4"),
        ({"text": PBN, "board": "²"}, 422, "board: a board"),
        ({"text": "   "}, 422, "upload a PBN or LIN file, or paste one"),
        ({"text": "hello there"}, 422, "neither a PBN file"),
        ({"text": "x" * (MAX_FILE_BYTES + 1)}, 422, f"at most {MAX_FILE_BYTES // 1024} kB"),
    ],
)
def test_every_refusal_is_a_located_4xx(owner_client: Any, data: dict[str, str], status: int, said: str) -> None:
    response = owner_client.post(IMPORT, data)
    assert response.status_code == status
    assert said in response.content.decode().replace("&#x27;", "'")


def test_an_upload_over_the_cap_is_refused_413(owner_client: Any) -> None:
    upload = SimpleUploadedFile("big.pbn", b";" * (MAX_FILE_BYTES + 10))
    response = owner_client.post(IMPORT, {"file": upload})
    assert response.status_code == 413
    assert f"at most {MAX_FILE_BYTES // 1024} kB" in response.content.decode()


def test_a_board_with_an_error_is_listed_with_it_and_cannot_be_chosen(owner_client: Any) -> None:
    text = PBN.replace("N:A643.KJT8.92.AK3 ", "N:A64.KJT8.92.AK3 ", 1)  # board 1: North has 12 cards
    page = owner_client.post(IMPORT, {"text": text}).content.decode()
    assert 'value="1" disabled' in page
    response = owner_client.post(IMPORT, {"text": text, "board": "1"})
    assert response.status_code == 422 and "[Deal]" in response.content.decode()


def test_the_import_needs_a_log_in(client: Any) -> None:
    response = client.post(IMPORT, {"text": PBN})
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert ContestedHand.objects.count() == 0


# --- The PBN download -------------------------------------------------------------------------------------


def test_a_hand_downloads_as_pbn_with_a_note_on_each_violation(owner_client: Any) -> None:
    owner_client.post(IMPORT, {"text": PBN, "board": "2"})
    hand = ContestedHand.objects.get()
    page = owner_client.get(reverse("hand", args=[hand.pk])).content.decode()
    assert reverse("hand_pbn", args=[hand.pk]) in page
    response = owner_client.get(reverse("hand_pbn", args=[hand.pk]))
    assert response.status_code == 200
    assert response["Content-Disposition"] == f'attachment; filename="hand-{hand.pk}.pbn"'
    lines = response.content.decode().splitlines()
    assert "H4 HA C6 =1= HK" in lines
    assert any(line.startswith('[Note "1:BR-5.3: Ben played 6♣') for line in lines)


def test_the_pbn_download_is_the_owners_only(owner_client: Any, stranger: Any) -> None:
    hand = ContestedHand.objects.create(owner=stranger, record=json.loads((FIXTURES / "hand.json").read_text()))
    assert owner_client.get(reverse("hand_pbn", args=[hand.pk])).status_code == 404


def test_a_hand_of_another_game_has_no_pbn(owner_client: Any, owner: Any) -> None:
    record = json.loads((FIXTURES.parent / "call_bridge" / "hand.json").read_text())
    hand = ContestedHand.objects.create(owner=owner, record=record)
    assert owner_client.get(reverse("hand_pbn", args=[hand.pk])).status_code == 404
    assert reverse("hand_pbn", args=[hand.pk]) not in owner_client.get(reverse("hand", args=[hand.pk])).content.decode()


def test_a_hand_not_yet_dealt_is_not_written_and_says_why(owner_client: Any, owner: Any) -> None:
    record = {**json.loads((FIXTURES / "hand.json").read_text()), "hands": [[], [], [], []], "events": []}
    hand = ContestedHand.objects.create(owner=owner, record=record)
    response = owner_client.get(reverse("hand_pbn", args=[hand.pk]))
    assert response.status_code == 302 and response["Location"] == reverse("hand", args=[hand.pk])


# --- manage.py referee ------------------------------------------------------------------------------------


def test_the_command_checks_the_board_asked_for(tmp_path: Path) -> None:
    out = StringIO()
    call_command("referee", str(PBN_PATH), "--board", "2", stdout=out)
    text = out.getvalue()
    assert "  event 19 (trick 3, Ben): Ben played 6♣ to K♥ while holding 10♥" in text
    assert "Note: The file says 3NT by Cleo, 5 tricks; the replay agrees." in text


def test_the_command_reads_a_lin_file_as_json(tmp_path: Path) -> None:
    out = StringIO()
    call_command("referee", str(LIN_PATH), "--json", stdout=out)
    verdict = json.loads(out.getvalue())
    assert verdict["complete"] and verdict["deal_entry"]["tricks"] == 8


def test_the_command_knows_a_pbn_file_by_its_content(tmp_path: Path) -> None:
    path = tmp_path / "board.txt"
    path.write_text(PBN)
    out = StringIO()
    call_command("referee", str(path), "--board", "1", "--json", stdout=out)
    assert json.loads(out.getvalue())["deal_entry"]["tricks"] == 9  # [Result "9"]


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (["--board", "9"], {"path": "board", "message": "the file has no board 9; it holds boards 1, 2, 3, 4"}),
        ([], {"path": "board", "message": "the file holds 4 boards (1, 2, 3, 4): choose one"}),
    ],
)
def test_the_command_refuses_a_board_it_cannot_choose(args: list[str], error: dict[str, Any]) -> None:
    out = StringIO()
    with pytest.raises(SystemExit) as caught:
        call_command("referee", str(PBN_PATH), *args, "--json", stdout=out)
    assert caught.value.code == 2
    assert json.loads(out.getvalue())["error"] == {**error, "line": None, "tag": None}


def test_the_command_locates_a_malformed_tag(tmp_path: Path) -> None:
    path = tmp_path / "bad.pbn"
    path.write_text(PBN.replace('[Dealer "E"]', '[Dealer "Q"]'))
    out = StringIO()
    with pytest.raises(SystemExit):
        call_command("referee", str(path), "--board", "2", "--json", stdout=out)
    line = next(n for n, row in enumerate(path.read_text().splitlines(), start=1) if row == '[Dealer "Q"]')
    assert json.loads(out.getvalue())["error"]["path"] == f"line {line}, [Dealer]"


# --- POST /api/referee ------------------------------------------------------------------------------------


def test_br_5_3_the_api_referees_a_board_of_a_pbn_body(client: Any) -> None:
    response = client.post("/api/referee?board=2", PBN, content_type="application/x-pbn")
    assert response.status_code == 200
    verdict = response.json()
    assert [(v["event"], v["rule"]) for v in verdict["violations"]] == [(19, "BR-5.3")]
    assert "The file says 3NT by Cleo, 5 tricks; the replay agrees." in verdict["notes"]


def test_the_api_reads_a_lin_body_and_a_text_plain_one_with_its_format(client: Any) -> None:
    assert client.post("/api/referee", LIN, content_type="application/x-lin").json()["deal_entry"]["tricks"] == 8
    response = client.post("/api/referee?format=pbn&board=3", PBN, content_type="text/plain")
    assert response.json()["deal_entry"] == {"passed_out": True}


@pytest.mark.parametrize(
    ("url", "body", "content_type", "path"),
    [
        ("/api/referee?board=7", PBN, "application/x-pbn", "board"),
        ("/api/referee", PBN, "application/x-pbn", "board"),
        ("/api/referee?board=two", PBN, "application/x-pbn", "board"),
        ("/api/referee", PBN, "text/plain", "format"),
        ("/api/referee?board=1", PBN.replace("HA H8 H3 H9", "HA H8 H3 H1"), "application/x-pbn", "[Play]"),
        ("/api/referee", "\udcff".encode("utf-8", "surrogatepass") + b"\xff", "application/x-lin", ""),
    ],
)
def test_the_api_refuses_a_file_with_a_located_422(
    client: Any, url: str, body: Any, content_type: str, path: str
) -> None:
    response = client.post(url, body, content_type=content_type)
    assert response.status_code == 422
    assert path in response.json()["error"]["path"]


def test_the_api_schema_documents_the_file_bodies(client: Any) -> None:
    operation = client.get("/api/openapi.json").json()["paths"]["/api/referee"]["post"]
    assert set(operation["requestBody"]["content"]) == {
        "application/json",
        "application/x-pbn",
        "application/x-lin",
        "text/plain",
    }
    assert {parameter["name"] for parameter in operation["parameters"]} >= {"board", "format"}


def test_a_hand_of_a_match_is_written_as_that_deal_of_the_match(owner_client: Any, owner: Any, make_match: Any) -> None:
    match = make_match("contract_bridge", deals=[{"passed_out": True}, {"passed_out": True}])
    record = json.loads((FIXTURES / "hand.json").read_text())
    hand = ContestedHand.objects.create(owner=owner, match=match, deal_number=3, record=record)
    lines = owner_client.get(reverse("hand_pbn", args=[hand.pk])).content.decode().splitlines()
    assert '[Board "3"]' in lines and f'[Event "{match.name}"]' in lines
