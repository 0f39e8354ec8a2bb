"""A server's league: its seasons and their awards, and its tournaments; no Discord here.

Built on the store and the boards (``bot/stats``) beside them: a season is a window of time over
the same counted games, with boards and ratings of its own (``season_boards.py``), its dates
(``windows.py``), and its course kept in the store (``seasons.py``): settings, the season
running, and ending one with its awards. ``season_scenes.py`` turns a season into pictures in
the reader's language. Tournaments: who plays whom (``pairing.py``), the standings
(``standings.py``), their course in the store (``tournaments.py``, ``rounds.py``) and in a server
(``course.py``). ``service.py`` (``LeagueService``) is the one object the Discord layer calls:
intentions in, plain data out (``shown.py``), shown through an outbox (``outbox.py``), which
``cogs/league/outbox.py`` implements; its parts are ``signups.py``, ``season_requests.py`` and
``due_work.py``, sharing ``league_state.py``.
"""
