"""The scoring app's views, one module for each thing they serve: accounts, matches, deals and the
share link; `common` holds what they share."""
