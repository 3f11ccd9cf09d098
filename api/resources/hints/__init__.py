"""Hints for the seat to play."""
