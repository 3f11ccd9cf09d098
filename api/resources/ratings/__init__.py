"""Ratings: the leaderboard and a player's rating history."""
