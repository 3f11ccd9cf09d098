"""Chat at the table: ``/games/{id}/chat`` and a player's mutes (``/players/me/mutes``)."""
