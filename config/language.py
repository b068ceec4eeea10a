"""The reader's language (issue 14): chosen, remembered and applied.

The first visit follows the browser's Accept-Language (Django's LocaleMiddleware). The footer's
switcher (templates/base.html) posts to `choose_language`, which keeps the choice in the language
cookie for everyone (visitors and share-link viewers too) and, for a logged-in player, on the
account (scoring.models.Preferences). At log-in the account's language is copied into the session
(`remember_account_language`), and `account_language` applies it to every request of that session,
over the cookie and Accept-Language; so reading it costs no query per request. Another device
already logged in keeps its language until its next log-in.

The scripts' words (static/js/*.js) are listed here, translated per request and handed to them as
JSON in base.html's <meta name="ui-words"> (`ui_words`; a data block would be an inline <script>, which
no page has), so no separate JavaScript catalogue is fetched.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from typing import Any

from django import forms
from django.apps import AppConfig
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.signals import user_logged_in
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from django.views.decorators.http import require_POST

SESSION_KEY = "account_language"

# The texts of static/js/*.js, in English as the scripts write them; a script asks
# window.trickbookWords (static/js/words.js) for its text, with each %(name)s filled in there.
SCRIPT_TEXTS = (
    # table.js: the deal form and the deals kept on the phone
    gettext_noop("Enter deal %(number)s"),
    gettext_noop("Save deal %(number)s"),
    gettext_noop("Who deals deal %(number)s is shown once the deals kept on this phone are sent."),
    gettext_noop("Your entry for deal %(number)s was kept: check it and save."),
    gettext_noop("Your entry: %(entry)s"),
    gettext_noop("(no details)"),
    # Translators: in bold, followed by ": " and the deal the other phone saved.
    gettext_noop("Deal %(number)s was saved from another phone"),
    gettext_noop("Keep the saved deal"),
    gettext_noop("Replace deal %(number)s with mine"),
    gettext_noop("Save mine as deal %(number)s"),
    gettext_noop("The match is over: yours cannot be added."),
    # Translators: in bold, followed by ": " and the sentence that says what happens to it.
    gettext_noop("Deal %(number)s is waiting to be sent"),
    gettext_noop("it is kept on this phone and sent by itself when the connection comes back."),
    gettext_noop("it is kept on this phone and sent by itself when the connection comes back (%(reason)s)."),
    gettext_noop("Send now"),
    gettext_noop("Discard it"),
    gettext_noop(
        "No connection: deal %(number)s is kept on this phone and will be sent when the connection comes back; "
        "the next deal can be entered then."
    ),
    gettext_noop(
        "No connection: deal %(number)s is kept on this phone and will be sent when the connection comes back."
    ),
    gettext_noop("Deal %(number)s kept on this phone was refused: it is back in the form, see why there."),
    # table.js: a confirmation or a dispute tapped with no connection
    gettext_noop(
        "No connection: your confirmation of deal %(number)s is kept on this phone and sent by itself when the "
        "connection comes back."
    ),
    gettext_noop(
        "No connection: your dispute of deal %(number)s is kept on this phone and sent by itself when the "
        "connection comes back."
    ),
    gettext_noop("Your entry for deal %(number)s was discarded."),
    gettext_noop("Try again"),
    gettext_noop(
        "%(reason)s: no preview for now. You can still save; with no connection the deal is kept on this phone."
    ),
    gettext_noop("Deal %(number)s not saved: %(reason)s. What you entered is still here."),
    gettext_noop("%(name)s not saved: %(reason)s. What you entered is still here."),
    gettext_noop("Not done: %(reason)s. What you entered is still here."),
    gettext_noop("The sheet could not be updated: %(reason)s. It tries again by itself."),
    # Translators: the reasons a request failed, each put into one of the sentences above.
    gettext_noop("no connection"),
    gettext_noop("the server did not answer in time"),
    gettext_noop("the server failed (error %(status)s)"),
    gettext_noop("the server refused it (error %(status)s)"),
    gettext_noop("the server answered %(status)s"),
    gettext_noop("The screen cannot be kept on here (%(error)s)."),
    # sw.js: the page shown with no connection for a page not kept on the phone
    gettext_noop("No connection"),
    gettext_noop("No connection, and this page was not kept on this phone."),
    # rules.js: the rule dialog
    gettext_noop("The rule could not be loaded"),
    gettext_noop("The server answered with error %(status)s."),
    gettext_noop("There is no connection."),
    gettext_noop("Open it on the rules page"),
    # share.js: the share link's Copy button
    gettext_noop("The link is selected: copy it with your phone's Copy."),
    gettext_noop("Copied: the share link is on the clipboard."),
    gettext_noop("Copied"),
    gettext_noop("Copy"),
    # new_match.js: a seat whose name is not typed yet, and the word between the sides (scoring.core.base.match_name)
    gettext_noop("Player %(number)s"),
    gettext_noop(" v "),
)


def script_words() -> dict[str, str]:
    """The scripts' texts in the active language, keyed by their English; a text that reads the same
    (every one in English) is left out, the script's own English standing for it."""
    words = {}
    for text in SCRIPT_TEXTS:
        translated = _(text)
        if translated != text:
            words[text] = translated
    return words


def script_words_json() -> str:
    return _script_words_json(translation.get_language())


@functools.cache  # one per language: the catalogues do not change while the server runs
def _script_words_json(language: str | None) -> str:
    # Every page's <meta name="ui-words"> holds these words: some fifty look-ups, made once per language.
    # ``language`` is the active one, which script_words reads: it is here as the cache's key.
    return json.dumps(script_words(), ensure_ascii=False, sort_keys=True)


def ui_words(request: HttpRequest) -> dict[str, Any]:
    """Context processor: ``ui_words``, the JSON for base.html, computed only when a page renders it."""
    return {"ui_words": script_words_json}


def _valid(code: object) -> bool:
    return isinstance(code, str) and code in dict(settings.LANGUAGES)


def account_language(get_response: Callable[[HttpRequest], HttpResponse]) -> Callable[[HttpRequest], HttpResponse]:
    """Middleware after AuthenticationMiddleware: a logged-in player's saved language (in the session
    since log-in) wins over the cookie and Accept-Language, and the cookie follows it, so the page
    keeps its language after log-out."""

    def middleware(request: HttpRequest) -> HttpResponse:
        # Only a logged-in session holds the key (set at log-in or by a choice; log-out flushes the
        # session), so the user is not loaded here: a page that needs no user still runs no query for it.
        code = request.session.get(SESSION_KEY)
        if not _valid(code):
            return get_response(request)
        translation.activate(code)
        request.LANGUAGE_CODE = code
        response = get_response(request)
        if (
            request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME) != code
            and settings.LANGUAGE_COOKIE_NAME not in response.cookies
        ):
            set_language_cookie(response, code)
        return response

    return middleware


def remember_account_language(sender: Any, request: HttpRequest | None, user: Any, **kwargs: Any) -> None:
    """At log-in (user_logged_in): the account's language, if one was chosen, into the session."""
    from scoring.models import Preferences  # the models are not loaded when this module is

    if request is None or not hasattr(request, "session"):
        return
    code = Preferences.objects.filter(user=user).values_list("language", flat=True).first()
    if _valid(code):
        request.session[SESSION_KEY] = code
    else:
        request.session.pop(SESSION_KEY, None)


class LanguageConfig(AppConfig):
    """Connects the log-in hook once the apps are ready (listed in INSTALLED_APPS)."""

    name = "config"
    label = "language"
    verbose_name = "Languages"

    def ready(self) -> None:
        user_logged_in.connect(remember_account_language, dispatch_uid="trickbook-account-language")


def set_language_cookie(response: HttpResponse, code: str) -> None:
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        code,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )


class LanguageForm(forms.Form):
    language = forms.ChoiceField(choices=settings.LANGUAGES)
    next = forms.CharField(required=False)


def _back(request: HttpRequest, target: str) -> str:
    """Where to go after the choice: the page it was made on, if it is this site's; else home."""
    for candidate in (target, request.headers.get("Referer", "")):
        if candidate and url_has_allowed_host_and_scheme(
            candidate, allowed_hosts={request.get_host()}, require_https=request.is_secure()
        ):
            return candidate
    return reverse("home")


@require_POST
def choose_language(request: HttpRequest) -> HttpResponse:
    """The footer's switcher: the language into the cookie (and onto the account when logged in),
    then back to the page it was chosen on. A language not offered is refused there with a message."""
    from scoring.models import Preferences

    form = LanguageForm(request.POST)
    back = _back(request, request.POST.get("next", ""))
    if not form.is_valid():
        messages.error(request, _("That language is not offered here: choose one from the list."))
        return HttpResponseRedirect(back)
    code = form.cleaned_data["language"]
    translation.activate(code)
    request.LANGUAGE_CODE = code
    if request.user.is_authenticated:
        Preferences.objects.update_or_create(user=request.user, defaults={"language": code})
        request.session[SESSION_KEY] = code
    response = HttpResponseRedirect(back)
    set_language_cookie(response, code)
    return response
