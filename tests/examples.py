"""How many examples a property test tries.

Each property test names the examples it is worth in an ordinary run (the fast lane, the whole
run, CI). A nightly run, ``python -m pytest --hypothesis-profile nightly``, tries ten times as
many of each (the profile is registered in ``tests/conftest.py``), to find what is rare.
"""

from __future__ import annotations

from hypothesis import HealthCheck, settings

#: The examples of a nightly run, for each example of an ordinary one.
NIGHTLY_SCALE = 10


def examples(count: int) -> settings:
    """Settings for a property test worth ``count`` examples in an ordinary run, scaled by the
    profile loaded; none has a deadline, as the machines running them are shared."""
    ordinary = settings.get_profile("default").max_examples
    scale = settings().max_examples / ordinary
    return settings(
        max_examples=max(1, round(count * scale)),
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
    )
