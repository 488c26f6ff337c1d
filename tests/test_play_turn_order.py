"""The scoreboard's generic turn display: the player on turn (when a game's tracker follows turns, its
declared `player_on_turn`) is marked; the rows stay in seating order (a row never moves under a thumb)."""

from dataclasses import MISSING, fields, replace

from companion.core.definition import Rules

from companion.games import GAMES
from companion.core.game import make_config
from companion.ui.screens.play import seat_on_turn

PLAYERS = [{"name": n, "colour": c} for n, c in (("Anna", "red"), ("Ben", "blue"), ("Carla", "yellow"))]


def test_only_a_seat_of_this_table_is_a_player_on_turn():
    definition = GAMES["milestones"]

    def said(turn):
        return seat_on_turn(replace(definition, rules=replace(definition.rules, player_on_turn=lambda state, config: turn)), {}, {}, 3)
    assert said(2) == 2
    assert said(None) is None
    assert said(3) is None
    assert said(-1) is None
    assert said(True) is None
    assert said("1") is None


def test_milestones_and_city_of_rome_name_the_player_on_turn():
    ms = GAMES["milestones"]
    config = make_config(ms, PLAYERS, 1)
    state = ms.rules.initial_state(config)
    assert seat_on_turn(ms, state, config, 3) == 1
    state = ms.apply(state, {"type": "end_turn"}, config)
    assert seat_on_turn(ms, state, config, 3) == 2
    assert seat_on_turn(ms, dict(state, finished=True), config, 3) is None  # nobody is on turn after the end
    rome = GAMES["city-of-rome"]
    config = make_config(rome, [dict(p, colour=c) for p, c in zip(PLAYERS, rome.colours_for(3))], 0)
    assert seat_on_turn(rome, rome.rules.initial_state(config), config, 3) == 0  # the start player places a builder first


def test_a_game_that_declares_no_hooks_gets_the_defaults():
    """What the screens ask of a tracker has a default for a game that declares nothing: nobody on turn,
    the start player chosen at the start, no box values held, and final scoring never held back."""
    ms = GAMES["milestones"]  # its tracker keeps a turn, a start player and an end: all ignored here
    plain = replace(ms, rules=Rules(**{f.name: getattr(ms.rules, f.name) for f in fields(Rules)
                                       if f.default is MISSING and f.default_factory is MISSING}))
    config = make_config(plain, PLAYERS, 2)
    state = plain.rules.initial_state(config)
    assert seat_on_turn(plain, state, config, 3) is None
    assert plain.rules.start_player_now(state, config) == 2
    assert plain.rules.tracker_box(state, config) == {}
    assert plain.rules.is_finished(state, config) is True
