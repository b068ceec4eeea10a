"""The bridge hand-record files on the Check a hand pages: a PBN or LIN file read into a hand (upload or paste,
then the board chosen), and a hand written as PBN (referee/formats).

A file is read within its caps (referee.formats.MAX_FILE_BYTES): the request body is read only when its
declared length fits, and then only into memory up to the cap (reports.uploads), as the match-file import is.
Every refusal (a file too large, not PBN or LIN, a malformed tag, a board the file does not hold) is said on
the page with its line and tag, the pasted text kept, and a 4xx status.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent, TooManyFilesSent
from django.http import Http404, HttpRequest, HttpResponse
from django.http.multipartparser import MultiPartParserError
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt, csrf_protect
from django.views.decorators.http import require_http_methods, require_safe

from referee.core.games import HAND_FILE_GAMES
from referee.core.replay import replay_document
from referee.core.verdict import RecordError
from referee.formats import MAX_FILE_BYTES, FormatError
from referee.formats.notes import contract_label
from referee.forms import request_number
from referee.models import ContestedHand
from reports.uploads import CappedMemoryUpload
from scoring.core.games import GAMES

if TYPE_CHECKING:
    from referee.formats.boards import ImportedBoard

FORM_OVERHEAD = 16_000  # the CSRF token, the board, the multipart boundaries and part headers
# The file and the pasted text may both come in one request; each is held to the cap on its own.
BODY_CAP = 2 * MAX_FILE_BYTES + FORM_OVERHEAD


def _too_large() -> str:
    return _("file: a PBN or LIN file is at most %(size)s kB") % {"size": MAX_FILE_BYTES // 1024}


@login_required
@require_http_methods(["GET", "POST"])
@csrf_exempt  # CSRF is checked in _import_hand: its check reads the body, and the size comes first
def import_hand(request: HttpRequest) -> HttpResponse:
    """Read a PBN or LIN file (uploaded or pasted): one board opens as a hand; of several, the page lists them
    (number, dealer, contract) to choose one, which then opens as a hand."""
    if request.method == "GET":
        return redirect("check_hand")
    try:
        declared = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        declared = 0
    if declared > BODY_CAP:
        return _page(request, "", _too_large(), status=413)
    upload = CappedMemoryUpload(request, MAX_FILE_BYTES)
    request.upload_handlers = [upload]
    try:
        request.FILES  # noqa: B018 (parse the body now, under the capped handler)
    except (MultiPartParserError, RequestDataTooBig, TooManyFieldsSent, TooManyFilesSent):
        return _page(request, "", _("file: the upload could not be read"), status=400)
    if upload.too_large:
        return _page(request, "", _too_large(), status=413)
    return _import_hand(request)


@csrf_protect
def _import_hand(request: HttpRequest) -> HttpResponse:
    text = request.POST.get("text", "")
    upload = request.FILES.get("file")
    name = ""
    if upload is not None and upload.size:
        data = upload.read(MAX_FILE_BYTES + 1)
        name = upload.name or ""
    elif text.strip():
        data = text.encode("utf-8", "surrogatepass")
    else:
        return _page(request, text, _("file: upload a PBN or LIN file, or paste one"), status=422)
    try:
        from referee.formats.boards import read_hand_upload  # loads endplay: only where a file is read

        boards = read_hand_upload(data, name)
    except FormatError as error:
        return _page(request, _shown(data, text), error.said(), status=422)
    kept = _shown(data, text)
    asked = request.POST.get("board")
    number = request_number(asked, digits=6)
    if asked and number is None:
        return _page(request, kept, _("board: a board's number, as 1 or 12"), boards=boards, status=422)
    if number is None and len(boards) > 1:
        return _page(request, kept, None, boards=boards, status=200)
    try:
        from referee.formats.boards import choose_board

        chosen = choose_board(boards, number)
    except FormatError as error:
        return _page(request, kept, error.said(), boards=boards, status=422)
    if chosen.error is not None or chosen.record is None:
        return _page(request, kept, chosen.error.said() if chosen.error else "", boards=boards, status=422)
    hand = ContestedHand.objects.create(owner=request.user, record=chosen.record)
    return redirect("hand", hand_id=hand.pk)


def _shown(data: bytes, text: str) -> str:
    """The file's text, kept on the page (an upload's too, so that choosing a board needs no second upload)."""
    if text.strip():
        return text
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def _board_rows(boards: list[ImportedBoard]) -> list[dict[str, Any]]:
    game = GAMES[HAND_FILE_GAMES["pbn"]]
    rows = []
    for board in boards:
        players = board.record["players"] if board.record else []
        dealer = ""
        if board.dealer is not None:
            seat = str(game.seat_names[board.dealer]) if game.seat_names else str(board.dealer)
            dealer = _(seat)
            if players:
                dealer = f"{dealer} ({players[board.dealer]})"
        contract = contract_label(board.contract) if board.contract else ""
        if contract and board.declarer is not None and board.contract.lower() != "pass":
            seat = str(game.seat_names[board.declarer]) if game.seat_names else str(board.declarer)
            contract = _("%(contract)s by %(declarer)s") % {"contract": contract, "declarer": _(seat)}
        rows.append({"board": board, "dealer": dealer, "contract": contract, "error": board.error})
    return rows


def _page(
    request: HttpRequest,
    text: str,
    error: str | None,
    *,
    boards: list[ImportedBoard] | None = None,
    status: int,
) -> HttpResponse:
    # With the boards listed, a refusal is of the board chosen: said beside the boards, not under the file.
    context = {
        "file_text": text,
        "file_error": None if boards else error,
        "board_error": error if boards else None,
        "board_rows": _board_rows(boards or []),
    }
    return render(request, "referee/import.html", context, status=status)


@login_required
@require_safe
def hand_pbn_download(request: HttpRequest, hand_id: int) -> HttpResponse:
    """The hand as one PBN board, with a note on each event the referee flagged."""
    hand = get_object_or_404(ContestedHand.objects.for_user(request.user).select_related("match"), pk=hand_id)
    if hand.record.get("game") != HAND_FILE_GAMES["pbn"]:
        raise Http404(_("Only a hand of a game PBN holds can be written as PBN."))
    try:
        _record, verdict = replay_document(hand.record)
    except RecordError as error:
        messages.error(request, _("Not written as PBN: %(error)s") % {"error": error})
        return redirect("hand", hand_id=hand.pk)
    # A hand of a match is a deal of it: the board is numbered as the deal, the event named as the match.
    from referee.formats.export import hand_pbn  # loads endplay: only where a file is written

    text = hand_pbn(hand.record, verdict, board=hand.deal_number, event=hand.match.name if hand.match else "")
    response = HttpResponse(text.encode("utf-8"), content_type="application/x-pbn")
    response["Content-Disposition"] = f'attachment; filename="hand-{hand.pk}.pbn"'
    return response
