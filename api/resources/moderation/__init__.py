"""Reports and moderation: ``/reports`` (a player reports another or a chat message) and
``/moderation/...`` (the moderators' queue, actions and audit log)."""
