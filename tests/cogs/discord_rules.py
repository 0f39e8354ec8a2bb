"""Discord's documented limits on what a bot sends, as checks of the bodies it sent.

SimCord accepts more than Discord does; Discord refuses a request past any of these limits
(a 400 with error 50035), so the message is never seen, or the commands never registered. The
rules, from Discord's developer documentation:

- Messages: https://discord.com/developers/docs/resources/message#create-message (content
  2,000 characters, at most 10 embeds and 10 attachments).
- Embeds: https://discord.com/developers/docs/resources/message#embed-object-embed-limits
  (title 256, description 4,096, 25 fields, field name 256 and value 1,024, footer 2,048,
  author 256; all the embeds of a message 6,000 together).
- Components: https://discord.com/developers/docs/components/reference (5 action rows of at
  most 5 buttons or one select; custom ids 100; button labels 80; a select's 25 options, their
  labels, values and descriptions 100; placeholders 150; text inputs' labels 45).
- Modals: https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-response-object-modal
  (title 45, custom id 100, 5 rows).
- Autocomplete: https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-response-object-autocomplete
  (at most 25 choices, names 1-100, string values up to 100).
- Commands: https://discord.com/developers/docs/interactions/application-commands#application-command-object
  (names 1-32 characters of ``^[-_\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$``, lowercase
  where the letter has a lowercase form; descriptions 1-100; 25 options, 25 choices, choice
  names 1-100 and string values up to 100; 100 top-level commands; the size rule in
  ``cogs/shared/command_size.py``), every localization too.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

CONTENT = 2000
EMBEDS, ATTACHMENTS = 10, 10
EMBED_TOTAL, EMBED_TITLE, EMBED_DESCRIPTION = 6000, 256, 4096
EMBED_FIELDS, FIELD_NAME, FIELD_VALUE = 25, 256, 1024
FOOTER, AUTHOR = 2048, 256
ROWS, ROW_BUTTONS = 5, 5
CUSTOM_ID, BUTTON_LABEL, SELECT_OPTIONS, OPTION_TEXT, PLACEHOLDER = 100, 80, 25, 100, 150
MODAL_TITLE, TEXT_INPUT_LABEL = 45, 45
NAME, DESCRIPTION, OPTIONS, CHOICES, CHOICE_TEXT, TOP_LEVEL_COMMANDS = 32, 100, 25, 25, 100, 100

BUTTON, STRING_SELECT, TEXT_INPUT = 2, 3, 4
#: Interaction callbacks: a message (answer or update), an autocomplete, a modal.
MESSAGE_CALLBACKS, AUTOCOMPLETE_CALLBACK, MODAL_CALLBACK = (4, 7), 8, 9
#: Option types whose children are options (subcommands and their groups).
SUBCOMMAND, SUBCOMMAND_GROUP = 1, 2


def _over(what: str, text: str | None, limit: int, *, at_least: int = 0) -> list[str]:
    length = len(text or "")
    return [] if at_least <= length <= limit else [f"{what} of {length} (limit {limit})"]


def _embed_text(embed: Mapping[str, Any]) -> Iterator[tuple[str, str | None, int]]:
    yield "embed title", embed.get("title"), EMBED_TITLE
    yield "embed description", embed.get("description"), EMBED_DESCRIPTION
    for field in embed.get("fields") or []:
        yield "field name", field.get("name"), FIELD_NAME
        yield "field value", field.get("value"), FIELD_VALUE
    yield "footer", (embed.get("footer") or {}).get("text"), FOOTER
    yield "author", (embed.get("author") or {}).get("name"), AUTHOR


def component_problems(rows: Iterable[Mapping[str, Any]], *, modal: bool = False) -> list[str]:
    """What Discord would refuse in a message's (or a modal's) action rows."""
    rows = list(rows)
    found = [] if len(rows) <= ROWS else [f"{len(rows)} action rows"]
    for row in rows:
        items = row.get("components") or []
        buttons = [item for item in items if item.get("type") == BUTTON]
        if len(buttons) > ROW_BUTTONS or (buttons and len(buttons) != len(items)):
            found.append(f"a row of {len(items)} components, {len(buttons)} of them buttons")
        if not buttons and len(items) > 1:
            found.append(f"a row of {len(items)} selects or inputs")
        for item in items:
            found += _over("custom id", item.get("custom_id"), CUSTOM_ID)
            label_limit = TEXT_INPUT_LABEL if item.get("type") == TEXT_INPUT else BUTTON_LABEL
            found += _over("label", item.get("label"), label_limit)
            found += _over("placeholder", item.get("placeholder"), PLACEHOLDER)
            options = item.get("options") or []
            if len(options) > SELECT_OPTIONS:
                found.append(f"a select of {len(options)} options")
            for option in options:
                for part in ("label", "value", "description"):
                    found += _over(f"option {part}", option.get(part), OPTION_TEXT)
        if modal and buttons:
            found.append("buttons in a modal")
    return found


def message_problems(body: Mapping[str, Any]) -> list[str]:
    """What Discord would refuse in a message body it is sent (posted, edited, an answer)."""
    found = _over("content", body.get("content"), CONTENT)
    embeds = body.get("embeds") or []
    if len(embeds) > EMBEDS:
        found.append(f"{len(embeds)} embeds")
    total = 0
    for embed in embeds:
        if len(embed.get("fields") or []) > EMBED_FIELDS:
            found.append(f"an embed of {len(embed['fields'])} fields")
        for what, text, limit in _embed_text(embed):
            found += _over(what, text, limit)
            total += len(text or "")
    if total > EMBED_TOTAL:
        found.append(f"embeds of {total} characters in all (limit {EMBED_TOTAL})")
    attachments = body.get("attachments") or []
    if len(attachments) > ATTACHMENTS:
        found.append(f"{len(attachments)} attachments")
    return found + component_problems(body.get("components") or [])


def choice_problems(choices: list[Mapping[str, Any]]) -> list[str]:
    """What Discord would refuse in a list of choices (a command option's, autocomplete's)."""
    found = [] if len(choices) <= CHOICES else [f"{len(choices)} choices"]
    for choice in choices:
        for name in _localized(choice, "name"):
            found += _over(f"choice {name[:20]!r}", name, CHOICE_TEXT, at_least=1)
        if isinstance(choice["value"], str):
            found += _over("choice value", choice["value"], CHOICE_TEXT)
    return found


def sent_problems(request: Any) -> list[str]:
    """What Discord would refuse in one of the bot's REST requests (SimCord's log entry)."""
    body = request.json if isinstance(request.json, dict) else None
    if body is None or request.method not in ("POST", "PATCH"):
        return []
    path = request.path
    if path.endswith("/callback"):
        data = body.get("data") or {}
        if body.get("type") in MESSAGE_CALLBACKS:
            return message_problems(data)
        if body.get("type") == AUTOCOMPLETE_CALLBACK:
            return choice_problems(data.get("choices") or [])
        if body.get("type") == MODAL_CALLBACK:
            found = _over("modal title", data.get("title"), MODAL_TITLE, at_least=1)
            found += _over("modal custom id", data.get("custom_id"), CUSTOM_ID, at_least=1)
            return found + component_problems(data.get("components") or [], modal=True)
        return []
    if path.startswith("/webhooks/") or (path.startswith("/channels/") and "/messages" in path):
        return message_problems(body)
    return []


def _localized(part: Mapping[str, Any], field: str) -> list[str]:
    """A field's default text and every translation of it."""
    return [part.get(field) or "", *(part.get(f"{field}_localizations") or {}).values()]


def is_valid_name(name: str) -> bool:
    """Discord's rule for a slash command's or option's name: 1-32 letters, digits, ``-`` or
    ``_`` (``\\p{L}``, ``\\p{N}``, with Devanagari and Thai marks), lowercase."""
    return (
        1 <= len(name) <= NAME
        and name == name.lower()
        and all(
            char in "-_"
            or unicodedata.category(char)[0] in "LN"
            or "DEVANAGARI" in unicodedata.name(char, "")
            or "THAI" in unicodedata.name(char, "")
            for char in name
        )
    )


def command_problems(payload: Mapping[str, Any], path: str = "") -> list[str]:
    """What Discord would refuse in a command, or an option and everything under it, in any of
    its languages (the size aside: ``cogs/shared/command_size.py``)."""
    here = f"{path} {payload['name']}".strip()
    found = [f"name {name!r}" for name in _localized(payload, "name") if not is_valid_name(name)]
    for description in _localized(payload, "description"):
        found += _over("description", description, DESCRIPTION, at_least=1)
    options = payload.get("options") or []
    if len(options) > OPTIONS:
        found.append(f"{len(options)} options")
    found += choice_problems(payload.get("choices") or [])
    found = [f"/{here}: {problem}" for problem in found]
    for option in options:
        found += command_problems(option, here)
    return found
