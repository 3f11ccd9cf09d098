"""The live stream of a game (SSE or ndjson): ``GET /api/v1/games/{id}/stream``."""
