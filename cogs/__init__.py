"""The Discord layer: one package per top-level command, each holding its ``command.py``
(``cinch/``, ``boards/``, ``tournament/``, ``server/``), and the packages they share
(``shared/``, ``tables/``, ``records/``, ``solo/``, ``league/``). A command's package never
imports another's.
"""
