"""What ``/health`` says of the relay: a process that relays moves is unavailable while its
listening connection is being replaced, and one that relays none says so."""

from __future__ import annotations

from bot.monitor import Health


def _health(relay: bool | None) -> Health:
    return Health(ready=True, shards={0: True}, open_tables=0, store=True, relay=relay)


def test_a_relay_being_reconnected_makes_the_process_unavailable() -> None:
    down = _health(False)
    assert not down.healthy
    assert down.to_json()["status"] == "unavailable"
    assert down.to_json()["relay"] == "reconnecting"


def test_a_listening_relay_or_none_at_all_is_healthy() -> None:
    assert _health(True).healthy and _health(True).to_json()["relay"] == "listening"
    assert _health(None).healthy and _health(None).to_json()["relay"] is None
