"""Trickbook's referee core: replays a recorded hand and checks every event.

Pure Python, no Django. It depends on the scoring core (for flags and for
scoring the deal it reconstructs), never the other way round.
"""
