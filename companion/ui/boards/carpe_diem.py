"""Carpe Diem's end-scoring entry: the 6 × 6 district drawn with a palette, the frame goals picked per
frame side, the fountain cards as chips; or counts only. Storage, VP cards and the banderole bar come
from the tracker (`board_from_tracker`).

The district, as on a phone: pick what to draw once (villa, a landscape, a dwelling, market, bakery,
fountain), then tap its cells. A tap next to the feature being drawn adds to it, a tap elsewhere starts
the next one of that kind (tapping the kind again starts a new one right next to it); a tap on one of
its cells takes that cell out; a dwelling is completed by its second half, markets, bakeries and
fountains are one tap each. The feature drawn last can be marked not completed and, for a villa, given
its chimneys, right under the grid. A frame goal is two taps: its arrow's place on a side, then
feature and VP in one choice. A fountain card is one tap on what it rewards.

What the tracker counted during play (completed features by kind, chimneys) fills the counts form,
gives a new feature its likely "completed" (as long as the grid has fewer of that kind than the tracker
counted) and is compared with the grid, so a difference shows before the scores do.

Grid or counts is one choice for the whole table (`carpe_diem_entry` in the settings, kept for the
next games): every board nobody has entered yet follows it; a board with entries keeps its form until
its own player switches it. The rules (what is a valid feature, which goals are met, the points) stay
in the game package: the helpers here only edit the board-state JSON (docs/board-state-carpe-diem.md).
"""

from __future__ import annotations

import copy
import re

import flet as ft

from companion.core.game import BoardStateError
from companion.games.carpe_diem import scoring
from companion.games.carpe_diem.components import (
    DWELLINGS, FEATURE_KINDS, FRAME_GOALS, FRAME_KINDS, FRAME_VP, GRID, LANDSCAPES, SINGLES, VILLA,
)
from companion.ui.boards.problems import Placing
from companion.ui.boards.session import game_session, use_sid
from companion.ui.model import AppModel
from companion.ui.widgets import TOUCH, icon_button, section, stepper

FEATURE_PATH = re.compile(r"\.district\.features\[(\d+)\]")

KIND_ICONS = {
    "villa": ft.Icons.HOME, "vineyard": ft.Icons.WINE_BAR, "garden": ft.Icons.SPA, "chicken_yard": ft.Icons.EGG,
    "pond": ft.Icons.WATER, "merchant": ft.Icons.STOREFRONT, "baker": ft.Icons.BAKERY_DINING,
    "administrator": ft.Icons.ACCOUNT_BALANCE, "craftsman": ft.Icons.HANDYMAN, "market": ft.Icons.SHOPPING_BASKET,
    "bakery": ft.Icons.BREAKFAST_DINING, "fountain": ft.Icons.WATER_DROP,
}
# Mid tones: at least 3.5:1 against the light and the dark theme's background (icons and borders drawn on
# it) and against the white icon of a chosen palette tile.
KIND_COLOURS = {
    "villa": "#b34c36", "vineyard": "#9f3adc", "garden": "#2e7d32", "chicken_yard": "#b26a00", "pond": "#226bca",
    "merchant": "#007d6e", "baker": "#9a6240", "administrator": "#56707c", "craftsman": "#7d6a60",
    "market": "#d32b2b", "bakery": "#ad5a00", "fountain": "#0277bd",
}
STORAGE = ("grapes", "herbs", "chicken", "fish", "coins", "bread", "tiles")
QUICK_KINDS = tuple(k for k in FEATURE_KINDS if k != VILLA)
# The tracker's district counters (companion/games/carpe_diem/tracker.py DISTRICT): chimneys of all villas,
# completed villas, landscapes and dwellings, and markets, bakeries, fountains.
TRACKED = ("chimneys", *FEATURE_KINDS)
MODES = ("grid", "counts")
SETTING = "carpe_diem_entry"
CELL, CELL_GAP = 52, 3  # six cells and their gaps, with room to spare, on a 390 px phone
TOOL_W, TOOL_H = 56, 48  # six palette buttons a row
SLOT = 48  # a frame arrow's place: six a side
CHIMNEY_CHOICES = tuple(range(10))
MOST_CELLS = {**{k: 1 for k in SINGLES}, **{k: 2 for k in DWELLINGS}, **{k: 4 for k in LANDSCAPES}}  # villa: any
FRAME_SIDES = ("top", "right", "bottom", "left")  # round the board, as the parts lie


# ---------------------------------------------------------------- plain helpers (tested without a browser)

def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def cell_features(features: list[dict], row: int, column: int) -> list[int]:
    """Indices of the features that have a part on this cell."""
    return [i for i, f in enumerate(features) if [row, column] in [list(c) for c in f.get("cells", [])]]


def features_of(p: dict) -> list[dict]:
    return (p.get("district") or {}).get("features", [])


def goal_complete(goal: dict) -> bool:
    return isinstance(goal, dict) and all(k in goal for k in ("side", "line", "kind", "vp"))


def goals_of(p: dict) -> list[dict]:
    """The frame goals entered (a goal left half-entered by an older version is not one)."""
    return [g for g in p.get("frame") or [] if goal_complete(g)]


def feature_problem(feature: dict):
    """The engine's objection to one feature (a Msg) or None."""
    if not feature.get("cells"):
        return None
    try:
        scoring.parse_feature(feature, "feature")
    except BoardStateError as error:
        return error.msg
    return None


def goal_met(goal: dict, features: list[dict]) -> bool | None:
    """Met / missed by the engine's rule, or None while the goal or the district is not complete."""
    if not goal_complete(goal):
        return None
    try:
        parsed = [scoring.parse_feature(f, "feature") for f in features]
    except BoardStateError:
        return None
    return scoring.frame_goal_met(goal, parsed)


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


# ------------------------------------------------ the district: drawing with a palette

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


def paint(features: list[dict], current: int | None, kind: str, row: int, column: int,
          tracked: dict | None = None) -> tuple[list[dict], int | None]:
    """One tap on a cell with `kind` picked in the palette; `current` is the feature being drawn.
    Returns the features and the feature being drawn after the tap:
    - market, bakery, fountain: placed on the cell, or taken off when it is there already (another
      one of the three on that cell is replaced: they fill their tile);
    - a cell of the feature being drawn: taken out of it (the last one: the feature is gone);
    - a cell of another feature of that kind: that one is drawn now (to add or take out cells);
    - a cell next to the feature being drawn, while it can grow (a dwelling has 2 halves, a landscape
      at most 4 tiles): added;
    - else a new feature of that kind starts there."""
    fs = copy.deepcopy(features)
    cur = current if current is not None and 0 <= current < len(fs) and fs[current]["kind"] == kind else None
    cell = [row, column]
    if kind in SINGLES:
        here = [i for i in cell_features(fs, row, column) if fs[i]["kind"] in SINGLES]
        if any(fs[i]["kind"] == kind for i in here):
            return [f for i, f in enumerate(fs) if i not in here], None
        if here:
            fs[here[0]] = {"kind": kind, "cells": [cell]}
            return fs, here[0]
        fs.append({"kind": kind, "cells": [cell]})
        return fs, len(fs) - 1
    if cur is not None:
        f = fs[cur]
        cells = [list(c) for c in f["cells"]]
        if cell in cells:
            f["cells"] = [c for c in cells if c != cell]
            if not f["cells"]:
                return [x for i, x in enumerate(fs) if i != cur], None
            if kind in DWELLINGS:
                f["completed"] = len(f["cells"]) == 2
            return fs, cur
    owner = [i for i in cell_features(fs, row, column) if fs[i]["kind"] == kind]
    if owner:
        return fs, owner[0]
    if cur is not None:
        f = fs[cur]
        if len(f["cells"]) < MOST_CELLS.get(kind, GRID * GRID) and touches(f, row, column):
            f["cells"] = sorted([list(c) for c in f["cells"]] + [cell])
            if kind in DWELLINGS:
                f["completed"] = len(f["cells"]) == 2
            return fs, cur
    feature = {"kind": kind, "cells": [cell], "completed": new_completed(kind, fs, tracked)}
    if kind == VILLA:
        feature["chimneys"] = new_chimneys(fs)
    fs.append(feature)
    return fs, len(fs) - 1


def feature_number(features: list[dict], index: int) -> int:
    """Villa 1, villa 2, ...: the feature's place among those of its kind."""
    kind = features[index]["kind"]
    return sum(1 for f in features[:index + 1] if f["kind"] == kind)


# ------------------------------------------------ the frame: 8 goals at arrows round the board

def along(side: str) -> str:
    """Arrows on the top or bottom point down a column, those on the left or right along a row."""
    return "column" if side in ("top", "bottom") else "row"


def goal_at(goals: list[dict], side: str, line: int) -> int | None:
    return next((i for i, g in enumerate(goals) if g["side"] == side and g["line"] == line), None)


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


# ------------------------------------------------ counts only

def quick_prefill(counters: dict | None) -> dict:
    """The counts form as the tracker knows it: completed features by kind. Villas wait for their
    chimneys (the tracker counts them for all villas together) and the frame goals for the players."""
    counters = counters or {}
    return {"villas": [], "completed": {k: counters[k] for k in QUICK_KINDS if counters.get(k)}, "frame_met": []}


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
    counts = frame_met_counts(met)
    counts[vp] = max(0, count)
    if sum(counts.values()) > FRAME_GOALS:
        return sorted(met, reverse=True)
    return sorted((v for v, n in counts.items() for _ in range(n)), reverse=True)


# ------------------------------------------------ grid or counts, for the whole table

def form_of(p: dict) -> str:
    return "counts" if "quick" in p else "grid"


def is_blank(p: dict, counters: dict | None = None) -> bool:
    """Nothing entered in the district part yet: an empty grid and frame, or the counts as the tracker
    filled them in. (Storage, VP and the banderole bar do not count: they come from the tracker.)"""
    if "quick" in p:
        q = p["quick"]
        return (not q.get("villas") and not q.get("frame_met")
                and (q.get("completed") or {}) in ({}, quick_prefill(counters)["completed"]))
    return not features_of(p) and not goals_of(p)


def to_counts(p: dict, counters: dict | None = None) -> dict:
    """A player's board in the counts form: from the grid when something is drawn, else as the tracker
    counted. Already counts: unchanged."""
    if "quick" in p:
        return copy.deepcopy(p)
    out = {k: copy.deepcopy(v) for k, v in p.items() if k not in ("district", "frame")}
    out["quick"] = quick_prefill(counters) if is_blank(p) else quick_from_district(p)
    return out


def to_grid(p: dict, stashed: dict | None = None) -> dict:
    """A player's board as a grid: what was drawn before (kept while the counts were used), else empty."""
    if "quick" not in p:
        return copy.deepcopy(p)
    out = {k: copy.deepcopy(v) for k, v in p.items() if k != "quick"}
    out["district"] = copy.deepcopy(stashed["district"]) if stashed else {"features": []}
    out["frame"] = copy.deepcopy(stashed["frame"]) if stashed else []
    return out


def follow_mode(board: dict, mode: str, counters: list[dict | None], done: set | frozenset = frozenset()) -> dict:
    """The board with every player's board that is still blank (and not marked entered) in `mode`."""
    out = copy.deepcopy(board)
    for i, p in enumerate(out["players"]):
        mine = counters[i] if i < len(counters) else None
        if i not in done and form_of(p) != mode and is_blank(p, mine):
            out["players"][i] = to_counts(p, mine) if mode == "counts" else to_grid(p)
    return out


# ------------------------------------------------ the banderole bar (every player's disc)

def _disc(p: dict) -> tuple[int, int]:
    b = p["banderole"]
    return (b["space"], b.get("level") or 0) if isinstance(b, dict) else (b, 0)


def board_space(board: dict, player: int) -> int:
    return _disc(board["players"][player])[0]


def stack_size(board: dict, player: int) -> int:
    """How many discs lie on this player's banderole space (the level matters only when > 1)."""
    mine = _disc(board["players"][player])[0]
    return sum(1 for p in board["players"] if _disc(p)[0] == mine)


def move_disc(board: dict, player: int, delta: int) -> dict:
    """Move a disc on the banderole bar: it goes on top of a stack it joins; the stack it leaves closes up."""
    out = copy.deepcopy(board)
    discs = [_disc(p) for p in out["players"]]
    space = max(0, discs[player][0] + delta)
    if space == discs[player][0]:
        return out
    others = [i for i, d in enumerate(discs) if i != player and d[0] == space]
    discs[player] = (space, len(others))
    old = sorted((i for i, d in enumerate(discs) if i != player and d[0] == board_space(board, player)),
                 key=lambda i: discs[i][1])
    for level, i in enumerate(old):
        discs[i] = (discs[i][0], level)
    for p, (s, level) in zip(out["players"], discs):
        p["banderole"] = {"space": s, "level": level}
    return out


def set_level(board: dict, player: int, level: int) -> dict:
    """Put the disc at this height of its stack (0 = bottom); the others on the space keep their order."""
    out = copy.deepcopy(board)
    discs = [_disc(p) for p in out["players"]]
    space = discs[player][0]
    stack = sorted((i for i, d in enumerate(discs) if d[0] == space and i != player), key=lambda i: discs[i][1])
    level = max(0, min(level, len(stack)))
    stack.insert(level, player)
    for height, i in enumerate(stack):
        out["players"][i]["banderole"] = {"space": space, "level": height}
    return out


def feature_index(path: str) -> int | None:
    """The feature a board path points into (`$.players[0].district.features[3].cells` -> 3), or None."""
    found = FEATURE_PATH.search(path)
    return int(found.group(1)) if found else None


def card_kind(card) -> str:
    return card if isinstance(card, str) else card["kind"]


# ---------------------------------------------------------------- the editor

def _session(model: AppModel, sid: str):
    return game_session(model, sid, "carpe-diem")


def _counters(session, players: int) -> list[dict | None]:
    """Each player's tracker counters (None without a game to read them from)."""
    known = [dict(p["counters"]) for p in session.state["players"]] if session is not None else []
    return (known + [None] * players)[:players]


@ft.component
def CarpeDiemBoard(model: AppModel, board: dict, player: int, on_change, problems=()):
    tool, set_tool = ft.use_state(VILLA)  # what a tap on a cell draws
    drawing, set_drawing = ft.use_state(None)  # (player, feature index) being drawn
    picking, set_picking = ft.use_state(None)  # (side, line) whose frame goal is being chosen
    stash, set_stash = ft.use_state({})  # player -> grid and frame, kept while the counts are used
    # The game, for what its tracker counted and to save other players' boards (a mode choice, a disc
    # moved onto or off a shared banderole space).
    sid = use_sid()
    session = _session(model, sid)
    n = len(board["players"])
    counters = _counters(session, n)
    done = frozenset(session.board_done) if session is not None else frozenset()
    mode = model.repo.settings().get(SETTING, MODES[0])
    shown = follow_mode(board, mode, counters, done)  # what the choice of mode makes of the blank boards
    pending = tuple(i for i in range(n) if shown["players"][i] != board["players"][i])

    def persist_mode():
        # Blank boards follow the table's choice in the saved game too, so that they score as shown.
        latest = _session(model, sid)
        if not pending or latest is None:
            return None
        current = latest.board or board  # none saved yet: the first change makes it from the tracker, as drawn
        followed = follow_mode(current, mode, _counters(latest, n), frozenset(latest.board_done))
        for i in range(n):
            if followed["players"][i] != current["players"][i]:
                model.edit_board(latest, i, current, followed)
        return None
    ft.use_effect(persist_mode, [sid, mode, pending])

    me = shown["players"][player]
    quick = "quick" in me
    tracked = tracked_district(counters[player])
    features = [] if quick else features_of(me)
    goals = [] if quick else goals_of(me)
    current = drawing[1] if drawing and drawing[0] == player and drawing[1] < len(features) else None
    who = me["name"]
    placing = Placing(problems)  # this board's problems, once it is entered: each beside its part

    def kind_name(kind):
        return model.t(f"carpe-diem.kind.{kind}")

    def commit(new_board):
        """Save this player's board (as the editor's on_change) and any other player's that changed."""
        on_change(new_board)
        if session is not None:
            for i in range(n):
                if i != player and new_board["players"][i] != board["players"][i]:
                    model.edit_board(session, i, board, new_board)

    def update(fn):
        new = copy.deepcopy(shown)
        result = fn(new["players"][player])
        if result is not None:
            new["players"][player] = result
        commit(new)

    def set_features(new_features):
        def change(p):
            p["district"]["features"] = new_features
        update(change)

    # ------------------------------------------------------------ the mode, for the whole table
    def choose_mode(to):
        if to == form_of(me):
            return
        if not model.store(f"/game/{sid}/score", "core.not_saved.setting",
                           lambda: model.repo.set_setting(SETTING, to)):
            return  # not saved: the table's choice stays as it was, and the screen says so
        set_drawing(None)
        new = copy.deepcopy(shown)
        if to == "counts":
            set_stash({**stash, player: {"district": me["district"], "frame": me.get("frame") or []}})
            new["players"][player] = to_counts(me, counters[player])
        else:
            new["players"][player] = to_grid(me, stash.get(player))
        commit(follow_mode(new, to, counters, done | {player}))

    def mode_button(value):
        label = model.t(f"carpe-diem-ui.mode.{value}")
        selected = form_of(me) == value
        return ft.Container(ft.Semantics(
            label=label, button=True, selected=selected, container=True,
            content=(ft.FilledButton if selected else ft.OutlinedButton)(
                label, on_click=lambda e: choose_mode(value), height=TOUCH)), expand=True)

    controls = [
        ft.Row([mode_button(m) for m in MODES], spacing=6),
        ft.Text(model.t("carpe-diem-ui.mode.hint"), size=12, color=ft.Colors.ON_SURFACE_VARIANT),
    ]

    # ------------------------------------------------------------ dialog: a frame goal
    dialog = None
    if picking is not None and not quick:
        side, line = picking
        at = goal_at(goals, side, line)
        where = model.t(f"carpe-diem-ui.frame.at_{along(side)}", side=cap(model.t(f"carpe-diem.side.{side}")),
                        line=line)

        def choose_goal(kind, vp):
            set_picking(None)
            update(lambda p: {**p, "frame": set_goal(p.get("frame"), side, line, kind, vp)})

        def drop_goal(e):
            set_picking(None)
            update(lambda p: {**p, "frame": remove_goal(p.get("frame"), side, line)})

        if at is None and len(goals) >= FRAME_GOALS:
            content = [ft.Text(model.t("carpe-diem-ui.frame.full", goals=FRAME_GOALS))]
        else:
            chosen = goals[at] if at is not None else None
            rows = []
            for kind in FRAME_KINDS:
                choices = []
                for vp in FRAME_VP:
                    selected = chosen is not None and chosen["kind"] == kind and chosen["vp"] == vp
                    choices.append(ft.Semantics(
                        label=model.t("carpe-diem-ui.frame.choice", kind=cap(kind_name(kind)), vp=vp),
                        button=True, selected=selected, container=True,
                        content=(ft.FilledButton if selected else ft.OutlinedButton)(
                            str(vp), width=52, height=TOUCH, on_click=lambda e, k=kind, v=vp: choose_goal(k, v),
                            style=ft.ButtonStyle(padding=0))))
                rows.append(ft.Row([
                    ft.Icon(KIND_ICONS[kind], color=KIND_COLOURS[kind], size=20),
                    ft.Text(cap(kind_name(kind)), expand=True, size=14),
                    *choices], spacing=4))
            content = [ft.Text(model.t("carpe-diem-ui.frame.pick_hint"), size=13), *rows]
        actions = [ft.TextButton(model.t("ui.cancel"), on_click=lambda e: set_picking(None), height=TOUCH)]
        if at is not None:
            actions.insert(0, ft.TextButton(model.t("carpe-diem-ui.frame.remove"), on_click=drop_goal, height=TOUCH))
        # Narrow insets: on a phone the feature names fit beside the three VP buttons.
        dialog = ft.AlertDialog(
            title=ft.Text(where), content=ft.Column(content, tight=True, spacing=2, width=330), scrollable=True,
            inset_padding=ft.Padding.symmetric(horizontal=12, vertical=24),
            content_padding=ft.Padding.only(left=16, right=16, top=12),
            actions=actions, on_dismiss=lambda e: set_picking(None))
    ft.use_dialog(dialog)

    if quick:
        controls += counts_form(model, me, counters[player], update)
        controls += placing.at("quick")
    else:
        # -------------------------------------------------------- the palette
        def pick_tool(kind):
            set_tool(kind)
            set_drawing(None)  # the kind again: the next tap starts a new one

        def tool_button(kind):
            selected = kind == tool
            return ft.Semantics(
                label=model.t("carpe-diem-ui.grid.draw", kind=kind_name(kind)), button=True, selected=selected,
                container=True,
                content=ft.Container(
                    width=TOOL_W, height=TOOL_H, border_radius=8, alignment=ft.Alignment.CENTER,
                    bgcolor=KIND_COLOURS[kind] if selected else None,
                    border=ft.Border.all(2, KIND_COLOURS[kind]),
                    on_click=lambda e: pick_tool(kind),
                    content=ft.Icon(KIND_ICONS[kind], color="#ffffff" if selected else KIND_COLOURS[kind])))

        half = len(FEATURE_KINDS) // 2
        palette = ft.Column([ft.Row([tool_button(k) for k in kinds], spacing=6,
                                    alignment=ft.MainAxisAlignment.CENTER)
                             for kinds in (FEATURE_KINDS[:half], FEATURE_KINDS[half:])], spacing=4)
        drawing_now = features[current] if current is not None and features[current]["kind"] == tool else None
        if tool in SINGLES:
            hint = model.t("carpe-diem-ui.grid.hint_single", kind=cap(kind_name(tool)))
        elif drawing_now is not None:
            hint = model.t("carpe-diem-ui.grid.hint_more", kind=cap(kind_name(tool)),
                           number=feature_number(features, current))
        else:
            hint = model.t("carpe-diem-ui.grid.hint_new", kind=cap(kind_name(tool)))

        # -------------------------------------------------------- the grid
        def tap_cell(r, c):
            new_features, now = paint(features, current, tool, r, c, tracked)
            set_drawing((player, now) if now is not None else None)
            set_features(new_features)

        def cell_view(r, c):
            here = cell_features(features, r, c)
            lit = current in here
            names = [f"{cap(kind_name(features[i]['kind']))} {feature_number(features, i)}" for i in here]
            label = model.t("carpe-diem-ui.grid.cell", row=r, column=c,
                            content=", ".join(names) if names else model.t("carpe-diem-ui.grid.cell_empty"))
            icons = [ft.Icon(KIND_ICONS[features[i]["kind"]], size=22 if len(here) == 1 else 15,
                             color=KIND_COLOURS[features[i]["kind"]],
                             opacity=1 if features[i]["kind"] in SINGLES or features[i].get("completed") else 0.45)
                     for i in here[:4]]
            return ft.Semantics(
                label=label, button=True, selected=lit, container=True,
                content=ft.Container(
                    width=CELL, height=CELL, border_radius=6,
                    border=ft.Border.all(3 if lit else 1, ft.Colors.PRIMARY if lit else ft.Colors.OUTLINE),
                    bgcolor=ft.Colors.PRIMARY_CONTAINER if lit else None,
                    alignment=ft.Alignment.CENTER, on_click=lambda e: tap_cell(r, c),
                    content=ft.Row(icons, wrap=True, spacing=0, run_spacing=0, width=CELL - 8,
                                   alignment=ft.MainAxisAlignment.CENTER) if icons else None))

        grid = ft.Column([ft.Row([cell_view(r, c) for c in range(1, GRID + 1)], spacing=CELL_GAP,
                                 alignment=ft.MainAxisAlignment.CENTER)
                          for r in range(1, GRID + 1)], spacing=CELL_GAP)
        # each feature's own problem is said in the features list below the grid (feature_problem)
        flagged = {i for i, f in enumerate(features) if i != current and feature_problem(f) is not None}
        placing.said_already(lambda p: feature_index(p.path) in flagged)
        controls += [palette, ft.Text(hint, size=13), grid, *placing.at("district")]
        if current is not None:
            controls.append(drawing_bar(model, features, current, set_features,
                                        lambda: set_drawing(None)))
        controls.append(features_section(model, features, current, tracked,
                                         lambda i: (set_tool(features[i]["kind"]), set_drawing((player, i)))))

        # -------------------------------------------------------- the frame
        controls.append(frame_section(model, features, goals, lambda side, line: set_picking((side, line))))
        controls += placing.at("frame")

    # ------------------------------------------------------------ fountain cards, both forms
    cards = me["fountain_cards"]

    def add_card(kind):
        update(lambda p: {**p, "fountain_cards": p["fountain_cards"] + [kind]})

    def remove_card(i):
        update(lambda p: {**p, "fountain_cards": [c for j, c in enumerate(p["fountain_cards"]) if j != i]})

    fountains = completed_count(features, "fountain")
    tracked_cards = (counters[player] or {}).get("fountain_cards")
    if not quick:
        state = model.t("carpe-diem-ui.fountain.hint_grid", fountains=fountains, cards=len(cards))
        off = fountains != len(cards)
    else:
        state = model.t("carpe-diem-ui.fountain.hint_counts", cards=len(cards))
        off = False
    if tracked_cards is not None and tracked_cards != len(cards):
        state += " " + model.t("carpe-diem-ui.fountain.tracked", count=tracked_cards)
    controls.append(section(model.t("carpe-diem-ui.fountain.title"), [
        ft.Text(state, size=13, color=ft.Colors.TERTIARY if off else None),
        ft.Row([chip(model, model.t("carpe-diem-ui.fountain.remove", number=i + 1,
                                    kind=kind_name(card_kind(card))),
                     cap(kind_name(card_kind(card))), card_kind(card), lambda i=i: remove_card(i), ft.Icons.CLOSE)
                for i, card in enumerate(cards)], wrap=True, spacing=6, run_spacing=6),
        ft.Text(model.t("carpe-diem-ui.fountain.add_hint"), size=13),
        ft.Row([chip(model, model.t("carpe-diem-ui.fountain.add", kind=kind_name(k)),
                     cap(kind_name(k)), k, lambda k=k: add_card(k)) for k in FEATURE_KINDS],
               wrap=True, spacing=6, run_spacing=6),
        *placing.at("fountain_cards"),
    ]))

    # ------------------------------------------------------------ VP, banderole bar, storage
    banderole = me["banderole"] if isinstance(me["banderole"], dict) else {"space": me["banderole"], "level": 0}

    def step_banderole(key, delta):
        if key == "space":
            commit(move_disc(shown, player, delta))
        else:
            commit(set_level(shown, player, (banderole.get("level") or 0) + delta))

    def set_value(path, delta, minimum=0):
        def change(p):
            target = p
            for key in path[:-1]:
                target = target[key]
            value = target.get(path[-1], 0) + delta
            target[path[-1]] = value if minimum is None else max(minimum, value)
        update(change)

    shared = stack_size(shown, player) > 1
    controls.append(section(model.t("carpe-diem-ui.board.vp_and_banderole"), [
        ft.Text(model.t("carpe-diem-ui.board.from_tracker"), size=12, color=ft.Colors.ON_SURFACE_VARIANT),
        stepper(model.t("carpe-diem.counter.vp"), me["vp"], lambda d: set_value(["vp"], d, None), who=who,
                model=model, steps=(1, 5), minimum=None),
        stepper(model.t("carpe-diem-ui.board.banderole_space"), banderole["space"],
                lambda d: step_banderole("space", d), who=who, model=model),
        *([ft.Text(model.t("carpe-diem-ui.board.level_hint"), size=13),
           stepper(model.t("carpe-diem-ui.board.banderole_level"), banderole.get("level") or 0,
                   lambda d: step_banderole("level", d), who=who, model=model)] if shared else []),
        *placing.at("vp", "banderole"),
    ]))
    controls.append(section(model.t("carpe-diem-ui.board.storage"), [
        *[stepper(model.t(f"carpe-diem.counter.{k}"), me["storage"].get(k, 0),
                  lambda d, k=k: set_value(["storage", k], d), who=who, model=model) for k in STORAGE],
        *placing.at("storage")]))
    # What no part of this editor took (e.g. a form given twice) is said at the top of the board.
    return ft.Column([*placing.rest(), *controls], spacing=10)


# ---------------------------------------------------------------- parts of the editor

def chip(model: AppModel, label: str, text: str, kind: str, on_tap, icon=None) -> ft.Control:
    """A feature kind as a tappable chip: its colour and icon, its name, optionally a trailing icon."""
    return ft.Semantics(label=label, button=True, container=True, content=ft.Container(
        height=TOUCH, padding=ft.Padding.symmetric(horizontal=10), border_radius=TOUCH / 2,
        border=ft.Border.all(1, KIND_COLOURS[kind]), on_click=lambda e: on_tap(),
        content=ft.Row([ft.Icon(KIND_ICONS[kind], color=KIND_COLOURS[kind], size=18), ft.Text(text, size=13),
                        *([ft.Icon(icon, size=16)] if icon else [])], tight=True, spacing=6)))


def drawing_bar(model: AppModel, features: list[dict], index: int, set_features, stop) -> ft.Control:
    """The feature drawn last: its cells, "completed", a villa's chimneys (one tap), delete."""
    f = features[index]
    kind = f["kind"]
    name = f"{cap(model.t(f'carpe-diem.kind.{kind}'))} {feature_number(features, index)}"

    def change(fn):
        fs = copy.deepcopy(features)
        fn(fs[index])
        set_features(fs)

    def delete(e):
        stop()
        set_features([x for i, x in enumerate(features) if i != index])

    top = [ft.Icon(KIND_ICONS[kind], color=KIND_COLOURS[kind]),
           ft.Text(model.t("carpe-diem-ui.grid.drawing", feature=name, cells=len(f["cells"])),
                   weight=ft.FontWeight.BOLD, expand=True)]
    if kind in LANDSCAPES or kind == VILLA:
        label = model.t("carpe-diem-ui.grid.completed")
        top.append(ft.Checkbox(label=label, semantics_label=label, value=bool(f.get("completed")), height=TOUCH,
                               on_change=lambda e: change(lambda x: x.update(completed=bool(e.control.value)))))
    top.append(icon_button(ft.Icons.DELETE, model.t("carpe-diem-ui.grid.delete", feature=name), delete))
    rows = [ft.Row(top, spacing=4)]
    if kind in DWELLINGS:
        rows.append(ft.Text(model.t("carpe-diem-ui.grid.dwelling_state" if f.get("completed")
                                    else "carpe-diem-ui.grid.dwelling_half"), size=13))
    if kind == VILLA:
        chimneys = f.get("chimneys", 0)

        def choice(count):
            selected = count == chimneys
            return ft.Semantics(
                label=model.t("carpe-diem-ui.grid.chimneys_choice", feature=name, count=count), button=True,
                selected=selected, container=True,
                content=(ft.FilledButton if selected else ft.OutlinedButton)(
                    str(count), width=TOUCH, height=TOUCH, style=ft.ButtonStyle(padding=0),
                    on_click=lambda e: change(lambda x: x.update(chimneys=count))))

        half = len(CHIMNEY_CHOICES) // 2
        rows += [ft.Text(model.t("carpe-diem-ui.grid.chimneys"), size=14),
                 *[ft.Row([choice(k) for k in part], spacing=8, alignment=ft.MainAxisAlignment.CENTER)
                   for part in (CHIMNEY_CHOICES[:half], CHIMNEY_CHOICES[half:])]]
    return ft.Container(ft.Column(rows, spacing=4), padding=8, border_radius=10,
                        bgcolor=ft.Colors.SECONDARY_CONTAINER)


def features_section(model: AppModel, features: list[dict], current: int | None, tracked: dict | None,
                     select) -> ft.Control:
    """Everything drawn, as chips to pick one again; what the engine objects to, in words; and where the
    grid and the tracker's counts differ."""
    def kind_name(kind):
        return model.t(f"carpe-diem.kind.{kind}")

    chips, problems = [], []
    for i, f in enumerate(features):
        kind = f["kind"]
        name = f"{cap(kind_name(kind))} {feature_number(features, i)}"
        details = [model.t("carpe-diem-ui.grid.cells", count=len(f["cells"]))]
        if kind not in SINGLES:
            details.append(model.t("carpe-diem-ui.grid.state_completed" if f.get("completed")
                                   else "carpe-diem-ui.grid.state_open"))
        if kind == VILLA:
            details.append(model.t("carpe-diem-ui.grid.chimneys_n", count=f.get("chimneys", 0)))
        problem = feature_problem(f)
        if problem is not None and i != current:  # the one being drawn may still be growing
            problems.append(ft.Text(model.t("carpe-diem-ui.grid.problem", feature=name, problem=model.m(problem)),
                                    size=13, color=ft.Colors.ERROR))
        short = name + (f" · {f.get('chimneys', 0)}" if kind == VILLA else "")
        chips.append(ft.Semantics(
            label=model.t("carpe-diem-ui.grid.feature", feature=name, details=", ".join(details)), button=True,
            selected=i == current, container=True,
            content=ft.Container(
                height=TOUCH, padding=ft.Padding.symmetric(horizontal=10), border_radius=TOUCH / 2,
                border=ft.Border.all(2 if i == current or problem else 1,
                                     ft.Colors.ERROR if problem and i != current else KIND_COLOURS[kind]),
                bgcolor=ft.Colors.PRIMARY_CONTAINER if i == current else None, on_click=lambda e, i=i: select(i),
                content=ft.Row([ft.Icon(KIND_ICONS[kind], color=KIND_COLOURS[kind], size=18,
                                        opacity=1 if kind in SINGLES or f.get("completed") else 0.45),
                                ft.Text(short, size=13)], tight=True, spacing=6))))
    body = [ft.Row(chips, wrap=True, spacing=6, run_spacing=6)] if chips else [
        ft.Text(model.t("carpe-diem-ui.grid.none"), italic=True, size=13)]
    body += problems
    differences = tracker_differences(features, tracked)

    def items(rows):
        return " · ".join(model.t("carpe-diem-ui.check.item", what=model.t(f"carpe-diem.counter.{k}"), count=n)
                          for k, n in rows)
    fewer = [(k, want - have) for k, have, want in differences if have < want]
    more = [(k, have - want) for k, have, want in differences if have > want]
    if fewer:  # a to-do list while the grid is drawn
        body.append(ft.Text(model.t("carpe-diem-ui.check.fewer", items=items(fewer)), size=13,
                            color=ft.Colors.ON_SURFACE_VARIANT))
    if more:
        body.append(ft.Text(model.t("carpe-diem-ui.check.more", items=items(more)), size=13,
                            color=ft.Colors.TERTIARY))
    if tracked is not None and features and not differences:
        body.append(ft.Text(model.t("carpe-diem-ui.check.same"), size=13, color=ft.Colors.ON_SURFACE_VARIANT))
    return section(model.t("carpe-diem-ui.grid.features", count=len(features)), body)


def frame_section(model: AppModel, features: list[dict], goals: list[dict], pick) -> ft.Control:
    """The frame's four sides, six arrow places each: a tap on a place chooses (or changes) its goal. Says
    in words how many goals are in and that the board scores only with all 8."""
    def slot(side, line):
        at = goal_at(goals, side, line)
        side_name = cap(model.t(f"carpe-diem.side.{side}"))
        if at is None:
            label = model.t(f"carpe-diem-ui.frame.slot_{along(side)}_empty", side=side_name, line=line)
            body = ft.Text(str(line), size=13, color=ft.Colors.ON_SURFACE_VARIANT)
            border, bg = ft.Border.all(1, ft.Colors.OUTLINE_VARIANT), None
        else:
            goal = goals[at]
            met = goal_met(goal, features)
            state = model.t({True: "carpe-diem-ui.frame.met", False: "carpe-diem-ui.frame.missed",
                             None: "carpe-diem-ui.frame.unknown"}[met])
            label = model.t(f"carpe-diem-ui.frame.slot_{along(side)}", side=side_name, line=line,
                            kind=model.t(f"carpe-diem.kind.{goal['kind']}"), vp=goal["vp"], state=state)
            body = ft.Column([ft.Icon(KIND_ICONS[goal["kind"]], color=KIND_COLOURS[goal["kind"]], size=18),
                              ft.Text(str(goal["vp"]), size=11, weight=ft.FontWeight.BOLD)],
                             spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER)
            border = ft.Border.all(2, ft.Colors.PRIMARY if met else KIND_COLOURS[goal["kind"]])
            bg = ft.Colors.PRIMARY_CONTAINER if met else None
        return ft.Semantics(label=label, button=True, container=True, content=ft.Container(
            width=SLOT, height=SLOT, border_radius=6, border=border, bgcolor=bg, alignment=ft.Alignment.CENTER,
            on_click=lambda e: pick(side, line), content=body))

    rows = [ft.Row([ft.Text(cap(model.t(f"carpe-diem.side.{side}")), size=13, expand=True),
                    *[slot(side, line) for line in range(1, GRID + 1)]], spacing=3)
            for side in FRAME_SIDES]
    entered = len(goals)
    if entered < FRAME_GOALS:
        status = ft.Row([ft.Icon(ft.Icons.INFO_OUTLINE, size=18, color=ft.Colors.TERTIARY),
                         ft.Text(model.t("carpe-diem-ui.frame.missing", count=entered, goals=FRAME_GOALS,
                                         left=FRAME_GOALS - entered), size=13, expand=True)],
                        vertical_alignment=ft.CrossAxisAlignment.START)
    else:
        met = [g for g in goals if goal_met(g, features)]
        status = ft.Text(model.t("carpe-diem-ui.frame.all", goals=FRAME_GOALS, met=len(met),
                                 vp=sum(g["vp"] for g in met)), size=13)
    return section(model.t("carpe-diem-ui.frame.title"), [
        ft.Semantics(label=model.t("carpe-diem-ui.frame.missing", count=entered, goals=FRAME_GOALS,
                                   left=FRAME_GOALS - entered) if entered < FRAME_GOALS else None,
                     live_region=True, container=True, content=status),
        ft.Text(model.t("carpe-diem-ui.frame.hint"), size=13),
        *rows,
    ])


def small_stepper(model: AppModel, label: str, value: int, on_step, who: str) -> ft.Control:
    """A stepper with its label above it (two fit a phone's row); named as `stepper`'s buttons are."""
    return ft.Column([
        ft.Text(label, size=13),
        ft.Row([icon_button(ft.Icons.REMOVE, model.t("ui.step", counter=label, delta="-1", player=who),
                            lambda e: on_step(-1), disabled=value <= 0),
                ft.Semantics(label=model.t("ui.value", counter=label, player=who, value=value), container=True,
                             content=ft.Text(str(value), size=18, weight=ft.FontWeight.BOLD, width=32,
                                             text_align=ft.TextAlign.CENTER)),
                icon_button(ft.Icons.ADD, model.t("ui.step", counter=label, delta="+1", player=who),
                            lambda e: on_step(1))], spacing=0)], spacing=0)


def counts_form(model: AppModel, me: dict, counters: dict | None, update) -> list[ft.Control]:
    """Counts only: completed villas by chimneys, completed features by kind, frame goals met by value."""
    q = me["quick"]
    who = me["name"]

    def change_quick(fn):
        def change(p):
            fn(p["quick"])
        update(change)

    def step_villas(chimneys, delta):
        change_quick(lambda qq: qq.update(villas=set_villa_count(
            qq.get("villas", []), chimneys, villa_counts(qq.get("villas", [])).get(chimneys, 0) + delta)))

    def step_completed(kind, delta):
        def fn(qq):
            counts = qq.setdefault("completed", {})
            counts[kind] = max(0, counts.get(kind, 0) + delta)
            if not counts[kind]:
                del counts[kind]
        change_quick(fn)

    def step_met(vp, delta):
        change_quick(lambda qq: qq.update(frame_met=set_frame_met(
            qq.get("frame_met", []), vp, frame_met_counts(qq.get("frame_met", []))[vp] + delta)))

    villas = q.get("villas", [])
    by_chimneys = villa_counts(villas)
    shown = sorted(set(range(1, 9)) | set(by_chimneys))
    check = []
    tracked = tracked_district(counters)
    if tracked is not None and VILLA in tracked:
        check.append(ft.Text(model.t("carpe-diem-ui.quick.villas_tracked", villas=tracked[VILLA],
                                     chimneys=tracked["chimneys"]), size=13,
                             color=ft.Colors.TERTIARY if tracked[VILLA] != len(villas) else None))
    met = frame_met_counts(q.get("frame_met", []))
    return [
        ft.Text(model.t("carpe-diem-ui.quick.hint"), size=13),
        *([ft.Text(model.t("carpe-diem-ui.quick.prefilled"), size=12, color=ft.Colors.ON_SURFACE_VARIANT)]
          if tracked is not None else []),
        section(model.t("carpe-diem-ui.quick.villas", count=len(villas)), [
            *check,
            # Two a row, as the overview board's villa table: chimneys -> how many such villas.
            ft.ResponsiveRow([ft.Container(small_stepper(
                model, model.t("carpe-diem-ui.quick.villas_with", chimneys=c), by_chimneys.get(c, 0),
                lambda d, c=c: step_villas(c, d), who), col={"xs": 6}) for c in shown],
                spacing=8, run_spacing=4)]),
        section(model.t("carpe-diem-ui.quick.completed"), [
            stepper(cap(model.t(f"carpe-diem.counter.{k}")), q.get("completed", {}).get(k, 0),
                    lambda d, k=k: step_completed(k, d), who=who, model=model) for k in QUICK_KINDS]),
        section(model.t("carpe-diem-ui.quick.frame_met"), [
            stepper(model.t("carpe-diem-ui.quick.goals_worth", vp=vp), met[vp],
                    lambda d, vp=vp: step_met(vp, d), who=who, model=model) for vp in reversed(FRAME_VP)]),
    ]
