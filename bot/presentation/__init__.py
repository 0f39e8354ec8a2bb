"""What a reader is shown of a game: its texts and its picture scenes, in one language, built
from the engine's views and the players' names.

The table service (live tables) and the replays (finished hands) both tell a game through
here, so a hand reads the same in the channel as in its replay. Nothing here knows about
tables, the store or Discord.
"""
