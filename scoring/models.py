"""Matches and their deals. Only the match file's facts are stored; totals,
dealers and the end of the match are derived by the scoring core (docs/style.md 3)."""

from __future__ import annotations

import secrets
from typing import Any

from django.conf import settings
from django.db import models
from django.utils.text import slugify

from scoring.core.base import Game, match_name
from scoring.core.games import GAMES
from scoring.core.match import MatchFile, MatchResult, evaluate

GAME_CHOICES = [(name, game.title) for name, game in GAMES.items()]


def new_share_token() -> str:
    return secrets.token_urlsafe(18)


class MatchQuerySet(models.QuerySet["Match"]):
    def for_user(self, user: Any) -> MatchQuerySet:
        return self.filter(owner=user)

    def with_deals(self) -> MatchQuerySet:
        """With every match's deals read in one more query, for a page that evaluates many matches."""
        return self.prefetch_related(
            models.Prefetch("deals", queryset=Deal.objects.only("match_id", "number", "entry"))
        )


class Match(models.Model):
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="matches")
    game = models.CharField(max_length=20, choices=GAME_CHOICES)
    players = models.JSONField()
    first_dealer = models.PositiveSmallIntegerField()
    target = models.PositiveIntegerField(null=True, blank=True)
    flags = models.JSONField(default=list, blank=True)
    # The read-only share link's token; NULL while the match is not shared (scoring/share.py). A token
    # from a URL is never NULL, so no lookup by token finds a match whose sharing was stopped.
    share_token = models.CharField(max_length=32, unique=True, null=True, blank=True, default=new_share_token)
    # Counts the writes to this match's deals; each deal records the count of its last write
    # as its revision, so a revision is never reused, even by a deal removed and entered again.
    version = models.PositiveIntegerField(default=0)
    # The deal being played, for a game entered in two steps (EntrySpec.first): its number, the
    # fields entered before the play ({"calls": [...]}) and the version of their last write, so a
    # stale page is told. Cleared when that deal is saved (scoring/services.py).
    deal_in_progress = models.JSONField(null=True, blank=True)
    # The table link (scoring/table.py): every player's phone joins a seat by it, to enter deals and confirm
    # the other side's. NULL until the owner makes one; a new one ends every device joined by the old one.
    table_token = models.CharField(max_length=32, unique=True, null=True, blank=True, default=None)
    # Who confirms a deal entered from a seat: "off", "sides" (the other side) or "others" (any other player).
    confirmation = models.CharField(max_length=10, default="off")
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    objects = MatchQuerySet.as_manager()

    class Meta:
        ordering = ["-updated"]

    def __str__(self) -> str:
        return f"{self.title}: {self.name}"

    @property
    def name(self) -> str:
        """The match as the table says it: its sides, "Anna v Ben", "Anna & Cleo v Ben & Dan"."""
        return match_name(GAMES[self.game], self.players)

    @property
    def title(self) -> str:
        return GAMES[self.game].title

    def file_name(self, extension: str) -> str:
        """The name a downloaded file of this match gets: game, players, id."""
        # slugify keeps the header plain ASCII whatever the names hold (quotes, accents, emoji).
        slug = "-".join(slugify(name) or "player" for name in self.players)
        return f"{self.game}-{slug}-{self.pk}.{extension}"

    @property
    def rules(self) -> Game:
        return GAMES[self.game]

    def match_file(self, deals: list[Deal] | None = None) -> MatchFile:
        """The match as a match file; ``deals`` may be passed when already loaded."""
        # Without ``deals``, the entries alone are read: no Deal objects to build for a long match.
        entries = self.deals.values_list("entry", flat=True) if deals is None else (deal.entry for deal in deals)
        return MatchFile(
            game=self.game,
            players=tuple(self.players),
            first_dealer=self.first_dealer,
            target=self.target,
            flags=frozenset(self.flags),
            deals=tuple(entries),
        )

    def evaluate(self, deals: list[Deal] | None = None) -> MatchResult:
        return evaluate(self.match_file(deals))

    def in_progress(self, number: int) -> dict[str, Any] | None:
        """The deal in progress if it is deal ``number`` (the next deal): number, entry, revision."""
        progress = self.deal_in_progress
        if isinstance(progress, dict) and progress.get("number") == number:
            return progress
        return None


class Deal(models.Model):
    """One deal entry in match-file shape; ``revision`` (the match's version at its last write)
    guards edits from stale pages. ``client_key`` is the key the phone made for the save that
    stored it, so a save sent again (a retry, a deal kept offline) finds it instead of adding it twice."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="deals")
    number = models.PositiveIntegerField()
    entry = models.JSONField()
    revision = models.PositiveIntegerField(default=1)
    client_key = models.CharField(max_length=64, null=True, blank=True)  # noqa: DJ001 (NULL: keyless deals never clash)
    # The table's confirmation of the deal (scoring/table.py): "" (not asked), "waiting", "confirmed" or
    # "disputed"; and the seat and device that entered it last (None: the owner's page, no seat).
    state = models.CharField(max_length=10, blank=True, default="")
    entered_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    entered_by = models.ForeignKey("TableDevice", on_delete=models.SET_NULL, null=True, blank=True, related_name="+")

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="one_deal_per_number"),
            # NULLs are distinct on SQLite and PostgreSQL alike: deals saved without a key never clash.
            models.UniqueConstraint(fields=["match", "client_key"], name="one_deal_per_client_key"),
        ]

    def __str__(self) -> str:
        return f"deal {self.number} of match {self.match_id}"


class Change(models.Model):
    """The history: every deal added, edited or removed, with who, when, before and after."""

    class Action(models.TextChoices):
        ADDED = "added", "Added"
        EDITED = "edited", "Edited"
        REMOVED = "removed", "Removed"
        IMPORTED = "imported", "Imported"
        CONFIRMED = "confirmed", "Confirmed"
        DISPUTED = "disputed", "Disputed"
        WITHDRAWN = "withdrawn", "Dispute withdrawn"

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="changes")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True)
    at = models.DateTimeField(auto_now_add=True)
    action = models.CharField(max_length=10, choices=Action.choices)
    number = models.PositiveIntegerField(null=True, blank=True)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    # A deal put in by the referee ("Use this result"): {"hand": the checked hand's id, "faults": [{"rule",
    # "text"}]}, the faults and remedies as the verdict said them when the deal was saved. Null otherwise.
    ruling = models.JSONField(null=True, blank=True)
    # From the table link (scoring/table.py): the seat and the device that made the change, and a dispute's reason.
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    device = models.ForeignKey("TableDevice", on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    reason = models.CharField(max_length=200, blank=True, default="")
    # Who made it, by name, when no device is linked any more: a change read from a match file's "table".
    by = models.CharField(max_length=150, blank=True, default="")
    # The key the phone made for a confirmation or a dispute (scoring/table.py), so that one sent again (a retry,
    # one kept offline) is found instead of recorded twice. NULL for every other change: those never clash.
    client_key = models.CharField(max_length=64, null=True, blank=True)  # noqa: DJ001 (NULL: keyless changes never clash)

    class Meta:
        ordering = ["at", "id"]
        constraints = [models.UniqueConstraint(fields=["match", "client_key"], name="one_change_per_client_key")]

    def __str__(self) -> str:
        return f"{self.action} deal {self.number}"


class Preferences(models.Model):
    """A player's own settings, kept with the account: the language chosen in the footer's switcher
    (config/language.py), blank until one is chosen. The code is one of settings.LANGUAGES, checked
    there; not a field choice, so that adding a language needs no migration."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="preferences")
    language = models.CharField(max_length=10, blank=True)

    class Meta:
        verbose_name_plural = "preferences"

    def __str__(self) -> str:
        return f"preferences of {self.user_id}"


class TableDevice(models.Model):
    """A phone joined to a match's table at one seat by its table link (scoring/table.py): with an account
    (``user``) or as a guest, known by the session of the browser that joined. It keeps its rights while it
    is not removed and ``token`` is still the match's table token."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="table_devices")
    seat = models.PositiveSmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True)
    token = models.CharField(max_length=32)
    joined = models.DateTimeField(auto_now_add=True)
    removed = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["seat", "joined", "id"]

    def __str__(self) -> str:
        return f"seat {self.seat} of match {self.match_id}"
