"""Fuzzing the Check a hand actions: every action and event kind the page posts, for every game.

Odd values (unicode digits, huge strings, negative numbers, unknown words) and long runs of
well-formed events. Whatever comes: never a server error, a stored record is within the caps
and read by its game's parser, and a refused action leaves the stored record exactly as it was,
with a message that names the field.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from django.contrib.messages import get_messages
from django.http import QueryDict
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.core.actions import ACTIONS, apply_action
from referee.core.games import REFEREES
from referee.core.limits import MAX_RECORD_BYTES, check_record
from referee.core.verdict import RecordError
from referee.forms import HandActionForm
from referee.models import ContestedHand

pytestmark = pytest.mark.django_db

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
RECORDS = {game: json.loads((FIXTURES / game / "hand.json").read_text()) for game in REFEREES}
REFUSED = re.compile(r"Not recorded: ([\w.\[\]]+): \S")
# Every kind of event any game's page posts, for odd posts: a kind of one game is unknown to another.
EVENT_KINDS = sorted({kind for referee in REFEREES.values() for kind in referee.setup.taps})

ODD_NUMBERS = ["²", "①", "٣", "१", "-1", "+1", " 1", "1.0", "1e3", "0x1", "9" * 40, "", "4", "99", "1\x00"]
HUGE = ["A" * 300_000, "AS " * 100_000, "²" * 100_000]
odd = st.sampled_from(ODD_NUMBERS + HUGE) | st.text(max_size=12)
CALLS = ["2", "3", "13", "14", "0", "-2", "03", "1NT", "3nt", "7NT", "8C", "0NT", "pass", "X", "xx", "double"]
CHOICES = ["take", "pass", "schmeiss", "S", "h", "play", "throw_in", "trump", "bella"]
FUZZ = settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))


def tap_kind(game: str, event_type: str) -> str:
    """The kind of tap that records an event of this type (Klaberjass's "bid" is tapped as its "trump" turn)."""
    return next(kind.kind for kind in REFEREES[game].setup.events if kind.type == event_type)


def post_of(game: str, event: dict[str, Any], as_list: bool = False) -> dict[str, Any]:
    """The post that records ``event`` (the page's own fields)."""
    post: dict[str, Any] = {"action": "event", "kind": tap_kind(game, event["type"]), "seat": str(event["seat"])}
    for field in ("card", "call", "choice", "announce"):
        if field in event:
            post[field] = str(event[field])
    if "cards" in event:
        post.update({"cards": event["cards"]} if as_list else {"cards_text": " ".join(event["cards"])})
    return post


def well_formed_posts(game: str) -> list[dict[str, Any]]:
    """Posts of events that parse (legal or not): the fixture's, and for lists of cards the whole pack."""
    events = RECORDS[game]["events"]
    posts = [post_of(game, event, as_list=number % 2 == 0) for number, event in enumerate(events)]
    pack = [card.code for card in REFEREES[game].setup.pack]
    posts += [post_of(game, {**event, "cards": pack}) for event in events if "cards" in event][:2]
    return posts


def odd_posts(game: str) -> st.SearchStrategy[dict[str, Any]]:
    setup = REFEREES[game].setup
    seats = [str(seat) for seat in range(setup.seats)]
    codes = [card.code for card in setup.pack] + ["10♥", "a♠", "GC", "2S", "ZZ", "", "AS AS", "１S"]
    cards = st.sampled_from(codes) | odd
    card_text = st.lists(st.sampled_from(codes), max_size=60).map(" ".join) | odd
    optional: dict[str, st.SearchStrategy[Any]] = {
        "seat": st.sampled_from(seats) | st.sampled_from(ODD_NUMBERS),
        "card": cards,
        "cards": st.lists(cards, max_size=60),
        "cards_text": card_text,
        "call": st.sampled_from(CALLS) | odd,
        "choice": st.sampled_from(CHOICES) | odd,
        "announce": st.sampled_from(["bella", "Bella", ""]) | odd,
    }
    for field in setup.extras:
        optional[field.name] = card_text if field.many else cards
    actions = st.sampled_from([*ACTIONS, "", "shuffle", "EVENT", "undo_event "])
    kinds = st.sampled_from([*EVENT_KINDS, "", "bid", "pass", "PLAY"])
    well_formed = st.sampled_from(well_formed_posts(game))
    changes = st.fixed_dictionaries({}, optional={"action": actions, "kind": kinds, **optional})
    # A well-formed event with one or more fields made odd, or any action with any fields.
    mutated = st.builds(lambda post, change: {**post, **change}, well_formed, changes)
    anything = st.fixed_dictionaries({"action": actions, "kind": kinds}, optional=optional)
    return st.one_of(well_formed, mutated, mutated, anything)


def stored(hand: ContestedHand) -> dict[str, Any]:
    hand.refresh_from_db()
    return dict(hand.record)


def assert_within_caps(record: dict[str, Any]) -> None:
    assert len(record["events"]) <= REFEREES[record["game"]].setup.event_cap
    assert len(json.dumps(record, ensure_ascii=False).encode()) <= MAX_RECORD_BYTES


def starts(game: str) -> dict[str, dict[str, Any]]:
    """Blank, dealt, played, and dealt with the events filled up to a few short of the cap."""
    record = RECORDS[game]
    cap = REFEREES[game].setup.event_cap
    pool = list(record["events"])
    full = [pool[number % len(pool)] for number in range(cap - 3)]
    blank = {**record, "hands": [[] for _ in record["hands"]], "events": []}
    for field in REFEREES[game].setup.extras:
        blank.pop(field.name, None)
    setup = REFEREES[game].setup
    outside = {field.name for field in setup.extras if field.name not in setup.plays_only_extras}
    plays_only = {key: value for key, value in record.items() if key != "hands" and key not in outside}
    shapes = {
        "blank": blank,
        "dealt": {**record, "events": []},
        "played": record,
        "near the cap": {**record, "events": full},
        # a record of the plays only (docs/hand-record.md), blank and played
        "plays only": {**plays_only, "events": []},
        "plays only, played": plays_only,
    }
    if setup.held is not None:
        shapes["held, blank"] = {**blank, "held": True}
    return shapes


@pytest.mark.parametrize("game", list(REFEREES))
def test_odd_actions_never_fail_and_a_refusal_changes_nothing(owner_client: Any, owner: Any, game: str) -> None:
    hand = ContestedHand.objects.create(owner=owner, record=RECORDS[game])
    url = reverse("hand_action", args=[hand.pk])
    records = starts(game)

    @FUZZ
    @given(
        start=st.sampled_from(list(records)),
        posts=st.lists(st.tuples(odd_posts(game), st.booleans()), min_size=1, max_size=5),
        seat=st.sampled_from(ODD_NUMBERS),
    )
    def tap(start: str, posts: list[tuple[dict[str, Any], bool]], seat: str) -> None:
        ContestedHand.objects.filter(pk=hand.pk).update(record=records[start])
        for post, htmx in posts:
            before = stored(hand)
            owner_client.cookies.pop("messages", None)
            response = owner_client.post(url, post, **({"HTTP_HX_REQUEST": "true"} if htmx else {}))
            assert response.status_code < 500
            after = stored(hand)
            assert_within_caps(after)
            if htmx:
                refusal = REFUSED.search(response.content.decode())
                said = "Not recorded" in response.content.decode()
            else:
                told = [str(message) for message in get_messages(response.wsgi_request)]
                said = any(message.startswith("Not recorded") for message in told)
                refusal = next((match for match in map(REFUSED.match, told) if match), None)
            assert said == bool(refusal), "a refusal names its field"
            if refusal:
                assert after == before
            elif after != before:
                check_record(REFEREES[after["game"]], after)  # what was stored is read by the game's parser
        page = owner_client.get(reverse("hand", args=[hand.pk]), {"seat": seat})
        assert page.status_code == 200

    tap()


def tap_directly(record: dict[str, Any], post: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """The view's path without HTTP: the form, then the action; the new record, or the refused field."""
    data = QueryDict(mutable=True)
    for field, value in post.items():
        data.setlist(field, value if isinstance(value, list) else [value])
    form = HandActionForm(data, setup=REFEREES[record["game"]].setup)
    assert form.is_valid(), form.errors
    try:
        return apply_action(record, form.cleaned_data), ""
    except RecordError as error:
        return record, error.path


@pytest.mark.parametrize("game", list(REFEREES))
@settings(max_examples=1, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_a_long_run_of_well_formed_events_is_stored_up_to_the_cap(game: str, data: Any) -> None:
    cap = REFEREES[game].setup.event_cap
    posts = data.draw(st.lists(st.sampled_from(well_formed_posts(game)), min_size=cap + 5, max_size=cap + 5))
    record = {**RECORDS[game], "events": []}
    refusals = []
    for post in posts:
        changed, refused = tap_directly(record, post)
        assert_within_caps(changed)
        if refused:
            assert changed == record
            refusals.append(refused)
        record = changed
    # A well-formed event is refused only by a cap: the events, or the size of the record.
    assert refusals
    assert set(refusals) <= {"events", "record"}
    assert len(record["events"]) == cap or "record" in refusals
