"""What start-up made is kept out of the cycle collector's walks (``bot.heap``)."""

from __future__ import annotations

import gc
import weakref

from bot.heap import settle_heap


class Node:
    """An object the cycle collector tracks, weakly referable."""

    def __init__(self) -> None:
        self.other: Node | None = None


def test_what_lives_at_the_start_is_never_walked_again_and_its_garbage_is_gone():
    kept = Node()
    garbage = Node()
    garbage.other = Node()
    garbage.other.other = garbage  # a cycle that only the collector frees
    gone = weakref.ref(garbage)
    del garbage
    try:
        settle_heap()
        assert gone() is None  # collected before the rest was frozen
        walked = gc.get_objects()  # what a full collection walks
        assert not any(item is kept for item in walked)
        assert gc.get_freeze_count() > 0
        later = Node()
        assert any(item is later for item in gc.get_objects())  # new objects are walked
    finally:
        gc.unfreeze()
