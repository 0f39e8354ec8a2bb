"""Per-user preferences in the store."""

from __future__ import annotations

import pytest

from bot.store import Store, UserPreferences


async def test_someone_new_has_the_defaults(store: Store):
    assert await store.preferences.get(5) == UserPreferences(
        user_id=5, hand_delivery="ephemeral", dm_failed=False, hidden_from_boards=False, locale=None
    )


async def test_update_changes_only_what_is_given(store: Store):
    first = await store.preferences.update(5, hand_delivery="dm")
    assert (first.hand_delivery, first.hidden_from_boards) == ("dm", False)
    second = await store.preferences.update(5, hidden_from_boards=True, locale="pt-BR")
    assert (second.hand_delivery, second.hidden_from_boards, second.locale) == ("dm", True, "pt-BR")
    third = await store.preferences.update(5, locale=None)
    assert third.locale is None and third.hidden_from_boards
    assert await store.preferences.get(5) == third
    assert await store.preferences.get(6) == UserPreferences(6)


async def test_a_refused_dm_sends_hands_to_the_channel(store: Store):
    prefs = await store.preferences.update(5, hand_delivery="dm")
    assert prefs.wants_dm
    prefs = await store.preferences.update(5, dm_failed=True)
    assert prefs.hand_delivery == "dm" and not prefs.wants_dm


async def test_unknown_hand_delivery_is_refused(store: Store):
    with pytest.raises(ValueError):
        await store.preferences.update(5, hand_delivery="pigeon")
    assert await store.preferences.get(5) == UserPreferences(5)
