"""Which role may be a season's role: one granting nothing beyond a badge, that its chooser
could give themselves, and that the bot can give."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bot.league.season_role import (
    ELEVATED,
    Rights,
    RoleFacts,
    refusal_to_choose,
    refusal_to_give,
)

HARMLESS = frozenset({"send_messages", "read_message_history", "change_nickname"})
ranks = st.tuples(st.integers(0, 50), st.integers(-(10**6), -1))


def role(rank=(5, -1), permissions=HARMLESS, assignable=True) -> RoleFacts:
    return RoleFacts(rank, frozenset(permissions), assignable)


@given(st.sets(st.sampled_from(sorted(ELEVATED)), min_size=1), ranks)
def test_a_role_with_any_elevated_permission_is_refused_even_to_the_owner(elevated, rank):
    chosen = role(rank, HARMLESS | elevated)
    owner = Rights(manage_roles=True, top_rank=(99, -1), owner=True)
    assert refusal_to_choose(chosen, owner) == "season.role_elevated"
    assert refusal_to_give(chosen, owner) == "season.role_elevated"


@given(ranks, ranks, st.booleans())
def test_a_chooser_may_choose_a_role_they_could_give(role_rank, top_rank, manage_roles):
    chooser = Rights(manage_roles=manage_roles, top_rank=top_rank)
    refusal = refusal_to_choose(role(role_rank), chooser)
    could_give = manage_roles and role_rank < top_rank
    assert refusal == (None if could_give else "errors.season_role_not_yours")


def test_the_owner_may_choose_any_harmless_role_and_nobody_everyone():
    owner = Rights(manage_roles=False, top_rank=(0, -1), owner=True)
    assert refusal_to_choose(role((40, -1)), owner) is None
    assert refusal_to_choose(role(assignable=False), owner) == "season.role_not_givable"


def test_the_bot_gives_only_below_its_own_role_with_manage_roles():
    below, above = role((3, -1)), role((9, -1))
    bot = Rights(manage_roles=True, top_rank=(5, -1))
    assert refusal_to_give(below, bot) is None
    assert refusal_to_give(above, bot) == "season.role_above_mine"
    assert refusal_to_give(below, Rights(False, (5, -1))) == "season.role_needs_manage_roles"
