"""A Discord message as plain parts (text, picture, components, who may be pinged), and the
keyword arguments that send it anew or edit a message into it.

Sending and editing take different arguments (a new file versus the attachments that replace
the old ones); keeping both in one place means a table or hand message looks the same either way,
and an edit's picture always replaces the message's attachments instead of being added to them.

Discord refuses a message whose text is longer than it allows, and then nobody sees it; names
are kept short, but a text that still comes out too long is cut by :func:`fit` on its way out.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any

import discord

#: Discord's limits of a message's text and of an embed's description, in characters.
CONTENT_LIMIT = 2000
EMBED_DESCRIPTION_LIMIT = 4096
ELLIPSIS = "…"


def fit(text: str, limit: int = CONTENT_LIMIT) -> str:
    """``text`` cut to ``limit`` characters, by whole lines where it can: the first line (what
    the message is about) and as many of the last ones (what happens now) as fit, with an
    ellipsis in place of the lines between."""
    if len(text) <= limit:
        return text
    first, *rest = text.split("\n")
    kept: list[str] = []
    room = limit - len(first) - len(ELLIPSIS) - 1
    for line in reversed(rest):
        if len(line) + 1 > room:
            break
        kept.insert(0, line)
        room -= len(line) + 1
    if room < 0:  # even the first line is too long
        return text[: limit - len(ELLIPSIS)] + ELLIPSIS
    return "\n".join([first, ELLIPSIS, *kept])


def png_file(data: bytes, filename: str, description: str | None = None) -> discord.File:
    """A PNG picture as an attachment; ``description`` is its alt text for screen readers."""
    return discord.File(io.BytesIO(data), filename=filename, description=description)


@dataclass(frozen=True)
class Parts:
    """A message to send or edit: text, an optional picture, components and who may be pinged."""

    content: str
    picture: bytes | None = None
    filename: str = "table.png"
    view: discord.ui.View | None = None
    mention: int | None = None
    #: Sent without a notification (Discord's "silent" messages): nothing new for anyone.
    silent: bool = False
    #: What the picture shows, for screen readers.
    alt: str | None = None

    def _file(self) -> discord.File | None:
        if self.picture is None:
            return None
        return png_file(self.picture, self.filename, self.alt)

    def _mentions(self) -> discord.AllowedMentions:
        if self.mention is None:
            return discord.AllowedMentions.none()
        return discord.AllowedMentions(
            everyone=False, roles=False, users=[discord.Object(id=self.mention)]
        )

    def send_kwargs(self) -> dict[str, Any]:
        kwargs: dict[str, Any] = {
            "content": fit(self.content),
            "allowed_mentions": self._mentions(),
            "silent": self.silent,
        }
        file = self._file()
        if file is not None:
            kwargs["file"] = file
        if self.view is not None:
            kwargs["view"] = self.view
        return kwargs

    def edit_kwargs(self) -> dict[str, Any]:
        file = self._file()
        return {
            "content": fit(self.content),
            "attachments": [file] if file is not None else [],
            "view": self.view,
            "allowed_mentions": self._mentions(),
        }
