"""Carpe Diem's end-scoring entry: the 6 × 6 district grid (features that may share cells), or a quick
count-only form; the 8 frame goals, fountain cards, storage, VP cards and the banderole bar.

Phone flow for the grid: tap a cell » pick what starts there (or edit what is there) » tap the other
cells of that feature » Done. Every feature is listed below the grid with edit and delete. The rules
(what is a valid feature, which goals are met, the points) stay in the game package: the helpers here
only edit the board-state JSON (docs/board-state-carpe-diem.md).
"""

from __future__ import annotations

import copy

import flet as ft

from companion.core.game import BoardStateError
from companion.games.carpe_diem import scoring
from companion.games.carpe_diem.components import (
    FEATURE_KINDS, FRAME_GOALS, FRAME_KINDS, FRAME_VP, GRID, SIDES, SINGLES, VILLA,
)
from companion.ui.model import AppModel
from companion.ui.widgets import TOUCH, icon_button, section, stepper

KIND_ICONS = {
    "villa": ft.Icons.HOME, "vineyard": ft.Icons.WINE_BAR, "garden": ft.Icons.SPA, "chicken_yard": ft.Icons.EGG,
    "pond": ft.Icons.WATER, "merchant": ft.Icons.STOREFRONT, "baker": ft.Icons.BAKERY_DINING,
    "administrator": ft.Icons.ACCOUNT_BALANCE, "craftsman": ft.Icons.HANDYMAN, "market": ft.Icons.SHOPPING_BASKET,
    "bakery": ft.Icons.BREAKFAST_DINING, "fountain": ft.Icons.WATER_DROP,
}
KIND_COLOURS = {
    "villa": "#8c3b2a", "vineyard": "#6a1b9a", "garden": "#2e7d32", "chicken_yard": "#b26a00", "pond": "#1e5fb4",
    "merchant": "#00695c", "baker": "#795548", "administrator": "#37474f", "craftsman": "#5d4037",
    "market": "#c62828", "bakery": "#ad5a00", "fountain": "#0277bd",
}
STORAGE = ("grapes", "herbs", "chicken", "fish", "coins", "bread", "tiles")
QUICK_KINDS = tuple(k for k in FEATURE_KINDS if k != VILLA)
CELL = 56
# The frame's 4 parts, 2 goals each: a sensible first guess the players correct.
DEFAULT_SIDES = ("top", "top", "right", "right", "bottom", "bottom", "left", "left")


# ---------------------------------------------------------------- plain helpers (tested without a browser)

def cell_features(features: list[dict], row: int, column: int) -> list[int]:
    """Indices of the features that have a part on this cell."""
    return [i for i, f in enumerate(features) if [row, column] in [list(c) for c in f.get("cells", [])]]


def new_feature(kind: str, row: int, column: int) -> dict:
    """A feature started on one cell: completed by default (the usual case at the end of the game)."""
    feature = {"kind": kind, "cells": [[row, column]]}
    if kind not in SINGLES:
        feature["completed"] = True
    if kind == VILLA:
        feature["chimneys"] = 0
    return feature


def toggle_cell(feature: dict, row: int, column: int) -> dict:
    """Add the cell to the feature or take it out; a market, bakery or fountain moves to the cell."""
    out = copy.deepcopy(feature)
    cells = [list(c) for c in out["cells"]]
    if out["kind"] in SINGLES:
        out["cells"] = [[row, column]]
    elif [row, column] in cells:
        out["cells"] = [c for c in cells if c != [row, column]]
    else:
        out["cells"] = sorted(cells + [[row, column]])
    return out


def feature_problem(feature: dict):
    """The engine's objection to one feature (a Msg) or None."""
    if not feature.get("cells"):
        return None
    try:
        scoring.parse_feature(feature, "feature")
    except BoardStateError as error:
        return error.msg
    return None


def empty_frame() -> list[dict]:
    return [{"side": side} for side in DEFAULT_SIDES]


def goal_complete(goal: dict) -> bool:
    return all(k in goal for k in ("side", "line", "kind", "vp"))


def goal_met(goal: dict, features: list[dict]) -> bool | None:
    """Met / missed by the engine's rule, or None while the goal or the district is not complete."""
    if not goal_complete(goal):
        return None
    try:
        parsed = [scoring.parse_feature(f, "feature") for f in features]
    except BoardStateError:
        return None
    return scoring.frame_goal_met(goal, parsed)


def quick_from_district(p: dict) -> dict:
    """The count-only form, filled from what the grid already holds (best effort)."""
    features = p.get("district", {}).get("features", [])
    villas = sorted((f.get("chimneys", 0) for f in features if f["kind"] == VILLA and f.get("completed")),
                    reverse=True)
    completed: dict[str, int] = {}
    for f in features:
        if f["kind"] != VILLA and (f["kind"] in SINGLES or f.get("completed")):
            completed[f["kind"]] = completed.get(f["kind"], 0) + 1
    met = sorted((g["vp"] for g in p.get("frame", []) if goal_met(g, features)), reverse=True)
    return {"villas": villas, "completed": completed, "frame_met": met}


def to_quick(p: dict) -> dict:
    out = {k: v for k, v in copy.deepcopy(p).items() if k not in ("district", "frame")}
    out["quick"] = quick_from_district(p)
    return out


def to_district(p: dict, stashed: dict | None = None) -> dict:
    """Back to the grid: what was entered there before (if kept), else an empty grid and frame."""
    out = {k: v for k, v in copy.deepcopy(p).items() if k != "quick"}
    out["district"] = copy.deepcopy(stashed["district"]) if stashed else {"features": []}
    out["frame"] = copy.deepcopy(stashed["frame"]) if stashed else empty_frame()
    return out


def frame_met_counts(met: list[int]) -> dict[int, int]:
    return {vp: sum(1 for v in met if v == vp) for vp in FRAME_VP}


def set_frame_met(met: list[int], vp: int, count: int) -> list[int]:
    counts = frame_met_counts(met)
    counts[vp] = max(0, count)
    if sum(counts.values()) > FRAME_GOALS:
        return sorted(met, reverse=True)
    return sorted((v for v, n in counts.items() for _ in range(n)), reverse=True)


def _disc(p: dict) -> tuple[int, int]:
    b = p["banderole"]
    return (b["space"], b.get("level") or 0) if isinstance(b, dict) else (b, 0)


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


def board_space(board: dict, player: int) -> int:
    return _disc(board["players"][player])[0]


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


def fountains_in(p: dict) -> int:
    if "quick" in p:
        return p["quick"]["completed"].get("fountain", 0)
    return sum(1 for f in p["district"]["features"] if f["kind"] == "fountain")


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


# ---------------------------------------------------------------- the editor

@ft.component
def CarpeDiemBoard(model: AppModel, board: dict, player: int, on_change):
    editing, set_editing = ft.use_state(None)  # (player, feature index) whose cells are being tapped
    dialog_for, set_dialog = ft.use_state(None)  # ("cell", r, c) | ("goal", i) | ("fountain", i or None)
    stash, set_stash = ft.use_state({})  # player -> district and frame, kept while the quick form is used
    me = board["players"][player]
    quick = "quick" in me
    features = [] if quick else me["district"]["features"]
    frame = [] if quick else (me.get("frame") or [])
    edit_index = editing[1] if editing and editing[0] == player and editing[1] < len(features) else None

    def kind_name(kind):
        return model.t(f"carpe-diem.kind.{kind}")

    def update(fn):
        new = copy.deepcopy(board)
        result = fn(new["players"][player])
        if result is not None:
            new["players"][player] = result
        on_change(new)

    def set_features(fn):
        def change(p):
            p["district"]["features"] = fn(p["district"]["features"])
        update(change)

    # ------------------------------------------------------------ grid
    def describe_cell(r, c):
        kinds = [kind_name(features[i]["kind"]) for i in cell_features(features, r, c)]
        return model.t("carpe-diem-ui.board.cell", row=r, column=c,
                       content=", ".join(kinds) if kinds else model.t("carpe-diem-ui.board.cell_empty"))

    def tap_cell(r, c):
        if edit_index is not None:
            set_features(lambda fs: [toggle_cell(f, r, c) if i == edit_index else f for i, f in enumerate(fs)])
        else:
            set_dialog(("cell", r, c))

    def cell_view(r, c):
        here = cell_features(features, r, c)
        in_edit = edit_index in here
        icons = [ft.Icon(KIND_ICONS[features[i]["kind"]], size=16 if len(here) > 1 else 22,
                         color=KIND_COLOURS[features[i]["kind"]]) for i in here[:4]]
        return ft.Semantics(
            label=describe_cell(r, c), button=True, selected=in_edit, container=True,
            content=ft.Container(
                width=CELL, height=CELL, border_radius=6,
                border=ft.Border.all(3 if in_edit else 1, ft.Colors.PRIMARY if in_edit else ft.Colors.OUTLINE),
                bgcolor=ft.Colors.PRIMARY_CONTAINER if in_edit else None,
                alignment=ft.Alignment.CENTER, on_click=lambda e: tap_cell(r, c),
                content=ft.Row(icons, wrap=True, spacing=0, run_spacing=0, alignment=ft.MainAxisAlignment.CENTER,
                               width=CELL - 8) if icons else None,
            ),
        )

    def feature_text(f):
        parts = [cap(kind_name(f["kind"])), model.t("carpe-diem-ui.board.cells", count=len(f["cells"]))]
        if f["kind"] not in SINGLES:
            parts.append(model.t("carpe-diem-ui.board.completed" if f.get("completed")
                                 else "carpe-diem-ui.board.incomplete"))
        if f["kind"] == VILLA:
            parts.append(model.t("carpe-diem-ui.board.chimneys_n", count=f.get("chimneys", 0)))
        return " · ".join(parts)

    def edit_panel():
        f = features[edit_index]

        def change(fn):
            set_features(lambda fs: [fn(copy.deepcopy(x)) if i == edit_index else x for i, x in enumerate(fs)])

        def set_completed(value):
            def fn(x):
                x["completed"] = value
                return x
            change(fn)

        def step_chimneys(delta):
            def fn(x):
                x["chimneys"] = max(0, x.get("chimneys", 0) + delta)
                return x
            change(fn)

        controls = [
            ft.Row([ft.Icon(KIND_ICONS[f["kind"]], color=KIND_COLOURS[f["kind"]]),
                    ft.Text(feature_text(f), weight=ft.FontWeight.BOLD, expand=True)]),
            ft.Text(model.t("carpe-diem-ui.board.tap_cells"), size=13),
        ]
        if f["kind"] not in SINGLES:
            controls.append(ft.Checkbox(label=model.t("carpe-diem-ui.board.is_completed"),
                                        semantics_label=model.t("carpe-diem-ui.board.is_completed"),
                                        value=bool(f.get("completed")),
                                        on_change=lambda e: set_completed(bool(e.control.value))))
        if f["kind"] == VILLA:
            controls.append(stepper(model.t("carpe-diem-ui.board.chimneys"), f.get("chimneys", 0), step_chimneys,
                                    who=model.t("carpe-diem-ui.board.this_villa"), model=model))
        problem = feature_problem(f)
        if problem is not None:
            controls.append(ft.Text(model.m(problem), color=ft.Colors.ERROR, size=13))
        controls.append(ft.Row([
            ft.OutlinedButton(model.t("carpe-diem-ui.board.delete"), icon=ft.Icons.DELETE, height=TOUCH,
                              on_click=lambda e: delete_feature(edit_index)),
            ft.FilledButton(model.t("carpe-diem-ui.board.done"), icon=ft.Icons.CHECK, height=TOUCH, expand=True,
                            on_click=lambda e: set_editing(None)),
        ]))
        return ft.Card(content=ft.Container(padding=12, content=ft.Column(controls, spacing=6)),
                       bgcolor=ft.Colors.SECONDARY_CONTAINER)

    def delete_feature(index):
        set_editing(None)
        set_features(lambda fs: [f for i, f in enumerate(fs) if i != index])

    def add_feature(kind, r, c):
        set_dialog(None)
        set_features(lambda fs: fs + [new_feature(kind, r, c)])
        if kind not in SINGLES:
            set_editing((player, len(features)))

    def feature_row(i, f):
        label = model.t("carpe-diem-ui.board.feature", number=i + 1, kind=kind_name(f["kind"]))
        problem = feature_problem(f)
        return ft.Row([
            ft.Icon(KIND_ICONS[f["kind"]], color=KIND_COLOURS[f["kind"]]),
            ft.Column([ft.Text(feature_text(f), size=14),
                       *([ft.Text(model.m(problem), size=12, color=ft.Colors.ERROR)] if problem else [])],
                      spacing=0, expand=True),
            icon_button(ft.Icons.EDIT, model.t("carpe-diem-ui.board.edit_feature", feature=label),
                        lambda e: (set_dialog(None), set_editing((player, i)))),
            icon_button(ft.Icons.DELETE, model.t("carpe-diem-ui.board.delete_feature", feature=label),
                        lambda e: delete_feature(i)),
        ], spacing=4)

    # ------------------------------------------------------------ frame goals
    def goal_text(i, goal):
        if not goal_complete(goal):
            where = model.t(f"carpe-diem.side.{goal['side']}") if "side" in goal else "?"
            return model.t("carpe-diem-ui.frame.goal_open", number=i + 1, side=where)
        met = goal_met(goal, features)
        state = {True: "carpe-diem-ui.frame.met", False: "carpe-diem-ui.frame.missed",
                 None: "carpe-diem-ui.frame.unknown"}[met]
        return model.t("carpe-diem-ui.frame.goal", number=i + 1, kind=cap(kind_name(goal["kind"])),
                       side=model.t(f"carpe-diem.side.{goal['side']}"), line=goal["line"], vp=goal["vp"],
                       state=model.t(state))

    def set_goal(i, key, value):
        def change(p):
            goals = p.get("frame") or empty_frame()
            goals[i][key] = value
            p["frame"] = goals
        update(change)

    # ------------------------------------------------------------ fountain cards
    def set_fountain(i, kind):
        set_dialog(None)

        def change(p):
            cards = p["fountain_cards"]
            if i is None:
                cards.append(kind)
            else:
                cards[i] = kind
        update(change)

    def delete_fountain(i):
        def change(p):
            del p["fountain_cards"][i]
        update(change)

    def card_kind(card):
        return card if isinstance(card, str) else card["kind"]

    # ------------------------------------------------------------ dialogs
    def choice(label, text, on_click, selected=False, width=None):
        return ft.Semantics(label=label, button=True, selected=selected, container=True,
                            content=(ft.FilledButton if selected else ft.OutlinedButton)(
                                text, on_click=on_click, height=TOUCH, width=width))

    dialog = None
    if dialog_for and dialog_for[0] == "cell" and not quick:
        _, r, c = dialog_for
        here = cell_features(features, r, c)
        content = []
        if here:
            content.append(ft.Text(model.t("carpe-diem-ui.board.on_this_cell"), weight=ft.FontWeight.BOLD))
            content += [ft.OutlinedButton(model.t("carpe-diem-ui.board.edit_this", feature=feature_text(features[i])),
                                          icon=KIND_ICONS[features[i]["kind"]], height=TOUCH,
                                          on_click=lambda e, i=i: (set_dialog(None), set_editing((player, i))))
                        for i in here]
        content.append(ft.Text(model.t("carpe-diem-ui.board.starts_here"), weight=ft.FontWeight.BOLD))
        content.append(ft.Row([
            choice(cap(kind_name(k)), cap(kind_name(k)), lambda e, k=k: add_feature(k, r, c))
            for k in FEATURE_KINDS], wrap=True, spacing=6, run_spacing=6))
        dialog = ft.AlertDialog(
            title=ft.Text(model.t("carpe-diem-ui.board.cell_title", row=r, column=c)),
            content=ft.Column(content, scroll=ft.ScrollMode.AUTO, tight=True, width=480),
            actions=[ft.TextButton(model.t("ui.close"), on_click=lambda e: set_dialog(None))],
            on_dismiss=lambda e: set_dialog(None))
    elif dialog_for and dialog_for[0] == "goal" and not quick:
        i = dialog_for[1]
        goal = frame[i] if i < len(frame) else {"side": DEFAULT_SIDES[i]}
        along = "row" if goal.get("side") in ("left", "right") else "column"
        content = [
            ft.Text(model.t("carpe-diem-ui.frame.side"), weight=ft.FontWeight.BOLD),
            ft.Row([choice(model.t("carpe-diem-ui.frame.side_choice", side=model.t(f"carpe-diem.side.{s}")),
                           cap(model.t(f"carpe-diem.side.{s}")), lambda e, s=s: set_goal(i, "side", s),
                           goal.get("side") == s) for s in SIDES], wrap=True, spacing=6, run_spacing=6),
            ft.Text(model.t(f"carpe-diem-ui.frame.line_{along}"), weight=ft.FontWeight.BOLD),
            ft.Row([choice(model.t(f"carpe-diem-ui.frame.{along}", line=n), str(n),
                           lambda e, n=n: set_goal(i, "line", n), goal.get("line") == n, width=TOUCH)
                    for n in range(1, GRID + 1)], wrap=True, spacing=4, run_spacing=4),
            ft.Text(model.t("carpe-diem-ui.frame.kind"), weight=ft.FontWeight.BOLD),
            ft.Row([choice(model.t("carpe-diem-ui.frame.kind_choice", kind=kind_name(k)), cap(kind_name(k)),
                           lambda e, k=k: set_goal(i, "kind", k), goal.get("kind") == k) for k in FRAME_KINDS],
                   wrap=True, spacing=6, run_spacing=6),
            ft.Text(model.t("carpe-diem-ui.frame.vp"), weight=ft.FontWeight.BOLD),
            ft.Row([choice(model.t("carpe-diem-ui.frame.vp_choice", vp=v), str(v),
                           lambda e, v=v: set_goal(i, "vp", v), goal.get("vp") == v, width=64) for v in FRAME_VP],
                   spacing=6),
        ]
        nav = [ft.TextButton(model.t("ui.close"), on_click=lambda e: set_dialog(None))]
        if i + 1 < FRAME_GOALS:
            nav.append(ft.FilledButton(model.t("carpe-diem-ui.frame.next"), on_click=lambda e: set_dialog(("goal", i + 1))))
        dialog = ft.AlertDialog(
            title=ft.Text(model.t("carpe-diem-ui.frame.goal_title", number=i + 1)),
            content=ft.Column(content, scroll=ft.ScrollMode.AUTO, tight=True, width=480),
            actions=nav, on_dismiss=lambda e: set_dialog(None))
    elif dialog_for and dialog_for[0] == "fountain":
        i = dialog_for[1]
        current = card_kind(me["fountain_cards"][i]) if i is not None and i < len(me["fountain_cards"]) else None
        dialog = ft.AlertDialog(
            title=ft.Text(model.t("carpe-diem-ui.fountain.pick")),
            content=ft.Column([ft.Row([
                choice(model.t("carpe-diem-ui.fountain.kind_choice", kind=kind_name(k)), cap(kind_name(k)),
                       lambda e, k=k: set_fountain(i, k), current == k) for k in FEATURE_KINDS],
                wrap=True, spacing=6, run_spacing=6)], scroll=ft.ScrollMode.AUTO, tight=True, width=480),
            actions=[ft.TextButton(model.t("ui.cancel"), on_click=lambda e: set_dialog(None))],
            on_dismiss=lambda e: set_dialog(None))
    ft.use_dialog(dialog)

    # ------------------------------------------------------------ the page
    def switch(to_quick_form):
        set_editing(None)
        if to_quick_form:
            set_stash({**stash, player: {"district": me["district"], "frame": frame}})
            update(lambda p: to_quick(p))
        else:
            update(lambda p: to_district(p, stash.get(player)))

    mode = ft.Row([
        ft.Container(choice(model.t("carpe-diem-ui.board.mode_grid"), model.t("carpe-diem-ui.board.mode_grid"),
                            lambda e: switch(False) if quick else None, not quick), expand=True),
        ft.Container(choice(model.t("carpe-diem-ui.board.mode_quick"), model.t("carpe-diem-ui.board.mode_quick"),
                            lambda e: switch(True) if not quick else None, quick), expand=True),
    ], spacing=6)

    def set_value(path, delta, minimum=0):
        def change(p):
            target = p
            for key in path[:-1]:
                target = target[key]
            value = target[path[-1]] + delta
            target[path[-1]] = value if minimum is None else max(minimum, value)
        update(change)

    who = me["name"]
    controls = [mode]
    if quick:
        q = me["quick"]

        def set_villa(i, delta):
            def change(p):
                p["quick"]["villas"][i] = max(0, p["quick"]["villas"][i] + delta)
            update(change)

        def add_villa(e):
            def change(p):
                p["quick"]["villas"].append(3)
            update(change)

        def drop_villa(i):
            def change(p):
                del p["quick"]["villas"][i]
            update(change)

        def set_completed_count(kind, delta):
            def change(p):
                counts = p["quick"]["completed"]
                counts[kind] = max(0, counts.get(kind, 0) + delta)
                if not counts[kind]:
                    del counts[kind]
            update(change)

        def step_met(vp, delta):
            def change(p):
                p["quick"]["frame_met"] = set_frame_met(p["quick"]["frame_met"], vp,
                                                        frame_met_counts(p["quick"]["frame_met"])[vp] + delta)
            update(change)

        villa_rows = [ft.Row([
            ft.Container(stepper(model.t("carpe-diem-ui.quick.villa", number=i + 1), chimneys,
                                 lambda d, i=i: set_villa(i, d), who=who, model=model), expand=True),
            icon_button(ft.Icons.DELETE, model.t("carpe-diem-ui.quick.drop_villa", number=i + 1, player=who),
                        lambda e, i=i: drop_villa(i)),
        ], spacing=0) for i, chimneys in enumerate(q["villas"])]
        met_counts = frame_met_counts(q["frame_met"])
        controls += [
            ft.Text(model.t("carpe-diem-ui.quick.hint"), size=13),
            section(model.t("carpe-diem-ui.quick.villas"), [
                *villa_rows,
                ft.OutlinedButton(model.t("carpe-diem-ui.quick.add_villa"), icon=ft.Icons.ADD, height=TOUCH,
                                  on_click=add_villa),
            ]),
            section(model.t("carpe-diem-ui.quick.completed"), [
                stepper(cap(model.t(f"carpe-diem.counter.{k}")), q["completed"].get(k, 0),
                        lambda d, k=k: set_completed_count(k, d), who=who, model=model) for k in QUICK_KINDS]),
            section(model.t("carpe-diem-ui.quick.frame_met"), [
                stepper(model.t("carpe-diem-ui.quick.goals_worth", vp=vp), met_counts[vp],
                        lambda d, vp=vp: step_met(vp, d), who=who, model=model) for vp in reversed(FRAME_VP)]),
        ]
    else:
        grid = ft.Column([ft.Row([cell_view(r, c) for c in range(1, GRID + 1)], spacing=4,
                                 alignment=ft.MainAxisAlignment.CENTER)
                          for r in range(1, GRID + 1)], spacing=4)
        controls += [
            ft.Text(model.t("carpe-diem-ui.board.grid_hint"), size=13),
            grid,
            *([edit_panel()] if edit_index is not None else []),
            section(model.t("carpe-diem-ui.board.features", count=len(features)),
                    [feature_row(i, f) for i, f in enumerate(features)]
                    or [ft.Text(model.t("carpe-diem-ui.board.no_features"), italic=True, size=13)]),
            section(model.t("carpe-diem-ui.frame.title"), [
                ft.Text(model.t("carpe-diem-ui.frame.hint"), size=13),
                *[ft.Semantics(label=goal_text(i, g), button=True, container=True,
                               content=ft.Container(
                                   content=ft.Row([ft.Icon(ft.Icons.FLAG, color=ft.Colors.PRIMARY if goal_met(g, features)
                                                           else ft.Colors.OUTLINE),
                                                   ft.Text(goal_text(i, g), expand=True, size=14),
                                                   ft.Icon(ft.Icons.EDIT, size=18)]),
                                   padding=ft.Padding.symmetric(vertical=6, horizontal=4), height=TOUCH + 8,
                                   on_click=lambda e, i=i: set_dialog(("goal", i))))
                  for i, g in enumerate(frame or empty_frame())],
            ]),
        ]
    # Fountain cards, storage, VP and the banderole bar: both forms.
    fountains = fountains_in(me)
    controls.append(section(model.t("carpe-diem-ui.fountain.title"), [
        ft.Text(model.t("carpe-diem-ui.fountain.hint", fountains=fountains, cards=len(me["fountain_cards"])),
                size=13, color=ft.Colors.ERROR if fountains != len(me["fountain_cards"]) and not quick else None),
        *[ft.Row([
            ft.Icon(KIND_ICONS[card_kind(card)], color=KIND_COLOURS[card_kind(card)]),
            ft.Text(model.t("carpe-diem-ui.fountain.card", number=i + 1, kind=cap(kind_name(card_kind(card)))),
                    expand=True),
            icon_button(ft.Icons.EDIT, model.t("carpe-diem-ui.fountain.change", number=i + 1, player=who),
                        lambda e, i=i: set_dialog(("fountain", i))),
            icon_button(ft.Icons.DELETE, model.t("carpe-diem-ui.fountain.delete", number=i + 1, player=who),
                        lambda e, i=i: delete_fountain(i)),
        ], spacing=4) for i, card in enumerate(me["fountain_cards"])],
        ft.OutlinedButton(model.t("carpe-diem-ui.fountain.add"), icon=ft.Icons.ADD, height=TOUCH,
                          on_click=lambda e: set_dialog(("fountain", None))),
    ]))
    banderole = me["banderole"] if isinstance(me["banderole"], dict) else {"space": me["banderole"], "level": 0}

    def step_banderole(key, delta):
        if key == "space":
            on_change(move_disc(board, player, delta))
        else:
            on_change(set_level(board, player, (banderole.get("level") or 0) + delta))

    shared = stack_size(board, player) > 1
    controls.append(section(model.t("carpe-diem-ui.board.vp_and_banderole"), [
        stepper(model.t("carpe-diem.counter.vp"), me["vp"], lambda d: set_value(["vp"], d, None), who=who,
                model=model, steps=(1, 5), minimum=None),
        stepper(model.t("carpe-diem-ui.board.banderole_space"), banderole["space"],
                lambda d: step_banderole("space", d), who=who, model=model),
        *([ft.Text(model.t("carpe-diem-ui.board.level_hint"), size=13),
           stepper(model.t("carpe-diem-ui.board.banderole_level"), banderole.get("level") or 0,
                   lambda d: step_banderole("level", d), who=who, model=model)] if shared else []),
    ]))
    controls.append(section(model.t("carpe-diem-ui.board.storage"), [
        stepper(model.t(f"carpe-diem.counter.{k}"), me["storage"].get(k, 0),
                lambda d, k=k: set_value(["storage", k], d), who=who, model=model) for k in STORAGE]))
    return ft.Column(controls, spacing=10)

