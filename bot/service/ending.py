"""Ending a table by vote: a majority of the seated people closes it."""

from __future__ import annotations

from dataclasses import dataclass

from bot.service.table import Table


@dataclass(frozen=True, slots=True)
class EndVote:
    """What ``/cinch end`` did: closed the table, or counted a vote towards closing it."""

    ended: bool
    votes: int = 0
    needed: int = 0


def count_end_vote(table: Table, user_id: int) -> EndVote:
    """Add the person's vote; ``ended`` says whether the votes now close the table.

    Only the votes of people still seated count, so someone who left takes their vote along.
    """
    table.end_votes.add(user_id)
    people = set(table.people())
    votes = len(table.end_votes & people)
    needed = len(people) // 2 + 1
    return EndVote(ended=votes >= needed, votes=votes, needed=needed)
