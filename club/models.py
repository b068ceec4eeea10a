"""Club nights (docs/rules/club.md): an event of many tables over several rounds, each table a scoring Match with
its table link. Only the facts are stored (who sits where in each round, the seed of the draw); the standings are
worked out from the tables' matches each time, by the pure core (club/core/)."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models

from scoring.core.base import Game
from scoring.core.games import GAMES
from scoring.models import GAME_CHOICES, Match, new_share_token

SWISS, ROTATION = "swiss", "rotation"


def new_seed() -> int:
    return secrets.randbits(31)


class League(models.Model):
    """A named series of events whose standings are summed (CL-4.1)."""

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="leagues")
    name = models.CharField(max_length=80)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "id"]

    def __str__(self) -> str:
        return self.name


class Event(models.Model):
    """A club night: a game and its house rules, entrants, rounds. Its owner is the director, who owns every table's
    match too (and so corrects any deal). ``token`` is the event link, shown to everyone in the room: it reads the
    tables and, unless hidden, the standings; it writes nothing."""

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="events")
    name = models.CharField(max_length=80)
    game = models.CharField(max_length=20, choices=GAME_CHOICES)
    flags = models.JSONField(default=list, blank=True)
    # Each table's match: its target (None: the game's default), and the deals a round lasts (None: the game's own
    # end of a match, CL-1.3).
    target = models.PositiveIntegerField(null=True, blank=True)
    deals_per_round = models.PositiveSmallIntegerField(null=True, blank=True)
    rounds = models.PositiveSmallIntegerField()
    movement = models.CharField(max_length=10, default=SWISS)  # SWISS (teams or players) or ROTATION (CL-2.4)
    confirmation = models.CharField(max_length=10, default="sides")  # each table's (scoring/table.py)
    seed = models.BigIntegerField(default=new_seed)  # the first round's draw (CL-2.1)
    token = models.CharField(max_length=32, unique=True, default=new_share_token)
    hide_standings = models.BooleanField(default=False)  # until the director shows them (CL-3.9)
    # Counts the director's writes (a round drawn, moved or started, the standings hidden or shown): with the
    # tables' match versions it keys the room's cached pages (club/views.py).
    version = models.PositiveIntegerField(default=0)
    league = models.ForeignKey(League, on_delete=models.SET_NULL, null=True, blank=True, related_name="events")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created", "-id"]

    def __str__(self) -> str:
        return self.name

    @property
    def rules(self) -> Game:
        return GAMES[self.game]

    @property
    def title(self) -> str:
        return GAMES[self.game].title


class Entrant(models.Model):
    """A team (the players of one side) or, in a game without partners and in a rotation, one player."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="entrants")
    number = models.PositiveSmallIntegerField()  # 1, 2...: the order they were entered in
    players = models.JSONField()

    class Meta:
        ordering = ["number"]
        constraints = [models.UniqueConstraint(fields=["event", "number"], name="one_entrant_per_number")]

    def __str__(self) -> str:
        return self.name

    @property
    def name(self) -> str:
        return " & ".join(self.players)


class Round(models.Model):
    """A round's seating, drawn (``started`` None: the director may still move players) then started: each table's
    match made, with its table link. ``byes``: the entrants' numbers who sit out (CL-2.3)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField()
    byes = models.JSONField(default=list, blank=True)
    started = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["number"]
        constraints = [models.UniqueConstraint(fields=["event", "number"], name="one_round_per_number")]

    def __str__(self) -> str:
        return f"round {self.number} of event {self.event_id}"


class Table(models.Model):
    """One table of a round: the entrant's number at each seat (a team holds both seats of its side), and once the
    round starts its match, owned by the director."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    seats = models.JSONField()
    match = models.OneToOneField(Match, on_delete=models.SET_NULL, null=True, blank=True, related_name="club_table")

    class Meta:
        ordering = ["number"]
        constraints = [models.UniqueConstraint(fields=["round", "number"], name="one_table_per_number")]

    def __str__(self) -> str:
        return f"table {self.number} of {self.round}"


class PairsSession(models.Model):
    """A duplicate pairs session (docs/rules/duplicate.md): its tables fix the movement (DP-2.1), and ``pairs``
    holds each pair's names, pair 1 first. Only the facts are stored, the tables' results; the travellers and the
    standings are worked out from them each time, by the pure core (club/core/duplicate/). Its owner directs it."""

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="pairs_sessions")
    name = models.CharField(max_length=80)
    tables = models.PositiveSmallIntegerField()
    boards_per_round = models.PositiveSmallIntegerField()
    scoring = models.CharField(max_length=12)  # club.core.duplicate.standings.Scoring
    flags = models.JSONField(default=list, blank=True)  # club.core.duplicate.FLAGS
    pairs = models.JSONField()  # each pair's names, a string: "Anna & Ben"
    # Each table's link (club/pairs.py, table_key) is made from it: a phone at the table enters that table's results.
    token = models.CharField(max_length=32, unique=True, default=new_share_token)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created", "-id"]

    def __str__(self) -> str:
        return self.name


class BoardResult(models.Model):
    """One table's result on one board: the contract entry club.core.duplicate.boards.read_result reads."""

    session = models.ForeignKey(PairsSession, on_delete=models.CASCADE, related_name="results")
    board = models.PositiveSmallIntegerField()
    table = models.PositiveSmallIntegerField()
    entry = models.JSONField()
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["board", "table"]
        constraints = [models.UniqueConstraint(fields=["session", "board", "table"], name="one_result_per_board_table")]

    def __str__(self) -> str:
        return f"board {self.board} at table {self.table} of session {self.session_id}"
