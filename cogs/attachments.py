"""Pictures attached to messages: PNG bytes from the renderers, as Discord files."""

from __future__ import annotations

import io

import discord


def png_file(data: bytes, filename: str, description: str | None = None) -> discord.File:
    """A PNG picture as an attachment; ``description`` is its alt text for screen readers."""
    return discord.File(io.BytesIO(data), filename=filename, description=description)
