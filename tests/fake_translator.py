"""A fake translator for the rules cores' hook (vocabulary/i18n.py), shared by both cores' tests.

It wraps every text it is asked for in «»: a text a person sees that comes out unwrapped (or wrapped only
in part) was built past the hook. Its language is "xx".
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from vocabulary import i18n


def wrapped(message: str) -> str:
    return f"«{message}»"


def wrapped_plural(singular: str, plural: str, n: int) -> str:
    return f"«{singular if n == 1 else plural}»"


def wrapped_in_context(context: str, message: str) -> str:
    return f"«{message}»"


def is_wrapped(text: str) -> bool:
    return text.startswith("«") and text.endswith("»")


def install_wrapping(*, in_context: bool = True) -> None:
    """Install the fake translator; without ``in_context``, a text with a context (a rank letter) stays English."""
    i18n.install(wrapped, wrapped_plural, lambda: "xx", wrapped_in_context if in_context else None)


@contextmanager
def wrapping(*, in_context: bool = True) -> Iterator[None]:
    """The fake translator for the block; whatever was installed before (Django's) comes back after."""
    before = i18n.installed()
    install_wrapping(in_context=in_context)
    try:
        yield
    finally:
        i18n.install(*before)


@contextmanager
def english() -> Iterator[None]:
    """Nothing installed, as a core is used on its own (a benchmark, a core's tests): English."""
    before = i18n.installed()
    i18n.install()
    try:
        yield
    finally:
        i18n.install(*before)
