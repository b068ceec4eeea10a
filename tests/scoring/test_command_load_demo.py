"""`manage.py load_demo`: the demo account, with a finished and a running match of every game."""

from __future__ import annotations

from io import StringIO
from typing import Any

import pytest
from django.core.management import call_command

from scoring.core.games import GAMES
from scoring.management.commands.load_demo import DEMO_USER


@pytest.mark.django_db
def test_load_demo_gives_every_game_a_finished_and_a_running_match(django_user_model: Any) -> None:
    out = StringIO()
    call_command("load_demo", stdout=out)
    user = django_user_model.objects.get(username=DEMO_USER)
    matches = list(user.matches.all())
    assert sorted(match.game for match in matches) == sorted([*GAMES, *GAMES])
    for name in GAMES:
        finished = [match.evaluate().finished for match in matches if match.game == name]
        assert sorted(finished) == [False, True], name
    assert f"({len(GAMES) * 2} demo matches)" in out.getvalue()


@pytest.mark.django_db
def test_load_demo_twice_adds_nothing(django_user_model: Any) -> None:
    call_command("load_demo", stdout=StringIO())
    call_command("load_demo", stdout=StringIO())
    assert django_user_model.objects.get(username=DEMO_USER).matches.count() == len(GAMES) * 2
