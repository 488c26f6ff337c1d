"""The frame's 8 goals at their golden arrows: four sides, six arrow places each. A goal is two taps: its
arrow's place, then feature and VP in one choice; tapping a goal again changes or removes it. Says in
words how many goals are in, and that the board scores only with all 8."""

from __future__ import annotations

import flet as ft

from companion.games.carpe_diem.components import FRAME_GOALS, FRAME_KINDS, FRAME_VP, GRID
from companion.games.carpe_diem.district import along, features_of, goal_at, goal_met, goals_of
from companion.games.carpe_diem.ui.look import KIND_COLOURS, KIND_ICONS, NS, cap, choice, kind_name
from companion.ui.view import Dispatch, GameView
from companion.ui.widgets import TOUCH, section

SLOT = 48  # an arrow's place: six a side
FRAME_SIDES = ("top", "right", "bottom", "left")  # round the board, as the parts lie


@ft.component
def FrameGoals(view: GameView, player: int, dispatch: Dispatch, problems=()):
    picking, set_picking = ft.use_state(None)  # (player, side, line) whose goal is being chosen
    me = view.board["players"][player]
    features, goals = features_of(me), goals_of(me)
    arrow = picking[1:] if picking and picking[0] == player else None
    ft.use_dialog(goal_dialog(view, player, dispatch, goals, arrow, lambda: set_picking(None))
                  if arrow is not None else None)
    entered = len(goals)
    rows = [ft.Row([ft.Text(cap(view.t(f"carpe-diem.side.{side}")), size=13, expand=True),
                    *[slot(view, goals, features, side, line, lambda side=side, line=line: set_picking((player, side, line)))
                      for line in range(1, GRID + 1)]], spacing=3)
            for side in FRAME_SIDES]
    if entered < FRAME_GOALS:
        said = view.t(f"{NS}.frame.missing", count=entered, goals=FRAME_GOALS, left=FRAME_GOALS - entered)
        status = ft.Semantics(label=said, live_region=True, container=True, content=ft.Row([
            ft.Icon(ft.Icons.INFO_OUTLINE, size=18, color=ft.Colors.TERTIARY), ft.Text(said, size=13, expand=True)],
            vertical_alignment=ft.CrossAxisAlignment.START))
    else:
        met = [g for g in goals if goal_met(g, features)]
        status = ft.Text(view.t(f"{NS}.frame.all", goals=FRAME_GOALS, met=len(met), vp=sum(g["vp"] for g in met)),
                         size=13)
    return section(view.t(f"{NS}.frame.title"), [status, ft.Text(view.t(f"{NS}.frame.hint"), size=13), *rows,
                                                  *problems])


def slot(view: GameView, goals: list[dict], features: list[dict], side: str, line: int, pick) -> ft.Control:
    at = goal_at(goals, side, line)
    side_name = cap(view.t(f"carpe-diem.side.{side}"))
    if at is None:
        label = view.t(f"{NS}.frame.slot_{along(side)}_empty", side=side_name, line=line)
        body = ft.Text(str(line), size=13, color=ft.Colors.ON_SURFACE_VARIANT)
        border, bg = ft.Border.all(1, ft.Colors.OUTLINE), None
    else:
        goal = goals[at]
        met = goal_met(goal, features)
        state = view.t({True: f"{NS}.frame.met", False: f"{NS}.frame.missed", None: f"{NS}.frame.unknown"}[met])
        label = view.t(f"{NS}.frame.slot_{along(side)}", side=side_name, line=line,
                       kind=kind_name(view, goal["kind"]), vp=goal["vp"], state=state)
        body = ft.Column([ft.Icon(KIND_ICONS[goal["kind"]], color=KIND_COLOURS[goal["kind"]], size=18),
                          ft.Text(str(goal["vp"]), size=11, weight=ft.FontWeight.BOLD)],
                         spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER)
        border = ft.Border.all(2, ft.Colors.PRIMARY if met else KIND_COLOURS[goal["kind"]])
        bg = ft.Colors.PRIMARY_CONTAINER if met else None
    return ft.Semantics(label=label, button=True, container=True, content=ft.Container(
        width=SLOT, height=SLOT, border_radius=6, border=border, bgcolor=bg, alignment=ft.Alignment.CENTER,
        on_click=lambda e: pick(), content=body))


def goal_dialog(view: GameView, player: int, dispatch: Dispatch, goals: list[dict], arrow: tuple[str, int],
                close) -> ft.AlertDialog:
    """What the arrow shows: every feature kind with its three values, one tap; or remove the goal."""
    side, line = arrow
    at = goal_at(goals, side, line)
    chosen = goals[at] if at is not None else None
    drawn = {"kind": chosen["kind"], "vp": chosen["vp"]} if chosen else None  # refused if another phone changed it
    where = {"player": player, "side": side, "line": line, "expect": drawn}

    def choose(kind: str, vp: int) -> None:
        close()
        dispatch({"type": "frame_goal_set", **where, "kind": kind, "vp": vp})

    def remove(e) -> None:
        close()
        dispatch({"type": "frame_goal_remove", **where})

    if at is None and len(goals) >= FRAME_GOALS:
        content = [ft.Text(view.t(f"{NS}.frame.full", goals=FRAME_GOALS))]
    else:
        content = [ft.Text(view.t(f"{NS}.frame.pick_hint"), size=13), *[ft.Row([
            ft.Icon(KIND_ICONS[kind], color=KIND_COLOURS[kind], size=20),
            ft.Text(cap(kind_name(view, kind)), expand=True, size=14),
            *[choice(view.t(f"{NS}.frame.choice", kind=cap(kind_name(view, kind)), vp=vp), str(vp),
                     chosen is not None and chosen["kind"] == kind and chosen["vp"] == vp,
                     lambda kind=kind, vp=vp: choose(kind, vp), width=52) for vp in FRAME_VP]], spacing=4)
            for kind in FRAME_KINDS]]
    actions = [ft.TextButton(view.t("ui.cancel"), on_click=lambda e: close(), height=TOUCH)]
    if at is not None:
        actions.insert(0, ft.TextButton(view.t(f"{NS}.frame.remove"), on_click=remove, height=TOUCH))
    # Narrow insets: on a phone the feature names fit beside the three VP buttons.
    return ft.AlertDialog(
        title=ft.Text(view.t(f"{NS}.frame.at_{along(side)}", side=cap(view.t(f"carpe-diem.side.{side}")), line=line)),
        content=ft.Column(content, tight=True, spacing=2, width=330), scrollable=True,
        inset_padding=ft.Padding.symmetric(horizontal=12, vertical=24),
        content_padding=ft.Padding.only(left=16, right=16, top=12), actions=actions, on_dismiss=lambda e: close())
