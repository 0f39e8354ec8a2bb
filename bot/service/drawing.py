"""Pictures drawn in a small pool of threads of their own.

A picture takes a few milliseconds of CPU, much of it holding the interpreter lock. Run in
``asyncio.to_thread``'s shared pool, a burst of pictures from many tables fills every worker
thread, and the event loop (which answers every interaction and commits every action) then waits
its turn for the lock behind all of them. A pool of one or two threads keeps drawing off the
loop while leaving the loop's thread a fair share.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

Scene = TypeVar("Scene")

#: Threads that draw. Two use both cores of a small server without crowding the loop out.
DRAWING_THREADS = 2


class Drawing:
    """``await drawing(render_table, scene)``: a picture drawn in the drawing threads."""

    def __init__(self, threads: int = DRAWING_THREADS) -> None:
        self._pool = ThreadPoolExecutor(threads, thread_name_prefix="drawing")

    async def __call__(self, render: Callable[[Scene], bytes], scene: Scene) -> bytes:
        return await asyncio.get_running_loop().run_in_executor(self._pool, render, scene)

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
