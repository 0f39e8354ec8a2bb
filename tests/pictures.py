"""The pictures the bot draws and sends, compared by what they show.

A PNG's bytes depend on how its pixels were compressed as well as on the pixels, and a
picture's palette may list the same colours in another order. A test of what the bot showed
compares the colours of every pixel, and when they differ says where, so that a failure points
at the part of the picture that changed rather than at a byte of compressed data.
"""

from __future__ import annotations

import io
from typing import Any

from PIL import Image, ImageChops


async def sent_png(message: Any) -> bytes:
    """The one PNG attached to ``message`` (a SimCord response or a ``discord.Message``)."""
    [attachment] = message.attachments
    assert attachment.content_type == "image/png"
    return await attachment.read()


def _opened(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    return image.convert("RGB")


def picture_difference(got: bytes, wanted: bytes) -> str | None:
    """None when the PNGs ``got`` and ``wanted`` show the same picture, else where they
    differ."""
    first, second = _opened(got), _opened(wanted)
    if first.size != second.size:
        return f"a picture of {first.size} where {second.size} was wanted"
    box = ImageChops.difference(first, second).getbbox()
    if box is None:
        return None
    return f"the pixels differ within {box} (left, top, right, bottom) of {first.size}"


def assert_same_picture(got: bytes, wanted: bytes) -> None:
    """Fail, saying where, unless the PNGs ``got`` and ``wanted`` show the same picture."""
    difference = picture_difference(got, wanted)
    assert difference is None, difference
