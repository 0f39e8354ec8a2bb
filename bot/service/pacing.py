"""How often one person may ask again for what costs the bot work and changes nothing.

Showing someone their hand again draws a picture and sends a message; a hint is a search in
the computer players' worker processes, which every server shares. Asking once each time the
table moved on is what playing is, and costs nothing here; asking again about the same state of
the table is allowed a few times (a hand dismissed by mistake, a second thought), but a stream of
it is not. Each person has, at each table, a small allowance for those repeats that refills with
time (a token bucket); a repeat beyond it is answered with a friendly "slow down".
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from datetime import datetime, timedelta

from bot.errors import UserFacingError
from bot.people import PEOPLE_KEPT


@dataclass(frozen=True, slots=True)
class Allowance:
    """``burst`` repeats at once, then one more every ``every``."""

    burst: int
    every: timedelta


#: Show my hand (the button, or ``/cinch hand``).
HAND_REQUESTS = Allowance(burst=5, every=timedelta(seconds=2))
#: ``/cinch hint``: the same position always gets the same hint.
HINT_REQUESTS = Allowance(burst=3, every=timedelta(seconds=5))
#: ``/cinch puzzle`` and "Next puzzle": each may deal or search hands in the computer players'
#: workers, which every server shares (a practice puzzle dealt takes seconds of their time).
PUZZLE_REQUESTS = Allowance(burst=4, every=timedelta(seconds=15))
#: Opening one's daily deals again, or the replay of one: pictures drawn, reviews searched.
DAILY_REQUESTS = Allowance(burst=5, every=timedelta(seconds=5))


@dataclass(slots=True)
class _Account:
    #: Repeats the person may still make, as counted at ``counted``.
    left: float
    counted: datetime
    #: What they asked about last (the table's version).
    state: Hashable


class RequestPace:
    """Each person's allowance, at each table (or other place), of one kind of request."""

    def __init__(self, allowance: Allowance, clock: Callable[[], datetime]) -> None:
        self._allowance = allowance
        self._clock = clock
        #: By person and table; one missing has their whole allowance (the least recently
        #: counted are forgotten first).
        self._accounts: OrderedDict[tuple[int, Hashable], _Account] = OrderedDict()

    def take(self, user_id: int, place: Hashable, state: Hashable = None) -> None:
        """Count a request by ``user_id`` at ``place`` (a table) when it is at ``state``, or
        refuse it (``errors.slow_down``): one about a new state is free, a repeat spends the
        allowance. Without a state, every request after a person's first is a repeat."""
        allowance, now, key = self._allowance, self._clock(), (user_id, place)
        account = self._accounts.get(key)
        if account is None:
            self._accounts[key] = _Account(allowance.burst, now, state)
            if len(self._accounts) > PEOPLE_KEPT:
                self._accounts.popitem(last=False)
            return
        self._accounts.move_to_end(key)
        since = max(now - account.counted, timedelta(0))  # a clock set back takes nothing away
        left = min(allowance.burst, account.left + since / allowance.every)
        repeat = account.state == state
        if repeat and left < 1:
            raise UserFacingError("errors.slow_down")
        account.left, account.counted, account.state = left - (1 if repeat else 0), now, state
