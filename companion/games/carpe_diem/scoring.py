"""Carpe Diem's final scoring (rulebook: SPIELENDE / END OF THE GAME, and the overview board).

Categories: the VP cards collected during the game, completed villas by chimney count (box data,
`box.py`), remaining items ÷ 2, the banderole bar (box data), fountain cards, frame goals. A box value
that is not entered yet is not counted, and the result says which it is, where it is printed and where
to enter it: the final scoring never stops for it. Tie: among the tied
players, the one furthest back on the banderole bar wins (`PlayerScore.tiebreak`, higher is better:
(-space, -level), the bottom disc of a stack counting as further back, as the scoring order puts the
top disc first). The JSON format is in docs/board-state-carpe-diem.md.
"""

from __future__ import annotations

from typing import Any

from companion.core.board import Problems, field, read_table, reject_unknown, require_dict, require_int, require_list
from companion.core.definition import BoardStateError
from companion.core.result import Category, PlayerScore, Result
from companion.core.text import Msg
from companion.games.carpe_diem.box import (
    BANDEROLE_KEY, KNOWN_VILLA, VILLA_KEY, missing_value, validate_box, villa_points,
)
from companion.games.carpe_diem.components import (
    DWELLINGS, FEATURE_KINDS, FOUNTAIN_CARDS, FRAME_GOALS, FRAME_KINDS, FRAME_VP, GRID, LANDSCAPES, SEAL_SPACES,
    SIDES, SINGLES, TURNS, VILLA, WARES,
)

GAME_ID = "carpe-diem"
CATEGORIES = ("vp_cards", "villas", "storage", "banderole", "fountains", "frame")
CATEGORY_LABELS = {c: Msg(f"carpe-diem.category.{c}") for c in CATEGORIES}
STORAGE_ITEMS = (*WARES, "coins", "bread", "tiles")
FOUNTAIN_VP = 2  # "For each ... you get 2 victory points" on every fountain card shown in the rules
# Completed villas, landscapes or dwellings of one kind a district holds: 2 of its 36 tiles each at least.
MOST_COMPLETED = GRID * GRID // 2

# ---------------------------------------------------------------- reading a board state

def _cells(value: Any, path: str) -> tuple[tuple[int, int], ...]:
    require_list(value, path, 1, GRID * GRID)
    cells = []
    for i, cell in enumerate(value):
        cpath = f"{path}[{i}]"
        require_list(cell, cpath, 2, 2)
        row = require_int(cell[0], f"{cpath}[0]", 1, GRID)
        column = require_int(cell[1], f"{cpath}[1]", 1, GRID)
        if (row, column) in cells:
            raise BoardStateError(cpath, Msg("carpe-diem.error.cell_twice", row=row, column=column))
        cells.append((row, column))
    return tuple(cells)


def _connected(cells: tuple[tuple[int, int], ...]) -> bool:
    seen, todo = {cells[0]}, [cells[0]]
    while todo:
        r, c = todo.pop()
        for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(cells)


def parse_feature(value: Any, path: str) -> dict:
    require_dict(value, path)
    reject_unknown(value, {"kind", "cells", "completed", "chimneys"}, path)
    kind = field(value, "kind", path)
    if kind not in FEATURE_KINDS:
        raise BoardStateError(f"{path}.kind", Msg("carpe-diem.error.kind", kind=repr(kind), kinds=list(FEATURE_KINDS)))
    cells = _cells(field(value, "cells", path), f"{path}.cells")
    if kind in SINGLES:
        completed = field(value, "completed", path, True)
        if completed is not True:
            raise BoardStateError(f"{path}.completed", Msg("carpe-diem.error.single_completed",
                                                           kind=Msg(f"carpe-diem.kind.{kind}")))
    else:
        completed = field(value, "completed", path)
        if not isinstance(completed, bool):
            raise BoardStateError(f"{path}.completed", Msg("carpe-diem.error.not_bool", value=repr(completed)))
    if not _connected(cells):
        raise BoardStateError(f"{path}.cells", Msg("carpe-diem.error.not_connected"))
    size = len(cells)
    kind_msg = Msg(f"carpe-diem.kind.{kind}")
    if kind in SINGLES and size != 1:
        raise BoardStateError(f"{path}.cells", Msg("carpe-diem.error.single_size", kind=kind_msg, count=size))
    if kind in DWELLINGS and size != (2 if completed else 1):
        raise BoardStateError(f"{path}.cells", Msg(
            "carpe-diem.error.dwelling_size" if completed else "carpe-diem.error.dwelling_half",
            kind=kind_msg, count=size))
    if kind in LANDSCAPES and (size > 4 or (completed and size < 2)):
        raise BoardStateError(f"{path}.cells", Msg("carpe-diem.error.landscape_size", kind=kind_msg, count=size))
    if kind == VILLA and completed and size < 2:
        raise BoardStateError(f"{path}.cells", Msg("carpe-diem.error.villa_size"))
    chimneys = 0
    if kind == VILLA:
        chimneys = require_int(field(value, "chimneys", path, ... if completed else 0), f"{path}.chimneys", 0, 99)
    elif "chimneys" in value:
        raise BoardStateError(f"{path}.chimneys", Msg("carpe-diem.error.chimneys_not_villa"))
    return {"kind": kind, "cells": cells, "completed": completed, "chimneys": chimneys}


def parse_district(value: Any, path: str, problems: Problems | None = None) -> list[dict] | None:
    """The district's features, each read on its own (a collecting `problems` notes each feature's
    problem; then None: the district as a whole is not known)."""
    problems = problems or Problems()
    require_dict(value, path)
    reject_unknown(value, {"features"}, path)
    raw = require_list(field(value, "features", path), f"{path}.features")
    features = [problems.read(parse_feature, f, f"{path}.features[{i}]") for i, f in enumerate(raw)]
    singles: dict[tuple[int, int], int] = {}
    for i, f in enumerate(features):
        if f is not None and f["kind"] in SINGLES:
            cell = f["cells"][0]
            if cell in singles:
                raise BoardStateError(f"{path}.features[{i}].cells", Msg(
                    "carpe-diem.error.singles_share", row=cell[0], column=cell[1],
                    other=Msg(f"carpe-diem.kind.{features[singles[cell]]['kind']}")))
            singles[cell] = i
    return None if None in features else features


def parse_frame(value: Any, path: str, problems: Problems | None = None) -> list[dict] | None:
    """The 8 frame goals, each read on its own (a collecting `problems` notes each goal's problem; then
    None)."""
    problems = problems or Problems()
    goals = require_list(value, path)
    if len(goals) != FRAME_GOALS:
        raise BoardStateError(path, Msg("carpe-diem.error.frame_count", count=len(goals), goals=FRAME_GOALS))
    out = [problems.read(_frame_goal, goal, f"{path}[{i}]") for i, goal in enumerate(goals)]
    return None if None in out else out


def _frame_goal(goal: Any, gpath: str) -> dict:
    require_dict(goal, gpath)
    reject_unknown(goal, {"side", "line", "kind", "vp"}, gpath)
    side = field(goal, "side", gpath)
    if side not in SIDES:
        raise BoardStateError(f"{gpath}.side", Msg("carpe-diem.error.side", value=repr(side), sides=list(SIDES)))
    line = require_int(field(goal, "line", gpath), f"{gpath}.line", 1, GRID)
    kind = field(goal, "kind", gpath)
    if kind not in FRAME_KINDS:
        raise BoardStateError(f"{gpath}.kind", Msg("carpe-diem.error.frame_kind", kind=repr(kind),
                                                   kinds=list(FRAME_KINDS)))
    vp = _frame_vp(field(goal, "vp", gpath), f"{gpath}.vp")
    return {"side": side, "line": line, "kind": kind, "vp": vp}


def _frame_vp(value: Any, path: str) -> int:
    vp = require_int(value, path, 0)
    if vp not in FRAME_VP:
        raise BoardStateError(path, Msg("carpe-diem.error.frame_vp", value=vp, allowed=list(FRAME_VP)))
    return vp


def parse_quick(value: Any, path: str) -> dict:
    require_dict(value, path)
    reject_unknown(value, {"villas", "completed", "frame_met"}, path)
    villas = require_list(field(value, "villas", path, []), f"{path}.villas")
    chimneys = [require_int(v, f"{path}.villas[{i}]", 0, 99) for i, v in enumerate(villas)]
    completed_raw = require_dict(field(value, "completed", path, {}), f"{path}.completed")
    completed = {}
    for kind, count in completed_raw.items():
        if kind == VILLA:
            raise BoardStateError(f"{path}.completed.villa", Msg("carpe-diem.error.quick_villa"))
        if kind not in FEATURE_KINDS:
            raise BoardStateError(f"{path}.completed.{kind}", Msg("carpe-diem.error.kind", kind=repr(kind),
                                                                  kinds=list(FEATURE_KINDS)))
        completed[kind] = require_int(count, f"{path}.completed.{kind}", 0, GRID * GRID)
    met = require_list(field(value, "frame_met", path, []), f"{path}.frame_met", 0, FRAME_GOALS)
    _check_quick_district(chimneys, completed, path)
    return {"villas": chimneys, "completed": completed,
            "frame_met": [_frame_vp(v, f"{path}.frame_met[{i}]") for i, v in enumerate(met)]}


def _check_quick_district(villas: list[int], completed: dict[str, int], path: str) -> None:
    """What a district of 6 × 6 tiles can hold, counted: a market, bakery or fountain fills a tile of its
    own ("bestehen immer nur aus dem einen Plättchen"); a completed villa, landscape or dwelling covers 2
    tiles or more, and (as the grid draws a district) no tile is part of two features of one kind."""
    most = MOST_COMPLETED
    if len(villas) > most:
        raise BoardStateError(f"{path}.villas", Msg("carpe-diem.error.quick_most", count=len(villas), most=most,
                                                    cells=GRID * GRID))
    for kind, count in completed.items():
        if kind not in SINGLES and count > most:
            raise BoardStateError(f"{path}.completed.{kind}", Msg("carpe-diem.error.quick_most", count=count,
                                                                  most=most, cells=GRID * GRID))
    singles = sum(completed.get(k, 0) for k in SINGLES)
    if singles > GRID * GRID:
        raise BoardStateError(f"{path}.completed", Msg("carpe-diem.error.quick_singles", count=singles,
                                                       cells=GRID * GRID))


def district_tiles(entry: dict) -> int:
    """The fewest building tiles the player's district can hold: every cell of the grid's features; counted,
    a tile for each market, bakery and fountain and 2 for each of the most numerous kind of completed
    villas, landscapes and dwellings (a tile is part of one feature of a kind, as the grid draws them)."""
    if entry.get("district") is not None:
        return len({cell for f in entry["district"] for cell in f["cells"]})
    quick = entry.get("quick")
    if quick is None:
        return 0
    counts = [len(quick["villas"]), *(n for k, n in quick["completed"].items() if k not in SINGLES)]
    return sum(quick["completed"].get(k, 0) for k in SINGLES) + 2 * max(counts)


def parse_fountain_cards(value: Any, path: str) -> list[dict]:
    cards = require_list(value, path, 0, FOUNTAIN_CARDS)
    out = []
    for i, card in enumerate(cards):
        cpath = f"{path}[{i}]"
        if isinstance(card, str):
            card = {"kind": card}
        require_dict(card, cpath)
        reject_unknown(card, {"kind", "vp"}, cpath)
        kind = field(card, "kind", cpath)
        if kind not in FEATURE_KINDS:
            raise BoardStateError(f"{cpath}.kind" if isinstance(cards[i], dict) else cpath, Msg(
                "carpe-diem.error.kind", kind=repr(kind), kinds=list(FEATURE_KINDS)))
        out.append({"kind": kind, "vp": require_int(field(card, "vp", cpath, FOUNTAIN_VP), f"{cpath}.vp", 0, 99)})
    return out


def parse_banderole(value: Any, path: str) -> tuple[int, int | None]:
    if isinstance(value, dict):
        reject_unknown(value, {"space", "level"}, path)
        space = require_int(field(value, "space", path), f"{path}.space", 0, 99)
        level = field(value, "level", path, None)
        return space, None if level is None else require_int(level, f"{path}.level", 0, 3)
    return require_int(value, path, 0, 99), None


def parse_board_state(data: Any, problems: Problems | None = None) -> dict:
    """Validate a whole table's end state (see docs/board-state-carpe-diem.md). `problems` collecting:
    every problem is noted, each part of a board (and each feature and frame goal) read on its own."""
    problems = problems or Problems()
    players = read_table(data, GAME_ID, 2, 4)
    out = []
    for i, p in enumerate(players):
        path = f"$.players[{i}]"
        problems.read(reject_unknown, p, {"name", "vp", "storage", "banderole", "district", "quick", "frame",
                                          "fountain_cards"}, path)

        def storage_of():
            storage = require_dict(field(p, "storage", path), f"{path}.storage")
            reject_unknown(storage, set(STORAGE_ITEMS), f"{path}.storage")
            return storage
        storage = problems.read(storage_of)
        entry = {
            "name": p["name"].strip(),
            "vp": problems.read(lambda: require_int(field(p, "vp", path), f"{path}.vp", None)),
            "storage": None if storage is None else problems.read(
                lambda: {k: require_int(storage.get(k, 0), f"{path}.storage.{k}") for k in STORAGE_ITEMS}),
            "banderole": problems.read(lambda: parse_banderole(field(p, "banderole", path), f"{path}.banderole")),
            "fountain_cards": problems.read(lambda: parse_fountain_cards(field(p, "fountain_cards", path, []),
                                                                         f"{path}.fountain_cards")),
        }
        if ("district" in p) == ("quick" in p):
            problems.note(BoardStateError(f"{path}.district", Msg("carpe-diem.error.district_or_quick")))
        elif "district" in p:
            entry["district"] = problems.read(parse_district, p["district"], f"{path}.district", problems)
            entry["frame"] = problems.read(lambda: parse_frame(field(p, "frame", path), f"{path}.frame", problems))
            if entry["district"] is not None and entry["fountain_cards"] is not None:
                fountains = sum(1 for f in entry["district"] if f["kind"] == "fountain")
                problems.read(_check_fountain_cards, entry["fountain_cards"], fountains, f"{path}.fountain_cards")
        elif "frame" in p:
            problems.note(BoardStateError(f"{path}.frame", Msg("carpe-diem.error.frame_with_quick")))
        else:
            entry["quick"] = problems.read(parse_quick, p["quick"], f"{path}.quick")
            if entry["quick"] is not None and entry["fountain_cards"] is not None:
                problems.read(_check_fountain_cards, entry["fountain_cards"],
                              entry["quick"]["completed"].get("fountain", 0), f"{path}.fountain_cards")
        problems.read(_check_tiles_taken, entry, f"{path}.storage.tiles")
        out.append(entry)
    total_cards = sum(len(p["fountain_cards"]) for p in out if p["fountain_cards"] is not None)
    if total_cards > FOUNTAIN_CARDS:
        problems.note(BoardStateError("$.players", Msg("carpe-diem.error.too_many_fountain_cards", count=total_cards,
                                                       total=FOUNTAIN_CARDS)))
    problems.read(_check_tiles_of_the_table, out)
    problems.read(_check_banderole_levels, out)
    return {"game": GAME_ID, "players": out}


def _check_fountain_cards(cards: list[dict], fountains: int, path: str) -> None:
    """"Eine der Karten behält er" for each fountain built; a later fountain may keep both cards but sends
    back one kept before: one card per fountain."""
    if len(cards) != fountains:
        raise BoardStateError(path, Msg("carpe-diem.error.fountain_cards", cards=len(cards), fountains=fountains))


def _tiles_owned(entry: dict) -> int:
    storage = entry["storage"]
    return (storage["tiles"] if storage is not None else 0) + district_tiles(entry)


def _check_tiles_taken(entry: dict, path: str) -> None:
    """A player owns at most a tile of each of the 28 turns and the 11 of the seal spaces (see TURNS)."""
    if entry["storage"] is None:
        return
    owned, most, stored = _tiles_owned(entry), TURNS + SEAL_SPACES, entry["storage"]["tiles"]
    if owned > most:
        raise BoardStateError(path, Msg("carpe-diem.error.tiles_taken" if owned > stored else
                                        "carpe-diem.error.tiles_in_storage", tiles=stored, placed=owned - stored,
                                        most=most, turns=TURNS, seal=SEAL_SPACES))


def _check_tiles_of_the_table(players: list[dict]) -> None:
    """The table's tiles: 28 taken by each player and the 11 of the seal spaces, 84 + 39 with 4 players."""
    owned, most = sum(_tiles_owned(p) for p in players), TURNS * len(players) + SEAL_SPACES
    if owned > most:
        raise BoardStateError("$.players", Msg("carpe-diem.error.tiles_table", count=owned, players=len(players),
                                               most=most, turns=TURNS, seal=SEAL_SPACES))


def _check_banderole_levels(players: list[dict]) -> None:
    """Players on the same banderole space are stacked: levels 0, 1, ... (players whose banderole
    could not be read are left out)."""
    by_space: dict[int, list[int]] = {}
    for i, p in enumerate(players):
        if p["banderole"] is not None:
            by_space.setdefault(p["banderole"][0], []).append(i)
    for space, group in by_space.items():
        if len(group) == 1:
            i = group[0]
            level = players[i]["banderole"][1]
            if level not in (None, 0):
                raise BoardStateError(f"$.players[{i}].banderole.level", Msg("carpe-diem.error.level_alone",
                                                                             space=space, level=level))
            players[i]["banderole"] = (space, 0)
            continue
        levels = [players[i]["banderole"][1] for i in group]
        for i, level in zip(group, levels):
            if level is None:
                raise BoardStateError(f"$.players[{i}].banderole.level", Msg(
                    "carpe-diem.error.level_needed", space=space, count=len(group)))
        if sorted(levels) != list(range(len(group))):
            raise BoardStateError(f"$.players[{group[-1]}].banderole.level", Msg(
                "carpe-diem.error.levels", space=space, count=len(group), levels=[str(v) for v in levels]))


# ---------------------------------------------------------------- scoring

def completed_counts(p: dict) -> dict[str, int]:
    """Completed features by kind (markets, bakeries and fountains are always complete)."""
    if "quick" in p:
        counts = {k: p["quick"]["completed"].get(k, 0) for k in FEATURE_KINDS}
        counts[VILLA] = len(p["quick"]["villas"])
        return counts
    counts = {k: 0 for k in FEATURE_KINDS}
    for f in p["district"]:
        if f["completed"]:
            counts[f["kind"]] += 1
    return counts


def frame_goal_met(goal: dict, features: list[dict]) -> bool:
    """At least one completed feature of the goal's kind has a cell on the goal's line: an arrow on the
    top or bottom side runs down column `line`, one on the left or right side along row `line`."""
    axis = 1 if goal["side"] in ("top", "bottom") else 0
    return any(f["completed"] and f["kind"] == goal["kind"] and any(cell[axis] == goal["line"] for cell in f["cells"])
               for f in features)


def needed_box_keys(board: dict, box: dict[str, int]) -> list[str]:
    keys = set()
    for p in board["players"]:
        for chimneys in _completed_villas(p):
            if villa_points(chimneys, box) is None:
                keys.add(VILLA_KEY.format(chimneys))
        key = BANDEROLE_KEY.format(p["banderole"][0])
        if key not in box:
            keys.add(key)
    return sorted(keys, key=lambda k: (k.split("_")[0], int(k.split("_")[1])))


def _completed_villas(p: dict) -> list[int]:
    if "quick" in p:
        return list(p["quick"]["villas"])
    return [f["chimneys"] for f in p["district"] if f["kind"] == VILLA and f["completed"]]


def _villas(p: dict, box: dict[str, int]) -> Category:
    """Completed villas by their chimneys, from the villa table (a value not entered is not counted and
    said so); incomplete villas score nothing."""
    villas = _completed_villas(p)
    incomplete = 0 if "quick" in p else sum(1 for f in p["district"] if f["kind"] == VILLA and not f["completed"])
    parts = [Msg("carpe-diem.explain.villa", chimneys=c, points=villa_points(c, box))
             if villa_points(c, box) is not None else Msg("carpe-diem.explain.villa_unknown", chimneys=c)
             for c in villas]
    if incomplete:
        parts.append(Msg("carpe-diem.explain.villas_incomplete", count=incomplete))
    return Category("villas", sum(villa_points(c, box) or 0 for c in villas),
                    Msg("carpe-diem.explain.villas", parts=parts) if parts else Msg("carpe-diem.explain.no_villa"))


def score_player(p: dict, box: dict[str, int]) -> PlayerScore:
    cats = [Category("vp_cards", p["vp"], Msg("carpe-diem.explain.vp_cards", vp=p["vp"]))]

    cats.append(_villas(p, box))

    items = sum(p["storage"].values())
    cats.append(Category("storage", items // 2, Msg("carpe-diem.explain.storage", items=items, points=items // 2)))

    space, level = p["banderole"]
    points = box.get(BANDEROLE_KEY.format(space))
    cats.append(Category("banderole", points or 0, Msg("carpe-diem.explain.banderole", space=space, points=points)
                         if points is not None else Msg("carpe-diem.explain.banderole_unknown", space=space)))

    counts = completed_counts(p)
    parts = [Msg("carpe-diem.explain.fountain_card", kind=Msg(f"carpe-diem.kind.{c['kind']}"),
                 count=counts[c["kind"]], vp=c["vp"], points=counts[c["kind"]] * c["vp"])
             for c in p["fountain_cards"]]
    cats.append(Category("fountains", sum(counts[c["kind"]] * c["vp"] for c in p["fountain_cards"]),
                         Msg("carpe-diem.explain.fountains", parts=parts) if parts
                         else Msg("carpe-diem.explain.no_fountain_card")))

    if "quick" in p:
        met = p["quick"]["frame_met"]
        cats.append(Category("frame", sum(met), Msg("carpe-diem.explain.frame_quick",
                                                    goals=[str(v) for v in met], points=sum(met))
                             if met else Msg("carpe-diem.explain.no_frame_goal")))
    else:
        parts, total = [], 0
        for goal in p["frame"]:
            met = frame_goal_met(goal, p["district"])
            total += goal["vp"] if met else 0
            parts.append(Msg("carpe-diem.explain.frame_goal_met" if met else "carpe-diem.explain.frame_goal_missed",
                             side=Msg(f"carpe-diem.side.{goal['side']}"), line=goal["line"],
                             kind=Msg(f"carpe-diem.kind.{goal['kind']}"), vp=goal["vp"]))
        cats.append(Category("frame", total, Msg("carpe-diem.explain.frame", parts=parts)))

    return PlayerScore(p["name"], cats, tiebreak=(-space, -level),
                       tiebreak_note=Msg("carpe-diem.tiebreak", space=space, level=level + 1))


def score(board: dict, box: dict | None = None) -> Result:
    """Score a parsed board state. `box`: entered box data (`villa_<chimneys>`, `banderole_<space>`),
    BoardStateError("box.<key>") if invalid. A value printed on the box that is not entered yet is never
    guessed: those points are not counted, and the first note says which values they are, where they are
    printed and where to enter them (`needed_box_keys` lists them)."""
    box = validate_box(box or {})
    sheet = Result(GAME_ID, [score_player(p, box) for p in board["players"]], CATEGORY_LABELS,
                       notes=[Msg("carpe-diem.tiebreak_rule")])
    missing = needed_box_keys(board, box)
    if missing:
        sheet.uncounted = missing
        sheet.notes.insert(0, Msg("carpe-diem.note.box_missing", values=[missing_value(k) for k in missing]))
    used = _entered_values_used(board, box)
    if used:
        sheet.notes.append(Msg("carpe-diem.note.box_used", values=used))
    return sheet


def _entered_values_used(board: dict, box: dict[str, int]) -> list[Msg]:
    villas = sorted({c for p in board["players"] for c in _completed_villas(p)
                     if c not in KNOWN_VILLA and VILLA_KEY.format(c) in box})
    spaces = sorted({p["banderole"][0] for p in board["players"] if BANDEROLE_KEY.format(p["banderole"][0]) in box})
    return ([Msg("carpe-diem.note.villa_value", chimneys=c, vp=box[VILLA_KEY.format(c)]) for c in villas]
            + [Msg("carpe-diem.note.banderole_value", space=s, vp=box[BANDEROLE_KEY.format(s)]) for s in spaces])
