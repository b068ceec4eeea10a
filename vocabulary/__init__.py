"""The words both rule cores speak: cards and packs, suits, strains and doublings, and the
translation hooks (docs/architecture.md, "Floors"). Plain Python; it imports neither core nor Django."""
