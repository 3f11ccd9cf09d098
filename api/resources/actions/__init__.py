"""The pending decision and submitting actions."""
