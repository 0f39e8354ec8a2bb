"""A server's league: its seasons and their awards; no Discord here.

Built on the store and the boards (``bot/stats``) beside them: a season is a window of time over
the same counted games, with boards and ratings of its own (``season_boards.py``), its dates
(``windows.py``), and its course kept in the store (``seasons.py``): settings, the season
running, and ending one with its awards. ``season_scenes.py`` turns a season into pictures in
the reader's language. The Discord side is ``cogs/seasons.py``, and ``cogs/league_clock.py``
drives what is due from the store.
"""
