"""The Castles of Tuscany's part of the live tracker: each player's three stacks (and a quick "tile
revealed" button, the entry made most often), the eight colour-bonus tiles with the side that is up and
its points, the scorings so far (green added onto red) and, last, what the table has to do about the
round's end.

Everything shown comes from the tracker's state (companion/games/castles_of_tuscany/overview.py); the
points are the tracker's. A colour-bonus tile's points are box data: tapping a tile enters or corrects
them with the shared box-data form, which keeps them with the box data; the tracker gets them as
`box_value` entries in the same dispatch."""

from __future__ import annotations

import flet as ft

from companion.games.castles_of_tuscany.components import GAME_ID, SIDES, STACK_TILES, box_key
from companion.games.castles_of_tuscany.overview import (
    KIND_OF_COLOUR, announcement, colour_tiles, scoring_lines, stack_fill, stack_line, tile_words,
)
from companion.games.castles_of_tuscany.tracker import box_value_entries
from companion.ui.box_data import BoxDataForm
from companion.ui.view import Dispatch, GameView
from companion.ui.widgets import TOUCH, colour_dot, icon_button

P = f"{GAME_ID}.panel"
# The field colours as printed (approximately); the ink on each is chosen for contrast.
FIELD_COLOURS = {"dark_green": "#2f5d34", "red": "#b5382e", "turquoise": "#1f7f7c", "light_green": "#8dc15a",
                 "grey": "#9a9a9a", "orange": "#e08a2c", "yellow": "#e8c547", "beige": "#d9c7a0"}
DARK_FIELDS = {"dark_green", "red", "turquoise"}


def stacks_row(view: GameView, dispatch: Dispatch, player: int) -> ft.Control:
    name, colour = view.names[player], view.colours[player]
    revealed = view.state["players"][player]["counters"]["revealed"]
    line = view.m(stack_line(name, revealed))
    bars = ft.Row([ft.ProgressBar(value=f, expand=True, bar_height=10, border_radius=5) for f in stack_fill(revealed)],
                  spacing=6)
    return ft.Row([
        ft.Semantics(label=line, container=True, expand=True, content=ft.Column([
            ft.Row([colour_dot(colour, 12), ft.Text(line, size=13, expand=True)], spacing=6),
            bars,
        ], spacing=4)),
        icon_button(ft.Icons.ADD, view.t(f"{P}.reveal", player=name),
                    lambda e: dispatch({"type": "adjust", "player": player, "counter": "revealed", "delta": 1}),
                    disabled=view.state["finished"] or revealed >= STACK_TILES),
    ], vertical_alignment=ft.CrossAxisAlignment.CENTER)


def tile_button(view: GameView, tile: dict, on_click) -> ft.Control:
    """A colour-bonus tile in its field colour: its tile kind, then its side and points in words. A tile back
    in the box keeps only a border of its colour (its words in the theme's full contrast)."""
    colour, gone = tile["colour"], tile["side"] is None
    shown, said = tile_words(tile, view.names)
    ink = ft.Colors.ON_SURFACE if gone else "#ffffff" if colour in DARK_FIELDS else "#1d1d1d"
    return ft.Semantics(label=view.m(said), button=True, container=True, content=ft.Container(
        width=104, height=TOUCH + 14, border_radius=8, on_click=on_click,
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST if gone else FIELD_COLOURS[colour],
        border=ft.Border.all(3, FIELD_COLOURS[colour]) if gone else None,
        padding=ft.Padding.symmetric(horizontal=4, vertical=2), alignment=ft.Alignment.CENTER,
        content=ft.Column([
            ft.Text(view.t(f"{GAME_ID}.tile.{KIND_OF_COLOUR[colour]}"), size=12, color=ink, max_lines=1,
                    overflow=ft.TextOverflow.ELLIPSIS),
            ft.Text(view.m(shown), size=13, weight=ft.FontWeight.BOLD, color=ink, max_lines=2,
                    text_align=ft.TextAlign.CENTER),
        ], spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER, alignment=ft.MainAxisAlignment.CENTER)))


def tile_dialog(view: GameView, dispatch: Dispatch, colour: str, close) -> ft.AlertDialog:
    """The points printed on both sides of a colour's tile, kept with the box data; the tracker gets the
    ones it does not hold yet in the same dispatch (entries made already keep the points they got)."""
    keys = tuple(box_key(colour, side) for side in SIDES)

    def keep(*moves, then=None):
        values = {k: v for move in moves for k, v in (move.get("values") or {}).items()}
        dispatch(*moves, *box_value_entries(view.state, values), then=then)

    return ft.AlertDialog(
        modal=True,
        title=ft.Text(view.t(f"{P}.tile_title", colour=view.t(f"{GAME_ID}.colour.{colour}"))),
        content=ft.Column([ft.Text(view.t(f"{P}.tile_hint")),
                           BoxDataForm(view, GAME_ID, keys, on_saved=close, dispatch=keep)],
                          tight=True, scroll=ft.ScrollMode.AUTO, width=480),
        actions=[ft.TextButton(view.t("ui.close"), on_click=lambda e: close())],
        on_dismiss=lambda e: close())


@ft.component
def ColourTiles(view: GameView, dispatch: Dispatch):
    editing, set_editing = ft.use_state(None)  # the colour whose tile values are being entered
    close = ft.use_callback(lambda: set_editing(None), [])
    ft.use_dialog(tile_dialog(view, dispatch, editing, close) if editing is not None else None)
    return ft.Column([
        ft.Text(view.t(f"{P}.colour_tiles"), weight=ft.FontWeight.BOLD),
        ft.Row([tile_button(view, tile, lambda e, c=tile["colour"]: set_editing(c)) for tile in colour_tiles(view.state)],
               wrap=True, spacing=6, run_spacing=6),
    ], spacing=8)


def round_end_banner(text: str) -> ft.Control:
    return ft.Semantics(label=text, container=True, live_region=True, content=ft.Container(
        content=ft.Row([ft.Icon(ft.Icons.FLAG, color=ft.Colors.ON_TERTIARY_CONTAINER),
                        ft.Text(text, color=ft.Colors.ON_TERTIARY_CONTAINER, weight=ft.FontWeight.BOLD, expand=True)]),
        bgcolor=ft.Colors.TERTIARY_CONTAINER, padding=12, border_radius=8))


@ft.component
def CastlesPanel(view: GameView, dispatch: Dispatch):
    news = announcement(view.state, view.names)
    scorings = scoring_lines(view.state, view.names)
    controls = [ft.Text(view.t(f"{P}.stacks"), weight=ft.FontWeight.BOLD),
                *[stacks_row(view, dispatch, i) for i in range(len(view.names))],
                ColourTiles(view, dispatch)]
    if scorings:
        controls += [ft.Text(view.t(f"{P}.scorings"), weight=ft.FontWeight.BOLD),
                     *[ft.Text(view.m(line), size=13) for line in scorings]]
    if news is not None:  # last: right above the button that ends the round
        controls.append(round_end_banner(view.m(news)))
    return ft.Card(content=ft.Container(padding=12, content=ft.Column(controls, spacing=8)))
