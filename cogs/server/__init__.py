"""``/cinch-server``: how Cinch runs on a server, for its admins (``command.py``)."""
