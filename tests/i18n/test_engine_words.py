"""Every refusal the engine can give and every phase it can be in has a message to show."""

from __future__ import annotations

from bot.engine.illegal_actions import Reason
from bot.engine.view import Phase
from bot.i18n.catalogue import catalogue

ENGLISH = catalogue("en")


def test_every_refusal_reason_has_an_error_message() -> None:
    missing = [reason for reason in Reason if f"errors.{reason.value}" not in ENGLISH.all_keys()]
    assert missing == []


def test_every_phase_has_a_name() -> None:
    missing = [phase for phase in Phase if f"phase.{phase.value}" not in ENGLISH.messages]
    assert missing == []
