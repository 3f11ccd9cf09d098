"""The service's parts, one per concern, composed by ``service.game_service.GameService``:
``svc.X`` is the part in ``service/parts/X.py``. A part checks, calls the rules and the store,
and hands follow-ups over after the commit."""
