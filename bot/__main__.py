"""``python -m bot`` and the ``cinch-bot`` script: the command line of `bot.cli`.

This module imports the command line only when it runs. The computer players' worker processes
are spawned, and a spawned process first imports its parent's main module when that is a file,
as the ``cinch-bot`` script is, which imports this module: with the command line imported here,
every worker would load discord.py, the cogs, the store and the pictures, some 40 MB it never
uses (`tests/bot/test_main.py` starts a worker as the script would).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with `argv` (the process's arguments when None): its exit code."""
    from bot.cli import main as run_command_line

    return run_command_line(argv)


if __name__ == "__main__":
    sys.exit(main())
