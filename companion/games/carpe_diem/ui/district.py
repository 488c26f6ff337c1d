"""The district as on the building board: pick what to draw once in the palette (every kind with its
name), then tap its cells. A tap next to the feature being drawn adds to it, a tap elsewhere starts the
next one of that kind (picking the kind again starts a new one right beside it), a tap on one of its
cells takes that cell out; a tap on a cell that holds a market, bakery or fountain of another kind picks
that one, it is never overwritten. The feature drawn last gets "completed" and a villa its chimneys
right under the grid. What the tracker counted during play gives a new feature its likely "completed"
and is compared with the grid."""

from __future__ import annotations

import flet as ft

from companion.games.carpe_diem.components import DWELLINGS, FEATURE_KINDS, GRID, LANDSCAPES, SINGLES, VILLA
from companion.games.carpe_diem.district import (
    CHIMNEY_CHOICES, cell_features, feature_at, feature_number, feature_problem, features_of, new_completed, tap,
    tracked_district, tracker_differences,
)
from companion.games.carpe_diem.ui.look import KIND_COLOURS, KIND_ICONS, NS, cap, choice, feature_name, kind_name
from companion.ui.latest import use_latest
from companion.ui.view import Dispatch, GameView
from companion.ui.widgets import TOUCH, icon_button, section

CELL, CELL_GAP = 52, 3  # six cells and their gaps, with room to spare, on a 390 px phone
TOOL_H = 64  # a palette tile: its icon and its name (two short lines)


@ft.component
def District(view: GameView, player: int, dispatch: Dispatch, problems=(), checked: bool = False):
    # What a tap on a cell draws, and the feature being drawn ((player, kind, anchor)); a tap acts on them
    # as the taps before it left them (cells tapped faster than the round trip draw one feature)
    tool, set_tool, latest_tool = use_latest(VILLA)
    drawing, set_drawing, latest_drawing = use_latest(None)
    me = view.board["players"][player]
    features = features_of(me)
    tracked = tracked_district(view.state["players"][player]["counters"])

    def anchor_of(drawn, kind):
        return drawn[2] if drawn and drawn[0] == player and drawn[1] == kind else None
    current = feature_at(features, tool, anchor_of(drawing, tool))

    def pick(kind: str, cell=None) -> None:
        set_tool(kind)
        set_drawing((player, kind, cell) if cell else None)  # the kind again: the next tap starts a new one

    def tap_cell(row: int, column: int) -> None:
        kind = latest_tool()
        anchor = anchor_of(latest_drawing(), kind)
        other = [i for i in cell_features(features, row, column)
                 if kind in SINGLES and features[i]["kind"] in SINGLES and features[i]["kind"] != kind]
        if other:  # a tile holds one of them: pick it, never overwrite it
            pick(features[other[0]]["kind"], [row, column])
            return
        completed = new_completed(kind, features, tracked)
        after = tap(features, anchor, kind, row, column, completed)[1]
        set_drawing((player, kind, after) if after else None)
        dispatch({"type": "district_tap", "player": player, "kind": kind, "row": row, "column": column,
                  "anchor": anchor, "completed": completed})

    controls = [palette(view, tool, pick), ft.Text(grid_hint(view, features, tool, current), size=13),
                grid(view, features, current, tap_cell), *problems]
    if current is not None:
        controls.append(DrawingBar(view, player, dispatch, features, current, checked, lambda: set_drawing(None)))
    controls.append(features_section(view, features, current, tracked,
                                     lambda i: pick(features[i]["kind"], list(features[i]["cells"][0]))))
    return ft.Column(controls, spacing=10)


def palette(view: GameView, tool: str, pick) -> ft.Control:
    """The twelve kinds, each its icon with its name under it; the one picked filled in its colour."""
    def tile(kind: str) -> ft.Control:
        selected = kind == tool
        ink = "#ffffff" if selected else KIND_COLOURS[kind]
        return ft.Container(col={"xs": 3}, content=ft.Semantics(
            label=view.t(f"{NS}.grid.draw", kind=kind_name(view, kind)), button=True, selected=selected,
            container=True, exclude_semantics=True, content=ft.Container(
                height=TOOL_H, border_radius=8, alignment=ft.Alignment.CENTER, padding=ft.Padding.symmetric(horizontal=2),
                bgcolor=KIND_COLOURS[kind] if selected else None, border=ft.Border.all(3 if selected else 1, KIND_COLOURS[kind]),
                on_click=lambda e: pick(kind),
                content=ft.Column([
                    ft.Icon(KIND_ICONS[kind], color=ink, size=22),
                    ft.Text(view.t(f"{NS}.palette.{kind}"), size=11, color=ink, max_lines=2, text_align=ft.TextAlign.CENTER,
                            weight=ft.FontWeight.BOLD if selected else None),
                ], spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                   alignment=ft.MainAxisAlignment.CENTER))))
    return ft.ResponsiveRow([tile(k) for k in FEATURE_KINDS], spacing=6, run_spacing=6)


def grid_hint(view: GameView, features: list[dict], tool: str, current: int | None) -> str:
    name = cap(kind_name(view, tool))
    if tool in SINGLES:
        return view.t(f"{NS}.grid.hint_single", kind=name)
    if current is not None:
        return view.t(f"{NS}.grid.hint_more", kind=name, number=feature_number(features, current))
    return view.t(f"{NS}.grid.hint_new", kind=name)


def grid(view: GameView, features: list[dict], current: int | None, tap_cell) -> ft.Control:
    """The 6 × 6 building board, shovel towards the player: each cell shows the features on it."""
    def cell(r: int, c: int) -> ft.Control:
        here = cell_features(features, r, c)
        lit = current in here
        names = [feature_name(view, features, i) for i in here]
        icons = [ft.Icon(KIND_ICONS[features[i]["kind"]], size=22 if len(here) == 1 else 15,
                         color=KIND_COLOURS[features[i]["kind"]],
                         opacity=1 if features[i]["kind"] in SINGLES or features[i].get("completed") else 0.45)
                 for i in here[:4]]
        return ft.Semantics(
            label=view.t(f"{NS}.grid.cell", row=r, column=c,
                         content=", ".join(names) if names else view.t(f"{NS}.grid.cell_empty")),
            button=True, selected=lit, container=True, content=ft.Container(
                width=CELL, height=CELL, border_radius=6, alignment=ft.Alignment.CENTER,
                border=ft.Border.all(3 if lit else 1, ft.Colors.PRIMARY if lit else ft.Colors.OUTLINE),
                bgcolor=ft.Colors.PRIMARY_CONTAINER if lit else None, on_click=lambda e: tap_cell(r, c),
                content=ft.Row(icons, wrap=True, spacing=0, run_spacing=0, width=CELL - 8,
                               alignment=ft.MainAxisAlignment.CENTER) if icons else None))
    return ft.Column([ft.Row([cell(r, c) for c in range(1, GRID + 1)], spacing=CELL_GAP,
                             alignment=ft.MainAxisAlignment.CENTER) for r in range(1, GRID + 1)], spacing=CELL_GAP)


@ft.component
def DrawingBar(view: GameView, player: int, dispatch: Dispatch, features: list[dict], index: int, checked: bool,
               stop):
    """The feature drawn last: its cells, "completed", a villa's chimneys (one tap each), delete."""
    f = features[index]
    kind, name = f["kind"], feature_name(view, features, index)
    named = {"player": player, "kind": kind, "cell": list(f["cells"][0])}

    def delete(e) -> None:
        stop()
        dispatch({"type": "feature_remove", **named})

    top = [ft.Icon(KIND_ICONS[kind], color=KIND_COLOURS[kind]),
           ft.Text(view.t(f"{NS}.grid.drawing", feature=name, cells=len(f["cells"])), weight=ft.FontWeight.BOLD,
                   expand=True)]
    if kind in LANDSCAPES or kind == VILLA:
        label = view.t(f"{NS}.grid.completed")
        top.append(ft.Checkbox(label=label, semantics_label=label, value=bool(f.get("completed")), height=TOUCH,
                               on_change=lambda e: dispatch({"type": "feature_set", **named,
                                                             "completed": bool(e.control.value)})))
    top.append(icon_button(ft.Icons.DELETE, view.t(f"{NS}.grid.delete", feature=name), delete))
    rows = [ft.Row(top, spacing=4)]
    problem = feature_problem(f) if checked else None  # said once the board is entered, not while drawing
    if problem is not None:
        rows.append(ft.Text(view.t(f"{NS}.grid.problem", feature=name, problem=view.m(problem)), size=13,
                            color=ft.Colors.ERROR))
    if kind in DWELLINGS:
        rows.append(ft.Text(view.t(f"{NS}.grid.dwelling_state" if f.get("completed") else f"{NS}.grid.dwelling_half"),
                            size=13))
    if kind == VILLA:
        rows += chimney_choices(view, name, f.get("chimneys", 0),
                                lambda count: dispatch({"type": "feature_set", **named, "chimneys": count}))
    return ft.Container(ft.Column(rows, spacing=4), padding=8, border_radius=10, bgcolor=ft.Colors.SECONDARY_CONTAINER)


def chimney_choices(view: GameView, name: str, chimneys: int, choose) -> list[ft.Control]:
    half = len(CHIMNEY_CHOICES) // 2
    return [ft.Text(view.t(f"{NS}.grid.chimneys"), size=14),
            *[ft.Row([choice(view.t(f"{NS}.grid.chimneys_choice", feature=name, count=k), str(k), k == chimneys,
                             lambda k=k: choose(k), width=TOUCH) for k in part],
                     spacing=8, alignment=ft.MainAxisAlignment.CENTER)
              for part in (CHIMNEY_CHOICES[:half], CHIMNEY_CHOICES[half:])]]


def feature_chip(view: GameView, features: list[dict], i: int, current: int | None, select) -> ft.Control:
    f, name = features[i], feature_name(view, features, i)
    details = [view.t(f"{NS}.grid.cells", count=len(f["cells"]))]
    if f["kind"] not in SINGLES:
        details.append(view.t(f"{NS}.grid.state_completed" if f.get("completed") else f"{NS}.grid.state_open"))
    if f["kind"] == VILLA:
        details.append(view.t(f"{NS}.grid.chimneys_n", count=f.get("chimneys", 0)))
    problem = feature_problem(f) is not None and i != current  # the one being drawn may still be growing
    short = name + (f" · {f.get('chimneys', 0)}" if f["kind"] == VILLA else "")
    return ft.Semantics(
        label=view.t(f"{NS}.grid.feature", feature=name, details=", ".join(details)), button=True,
        selected=i == current, container=True, exclude_semantics=True, content=ft.Container(
            height=TOUCH, padding=ft.Padding.symmetric(horizontal=10), border_radius=TOUCH / 2,
            border=ft.Border.all(2 if i == current or problem else 1, ft.Colors.ERROR if problem else KIND_COLOURS[f["kind"]]),
            bgcolor=ft.Colors.PRIMARY_CONTAINER if i == current else None, on_click=lambda e: select(i),
            content=ft.Row([ft.Icon(KIND_ICONS[f["kind"]], color=KIND_COLOURS[f["kind"]], size=18,
                                    opacity=1 if f["kind"] in SINGLES or f.get("completed") else 0.45),
                            ft.Text(short, size=13)], tight=True, spacing=6)))


def features_section(view: GameView, features: list[dict], current: int | None, tracked: dict | None,
                     select) -> ft.Control:
    """Everything drawn, as chips to pick one again; what the engine objects to, in words; and where the
    grid and the tracker's counts differ."""
    body = [ft.Row([feature_chip(view, features, i, current, select) for i in range(len(features))], wrap=True,
                   spacing=6, run_spacing=6)] if features else [
        ft.Text(view.t(f"{NS}.grid.none"), italic=True, size=13)]
    body += [ft.Text(view.t(f"{NS}.grid.problem", feature=feature_name(view, features, i), problem=view.m(problem)),
                     size=13, color=ft.Colors.ERROR)
             for i, problem in ((i, feature_problem(f)) for i, f in enumerate(features))
             if problem is not None and i != current]
    return section(view.t(f"{NS}.grid.features", count=len(features)), body + tracker_check(view, features, tracked))


def tracker_check(view: GameView, features: list[dict], tracked: dict | None) -> list[ft.Control]:
    """Where the grid and what was counted during play differ: a to-do list while the grid is drawn."""
    differences = tracker_differences(features, tracked)

    def items(rows):
        return " · ".join(view.t(f"{NS}.check.item", what=view.t(f"carpe-diem.counter.{k}"), count=n) for k, n in rows)
    fewer = [(k, want - have) for k, have, want in differences if have < want]
    more = [(k, have - want) for k, have, want in differences if have > want]
    out = []
    if fewer:
        out.append(ft.Text(view.t(f"{NS}.check.fewer", items=items(fewer)), size=13, color=ft.Colors.ON_SURFACE_VARIANT))
    if more:
        out.append(ft.Text(view.t(f"{NS}.check.more", items=items(more)), size=13, color=ft.Colors.TERTIARY))
    if tracked is not None and features and not differences:
        out.append(ft.Text(view.t(f"{NS}.check.same"), size=13, color=ft.Colors.ON_SURFACE_VARIANT))
    return out
