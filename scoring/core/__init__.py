"""Trickbook's scoring core: pure Python, no Django.

It validates deal entries, scores them and evaluates matches for every game in
``GAMES``. The Django app in ``scoring/`` and the referee only call into it. Its words reach people
through one hook, vocabulary/i18n.py, into which the app plugs Django's translations.
"""
