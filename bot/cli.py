"""The command line that ``python -m bot`` (or ``cinch-bot``) runs: the bot, and its subcommands.

Subcommands are registered in :func:`build_parser`; ``run`` is the default when none is
given. Each subcommand sets ``handler``, a function taking the parsed arguments and
returning the process exit code.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TextIO

import aiohttp
import discord

from bot.ai import LEVELS
from bot.demo import DemoError, DemoSettings, play_demo
from bot.engine import HouseRules
from bot.factory import create_bot, publish_commands
from bot.monitor import AddressUnusable, check_listen_address
from bot.settings import ConfigError, Settings, unusable_database_message
from bot.stats.forgetting import forget_person
from bot.store import Forgotten, Store, StoreError
from bot.store.backup import BackupError, backup_sqlite
from cogs.shared.command_sync import CommandsRefused

log = logging.getLogger("bot")

EXIT_CONFIG = 2
#: Discord would refuse the commands, or did: with none, the bot could serve nothing.
EXIT_COMMANDS_REFUSED = 2
EXIT_LOGIN = 1
EXIT_NETWORK = 3
#: What a shell reports for a program stopped by Ctrl-C (128 + SIGINT).
EXIT_INTERRUPTED = 130


#: discord.py's own layout of a log line, without its colours.
PLAIN_LOG_LINES = logging.Formatter(
    "[{asctime}] [{levelname:<8}] {name}: {message}", "%Y-%m-%d %H:%M:%S", style="{"
)


def setup_logging(level: str, stream: TextIO | None = None) -> None:
    """Log to ``stream`` (standard error), in colour only when it is a terminal: discord.py
    also colours lines inside any container, where they land in log files as escape codes."""
    handler = logging.StreamHandler(stream or sys.stderr)
    on_a_terminal = handler.stream.isatty()
    discord.utils.setup_logging(
        handler=handler,
        level=logging.getLevelNamesMapping()[level],
        root=True,
        **({} if on_a_terminal else {"formatter": PLAIN_LOG_LINES}),
    )


def quiet_voice_warnings() -> None:
    """The bot never joins a voice channel, so discord.py's start-up warnings that the voice
    libraries are missing would only alarm the operator."""
    discord.VoiceClient.warn_nacl = False
    discord.VoiceClient.warn_dave = False


async def open_store(target: str | Path) -> Store:
    """Open (creating and migrating) the database, or say in one line why it cannot be."""
    try:
        return await Store.open(target)
    except StoreError as error:
        raise ConfigError(unusable_database_message(target, error, "DATABASE_URL")) from None


async def check_database(target: str | Path) -> None:
    """Open the database once before connecting to Discord, so a bad path or an unreachable
    server stops the bot with one line instead of a half-started bot."""
    await (await open_store(target)).close()


def check_metrics_address(settings: Settings) -> None:
    """With ``METRICS_PORT`` set, check that /health and /metrics can listen where the settings
    say, as a setting is checked: before logging in, in one line."""
    if settings.metrics_port is None:
        return
    try:
        check_listen_address(settings.metrics_host, settings.metrics_port)
    except AddressUnusable as error:
        raise ConfigError(str(error)) from None


def run_bot(args: argparse.Namespace) -> int:
    """Connect to Discord and serve until interrupted."""

    def serve(bot_settings: Settings, token: str) -> None:
        bot = create_bot(bot_settings)
        bot.settles_heap = True
        bot.run(token, log_handler=None)

    return _with_discord(serve, serves_metrics=True)


def run_sync(args: argparse.Namespace) -> int:
    """Publish the slash commands to Discord now, whether or not they changed, then stop."""
    return _with_discord(
        lambda bot_settings, token: asyncio.run(publish_commands(bot_settings, token))
    )


def _with_discord(work: Callable[[Settings, str], object], *, serves_metrics: bool = False) -> int:
    """Check the settings, the database and (when ``serves_metrics``) the address of /health,
    then do ``work`` with Discord, explaining in one line what keeps it from reaching Discord."""
    try:
        settings = Settings.from_env()
        token = settings.require_token()
        if serves_metrics:
            check_metrics_address(settings)
        asyncio.run(check_database(settings.database))
    except ConfigError as error:
        print(error, file=sys.stderr)
        return EXIT_CONFIG
    setup_logging(settings.log_level)
    log.info("Starting with %r", settings)
    quiet_voice_warnings()
    try:
        work(settings, token)
    except aiohttp.ClientConnectionError as error:
        print(
            f"Could not reach Discord ({error.__class__.__name__}): check this machine's internet"
            " connection, proxy and firewall, then start the bot again.",
            file=sys.stderr,
        )
        return EXIT_NETWORK
    except discord.LoginFailure:
        print(
            "Discord refused the token. Copy it again from the 'Bot' tab of your application"
            " at https://discord.com/developers/applications (Reset Token) into DISCORD_TOKEN.",
            file=sys.stderr,
        )
        return EXIT_LOGIN
    except CommandsRefused as refused:
        print(refused, file=sys.stderr)
        return EXIT_COMMANDS_REFUSED
    return 0


def run_demo(args: argparse.Namespace) -> int:
    """Play a whole game between computer players offline, printing and drawing it."""
    settings = DemoSettings(
        output=args.output,
        database=args.database,
        level=args.level,
        target=args.target,
        seed=args.seed,
    )
    try:
        written = asyncio.run(play_demo(settings))
    except DemoError as error:
        print(error, file=sys.stderr)
        return EXIT_CONFIG
    print(f"Wrote {len(written)} pictures to {args.output}")
    return 0


def run_backup(args: argparse.Namespace) -> int:
    """Copy the live SQLite database into a new file, safely while the bot runs."""
    try:
        settings = Settings.from_env()
        if settings.database_url is not None:
            raise BackupError(
                "backup copies a SQLite file; DATABASE_URL names PostgreSQL, so use pg_dump."
            )
        source = settings.database_path
        pages = backup_sqlite(source, args.target)
    except (ConfigError, BackupError) as error:
        print(error, file=sys.stderr)
        return EXIT_CONFIG
    print(f"Backed up {source} to {args.target} ({pages} pages).")
    return 0


def run_forget(args: argparse.Namespace) -> int:
    """Forget a person who asked for it: their settings go, and "Former player" takes their
    name and id in every seat, result and board (docs/security.md)."""
    try:
        settings = Settings.from_env()
        forgotten = asyncio.run(forget_in(settings.database, args.user_id))
    except ConfigError as error:
        print(error, file=sys.stderr)
        return EXIT_CONFIG
    if not forgotten.found:
        print(
            f"Nothing about user {args.user_id} is stored in this database: they were forgotten"
            " already, or never played here. Nothing was changed."
        )
        return 0
    settings_line = "settings deleted" if forgotten.settings else "no settings were stored"
    if forgotten.puzzle_attempts:
        settings_line += f", {counted(forgotten.puzzle_attempts, 'puzzle attempt')} deleted"
    renamed = ", ".join(
        counted(number, what)
        for number, what in (
            (forgotten.results, "game result"),
            (forgotten.seats, "seat"),
            (forgotten.tables, "table opened"),
            (forgotten.daily_plays, "day of the daily deals"),
        )
    )
    print(
        f"Forgot user {args.user_id} ({settings_line}). 'Former player' (id"
        f" {forgotten.pseudonym}) now stands in {renamed}; renamed on the boards of"
        f" {counted(len(forgotten.guilds), 'server')}."
    )
    if forgotten.open_tables:
        tables = ", ".join(str(table) for table in forgotten.open_tables)
        print(
            f"They were at open tables ({tables}): a bot running now still holds them there"
            " and may store them again when those games end. Run this again once they have.",
        )
    return 0


async def forget_in(target: str | Path, user_id: int) -> Forgotten:
    store = await open_store(target)
    try:
        return await forget_person(store, user_id)
    finally:
        await store.close()


def counted(number: int, what: str) -> str:
    """``1 seat``, ``2 seats``: the command line speaks English only."""
    words = what.split(" ", 1)
    words[0] += "" if number == 1 else "s"
    return f"{number} {' '.join(words)}"


def discord_id(text: str) -> int:
    """A Discord user id: a positive whole number (Discord shows it under Copy User ID)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a user id is a whole number; got {text!r}") from None
    if value <= 0:
        raise argparse.ArgumentTypeError(f"a user id is positive; got {value}")
    return value


def points_to_win(text: str) -> int:
    """``--target``: a score the game's rules accept."""
    try:
        score = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a whole number is needed; got {text!r}") from None
    try:
        return HouseRules(target_score=score).target_score
    except ValueError as error:
        raise argparse.ArgumentTypeError(f"{error}; got {score}") from None


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
    commands.add_parser(
        "sync",
        help="publish the slash commands to Discord now (a start publishes them only when"
        " they changed)",
    ).set_defaults(handler=run_sync)
    demo = commands.add_parser(
        "demo",
        help="play a whole game between four computer players offline (no token needed)",
    )
    demo.add_argument(
        "--output",
        type=Path,
        default=Path("demo_output"),
        help="folder for the pictures (default: demo_output)",
    )
    demo.add_argument(
        "--database",
        default=None,
        metavar="URL",
        help="SQLite file or any DATABASE_URL (sqlite:///..., postgresql://...) to play in"
        " (default: a new temporary SQLite file); it must hold no Discord server's games, and"
        " is left with no table open",
    )
    demo.add_argument(
        "--level",
        choices=LEVELS,
        default="normal",
        help="how well the computer players play (default: normal)",
    )
    demo.add_argument(
        "--target", type=points_to_win, default=51, help="points to win (default: 51)"
    )
    demo.add_argument(
        "--seed", type=int, default=None, help="seed for the cards, to replay the same game"
    )
    demo.set_defaults(handler=run_demo)
    backup = commands.add_parser(
        "backup",
        help="copy the SQLite database (DATABASE_URL) into a new file, while the bot runs",
    )
    backup.add_argument("target", type=Path, help="the new file to write")
    backup.set_defaults(handler=run_backup)
    forget = commands.add_parser(
        "forget",
        help="forget a person who asked for it: delete their settings and put 'Former player'"
        " in place of their name and id everywhere (docs/security.md)",
    )
    forget.add_argument("user_id", type=discord_id, help="their Discord user id")
    forget.set_defaults(handler=run_forget)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        code: int = args.handler(args)
    except KeyboardInterrupt:
        print("Stopped (Ctrl-C).", file=sys.stderr)
        return EXIT_INTERRUPTED
    return code
