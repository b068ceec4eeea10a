# English groups thousands with a comma: 1,000 (Django's own en formats say the same; stated here beside the others).
THOUSAND_SEPARATOR = ","
NUMBER_GROUPING = 3
