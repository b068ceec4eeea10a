"""`make load` (bench/load.py) reads each answer as the page's script does: for every game, a deal entered the way
its forms ask (Call Bridge in two steps, the calls then the tricks, CB-4.1) is a right answer, and an answer that
is not the next step of that deal is an error."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from bench.load import Answer, answer_problem, entry_form, offered_revision
from bench.web import form_posts
from scoring import table
from scoring.core.games import GAMES
from scoring.forms import layout
from scoring.models import Deal

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


def answer(response: Any) -> Answer:
    return Answer(
        response.status_code, {name.lower(): value for name, value in response.headers.items()}, response.content
    )


def first_fields(game: str) -> list[str]:
    spec = GAMES[game].entry_spec(frozenset())
    return [name for name, field, _seat in layout(spec, GAMES[game].seats) if field.name in spec.first]


@pytest.mark.parametrize("game", list(GAMES))
def test_a_deal_entered_step_by_step_is_a_right_answer_in_every_game(
    owner_client: Any, make_match: Any, game: str
) -> None:
    match = make_match(game)
    post = form_posts(game)[0]
    first = first_fields(game)
    next_step = "first" if first else "whole"
    page = owner_client.get(reverse("match", args=[match.pk]))
    found = entry_form(page.content)
    assert found is not None and (found[0], found[1]["number"]) == (next_step, "1")
    fields: dict[str, Any] = {"number": "1", **post}
    if first:
        calls = {name: post[name] for name in first}
        sent = {"number": "1", "progress": "0", **calls}
        step = answer(owner_client.post(reverse("deal_first", args=[match.pk]), sent, headers=HTMX))
        assert answer_problem(step, "first-saved", 1, "rest", calls) is None
        fields["progress"] = entry_form(step.body)[1]["progress"]  # type: ignore[index]
        other = {name: "12" if value != "12" else "2" for name, value in calls.items()}
        assert "carries" in str(answer_problem(step, "first-saved", 1, "rest", other))
    saved = answer(owner_client.post(reverse("deal_add", args=[match.pk]), fields, headers=HTMX))
    assert saved.status == 200
    assert answer_problem(saved, "deal-saved", 1, next_step, {}) is None
    # The same answer read as deal 2's, or as the wrong step, is an error.
    assert answer_problem(saved, "deal-saved", 2, next_step, {}) is not None
    assert answer_problem(saved, "deal-saved", 1, "rest", {}) is not None


def test_a_refused_save_is_an_error(owner_client: Any, make_match: Any) -> None:
    match = make_match("call_bridge")
    post = form_posts("call_bridge")[0]
    refused = answer(
        owner_client.post(reverse("deal_add", args=[match.pk]), {"number": "1", **post, "progress": "7"}, headers=HTMX)
    )
    assert refused.status == 409
    assert "no deal-saved event" in str(answer_problem(refused, "deal-saved", 1, "first", {}))


def test_the_table_scenario_finds_the_deal_to_confirm_in_the_panel(make_match: Any) -> None:
    """bench.load's table scenario reads the confirmation panel as a phone of the other side sees it: the deal
    entered from another seat, with its revision; none for a deal not yet there."""
    match = make_match()
    table.renew_table_link(match=match)
    table.set_confirmation(match=match, mode=table.SIDES)
    anna, ben = Client(), Client()
    for seat, phone in enumerate((anna, ben)):
        phone.post(reverse("table_join", args=[match.table_token]), {"seat": str(seat)})
    post = form_posts("bridgette")[0]
    ben.post(reverse("deal_add", args=[match.pk]), {"number": "1", **post})
    panel = anna.get(reverse("table_pending", args=[match.pk]), headers=HTMX).content
    match_url = reverse("match", args=[match.pk])
    assert offered_revision(panel, match_url, 1) == str(Deal.objects.get().revision)
    assert offered_revision(panel, match_url, 2) is None
    # Not to the phone that entered it.
    assert (
        offered_revision(ben.get(reverse("table_pending", args=[match.pk]), headers=HTMX).content, match_url, 1) is None
    )
