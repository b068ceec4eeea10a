"""How each language Trickbook speaks writes a number (settings.FORMAT_MODULE_PATH), read through scoring/numbers.py."""
