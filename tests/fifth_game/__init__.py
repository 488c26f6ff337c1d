"""Honey Harvest: a made-up fifth game that lives in the tests only. It shows what adding a game takes:
one definition, its texts, and one `register()` call (no edit of the app's registries). It uses every
default the app offers a game: the generic end-scoring editor from its `board_fields`, no tracker
panel, no player on turn; it declares its own end (`is_finished`) in its own state key (`over`).

The rules: 2-4 beekeepers play 3 rounds; during play each keeps their honey (points) and bees; at the
end each scores the honey on their track plus 2 per flower card, and on a tie more full jars win.

Registered in the test process by `register()` (the tests unregister it again), and in a server or
command by TABULA_PLUGINS=tests.fifth_game (see companion.games.load_plugins)."""

from __future__ import annotations

import random
from pathlib import Path

from companion.core.board import read_fields, read_table
from companion.core.game import Action, BoardField, Counter, GameDefinition, InvalidMove, Move, SetupStep
from companion.core.scoring import Category, PlayerScore, ScoreSheet
from companion.core.text import Msg

GAME_ID = "honey-harvest"
ROUNDS = 3
FLOWER_POINTS = 2
FLOWERS = 12  # flower cards in the box
JARS = 10

COUNTERS = (Counter("honey", Msg(f"{GAME_ID}.counter.honey"), steps=(1, 5)),
            Counter("bees", Msg(f"{GAME_ID}.counter.bees"), minimum=1, maximum=8))
BOARD_FIELDS = (
    BoardField("honey", Msg(f"{GAME_ID}.board.honey"), help=Msg(f"{GAME_ID}.board.honey_help"), typed=True),
    BoardField("flowers", Msg(f"{GAME_ID}.board.flowers"), maximum=FLOWERS),
    BoardField("jars", Msg(f"{GAME_ID}.board.jars"), help=Msg(f"{GAME_ID}.board.jars_help"), maximum=JARS),
)


def m(key: str, **params) -> Msg:
    return Msg(f"{GAME_ID}.{key}", **params)


def setup_checklist(config: dict) -> list[SetupStep]:
    names = [p["name"] for p in config["players"]]
    return [SetupStep("hives", m("setup.hives", bees=2)),
            SetupStep("flowers", m("setup.flowers", open=len(names) + 1)),
            SetupStep("start_player", m("setup.start", name=names[config["start_player"]]))]


def initial_state(config: dict) -> dict:
    return {"round": 1, "over": False, "log": [],
            "players": [{"counters": {"honey": 0, "bees": 2}} for _ in config["players"]]}


def end_round(state: dict, event: dict, config: dict) -> None:
    if state["over"]:
        raise InvalidMove(m("error.over"))
    state["log"].append(m("log.round_end", round=state["round"]).to_json())
    if state["round"] == ROUNDS:
        state["over"] = True
    else:
        state["round"] += 1


MOVES = (Move("end_round", end_round, offer=lambda state, config: [] if state["over"] else [
    Action("end_round", m("action.end_round"))]),)


def status(state: dict, config: dict) -> list[Msg]:
    return [m("status.over")] if state["over"] else [m("status.round", round=state["round"], rounds=ROUNDS)]


def board_from_tracker(state: dict, config: dict) -> dict:
    return {"game": GAME_ID, "players": [{"name": p["name"], "honey": s["counters"]["honey"], "flowers": 0, "jars": 0}
                                         for p, s in zip(config["players"], state["players"])]}


def parse_board_state(data) -> dict:
    players = read_table(data, GAME_ID, 2, 4)
    return {"game": GAME_ID, "players": [read_fields(p, f"$.players[{i}]", BOARD_FIELDS)
                                         for i, p in enumerate(players)]}


def score(board: dict, box: dict | None = None) -> ScoreSheet:
    players = [PlayerScore(p["name"], [
        Category("honey", p["honey"], m("explain.honey", honey=p["honey"])),
        Category("flowers", FLOWER_POINTS * p["flowers"], m("explain.flowers", count=p["flowers"], per=FLOWER_POINTS)),
    ], tiebreak=(p["jars"],), tiebreak_note=m("tiebreak", jars=p["jars"])) for p in board["players"]]
    return ScoreSheet(GAME_ID, players, {c: m(f"category.{c}") for c in ("honey", "flowers")},
                      notes=[m("tiebreak_rule")])


def random_board(rng: random.Random, players: int) -> dict:
    """A random end state of this game's format (for bench/states.py and the fuzz tests)."""
    names = ["Anna", "Ben", "Cleo", "Dora"]
    return {"game": GAME_ID, "players": [{"name": names[i], "honey": rng.randint(0, 120),
                                          "flowers": rng.randint(0, FLOWERS), "jars": rng.randint(0, JARS)}
                                         for i in range(players)]}


GAME = GameDefinition(
    id=GAME_ID, name=m("name"), min_players=2, max_players=4, counters=COUNTERS,
    setup_checklist=setup_checklist, initial_state=initial_state, moves=MOVES,
    status=status, parse_board_state=parse_board_state, score=score, board_from_tracker=board_from_tracker,
    board_fields=BOARD_FIELDS, is_finished=lambda state: state["over"],
    colours=("yellow", "black", "white", "orange"),
)
CATALOGUES = Path(__file__).resolve().parent / "i18n"


def register() -> None:
    from companion.games import register as register_game

    register_game(GAME, catalogues=CATALOGUES)


def unregister() -> None:
    from companion.games import unregister as unregister_game

    unregister_game(GAME_ID)
