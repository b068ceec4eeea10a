"""``rule_link``: a rule ID as a link to its text, for every place that cites one (verdicts, breakdown lines).

    {% load rules %}
    {{ line.rule|rule_link }}

A known ID becomes ``<a class="rule" href="/rules/<game>/#<ID>" hx-get="/rules/rule/<ID>/" ...>``: without
JavaScript the link opens the game's rules at that rule; with htmx it loads the rule into the dialog of
templates/base.html, which static/js/rules.js opens, so a player reads the rule without leaving the form. Anything
else (an ID no registered game defines, "match-file", a number) is its escaped text; None is empty.

It is a dict lookup: the links are built once with the rulebook (scoring/rulebook.py), not per call.
"""

from __future__ import annotations

from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString

from scoring import rulebook
from scoring.marks import mark_suits

register = template.Library()


@register.filter
def rule_links(text: object) -> SafeString:
    """A sentence (an error, a notice) escaped, each rule ID it cites a link to the rule."""
    return SafeString("") if text is None else rulebook.link_rules_in(text)


@register.filter
def suits(text: object) -> SafeString:
    """Text escaped, hearts and diamonds drawn red (scoring/marks.py)."""
    return SafeString(mark_suits(str(conditional_escape(text))))


@register.filter
def rule_link(value: object) -> SafeString:
    if value is None:
        return SafeString("")
    return rulebook.link_html(value) or conditional_escape(value)


def _cited(text: object, rule: SafeString) -> SafeString:
    """``text`` with `` (rule)`` before its closing full stop, if it has one; the rule in a ``cite`` span,
    which a stylesheet may keep from breaking at its hyphens."""
    words = str(text)
    stop = "." if words.endswith(".") else ""
    return SafeString(f'{conditional_escape(words.removesuffix(stop))} <span class="cite">({rule})</span>{stop}')


@register.filter
def cite(text: object, rule: object) -> SafeString:
    """A sentence with its rule ID after it, as plain text: "A capot is worth 252 instead of 250 (R-BL-11)."."""
    return _cited(text, conditional_escape(rule))


@register.filter
def cite_link(text: object, rule: object) -> SafeString:
    """As ``cite``, the rule ID a link to the rule (``rule_link``)."""
    return _cited(text, rule_link(rule))
