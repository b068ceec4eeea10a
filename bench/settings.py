"""Trickbook's settings with the benchmark's URLs (bench/urls.py): for bench/serve.py's server only."""

from config.settings import *  # noqa: F403

ROOT_URLCONF = "bench.urls"
