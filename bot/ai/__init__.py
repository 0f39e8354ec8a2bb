"""Computer players: one call per decision, from the deciding seat's view only.

`decide(view, level, rng)` returns a legal action for `view.decision`; `hint(view, rng)` says what
the strongest level would do and why; `bot.ai.pool.DecisionPool` runs the searching level in
worker processes so it never stalls the event loop.
"""

from bot.ai.decide import LEVELS, decide, hint

__all__ = ["LEVELS", "decide", "hint"]
