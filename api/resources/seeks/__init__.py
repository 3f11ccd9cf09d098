"""Quick play: ``/seeks`` (post, list, read, cancel) and the lobby stream ``/seeks/stream``."""
