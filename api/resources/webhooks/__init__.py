"""Webhooks: a player's endpoints, their delivery log and redelivery."""
