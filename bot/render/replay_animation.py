"""A whole replay as one animated picture (APNG) to share in a channel.

Every frame is a replay step (`replay_picture.paint_replay`), all mapped to one palette chosen
from them, which keeps the file a fraction of the size of separate pictures; the APNG encoder
then stores only what changed from one frame to the next. A picture over the size limit is
drawn again smaller, so it always fits in a message and loads quickly on a phone.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image

from bot.render.canvas import fixed_palette
from bot.render.replay_picture import ReplayScene, paint_replay
from bot.render.style import FELT_DARK

#: Discord shows attachments of any size up to its limit; a shared replay stays well under it.
MAX_BYTES = 2 * 1024 * 1024
STEP_MS = 2500
LAST_STEP_MS = 6000
SHRINK = 0.8
MIN_WIDTH = 400


def _encode(frames: Sequence[Image.Image]) -> bytes:
    palette = fixed_palette(*frames)
    mapped = [frame.quantize(palette=palette, dither=Image.Dither.NONE) for frame in frames]
    durations = [STEP_MS] * (len(mapped) - 1) + [LAST_STEP_MS]
    buffer = io.BytesIO()
    mapped[0].save(
        buffer,
        format="PNG",
        save_all=True,
        append_images=mapped[1:],
        duration=durations,
        loop=0,
        optimize=False,
    )
    return buffer.getvalue()


def render_replay_animation(scenes: Sequence[ReplayScene], max_bytes: int = MAX_BYTES) -> bytes:
    """Every step of a replay as one looping APNG of at most `max_bytes`."""
    if not scenes:
        raise ValueError("a replay has at least one step")
    painted = [paint_replay(scene) for scene in scenes]
    height = max(frame.height for frame in painted)
    frames = []
    for frame in painted:  # steps differ in height (footer lines): all get the tallest
        canvas = Image.new("RGB", (frame.width, height), FELT_DARK)
        canvas.paste(frame, (0, 0))
        frames.append(canvas)
    data = _encode(frames)
    while len(data) > max_bytes:
        width = round(frames[0].width * SHRINK)
        if width < MIN_WIDTH:
            raise ValueError(f"the replay does not fit in {max_bytes} bytes")
        size = (width, round(frames[0].height * SHRINK))
        frames = [frame.resize(size, Image.Resampling.LANCZOS) for frame in frames]
        data = _encode(frames)
    return data
