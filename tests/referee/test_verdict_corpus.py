"""Nothing a player is shown changes: every record of the verdict corpus replays to the very JSON it gave when
the corpus was written (tests/referee/corpus/make_corpus.py).

The corpus holds the fixtures, the hand records of the docs, records the referee tests read, and a few thousand
random records of every game, legal, illegal and unreadable. For each it keeps what a player is shown: the
verdict (`verdict_json`) and the hands after the events, or the record error's path and message.
"""

from __future__ import annotations

import gzip
import json

from tests.referee.corpus.make_corpus import CORPUS, shown


def test_every_record_of_the_corpus_is_shown_as_it_was() -> None:
    changed = []
    count = 0
    with gzip.open(CORPUS, "rt", encoding="utf-8") as lines:
        for line in lines:
            case = json.loads(line)
            count += 1
            now = shown(case["record"])
            if now != case["shown"]:
                changed.append((case["record"], case["shown"], now))
    assert count > 5000
    assert not changed, (
        f"{len(changed)} of {count} records are shown otherwise; the first:\n"
        f"record: {json.dumps(changed[0][0])}\nwas:    {changed[0][1]}\nnow:    {changed[0][2]}"
    )
