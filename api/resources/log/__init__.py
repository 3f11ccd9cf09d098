"""A game's event log and record."""
