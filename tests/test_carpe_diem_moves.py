"""Carpe Diem's tracker moves one by one (`tracker.MOVES`): each with its parameters (an entry with
another key is refused, never half read), what it offers the tracker screen when, the game's end, and
its step from event schema 1."""

import pytest

from companion.core.definition import InvalidMove
from companion.core.game import Game, make_config
from companion.games.carpe_diem import GAME, tracker

REWARDS = [*tracker.LANDSCAPE_ACTIONS, *tracker.REWARD_ACTIONS, "banderole"]


def new_game(n=2):
    names = ["Anna", "Ben", "Cleo", "Dora"][:n]
    return Game("t", GAME, make_config(GAME, [{"name": x, "colour": c} for x, c in zip(names, GAME.rules.colours)], 0))


def test_every_entry_type_is_a_move_of_its_own():
    names = [m.name for m in GAME.rules.moves]
    assert names == ["end_round", "next_player", "set_turn", "score_circle", "set_card", *REWARDS]
    assert GAME.move("set_turn").params == ("player",) and GAME.move("next_player").params == ()
    assert GAME.move("complete_pond").params == ("player", "tiles")
    assert GAME.move("banderole").params == ("player", "steps")
    assert set(GAME.move("score_circle").params) == {"player", "circle", "order", "bread", "sets", "coins_for", "owned"}
    # the upgrades from schema 1 sit on the moves whose entries changed
    assert sorted(m.name for m in GAME.rules.moves if 1 in m.upgrades) == sorted(
        ["score_circle", "banderole", *tracker.LANDSCAPE_ACTIONS])


def test_the_offers_follow_the_game():
    """The game's own steps (not per player) are what the thumb slot shows, the one the game waits for
    last: Next while players are still to play in the round, End round once the last one is on turn,
    the next disc in a scoring period."""
    s = new_game()
    offered = GAME.actions(s.state, s.config)
    assert [a.id for a in offered] == ["end_round", "next_player", *REWARDS]
    assert [a.label.render("en") for a in offered[:2]] == ["End round 1", "Next: Ben"]
    assert [a.per_player for a in offered[:2]] == [False, False]
    assert next(a for a in offered if a.id == "complete_garden").value_choices == (2, 3, 4)
    s.record({"type": "next_player"})  # Ben, the last of the round: End round is the step, and not asked
    offered = GAME.actions(s.state, s.config)
    assert [a.id for a in offered] == ["end_round", *REWARDS] and offered[0].confirm is None
    for _ in range(6):
        s.record({"type": "end_round"})
    assert GAME.actions(s.state, s.config)[0].label.render("en") == "End round 7: scoring period"
    s.record({"type": "end_round"})
    offered = GAME.actions(s.state, s.config)
    assert [a.id for a in offered] == ["score_circle", *REWARDS]
    # Ben's disc lies on top of Anna's on space 0: he scores first.
    assert offered[0].label.render("en") == "Ben: place a disc" and not offered[0].per_player
    assert offered[0].value_choices == tuple(range(1, 10)) and offered[0].field == "circle"


@pytest.mark.parametrize("event", [
    {"type": "place_market", "player": 0, "value": 1},  # a schema-1 key on a move that never had it
    {"type": "complete_pond", "player": 0, "tiles": 3, "steps": 1},
    {"type": "end_round", "player": 0},
    {"type": "set_card", "space": 2, "card": None, "circle": 1},
])
def test_an_entry_with_a_key_its_move_does_not_have_is_refused(event):
    s = new_game()
    before = s.state
    with pytest.raises(InvalidMove) as error:
        s.record(event)
    assert error.value.msg.key == "core.error.bad_event" and s.state == before


def test_after_the_game_only_a_scoring_card_can_still_be_corrected():
    s = new_game()
    s.state["stage"] = "finished"  # as after the fourth scoring period
    for kind in ("end_round", "complete_merchant", "place_fountain", "banderole_space"):
        with pytest.raises(InvalidMove) as error:
            GAME.apply(s.state, {"type": kind, **({"player": 0} if kind != "end_round" else {})}, s.config)
        assert error.value.msg.key == "carpe-diem.error.game_over"
    assert GAME.actions(s.state, s.config) == []
    card = {"letter": "A", "mode": "pay", "requirement": {"herbs": 2}, "reward": {"vp": 4}}
    after = GAME.apply(s.state, {"type": "set_card", "space": 2, "card": card}, s.config)
    assert after["cards"]["2"] == card


def test_each_move_upgrades_its_own_schema_1_entries():
    assert GAME.upgrade({"type": "complete_vineyard", "player": 1, "value": 4}, 1, {}, {}) == \
        {"type": "complete_vineyard", "player": 1, "tiles": 4}
    assert GAME.upgrade({"type": "banderole", "player": 0, "value": 2}, 1, {}, {}) == \
        {"type": "banderole", "player": 0, "steps": 2}
    same = {"type": "complete_baker", "player": 0}
    assert GAME.upgrade(same, 1, {}, {}) == same
    assert GAME.upgrade({"type": "complete_pond", "player": 0, "value": 2}, 2, {}, {}) == \
        {"type": "complete_pond", "player": 0, "value": 2}  # already today's schema: left as it is
