"""Bad input never causes a server error: random form posts, random match files, absurd sizes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.models import Deal, Match

pytestmark = pytest.mark.django_db

GAMES = ["bridgette", "draw_bridge", "call_bridge", "klaberjass"]
FIELDS = [
    "number",
    "revision",
    "passed_out",
    "declarer",
    "level",
    "strain",
    "doubled",
    "tricks",
    "annulled",
    "maker",
    "trump",
    "last_trick",
    "bella",
    "card_points_0",
    "card_points_1",
    *(f"sequence_{part}_{seat}" for part in ("cards", "top", "in_trumps") for seat in range(2)),
    *(f"calls_{seat}" for seat in range(4)),
    *(f"tricks_{seat}" for seat in range(4)),
]
junk = st.one_of(
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
    st.sampled_from(["", "NT", "S", "on", "true", "1e9", "-0", "٣", "NaN", "0x10", " 7 "]),
    st.text(max_size=30),
)
form_posts = st.dictionaries(st.sampled_from(FIELDS), junk, max_size=12)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(10**20), max_value=10**20) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=12), inner, max_size=6),
    max_leaves=20,
)
FUZZ = settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))


@pytest.fixture(autouse=True)
def no_rate_limit(settings: Any) -> None:
    # Every example comes from one address: the API's 60 a minute would answer most of them 429.
    settings.RATELIMIT_ENABLE = False


@pytest.mark.parametrize("game", GAMES)
def test_random_deal_posts_never_fail(owner_client: Any, make_match: Any, game: str) -> None:
    match = make_match(game=game, deals=[] if game != "bridgette" else [{"passed_out": True}])

    @FUZZ
    @given(data=form_posts)
    def post(data: dict[str, str]) -> None:
        before = Deal.objects.filter(match=match).count()
        for name in ("deal_add", "deal_preview"):
            response = owner_client.post(reverse(name, args=[match.pk]), data)
            assert response.status_code < 500
        if game == "bridgette":
            response = owner_client.post(reverse("deal_edit", args=[match.pk, 1]), data)
            assert response.status_code < 500
        assert Deal.objects.filter(match=match).count() in (before, before + 1)

    post()


def test_random_new_match_posts_never_fail(owner_client: Any) -> None:
    fields = st.sampled_from(["game", "player_0", "player_1", "player_2", "player_3", "first_dealer", "target"])

    @FUZZ
    @given(data=st.dictionaries(fields, junk | st.sampled_from(GAMES), max_size=7))
    def post(data: dict[str, str]) -> None:
        assert owner_client.post(reverse("match_new"), data).status_code < 500

    post()


@FUZZ
@given(game=st.sampled_from(GAMES), deals=st.lists(json_values, max_size=4), extra=json_values)
def test_random_match_files_get_200_or_422(client: Any, game: str, deals: list[Any], extra: Any) -> None:
    seats = 4 if game == "call_bridge" else 2
    doc = {
        "game": game,
        "players": [f"P{seat}" for seat in range(seats)],
        "first_dealer": 0,
        "target": 100,
        "deals": deals,
    }
    for body in (doc, {**doc, "flags": extra}, {**doc, "target": extra}, extra):
        response = client.post("/api/score", json.dumps(body), content_type="application/json")
        assert response.status_code in (200, 422)


def test_oversized_body_is_refused_cleanly(owner_client: Any, make_match: Any) -> None:
    match = make_match()
    big = "x" * 1_500_000
    response = owner_client.post("/api/score", json.dumps({"game": big}), content_type="application/json")
    assert response.status_code == 413
    assert response.json()["error"]["field"] == "request"
    response = owner_client.post(reverse("deal_add", args=[match.pk]), {"number": "1", "strain": big})
    assert response.status_code == 400
    assert not Deal.objects.exists()


def test_absurd_values_are_refused_with_a_message(owner_client: Any, client: Any) -> None:
    many = {"game": "call_bridge", "players": ["P"] * 10_000, "first_dealer": 0, "target": 30}
    response = client.post("/api/score", json.dumps(many), content_type="application/json")
    assert response.status_code == 422
    assert response.json()["error"]["field"] == "players"
    long_name = {"game": "bridgette", "players": ["A" * 200_000, "B"], "first_dealer": 0}
    response = client.post("/api/score", json.dumps(long_name), content_type="application/json")
    assert response.status_code == 422
    assert response.json()["error"]["field"] == "players[0]"
    response = owner_client.post(
        reverse("match_new"), {"game": "bridgette", "player_0": "A" * 100_000, "player_1": "B", "first_dealer": "0"}
    )
    assert response.status_code == 200
    assert "at most 40 characters" in response.content.decode()
    assert not Match.objects.exists()
    huge_target = {"game": "draw_bridge", "players": ["A", "B"], "first_dealer": 0, "target": 10**400}
    response = client.post("/api/score", json.dumps(huge_target), content_type="application/json")
    assert response.status_code == 422


def test_random_check_a_hand_posts_never_fail(owner_client: Any, owner: Any, make_match: Any) -> None:
    from referee.models import ContestedHand

    match = make_match(game="call_bridge", deals=[{"calls": [3, 4, 2, 5], "tricks": [4, 4, 1, 4]}])
    record = json.loads((Path(__file__).resolve().parents[2] / "fixtures" / "call_bridge" / "hand.json").read_text())
    hand = ContestedHand.objects.create(owner=owner, match=match, deal_number=1, record=record)
    fields = st.sampled_from(["action", "kind", "seat", "card", "cards_text", "call", "choice", "announce", "revision"])
    actions = st.sampled_from(["add_card", "remove_card", "set_hand", "set_extra", "event", "undo_event", "x"])

    @FUZZ
    @given(data=st.dictionaries(fields, junk | actions, max_size=6))
    def post(data: dict[str, str]) -> None:
        assert owner_client.post(reverse("hand_action", args=[hand.pk]), data).status_code < 500
        assert owner_client.post(reverse("hand_use", args=[hand.pk]), data).status_code < 500
        hand.refresh_from_db()

    post()
