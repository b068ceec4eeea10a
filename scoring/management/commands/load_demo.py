"""`manage.py load_demo`: a demo account with one finished and one running match per game.

The matches are fixtures/demo/<game>-*.json of every registered game, in the registry's order; a demo written
ahead of its game's registration waits for it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

from scoring.core.games import GAMES
from scoring.core.match import evaluate, parse_match
from scoring.services import create_match

DEMO_USER = "demo"
DEMO_PASSWORD = "trickbook-demo"  # a published demo login, never for production


class Command(BaseCommand):
    help = "Create the demo account and its matches from fixtures/demo (once), and print the login."

    def handle(self, *args: Any, **options: Any) -> None:
        user_model = get_user_model()
        user, created = user_model.objects.get_or_create(username=DEMO_USER)
        if created:
            user.set_password(DEMO_PASSWORD)
            user.save()
        if not user.matches.exists():
            demo = Path(settings.BASE_DIR, "fixtures", "demo")
            for path in [path for name in GAMES for path in sorted(demo.glob(f"{name}-*.json"))]:
                match_file = parse_match(json.loads(path.read_text(encoding="utf-8")))
                evaluate(match_file)  # a broken fixture fails loudly here, before anything is saved
                create_match(owner=user, match_file=match_file)
        self.stdout.write(
            f"Demo login: user {DEMO_USER!r}, password {DEMO_PASSWORD!r} ({user.matches.count()} demo matches)."
        )
