"""The "Check a hand" pages: build a hand record by tapping, see the verdict at every step.

Thin views over `referee/core`: each action (referee.core.actions) edits a copy of the stored record,
which is saved only if the referee can still read it and it is within the caps (referee.core.limits);
the verdict is always recomputed by replaying it. What the page shows of a game (its pack, the fields
outside the hands, how each turn is entered) is asked of the game's referee setup. Numbers in the
request are read by `request_number` only: ASCII digits, bounded length.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import reduce
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from referee.core.actions import PASS, apply_action, entry_calls, filled_seat, fills_last_hand, passes_to_end
from referee.core.games import REFEREES
from referee.core.limits import used_cards
from referee.core.replay import replay_document
from referee.core.setup import Entry, Setup, has_hands
from referee.core.verdict import RecordError, Verdict
from referee.formats import with_source_notes
from referee.forms import HandActionForm, NewHandForm, request_number
from referee.models import ContestedHand
from scoring.changes import describe_entry
from scoring.core.base import EntryError, side_names
from scoring.core.games import GAMES
from scoring.models import Match
from scoring.services import Conflict, add_deal, edit_deal
from scoring.sheet import points_text
from scoring.views.common import login_required_htmx
from vocabulary.cards import SUITS, parse_card

SUIT_ORDER = {**{suit: order for order, suit in enumerate(SUITS)}, "": len(SUITS)}  # ♠ ♥ ♦ ♣, then the colons


def _and(items: Sequence[str], *, commas: bool = False) -> str:
    """Words joined by "and": ``a and b and c``, or with ``commas`` ``a, b and c``."""
    if commas and len(items) > 2:
        items = [", ".join(items[:-1]), items[-1]]
    return reduce(lambda first, second: _("%(first)s and %(second)s") % {"first": first, "second": second}, items)


def _get_hand_for_user(request: HttpRequest, hand_id: int) -> ContestedHand:
    return get_object_or_404(ContestedHand.objects.for_user(request.user).select_related("match"), pk=hand_id)


def _deal_entry(match: Match | None, number: int | None) -> dict[str, Any] | None:
    """The entry of deal ``number`` of ``match`` as the match holds it, normalised (Game.to_entry); None when there is
    no such deal yet."""
    if match is None or number is None:
        return None
    deals = match.evaluate().deals
    if not 1 <= number <= len(deals):
        return None
    return GAMES[match.game].to_entry(deals[number - 1].deal)


def _sorted(codes: list[str] | tuple[Any, ...]) -> list[Any]:
    cards = [parse_card(code) if isinstance(code, str) else code for code in codes]
    return sorted(cards, key=lambda card: (SUIT_ORDER[card.suit], -card.rank_value if card.suit else card.rank))


def _verdict(record: dict[str, Any]) -> tuple[Verdict | None, str | None]:
    try:
        # A hand read from a PBN or LIN file: what the file says of it (its result, its vulnerability) follows.
        return with_source_notes(record, replay_document(record)[1]), None
    except RecordError as error:
        return None, str(error)


def _targets(setup: Setup, record: dict[str, Any], seat: int | None, into: str) -> list[dict[str, Any]]:
    """Where a card tapped in the pack goes: each hand, then each field outside the hands (the stock in the
    order tapped, the turn-up). The one asked for is current; else the first with room."""
    hands = record["hands"] if has_hands(record) else []  # a record of the plays only has none to fill
    targets = [
        {
            "seat": number,
            "into": "",
            "name": name,
            "noun": _("%(name)s's hand") % {"name": name},
            "count": len(hand),
            "size": setup.hand_size,
            "query": f"seat={number}",
        }
        for number, (name, hand) in enumerate(zip(record["players"], hands, strict=False))  # none: plays only
    ]
    for field in setup.extras_for(record):
        value = record.get(field.name)
        count = len(value or []) if field.many else int(bool(value))
        name = field.noun.removeprefix("the ")
        targets.append(
            {
                "seat": None,
                "into": field.name,
                "name": name[:1].upper() + name[1:],
                "noun": field.noun,
                "count": count,
                "size": field.size,
                "query": f"into={field.name}",
            }
        )
    if not targets:
        return targets
    wanted = next((t for t in targets if t["into"] and t["into"] == into), None)
    if wanted is None and seat is not None and 0 <= seat < len(hands):
        wanted = targets[seat]
    if wanted is None:
        wanted = next((t for t in _with_room(setup, targets)), targets[0])
    wanted["current"] = True
    return targets


def _with_room(setup: Setup, targets: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The targets that still take cards, in order; where the last hand fills itself (`fills_last_hand`), the one
    hand still short comes after the fields outside the hands, so the page never moves on to it while they have
    room: a turn-up is not tapped into the last hand by mistake."""
    room = [target for target in targets if target["count"] < target["size"]]
    short = [target for target in room if not target["into"]]
    if fills_last_hand(setup) and len(short) == 1:
        room = [*(target for target in room if target["into"]), *short]
    # A field whose card is also a hand's (the turn-up, as held) comes first: one tap, and the card stays free.
    first = {field.name for field in setup.extras if field.in_hand}
    return sorted(room, key=lambda target: target["into"] not in first)


def _next_target(setup: Setup, targets: list[dict[str, Any]]) -> tuple[int | None, str]:
    """After a card is placed: the current target while it has room, else the next one that has, from the current
    one round (`_with_room`: the fields outside the hands before a last hand that fills itself)."""
    if not targets:
        return None, ""
    at = next(number for number, target in enumerate(targets) if target.get("current"))
    current = targets[at]
    if current["count"] < current["size"]:
        return current["seat"], current["into"]
    chosen = next(iter(_with_room(setup, targets[at:] + targets[:at])), current)
    return chosen["seat"], chosen["into"]


def _hand_context(hand: ContestedHand, seat: int | None = None, into: str = "") -> dict[str, Any]:
    record = hand.record
    referee = REFEREES[record["game"]]
    setup = referee.setup.for_record(record)
    game = GAMES[record["game"]]
    problems = referee.setup_problems(record)
    verdict, error = (None, None) if problems else _verdict(record)
    used = used_cards(setup, record)
    targets = _targets(setup, record, seat, into)
    turn = verdict.next_turn if verdict else None
    entry = setup.entry(turn.kind) if turn else None
    plays_only = not has_hands(record)
    turn_cards: list[tuple[Any, bool | None]] = []
    if verdict and turn and entry and plays_only and entry.field in ("card", "cards"):
        # No hands: the seat's cards are the ones it is known to hold and those nobody has played or holds.
        turn_cards = [(card, None) for card in _cards_to_play(setup, verdict, turn.seat)]
    elif verdict and turn and entry and entry.way in (Entry.CARD, Entry.CARDS) and verdict.hands:
        allowed = set(turn.allowed)
        turn_cards = [(card, card.code in allowed) for card in _sorted(verdict.hands[turn.seat])]
    players = record["players"]
    # One tap for the passes that end the bidding, when two or more do ("Ben, Cleo and Dev pass").
    passing = passes_to_end(referee, record) if turn and entry and PASS in turn.allowed else []
    # The match's deal knows its contract or calls: one tap records them, when the bidding is still to start.
    bidding = turn is not None and entry is not None and entry.field == "call" and not _has_calls(record, turn.kind)
    match_entry = _deal_entry(hand.match, hand.deal_number) if bidding else None
    match_calls = entry_calls(referee, record, match_entry) if match_entry else []
    extras = setup.extras_for(record)
    outside = [field.noun for field in setup.extras if field.dealt]
    ruling = verdict.ruling if verdict else None
    return {
        "hand": hand,
        "dealer_name": players[record["dealer"]],
        # Points are per side (Game.sides): a partnership's side is named by both its players.
        "score_by_player": list(zip(side_names(game, players), map(points_text, verdict.score.points), strict=True))
        if verdict and verdict.score
        else [],
        "score_lines": [(side_names(game, players)[line.side], line) for line in verdict.score.lines]
        if verdict and verdict.score
        else [],
        "deal_text": describe_entry(game, verdict.deal_entry, record["flags"], players)
        if verdict and verdict.deal_entry
        else "",
        # The deal as ruled, when a remedy changes it (docs/hand-record.md): its words, its points and their lines.
        "ruled_text": describe_entry(game, ruling.entry, record["flags"], players) if ruling else "",
        "ruled_by_player": list(zip(side_names(game, players), map(points_text, ruling.score.points), strict=True))
        if ruling
        else [],
        "ruled_lines": [(side_names(game, players)[line.side], line) for line in ruling.score.lines] if ruling else [],
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
        # The house rules in force, each in its words and with its ruling, never by its flag name (br_chicago).
        "flags": [game.flags[name] for name in record["flags"] if name in game.flags],
        "game": game,
        "setup": setup,
        "players": record["players"],
        "problems": problems,
        "verdict": verdict,
        "record_error": error,
        "turn": turn,
        "turn_player": players[turn.seat] if turn else "",
        "match_calls": describe_entry(game, match_entry, record["flags"], players)
        if match_calls and match_entry
        else "",
        "pass_round": _and([players[event["seat"]] for event in passing], commas=True) if len(passing) > 1 else "",
        "entry": entry,
        "asides": entry.aside.forms(players) if entry and entry.aside else (),
        "turn_cards": turn_cards,
        "targets": targets,
        "target": next((target for target in targets if target.get("current")), None),
        "fills_last_hand": _and([_("every other hand"), *outside]) if fills_last_hand(setup) and not plays_only else "",
        "plays_only": plays_only,
        "pack": [(card, card.code in used) for card in setup.pack],
        "hands": []
        if plays_only
        else [(seat_no, name, _sorted(record["hands"][seat_no])) for seat_no, name in enumerate(record["players"])],
        "extras": [
            (field, " ".join(record.get(field.name) or []) if field.many else (record.get(field.name) or ""))
            for field in extras
        ],
        "extra_nouns": _and([field.noun for field in extras], commas=True) if extras else "",
        "extra_cards": [(field, [parse_card(code) for code in _as_list(record.get(field.name))]) for field in extras],
        "record_json": json.dumps(record, indent=1, ensure_ascii=False),
        "can_use": bool(verdict and verdict.complete and verdict.deal_entry and hand.match_id),
    }


def _has_calls(record: dict[str, Any], kind: str) -> bool:
    """Whether the record holds an event of the turn kind ``kind`` (a call already recorded)."""
    return any(event.get("type") == kind for event in record["events"])


def _cards_to_play(setup: Setup, verdict: Verdict, seat: int) -> list[Any]:
    """A record of the plays only: the cards ``seat`` may be tapping, in suit order: those it is known to hold
    (the turn-up it took, a card it drew) and every card of the pack nobody has played or is known to hold."""
    played = {card for trick in verdict.tricks for _seat, card in trick.plays}
    held = {card for hand in verdict.hands for card in hand}
    own = list(verdict.hands[seat]) if seat < len(verdict.hands) else []
    return _sorted([*own, *(card for card in setup.pack if card not in played and card not in held)])


def _as_list(value: Any) -> list[str]:
    return value if isinstance(value, list) else [value] if value else []


@login_required
@require_http_methods(["GET", "POST"])
def check_hand(request: HttpRequest) -> HttpResponse:
    """The list of my hands, and a new hand (blank, or for a deal of one of my matches)."""
    initial: dict[str, Any] = {"game": next(iter(REFEREES)), "dealer": "0"}
    match = None
    match_id = request_number(request.GET.get("match") or request.POST.get("match"))
    deal_number = None
    unrefereed = None
    if match_id is not None:
        match = get_object_or_404(Match.objects.for_user(request.user), pk=match_id)
    if match is not None and match.game not in REFEREES:
        unrefereed, match = GAMES[match.game], None  # said on the page; a free-standing hand can still be started
    if match is not None:
        result = match.evaluate()
        requested = request_number(request.GET.get("deal") or request.POST.get("deal"))
        deal_number = requested if requested is not None and 1 <= requested <= len(result.deals) else None
        dealer = result.deals[deal_number - 1].dealer if deal_number else result.next_dealer
        if deal_number is None and result.finished:
            match = None  # a finished match takes no new deal; start a free-standing hand
        else:
            deal_number = deal_number or len(result.deals) + 1
            initial = {"game": match.game, "dealer": str(dealer or 0), "flags": match.flags}
            initial.update({f"player_{seat}": name for seat, name in enumerate(match.players)})
    # The chosen game sets the form's name fields, dealers and house rules: the match's game, else the one posted or
    # asked for (?game=, the game chooser, which keeps the names typed so far), else the first the referee knows.
    asked = request.POST.get("game") or request.GET.get("game")
    if match is None and asked in REFEREES:
        initial.update(game=asked)
        initial.update({key: request.GET[key] for key in request.GET if key.startswith("player_")})
    form = NewHandForm(request.POST or None, initial=initial, game=initial["game"])
    if request.method == "POST" and form.is_valid():
        record = form.record
        if match is not None:
            record.update(game=match.game, players=list(match.players), flags=list(match.flags))
            known = _deal_entry(match, deal_number)
            if known is not None:  # the deal's contract or calls, where the bidding comes first
                record["events"] = entry_calls(REFEREES[match.game], record, known)
        hand = ContestedHand.objects.create(owner=request.user, match=match, deal_number=deal_number, record=record)
        return redirect("hand", hand_id=hand.pk)
    hands = [
        (hand, GAMES[hand.record["game"]].title)
        for hand in ContestedHand.objects.for_user(request.user).select_related("match")[:50]
    ]
    games = [GAMES[name] for name in REFEREES]  # the games the referee knows
    return render(
        request,
        "referee/check.html",
        {
            "form": form,
            "hands": hands,
            "games": games,
            "match": match,
            "deal_number": deal_number,
            "unrefereed": unrefereed,
        },
    )


@login_required_htmx
@require_safe
def hand_detail(request: HttpRequest, hand_id: int) -> HttpResponse:
    hand = _get_hand_for_user(request, hand_id)
    context = _hand_context(hand, request_number(request.GET.get("seat"), digits=2), request.GET.get("into", ""))
    template = "referee/hand.html#workspace" if request.htmx else "referee/hand.html"
    return render(request, template, context)


@login_required_htmx
@require_POST
def hand_action(request: HttpRequest, hand_id: int) -> HttpResponse:
    """One tap: checked as a whole (HandActionForm, then the record it makes) before anything is saved."""
    hand = _get_hand_for_user(request, hand_id)
    setup = REFEREES[hand.record["game"]].setup.for_record(hand.record)
    form = HandActionForm(request.POST, setup=setup)
    seat, into = None, ""
    if not form.is_valid():
        messages.error(request, _("Not recorded: %(problem)s") % {"problem": form.problem()})
    else:
        seat, into = form.cleaned_data["seat"], form.cleaned_data["into"]
        try:
            action = form.cleaned_data
            if action["action"] == "match_calls":  # the calls of the match's own deal, never the post's
                action = {**action, "entry": _deal_entry(hand.match, hand.deal_number)}
            record = apply_action(hand.record, action)
        except RecordError as error:
            if error.path:
                refusal = _("Not recorded: %(path)s: %(message)s") % {"path": error.path, "message": error.message}
            else:
                refusal = _("Not recorded: %(message)s") % {"message": error.message}
            messages.error(request, refusal)
        else:
            filled = filled_seat(setup, hand.record, record, None if into else seat)
            if filled is not None:
                count = len(record["hands"][filled])
                # English says "cards" whatever the count, as it always has; other languages have their plural forms.
                filled_text = ngettext(
                    "%(name)s's hand filled itself with the %(count)s cards left: the pack less %(others)s.",
                    "%(name)s's hand filled itself with the %(count)s cards left: the pack less %(others)s.",
                    count,
                )
                others = _and([_("the other hands"), *(field.noun for field in setup.extras if field.dealt)])
                messages.info(
                    request, filled_text % {"name": record["players"][filled], "count": count, "others": others}
                )
            hand.record = record
            hand.save(update_fields=["record", "updated"])
            if form.cleaned_data["action"] == "add_card":  # a full hand or stock hands the taps on to the next
                seat, into = _next_target(setup, _targets(setup, record, seat, into))
    if request.htmx:
        return render(request, "referee/hand.html#workspace", _hand_context(hand, seat, into))
    query = f"?into={into}" if into else f"?seat={seat}" if seat is not None else ""
    return redirect(reverse("hand", args=[hand.pk]) + query)


@login_required
@require_safe
def hand_download(request: HttpRequest, hand_id: int) -> HttpResponse:
    hand = _get_hand_for_user(request, hand_id)
    response = HttpResponse(json.dumps(hand.record, indent=2, ensure_ascii=False), content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="hand-{hand.pk}.json"'
    return response


def _ruling(hand: ContestedHand, verdict: Verdict) -> dict[str, Any]:
    """What the match's history keeps of a verdict whose result a deal takes (Change.ruling): the hand, each fault
    in words with its rule ("Ben played 9♦ … in trick 5", BR-5.2), then each step of the ruling with the rule and
    law behind it ("2 tricks to N-S …", BR-10.5, Law 64A1), as said now."""
    faults = [{"rule": fault.rule, "text": str(fault.message)} for fault in verdict.violations]
    for step in verdict.ruling.steps if verdict.ruling else ():
        rule = f"{step.rule}, {step.source}" if step.source else step.rule
        faults.append({"rule": rule, "text": str(step.text)})
    return {"hand": hand.pk, "faults": faults}


@login_required
@require_http_methods(["GET", "POST"])
def hand_use(request: HttpRequest, hand_id: int) -> HttpResponse:
    """ "Use this result": put the replayed deal entry into the match it came from, after confirmation: the deal as
    ruled when a remedy changes it (docs/hand-record.md), else the deal as played."""
    hand = _get_hand_for_user(request, hand_id)
    context = _hand_context(hand)
    verdict = context["verdict"]
    ruling = verdict.ruling if verdict else None
    entry = ruling.entry if ruling else verdict.deal_entry if verdict else None
    match = hand.match
    if not context["can_use"] or match is None or hand.deal_number is None:
        messages.error(request, _("This hand is not a complete deal of one of your matches yet."))
        return redirect("hand", hand_id=hand.pk)
    deals = list(match.deals.all())
    existing = next((deal for deal in deals if deal.number == hand.deal_number), None)
    if request.method == "POST":
        try:
            kept = _ruling(hand, verdict)
            if existing is None:
                add_deal(match=match, user=request.user, number=hand.deal_number, entry=entry, ruling=kept)
            else:
                edit_deal(
                    match=match,
                    user=request.user,
                    number=hand.deal_number,
                    # An odd page: edit_deal refuses revision 0 as stale.
                    revision=request_number(request.POST.get("revision")) or 0,
                    entry=entry,
                    ruling=kept,
                )
        except Conflict as conflict:
            messages.warning(request, conflict.message)
        except EntryError as error:
            messages.error(
                request,
                _("The match refused this deal: %(message)s (%(rule)s)")
                % {"message": error.message, "rule": error.rule},
            )
            return redirect("hand", hand_id=hand.pk)
        else:
            messages.success(
                request,
                _("Deal %(number)s of the match now holds the referee's result.") % {"number": hand.deal_number},
            )
        return redirect("match", match_id=match.pk)
    if ruling:
        context.update(deal_text=context["ruled_text"], score_lines=context["ruled_lines"])
    context.update(
        ruling=ruling,
        existing=existing,
        existing_text=describe_entry(GAMES[match.game], existing.entry, match.flags, match.players) if existing else "",
        match=match,
    )
    return render(request, "referee/use.html", context)
