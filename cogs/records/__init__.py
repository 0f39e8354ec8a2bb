"""What was played, as members browse it: replays of finished hands, the history of a server's
games, and the pages of its boards."""
