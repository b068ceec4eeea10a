"""Run every benchmark and print one line per figure, with its goal."""

from __future__ import annotations

import os
import sys

from bench import core, web


def main() -> int:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    failures = core.run() + web.run() + web.report_costs()
    if failures:
        print(f"\n{len(failures)} goal(s) missed: " + "; ".join(failures))
    else:
        print("\nAll goals met.")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
