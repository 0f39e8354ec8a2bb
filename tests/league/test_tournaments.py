"""Tournaments in the store, round by round: sign-ups (a pair enters once the partner
accepts), the start that seeds them, rounds paired from the standings, matches decided once,
a bracket that moves on with its winners, and withdrawals."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.errors import OptionRefused, UserFacingError
from bot.league import tournaments as store_of
from bot.league.rounds import (
    champion,
    decided,
    next_pairings,
    round_done,
    rounds_for,
    table_of_standings,
)
from bot.league.tournaments import Format, Status
from bot.stats.forgetting import forget_person
from bot.store import Store
from tests.stats.builders import Clock

GUILD, CHANNEL, ORGANISER = 1, 10, 99
START = datetime(2026, 3, 6, 19, 0, tzinfo=UTC)


async def new(store: Store, format: Format, **options: object) -> int:
    created = await store_of.create(
        store,
        guild_id=GUILD,
        channel_id=CHANNEL,
        organiser_id=ORGANISER,
        name="Friday night",
        format=format,
        rounds=options.get("rounds", 3),  # type: ignore[arg-type]
        target=51,
        round_minutes=45,
        turn_timer=60,
        language="en",
        events=False,
    )
    return created.id


async def pairs(store: Store, tournament_id: int, count: int) -> None:
    """``count`` pairs sign up: player n invites player n + 100, who accepts."""
    for n in range(1, count + 1):
        entry = await store_of.sign_up(store, tournament_id, n, f"p{n}", partner=(n + 100, f"q{n}"))
        await store_of.answer_invitation(store, tournament_id, entry.number, n + 100, accept=True)


async def begin(store: Store, tournament_id: int, format: Format, rounds: int | None = None):
    entrants = await store_of.entrants(store, tournament_id)
    seeds = [entrant.number for entrant in entrants if entrant.entered]
    count = rounds_for(format, len(seeds), rounds)
    return await store_of.start(store, tournament_id, seeds, count, START)


async def play_round(store: Store, tournament_id: int, format: Format, number: int, winner=0):
    """Open round ``number`` and decide every match: side ``winner`` by 51 to 30."""
    entrants = await store_of.entrants(store, tournament_id)
    matches = await store_of.matches(store, tournament_id)
    pairings = next_pairings(format, entrants, matches, number)
    assert await store_of.open_round(store, tournament_id, number, pairings, START)
    for match in await store_of.matches(store, tournament_id):
        if match.round == number and not match.done:
            scores = (51, 30) if winner == 0 else (30, 51)
            assert await store_of.decide_match(
                store, tournament_id, match, scores=scores, winner=winner, decided_by="game"
            )
    assert round_done(await store_of.matches(store, tournament_id), number)
    assert await store_of.close_round(store, tournament_id, number)
    return pairings


async def test_a_pair_enters_once_the_partner_accepts(store: Store):
    tournament_id = await new(store, Format.SWISS)
    entry = await store_of.sign_up(store, tournament_id, 1, "alice", partner=(2, "bob"))
    assert entry.status == "invited"
    with pytest.raises(UserFacingError) as refused:
        await store_of.sign_up(store, tournament_id, 1, "alice", partner=(3, "carol"))
    assert refused.value.key == "errors.tournament_invite_waiting"
    with pytest.raises(UserFacingError) as refused:
        await store_of.answer_invitation(store, tournament_id, entry.number, 3, accept=True)
    assert refused.value.key == "errors.tournament_not_invited"
    accepted = await store_of.answer_invitation(store, tournament_id, entry.number, 2, accept=True)
    assert accepted.entered and accepted.names == ("alice", "bob")
    with pytest.raises(UserFacingError) as refused:
        await store_of.sign_up(store, tournament_id, 4, "dave")
    assert refused.value.key == "errors.tournament_needs_partner"


async def test_a_declined_invitation_frees_both(store: Store):
    tournament_id = await new(store, Format.KNOCKOUT)
    entry = await store_of.sign_up(store, tournament_id, 1, "alice", partner=(2, "bob"))
    await store_of.answer_invitation(store, tournament_id, entry.number, 2, accept=False)
    again = await store_of.sign_up(store, tournament_id, 2, "bob", partner=(1, "alice"))
    assert again.status == "invited"


async def sign_up_refusal(store: Store, tournament_id: int, user_id: int, partner: int) -> str:
    with pytest.raises(UserFacingError) as refused:
        await store_of.sign_up(store, tournament_id, user_id, "p", partner=(partner, "q"))
    return refused.value.key


async def test_an_invitation_holds_nobody_and_entering_lapses_the_pairs_others(store: Store):
    tournament_id = await new(store, Format.SWISS)
    from_alice = await store_of.sign_up(store, tournament_id, 1, "alice", partner=(2, "bob"))
    assert await sign_up_refusal(store, tournament_id, 2, 1) == "errors.tournament_invited_you"
    # Bob, invited by alice, would rather play with carol: nothing keeps him from it.
    from_bob = await store_of.sign_up(store, tournament_id, 2, "bob", partner=(3, "carol"))
    await store_of.sign_up(store, tournament_id, 4, "dave", partner=(3, "carol"))
    await store_of.answer_invitation(store, tournament_id, from_bob.number, 3, accept=True)
    by_number = {entry.number: entry for entry in await store_of.entrants(store, tournament_id)}
    assert by_number[from_bob.number].entered
    assert [entry.status for entry in by_number.values()].count("withdrawn") == 2
    with pytest.raises(UserFacingError) as refused:
        await store_of.answer_invitation(store, tournament_id, from_alice.number, 2, accept=True)
    assert refused.value.key == "errors.tournament_invitation_answered"
    assert await sign_up_refusal(store, tournament_id, 1, 3) == "errors.tournament_partner_in"
    # Alice's invitation lapsed: she may invite someone else.
    await store_of.sign_up(store, tournament_id, 1, "alice", partner=(5, "erin"))


async def test_inviting_is_paced_and_a_declined_invitation_is_not_sent_again(
    store: Store, clock: Clock
):
    tournament_id = await new(store, Format.SWISS)
    await store_of.sign_up(store, tournament_id, 1, "alice", partner=(2, "bob"))
    await store_of.withdraw(store, tournament_id, 1)
    # Inviting, withdrawing and inviting again notifies bob once, not over and over.
    assert await sign_up_refusal(store, tournament_id, 1, 2) == "errors.tournament_reinvite_paced"
    clock.advance(minutes=31)
    entry = await store_of.sign_up(store, tournament_id, 1, "alice", partner=(2, "bob"))
    await store_of.answer_invitation(store, tournament_id, entry.number, 2, accept=False)
    clock.advance(hours=2)
    assert await sign_up_refusal(store, tournament_id, 1, 2) == "errors.tournament_declined_you"
    # Bob may still invite alice; and alice sends at most so many invitations an hour.
    await store_of.sign_up(store, tournament_id, 2, "bob", partner=(1, "alice"))
    await store_of.withdraw(store, tournament_id, 2)
    for partner in range(10, 10 + store_of.INVITATIONS_PER_HOUR):
        await store_of.sign_up(store, tournament_id, 1, "alice", partner=(partner, "x"))
        await store_of.withdraw(store, tournament_id, 1)
        clock.advance(minutes=1)
    assert await sign_up_refusal(store, tournament_id, 1, 99) == (
        "errors.tournament_invitations_paced"
    )
    clock.advance(hours=1)
    await store_of.sign_up(store, tournament_id, 1, "alice", partner=(99, "x"))


async def test_individuals_sign_up_alone_and_withdraw(store: Store):
    tournament_id = await new(store, Format.INDIVIDUAL)
    await store_of.sign_up(store, tournament_id, 1, "alice")
    with pytest.raises(UserFacingError) as refused:
        await store_of.sign_up(store, tournament_id, 2, "bob", partner=(3, "carol"))
    assert refused.value.key == "errors.tournament_alone"
    await store_of.withdraw(store, tournament_id, 1)
    [alice] = await store_of.entrants(store, tournament_id)
    assert alice.status == "withdrawn"
    with pytest.raises(UserFacingError):
        await store_of.withdraw(store, tournament_id, 1)


async def test_swiss_rounds_pair_by_the_standings_without_repeats(store: Store):
    tournament_id = await new(store, Format.SWISS)
    await pairs(store, tournament_id, 5)
    started = await begin(store, tournament_id, Format.SWISS, 3)
    assert started.status is Status.RUNNING and started.rounds == 3
    planned = await store_of.rounds(store, tournament_id)
    assert [r.planned_at for r in planned] == [START + timedelta(minutes=45 * n) for n in range(3)]
    with pytest.raises(UserFacingError):
        await begin(store, tournament_id, Format.SWISS, 3)
    met: set[frozenset[int]] = set()
    byes = []
    for number in (1, 2, 3):
        pairings = await play_round(store, tournament_id, Format.SWISS, number)
        for side_a, side_b in pairings:
            if side_b is None:
                byes.append(side_a[0])
            else:
                pair = frozenset((side_a[0], side_b[0]))
                assert pair not in met
                met.add(pair)
        # A round opens once.
        assert not await store_of.open_round(store, tournament_id, number, pairings, START)
    assert len(byes) == len(set(byes)) == 3
    table = table_of_standings(
        await store_of.entrants(store, tournament_id), await store_of.matches(store, tournament_id)
    )
    assert sum(row.points for row in table) == 2 * (2 * 3 + 3)


async def test_a_bracket_moves_on_with_its_winners_and_a_withdrawal_gives_a_bye(store: Store):
    tournament_id = await new(store, Format.KNOCKOUT)
    await pairs(store, tournament_id, 5)
    started = await begin(store, tournament_id, Format.KNOCKOUT)
    assert started.rounds == 3  # 5 pairs: a bracket of 8
    first = await play_round(store, tournament_id, Format.KNOCKOUT, 1)
    assert sum(side_b is None for _, side_b in first) == 3  # the top three seeds have byes
    # Entrant 5 won its match; it withdraws before round 2: its opponent has a bye.
    winners = {side_a[0] for side_a, _ in first}
    await store_of.withdraw(store, tournament_id, 4)  # pair 4 (entrant 4)
    second = next_pairings(
        Format.KNOCKOUT,
        await store_of.entrants(store, tournament_id),
        await store_of.matches(store, tournament_id),
        2,
    )
    assert len(second) == 2
    assert all(
        entrant in winners for side_a, side_b in second for entrant in side_a + (side_b or ())
    )
    assert any(side_b is None for _, side_b in second)
    await play_round(store, tournament_id, Format.KNOCKOUT, 2)
    await play_round(store, tournament_id, Format.KNOCKOUT, 3)
    assert champion(Format.KNOCKOUT, await store_of.matches(store, tournament_id)) == 1


async def one_match(store: Store, format: Format):
    """Two pairs' tournament with its first round open: its id, entrants and one match."""
    tournament_id = await new(store, format)
    await pairs(store, tournament_id, 2)
    await begin(store, tournament_id, format)
    entrants = await store_of.entrants(store, tournament_id)
    pairings = next_pairings(format, entrants, [], 1)
    await store_of.open_round(store, tournament_id, 1, pairings, START)
    [match] = await store_of.matches(store, tournament_id)
    return tournament_id, entrants, match


async def test_a_match_stopped_level_in_a_bracket_goes_to_the_better_seed(store: Store):
    _, entrants, match = await one_match(store, Format.KNOCKOUT)
    assert decided(Format.KNOCKOUT, entrants, match, (20, 20), None) == (0, "deadline")
    assert decided(Format.KNOCKOUT, entrants, match, (20, 33), None) == (1, "deadline")
    assert decided(Format.SWISS, entrants, match, (20, 20), None) == (None, "deadline")
    assert decided(Format.SWISS, entrants, match, (20, 20), 1) == (1, "game")


async def test_a_match_whose_table_its_people_ended_is_recorded_as_ended(store: Store):
    tournament_id, entrants, match = await one_match(store, Format.SWISS)
    outcomes = {}
    for channel, reason in ((501, None), (502, "round deadline")):
        table = await store.tables.create(
            guild_id=GUILD, channel_id=channel, creator_id=ORGANISER, house_rules={}
        )
        await store.tables.end(table.id, reason=reason)
        outcomes[reason] = await store_of.table_outcome(store, table.id)
    assert outcomes[None].closed and outcomes[None].ended_early
    assert not outcomes["round deadline"].ended_early
    side, by = decided(Format.SWISS, entrants, match, (7, 3), None, ended_early=True)
    assert (side, by) == (0, "ended")
    assert await store_of.decide_match(
        store, tournament_id, match, scores=(7, 3), winner=side, decided_by=by
    )
    [stored] = await store_of.matches(store, tournament_id)
    assert stored.decided_by == "ended"


async def test_individuals_rotate_partners_and_fill_a_table_with_computers(store: Store):
    tournament_id = await new(store, Format.INDIVIDUAL)
    for n in range(1, 7):
        await store_of.sign_up(store, tournament_id, n, f"p{n}")
    await begin(store, tournament_id, Format.INDIVIDUAL, 2)
    first = await play_round(store, tournament_id, Format.INDIVIDUAL, 1)
    assert len(first) == 2 and None in first[-1][0] + (first[-1][1] or ())
    second = await play_round(store, tournament_id, Format.INDIVIDUAL, 2)
    partners = [
        frozenset(side)
        for pairing in first + second
        for side in pairing
        if side and None not in side
    ]
    assert len(partners) == len(set(partners))


async def test_forgetting_an_entrant_renames_them_in_the_tournament(store: Store):
    tournament_id = await new(store, Format.SWISS)
    await pairs(store, tournament_id, 2)
    forgotten = await forget_person(store, 101)
    [first, _] = await store_of.entrants(store, tournament_id)
    assert first.partner_id == forgotten.pseudonym and first.partner_name == "Former player"


@pytest.mark.parametrize(
    ("option", "value", "refused"),
    [
        ("target", 0, "rules.house.target_score"),
        ("round_minutes", 5, "option.round_minutes"),
        ("turn_timer", 1000, "option.turn_timer"),
        ("rounds", 10, "option.rounds"),
        ("name", "x" * 61, "option.tournament_name"),
        ("name", "", "option.tournament_name"),
    ],
)
async def test_each_option_is_checked_again(store: Store, option: str, value, refused: str):
    options = {
        "guild_id": GUILD,
        "channel_id": CHANNEL,
        "organiser_id": ORGANISER,
        "name": "Friday",
        "format": Format.SWISS,
        "rounds": 3,
        "target": 51,
        "round_minutes": 45,
        "turn_timer": 60,
        "language": None,
        "events": False,
    }
    with pytest.raises(OptionRefused) as error:
        await store_of.create(store, **{**options, option: value})
    assert error.value.option == refused
    assert await store_of.going_on(store) == []
