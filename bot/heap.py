"""The process's heap kept small and quiet once start-up is over.

Every so often Python's cycle collector walks every object the process holds that may form a
cycle (its oldest generation), while nothing else runs: the event loop stops for as long as it
takes. A bot that has just started holds some 80,000 such objects that live as long as the
process (modules, classes, functions, the tables brought back), some 40 ms of every such walk;
more than every action of a busy moment waits on it. Moved out of the collector's sight once
start-up is over (``gc.freeze``), they are never walked again; reference counting still frees
anything of them let go, and only a cycle among them would stay (none is expected of what lives
as long as the process).

What the tables make afterwards still reaches the oldest generation: at a thousand busy tables,
a few hundred thousand objects (the games, tasks in flight, kept pieces of pictures). Python
walks them all once ten collections of the middle generation have passed and a quarter of them
are new since the last full walk: every half a minute at that load, a stall of 150 to 550 ms
each on busy cores, and every action of the moment waits for it and then for the queue it left.
A full walk waits for `MIDDLE_COLLECTIONS_BEFORE_FULL` of them instead (four minutes or more at
that load), the quarter still required; what it frees (some 30 to 150 objects in cycles a walk,
counted) waits that much longer, and reference counting frees the rest as ever.

The allocator, for its part, keeps the memory freed within its heap for the next blocks, and
over minutes of pictures kept and let go (`bot.render.kept`) a busy bot's heap holds some 20 MB
free that the system counts as the process's. Every `TRIM_EVERY_SECONDS` a thread of its own
gives the whole free pages back (glibc's ``malloc_trim``; where the C library has none, as
musl, nothing is done). A call holds the allocator some 0.04 to 2 ms, twice a minute.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import threading
import time
from collections.abc import Callable

#: How often the allocator's free pages are given back to the system.
TRIM_EVERY_SECONDS = 30.0

#: Collections of the middle generation between two full walks of the oldest (Python's default
#: is 10; see the module).
MIDDLE_COLLECTIONS_BEFORE_FULL = 100

_trimming_started = threading.Event()


def settle_heap() -> None:
    """Collect what start-up left behind, keep every object alive now out of the cycle
    collector's walks, walk the oldest generation less often, and give the allocator's free
    pages back from now on (see the module). Call it once, when the process has started."""
    gc.collect()
    gc.freeze()
    youngest, middle, _ = gc.get_threshold()
    gc.set_threshold(youngest, middle, MIDDLE_COLLECTIONS_BEFORE_FULL)
    trim = free_page_trimmer()
    if trim is not None and not _trimming_started.is_set():
        _trimming_started.set()
        threading.Thread(target=_trim_forever, args=(trim,), name="heap-trim", daemon=True).start()


def free_page_trimmer() -> Callable[[], None] | None:
    """A call that gives the allocator's free pages back to the system, or None where the C
    library cannot (not glibc)."""
    name = ctypes.util.find_library("c")
    trim = getattr(ctypes.CDLL(name), "malloc_trim", None) if name else None
    if trim is None:
        return None
    trim.argtypes, trim.restype = [ctypes.c_size_t], ctypes.c_int
    return lambda: trim(0)


def _trim_forever(trim: Callable[[], None]) -> None:
    while True:
        time.sleep(TRIM_EVERY_SECONDS)
        trim()
