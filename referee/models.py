"""Contested hands: a hand record being built or settled, optionally tied to a deal of a match."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models

from scoring.models import Match


class ContestedHandQuerySet(models.QuerySet["ContestedHand"]):
    def for_user(self, user: Any) -> ContestedHandQuerySet:
        return self.filter(owner=user)


class ContestedHand(models.Model):
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="contested_hands")
    match = models.ForeignKey(Match, on_delete=models.CASCADE, null=True, blank=True, related_name="contested_hands")
    deal_number = models.PositiveIntegerField(null=True, blank=True)
    record = models.JSONField()
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    objects = ContestedHandQuerySet.as_manager()

    class Meta:
        ordering = ["-updated"]

    def __str__(self) -> str:
        return f"{self.record.get('game')} hand {self.pk}"

    @property
    def players(self) -> list[str]:
        return list(self.record.get("players", []))
