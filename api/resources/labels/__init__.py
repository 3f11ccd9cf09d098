"""Labels: what a tournament site reads about its games (standings, records)."""
