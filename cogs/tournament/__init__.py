"""``/cinch-tournament``: a server's tournaments (``command.py``)."""
