"""The tables themselves and their records: the open tables in memory with their settings, the
steps every change takes a held table through, and how each game is written to the store and
read back after a restart.
"""
