"""Every option a person gives is checked by the service, not only by Discord's own checks: a
value an option does not take is refused with a message naming the option and what it takes,
and nothing is stored."""

from __future__ import annotations

import pytest

from bot.errors import OptionRefused, UserFacingError, choice_of
from bot.i18n import SUPPORTED_LOCALES, t
from bot.service import TableOptions
from bot.service.tables.options import MAX_TURN_TIMER, chosen_options
from bot.stats import Metric
from bot.store import Store
from tests.service.tables import ALICE, BOB, CHANNEL, GUILD, open_table

BAD_TABLE_OPTIONS = [
    ({"rules": {"target_score": 0}}, "errors.option_range", "rules.house.target_score"),
    ({"rules": {"target_score": 1001}}, "errors.option_range", "rules.house.target_score"),
    ({"rules": {"min_bid": 15}}, "errors.option_range", "rules.house.min_bid"),
    ({"rules": {"all_pass": "everyoneWins"}}, "errors.option_choice", "rules.house.all_pass"),
    ({"rules": {"scoring": "difference "}}, "errors.option_choice", "rules.house.scoring"),
    ({"players": 5}, "errors.option_choice", "option.players"),
    ({"players": 1}, "errors.option_choice", "option.players"),
    ({"teams": "random"}, "errors.option_choice", "rules.house.teams"),
    ({"computer_pause": 11.0}, "errors.option_range", "option.computer_pause"),
    ({"computer_pause": float("nan")}, "errors.option_range", "option.computer_pause"),
]


@pytest.mark.parametrize(("given", "key", "option"), BAD_TABLE_OPTIONS)
def test_a_table_option_out_of_its_values_is_refused_by_name(given, key, option):
    with pytest.raises(OptionRefused) as refused:
        chosen_options(**given)
    assert (refused.value.key, refused.value.option) == (key, option)


def test_the_values_offered_make_a_table():
    options = chosen_options(
        rules={"target_score": 1000, "min_bid": 14, "all_pass": "redealNextDealer"},
        players=2,
        teams="manual",
        computer_pause=0.0,
        hints=True,
    )
    assert (options.rules.target_score, options.rules.min_bid, str(options.rules.all_pass)) == (
        1000,
        14,
        "redealNextDealer",
    )
    assert (options.players, str(options.teams), options.hints) == (2, "manual", True)
    assert chosen_options() == TableOptions()


@pytest.mark.parametrize("locale", SUPPORTED_LOCALES)
def test_a_refusal_names_the_option_in_the_readers_language(locale):
    with pytest.raises(OptionRefused) as refused:
        chosen_options(rules={"target_score": 0})
    text = refused.value.message(locale)
    assert text == t(
        "errors.option_range",
        locale,
        option=t("rules.house.target_score", locale),
        lowest=1,
        highest=1000,
    )
    assert t("rules.house.target_score", locale) in text and "1000" in text


@pytest.mark.parametrize(
    ("changes", "option"),
    [
        ({"turn_timer": 10**12}, "option.turn_timer"),
        ({"turn_timer": -5}, "option.turn_timer"),
        ({"language": "xx"}, "option.language"),
    ],
)
@pytest.mark.slow
async def test_a_table_is_not_opened_with_a_timer_or_language_it_cannot_have(
    service, store: Store, changes, option
):
    opening = {"turn_timer": 90, "language": "en"} | changes
    with pytest.raises(OptionRefused) as refused:
        await service.open_table(
            guild_id=GUILD, channel_id=CHANNEL, creator=ALICE, options=TableOptions(), **opening
        )
    assert refused.value.option == option
    assert await store.tables.open_in_channel(CHANNEL) is None
    assert service.registry.find_in_channel(CHANNEL) is None


@pytest.mark.slow
async def test_the_longest_timer_and_no_timer_are_taken(service, store: Store):
    table_id = await open_table(service, turn_timer=MAX_TURN_TIMER)
    assert service.registry.table(table_id).record.turn_timer == MAX_TURN_TIMER


@pytest.mark.slow
async def test_a_seat_or_computer_level_that_does_not_exist_is_refused(service):
    table_id = await open_table(service)
    for seat in (-1, 4, 10**15):
        with pytest.raises(UserFacingError) as refused:
            await service.join(table_id, BOB, seat=seat)
        assert refused.value.key == "errors.no_such_seat"
    with pytest.raises(OptionRefused) as refused:
        await service.add_computer(table_id, ALICE.user_id, level="genius")
    assert (refused.value.key, refused.value.option) == ("errors.option_choice", "option.level")
    assert list(service.registry.table(table_id).seats) == [0]


@pytest.mark.slow
async def test_a_setting_not_offered_is_refused_and_not_stored(service, store: Store):
    with pytest.raises(OptionRefused) as refused:
        await service.people.change(ALICE.user_id, hand_delivery="pigeon")
    assert refused.value.option == "option.hand_delivery"
    assert (await store.preferences.get(ALICE.user_id)).hand_delivery == "ephemeral"
    saved = await service.people.change(ALICE.user_id, hand_delivery="dm")
    assert saved.hand_delivery == "dm"


def test_a_board_is_chosen_among_those_offered():
    assert choice_of(Metric, "wins", "option.metric") is Metric.WINS
    with pytest.raises(OptionRefused) as refused:
        choice_of(Metric, "elo", "option.metric")
    assert refused.value.option == "option.metric"
