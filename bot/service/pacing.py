"""How often one person may ask for what costs the bot work and changes nothing.

Showing someone their hand again draws a picture and sends a message; a hint is a search in
the computer players' worker processes, which every server shares. A few such requests in a row
are normal (a hand dismissed by mistake, a second thought), a stream of them is not: each person
has a small allowance that refills with time (a token bucket), and a request beyond it is
answered with a friendly "slow down" and costs nothing.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from bot.errors import UserFacingError
from bot.service.people import PEOPLE_KEPT


@dataclass(frozen=True, slots=True)
class Allowance:
    """``burst`` requests at once, then one more every ``every``."""

    burst: int
    every: timedelta


#: Show my hand (the button, or ``/cinch hand``).
HAND_REQUESTS = Allowance(burst=5, every=timedelta(seconds=2))
#: ``/cinch hint``: one a turn is plenty, and a turn at a busy table takes a few seconds.
HINT_REQUESTS = Allowance(burst=3, every=timedelta(seconds=5))


class RequestPace:
    """Each person's allowance of one kind of request."""

    def __init__(self, allowance: Allowance, clock: Callable[[], datetime]) -> None:
        self._allowance = allowance
        self._clock = clock
        #: Requests each person may still make, and when that was counted; a person missing
        #: has their whole allowance (the least recently counted are forgotten first).
        self._left: OrderedDict[int, tuple[float, datetime]] = OrderedDict()

    def take(self, user_id: int) -> None:
        """Count one request by ``user_id``, or refuse it (``errors.slow_down``) when their
        allowance is spent."""
        allowance, now = self._allowance, self._clock()
        left, counted = self._left.get(user_id, (allowance.burst, now))
        since = max(now - counted, timedelta(0))  # a clock set back takes nothing away
        left = min(allowance.burst, left + since / allowance.every)
        if left < 1:
            raise UserFacingError("errors.slow_down")
        self._left[user_id] = (left - 1, now)
        self._left.move_to_end(user_id)
        if len(self._left) > PEOPLE_KEPT:
            self._left.popitem(last=False)
