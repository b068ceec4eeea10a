# Hindi groups the Indian way: the first three digits, then pairs (1,000; 1,00,000). Django's hi formats do not group.
THOUSAND_SEPARATOR = ","
NUMBER_GROUPING = (3, 2, 0)
