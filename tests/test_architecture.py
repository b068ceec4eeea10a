"""A game is asked, never named (docs/style.md 15): outside a game's own modules and the two registries,
no code tracked by git names a game, imports a game's module or cites one of its rules.

The games are read from the registries (GAMES, REFEREES) and from scoring/core/games (a game being
added is covered before it is registered): each one's name, title and rule prefix. The .py,
.html, .js and .css files are scanned, their comments and docstrings left out: an example there is
documentation, not a branch on a game. Tests, fixtures, docs, migrations and Markdown are about games
by nature and are not scanned.
"""

from __future__ import annotations

import ast
import importlib
import io
import pkgutil
import re
import subprocess
import tokenize
from dataclasses import dataclass
from pathlib import Path

import scoring.core.games
from referee.core.games import REFEREES
from scoring.core.games import GAMES

ROOT = Path(__file__).resolve().parents[1]
SCANNED = (".py", ".html", ".js", ".css")
NOT_SCANNED = re.compile(r"^(tests|fixtures|docs)/|/migrations/|\.md$")
GAME_PACKAGES = ("scoring/core/games", "referee/core/games")
GAME_MODULES = ("scoring.core.games", "referee.core.games")
REGISTRIES = {f"{package}/__init__.py" for package in GAME_PACKAGES}


@dataclass(frozen=True)
class KnownGame:
    name: str
    title: str | None
    rule_prefix: str | None


def known_games() -> dict[str, KnownGame]:
    """Every game of the registries, and every module of scoring/core/games that defines a GAME (one
    being added before it is registered), by name."""
    games = {name: KnownGame(name, game.title, game.rule_prefix) for name, game in GAMES.items()}
    for module in pkgutil.iter_modules(scoring.core.games.__path__):
        game = getattr(importlib.import_module(f"scoring.core.games.{module.name}"), "GAME", None)
        if game is not None and module.name not in games:
            games[module.name] = KnownGame(module.name, game.title, game.rule_prefix)
    for name in REFEREES:
        games.setdefault(name, KnownGame(name, None, None))
    return games


GAMES_KNOWN = known_games()


def owner(path: str) -> str | None:
    """The game whose own module or package ``path`` is in, if any."""
    for package in GAME_PACKAGES:
        if path.startswith(f"{package}/"):
            first = path.removeprefix(f"{package}/").split("/")[0].removesuffix(".py")
            return first if first in GAMES_KNOWN else None
    return None


def scanned_files() -> list[str]:
    listed = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    return [
        path
        for path in listed.splitlines()
        if path.endswith(SCANNED)
        and not NOT_SCANNED.search(path)
        and path not in REGISTRIES
        and owner(path) is None
        and (ROOT / path).exists()
    ]


FILES = scanned_files()


def _word(text: str) -> str:
    """``text`` as a whole word or identifier part: not inside a longer run of letters or digits."""
    return rf"(?<![A-Za-z0-9]){re.escape(text)}(?![A-Za-z0-9])"


NAMES = re.compile("|".join(_word(game.name) for game in GAMES_KNOWN.values()), re.IGNORECASE)
TITLES = re.compile("|".join(_word(game.title) for game in GAMES_KNOWN.values() if game.title))
PREFIXES = "|".join(re.escape(game.rule_prefix) for game in GAMES_KNOWN.values() if game.rule_prefix)
RULE_IDS = re.compile(rf"(?<![A-Za-z0-9-])(?:R-)?(?:{PREFIXES})-\d")


def _blank(text: str, start: int, end: int) -> str:
    """``text`` with characters ``start`` to ``end`` made spaces, line breaks kept (line numbers hold)."""
    return text[:start] + re.sub(r"[^\n]", " ", text[start:end]) + text[end:]


def python_code(source: str) -> str:
    """The source with its comments and docstrings blanked out."""
    lines = source.splitlines(keepends=True)
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line))
    spans = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and node.body:
            first = node.body[0]
            if (
                isinstance(first, ast.Expr)
                and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)
            ):
                spans.append(
                    ((first.lineno, first.col_offset), (first.end_lineno or first.lineno, first.end_col_offset or 0))
                )
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            spans.append((token.start, token.end))
    for (start_line, start_col), (end_line, end_col) in spans:
        source = _blank(source, offsets[start_line - 1] + start_col, offsets[end_line - 1] + end_col)
    return source


# Template comments ({# #}, {% comment %}), HTML comments, and CSS and JavaScript comments.
MARKUP_COMMENTS = re.compile(r"\{#.*?#\}|\{% comment %\}.*?\{% endcomment %\}|<!--.*?-->|/\*.*?\*/", re.DOTALL)
SCRIPT_LINE_COMMENT = re.compile(r"(?:^|(?<=\s))//[^\n]*")


def code(text: str, suffix: str) -> str:
    """``text``, of a file ending in ``suffix``, with its comments (and for Python its docstrings) blanked out."""
    if suffix == ".py":
        return python_code(text)
    for comment in reversed(list(MARKUP_COMMENTS.finditer(text))):
        text = _blank(text, comment.start(), comment.end())
    if suffix == ".js":
        for comment in reversed(list(SCRIPT_LINE_COMMENT.finditer(text))):
            text = _blank(text, comment.start(), comment.end())
    return text


def hits(pattern: re.Pattern[str]) -> list[str]:
    """Each match of ``pattern`` in the code of the scanned files, as ``path:line: match``."""
    found = []
    for path in FILES:
        text = code((ROOT / path).read_text(encoding="utf-8"), Path(path).suffix)
        for number, line in enumerate(text.splitlines(), start=1):
            for match in pattern.finditer(line):
                found.append(f"{path}:{number}: {match.group(0)}")
    return found


def imported_modules(path: str) -> list[tuple[int, list[str]]]:
    """Each import statement of a Python file: its line and the modules it may name (relative
    imports made absolute; ``from a import b`` may name ``a`` and ``a.b``)."""
    package = path.removesuffix(".py").split("/")[:-1]
    found = []
    for node in ast.walk(ast.parse((ROOT / path).read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.append((node.lineno, [alias.name for alias in node.names]))
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            found.append((node.lineno, [module, *(f"{module}.{alias.name}" for alias in node.names)]))
    return found


def game_module_imports(path: str) -> list[str]:
    """Imports of a game's own module (``scoring.core.games.NAME``, ``from referee.core.games import NAME``)."""
    if not path.endswith(".py"):
        return []
    found = []
    for line, modules in imported_modules(path):
        named = [
            module
            for module in modules
            for package in GAME_MODULES
            if module.startswith(f"{package}.") and module.removeprefix(f"{package}.").split(".")[0] in GAMES_KNOWN
        ]
        if named:
            found.append(f"{path}:{line}: {named[0]}")
    return found


def test_the_games_are_known() -> None:
    assert set(GAMES) <= set(GAMES_KNOWN)
    assert all(game.title and game.rule_prefix for name, game in GAMES_KNOWN.items() if name in GAMES)
    assert "scoring/views/deals.py" in FILES
    assert not any(owner(path) for path in FILES)


def test_comments_and_docstrings_are_left_out_and_code_is_kept() -> None:
    source = '''"""Module: bridgette."""\n\n\ndef f() -> str:\n    """Says klaberjass."""\n'''
    source += """    return "belote"  # BG-1.1\n"""
    kept = code(source, ".py")
    assert kept.count("\n") == source.count("\n")
    assert NAMES.findall(kept) == ["belote"]
    assert RULE_IDS.findall(kept) == []
    template = "{% comment %}\nBG-1.1\n{% endcomment %}{# KJ-2 #}<!-- DB-3 --><p>R-CB-4</p>"
    assert RULE_IDS.findall(code(template, ".html")) == ["R-CB-4"]
    assert NAMES.findall(code("// klaberjass\nfetch('http://x/draw_bridge'); /* belote */", ".js")) == ["draw_bridge"]


def _report(what: str, found: list[str]) -> str:
    return f"{what} outside a game's own modules and the registries:\n" + "\n".join(found)


def test_no_game_is_named_outside_its_own_modules() -> None:
    found = hits(NAMES)
    assert not found, _report("game names", found)


def test_no_game_title_is_written_outside_its_own_modules() -> None:
    found = hits(TITLES)
    assert not found, _report("game titles", found)


def test_no_rule_id_of_a_game_is_cited_outside_its_own_modules() -> None:
    found = hits(RULE_IDS)
    assert not found, _report("rule IDs", found)


def test_no_game_module_is_imported_outside_the_registries() -> None:
    found = [found for path in FILES for found in game_module_imports(path)]
    assert not found, _report("imports of a game's module", found)
