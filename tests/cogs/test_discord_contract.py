"""Discord's rules, checked on what discord.py sends them: the commands as the bot publishes
them (``get_translated_payload``, every language's names and descriptions included), and the
checks themselves (``discord_rules.py``, which every SimCord test also applies to what the bot
sent: ``conftest.py``).

Discord's documentation, for each rule: ``discord_rules.py`` (messages, embeds, components,
modals, autocomplete, commands) and ``cogs/shared/command_size.py`` (a command's size), after
https://discord.com/developers/docs/interactions/application-commands and
https://discord.com/developers/docs/resources/message#embed-object-embed-limits.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import discord
from discord import app_commands

from cogs.shared.command_size import COMMAND_SIZE_BUDGET, MAX_COMMAND_SIZE, command_size, oversized
from cogs.shared.command_sync import tree_payloads
from tests.cogs.discord_rules import (
    TOP_LEVEL_COMMANDS,
    command_problems,
    is_valid_name,
    message_problems,
    sent_problems,
)

#: The languages the catalogue gives Discord besides English.
TRANSLATED = {"fr", "pt-BR", "nl"}
#: The project's own bound on subcommands, under Discord's 25.
MOST_SUBCOMMANDS = 21


async def published(bot: Any) -> list[dict[str, Any]]:
    payloads = await tree_payloads(bot.tree, None)
    assert payloads and bot.tree.translator is not None
    return payloads


def every_part(payload: dict[str, Any]) -> list[dict[str, Any]]:
    """A command and everything under it."""
    return [payload, *(p for option in payload.get("options") or [] for p in every_part(option))]


async def test_every_command_follows_discords_rules_in_every_language(simcord_env, simcord_bot):
    payloads = await published(simcord_bot)
    assert len(payloads) <= TOP_LEVEL_COMMANDS
    assert oversized(payloads) == {}  # Discord's 8,000, counted in the longest language
    assert [problem for payload in payloads for problem in command_problems(payload)] == []
    # The rules were read in every language: each name and description is translated.
    parts = [part for payload in payloads for part in every_part(payload)]
    assert all(set(part["name_localizations"]) == TRANSLATED for part in parts)
    assert all(set(part["description_localizations"]) == TRANSLATED for part in parts)


async def test_every_command_keeps_within_the_projects_budget(simcord_env, simcord_bot):
    """Within 6,000 characters by Discord's count (Discord refuses 8,000) and 21 subcommands
    (Discord refuses 26): room for what comes next."""
    payloads = await published(simcord_bot)
    sizes = {payload["name"]: command_size(payload) for payload in payloads}
    assert {name: size for name, size in sizes.items() if size > COMMAND_SIZE_BUDGET} == {}
    assert COMMAND_SIZE_BUDGET < MAX_COMMAND_SIZE
    subcommands = {payload["name"]: len(payload.get("options") or []) for payload in payloads}
    assert {name: n for name, n in subcommands.items() if n > MOST_SUBCOMMANDS} == {}


def test_a_commands_size_counts_each_field_in_its_longest_language() -> None:
    payload = {
        "name": "cmd",
        "name_localizations": {"fr": "commande"},  # 8, not 3
        "description": "Do",
        "description_localizations": {"fr": "Faire la chose"},  # 14
        "options": [
            {
                "name": "pick",  # 4
                "description": "Which",  # 5
                "choices": [
                    {"name": "One", "name_localizations": {"nl": "Eentje"}, "value": "1"},  # 6+1
                    {"name": "Two", "value": 2},  # 3+1
                ],
            }
        ],
    }
    assert command_size(payload) == 8 + 14 + 4 + 5 + 6 + 1 + 3 + 1


def test_the_command_rules_catch_what_discord_refuses() -> None:
    choice = {"name": "x" * 101, "value": "v" * 101}
    payload = {
        "name": "Big",
        "description": "",
        "options": [
            {
                "name": "option",
                "name_localizations": {"fr": "deux mots"},
                "description": "d" * 101,
                "choices": [choice] + [{"name": "c", "value": n} for n in range(25)],
            }
        ],
    }
    assert command_problems(payload) == [
        "/Big: name 'Big'",
        "/Big: description of 0 (limit 100)",
        "/Big option: name 'deux mots'",
        "/Big option: description of 101 (limit 100)",
        "/Big option: 26 choices",
        "/Big option: choice 'xxxxxxxxxxxxxxxxxxxx' of 101 (limit 100)",
        "/Big option: choice value of 101 (limit 100)",
    ]
    assert is_valid_name("mãos_do_dia") and is_valid_name("cinch-boards")
    assert not is_valid_name("x" * 33) and not is_valid_name("")


def button(custom_id: str = "b", label: str = "Go") -> dict[str, Any]:
    return {"type": 2, "style": 1, "custom_id": custom_id, "label": label}


def test_the_message_rules_catch_what_discord_refuses() -> None:
    body = {
        "content": "c" * 2001,
        "embeds": [
            {"title": "t" * 257, "description": "d" * 4000},
            {"fields": [{"name": "n", "value": "v" * 1025}], "footer": {"text": "f" * 900}},
        ],
        "attachments": [{"id": n} for n in range(11)],
        "components": [
            {"type": 1, "components": [button() for _ in range(6)]},
            {"type": 1, "components": [button("x" * 101, "l" * 81)]},
            {
                "type": 1,
                "components": [
                    {
                        "type": 3,
                        "custom_id": "s",
                        "options": [{"label": str(n), "value": str(n)} for n in range(26)],
                    }
                ],
            },
            *({"type": 1, "components": [button()]} for _ in range(3)),
        ],
    }
    assert message_problems(body) == [
        "content of 2001 (limit 2000)",
        "embed title of 257 (limit 256)",
        "field value of 1025 (limit 1024)",
        "embeds of 6183 characters in all (limit 6000)",
        "11 attachments",
        "6 action rows",
        "a row of 6 components, 6 of them buttons",
        "custom id of 101 (limit 100)",
        "label of 81 (limit 80)",
        "a select of 26 options",
    ]


def test_answers_modals_and_autocomplete_are_checked_as_sent() -> None:
    def sent(path: str, body: dict[str, Any]) -> SimpleNamespace:
        return SimpleNamespace(method="POST", path=path, json=body)

    answer = {"type": 4, "data": {"content": "c" * 2001}}
    modal = {"type": 9, "data": {"title": "t" * 46, "custom_id": "m", "components": []}}
    choices = {"type": 8, "data": {"choices": [{"name": "", "value": 1}]}}
    callback = "/interactions/1/token/callback"
    assert sent_problems(sent(callback, answer)) == ["content of 2001 (limit 2000)"]
    assert sent_problems(sent(callback, modal)) == ["modal title of 46 (limit 45)"]
    assert sent_problems(sent(callback, choices)) == ["choice '' of 0 (limit 100)"]
    followup = sent("/webhooks/1/token", {"content": "c" * 2001})
    assert sent_problems(followup) == ["content of 2001 (limit 2000)"]
    assert sent_problems(sent("/channels/1/messages", {"content": "ok"})) == []


def test_commands_built_past_the_limits_are_caught_on_their_payload() -> None:
    """discord.py itself lets a command of 26 choices of 100 characters through."""
    many = [app_commands.Choice(name="n" * 100, value=n) for n in range(26)]

    @app_commands.command(name="many", description="Too many choices")
    @app_commands.choices(pick=many)
    async def command(interaction: Any, pick: int) -> None:
        del interaction, pick

    tree = app_commands.CommandTree(discord.Client(intents=discord.Intents.none()))
    payload = command.to_dict(tree)
    assert command_problems(payload) == ["/many pick: 26 choices"]
