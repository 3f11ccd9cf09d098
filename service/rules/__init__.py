"""Rules on rows: plain functions and records the parts compute with (play, a new game's
checks, clocks, views, the rating model, standings, seek terms, positions). No sessions and
no statements here."""
