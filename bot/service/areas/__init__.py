"""What the table service does, one area a module: each is a class that
:class:`bot.service.service.TableService` is built from (the lobby, playing, closing, a
player's own view...), and the computer players and timers that act on their own.

The areas share the state declared in :mod:`bot.service.service_state` and take a table through
the steps of :mod:`bot.service.tables.table_changes`; they leave drawing and sending what
changed to :mod:`bot.service.showing`.
"""
