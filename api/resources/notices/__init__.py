"""A player's notices by email and Web Push."""
