"""The live tracker's generic turn display: the player on turn (when a game's tracker keeps one) is
marked and their card comes first, the others follow in seating order."""

from companion.games import GAMES
from companion.core.session import make_config
from companion.ui.screens.play import player_on_turn, seat_order


def test_seating_order_starts_with_the_player_on_turn():
    assert seat_order(3, None) == [0, 1, 2]
    assert seat_order(3, 0) == [0, 1, 2]
    assert seat_order(3, 1) == [1, 2, 0]
    assert seat_order(4, 3) == [3, 0, 1, 2]


def test_only_a_valid_seat_number_is_a_player_on_turn():
    assert player_on_turn({"turn": 2}, 3) == 2
    assert player_on_turn({}, 3) is None
    assert player_on_turn({"turn": 3}, 3) is None
    assert player_on_turn({"turn": True}, 3) is None
    assert player_on_turn({"turn": "1"}, 3) is None
    assert player_on_turn({"turn": 1, "finished": True}, 3) is None  # nobody is on turn after the end


def test_milestones_names_the_player_on_turn_and_city_of_rome_does_not():
    players = [{"name": n, "colour": c} for n, c in (("Anna", "red"), ("Ben", "blue"), ("Carla", "yellow"))]
    ms = GAMES["milestones"]
    config = make_config(ms, players, 1)
    state = ms.initial_state(config)
    assert player_on_turn(state, 3) == 1
    state = ms.apply(state, {"type": "end_turn"}, config)
    assert player_on_turn(state, 3) == 2
    rome = GAMES["city-of-rome"]
    config = make_config(rome, [dict(p, colour=c) for p, c in zip(players, rome.colours_for(3))], 0)
    assert player_on_turn(rome.initial_state(config), 3) is None
