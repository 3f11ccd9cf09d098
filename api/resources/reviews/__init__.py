"""Reviews of finished games."""
