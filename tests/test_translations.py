"""The catalogues (issue 14): every text translated and none fuzzy, nothing marked that `make messages`
would still add, valid plural forms, and each committed .mo compiled from its .po."""

from __future__ import annotations

import gettext
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import polib
import pytest

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "locale"
LANGUAGES = ("hu", "pl", "hi")
# The plural form each language's rule must pick for some counts (gettext's and CLDR's rules agree on
# these). makemessages copies Django's own Plural-Forms for the language, Polish's with a 4th form that
# integers never take, so the rule is checked by what it picks, not by its spelling.
PLURAL_PICKS = {
    "hu": {1: 0, 2: 1, 5: 1, 0: 1},
    "pl": {1: 0, 2: 1, 4: 1, 22: 1, 24: 1, 0: 2, 5: 2, 11: 2, 12: 2, 14: 2, 25: 2, 112: 2},
    "hi": {1: 0, 2: 1, 5: 1},
}
# Copied for the makemessages run: the project as `make messages` reads it.
NOT_COPIED = shutil.ignore_patterns(
    ".git", ".venv", "build", "staticfiles", "node_modules", "tests", "bench", "locale", "db.sqlite3*",
    "*.egg-info", "__pycache__", ".*_cache", ".hypothesis",
)  # fmt: skip


def catalogue(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / "django.po"


def key(entry: polib.POEntry) -> tuple[str, str]:
    return (entry.msgctxt or "", entry.msgid)


def untranslated(po: polib.POFile) -> list[str]:
    """Each entry a reader would see in English or half-done: untranslated, partly translated plural, fuzzy."""
    problems = []
    for entry in po:
        if entry.obsolete:
            continue
        if "fuzzy" in entry.flags:
            problems.append(f"fuzzy: {entry.msgid!r}")
        elif entry.msgid_plural:
            if not entry.msgstr_plural or not all(entry.msgstr_plural.values()):
                problems.append(f"untranslated plural: {entry.msgid!r}")
        elif not entry.msgstr:
            problems.append(f"untranslated: {entry.msgid!r}")
    return problems


def plural_problems(po: polib.POFile, language: str) -> list[str]:
    """The Plural-Forms header is valid and picks the language's forms; every plural entry has them all."""
    header = po.metadata.get("Plural-Forms", "")
    found = re.fullmatch(r"\s*nplurals=(\d+);\s*plural=(.+?);?\s*", header)
    if found is None:
        return [f"Plural-Forms is not valid: {header!r}"]
    nplurals = int(found.group(1))
    try:
        rule = gettext.c2py(found.group(2))
    except (ValueError, SyntaxError):
        return [f"Plural-Forms is not valid: {header!r}"]
    problems = []
    picks = {n: rule(n) for n in PLURAL_PICKS[language]}
    if picks != PLURAL_PICKS[language] or any(not 0 <= rule(n) < nplurals for n in range(1000)):
        problems.append(f"Plural-Forms {header!r} picks {picks}, not {PLURAL_PICKS[language]}")
    for entry in po:
        translated = entry.msgid_plural and any(entry.msgstr_plural.values())  # an empty one is told as untranslated
        if translated and not entry.obsolete and sorted(entry.msgstr_plural) != list(range(nplurals)):
            problems.append(f"{entry.msgid!r} has forms {sorted(entry.msgstr_plural)}, not {nplurals}")
    return problems


def mo_problems(po: polib.POFile, mo_path: Path) -> list[str]:
    """Where the compiled catalogue says something else than its .po (compiled from an older one)."""
    if not mo_path.exists():
        return [f"{mo_path.relative_to(ROOT)} is missing: run make messages"]
    with mo_path.open("rb") as file:
        mo = gettext.GNUTranslations(file)
    problems = []
    for entry in po.translated_entries():
        if entry.msgid_plural:
            for n in (1, 2, 5):
                index = mo.plural(n)  # type: ignore[attr-defined]
                want = entry.msgstr_plural[index]
                got = (
                    mo.npgettext(entry.msgctxt, entry.msgid, entry.msgid_plural, n)
                    if entry.msgctxt
                    else mo.ngettext(entry.msgid, entry.msgid_plural, n)
                )
                if got != want:
                    problems.append(f"{entry.msgid!r} (n={n}): .mo {got!r}, .po {want!r}")
        else:
            got = mo.pgettext(entry.msgctxt, entry.msgid) if entry.msgctxt else mo.gettext(entry.msgid)
            if got != entry.msgstr:
                problems.append(f"{entry.msgid!r}: .mo {got!r}, .po {entry.msgstr!r}")
    # The .mo holds the header too (msgid ""), and a plural text once per form, keyed (msgid, form).
    kept = {key[0] if isinstance(key, tuple) else key for key in mo._catalog} - {""}  # type: ignore[attr-defined]
    if len(kept) != len(po.translated_entries()):
        problems.append(f".mo holds {len(kept)} messages, .po {len(po.translated_entries())} translated")
    return problems


def makemessages_options() -> list[str]:
    """The options `make messages` passes (Makefile MESSAGES_LANGUAGES, MESSAGES_OPTIONS)."""
    makefile = (ROOT / "Makefile").read_text()
    options = []
    for name in ("MESSAGES_LANGUAGES", "MESSAGES_OPTIONS"):
        found = re.search(rf"^{name}\s*:?=\s*(.+)$", makefile, re.MULTILINE)
        assert found, f"Makefile has no {name}"
        options += shlex.split(found.group(1))
    return options


@pytest.fixture(params=LANGUAGES)
def language(request: pytest.FixtureRequest) -> str:
    if not catalogue(request.param).exists():
        pytest.fail(f"{catalogue(request.param).relative_to(ROOT)} is missing: run make messages and translate it")
    return str(request.param)


# ------------------------------------------------------------------ the checks themselves, on made-up catalogues

MADE_UP = """\
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"

msgid "Log in"
msgstr "Bejelentkezés"

msgid "Sign up"
msgstr ""

#, fuzzy
msgid "Log out"
msgstr "Kijelentkezés"

msgid "a minute"
msgid_plural "%(count)s minutes"
msgstr[0] "egy perc"
msgstr[1] ""
"""


def test_the_check_finds_untranslated_fuzzy_and_half_plural_entries() -> None:
    assert untranslated(polib.pofile(MADE_UP)) == [
        "untranslated: 'Sign up'",
        "fuzzy: 'Log out'",
        "untranslated plural: 'a minute'",
    ]


def test_the_check_passes_a_translated_catalogue() -> None:
    whole = MADE_UP.replace('msgstr ""\n\n#, fuzzy\n', 'msgstr "Regisztráció"\n\n').replace(
        'msgstr[1] ""', 'msgstr[1] "%(count)s perc"'
    )
    assert untranslated(polib.pofile(whole)) == []


def test_the_plural_check_refuses_a_wrong_rule_and_missing_forms() -> None:
    assert plural_problems(polib.pofile(MADE_UP), "hu") == []
    assert plural_problems(polib.pofile(MADE_UP), "pl") == [
        "Plural-Forms 'nplurals=2; plural=(n != 1);' picks "
        "{1: 0, 2: 1, 4: 1, 22: 1, 24: 1, 0: 1, 5: 1, 11: 1, 12: 1, 14: 1, 25: 1, 112: 1}, "
        "not {1: 0, 2: 1, 4: 1, 22: 1, 24: 1, 0: 2, 5: 2, 11: 2, 12: 2, 14: 2, 25: 2, 112: 2}"
    ]
    polish = MADE_UP.replace(
        "nplurals=2; plural=(n != 1);",
        "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<12 || n%100>14) ? 1 : 2);",
    )
    assert plural_problems(polib.pofile(polish), "pl") == ["'a minute' has forms [0, 1], not 3"]
    assert plural_problems(polib.pofile(MADE_UP.replace("Plural-Forms: nplurals=2", "Plural-Forms: n=2")), "hu") == [
        "Plural-Forms is not valid: 'n=2; plural=(n != 1);'"
    ]


def test_the_mo_check_finds_a_stale_mo(tmp_path: Path) -> None:
    po = polib.pofile(MADE_UP)
    mo_path = tmp_path / "django.mo"
    po.save_as_mofile(str(mo_path))
    assert mo_problems(po, mo_path) == []
    po.find("Log in").msgstr = "Belépés"  # the .po changed, the .mo not compiled again
    assert mo_problems(po, mo_path) == ["'Log in': .mo 'Bejelentkezés', .po 'Belépés'"]


# ------------------------------------------------------------------ the catalogues in locale/


def test_every_text_is_translated_and_none_is_fuzzy(language: str) -> None:
    assert untranslated(polib.pofile(str(catalogue(language)))) == []


def test_plural_forms_are_the_languages_own(language: str) -> None:
    assert plural_problems(polib.pofile(str(catalogue(language))), language) == []


def test_each_committed_mo_is_compiled_from_its_po(language: str) -> None:
    po = polib.pofile(str(catalogue(language)))
    assert mo_problems(po, catalogue(language).with_suffix(".mo")) == []


def test_make_messages_would_add_no_text_the_catalogues_lack(tmp_path: Path) -> None:
    """`make messages` run on a copy of the project: every text it collects is already in each catalogue."""
    if shutil.which("xgettext") is None or shutil.which("msguniq") is None:
        pytest.skip("GNU gettext is not installed (apt-get install gettext; .ci/run installs it)")
    copy = tmp_path / "project"
    shutil.copytree(ROOT, copy, ignore=NOT_COPIED)
    options = [option for option in makemessages_options() if option not in {"-l", *LANGUAGES}]
    subprocess.run(
        [sys.executable, "manage.py", "makemessages", "-l", "hu", "--keep-pot", *options],
        cwd=copy,
        check=True,
        capture_output=True,
        text=True,
    )
    collected = {key(entry) for entry in polib.pofile(str(copy / "locale" / "django.pot"))}
    assert collected, "makemessages collected nothing"
    for language in LANGUAGES:
        path = catalogue(language)
        assert path.exists(), f"{path.relative_to(ROOT)} is missing: run make messages"
        known = {key(entry) for entry in polib.pofile(str(path)) if not entry.obsolete}
        assert sorted(collected - known) == [], f"{language}: run make messages and translate the new texts"
