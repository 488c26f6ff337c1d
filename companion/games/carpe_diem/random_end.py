"""Random end boards of Carpe Diem's board-state format, for the fuzz tests and the benchmarks
(`EndBoard.random_board`). Each is drawn with the box data it is scored with: the made-up values of
`examples/carpe-diem-box.json`, never a real box's (see `box.py`), and only chimney counts and banderole
spaces those values cover."""

from __future__ import annotations

import random

from companion.games.carpe_diem.box import KNOWN_VILLA
from companion.games.carpe_diem.components import DWELLINGS, GRID, LANDSCAPES, SINGLES, SIDES, WARES

NAMES = ("Anna", "Ben", "Cleo", "Dora")
# MADE UP, as in examples/carpe-diem-box.json: test data only, not read off a real box.
TEST_BOX = {"villa_4": 5, "villa_6": 10, "banderole_7": 6, "banderole_9": 8}
KINDS = ("villa", *LANDSCAPES, *DWELLINGS)
# Tiles in a drawn district at most, with at most 4 in storage: 30 a player keeps every table within the
# building tiles there are (28 a player and the 11 of the seal spaces: 4 × 30 <= 4 × 28 + 11).
MOST_CELLS = 26


def random_board(rng: random.Random, players: int) -> tuple[dict, dict]:
    chimneys = sorted(set(KNOWN_VILLA) | {int(k.split("_")[1]) for k in TEST_BOX if k.startswith("villa_")})
    spaces = sorted(int(k.split("_")[1]) for k in TEST_BOX if k.startswith("banderole_"))
    levels: dict[int, int] = {}
    out = []
    for i in range(players):
        space = rng.choice(spaces)
        level = levels.get(space, 0)
        levels[space] = level + 1
        p = {"name": NAMES[i], "vp": rng.randint(0, 90),
             "storage": {k: rng.randint(0, 4) for k in (*WARES, "coins", "bread", "tiles") if rng.random() < 0.6},
             "banderole": {"space": space, "level": level}}
        p.update(_counts(rng, chimneys) if rng.random() < 0.5 else _grid(rng, chimneys))
        out.append(p)
    return {"game": "carpe-diem", "players": out}, dict(TEST_BOX)


def _counts(rng: random.Random, chimneys: list[int]) -> dict:
    cards = [rng.choice(KINDS) for _ in range(rng.randint(0, 3))]
    completed = {k: rng.randint(0, 3) for k in [*LANDSCAPES, *DWELLINGS, "market"] if rng.random() < 0.4}
    if cards or rng.random() < 0.3:
        completed["fountain"] = len(cards)  # a fountain card kept for each fountain
    return {"quick": {"villas": [rng.choice(chimneys) for _ in range(rng.randint(0, 4))], "completed": completed,
                      "frame_met": [rng.choice((3, 4, 5)) for _ in range(rng.randint(0, 8))]},
            "fountain_cards": cards}


def _grid(rng: random.Random, chimneys: list[int]) -> dict:
    features, fountains, singles, cells = [], 0, set(), set()
    for _ in range(rng.randint(0, 10)):
        kind = rng.choice([*KINDS, *SINGLES])
        if kind in SINGLES:
            cell = (rng.randint(1, GRID), rng.randint(1, GRID))
            if cell not in singles and len(cells | {cell}) <= MOST_CELLS:
                singles.add(cell)
                cells.add(cell)
                fountains += kind == "fountain"
                features.append({"kind": kind, "cells": [list(cell)]})
            continue
        feature = _feature(rng, kind, chimneys)
        if len(cells | {tuple(c) for c in feature["cells"]}) <= MOST_CELLS:
            cells |= {tuple(c) for c in feature["cells"]}
            features.append(feature)
    frame = [{"side": rng.choice(SIDES), "line": rng.randint(1, GRID), "kind": rng.choice(KINDS),
              "vp": rng.choice((3, 4, 5))} for _ in range(8)]
    return {"district": {"features": features}, "frame": frame,
            "fountain_cards": [rng.choice(KINDS) for _ in range(fountains)]}


def _feature(rng: random.Random, kind: str, chimneys: list[int]) -> dict:
    completed = rng.random() < 0.6
    if kind in DWELLINGS:
        size = 2 if completed else 1
    elif kind == "villa":
        size = rng.randint(2, 4) if completed else rng.randint(1, 3)
    else:
        size = rng.randint(2, 4) if completed else rng.randint(1, 4)
    feature = {"kind": kind, "cells": [[r + 1, c + 1] for r, c in _connected_cells(rng, size)], "completed": completed}
    if kind == "villa" and (completed or rng.random() < 0.3):
        feature["chimneys"] = rng.choice(chimneys)
    return feature


def _connected_cells(rng: random.Random, size: int) -> list[tuple[int, int]]:
    cells = [(rng.randrange(GRID), rng.randrange(GRID))]
    while len(cells) < size:
        r, c = rng.choice(cells)
        dr, dc = rng.choice(((1, 0), (-1, 0), (0, 1), (0, -1)))
        cell = (r + dr, c + dc)
        if 0 <= cell[0] < GRID and 0 <= cell[1] < GRID and cell not in cells:
            cells.append(cell)
    return cells
