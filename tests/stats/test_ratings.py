"""Weng-Lin ratings: who moves which way, partners together, players alone, odd seatings."""

from __future__ import annotations

from bot.stats.ratings import NEW_PLAYER, GameOutcome, Skill, rate_game, side_ranks


def _outcome(sides: dict[int, list[str]], winner: int, scores: list[int]) -> GameOutcome:
    return GameOutcome(sides=sides, winners=frozenset({winner}), final_scores=scores)


def test_winners_rise_and_losers_fall():
    after = rate_game({}, _outcome({0: ["a", "c"], 1: ["b", "d"]}, 0, [51, 40]))
    for winner in "ac":
        assert after[winner].mu > NEW_PLAYER.mu
        assert after[winner].rating > NEW_PLAYER.rating
    for loser in "bd":
        assert after[loser].mu < NEW_PLAYER.mu


def test_partners_share_the_update():
    skills = {"a": Skill(30.0, 4.0), "c": Skill(20.0, 4.0)}
    after = rate_game(skills, _outcome({0: ["a", "c"], 1: ["b", "d"]}, 0, [51, 40]))
    gain_a = after["a"].mu - skills["a"].mu
    gain_c = after["c"].mu - skills["c"].mu
    assert gain_a > 0 and abs(gain_a - gain_c) < 1e-9


def test_beating_a_stronger_side_is_worth_more():
    weak, strong = Skill(20.0, 3.0), Skill(30.0, 3.0)
    upset = rate_game({"w": weak, "s": strong}, _outcome({0: ["w"], 1: ["s"]}, 0, [51, 10]))
    expected = rate_game({"w": strong, "s": weak}, _outcome({0: ["w"], 1: ["s"]}, 0, [51, 10]))
    assert upset["w"].mu - weak.mu > expected["w"].mu - strong.mu


def test_three_players_are_ranked_by_final_score_after_the_winner():
    outcome = _outcome({0: ["a"], 1: ["b"], 2: ["c"]}, 2, [20, 45, 52])
    assert side_ranks(outcome) == {2: 1, 1: 2, 0: 3}
    after = rate_game({}, outcome)
    assert after["c"].mu > after["b"].mu > after["a"].mu


def test_equal_losers_share_a_rank():
    outcome = _outcome({0: ["a"], 1: ["b"], 2: ["c"]}, 0, [51, 30, 30])
    assert side_ranks(outcome) == {0: 1, 1: 2, 2: 2}
    after = rate_game({}, outcome)
    assert abs(after["b"].mu - after["c"].mu) < 1e-9


def test_a_computer_level_on_both_sides_keeps_its_rating():
    after = rate_game({}, _outcome({0: ["cpu", "a"], 1: ["cpu", "b"]}, 0, [51, 40]))
    assert "cpu" not in after
    assert after["a"].mu > NEW_PLAYER.mu > after["b"].mu


def test_one_computer_level_partnering_itself_is_rated_once():
    after = rate_game({}, _outcome({0: ["cpu", "cpu"], 1: ["a", "b"]}, 0, [51, 40]))
    assert after["cpu"].mu > NEW_PLAYER.mu


def test_a_new_players_rating_starts_at_zero():
    assert abs(NEW_PLAYER.rating) < 1e-9
