"""The action strip of the round as the tracker shows it: the emperor at its end, its 5 spaces counted from
him, the builders on them in their players' colours. In the panel it shows the round's order of play
(the builder on turn framed, a builder whose action phase is over taken off with a tick, as "Zum
Abschluss seiner Aktionsphase nimmt der Spieler seinen Baumeister vom Aktionsstreifen"); in the
placing dialog (the thumb slot's "Place Anna's builder") its free spaces are the choices.
"""

from __future__ import annotations

import flet as ft

from companion.core.definition import Action
from companion.games.city_of_rome import turns
from companion.ui.view import Dispatch, GameView
from companion.ui.widgets import TOUCH, colour_dot

NS = "city-of-rome.strip"
EMPEROR = "#9a6f00"  # the gold emperor figure, dark enough for 3:1 on a light page


def emperor(size: int) -> ft.Control:
    return ft.Icon(ft.Icons.ACCOUNT_BALANCE, size=size, color=EMPEROR)


def space_words(view: GameView, space: int) -> str:
    """A space and who stands there, in words: "Space 2: Ben" / "Space 3: free"."""
    seat = view.state["strip"][space - 1]
    if seat is None:
        return view.t(f"{NS}.space_free", space=space)
    return view.t(f"{NS}.space_taken", space=space, player=view.names[seat])


def strip_values(view: GameView) -> tuple:
    """The strip as plain values (the memoized panel compares them): what a screen reader says, and for each
    space its builder (colour and name, or None), whether that builder is on turn, whether its action phase
    is over."""
    state = view.state
    acting = not turns.placing(state) and not state["finished"]
    cells, index = [], 0  # index: a builder's place in the order of play
    for space, seat in enumerate(state["strip"], 1):
        here = seat is not None and acting
        cells.append((space, None if seat is None else view.colours[seat], None if seat is None else view.names[seat],
                      here and index == state["acted"], here and index < state["acted"]))
        index += seat is not None
    said = view.t(f"{NS}.said", spaces=[space_words(view, s) for s in range(1, turns.SPACES + 1)])
    return said, tuple(cells)


def builder_cell(free: str, space: int, colour: str | None, name: str | None, now: bool, done: bool,
                 height: int) -> ft.Control:
    """One space: its number, the builder there (colour and name; `free` when there is none), framed while
    that builder is on turn, ticked once its action phase is over."""
    who = ([colour_dot(colour, 14),
            ft.Text(name, size=12, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS,
                    weight=ft.FontWeight.BOLD if now else None)] if name is not None
           else [ft.Text(free, size=12, italic=True, color=ft.Colors.ON_SURFACE_VARIANT)])
    return ft.Container(
        ft.Column([ft.Row([ft.Text(str(space), size=11, color=ft.Colors.ON_SURFACE_VARIANT),
                           *([ft.Icon(ft.Icons.CHECK, size=12, color=ft.Colors.ON_SURFACE_VARIANT)] if done else [])],
                          spacing=2, alignment=ft.MainAxisAlignment.CENTER),
                   ft.Row(who, spacing=3, tight=True, alignment=ft.MainAxisAlignment.CENTER)],
                  spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER, alignment=ft.MainAxisAlignment.CENTER),
        expand=True, height=height, padding=ft.Padding.symmetric(horizontal=2), border_radius=6,
        opacity=0.55 if done else 1.0, alignment=ft.Alignment.CENTER,
        bgcolor=ft.Colors.PRIMARY_CONTAINER if now else None,
        border=ft.Border.all(3 if now else 1, ft.Colors.PRIMARY if now else ft.Colors.OUTLINE_VARIANT))


def strip_row(free: str, said: str, cells: tuple) -> ft.Control:
    """The strip in the panel (from `strip_values`), read as one line by a screen reader."""
    return ft.Semantics(label=said, container=True, exclude_semantics=True, content=ft.Row(
        [emperor(24), *[builder_cell(free, *cell, height=44) for cell in cells]], spacing=4,
        vertical_alignment=ft.CrossAxisAlignment.CENTER))


def place_dialog(view: GameView, action: Action, player, close, dispatch: Dispatch) -> ft.AlertDialog:
    """Where the player on turn puts a builder: a tap on a free space of the strip."""
    seat = turns.on_turn(view.state)
    if seat is None or not turns.placing(view.state):  # another phone placed the last builder meanwhile
        return ft.AlertDialog(content=ft.Text(view.t(f"{NS}.all_placed")), on_dismiss=lambda e: close(),
                              actions=[ft.TextButton(view.t("ui.close"), on_click=lambda e: close(), height=TOUCH)])

    def place(space: int):
        close()
        dispatch({"type": "place_builder", "player": seat, "space": space})

    _, cells = strip_values(view)

    def cell(space: int) -> ft.Control:
        if view.state["strip"][space - 1] is not None:
            return ft.Semantics(label=space_words(view, space), container=True, exclude_semantics=True,
                                content=builder_cell(view.t(f"{NS}.free"), *cells[space - 1], height=64))
        return ft.Container(ft.OutlinedButton(
            content=ft.Text(str(space), size=20, weight=ft.FontWeight.BOLD,
                            semantics_label=view.t(f"{NS}.place_on", space=space, player=view.names[seat])),
            on_click=lambda e: place(space), height=64,
            style=ft.ButtonStyle(padding=0, shape=ft.RoundedRectangleBorder(radius=6))), expand=True)
    return ft.AlertDialog(
        modal=True, title=ft.Text(view.m(action.label)),
        content=ft.Column([
            ft.Text(view.t(f"{NS}.where", player=view.names[seat])),
            ft.Row([emperor(28), *[cell(s) for s in range(1, turns.SPACES + 1)]], spacing=4,
                   vertical_alignment=ft.CrossAxisAlignment.CENTER),
        ], tight=True, spacing=12, width=340),
        actions=[ft.TextButton(view.t("ui.cancel"), on_click=lambda e: close(), height=TOUCH)],
        inset_padding=ft.Padding.symmetric(horizontal=12, vertical=24), on_dismiss=lambda e: close())
