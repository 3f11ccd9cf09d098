"""Seats: join, leave, resign."""
