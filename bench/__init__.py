"""Trickbook benchmarks: `make bench` (python -m bench). Targets are printed beside each figure."""
