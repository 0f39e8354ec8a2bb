"""Command line: ``python -m bot`` (or ``cinch-bot``) runs the bot.

Subcommands are registered in :func:`build_parser`; ``run`` is the default when none is
given. Each subcommand sets ``handler``, a function taking the parsed arguments and
returning the process exit code.
"""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Sequence

import discord

from bot.factory import create_bot
from bot.settings import ConfigError, Settings

log = logging.getLogger("bot")

EXIT_CONFIG = 2
EXIT_LOGIN = 1


def run_bot(args: argparse.Namespace) -> int:
    """Connect to Discord and serve until interrupted."""
    try:
        settings = Settings.from_env()
        token = settings.require_token()
    except ConfigError as error:
        print(error, file=sys.stderr)
        return EXIT_CONFIG
    discord.utils.setup_logging(level=settings.log_level, root=True)
    log.info("Starting with %r", settings)
    bot = create_bot(settings)
    try:
        bot.run(token, log_handler=None)
    except discord.LoginFailure:
        print(
            "Discord refused the token. Copy it again from the 'Bot' tab of your application"
            " at https://discord.com/developers/applications (Reset Token) into DISCORD_TOKEN.",
            file=sys.stderr,
        )
        return EXIT_LOGIN
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m bot",
        description="Cinch for Discord. Settings come from the environment or a .env file.",
    )
    parser.set_defaults(handler=run_bot)
    commands = parser.add_subparsers(title="commands", metavar="COMMAND")
    commands.add_parser(
        "run", help="connect to Discord and run the bot (the default)"
    ).set_defaults(handler=run_bot)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return args.handler(args)


if __name__ == "__main__":
    sys.exit(main())
