"""The Castles of Tuscany's part of the live tracker: each player's three stacks (and a quick "tile
revealed" button, the entry made most often), the announcement of the round's end, the scorings so
far (green added onto red), and the eight colour-bonus tiles with the side that is up and its points.

Everything shown comes from the tracker's state; the points are the tracker's (this panel only sets
them side by side). A colour-bonus tile's points are box data: tapping a tile enters or corrects them.
"""

from __future__ import annotations

import flet as ft

from companion.core.text import Msg
from companion.games.castles_of_tuscany.components import (
    COLOURS, SIDES, STACK_SIZE, STACK_TILES, STACKS, TILE_KINDS, box_key, last_in_cycle, left_in_stack, stack_of,
)
from companion.games.castles_of_tuscany.tracker import ROUNDS, emptied, round_over
from companion.ui.box_data import BoxDataForm
from companion.ui.model import AppModel
from companion.ui.widgets import TOUCH, colour_dot, icon_button

NS = "castles-of-tuscany"
P = f"{NS}.panel"
# The field colours as printed (approximately), and the tile kind that fills them (its name is
# shown on the tile so the colours need not be told apart by sight).
FIELD_COLOURS = {"dark_green": "#2f5d34", "red": "#b5382e", "turquoise": "#2a9d9a", "light_green": "#8dc15a",
                 "grey": "#9a9a9a", "orange": "#e08a2c", "yellow": "#e8c547", "beige": "#d9c7a0"}
DARK_FIELDS = {"dark_green", "red", "turquoise"}
KIND_OF_COLOUR = {colour: kind for kind, (colour, _n) in TILE_KINDS.items() if kind != "start_castle"}


def m(key: str, **params) -> Msg:
    return Msg(f"{P}.{key}", **params)


def stack_fill(revealed: int) -> list[float]:
    """How much of each of the three stacks has been revealed, 0.0 to 1.0, left to right."""
    return [min(max(revealed - s * STACK_SIZE, 0), STACK_SIZE) / STACK_SIZE for s in range(STACKS)]


def stack_line(name: str, revealed: int) -> Msg:
    if revealed >= STACK_TILES:
        return m("stacks_empty", player=name)
    return m("stack", player=name, stack=stack_of(revealed), left=left_in_stack(revealed), revealed=revealed)


def announcement(state: dict, names: list[str]) -> Msg | None:
    """What the table has to do about the round's end now, or None while the round runs on."""
    n, start = len(names), state["start_player"]
    last = names[last_in_cycle(n, start)]
    if state["finished"]:
        return m("finished")
    if state["extra_cycle"]:
        return m("extra_cycle", first=names[start], last=last)
    if round_over(state):
        who = [names[i] for i in emptied(state, state["round"])]
        return m("round_over_3" if state["round"] == ROUNDS else "round_over", players=who,
                 stack=state["round"], round=state["round"], last=last)
    return None


def scoring_lines(state: dict, names: list[str]) -> list[Msg]:
    """One line per scoring so far: each player's red before, the green added, the red after."""
    lines = []
    for record in state["scorings"]:
        parts = [m("scoring_player", player=name, before=red - green, green=green, red=red)
                 for name, green, red in zip(names, record["green"], record["red"])]
        lines.append(m("scoring", round=record["round"], parts=parts))
    return lines


def colour_tiles(state: dict) -> list[dict]:
    """Each colour-bonus tile: the side that is up (None once it is back in the box), that side's
    points if entered (None if not), and who has completed the colour."""
    tiles = []
    for colour in COLOURS:
        got = state["colour_bonus"][colour]
        side = SIDES[len(got)] if len(got) < len(SIDES) else None
        tiles.append({"colour": colour, "side": side, "players": list(got),
                      "points": state["box"].get(box_key(colour, side)) if side else None})
    return tiles


@ft.component
def CastlesOfTuscanyPanel(model: AppModel, session):
    editing, set_editing = ft.use_state(None)  # the colour whose tile values are being entered
    state, config = session.state, session.config
    names = [p["name"] for p in config["players"]]
    finished = state["finished"]

    dialog = None
    if editing is not None:
        keys = tuple(box_key(editing, side) for side in SIDES)

        def saved():
            from companion.ui.screens.play import box_events  # the play screen imports the panels
            set_editing(None)
            given = box_events(keys, model.repo.box_data(session.game.id), state["box"])
            if given:
                model.dispatch(session.id, *given)

        dialog = ft.AlertDialog(
            modal=True,
            title=ft.Text(model.t(f"{P}.tile_title", colour=model.t(f"{NS}.colour.{editing}"))),
            content=ft.Column([ft.Text(model.t(f"{P}.tile_hint")),
                               BoxDataForm(model, session.game.id, keys, on_saved=saved)],
                              tight=True, scroll=ft.ScrollMode.AUTO, width=480),
            actions=[ft.TextButton(model.t("ui.close"), on_click=lambda e: set_editing(None))],
            on_dismiss=lambda e: set_editing(None))
    ft.use_dialog(dialog)

    def reveal(i):
        model.dispatch(session.id, {"type": "adjust", "player": i, "counter": "revealed", "delta": 1})

    def player_stacks(i):
        p = config["players"][i]
        revealed = state["players"][i]["counters"]["revealed"]
        line = model.m(stack_line(p["name"], revealed))
        bars = ft.Row([ft.ProgressBar(value=f, expand=True, bar_height=10, border_radius=5)
                       for f in stack_fill(revealed)], spacing=6)
        return ft.Row([
            ft.Semantics(label=line, container=True, expand=True, content=ft.Column([
                ft.Row([colour_dot(p["colour"], 12), ft.Text(line, size=13, expand=True)], spacing=6),
                bars,
            ], spacing=4)),
            icon_button(ft.Icons.ADD, model.t(f"{P}.reveal", player=p["name"]), lambda e: reveal(i),
                        disabled=finished or revealed >= STACK_TILES),
        ], vertical_alignment=ft.CrossAxisAlignment.CENTER)

    def tile_chip(tile):
        colour, side = tile["colour"], tile["side"]
        kind = model.t(f"{NS}.tile.{KIND_OF_COLOUR[colour]}")
        if side is None:
            shown, label_key = "–", "tile_gone"
        elif tile["points"] is None:
            shown, label_key = f"{side} · ?", "tile_unknown"
        else:
            shown, label_key = f"{side} · {tile['points']}", "tile_up"
        label = model.t(f"{P}.{label_key}", colour=model.t(f"{NS}.colour.{colour}"), side=side or "",
                        points=tile["points"] if tile["points"] is not None else "",
                        players=", ".join(names[i] for i in tile["players"]) or "–")
        ink = "#ffffff" if colour in DARK_FIELDS else "#1d1d1d"
        return ft.Semantics(label=label, button=True, container=True, content=ft.Container(
            width=78, height=TOUCH + 6, border_radius=8, bgcolor=FIELD_COLOURS[colour],
            opacity=0.45 if side is None else 1.0, padding=ft.Padding.symmetric(horizontal=4, vertical=2),
            alignment=ft.Alignment.CENTER, on_click=lambda e: set_editing(colour),
            content=ft.Column([ft.Text(kind, size=11, color=ink, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
                               ft.Text(shown, size=15, weight=ft.FontWeight.BOLD, color=ink)],
                              spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                              alignment=ft.MainAxisAlignment.CENTER)))

    news = announcement(state, names)
    scorings = scoring_lines(state, names)
    controls = [ft.Text(model.t(f"{P}.stacks"), weight=ft.FontWeight.BOLD),
                *[player_stacks(i) for i in range(len(names))],
                ft.Text(model.t(f"{P}.colour_tiles"), weight=ft.FontWeight.BOLD),
                ft.Row([tile_chip(t) for t in colour_tiles(state)], wrap=True, spacing=6, run_spacing=6)]
    if scorings:
        controls += [ft.Text(model.t(f"{P}.scorings"), weight=ft.FontWeight.BOLD),
                     *[ft.Text(model.m(line), size=13) for line in scorings]]
    if news is not None:  # last: right above the button that ends the round
        text = model.m(news)
        controls.append(ft.Semantics(label=text, container=True, live_region=True, content=ft.Container(
            content=ft.Row([ft.Icon(ft.Icons.FLAG, color=ft.Colors.ON_TERTIARY_CONTAINER),
                            ft.Text(text, color=ft.Colors.ON_TERTIARY_CONTAINER, weight=ft.FontWeight.BOLD,
                                    expand=True)]),
            bgcolor=ft.Colors.TERTIARY_CONTAINER, padding=12, border_radius=8)))
    return ft.Card(content=ft.Container(padding=12, content=ft.Column(controls, spacing=8)))
