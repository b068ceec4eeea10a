"""Duplicate pairs for bridge clubs, in plain Python (docs/rules/duplicate.md).

- `boards`: a board's dealer and vulnerability, one table's result and its N-S score, artificial scores;
- `movements`: the Howell and Mitchell movements, round by round;
- `travellers`: each board's results across the tables;
- `matchpoints`: matchpoints and percentages, factored when a board has fewer results than it should;
- `imps`: the IMP scale, Butler scoring against a datum, and cross-IMPs;
- `standings`: each pair's total over the night, ranked in its field.
"""
