"""``/cinch-boards``: what a server's games add up to, for every member (``command.py``)."""
