"""The score sheet of every game after random logs: whatever the table entered, in whatever order, and
whatever it took back, the rows add up to the totals and the totals are the scoreboard's numbers (the
score, and each other track where a game keeps one). The rows of each game as its rulebook scores are
tested with the game (tests/test_<game>_*.py); this is the property they all share."""

from __future__ import annotations

import random

import pytest

from companion.core.definition import InvalidMove, MissingBoxData
from companion.core.score_sheet import score_sheet
from companion.core.game import Game, make_config
from companion.games import GAMES

STEPS = 300  # entries tried per log: enough for rounds to end and scorings to happen in every game


def new_game(definition, rng: random.Random) -> Game:
    n = rng.randint(definition.min_players, definition.max_players)
    colours = definition.colours_for(n)
    players = [{"name": f"P{i}", "colour": colours[i]} for i in range(n)]
    return Game("fuzz", definition, make_config(definition, players, rng.randrange(n)))


def random_entry(definition, game: Game, rng: random.Random) -> dict:
    """One of the steps the tracker offers now (a player's, mostly the player on turn's, or the thumb
    slot's, with a random choice), or a counter moved by hand (a correction), as a table enters them."""
    state, config = game.state, game.config
    actions = definition.actions(state, config)
    seats = len(config["players"])
    on_turn = definition.rules.player_on_turn(state, config)
    steps = [a for a in actions if not a.per_player]  # the thumb slot's: Next, End round, a scoring
    if actions and rng.random() < 0.85:
        action = rng.choice(steps if steps and rng.random() < 0.3 else actions)
        event = {"type": action.id}
        if action.per_player:
            event["player"] = on_turn if on_turn is not None and rng.random() < 0.8 else rng.randrange(seats)
        elif action.player is not None:
            event["player"] = action.player
        if action.value_choices:
            event[action.field] = rng.choice(action.value_choices)
        return event
    counter = rng.choice(definition.rules.counters)
    return {"type": "adjust", "player": rng.randrange(seats), "counter": counter.id,
            "delta": rng.choice((-3, -1, 1, 2, 5, 7))}


def check(game: Game) -> None:
    definition, state, config = game.definition, game.state, game.config
    sheet = score_sheet(game)
    seats = range(len(config["players"]))
    standings = [definition.standing_of(state, config, s) for s in seats]
    assert sheet.totals == tuple(st.score for st in standings)
    assert tuple(sum(row.points[s] for row in sheet.rows) for s in seats) == sheet.totals
    if sheet.tracks:
        assert sheet.track_totals == tuple(tuple(v for _, v in st.tracks) for st in standings)
        for s in seats:
            assert tuple(map(sum, zip(*(row.tracks[s] for row in sheet.rows)))) == sheet.track_totals[s]
    assert all(len(row.points) == len(seats) for row in sheet.rows) and sheet.rows


@pytest.mark.parametrize("game_id", sorted(GAMES))
@pytest.mark.parametrize("seed", range(3))
def test_the_rows_add_up_to_the_scoreboard_after_any_log(game_id, seed):
    definition = GAMES[game_id]
    rng = random.Random(f"{game_id}-{seed}")
    game = new_game(definition, rng)
    rows_seen = set()
    for step in range(STEPS):
        try:
            game.record(random_entry(definition, game, rng))
        except (InvalidMove, MissingBoxData):
            continue  # refused, as the screen would refuse it: nothing changed
        undone = rng.random() < 0.1 and game.can_undo
        if undone:
            game.undo()
        if undone or step % 5 == 0:
            check(game)
    check(game)
    rows_seen.update(row.label.render("en") for row in score_sheet(game).rows)
    assert len(rows_seen) > 2 or definition.show.categories is not None  # the log got past its first parts
