"""Carpe Diem's scoring period on the panel: coins paid in place of wares on a red card ("Any wares can
be replaced by coins"), as the panel's plain helpers offer and apply them."""

import pytest

from companion.core.game import Game, make_config
from companion.games.carpe_diem import GAME
from companion.games.carpe_diem import scoring_period as sp
from companion.games.carpe_diem import tracker
from companion.games.carpe_diem.period import coin_choices, score_event, with_coins

HERBS_2 = {"letter": "A", "mode": "pay", "requirement": {"herbs": 2}, "reward": {"vp": 4}}
CHIMNEYS_3 = {"letter": "C", "mode": "own", "requirement": {"chimneys": 3}, "reward": {"coins": 1, "steps": 1}}
SET_3 = {"letter": "B", "mode": "pay", "requirement": {"chicken": 1, "grapes": 1, "fish": 1}, "reward": {"vp": 5}}


def scoring(cards, **counters):
    """Two players at the first scoring period; Ben (on top of the stack) scores first, holding `counters`."""
    config = make_config(GAME, [{"name": "Anna", "colour": "red"}, {"name": "Ben", "colour": "blue"}], 0)
    s = Game("t", GAME, config)
    for space, card in zip((2, 4, 5, 6, 7, 8, 9, 11), cards):
        s.record({"type": "set_card", "space": space, "card": card})
    for counter, delta in counters.items():
        s.record({"type": "adjust", "player": 1, "counter": counter, "delta": delta})
    for _ in range(7):
        s.record({"type": "end_round"})
    return s


def test_a_red_card_offers_each_of_its_wares():
    # circle 1: spaces 2 ("pay 2 herbs -> 4 VP") and 5 ("per 3 chimneys", unmet). Ben pays 3 sets
    # (12 VP) with 4 herbs and 3 coins: wares first, the advisor's 2 coins stand in for 2 herbs.
    s = scoring([HERBS_2, SET_3, CHIMNEYS_3] + [HERBS_2] * 5, herbs=4, coins=3)
    best = tracker.advice_for(s.state, s.config, 1, 1).recommended
    assert [(r.space, r.sets) for r in best.results if r.space == 2] == [(2, 3)]
    assert coin_choices(best) == [(2, "herbs", 2)]  # the green card pays nothing
    # At the table he paid a third coin for a herb and keeps that herb.
    paid = with_coins(s.state, s.config, 1, 1, best, {2: {"herbs": 3}})
    assert (paid.after.herbs, paid.after.coins, paid.vp) == (1, 0, best.vp)
    event = score_event(1, 1, paid)
    assert event["coins_for"][event["order"].index(2)] == {"herbs": 3}
    s.record(event)
    c = s.state["players"][1]["counters"]
    assert (c["herbs"], c["coins"]) == (1, 0)


def test_coins_the_player_does_not_have_are_named():
    s = scoring([HERBS_2, SET_3, CHIMNEYS_3] + [HERBS_2] * 5, herbs=2, coins=1)
    best = tracker.advice_for(s.state, s.config, 1, 1).recommended
    assert coin_choices(best) == [(2, "herbs", 0)]
    with pytest.raises(sp.PeriodError) as refused:
        with_coins(s.state, s.config, 1, 1, best, {2: {"herbs": 2}})
    assert refused.value.msg.render("en") == "card 2: 2 coins to pay, but there is only 1"


def test_no_coin_choice_where_nothing_is_paid():
    s = scoring([HERBS_2, SET_3, CHIMNEYS_3] + [HERBS_2] * 5)  # Ben has nothing: the herbs card is unmet
    best = tracker.advice_for(s.state, s.config, 1, 1).recommended
    assert coin_choices(best) == []
