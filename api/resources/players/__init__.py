"""Players: identities with an API token, their games and their turns."""
