"""The rules as data, health and readiness."""
