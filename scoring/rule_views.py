"""The rules reference pages (docs/style.md 6): the index, a game's whole document, and one rule, as a page or, with
htmx, as the fragment the rule dialog shows (templates/base.html, static/js/rules.js).

They are public and the same for everyone but the nav and the language, so a browser may keep them an hour:
``private``, since the page carries the CSRF token and the nav of whoever is logged in, ``Vary: HX-Request``,
since a rule's page and its fragment share one URL, and ``Vary: Cookie, Accept-Language``, since the words follow
the reader's language (its cookie, or the browser's languages on a first visit). An unknown game or rule is a
404 page that points to the index.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.views.decorators.http import require_safe

from scoring import rulebook
from scoring.core.games import GAMES

MAX_AGE = 3600  # seconds: the documents change only with a new release


def _cacheable(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Let the browser keep a found page an hour; a 404 is not kept."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: str, **kwargs: str) -> HttpResponse:
        response = view(request, *args, **kwargs)
        patch_vary_headers(response, ("HX-Request", "Cookie", "Accept-Language"))
        if response.status_code == 200:
            patch_cache_control(response, max_age=MAX_AGE, private=True)
        return response

    return wrapped


def _missing(request: HttpRequest, what: str) -> HttpResponse:
    return render(request, "rules/missing.html", {"what": what}, status=404)


@require_safe
@_cacheable
def rules_index(request: HttpRequest) -> HttpResponse:
    book = rulebook.book()
    games = [(GAMES[name], document) for name, document in book.documents.items()]
    examples = [game.target_rule for game, _document in games[:2]]  # the first two games' target rules
    return render(request, "rules/index.html", {"index": book.index, "games": games, "examples": examples})


@require_safe
@_cacheable
def rules_game(request: HttpRequest, game: str) -> HttpResponse:
    document = rulebook.document(game)
    if document is None:
        return _missing(request, "game")
    return render(request, "rules/document.html", {"document": document, "game": GAMES[game]})


@require_safe
@_cacheable
def rule_detail(request: HttpRequest, rule_id: str) -> HttpResponse:
    """One rule: its page, or the rule dialog's fragment for htmx (the partial inside the same template)."""
    rule = rulebook.rule(rule_id)
    if rule is None:
        return _missing(request, "rule")
    template = "rules/rule.html#rule-card" if request.htmx else "rules/rule.html"
    context = {"rule": rule, "game": GAMES[rule.game], "in_dialog": bool(request.htmx)}
    return render(request, template, context)
