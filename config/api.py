"""Trickbook's JSON API (django-ninja): stateless scoring and refereeing.

OpenAPI schema at /api/openapi.json, interactive docs at /api/docs.
"""

from __future__ import annotations

from ninja import NinjaAPI

from referee.api import router as referee_router
from scoring.api import router as scoring_router

api = NinjaAPI(title="Trickbook API", version="1", description="Score match files and referee hand records.")
api.add_router("/", scoring_router)
api.add_router("/", referee_router)
