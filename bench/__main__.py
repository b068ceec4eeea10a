"""Run every benchmark and print one line per figure, with its goal."""

from __future__ import annotations

import sys

from bench import core, serve, web
from bench.production import use_production_settings


def main() -> int:
    use_production_settings()  # the Django figures are production's: DEBUG off, as `make serve` runs
    failures = core.run() + web.run() + web.tap_costs() + web.report_costs() + serve.run()
    if failures:
        print(f"\n{len(failures)} goal(s) missed: " + "; ".join(failures))
    else:
        print("\nAll goals met.")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
