# Hungarian writes a decimal comma (3,2), so thousands are grouped by a no-break space: 1 000, never 1,000.
THOUSAND_SEPARATOR = "\xa0"
NUMBER_GROUPING = 3
