"""Repair player names saved before the name rule (scoring/core/match.py REFUSED_IN_NAMES).

On SQLite a match file could store a lone surrogate or a control character in a name; every page
showing that match then failed, the home page included. Each such character becomes U+FFFD, so the
match can be shown, downloaded and deleted again. The categories are copied here on purpose: a
migration must keep doing what it did when it was written.
"""

import unicodedata

from django.db import migrations

REFUSED_CATEGORIES = {"Cc", "Cs", "Zl", "Zp"}


def clean_name(name):
    cleaned = "".join("\ufffd" if unicodedata.category(char) in REFUSED_CATEGORIES else char for char in name)
    return cleaned.strip() or "\ufffd"


def repair_player_names(apps, schema_editor):
    Match = apps.get_model("scoring", "Match")
    for match in Match.objects.only("players").iterator():
        players = [clean_name(name) if isinstance(name, str) else name for name in match.players]
        if players != match.players:
            match.players = players
            match.save(update_fields=["players"])


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0002_match_version"),
    ]

    operations = [
        migrations.RunPython(repair_player_names, migrations.RunPython.noop),
    ]
