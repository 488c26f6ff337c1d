"""Random end states for the scoring benchmark and the fuzz tests.

`random_state(game_id, rng, players)` draws a board state of the documented JSON format from the
shapes each game allows; `valid_state(...)` keeps drawing until the game's own reader accepts one
(most draws are accepted; the rest break a cross-field rule such as card copies or connectivity).
Carpe Diem draws only chimney counts and banderole spaces that `examples/carpe-diem-box.json` has
values for, so every accepted state can be scored with that box data.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from companion.core.game import BoardStateError
from companion.games import GAMES

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
NAMES = ["Anna", "Ben", "Cleo", "Dora"]


def example_box() -> dict:
    return json.loads((EXAMPLES / "carpe-diem-box.json").read_text(encoding="utf-8"))["carpe-diem"]


def box_for(game_id: str) -> dict:
    """The box values a game's random end states are scored with (the same for every draw)."""
    game = GAMES[game_id]
    if game.random_board is not None:
        return game.random_board(random.Random(0), game.min_players)[1]
    return example_box() if game_id == "carpe-diem" else {}




# ---------------------------------------------------------------- Carpe Diem

def carpe_diem(rng: random.Random, players: int) -> dict:
    from companion.games.carpe_diem.components import DWELLINGS, LANDSCAPES, WARES

    box = example_box()
    chimneys = sorted({3, 5} | {int(k.split("_")[1]) for k in box if k.startswith("villa_")})
    spaces = sorted(int(k.split("_")[1]) for k in box if k.startswith("banderole_"))
    kinds = ["villa", *LANDSCAPES, *DWELLINGS]
    levels: dict[int, int] = {}
    out = []
    for i in range(players):
        space = rng.choice(spaces)
        level = levels.get(space, 0)
        levels[space] = level + 1
        p = {"name": NAMES[i], "vp": rng.randint(0, 90),
             "storage": {k: rng.randint(0, 4) for k in (*WARES, "coins", "bread", "tiles") if rng.random() < 0.6},
             "banderole": {"space": space, "level": level}}
        if rng.random() < 0.5:
            p["quick"] = {"villas": [rng.choice(chimneys) for _ in range(rng.randint(0, 4))],
                          "completed": {k: rng.randint(0, 3) for k in [*LANDSCAPES, *DWELLINGS, "market"]
                                        if rng.random() < 0.4},
                          "frame_met": [rng.choice((3, 4, 5)) for _ in range(rng.randint(0, 8))]}
            p["fountain_cards"] = [rng.choice([*LANDSCAPES, *DWELLINGS, "villa"]) for _ in range(rng.randint(0, 3))]
        else:
            features, fountains, used_single = [], 0, set()
            for _ in range(rng.randint(0, 10)):
                kind = rng.choice([*kinds, "market", "bakery", "fountain"])
                if kind in ("market", "bakery", "fountain"):
                    cell = (rng.randint(1, 6), rng.randint(1, 6))
                    if cell in used_single:
                        continue
                    used_single.add(cell)
                    fountains += kind == "fountain"
                    features.append({"kind": kind, "cells": [list(cell)]})
                    continue
                completed = rng.random() < 0.6
                if kind in DWELLINGS:
                    size = 2 if completed else 1
                elif kind == "villa":
                    size = rng.randint(2, 4) if completed else rng.randint(1, 3)
                else:
                    size = rng.randint(2, 4) if completed else rng.randint(1, 4)
                cells = [(r + 1, c + 1) for r, c in _connected_cells_6(rng, size)]
                feature = {"kind": kind, "cells": [list(x) for x in cells], "completed": completed}
                if kind == "villa" and (completed or rng.random() < 0.3):
                    feature["chimneys"] = rng.choice(chimneys)
                features.append(feature)
            p["district"] = {"features": features}
            p["frame"] = [{"side": rng.choice(("top", "bottom", "left", "right")), "line": rng.randint(1, 6),
                           "kind": rng.choice(kinds), "vp": rng.choice((3, 4, 5))} for _ in range(8)]
            p["fountain_cards"] = [rng.choice([*LANDSCAPES, *DWELLINGS, "villa"]) for _ in range(fountains)]
        out.append(p)
    return {"game": "carpe-diem", "players": out}


def _connected_cells_6(rng: random.Random, size: int) -> list[tuple[int, int]]:
    cells = [(rng.randrange(6), rng.randrange(6))]
    while len(cells) < size:
        r, c = rng.choice(cells)
        dr, dc = rng.choice(((1, 0), (-1, 0), (0, 1), (0, -1)))
        cell = (r + dr, c + dc)
        if 0 <= cell[0] < 6 and 0 <= cell[1] < 6 and cell not in cells:
            cells.append(cell)
    return cells


# `(rng, players) -> board state` of the games that do not bring their own `random_board` yet.
GENERATORS = {"carpe-diem": carpe_diem}


def drawable() -> list[str]:
    """The registered games that random end states can be drawn for: each brings its `random_board`
    (a game without one is left out of the fuzz tests and benchmarks)."""
    return sorted(g for g, game in GAMES.items() if game.random_board is not None or g in GENERATORS)


def random_state(game_id: str, rng: random.Random, players: int | None = None) -> dict:
    return random_board_and_box(game_id, rng, players)[0]


def random_board_and_box(game_id: str, rng: random.Random, players: int | None = None) -> tuple[dict, dict]:
    game = GAMES[game_id]
    if game_id not in drawable():
        raise LookupError(f"no random end states for {game_id!r}: its GameDefinition has no random_board")
    players = players or rng.randint(game.min_players, game.max_players)
    if game.random_board is not None:
        return game.random_board(rng, players)
    return GENERATORS[game_id](rng, players), box_for(game_id)


def valid_state(game_id: str, rng: random.Random, players: int | None = None,
                stats: dict | None = None) -> dict:
    """A random state the game's reader accepts (draws again on a refused one)."""
    game = GAMES[game_id]
    for _ in range(10_000):
        data = random_state(game_id, rng, players)
        try:
            game.parse_board_state(data)
        except BoardStateError as error:
            if stats is not None:
                stats["refused"] = stats.get("refused", 0) + 1
                stats.setdefault("reasons", {}).setdefault(error.msg.key, 0)
                stats["reasons"][error.msg.key] += 1
            continue
        if stats is not None:
            stats["accepted"] = stats.get("accepted", 0) + 1
        return data
    raise RuntimeError(f"no valid {game_id} state drawn")


def four_player_end_state(game_id: str) -> dict:
    """A full 4-player end state built from the examples (the 4th player copies an example's)."""
    files = {"city-of-rome": "city-of-rome-rulebook.json", "milestones": "milestones-4-players.json",
             "castles-of-tuscany": "castles-of-tuscany-three-players.json",
             "carpe-diem": "carpe-diem-2p-district.json"}
    if game_id not in files:  # a game without an example here: four players drawn at random
        return valid_state(game_id, random.Random(4), 4)
    data = json.loads((EXAMPLES / files[game_id]).read_text(encoding="utf-8"))
    players = data["players"]
    if game_id == "city-of-rome":
        # The rulebook city, plus three other legal cities: a full 16-card city is the costly case.
        rng = random.Random(4)
        while True:
            extra = valid_state("city-of-rome", rng, 4)
            candidate = dict(data, players=[players[0], *extra["players"][1:]])
            try:
                GAMES[game_id].parse_board_state(candidate)
                return candidate
            except BoardStateError:
                continue
    if game_id == "carpe-diem":
        quick = json.loads((EXAMPLES / "carpe-diem-3p-quick-tie.json").read_text(encoding="utf-8"))["players"]
        district = players[0]
        players = [district, players[1], quick[0], quick[1]]
        players = [dict(p, name=n) for p, n in zip(players, NAMES)]
        # four different banderole positions the example box data knows
        for p, (space, level) in zip(players, [(9, 0), (7, 0), (7, 1), (9, 1)]):
            p["banderole"] = {"space": space, "level": level}
        return {"game": game_id, "players": players}
    while len(players) < 4:
        players.append(dict(players[len(players) % len(players)], name=NAMES[len(players)]))
    return {"game": game_id, "players": [dict(p, name=n) for p, n in zip(players, NAMES)]}
