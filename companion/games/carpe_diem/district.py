"""Carpe Diem's end board as the players enter it: the 6 × 6 district drawn feature by feature, the frame
goals at their arrows, or the counts only; what the tracker counted during play to start from and to
compare with. Pure functions over the board-state JSON (docs/board-state-carpe-diem.md); the rules of a
valid feature, a met goal and the points stay in `scoring`.

A feature being drawn is named by its kind and one of its cells (its *anchor*), never by its place in
the list: a list that another phone changed meanwhile can never make a tap land on another feature.
"""

from __future__ import annotations

import copy

from companion.core.definition import BoardStateError
from companion.games.carpe_diem import scoring
from companion.games.carpe_diem.components import (
    DWELLINGS, FEATURE_KINDS, FRAME_GOALS, FRAME_VP, GRID, LANDSCAPES, SINGLES, VILLA,
)

FORMS = ("grid", "counts")  # the district as a grid of features, or the counts only ("quick")
QUICK_KINDS = tuple(k for k in FEATURE_KINDS if k != VILLA)
# The tracker's district counters (tracker.DISTRICT): chimneys of all villas, completed villas, landscapes
# and dwellings, and markets, bakeries, fountains.
TRACKED = ("chimneys", *FEATURE_KINDS)
# The most tiles a feature has: one for a market, bakery or fountain, two halves for a dwelling, four
# for a landscape; a villa any number.
MOST_CELLS = {**{k: 1 for k in SINGLES}, **{k: 2 for k in DWELLINGS}, **{k: 4 for k in LANDSCAPES}}
CHIMNEY_CHOICES = tuple(range(10))
VILLA_COUNTS_SHOWN = range(1, 9)  # the villa table's rows the counts form always shows


# ---------------------------------------------------------------- reading the district

def features_of(p: dict) -> list[dict]:
    return (p.get("district") or {}).get("features", [])


def cell_features(features: list[dict], row: int, column: int) -> list[int]:
    """Indices of the features that have a part on this cell."""
    return [i for i, f in enumerate(features) if [row, column] in [list(c) for c in f.get("cells", [])]]


def feature_at(features: list[dict], kind: str, cell) -> int | None:
    """The feature of `kind` that has `cell` (a feature's anchor), or None."""
    if cell is None:
        return None
    return next((i for i in cell_features(features, *cell) if features[i]["kind"] == kind), None)


def feature_number(features: list[dict], index: int) -> int:
    """Villa 1, villa 2, ...: the feature's place among those of its kind."""
    kind = features[index]["kind"]
    return sum(1 for f in features[:index + 1] if f["kind"] == kind)


def feature_problem(feature: dict):
    """The engine's objection to one feature (a Msg) or None."""
    if not feature.get("cells"):
        return None
    try:
        scoring.parse_feature(feature, "feature")
    except BoardStateError as error:
        return error.msg
    return None


def completed_count(features: list[dict], kind: str) -> int:
    return sum(1 for f in features if f["kind"] == kind and (kind in SINGLES or f.get("completed")))


def grid_counts(features: list[dict]) -> dict[str, int]:
    """What the grid holds in the tracker's terms: completed features by kind, chimneys of all villas."""
    counts = {k: completed_count(features, k) for k in FEATURE_KINDS}
    counts["chimneys"] = sum(f.get("chimneys", 0) for f in features if f["kind"] == VILLA)
    return counts


def tracked_district(counters: dict | None) -> dict[str, int] | None:
    """The district counts the tracker recorded, or None when it recorded none (a table that did not
    tap the rewards): then nothing is guessed from it. Villas and chimneys only when the table kept
    those counters (no reward is tapped for a villa: they are counted by hand, for the scoring cards)."""
    if not counters or not any(counters.get(k, 0) for k in TRACKED):
        return None
    kept_villas = counters.get(VILLA, 0) or counters.get("chimneys", 0)
    return {k: counters.get(k, 0) for k in TRACKED if kept_villas or k not in (VILLA, "chimneys")}


def tracker_differences(features: list[dict], tracked: dict | None) -> list[tuple[str, int, int]]:
    """(counter, on the grid, tracker) wherever the grid and the tracker's count differ."""
    if tracked is None:
        return []
    have = grid_counts(features)
    return [(k, have[k], tracked[k]) for k in TRACKED if k in tracked and have[k] != tracked[k]]


# ---------------------------------------------------------------- drawing with a palette

def touches(feature: dict, row: int, column: int) -> bool:
    return any(abs(r - row) + abs(c - column) == 1 for r, c in feature["cells"])


def new_completed(kind: str, features: list[dict], tracked: dict | None) -> bool:
    """A new feature's "completed": a dwelling by its second half; otherwise completed while the grid has
    fewer completed ones of that kind than the tracker counted (all of them when it counted nothing)."""
    if kind in DWELLINGS:
        return False
    if tracked is None or kind not in tracked:
        return True
    return completed_count(features, kind) < tracked[kind]


def new_chimneys(features: list[dict]) -> int:
    """A new villa starts with the chimneys of the villa drawn before it (villas are often alike)."""
    villas = [f for f in features if f["kind"] == VILLA]
    return villas[-1].get("chimneys", 0) if villas else 0


def _place_single(fs: list[dict], kind: str, cell: list[int]) -> tuple[list[dict], int | None]:
    """A market, bakery or fountain fills its tile: placed, or taken off again; a tile holding another of
    the three is picked (to change or delete it), never overwritten."""
    here = [i for i in cell_features(fs, *cell) if fs[i]["kind"] in SINGLES]
    if any(fs[i]["kind"] == kind for i in here):
        return [f for i, f in enumerate(fs) if i not in here], None
    if here:
        return fs, here[0]
    fs.append({"kind": kind, "cells": [cell]})
    return fs, len(fs) - 1


def _set_cells(feature: dict, cells: list[list[int]]) -> None:
    feature["cells"] = sorted(cells)
    if feature["kind"] in DWELLINGS:  # a dwelling is completed by its second half
        feature["completed"] = len(cells) == 2


def paint(features: list[dict], current: int | None, kind: str, row: int, column: int,
          completed: bool = True) -> tuple[list[dict], int | None]:
    """One tap on a cell with `kind` picked in the palette; `current` is the feature being drawn and
    `completed` a new feature's first guess (`new_completed`). Returns the features and the feature being
    drawn after the tap:
    - market, bakery, fountain: placed on the cell, or taken off when it is there already (another
      one of the three on that cell is picked, not overwritten: they fill their tile);
    - a cell of the feature being drawn: taken out of it (the last one: the feature is gone);
    - a cell of another feature of that kind: that one is drawn now (to add or take out cells);
    - a cell next to the feature being drawn, while it can grow (a dwelling has 2 halves, a landscape
      at most 4 tiles): added;
    - else a new feature of that kind starts there."""
    fs = copy.deepcopy(features)
    cur = current if current is not None and 0 <= current < len(fs) and fs[current]["kind"] == kind else None
    cell = [row, column]
    if kind in SINGLES:
        return _place_single(fs, kind, cell)
    cells = [list(c) for c in fs[cur]["cells"]] if cur is not None else []
    if cell in cells:
        if len(cells) == 1:
            return [x for i, x in enumerate(fs) if i != cur], None
        _set_cells(fs[cur], [c for c in cells if c != cell])
        return fs, cur
    owner = [i for i in cell_features(fs, row, column) if fs[i]["kind"] == kind]
    if owner:
        return fs, owner[0]
    if cur is not None and len(cells) < MOST_CELLS.get(kind, GRID * GRID) and touches(fs[cur], row, column):
        _set_cells(fs[cur], cells + [cell])
        return fs, cur
    feature = {"kind": kind, "cells": [cell], "completed": completed}
    if kind == VILLA:
        feature["chimneys"] = new_chimneys(fs)
    fs.append(feature)
    return fs, len(fs) - 1


def anchor_after(features: list[dict], now: int | None, anchor, tapped) -> list[int] | None:
    """The anchor of the feature being drawn after a tap: the one it had while it still has that cell,
    else the cell tapped when it has it, else its first cell; None when nothing is being drawn."""
    if now is None:
        return None
    cells = [list(c) for c in features[now]["cells"]]
    for cell in (anchor, tapped):
        if cell is not None and list(cell) in cells:
            return list(cell)
    return cells[0]


def tap(features: list[dict], anchor, kind: str, row: int, column: int,
        completed: bool = True) -> tuple[list[dict], list[int] | None]:
    """`paint` with the feature being drawn named by its anchor (a cell of it, of the kind picked):
    returns the features and the anchor of the feature being drawn after the tap."""
    new, now = paint(features, feature_at(features, kind, anchor), kind, row, column, completed)
    return new, anchor_after(new, now, anchor, [row, column])


# ---------------------------------------------------------------- the frame: 8 goals at arrows round the board

def goal_complete(goal: dict) -> bool:
    return isinstance(goal, dict) and all(k in goal for k in ("side", "line", "kind", "vp"))


def goals_of(p: dict) -> list[dict]:
    """The frame goals entered (a goal left half-entered by an older version is not one)."""
    return [g for g in p.get("frame") or [] if goal_complete(g)]


def along(side: str) -> str:
    """Arrows on the top or bottom point down a column, those on the left or right along a row."""
    return "column" if side in ("top", "bottom") else "row"


def goal_at(goals: list[dict], side: str, line: int) -> int | None:
    return next((i for i, g in enumerate(goals) if g["side"] == side and g["line"] == line), None)


def goal_met(goal: dict, features: list[dict]) -> bool | None:
    """Met / missed by the engine's rule, or None while the goal or the district is not complete."""
    if not goal_complete(goal):
        return None
    try:
        parsed = [scoring.parse_feature(f, "feature") for f in features]
    except BoardStateError:
        return None
    return scoring.frame_goal_met(goal, parsed)


def set_goal(frame: list, side: str, line: int, kind: str, vp: int) -> list[dict]:
    """The frame with this goal at this arrow (replacing the one there); a ninth is not added."""
    goals = [dict(g) for g in frame or [] if goal_complete(g)]
    goal = {"side": side, "line": line, "kind": kind, "vp": vp}
    at = goal_at(goals, side, line)
    if at is not None:
        goals[at] = goal
    elif len(goals) < FRAME_GOALS:
        goals.append(goal)
    return goals


def remove_goal(frame: list, side: str, line: int) -> list[dict]:
    return [dict(g) for g in frame or [] if goal_complete(g) and not (g["side"] == side and g["line"] == line)]


# ---------------------------------------------------------------- counts only

def quick_prefill(tracked: dict | None) -> dict:
    """The counts form as the tracker knows it: completed features by kind. Villas wait for their
    chimneys (the tracker counts them for all villas together) and the frame goals for the players."""
    tracked = tracked or {}
    return {"villas": [], "completed": {k: tracked[k] for k in QUICK_KINDS if tracked.get(k)}, "frame_met": []}


def quick_from_district(p: dict) -> dict:
    """The counts form, made from what the grid holds."""
    features = features_of(p)
    villas = sorted((f.get("chimneys", 0) for f in features if f["kind"] == VILLA and f.get("completed")),
                    reverse=True)
    completed: dict[str, int] = {}
    for f in features:
        if f["kind"] != VILLA and (f["kind"] in SINGLES or f.get("completed")):
            completed[f["kind"]] = completed.get(f["kind"], 0) + 1
    met = sorted((g["vp"] for g in goals_of(p) if goal_met(g, features)), reverse=True)
    return {"villas": villas, "completed": completed, "frame_met": met}


def villa_counts(villas: list[int]) -> dict[int, int]:
    """Completed villas by their chimneys, as the overview board's villa table reads."""
    out: dict[int, int] = {}
    for chimneys in villas:
        out[chimneys] = out.get(chimneys, 0) + 1
    return out


def set_villa_count(villas: list[int], chimneys: int, count: int) -> list[int]:
    counts = villa_counts(villas)
    counts[chimneys] = max(0, count)
    return sorted((c for c, n in counts.items() for _ in range(n)), reverse=True)


def frame_met_counts(met: list[int]) -> dict[int, int]:
    return {vp: sum(1 for v in met if v == vp) for vp in FRAME_VP}


def set_frame_met(met: list[int], vp: int, count: int) -> list[int]:
    """The goals met with `count` of value `vp`; more than the frame's 8 goals: unchanged."""
    counts = frame_met_counts(met)
    counts[vp] = max(0, count)
    if sum(counts.values()) > FRAME_GOALS:
        return sorted(met, reverse=True)
    return sorted((v for v, n in counts.items() for _ in range(n)), reverse=True)


# ---------------------------------------------------------------- grid or counts

def form_of(p: dict) -> str:
    return "counts" if "quick" in p else "grid"


def is_blank(p: dict, tracked: dict | None = None) -> bool:
    """Nothing entered in the district part yet: an empty grid and frame, or the counts as the tracker
    filled them in. (Storage, VP and the banderole bar do not count: they come from the tracker.)"""
    if "quick" in p:
        q = p["quick"]
        completed = {k: n for k, n in (q.get("completed") or {}).items() if n}
        return not q.get("villas") and not q.get("frame_met") and completed in ({}, quick_prefill(tracked)["completed"])
    return not features_of(p) and not goals_of(p)


def to_counts(p: dict, tracked: dict | None = None) -> dict:
    """A player's board in the counts form: from the grid when something is drawn, else as the tracker
    counted. Already counts: unchanged."""
    if "quick" in p:
        return copy.deepcopy(p)
    out = {k: copy.deepcopy(v) for k, v in p.items() if k not in ("district", "frame")}
    out["quick"] = quick_prefill(tracked) if is_blank(p) else quick_from_district(p)
    return out


def to_grid(p: dict, kept: dict | None = None) -> dict:
    """A player's board as a grid: what was drawn before (`kept`: its district and frame, kept while the
    counts were used), else empty."""
    if "quick" not in p:
        return copy.deepcopy(p)
    out = {k: copy.deepcopy(v) for k, v in p.items() if k != "quick"}
    out["district"] = copy.deepcopy(kept["district"]) if kept else {"features": []}
    out["frame"] = copy.deepcopy(kept["frame"]) if kept else []
    return out


def in_form(p: dict, form: str, tracked: dict | None = None, kept: dict | None = None) -> dict:
    return to_counts(p, tracked) if form == "counts" else to_grid(p, kept)


def follow_form(board: dict, form: str, tracked: list[dict | None], keep=frozenset()) -> dict:
    """The board with every player's board that is still blank (and not in `keep`: marked entered) in
    `form`."""
    out = copy.deepcopy(board)
    for i, p in enumerate(out["players"]):
        mine = tracked[i] if i < len(tracked) else None
        if i not in keep and form_of(p) != form and is_blank(p, mine):
            out["players"][i] = in_form(p, form, mine)
    return out


# ---------------------------------------------------------------- the banderole bar (every player's disc)

def disc(p: dict) -> tuple[int, int]:
    """(space, level) of a player's disc; level 0 is the bottom of a stack."""
    b = p["banderole"]
    return (b["space"], b.get("level") or 0) if isinstance(b, dict) else (b, 0)


def stack_size(board: dict, player: int) -> int:
    """How many discs lie on this player's banderole space (the level matters only when > 1)."""
    mine = disc(board["players"][player])[0]
    return sum(1 for p in board["players"] if disc(p)[0] == mine)


def move_disc(board: dict, player: int, delta: int) -> dict:
    """Move a disc on the banderole bar: it goes on top of a stack it joins; the stack it leaves closes up."""
    out = copy.deepcopy(board)
    discs = [disc(p) for p in out["players"]]
    old = discs[player][0]
    space = max(0, old + delta)
    if space == old:
        return out
    others = [i for i, d in enumerate(discs) if i != player and d[0] == space]
    discs[player] = (space, len(others))
    left = sorted((i for i, d in enumerate(discs) if i != player and d[0] == old), key=lambda i: discs[i][1])
    for level, i in enumerate(left):
        discs[i] = (discs[i][0], level)
    for p, (s, level) in zip(out["players"], discs):
        p["banderole"] = {"space": s, "level": level}
    return out


def set_level(board: dict, player: int, level: int) -> dict:
    """Put the disc at this height of its stack (0 = bottom); the others on the space keep their order."""
    out = copy.deepcopy(board)
    discs = [disc(p) for p in out["players"]]
    space = discs[player][0]
    stack = sorted((i for i, d in enumerate(discs) if d[0] == space and i != player), key=lambda i: discs[i][1])
    stack.insert(max(0, min(level, len(stack))), player)
    for height, i in enumerate(stack):
        out["players"][i]["banderole"] = {"space": space, "level": height}
    return out


def card_kind(card) -> str:
    """A fountain card's feature kind (a card is its kind, or {"kind", "vp"} for another value)."""
    return card if isinstance(card, str) else card["kind"]
