"""The scanner that keeps user-facing text in the catalogue, tried on sample sources."""

from __future__ import annotations

from tests.i18n.scanner import find_bypasses, literal_keys

VIOLATIONS = """
import discord
from discord import app_commands

async def reply(interaction, player, embed, view):
    await interaction.response.send_message("You are not seated at this table.")
    await interaction.followup.send(f"It is {player}'s turn.", ephemeral=True)
    await interaction.channel.send(content="Hello " + player)
    await interaction.message.edit(content="Bid " if player else "Pass")
    embed = discord.Embed(title="Score", description="The score so far")
    embed.add_field(name="Dealer", value="nobody yet")
    embed.set_footer(text="Good luck")
    embed.title = "Cinch"
    button = discord.ui.Button(label="Join", custom_id="cinch:join")
    option = discord.SelectOption(label="Ten", description="of hearts", value="10H")
    select = discord.ui.Select(placeholder="Choose a card")
    await interaction.channel.send("\\n".join(["Your hand", player]))
    await interaction.response.send_message("Bids must be higher than {}.".format(7))

def draw(image, painter, words):
    draw_text(image, (10, 20), "Trump", 18, "white")
    painter.text((10, 20), f"Hand {words.hand}", 18, "white", 200, "right")

@app_commands.command(name="new", description="Open a table")
@app_commands.describe(amount="Your bid")
@app_commands.rename(amount="points")
@app_commands.choices(suit=[app_commands.Choice(name="Hearts", value="H")])
async def new(interaction, amount: int, suit: str):
    ...
"""

EXPECTED = [
    "You are not seated at this table.",
    "It is ",
    "'s turn.",
    "Hello ",
    "Bid ",
    "Pass",
    "Score",
    "The score so far",
    "Dealer",
    "nobody yet",
    "Good luck",
    "Cinch",
    "Join",
    "Ten",
    "of hearts",
    "Choose a card",
    "Your hand",
    "Bids must be higher than {}.",
    "Trump",
    "Hand ",
    "new",
    "Open a table",
    "Your bid",
    "points",
    "Hearts",
]


def test_every_kind_of_literal_text_is_reported() -> None:
    found = find_bypasses(VIOLATIONS, "sample.py")
    assert sorted(bypass.text for bypass in found) == sorted(EXPECTED)
    assert all(bypass.path == "sample.py" and bypass.line > 0 for bypass in found)


def test_the_report_points_at_the_line() -> None:
    [bypass] = find_bypasses('x = 1\nawait channel.send("Hi there")\n', "cog.py")
    assert (bypass.line, bypass.where) == (2, "send() content")
    assert str(bypass) == "cog.py:2: send() content: 'Hi there'"


CLEAN = """
import discord
from bot.i18n import card_name, t, tn

async def reply(interaction, player, card, locale, embed):
    await interaction.response.send_message(t("errors.not_your_turn", locale, player=player))
    await interaction.followup.send(f"{card.display} · {player}", ephemeral=True)
    await interaction.channel.send(content=t("lobby.join", locale), silent=True)
    await interaction.channel.send("♥")
    embed = discord.Embed(title=t("rules.title", locale), description=tn("count.cards", 3))
    embed.add_field(name=t("term.dealer", locale), value=player)
    await interaction.channel.send(t("lobby.start" if player else "lobby.leave", locale))
    button = discord.ui.Button(label=card.display, custom_id="cinch:play:10H", emoji="♥")
    option = discord.SelectOption(label="10♥", description=card_name(card, locale), value="x")
    embed.title = "{name} — {score}".format(name=player, score=3)
    draw_text(image, (10, 20), words.trump, 18, "white", align="centre")
    painter.text((10, 20), card.display, 18, "white", 200, "right")
    debug = "not shown to anyone"
    log.info("Table %s opened", 42)
    await interaction.channel.send("Internal notice")  # i18n: ignore
"""


def test_catalogue_calls_and_non_text_literals_pass() -> None:
    assert find_bypasses(CLEAN) == []


def test_literal_keys_are_listed_with_their_kind() -> None:
    uses = literal_keys(CLEAN)
    assert [(use.key, use.plural) for use in uses] == [
        ("errors.not_your_turn", False),
        ("lobby.join", False),
        ("rules.title", False),
        ("count.cards", True),
        ("term.dealer", False),
        ("lobby.start", False),
        ("lobby.leave", False),
    ]
