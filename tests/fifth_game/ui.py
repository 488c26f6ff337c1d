"""Honey Harvest's screens: its end-scoring editor (the declared fields with the shared rows, then the
hives, a nested part of the board) and its tracker panel. They draw from the view and change the game
only with `dispatch` (companion/ui/view.py): every edit is a move, applied to the latest board."""

from __future__ import annotations

import flet as ft

from companion.ui.boards.generic import FieldRows
from companion.ui.boards.problems import Placing
from companion.ui.games import GameUI
from companion.ui.view import PREFERENCE, Dispatch, GameView
from companion.ui.widgets import TOUCH, colour_dot, icon_button, section, stepper
from . import FRAMES, GAME_ID, HIVES

NS = f"{GAME_ID}-ui"


def entry_choice(view: GameView, dispatch: Dispatch) -> ft.Control:
    """How the honey track is entered, for the whole table and the next games: typed or with -/+."""
    current = view.preference("honey_entry")
    return ft.Row([
        ft.Text(view.t(f"{NS}.honey_entry"), size=13, expand=True),
        *[ft.Semantics(label=view.t(f"{NS}.honey_entry_{choice}"), button=True, selected=choice == current,
                       container=True,
                       content=(ft.FilledButton if choice == current else ft.OutlinedButton)(
                           view.t(f"{NS}.honey_entry_{choice}"), height=TOUCH,
                           on_click=lambda e, choice=choice: dispatch(
                               {"type": PREFERENCE, "id": "honey_entry", "value": choice})))
          for choice in ("typed", "stepped")],
    ], spacing=6)


def hive_row(view: GameView, player: int, dispatch: Dispatch, n: int, hive: dict, count: int) -> ft.Control:
    name = view.board["players"][player]["name"]

    def edit(kind: str, **params) -> None:
        dispatch({"type": kind, "player": player, "hive": n, "hives": count, **params})
    frames = view.t(f"{NS}.frames", number=n + 1)
    return ft.Column([
        ft.Row([
            ft.Text(view.t(f"{NS}.hive", number=n + 1), weight=ft.FontWeight.BOLD, expand=True),
            ft.Switch(label=view.t(f"{NS}.queen"), value=hive["queen"], height=TOUCH,
                      on_change=lambda e: edit("hive_queen", queen=bool(e.control.value))),
            icon_button(ft.Icons.DELETE_OUTLINE, view.t(f"{NS}.remove", number=n + 1, name=name),
                        lambda e: edit("hive_remove")),
        ], vertical_alignment=ft.CrossAxisAlignment.CENTER),
        stepper(frames, hive["frames"], lambda d: edit("hive_frames", delta=d), who=name, model=view,
                maximum=FRAMES),
    ], spacing=0)


@ft.component
def Hives(view: GameView, player: int, dispatch: Dispatch):
    me = view.board["players"][player]
    hives = me.get("hives", [])
    return section(view.t(f"{NS}.hives", name=me["name"]), [
        ft.Text(view.t(f"{NS}.hives_hint"), size=13),
        *[hive_row(view, player, dispatch, n, hive, len(hives)) for n, hive in enumerate(hives)],
        ft.OutlinedButton(view.t(f"{NS}.add_hive", name=me["name"]), icon=ft.Icons.ADD, height=TOUCH,
                          disabled=len(hives) >= HIVES,
                          on_click=lambda e: dispatch({"type": "hive_add", "player": player})),
    ])


@ft.component
def HoneyBoard(view: GameView, player: int, dispatch: Dispatch, problems=()):
    placing = Placing(problems)  # this board's problems, once it is entered: each beside its part
    typed = frozenset({"honey"}) if view.preference("honey_entry") == "typed" else frozenset()
    return ft.Column([
        ft.Text(view.t("ui.board.generic_hint", name=view.board["players"][player]["name"]), size=13),
        entry_choice(view, dispatch),
        FieldRows(view, player, dispatch, view.definition.end.board_fields, typed=typed),
        *placing.at("honey", "flowers", "jars"),
        Hives(view, player, dispatch),
        *placing.at("hives"),
        *placing.rest(),
    ], spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


@ft.component
def HoneyPanel(view: GameView, dispatch: Dispatch):
    """The hives each beekeeper has built, at a glance."""
    return ft.Card(content=ft.Container(padding=12, content=ft.Column([
        ft.Text(view.t(f"{NS}.panel_title"), weight=ft.FontWeight.BOLD),
        *[ft.Row([colour_dot(colour, 14), ft.Text(view.t(f"{NS}.built", name=name, hives=p["hives"], most=HIVES))],
                 spacing=8)
          for name, colour, p in zip(view.names, view.colours, view.state["players"])],
    ], spacing=6)))


UI = GameUI(board=HoneyBoard, panel=HoneyPanel)
