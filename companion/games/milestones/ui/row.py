"""The worker row as a grid on the phone: one line per path space, a button per worker kind (its name
heads the column) and one for the bonus tile. A worker is one tap (no dialog), the same kind again empties
the space; a bonus tile one tap more, none when the tracker saw it laid on that kind."""

from __future__ import annotations

import flet as ft

from companion.games.milestones.board import row_of
from companion.games.milestones.components import PATH_SPACES, WORKER_KINDS
from companion.games.milestones.ui.common import (
    BONUS, CELL, CHOSEN_INK, GAP, KIND_ICONS, KIND_TINT, NS, NUMBER, UNCHOSEN_INK, bonus_tile_move, kind_name,
    path_space_move, tracked,
)
from companion.ui.view import Dispatch, GameView


def space_name(view: GameView, space) -> str:
    if space is None:
        return view.t(f"{NS}.empty")
    kind, bonus = space
    return view.t(f"{NS}.worker_bonus" if bonus else f"{NS}.worker", kind=kind_name(view, kind))


def kind_cell(view: GameView, index: int, kind: str, space, on_tap) -> ft.Control:
    """A worker kind on one path space: chosen, it has its kind's tint, a dark frame and a dark icon;
    not chosen, an outlined button with a muted icon that still reads (4.7:1 light, 6:1 dark)."""
    chosen = space is not None and space[0] == kind
    return ft.Semantics(
        label=view.t(f"{NS}.put", number=index + 1, kind=kind_name(view, kind)), button=True, selected=chosen,
        container=True,
        content=ft.Container(
            width=CELL, height=CELL, border_radius=6, alignment=ft.Alignment.CENTER,
            bgcolor=KIND_TINT[kind] if chosen else None,
            border=ft.Border.all(2.5 if chosen else 1, CHOSEN_INK if chosen else ft.Colors.OUTLINE),
            on_click=lambda e: on_tap(index, kind),
            content=ft.Icon(KIND_ICONS[kind], size=22, color=CHOSEN_INK if chosen else UNCHOSEN_INK),
        ),
    )


def bonus_cell(view: GameView, index: int, space, on_tap) -> ft.Control:
    if space is None:  # a bonus tile only lies on a worker: nothing to tap on an empty space
        return ft.Container(width=CELL, height=CELL)
    kind, bonus = space
    return ft.Semantics(
        label=view.t(f"{NS}.bonus_on", number=index + 1, kind=kind_name(view, kind)), button=True, selected=bonus,
        container=True,
        content=ft.Container(
            width=CELL, height=CELL, border_radius=6, alignment=ft.Alignment.CENTER,
            bgcolor=BONUS if bonus else None, border=ft.Border.all(1, BONUS),
            on_click=lambda e: on_tap(index),
            content=ft.Icon(ft.Icons.WORKSPACE_PREMIUM, size=22, color="#ffffff" if bonus else BONUS),
        ),
    )


def heads(view: GameView) -> ft.Control:
    """The columns named by their worker kinds, in two short lines each (read out whole), and the bonus
    tile's."""
    def head(text: str, name: str) -> ft.Control:
        return ft.Semantics(label=name, container=True, exclude_semantics=True, content=ft.Container(
            width=CELL, content=ft.Text(text, size=10, text_align=ft.TextAlign.CENTER, color=ft.Colors.ON_SURFACE)))
    return ft.Row([ft.Container(width=NUMBER),
                   *[head(view.t(f"{NS}.head.{k}"), kind_name(view, k)) for k in WORKER_KINDS],
                   head(view.t(f"{NS}.bonus_head"), view.t(f"{NS}.bonus_name"))], spacing=GAP, tight=True,
                  vertical_alignment=ft.CrossAxisAlignment.END)


@ft.component
def WorkerRow(view: GameView, player: int, dispatch: Dispatch):
    row = row_of(view.board["players"][player])
    tiles = tracked(view, player)

    def put(index, kind):
        space = row[index]
        again = space is not None and space[0] == kind  # the same kind again: the space is empty (or covered)
        dispatch(path_space_move(player, index, None if again else kind, space, tiles))

    def lay(index):
        dispatch(bonus_tile_move(player, index, not row[index][1], row[index]))

    def space_line(index):
        return ft.Row([
            ft.Semantics(label=view.t(f"{NS}.space_is", number=index + 1, content=space_name(view, row[index])),
                         container=True,
                         content=ft.Text(str(index + 1), width=NUMBER, text_align=ft.TextAlign.CENTER,
                                         weight=ft.FontWeight.BOLD)),
            *[kind_cell(view, index, k, row[index], put) for k in WORKER_KINDS],
            bonus_cell(view, index, row[index], lay),
        ], spacing=GAP, tight=True)

    return ft.Column([
        ft.Text(view.t(f"{NS}.row_hint"), size=13),
        ft.Column([heads(view), *[space_line(i) for i in range(PATH_SPACES)]], spacing=GAP),
    ], spacing=8)
