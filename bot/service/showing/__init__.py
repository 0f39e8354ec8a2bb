"""How the tables are shown: the table message and each private hand worked out from a table,
their pictures drawn, edits folded together, turns notified, and everything handed to the
outbox in order.

Nothing here decides what is legal or changes a game: it reads what the areas of
:mod:`bot.service.areas` changed and makes it seen.
"""
