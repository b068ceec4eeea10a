"""The rule cores stay pure: no Django inside them, and scoring never leans on the referee (docs/style.md 1, 3)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCORING_CORE = ROOT / "scoring" / "core"
REFEREE_CORE = ROOT / "referee" / "core"
VOCABULARY = ROOT / "vocabulary"
CLUB_CORE = ROOT / "club" / "core"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_in(source: str, module: str, is_package: bool = False) -> list[tuple[int, str]]:
    """Every module ``source`` (the text of ``module``) imports, relative imports made absolute, with line numbers."""
    tree = ast.parse(source)
    package = module.split(".") if is_package else module.split(".")[:-1]
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                name = ".".join([*base, node.module] if node.module else base)
            else:
                name = node.module or ""
            found.append((node.lineno, name))
            found.extend((node.lineno, f"{name}.{alias.name}") for alias in node.names)
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
            # __import__("x") and importlib.import_module("x") with a literal name
            called = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if called in ("__import__", "import_module") and isinstance(node.args[0].value, str):
                found.append((node.lineno, node.args[0].value))
    return found


def imported_modules(path: Path) -> list[tuple[int, str]]:
    return imports_in(path.read_text(encoding="utf-8"), module_name(path), path.name == "__init__.py")


def is_within(module: str, package: str) -> bool:
    return module == package or module.startswith(f"{package}.")


CORE_FILES = sorted(
    [*VOCABULARY.rglob("*.py"), *SCORING_CORE.rglob("*.py"), *REFEREE_CORE.rglob("*.py"), *CLUB_CORE.rglob("*.py")]
)


def test_the_cores_are_there() -> None:
    assert (VOCABULARY / "cards.py") in CORE_FILES
    assert (SCORING_CORE / "base.py") in CORE_FILES
    assert (REFEREE_CORE / "verdict.py") in CORE_FILES
    assert (CLUB_CORE / "duplicate" / "movements.py") in CORE_FILES


@pytest.mark.parametrize("path", CORE_FILES, ids=lambda path: str(path.relative_to(ROOT)))
def test_style_1_no_django_in_the_cores(path: Path) -> None:
    offending = [(line, module) for line, module in imported_modules(path) if is_within(module, "django")]
    assert offending == [], f"{path.relative_to(ROOT)} imports Django: {offending}"


@pytest.mark.parametrize("path", sorted(SCORING_CORE.rglob("*.py")), ids=lambda path: str(path.relative_to(ROOT)))
def test_style_3_scoring_core_does_not_import_the_referee(path: Path) -> None:
    offending = [(line, module) for line, module in imported_modules(path) if is_within(module, "referee")]
    assert offending == [], f"{path.relative_to(ROOT)} imports the referee: {offending}"


@pytest.mark.parametrize("path", sorted(VOCABULARY.rglob("*.py")), ids=lambda path: str(path.relative_to(ROOT)))
def test_style_15_the_vocabulary_is_the_bottom_floor(path: Path) -> None:
    """The shared words sit below both cores: they import neither of them (nor any app)."""
    above = ("scoring", "referee", "reports", "config")
    offending = [(line, module) for line, module in imported_modules(path) if any(is_within(module, p) for p in above)]
    assert offending == [], f"{path.relative_to(ROOT)} imports from a floor above it: {offending}"


APPS = ("scoring", "referee", "reports")


@pytest.mark.parametrize("app", APPS)
def test_no_app_imports_config(app: str) -> None:
    """config/ wires the apps together (settings, URLs); an app below it never imports it."""
    offending = [
        (str(path.relative_to(ROOT)), line, module)
        for path in sorted((ROOT / app).rglob("*.py"))
        for line, module in imported_modules(path)
        if is_within(module, "config")
    ]
    assert offending == []


@pytest.mark.parametrize(
    ("source", "module", "expected"),
    [
        ("import django", "scoring.core.x", "django"),
        ("import os, django.conf", "scoring.core.x", "django.conf"),
        ("from django.db import models", "scoring.core.x", "django.db"),
        ("def f():\n    from referee.core import cards", "scoring.core.x", "referee.core"),
        ("from ..base import Flag", "scoring.core.games.x", "scoring.core.base"),
        ("from . import call_bridge", "scoring.core.games.x", "scoring.core.games.call_bridge"),
        ("__import__('django.conf')", "scoring.core.x", "django.conf"),
        ("importlib.import_module('referee.core')", "scoring.core.x", "referee.core"),
    ],
)
def test_the_import_walker_sees_every_kind_of_import(source: str, module: str, expected: str) -> None:
    assert expected in [name for _, name in imports_in(source, module)]
