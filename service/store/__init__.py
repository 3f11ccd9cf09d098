"""Storage: the sessions and the statements the service runs, one query module per aggregate
(``games``, ``people``, ...), on the store's one engine."""
