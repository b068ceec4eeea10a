"""The one door through which the rules cores' words are translated, without Django (docs/style.md 1).

The cores write English; every text a person sees goes through ``_`` (or ``ngettext``) here, with
today's English as the msgid and named placeholders filled in afterwards::

    _("{declarer} makes {level}{strain}").format(declarer=name, level=4, strain="♠")

Nothing is translated until a translator is plugged in with `install`: the Django app installs
Django's own ``gettext`` and ``ngettext`` at start-up (scoring/apps.py), so every request, command
and API call gets its active language; a core used on its own (tests, benchmarks) speaks English.

Text defined at import time (a module constant, a flag table, a field label) is only marked with
``gettext_noop`` (the name ``manage.py makemessages`` collects) and translated where it is read, with
``_`` at that moment: translated at import it would freeze in whatever language was active then.
Nothing in the cores keeps a translated text in a cache: a cache keeps numbers and msgids, and
words are made from them when asked (`current_language` is there for a cache that must key by it).
The one exception is `one_language`, a block that words a whole score sheet in one language and
looks each text up once; its words go when the block ends.
Rule IDs (BG-7.3, R-KJ-9) stay inside the texts untranslated: the web layer finds them to link them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from decimal import Decimal
from typing import Any, NamedTuple

Translate = Callable[[str], str]
TranslatePlural = Callable[[str, str, int], str]
TranslateInContext = Callable[[str, str], str]
Number = int | float | Decimal


def _english(message: str) -> str:
    return message


def _english_plural(singular: str, plural: str, n: int) -> str:
    return singular if n == 1 else plural


def _english_in_context(context: str, message: str) -> str:
    return message


def _no_language() -> str:
    return "en"


_gettext: Translate = _english
_ngettext: TranslatePlural = _english_plural
_language: Callable[[], str] = _no_language
_pgettext: TranslateInContext = _english_in_context


# The words looked up while `one_language` holds, by msgid (a 2-tuple with a context, a 3-tuple with a
# count); None outside it. A context variable: each thread and each task holds its own.
_held: ContextVar[dict[Any, str] | None] = ContextVar("trickbook_held_words", default=None)


def _(message: str) -> str:
    """``message`` (English, the msgid) in the active language."""
    held = _held.get()
    if held is None:
        return _gettext(message)
    text = held.get(message)
    if text is None:
        text = held[message] = _gettext(message)
    return text


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for ``n``, in the active language (its own plural rules)."""
    held = _held.get()
    if held is None:
        return _ngettext(singular, plural, n)
    key = (singular, plural, n)
    text = held.get(key)
    if text is None:
        text = held[key] = _ngettext(singular, plural, n)
    return text


def pgettext(context: str, message: str) -> str:
    """``message`` in the active language, as meant in ``context``: a short msgid that needs it (the rank
    letter ``Q``, ``pgettext("rank letter", "Q")``, is D in Hungarian)."""
    held = _held.get()
    if held is None:
        return _pgettext(context, message)
    key = (context, message)
    text = held.get(key)
    if text is None:
        text = held[key] = _pgettext(context, message)
    return text


@contextmanager
def one_language() -> Iterator[None]:
    """Within the block, each text is looked up in the catalogue once and then reused: for a loop that
    words thousands of texts, a long score sheet. The active language must not change inside it.

    An installed translator finds the active language anew on every look-up (Django's, through the
    request's context, costs some 30,000 instructions each), which outweighed the rest of a sheet's
    rows. The words are held for the block alone, then dropped; a block inside another shares its words."""
    if _held.get() is not None:
        yield
        return
    token = _held.set({})
    try:
        yield
    finally:
        _held.reset(token)


def gettext_noop(message: str) -> str:
    """Mark ``message`` as a msgid to collect, without translating it now; returns it as it is."""
    return message


class Plural(NamedTuple):
    """A text with a singular and a plural form, chosen when it is worded by the value named ``count_name``."""

    singular: str
    plural: str
    count_name: str


def ngettext_lazy(singular: str, plural: str, count: str) -> Plural:
    """Mark a text with plural forms defined now and worded later (a cached breakdown line), the form
    chosen by the value named ``count``; the name ``makemessages`` collects as a plural msgid."""
    return Plural(singular, plural, count)


def current_language() -> str:
    """The active language's code (``"en"`` until a translator says otherwise): for a cache keyed by it."""
    return _language()


def install(
    gettext: Translate | None = None,
    ngettext: TranslatePlural | None = None,
    language: Callable[[], str] | None = None,
    pgettext: TranslateInContext | None = None,
) -> None:
    """Plug in a translator (Django's ``gettext``, ``ngettext``, ``get_language`` and ``pgettext``); with no
    arguments, English again, as before any install. Without ``pgettext`` a text with a context is English."""
    global _gettext, _ngettext, _language, _pgettext
    _gettext = gettext or _english
    _ngettext = ngettext or _english_plural
    _language = language or _no_language
    _pgettext = pgettext or _english_in_context


def installed() -> tuple[Translate, TranslatePlural, Callable[[], str], TranslateInContext]:
    """What is installed now, for a test that installs its own translator and puts this one back."""
    return _gettext, _ngettext, _language, _pgettext


def _english_number(value: Number) -> str:
    return f"{value:,}"


_number: Callable[[Number], str] = _english_number


def numeral(value: Number) -> str:
    """``value`` as the active language writes a number: ``1,000`` in English (until a writer is installed),
    ``1 000`` in Hungarian and Polish once the Django app has installed its own (scoring/numbers.py)."""
    return _number(value)


def install_numbers(writer: Callable[[Number], str] | None = None) -> None:
    """Plug in how numbers are written in the active language; with no argument, English again."""
    global _number
    _number = writer or _english_number


def _grouped(value: Any) -> bool:
    return type(value) in (int, float, Decimal) and not -1000 < value < 1000


def render(message: str | Plural, values: Mapping[str, Any] | None = None) -> str:
    """A msgid (or a `Plural`) worded now, in the active language, its placeholders filled from ``values``.

    A value that is a `Word` or a `Text` is worded too, as it is filled in, and a number of 1,000 or more is
    written the language's way (`numeral`): "a grand slam: 1 500" in Polish, as the score sheet writes it."""
    if isinstance(message, str):
        text = _(message)
    else:
        text = ngettext(message.singular, message.plural, values[message.count_name] if values else 1)
    return fill(text, **values) if values else text


def fill(text: str, **values: Any) -> str:
    """``text`` (already worded) with its placeholders filled from ``values``, each number of 1,000 or more
    written the language's way (`numeral`): for a match's end or stage, "Ben wins 1 680–840" in Polish."""
    if any(_grouped(value) for value in values.values()):
        values = {name: numeral(value) if _grouped(value) else value for name, value in values.items()}
    return text.format_map(values)


class Text(NamedTuple):
    """A text kept as its msgid and values, worded (`render`) when it is shown: ``str(text)``, or as a
    placeholder's value in another text (a sequence "4 cards to the K" inside a breakdown line)."""

    message: str | Plural
    values: Mapping[str, Any] | None = None

    def __str__(self) -> str:
        return render(self.message, self.values)

    def __format__(self, spec: str) -> str:
        return format(render(self.message, self.values), spec)


class Word(str):
    """A msgid given as a placeholder's value in a text worded later (a breakdown line's side label,
    ``Word(gettext_noop("N-S"))``): translated as the text is worded, not when the value is given."""

    __slots__ = ()

    def __format__(self, spec: str) -> str:
        return format(_(str(self)), spec)


class Translated:
    """A class attribute whose text is translated each time it is read: ``title = Translated(gettext_noop("Belote"))``.

    For the words a game gives as plain attributes (its title, summary, seating): read on an instance
    or on the class, it is ``_(message)`` in the language active then."""

    def __init__(self, message: str) -> None:
        self.message = message

    def __get__(self, instance: object, owner: type | None = None) -> str:
        return _(self.message)


class TranslatedTuple:
    """`Translated` for a tuple of msgids (Contract Bridge's side labels): read, each in the active language."""

    def __init__(self, messages: tuple[str, ...]) -> None:
        self.messages = messages

    def __get__(self, instance: object, owner: type | None = None) -> tuple[str, ...]:
        return tuple(_(message) for message in self.messages)
