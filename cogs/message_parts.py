"""A Discord message as plain parts (text, picture, components, who may be pinged), and the
keyword arguments that send it anew or edit a message into it.

Sending and editing take different arguments (a new file versus the attachments that replace
the old ones); keeping both in one place means a table or hand message looks the same either way,
and an edit's picture always replaces the message's attachments instead of being added to them.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any

import discord


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

    def _file(self) -> discord.File | None:
        if self.picture is None:
            return None
        return png_file(self.picture, self.filename)

    def _mentions(self) -> discord.AllowedMentions:
        if self.mention is None:
            return discord.AllowedMentions.none()
        return discord.AllowedMentions(
            everyone=False, roles=False, users=[discord.Object(id=self.mention)]
        )

    def send_kwargs(self) -> dict[str, Any]:
        kwargs: dict[str, Any] = {
            "content": self.content,
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
            "content": self.content,
            "attachments": [file] if file is not None else [],
            "view": self.view,
            "allowed_mentions": self._mentions(),
        }
