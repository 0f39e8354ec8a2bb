"""``/cinch``: opening tables and playing at them, one's own settings, the daily deals and the
puzzles (``command.py``)."""
