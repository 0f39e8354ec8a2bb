"""A table of players whose Discord clients speak different languages.

SimCord sends every interaction with ``locale`` and ``guild_locale`` set to ``en-US``. The
``discord_locales`` fixture changes them per user and per server in the payloads SimCord builds,
as Discord does for a French or Dutch client in a Brazilian server, so the bot's own choice of
language (no stored preference involved) is what is tested.

Each player's private replies (hand text, buttons, select options, refusals) are in their
client's language; the public table text and the table picture's words are in the server's
language, unless the table was opened with a ``language`` option.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import pytest
import simcord
from simcord import interactions as simcord_interactions

from bot.engine import BidDecision, Card, DiscardDecision, KeepDecision, PlayDecision, TrumpDecision
from bot.i18n import card_name, lookup, normalise_locale, picture_words, suit_name, t
from bot.render import Words
from tests.cogs.table_driver import SETTLE_TIMEOUT, TableDriver, buttons

pytestmark = pytest.mark.simcord(settle_timeout=SETTLE_TIMEOUT)

#: Each player's Discord client: English, French, Dutch and Brazilian Portuguese.
CLIENTS = {"alice": "en-US", "bob": "fr", "carol": "nl", "dave": "pt-BR"}
#: Pedro names as players of each language say them (the issue's own examples).
PEDROS = {"fr": ("Pedro Droit", "Pedro Gauche"), "pt_BR": ("Pedro Direito", "Pedro Esquerdo")}


@dataclass
class DiscordLocales:
    """The ``locale`` of each user's client and the ``guild_locale`` of each server."""

    users: dict[int, str] = field(default_factory=dict)
    guilds: dict[int, str] = field(default_factory=dict)


@pytest.fixture
def discord_locales(monkeypatch: pytest.MonkeyPatch) -> DiscordLocales:
    locales = DiscordLocales()
    build = simcord_interactions.base_payload

    def localised(backend: Any, **fields: Any) -> tuple[Any, dict[str, Any]]:
        record, payload = build(backend, **fields)
        payload["locale"] = locales.users.get(fields["user_id"], payload["locale"])
        server = locales.guilds.get(fields["guild_id"])
        if "guild_locale" in payload and server is not None:
            payload["guild_locale"] = server
        return record, payload

    monkeypatch.setattr(simcord_interactions, "base_payload", localised)
    return locales


@pytest.fixture
def clients(players, guild, discord_locales) -> dict[int, str]:
    """Our locale code of each player, their clients set up as in ``CLIENTS``."""
    for member in players:
        discord_locales.users[member.user.id] = CLIENTS[member.user.name]
    return {member.user.id: normalise_locale(CLIENTS[member.user.name]) for member in players}


class MixedTable:
    """A table driven through Discord, each player reading and clicking in their language."""

    def __init__(self, driver: TableDriver, clients: dict[int, str], language: str) -> None:
        self.driver = driver
        self.clients = clients
        self.language = language
        self.hands: dict[int, Any] = {}

    async def open(self, creator: simcord.MemberActor, **options: Any) -> None:
        driver = self.driver
        opened = await creator.slash(driver.channel, "cinch new", **options)
        assert opened.response.content == t("reply.opened", self.clients[creator.user.id])
        for member in driver.members.values():
            if member is not creator:
                await member.click(driver.table_message(), label=t("lobby.join", self.language))
                await driver.settle()
        await creator.click(driver.table_message(), label=t("lobby.start", self.language))
        await driver.settle()

    def locale_of(self, member: simcord.MemberActor) -> str:
        return self.clients[member.user.id]

    async def hand(self, member: simcord.MemberActor) -> Any:
        """The member's private hand message, asked for with the table's button if needed."""
        message = self.hands.get(member.user.id)
        if message is None or not [item for item in buttons(message) if not item.get("disabled")]:
            shown = await member.click(
                self.driver.table_message(), label=t("lobby.show_hand", self.language)
            )
            assert shown.ephemeral
            message = shown.response
            self.hands[member.user.id] = message
        return message

    def check_public_table(self) -> None:
        driver = self.driver
        game = driver.game
        first_line = driver.table_message().content.splitlines()[0]
        assert first_line.startswith(t("text.hand", self.language, number=game.hand_number))

    async def step(self, bidder_seat: list[int]) -> type:
        """The player to act makes a move with their buttons; everything they see is checked."""
        driver = self.driver
        game = driver.game
        decision = game.decision()
        member = driver.member_at(game.to_act)
        assert member is not None
        locale = self.locale_of(member)
        message = await self.hand(member)
        hand_line = message.content.splitlines()[0]
        assert hand_line.startswith(t("text.your_hand", locale, hand=game.hand_number, cards=""))
        labels = [item.get("label") for item in buttons(message) if item["type"] == 2]
        match decision:
            case BidDecision():
                expected = [t("action.pass", locale)]
                expected += [t("action.bid", locale, amount=amount) for amount in decision.amounts]
                assert labels == expected
                if decision.amounts and not bidder_seat:
                    bidder_seat.append(game.to_act)
                    label = t("action.bid", locale, amount=decision.amounts[0])
                else:
                    label = t("action.pass", locale)
                result = await member.click(message, label=label)
            case TrumpDecision():
                expected = [f"{suit.symbol} {suit_name(suit, locale)}" for suit in decision.suits]
                assert labels[: len(expected)] == expected
                result = await member.click(message, label=expected[0])
            case DiscardDecision() | KeepDecision():
                result = await self._pick(member, message, decision, locale)
            case PlayDecision():
                hand = game.hands[game.to_act]
                shown = [t("action.play_card", locale, card=card.display) for card in hand]
                assert sorted(labels) == sorted(shown)
                label = t("action.play_card", locale, card=decision.cards[0].display)
                result = await member.click(message, label=label)
            case _:
                raise AssertionError(f"unexpected decision {decision!r}")
        if result.response is not None and result.ephemeral:
            self.hands[member.user.id] = result.response
        await driver.settle()
        self.check_public_table()
        return type(decision)

    async def _pick(
        self, member: simcord.MemberActor, message: Any, decision: Any, locale: str
    ) -> Any:
        select = next(item for item in buttons(message) if item["type"] == 3)
        own = set(self.driver.game.hands[decision.seat])
        if isinstance(decision, DiscardDecision):
            count = decision.count
            assert select["placeholder"] == t("select.discard.placeholder", locale)
        else:
            count = decision.free_choices
        shown = {option["value"]: option["description"] for option in select["options"]}
        assert shown == {
            card.code: card_name(card, locale)
            if card in own
            else t("select.from_pack", locale, card=card_name(card, locale))
            for card in decision.options
        }
        cards = [card.code for card in decision.options[:count]]
        await member.select(message, cards, custom_id=select["custom_id"])
        return await member.click(message, label=t("action.confirm", locale))


async def play_mixed_table(
    driver: TableDriver, clients: dict[int, str], table_language: str, plays: int, **options: Any
) -> MixedTable:
    """Open a table, bid, name trumps, discard, and play ``plays`` cards."""
    table = MixedTable(driver, clients, table_language)
    creator = next(iter(driver.members.values()))
    await table.open(creator, **options)
    assert driver.table.locale == table_language
    table.check_public_table()
    bidder: list[int] = []
    steps: list[type] = []
    while steps.count(PlayDecision) < plays:
        steps.append(await table.step(bidder))
    assert bidder, "someone bid"
    assert {BidDecision, TrumpDecision, PlayDecision} <= set(steps)
    return table


@pytest.fixture
def driver(simcord_env, channel, players) -> TableDriver:
    table_driver = TableDriver(simcord_env, channel, players)
    table_driver.service.seeds = random.Random(7)
    return table_driver


@pytest.mark.slow
async def test_each_player_reads_their_client_language_while_the_table_follows_the_server(
    driver, guild, discord_locales, clients, drawn_tables
):
    discord_locales.guilds[guild.id] = "pt-BR"
    await play_mixed_table(driver, clients, "pt_BR", plays=6)
    assert "fr" in clients.values() and "nl" in clients.values()
    assert drawn_tables
    assert {scene.words for scene in drawn_tables} == {Words(**picture_words("pt_BR"))}
    assert drawn_tables[-1].phase == t("phase.trick", "pt_BR", number=2)


@pytest.mark.slow
async def test_a_language_chosen_for_the_table_wins_over_the_servers(
    driver, guild, discord_locales, clients, drawn_tables
):
    discord_locales.guilds[guild.id] = "en-US"
    await play_mixed_table(driver, clients, "nl", plays=2, language="nl")
    assert {scene.words for scene in drawn_tables} == {Words(**picture_words("nl"))}


@pytest.mark.slow
async def test_refusals_are_in_the_refused_players_language(
    driver, guild, players, discord_locales, clients, take_user_errors
):
    discord_locales.guilds[guild.id] = "en-US"
    table = await play_mixed_table(driver, clients, "en", plays=1)
    game = driver.game
    to_act = driver.member_at(game.to_act)
    waiting = [member for member in players if member is not to_act]
    for member in waiting:
        refused = await member.slash(driver.channel, "cinch pass")
        assert refused.ephemeral
        locale = table.locale_of(member)
        name = driver.table.names(locale)[game.to_act]
        assert refused.response.content == t("errors.not_your_turn", locale, player=name)
    held = set(game.hands[game.to_act])
    foreign: Card = next(card for card in game.hands[driver.table.seat_of(waiting[0].user.id)])
    assert foreign not in held
    refused = await to_act.slash(driver.channel, "cinch play", card=foreign.display)
    locale = table.locale_of(to_act)
    assert refused.response.content == t("errors.not_in_hand", locale, card=foreign.display)
    keys = [error.key for error in take_user_errors()]
    assert keys == ["errors.not_your_turn"] * 3 + ["errors.not_in_hand"]


RULES_LANGUAGES = {"en-US": "en", "fr": "fr", "pt-BR": "pt_BR", "nl": "nl"}


@pytest.mark.slow
@pytest.mark.parametrize(("client", "locale"), RULES_LANGUAGES.items())
@pytest.mark.parametrize("seats", [3, 4])
async def test_rules_name_the_pedros_as_the_reader_does_and_mark_three_player_scoring(
    driver, players, discord_locales, client, locale, seats
):
    alice = players[0]
    discord_locales.users[alice.user.id] = client
    await alice.slash(driver.channel, "cinch new", players=seats)
    result = await alice.slash(driver.channel, "cinch rules")
    (embed,) = result.response.embeds
    assert embed.title == t("rules.title", locale)
    summary = "\n".join(field.value for field in embed.fields)
    assert t("point.right_pedro", locale) in summary
    assert t("point.left_pedro", locale) in summary
    assert all(pedro in summary for pedro in PEDROS.get(locale, ()))
    experimental = t("rules.house.experimental_scoring", locale)
    assert (experimental in embed.description.splitlines()) == (seats == 3)


TRANSLATED = {"fr": "fr", "pt-BR": "pt_BR", "nl": "nl"}
SUBCOMMANDS = (1, 2)


def _localised_nodes(node: dict[str, Any], path: tuple[str, ...]) -> list[tuple[str, dict]]:
    """(catalogue key prefix, command or option dict) for a synced command and all below it."""
    found = [("cmd." + ".".join(path), node)]
    for option in node.get("options") or []:
        below = (*path, option["name"])
        if option["type"] in SUBCOMMANDS:
            found += _localised_nodes(option, below)
        else:
            found.append(("cmd." + ".".join(below), option))
    return found


async def test_every_synced_command_and_option_has_its_name_in_each_language(simcord_env):
    [sync] = [
        request
        for request in simcord_env.http_requests
        if request.method == "PUT" and request.path.endswith("/commands")
    ]
    commands = sync.json
    assert {command["name"] for command in commands} >= {"cinch"}
    nodes = [node for command in commands for node in _localised_nodes(command, (command["name"],))]
    assert len(nodes) > 40
    for prefix, node in nodes:
        assert node["name"] == lookup(f"{prefix}.name", "en")
        assert node["name_localizations"] == {
            discord_code: lookup(f"{prefix}.name", ours)
            for discord_code, ours in TRANSLATED.items()
        }
        assert node["description_localizations"] == {
            discord_code: lookup(f"{prefix}.description", ours)
            for discord_code, ours in TRANSLATED.items()
        }
    french = {node["name_localizations"]["fr"] for _, node in nodes}
    assert {"jouer", "atout"} <= french
