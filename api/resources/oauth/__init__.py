"""Acting for players: the consent API of the OAuth 2 flow, a player's tokens and its
registered OAuth clients."""
