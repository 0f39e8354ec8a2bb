"""Python's cycle collector told to leave alone, for good, what start-up made.

Every so often the collector walks every object the process holds that may form a cycle (its
oldest generation), while nothing else runs: the event loop stops for as long as it takes. A
bot that has just started holds some 80,000 such objects that live as long as the process
(modules, classes, functions, the tables brought back), some 40 ms of every such walk; more
than every action of a busy moment waits on it. Moved out of the collector's sight once
start-up is over (``gc.freeze``), they are never walked again; reference counting still frees
anything of them let go, and only a cycle among them would stay (none is expected of
what lives as long as the process).
"""

from __future__ import annotations

import gc


def settle_heap() -> None:
    """Collect what start-up left behind, then keep every object alive now out of the cycle
    collector's walks (see the module). Call it once, when the process has started."""
    gc.collect()
    gc.freeze()
