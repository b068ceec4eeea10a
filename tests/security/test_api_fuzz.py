"""The JSON API driven by schemathesis from its own OpenAPI schema: no input gives a 5xx."""

from __future__ import annotations

from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error

from config.wsgi import application

# POST /api/referee also takes a PBN or LIN file as text under its own media type: sent as text/plain is.
schemathesis.serializer.alias("application/x-pbn", "text/plain")
schemathesis.serializer.alias("application/x-lin", "text/plain")
schema = schemathesis.openapi.from_wsgi("/api/openapi.json", application)


@pytest.fixture(autouse=True)
def no_rate_limit(settings: Any) -> None:
    # Every example comes from one address: the API's 60 a minute would answer most of them 429.
    settings.RATELIMIT_ENABLE = False


@pytest.mark.django_db
@schema.parametrize()
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
def test_api_never_answers_with_a_server_error(case: Any) -> None:
    case.call_and_validate(checks=[not_a_server_error])
