"""The Castles of Tuscany's part of the live tracker, under the scoreboard and kept compact: each
player's three stacks (a line each: which stack, the tiles left, three bars), and the eight colour-bonus
tiles with the side that is up and its points. What a player does ("Tile taken", a region completed, ...)
is entered in their sheet; the round's end is the next step in the thumb slot, and the scorings are the
score sheet's rows and the log's lines.

Everything shown comes from the tracker's state (companion/games/castles_of_tuscany/overview.py); the
points are the tracker's. A colour-bonus tile's points are box data: tapping a tile enters or corrects
them with the shared box-data form, which keeps them with the box data; the tracker gets them as
`box_value` entries in the same dispatch."""

from __future__ import annotations

import flet as ft

from companion.games.castles_of_tuscany.components import GAME_ID, SIDES, box_key
from companion.games.castles_of_tuscany.overview import KIND_OF_COLOUR, colour_tiles, stack_fill, stack_line, tile_words
from companion.games.castles_of_tuscany.tracker import box_value_entries
from companion.ui.box_data import BoxDataForm
from companion.ui.view import Dispatch, GameView
from companion.ui.widgets import TOUCH, colour_dot

P = f"{GAME_ID}.panel"
# The field colours as printed (approximately); the ink on each is chosen for contrast.
FIELD_COLOURS = {"dark_green": "#2f5d34", "red": "#b5382e", "turquoise": "#1f7f7c", "light_green": "#8dc15a",
                 "grey": "#9a9a9a", "orange": "#e08a2c", "yellow": "#e8c547", "beige": "#d9c7a0"}
DARK_FIELDS = {"dark_green", "red", "turquoise"}


def stacks_row(view: GameView, player: int) -> ft.Control:
    """One line: the player's colour, which stack they refill from and what is left in it, three bars."""
    revealed = view.state["players"][player]["counters"]["revealed"]
    line = view.m(stack_line(view.names[player], revealed))
    bars = [ft.ProgressBar(value=f, expand=True, bar_height=8, border_radius=4) for f in stack_fill(revealed)]
    return ft.Semantics(label=line, container=True, content=ft.Row([
        colour_dot(view.colours[player], 12),
        # the words take what the bars leave: German's are longer
        ft.Text(line, size=13, expand=True, max_lines=2),
        ft.Row(bars, spacing=4, width=96),
    ], spacing=6, vertical_alignment=ft.CrossAxisAlignment.CENTER))


def tile_button(view: GameView, tile: dict, on_click) -> ft.Control:
    """A colour-bonus tile in its field colour: its tile kind, then its side and points in words. A tile back
    in the box keeps only a border of its colour (its words in the theme's full contrast)."""
    colour, gone = tile["colour"], tile["side"] is None
    shown, said = tile_words(tile, view.names)
    ink = ft.Colors.ON_SURFACE if gone else "#ffffff" if colour in DARK_FIELDS else "#1d1d1d"
    return ft.Semantics(label=view.m(said), button=True, container=True, col={"xs": 3}, content=ft.Container(
        height=TOUCH + 14, border_radius=8, on_click=on_click,
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST if gone else FIELD_COLOURS[colour],
        border=ft.Border.all(3, FIELD_COLOURS[colour]) if gone else None,
        padding=ft.Padding.symmetric(horizontal=2, vertical=2), alignment=ft.Alignment.CENTER,
        content=ft.Column([  # the kind in 11 px: "Landwirtschaft" fits a quarter of a phone
            ft.Text(view.t(f"{GAME_ID}.tile.{KIND_OF_COLOUR[colour]}"), size=11, color=ink, max_lines=1,
                    overflow=ft.TextOverflow.ELLIPSIS),
            ft.Text(view.m(shown), size=12, weight=ft.FontWeight.BOLD, color=ink, max_lines=2,
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
        # four a row: the eight tiles in two rows on a phone
        ft.ResponsiveRow([tile_button(view, tile, lambda e, c=tile["colour"]: set_editing(c))
                          for tile in colour_tiles(view.state)], spacing=6, run_spacing=6),
    ], spacing=8)


@ft.component
def CastlesPanel(view: GameView, dispatch: Dispatch):
    return ft.Card(content=ft.Container(padding=12, content=ft.Column([
        ft.Text(view.t(f"{P}.stacks"), weight=ft.FontWeight.BOLD),
        *[stacks_row(view, i) for i in range(len(view.names))],
        ColourTiles(view, dispatch),
    ], spacing=8)))
