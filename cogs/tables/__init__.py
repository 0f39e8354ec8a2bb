"""A table in its channel: the table message and its buttons, each player's private hand, seat
requests, rematches, the threads tables open in, and the outbox (``delivery.py``) through which
the table service shows all of it."""
