"""Honey Harvest: a made-up fifth game that lives in the tests only. It shows what adding a game takes:
its package (this definition and its screens, `ui.py`), its texts, and one `register()` call (no edit of
the app). It declares everything a game of the app's kind has: its moves (each with its action), its
end-board edits as board moves, a nested end board, a tracker panel and an end-scoring editor of its
own (`ui.py`, built on the shared rows of the generic editor), a preference the table keeps, the names
of its board's parts for messages, and a random end state for the fuzz tests; it declares its own end
(`is_finished`) in its own state key (`over`).

The rules: 2-4 beekeepers play 3 rounds; during play each keeps their honey (points) and bees, builds
hives (at most 4) and harvests (as much honey as they have bees). At the end each scores the honey on
their track, 2 per flower card and the honey frames of every hive that still has its queen; on a tie
more full jars win.

Registered in the test process by `register()` (the tests unregister it again), and in a server or
command by TABULA_PLUGINS=tests.fifth_game (see companion.games.load_plugins)."""

from __future__ import annotations

import random
from pathlib import Path

from companion.core.board import field, read_fields, read_table, reject_unknown, require_dict, require_int, require_list
from companion.core.definition import (Action, BoardField, BoardMove, BoardParts, BoardStateError, Box, Counter, EndBoard,
                                 GameDefinition, InvalidMove, Move, Preference, Presentation, Rules, SetupStep)
from companion.core.moves import is_int, player_board, seat_of
from companion.core.result import Category, PlayerScore, Result
from companion.core.text import Msg
from companion.core.turns import clockwise, on_turn, turn_moves

GAME_ID = "honey-harvest"
ROUNDS = 3
FLOWER_POINTS = 2
FLOWERS = 12  # flower cards in the box
JARS = 10
HIVES = 4  # hive boards in the box
FRAMES = 10  # honey frames a hive holds

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
    return {"round": 1, "over": False, "log": [], "turn": config["start_player"],
            "players": [{"counters": {"honey": 0, "bees": 2}, "hives": 1} for _ in config["players"]]}


# ---------------------------------------------------------------- the tracker's moves

def _playing(state: dict) -> None:
    if state["over"]:
        raise InvalidMove(m("error.over"))


def end_round(state: dict, event: dict, config: dict) -> None:
    _playing(state)
    state["log"].append(m("log.round_end", round=state["round"]).to_json())
    if state["round"] == ROUNDS:
        state["over"], state["turn"] = True, None
    else:
        state["round"] += 1
        state["turn"] = config["start_player"]  # each round begins with the start player


def new_hive(state: dict, event: dict, config: dict) -> None:
    _playing(state)
    player = seat_of(event, config)
    me = state["players"][player]
    if me["hives"] >= HIVES:
        raise InvalidMove(m("error.no_hive_left", most=HIVES))
    me["hives"] += 1
    state["log"].append(m("log.new_hive", name=config["players"][player]["name"], hives=me["hives"]).to_json())


def harvest(state: dict, event: dict, config: dict) -> None:
    """As much honey as the player has bees."""
    _playing(state)
    player = seat_of(event, config)
    counters = state["players"][player]["counters"]
    counters["honey"] += counters["bees"]
    state["log"].append(m("log.harvest", name=config["players"][player]["name"], honey=counters["bees"],
                          total=counters["honey"]).to_json())


def _game_actions(state: dict, config: dict) -> list[Action]:
    """End round, named by its round, at once (Undo takes it back); the last one asks: it ends the game."""
    if state["over"]:
        return []
    last = state["round"] == ROUNDS
    return [Action("end_round", m("action.end_round", round=state["round"]), confirm=m("confirm.end_round") if last else None)]


def _player_action(name: str):
    return lambda state, config: [] if state["over"] else [Action(name, m(f"action.{name}"), per_player=True)]


def turn_order(state: dict, config: dict) -> list[int]:
    return clockwise(config["start_player"], len(config["players"]))


MOVES = (
    *turn_moves(turn_order, playing=lambda state: not state["over"]),
    Move("end_round", end_round, offer=_game_actions),
    Move("harvest", harvest, params=("player",), offer=_player_action("harvest")),
    Move("new_hive", new_hive, params=("player",), offer=_player_action("new_hive")),
)


# ---------------------------------------------------------------- the end board's own edits

def _hive(board: dict, event: dict) -> dict:
    """The hive an edit names by its place, refused if the player's hives are no longer as many as the
    phone drew (another phone added or removed one: the place may be another hive's now)."""
    hives, hive = player_board(board, event).get("hives"), event.get("hive")
    if not isinstance(hives, list) or len(hives) != event.get("hives") or not is_int(hive) or not 0 <= hive < len(hives):
        raise InvalidMove(Msg("core.error.board_changed"))
    return hives[hive]


def hive_frames(board: dict, event: dict, config: dict) -> None:
    """A -/+ on a hive's honey frames: added to the frames as they are by then, 0 to FRAMES."""
    delta, hive = event.get("delta"), _hive(board, event)
    if not is_int(delta):
        raise InvalidMove(Msg("core.error.bad_event"))
    hive["frames"] = max(0, min(FRAMES, hive["frames"] + delta))


def hive_queen(board: dict, event: dict, config: dict) -> None:
    if not isinstance(event.get("queen"), bool):
        raise InvalidMove(Msg("core.error.bad_event"))
    _hive(board, event)["queen"] = event["queen"]


def hive_add(board: dict, event: dict, config: dict) -> None:
    me = player_board(board, event)
    hives = me.setdefault("hives", [])
    if len(hives) >= HIVES:
        raise InvalidMove(m("error.no_hive_left", most=HIVES))
    hives.append({"frames": 0, "queen": True})


def hive_remove(board: dict, event: dict, config: dict) -> None:
    _hive(board, event)
    player_board(board, event)["hives"].pop(event["hive"])


# Each names the hive by its place and says how many hives the phone drew ("hives").
def _frames_said(event: dict, board: dict) -> Msg:
    frames = board["players"][event["player"]]["hives"][event["hive"]]["frames"]
    return m("edit.frames", hive=event["hive"] + 1, delta=f"{event['delta']:+d}", frames=frames)


BOARD_MOVES = (
    BoardMove("hive_frames", hive_frames, params=("hive", "hives", "delta"), describe=_frames_said),
    BoardMove("hive_queen", hive_queen, params=("hive", "hives", "queen")),
    BoardMove("hive_add", hive_add),
    BoardMove("hive_remove", hive_remove, params=("hive", "hives")),
)


def status(state: dict, config: dict) -> list[Msg]:
    return [m("status.over")] if state["over"] else [m("status.round", round=state["round"], rounds=ROUNDS)]


def board_from_tracker(state: dict, config: dict) -> dict:
    """Honey as tracked, and every hive built, each with its queen (the frames are counted at the end)."""
    return {"game": GAME_ID, "players": [
        {"name": p["name"], "honey": s["counters"]["honey"], "flowers": 0, "jars": 0,
         "hives": [{"frames": 0, "queen": True} for _ in range(s["hives"])]}
        for p, s in zip(config["players"], state["players"])]}


def read_hives(player: dict, path: str) -> list[dict]:
    """A player's hives (none in a board from before hives were kept): frames 0 to 10, a queen or not."""
    hives = require_list(player.get("hives", []), f"{path}.hives", max_len=HIVES)
    read = []
    for n, hive in enumerate(hives):
        where = f"{path}.hives[{n}]"
        require_dict(hive, where)
        reject_unknown(hive, {"frames", "queen"}, where)
        queen = field(hive, "queen", where)
        if not isinstance(queen, bool):
            raise BoardStateError(f"{where}.queen", m("board.queen_yes_or_no"))
        read.append({"frames": require_int(field(hive, "frames", where), f"{where}.frames", 0, FRAMES), "queen": queen})
    return read


def parse_board_state(data) -> dict:
    players = read_table(data, GAME_ID, 2, 4)
    return {"game": GAME_ID, "players": [
        {**read_fields({k: v for k, v in p.items() if k != "hives"}, f"$.players[{i}]", BOARD_FIELDS),
         "hives": read_hives(p, f"$.players[{i}]")} for i, p in enumerate(players)]}


def score(board: dict, box: dict | None = None) -> Result:
    def hives(p):
        frames = sum(h["frames"] for h in p["hives"] if h["queen"])
        return Category("hives", frames, m("explain.hives", frames=frames,
                                           hives=sum(1 for h in p["hives"] if h["queen"])))
    players = [PlayerScore(p["name"], [
        Category("honey", p["honey"], m("explain.honey", honey=p["honey"])),
        Category("flowers", FLOWER_POINTS * p["flowers"], m("explain.flowers", count=p["flowers"], per=FLOWER_POINTS)),
        hives(p),
    ], tiebreak=(p["jars"],), tiebreak_note=m("tiebreak", jars=p["jars"])) for p in board["players"]]
    return Result(GAME_ID, players, {c: m(f"category.{c}") for c in ("honey", "flowers", "hives")},
                      notes=[m("tiebreak_rule")])


def random_board(rng: random.Random, players: int) -> tuple[dict, dict]:
    """A random end state of this game's format (for the fuzz tests and benchmarks); it needs no box data."""
    names = ["Anna", "Ben", "Cleo", "Dora"]
    return {"game": GAME_ID, "players": [
        {"name": names[i], "honey": rng.randint(0, 120), "flowers": rng.randint(0, FLOWERS),
         "jars": rng.randint(0, JARS),
         "hives": [{"frames": rng.randint(0, FRAMES), "queen": rng.random() < 0.8} for _ in range(rng.randint(0, HIVES))]}
        for i in range(players)]}, {}


def ui():
    from .ui import UI  # the screens: imported by the app only
    return UI


GAME = GameDefinition(
    id=GAME_ID, name=m("name"), min_players=2, max_players=4,
    rules=Rules(counters=COUNTERS, setup_checklist=setup_checklist, initial_state=initial_state, moves=MOVES,
                status=status, is_finished=lambda state, config: state["over"],
                player_on_turn=lambda state, config: on_turn(state),
                colours=("yellow", "black", "white", "orange")),
    end=EndBoard(parse_board_state=parse_board_state, score=score, board_from_tracker=board_from_tracker,
                 board_moves=BOARD_MOVES, board_fields=BOARD_FIELDS, parts=BoardParts(numbered=frozenset({"hives"})),
                 random_board=random_board),
    # The honey track typed in (a long track) or stepped with -/+ 1 and 5: the table's choice, kept.
    box=Box(preferences=(Preference("honey_entry", ("typed", "stepped"), "typed"),)),
    # the score sheet: a row per round, with the honey each beekeeper made in it
    show=Presentation(period=lambda state, config, event=None: m("status.round", round=state["round"], rounds=ROUNDS), ui=ui),
)
CATALOGUES = Path(__file__).resolve().parent / "i18n"


def register() -> None:
    from companion.games import register as register_game

    register_game(GAME, catalogues=CATALOGUES)


def unregister() -> None:
    from companion.games import unregister as unregister_game

    unregister_game(GAME_ID)
