"""The "Check a hand" pages: build a hand record by tapping, see the verdict at every step.

Thin views over `referee/core`: each action edits the stored record, which is saved only
if the referee can still read it; the verdict is always recomputed by replaying it.
"""

from __future__ import annotations

import json
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from referee.core.cards import CardError, bridgette_pack, klaberjass_pack, parse_card, parse_cards, standard_pack
from referee.core.replay import replay_document
from referee.core.verdict import RecordError, Verdict
from referee.forms import EXTRA_FIELDS, NewHandForm
from referee.models import ContestedHand
from scoring.core.base import EntryError
from scoring.core.games import GAMES
from scoring.models import Match
from scoring.services import Conflict, add_deal, edit_deal

HAND_SIZE = {"bridgette": 13, "draw_bridge": 13, "call_bridge": 13, "klaberjass": 9}
PACKS = {
    "bridgette": bridgette_pack(),
    "draw_bridge": standard_pack(),
    "call_bridge": standard_pack(),
    "klaberjass": klaberjass_pack(),
}
SUIT_ORDER = {"S": 0, "H": 1, "D": 2, "C": 3, "": 4}


def _get_hand_for_user(request: HttpRequest, hand_id: int) -> ContestedHand:
    return get_object_or_404(ContestedHand.objects.for_user(request.user).select_related("match"), pk=hand_id)


def _sorted(codes: list[str] | tuple[Any, ...]) -> list[Any]:
    cards = [parse_card(code) if isinstance(code, str) else code for code in codes]
    return sorted(cards, key=lambda card: (SUIT_ORDER[card.suit], -card.rank_value if card.suit else card.rank))


def _setup_problems(record: dict[str, Any]) -> list[str]:
    """What is still missing before the referee can replay the hand."""
    game = record["game"]
    size = HAND_SIZE[game]
    problems = [
        f"{name}'s hand has {len(hand)} of {size} cards"
        for name, hand in zip(record["players"], record["hands"], strict=True)
        if len(hand) != size and not (game == "bridgette" and not hand)
    ]
    if game == "draw_bridge" and len(record.get("stock", [])) != 26:
        problems.append(f"the stock has {len(record.get('stock', []))} of 26 cards")
    if game == "klaberjass" and not record.get("turn_up"):
        problems.append("the turn-up card is missing")
    return problems


def _used_cards(record: dict[str, Any]) -> set[str]:
    used = {code for hand in record["hands"] for code in hand}
    for field, _label, many in EXTRA_FIELDS[record["game"]]:
        value = record.get(field)
        if value:
            used.update(value if many else [value])
    return used


def _verdict(record: dict[str, Any]) -> tuple[Verdict | None, str | None]:
    try:
        return replay_document(record)[1], None
    except RecordError as error:
        return None, str(error)


def _hand_context(hand: ContestedHand, seat: int | None = None) -> dict[str, Any]:
    record = hand.record
    game = GAMES[record["game"]]
    problems = _setup_problems(record)
    verdict, error = (None, None) if problems else _verdict(record)
    used = _used_cards(record)
    picking = seat if seat is not None and 0 <= seat < len(record["players"]) else 0
    turn = verdict.next_turn if verdict else None
    turn_cards = []
    if verdict and turn and turn.kind in ("play", "discard") and verdict.hands:
        allowed = set(turn.allowed)
        turn_cards = [(card, card.code in allowed) for card in _sorted(verdict.hands[turn.seat])]
    players = record["players"]
    return {
        "hand": hand,
        "dealer_name": players[record["dealer"]],
        "score_by_player": list(zip(players, verdict.score.points, strict=True)) if verdict and verdict.score else [],
        "won_by_player": list(zip(players, verdict.tricks_won, strict=True)) if verdict else [],
        "trick_rows": [
            {
                "trick": trick,
                "plays": [(players[seat], card) for seat, card in trick.plays],
                "winner": players[trick.winner] if trick.winner is not None else "",
            }
            for trick in (verdict.tricks if verdict else ())
        ],
        "record": record,
        "game": game,
        "players": record["players"],
        "problems": problems,
        "verdict": verdict,
        "record_error": error,
        "turn": turn,
        "turn_cards": turn_cards,
        "picking": picking,
        "pack": [(card, card.code in used) for card in PACKS[record["game"]]],
        "hands": [(seat_no, name, _sorted(record["hands"][seat_no])) for seat_no, name in enumerate(record["players"])],
        "extras": [
            (field, label, " ".join(record.get(field) or []) if many else (record.get(field) or ""))
            for field, label, many in EXTRA_FIELDS[record["game"]]
        ],
        "record_json": json.dumps(record, indent=1, ensure_ascii=False),
        "can_use": bool(verdict and verdict.complete and verdict.deal_entry and hand.match_id),
    }


@login_required
@require_http_methods(["GET", "POST"])
def check_hand(request: HttpRequest) -> HttpResponse:
    """The list of my hands, and a new hand (blank, or for a deal of one of my matches)."""
    initial: dict[str, Any] = {"game": "call_bridge", "dealer": "0"}
    match = None
    match_id = request.GET.get("match") or request.POST.get("match")
    deal_number = None
    if match_id and str(match_id).isdigit():
        match = get_object_or_404(Match.objects.for_user(request.user), pk=int(match_id))
        result = match.evaluate()
        requested = request.GET.get("deal") or request.POST.get("deal") or ""
        deal_number = int(requested) if requested.isdigit() and 1 <= int(requested) <= len(result.deals) else None
        dealer = result.deals[deal_number - 1].dealer if deal_number else result.next_dealer
        if deal_number is None and result.finished:
            match = None  # a finished match takes no new deal; start a free-standing hand
        else:
            deal_number = deal_number or len(result.deals) + 1
            initial = {"game": match.game, "dealer": str(dealer or 0), "flags": match.flags}
            initial.update({f"player_{seat}": name for seat, name in enumerate(match.players)})
    form = NewHandForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        record = form.record
        if match is not None:
            record.update(game=match.game, players=list(match.players), flags=list(match.flags))
        hand = ContestedHand.objects.create(owner=request.user, match=match, deal_number=deal_number, record=record)
        return redirect("hand", hand_id=hand.pk)
    hands = ContestedHand.objects.for_user(request.user).select_related("match")[:50]
    return render(
        request,
        "referee/check.html",
        {"form": form, "hands": hands, "games": GAMES.values(), "match": match, "deal_number": deal_number},
    )


@login_required
@require_safe
def hand_detail(request: HttpRequest, hand_id: int) -> HttpResponse:
    hand = _get_hand_for_user(request, hand_id)
    seat = request.GET.get("seat", "")
    context = _hand_context(hand, int(seat) if seat.isdigit() else None)
    template = "referee/hand.html#workspace" if request.htmx else "referee/hand.html"
    return render(request, template, context)


def _event(record: dict[str, Any], kind: str, seat: int, post: Any) -> dict[str, Any]:
    """The event for a tap on the page, in the shape of the game's hand record (docs/referee/)."""
    game = record["game"]
    if kind == "play":
        event: dict[str, Any] = {"type": "play", "seat": seat, "card": post.get("card", "")}
        if post.get("announce") == "bella":
            event["announce"] = "bella"
        return event
    if kind == "call":
        call = post.get("call", "").strip()
        return {"type": "call", "seat": seat, "call": int(call) if game == "call_bridge" and call.isdigit() else call}
    if kind == "draw" and game == "draw_bridge":
        return {"type": "draw", "seat": seat, "card": post.get("card", "")}
    if kind in ("draw", "discard", "declare"):
        cards = post.getlist("cards") or post.get("cards_text", "").split()
        return {"type": kind, "seat": seat, "cards": cards}
    if kind in ("trump", "answer"):
        return {"type": "bid" if kind == "trump" else "answer", "seat": seat, "choice": post.get("choice", "")}
    if kind == "dix":
        return {"type": "dix", "seat": seat}
    raise RecordError("events", f"unknown action {kind!r}")


def _apply(record: dict[str, Any], post: Any) -> dict[str, Any]:
    """A copy of ``record`` changed by one posted action; RecordError/CardError if it cannot be."""
    changed = json.loads(json.dumps(record))
    action = post.get("action", "")
    size = HAND_SIZE[changed["game"]]
    if action in ("add_card", "remove_card", "set_hand"):
        seat = int(post.get("seat", -1))
        if not 0 <= seat < len(changed["players"]):
            raise RecordError("seat", "choose a player")
        hand = changed["hands"][seat]
        if action == "add_card":
            code = parse_card(post.get("card", ""), "card").code
            if code in _used_cards(changed):
                raise RecordError("card", f"{parse_card(code).label} is already in a hand")
            if len(hand) >= size:
                raise RecordError(f"hands[{seat}]", f"{changed['players'][seat]} already holds {size} cards")
            hand.append(code)
        elif action == "remove_card":
            code = parse_card(post.get("card", ""), "card").code
            changed["hands"][seat] = [card for card in hand if parse_card(card).code != code]
        else:
            cards = [card.code for card in parse_cards(post.get("cards_text", ""), f"hands[{seat}]")]
            others = _used_cards({**changed, "hands": [h for i, h in enumerate(changed["hands"]) if i != seat]})
            clash = [code for code in cards if code in others] or [c for c in cards if cards.count(c) > 1]
            if clash:
                raise RecordError(f"hands[{seat}]", f"{parse_card(clash[0]).label} is already used")
            changed["hands"][seat] = cards
    elif action == "set_extra":
        for field, _label, many in EXTRA_FIELDS[changed["game"]]:
            text = post.get(field, "").strip()
            if many:
                changed[field] = [card.code for card in parse_cards(text, field)] if text else []
            else:
                changed[field] = parse_card(text, field).code if text else None
            if not changed[field]:
                changed.pop(field)
    elif action == "event":
        seat = int(post.get("seat", -1))
        changed["events"].append(_event(changed, post.get("kind", ""), seat, post))
    elif action == "undo_event":
        if changed["events"]:
            changed["events"].pop()
    else:
        raise RecordError("action", f"unknown action {action!r}")
    if action != "undo_event" and not _setup_problems(changed):
        replay_document(changed)  # refuse what the referee cannot read; illegal plays are fine
    return changed


@login_required
@require_POST
def hand_action(request: HttpRequest, hand_id: int) -> HttpResponse:
    hand = _get_hand_for_user(request, hand_id)
    try:
        hand.record = _apply(hand.record, request.POST)
    except (RecordError, CardError, ValueError) as error:
        message = error.message if isinstance(error, (RecordError, CardError)) else "that input is not a number"
        messages.error(request, f"Not recorded: {message}")
    else:
        hand.save(update_fields=["record", "updated"])
    seat = request.POST.get("seat", "")
    context = _hand_context(hand, int(seat) if seat.isdigit() else None)
    if request.htmx:
        return render(request, "referee/hand.html#workspace", context)
    url = reverse("hand", args=[hand.pk]) + (f"?seat={seat}" if seat.isdigit() else "")
    return redirect(url)


@login_required
@require_safe
def hand_download(request: HttpRequest, hand_id: int) -> HttpResponse:
    hand = _get_hand_for_user(request, hand_id)
    response = HttpResponse(json.dumps(hand.record, indent=2, ensure_ascii=False), content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="hand-{hand.pk}.json"'
    return response


@login_required
@require_http_methods(["GET", "POST"])
def hand_use(request: HttpRequest, hand_id: int) -> HttpResponse:
    """ "Use this result": put the replayed deal entry into the match it came from, after confirmation."""
    hand = _get_hand_for_user(request, hand_id)
    context = _hand_context(hand)
    verdict = context["verdict"]
    match = hand.match
    if not context["can_use"] or match is None or hand.deal_number is None:
        messages.error(request, "This hand is not a complete deal of one of your matches yet.")
        return redirect("hand", hand_id=hand.pk)
    deals = list(match.deals.all())
    existing = next((deal for deal in deals if deal.number == hand.deal_number), None)
    if request.method == "POST":
        try:
            if existing is None:
                add_deal(match=match, user=request.user, number=hand.deal_number, entry=verdict.deal_entry)
            else:
                posted = request.POST.get("revision", "")
                edit_deal(
                    match=match,
                    user=request.user,
                    number=hand.deal_number,
                    revision=int(posted) if posted.isdigit() else 0,  # an odd page: edit_deal refuses it
                    entry=verdict.deal_entry,
                )
        except Conflict as conflict:
            messages.warning(request, conflict.message)
        except EntryError as error:
            messages.error(request, f"The match refused this deal: {error.message} ({error.rule})")
            return redirect("hand", hand_id=hand.pk)
        else:
            messages.success(request, f"Deal {hand.deal_number} of the match now holds the referee's result.")
        return redirect("match", match_id=match.pk)
    context.update(existing=existing, match=match)
    return render(request, "referee/use.html", context)
