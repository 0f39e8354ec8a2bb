"""What start-up made is kept out of the cycle collector's walks, and the allocator's free pages
go back to the system (``bot.heap``)."""

from __future__ import annotations

import gc
import sys
import weakref
from pathlib import Path

import pytest

from bot.heap import MIDDLE_COLLECTIONS_BEFORE_FULL, free_page_trimmer, settle_heap


class Node:
    """An object the cycle collector tracks, weakly referable."""

    def __init__(self) -> None:
        self.other: Node | None = None


def test_start_up_objects_are_never_walked_again_garbage_gone_full_walks_rarer():
    kept = Node()
    garbage = Node()
    garbage.other = Node()
    garbage.other.other = garbage  # a cycle that only the collector frees
    gone = weakref.ref(garbage)
    del garbage
    thresholds = gc.get_threshold()
    try:
        settle_heap()
        assert gone() is None  # collected before the rest was frozen
        walked = gc.get_objects()  # what a full collection walks
        assert not any(item is kept for item in walked)
        assert gc.get_freeze_count() > 0
        later = Node()
        assert any(item is later for item in gc.get_objects())  # new objects are walked
        youngest, middle, before_full = gc.get_threshold()
        assert (youngest, middle) == thresholds[:2]
        assert before_full == MIDDLE_COLLECTIONS_BEFORE_FULL > thresholds[2]
    finally:
        gc.unfreeze()
        gc.set_threshold(*thresholds)


def _resident_bytes() -> int:
    return int(Path("/proc/self/statm").read_text().split()[1]) * 4096


@pytest.mark.skipif(
    not sys.platform.startswith("linux") or free_page_trimmer() is None,
    reason="the C library gives no pages back here, or the process's memory cannot be read",
)
def test_memory_freed_between_blocks_still_held_goes_back_to_the_system():
    block = 64 * 1024  # under the allocator's threshold for blocks of their own: in its heap
    freed, held = [], []
    for _ in range(800):
        freed.append(bytearray(b"\x01") * block)
        held.append(bytearray(b"\x01") * 1024)  # from the same heap: the freed blocks kept apart
    # Measured before the blocks are freed: `settle_heap`'s thread, started by another test of
    # this process, may trim at any time after.
    before = _resident_bytes()
    del freed

    free_page_trimmer()()

    assert before - _resident_bytes() > 800 * block // 4  # without the trim, nothing
    assert len(held) == 800
