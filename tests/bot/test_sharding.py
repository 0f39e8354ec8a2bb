"""SHARD_COUNT and SHARD_IDS: which servers a process owns, and one clear line for a mistake."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.sharding import ShardPlan, shard_of


def test_unset_means_discord_py_decides() -> None:
    assert ShardPlan.parse(None, "") is None


def test_a_count_alone_runs_every_shard() -> None:
    assert ShardPlan.parse("4", None) == ShardPlan(4, (0, 1, 2, 3))
    assert not ShardPlan(4, (0, 1, 2, 3)).partial


def test_ids_are_read_in_any_order() -> None:
    plan = ShardPlan.parse(" 4 ", "3, 1")
    assert plan == ShardPlan(4, (1, 3)) and plan.partial


@pytest.mark.parametrize(
    ("count", "ids", "message"),
    [
        (None, "0,1", "SHARD_IDS is set but SHARD_COUNT is not"),
        ("four", "0", "SHARD_COUNT must be a whole number"),
        ("0", None, "SHARD_COUNT must be at least 1"),
        ("4", "0;1", "SHARD_IDS must be shard numbers separated by commas"),
        ("4", "2,4", "names shard 4, outside SHARD_COUNT=4: shards are numbered 0 to 3"),
        ("4", "1,1", "SHARD_IDS names a shard twice"),
    ],
)
def test_a_mistake_says_what_to_fix(count: str | None, ids: str, message: str) -> None:
    with pytest.raises(ValueError, match=message) as raised:
        ShardPlan.parse(count, ids)
    assert "\n" not in str(raised.value)


def test_a_server_is_on_the_shard_discord_computes() -> None:
    # Discord's documented example: shard_id = (guild_id >> 22) % num_shards
    assert shard_of(197038439483310086, 2) == (197038439483310086 >> 22) % 2


@given(st.integers(min_value=0, max_value=2**63 - 1), st.integers(min_value=1, max_value=16))
def test_processes_splitting_the_shards_own_each_server_once(guild: int, count: int) -> None:
    halves = [tuple(range(0, count, 2)), tuple(range(1, count, 2))]
    plans = [ShardPlan(count, ids) for ids in halves if ids]
    assert sum(plan.owns(guild) for plan in plans) == 1
