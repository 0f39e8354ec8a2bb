"""What a member plays alone: the daily deals and the puzzles, their private messages, buttons
and boards, shared by ``/cinch`` (playing) and ``/cinch-boards`` (the boards)."""
