"""The read-only share link of a match: made, replaced and stopped by its owner, and shown on the
match page with its QR code for the other players at the table to scan.

A match is shared while it has a share token (`Match.share_token`); the share page, its live
fragment and the report, PDF and CSV reached through the link look the match up by that token, so a
replaced or stopped link finds nothing from the next request on. The share page's cached fragment
(scoring/views/sharing.py, `_live_sheet`) is only ever read after that look-up, so it is never served for a
link that no longer works, and no cache needs clearing (each worker may hold its own).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import segno
from django.http import HttpRequest
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe

from scoring.models import Match, new_share_token

# Dark modules on a white square with the standard quiet zone of four modules, whatever the page's
# colour scheme: phone cameras read dark on light. The size comes from the stylesheet (viewBox only).
QR_SVG_OPTIONS = {"dark": "#000", "light": "#fff", "border": 4, "omitsize": True, "svgclass": "share-qr-code"}
# M recovers from some 15% damage: a glare on the screen, a thumb on a corner.
QR_ERROR_LEVEL = "m"


@dataclass(frozen=True, slots=True)
class ShareLink:
    url: str  # absolute, as typed into another phone or encoded in the QR code
    qr_svg: SafeString


@lru_cache(maxsize=256)  # drawing one costs more than the rest of a match page; a link rarely changes
def qr_svg(url: str) -> SafeString:
    """The QR code of ``url`` as inline SVG markup (no request leaves the page to draw it)."""
    code = segno.make(url, error=QR_ERROR_LEVEL)
    return mark_safe(code.svg_inline(**QR_SVG_OPTIONS))  # segno writes only paths and numbers


def share_link(request: HttpRequest, match: Match) -> ShareLink | None:
    """The match's share link as the owner passes it round, or None while it is not shared."""
    if match.share_token is None:
        return None
    url = request.build_absolute_uri(reverse("shared_match", args=[match.share_token]))
    return ShareLink(url=url, qr_svg=qr_svg(url))


def renew_share_link(*, match: Match) -> str:
    """Give the match a new share link (or its first one after sharing was stopped), in one UPDATE of
    that column only; the link it had stops working for everyone at once. Returns the new token."""
    match.share_token = new_share_token()
    match.save(update_fields=["share_token"])
    return match.share_token


def stop_sharing(*, match: Match) -> None:
    """Stop sharing the match: its link stops working for everyone, and nothing else changes."""
    match.share_token = None
    match.save(update_fields=["share_token"])
