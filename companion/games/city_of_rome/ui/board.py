"""City of Rome's end-scoring entry: the 4 × 4 city with a palette of cards, money and influence tokens,
the influence cards won.

The palette holds the card in hand: a tap on an empty space lays it there (a therme with the VP markers
its neighbours give), and that space is selected. A tap on a space with a card selects it; under the grid
the selected space is edited: its VP markers (a therme; a marker count applies at once), the card in hand
in its place, or the card removed. A card is never overwritten by a tap. The whole city moves one space
with an arrow. Money and influence tokens are typed or stepped in ones and fives; an influence card is one
tap. Money, tokens and the cards won come prefilled from the tracker, and so does the city as built (or
the two start buildings).

Every change is a move (companion/games/city_of_rome/board.py), dispatched and applied to the latest board.
"""

from __future__ import annotations

import flet as ft

from companion.core.definition import BoardField
from companion.core.text import Msg
from companion.core.where import tokens
from companion.games.city_of_rome.board import (
    MAX_NUMBER, SIZE, cards_placed, cell_card, fewest_markers, is_therme, most_markers, palette_cards, parse_number,
    shifted, space_move, tap_space,
)
from companion.games.city_of_rome.cards import influence_cards
from companion.games.city_of_rome.ui.cards import DARK_TEXT, card_face, card_style, card_tile, star_hint
from companion.ui.boards.drafts import Drafts
from companion.ui.boards.pad import PadBeside
from companion.ui.boards.problems import Placing
from companion.ui.latest import use_latest
from companion.ui.view import Dispatch, GameView
from companion.ui.widgets import TOUCH, icon_button

NS = "city-of-rome.board"
CELL_W, CELL_H = 84, 62  # four cells and their gaps fit a 390 px phone
GRID_W = SIZE * CELL_W + (SIZE - 1) * 4
# The card in hand when the editor first opens: every city has its value-2 start house (and the most
# copies of any card), so a first tap on the city is never lost.
FIRST_BRUSH = "house-2"


def card_name(view: GameView, card_id: str | None, markers: int | None = None) -> str:
    """A space's card in words: "Empty", "Market", "Therme (2 VP markers)"."""
    if card_id is None:
        return view.t(f"{NS}.empty")
    name = view.t(f"city-of-rome.card.{card_id}")
    if markers is not None and is_therme(card_id):
        name += " " + view.t(f"{NS}.markers_short", markers=markers)
    return name


def space_label(view: GameView, city, r: int, c: int) -> str:
    card_id, markers = cell_card(city[r][c])
    return view.t(f"{NS}.cell", row=r + 1, column=c + 1, card=card_name(view, card_id, markers))


def troubled_spaces(problems) -> set[tuple[int, int]]:
    """The spaces of the city a problem is about (`$.players[0].city[1][3]`: row 2, column 4)."""
    spaces = set()
    for problem in problems:
        steps = tokens(problem.path) or []
        if len(steps) >= 5 and steps[2] == "city" and isinstance(steps[3], int) and isinstance(steps[4], int):
            spaces.add((steps[3], steps[4]))
    return spaces


# ---------------------------------------------------------------- the city

def space_view(view: GameView, city, r: int, c: int, selected: bool, troubled: bool, on_tap) -> ft.Control:
    """One space: its card (a therme's markers in the corner, as they lie on the card), or a + to lay one."""
    card_id, markers = cell_card(city[r][c])
    if card_id is not None:
        bg, body = card_style(card_id)[0], card_face(view, card_id, icon_size=18)
        if is_therme(card_id):
            badge = ft.Container(ft.Text(str(markers), size=11, weight=ft.FontWeight.BOLD, color=DARK_TEXT),
                                 width=20, height=20, border_radius=10, bgcolor="#ffd54f",
                                 alignment=ft.Alignment.CENTER, right=0, top=0)
            body = ft.Stack([ft.Container(body, alignment=ft.Alignment.CENTER, expand=True), badge], expand=True)
    else:
        bg, body = None, ft.Icon(ft.Icons.ADD, size=16, color=ft.Colors.OUTLINE)
    if troubled:  # a space a problem is about: marked where it is, the problem said under the grid
        body = ft.Stack([ft.Container(body, alignment=ft.Alignment.CENTER, expand=True),
                         ft.Container(ft.Icon(ft.Icons.ERROR, size=16, color=ft.Colors.ERROR), left=0, bottom=0,
                                      bgcolor=ft.Colors.SURFACE, border_radius=8)], expand=True)
    border = (ft.Border.all(4, ft.Colors.ON_SURFACE) if selected else ft.Border.all(3, ft.Colors.ERROR) if troubled
              else ft.Border.all(1, ft.Colors.OUTLINE))
    return ft.Semantics(
        label=space_label(view, city, r, c), button=True, selected=selected, container=True, exclude_semantics=True,
        content=ft.Container(width=CELL_W, height=CELL_H, border_radius=6, padding=2, bgcolor=bg, border=border,
                             alignment=ft.Alignment.CENTER, on_click=lambda e: on_tap(r, c), content=body))


@ft.component
def CityGrid(view: GameView, player: int, dispatch: Dispatch, brush_now, selected, select, troubled) -> ft.Control:
    """`brush_now()`: the card in hand as the palette's taps left it (one tapped just before the space,
    within one round trip, is the one laid)."""
    city = view.board["players"][player]["city"]

    def tap(r, c):
        move, now = tap_space(city, player, r, c, brush_now())
        select(list(now))
        if move is not None:
            dispatch(move)
    return ft.Column([ft.Row([space_view(view, city, r, c, selected == (r, c), (r, c) in troubled, tap)
                              for c in range(SIZE)], spacing=4) for r in range(SIZE)], spacing=4)


def shift_row(view: GameView, player: int, dispatch: Dispatch) -> ft.Control:
    """The whole city one space left, right, up or down in a tap; a direction in which a card would fall
    off is disabled and says so."""
    me = view.board["players"][player]

    def button(direction, icon):
        moved = shifted(me["city"], direction) is not None
        label = view.t(f"{NS}.shift_{direction}", player=me["name"])
        return icon_button(icon, label if moved else view.t(f"{NS}.shift_blocked", action=label),
                           lambda e: dispatch({"type": "city_shift", "player": player, "direction": direction}),
                           disabled=not moved)
    return ft.Row([ft.Text(view.t(f"{NS}.shift"), size=13, expand=True),
                   button("left", ft.Icons.ARROW_BACK), button("right", ft.Icons.ARROW_FORWARD),
                   button("up", ft.Icons.ARROW_UPWARD), button("down", ft.Icons.ARROW_DOWNWARD)],
                  spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER)


def marker_chips(view: GameView, player: int, dispatch: Dispatch, r: int, c: int, drawn) -> ft.Control:
    """The VP markers on the selected therme, one tap each, applied at once: from the fewest it can have
    been built with to the most it can carry."""
    card_id, markers = cell_card(drawn)
    name = view.t(f"city-of-rome.card.{card_id}")

    def chip(n):
        chosen = n == markers
        return ft.Semantics(
            label=view.t(f"{NS}.markers_choice", card=name, markers=n), button=True, selected=chosen,
            container=True, exclude_semantics=True,
            content=ft.Container(
                ft.Text(str(n), size=16, weight=ft.FontWeight.BOLD,
                        color=ft.Colors.ON_PRIMARY if chosen else ft.Colors.ON_SURFACE),
                width=TOUCH, height=TOUCH, border_radius=TOUCH / 2, alignment=ft.Alignment.CENTER,
                bgcolor=ft.Colors.PRIMARY if chosen else None, border=ft.Border.all(1, ft.Colors.OUTLINE),
                on_click=lambda e: None if chosen else dispatch(
                    space_move("city_markers", player, r, c, drawn, vp_markers=n))))
    return ft.Row([ft.Text(view.t(f"{NS}.markers_label"), size=13, expand=True),
                   *[chip(n) for n in range(fewest_markers(card_id), most_markers(card_id) + 1)]],
                  spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER)


def space_editor(view: GameView, player: int, dispatch: Dispatch, brush: str, space, select) -> list[ft.Control]:
    """The selected space: what lies there, its VP markers (a therme), the card in hand in its place, or
    the card removed."""
    r, c = space
    city = view.board["players"][player]["city"]
    drawn = city[r][c]
    card_id = cell_card(drawn)[0]
    where = view.t(f"{NS}.space", row=r + 1, column=c + 1)

    def remove(e):
        select(None)
        dispatch(space_move("city_clear", player, r, c, drawn))
    title = ft.Row([ft.Text(space_label(view, city, r, c), weight=ft.FontWeight.BOLD, size=14, expand=True,
                            max_lines=2),
                    icon_button(ft.Icons.DELETE_OUTLINE, view.t(f"{NS}.remove", card=view.t(f"city-of-rome.card.{card_id}"),
                                                               space=where), remove),
                    icon_button(ft.Icons.CHECK, view.t(f"{NS}.done", space=where), lambda e: select(None))],
                   spacing=0, vertical_alignment=ft.CrossAxisAlignment.CENTER)
    replace = ft.OutlinedButton(
        view.t(f"{NS}.replace", card=view.t(f"city-of-rome.card.{brush}")), icon=ft.Icons.SWAP_HORIZ, height=TOUCH,
        on_click=lambda e: dispatch(space_move("city_set", player, r, c, drawn, card=brush)))
    return [title, *([marker_chips(view, player, dispatch, r, c, drawn)] if is_therme(card_id) else []),
            *([replace] if brush != card_id else [])]


@ft.component
def UnderTheGrid(view: GameView, player: int, dispatch: Dispatch, brush: str, selected, select) -> ft.Control:
    """Under the grid: the selected space's editor, or how the palette works and the arrows that move the
    whole city (about as high: the palette moves only when a therme's markers come in)."""
    if selected is not None:
        parts = space_editor(view, player, dispatch, brush, selected, select)
    else:
        hint = view.t(f"{NS}.placing", card=view.t(f"city-of-rome.card.{brush}"))
        parts = [ft.Text(hint, size=13, max_lines=3), shift_row(view, player, dispatch)]
    return ft.Semantics(live_region=True, container=True, content=ft.Container(
        ft.Column(parts, spacing=6, tight=True), width=GRID_W))


@ft.component
def Palette(view: GameView, brush: str, choose) -> ft.Control:
    cards = palette_cards(len(view.board["players"]))
    return ft.Column([
        ft.Row([card_tile(view, cid, lambda e, cid=cid: choose(cid), chosen=cid == brush) for cid in cards],
               wrap=True, spacing=4, run_spacing=4),
        star_hint(view),
    ], spacing=8)


# ---------------------------------------------------------------- money, tokens, influence cards

def count_step(view: GameView, player: int, dispatch: Dispatch, key: str, value: int, delta: int) -> ft.Control:
    """A -/+ on money or tokens: added to the count as it is by then (-5 from 3 goes to 0)."""
    me = view.board["players"][player]
    label = view.t("ui.step", counter=view.t(f"{NS}.{key}"), delta=f"{delta:+d}", player=me["name"])
    move = {"type": "board_add", "player": player, "path": [key], "delta": delta, "minimum": 0, "maximum": MAX_NUMBER}
    if abs(delta) == 1:
        return icon_button(ft.Icons.ADD if delta > 0 else ft.Icons.REMOVE, label, lambda e: dispatch(move),
                           disabled=value == 0 and delta < 0)
    return ft.Semantics(label=label, button=True, container=True, content=ft.TextButton(
        f"{delta:+d}", width=TOUCH, height=TOUCH, on_click=lambda e: dispatch(move),
        disabled=value == 0 and delta < 0, style=ft.ButtonStyle(padding=2)))


@ft.component
def CountRow(view: GameView, player: int, dispatch: Dispatch, key: str) -> ft.Control:
    """Money or influence tokens: typed (a number keyboard; what is not a count is said under the field
    and not sent) or stepped by 1 and 5."""
    drafts = Drafts(player, view.game.revision)
    me = view.board["players"][player]
    label, value, draft = view.t(f"{NS}.{key}"), me[key], drafts.get(key)

    def commit(field, number, then):
        dispatch({"type": "board_set", "player": player, "path": [field], "value": number, "expect": value}, then=then)
    # The field is named by its label (a screen reader and a test find it so); the group around it says
    # whose value it is.
    field = ft.Semantics(
        label=view.t("ui.value", counter=label, player=me["name"], value=value), container=True, expand=True,
        content=drafts.drawn(key, ft.TextField(
            key=f"{key}-{player}", label=label, value=drafts.shown(key, value), dense=True,
            keyboard_type=ft.KeyboardType.NUMBER, text_size=18,
            content_padding=ft.Padding.symmetric(vertical=11, horizontal=10),  # 48 px high, a tap target
            border_color=ft.Colors.ERROR if draft else None,
            on_change=lambda e: drafts.keystroke(key, e.control.value, parse_number(e.control.value), value, commit),
            on_blur=lambda e: drafts.forget(key))))
    row = ft.Row([field, *[count_step(view, player, dispatch, key, value, d) for d in (-5, -1, 1, 5)]],
                 spacing=0, vertical_alignment=ft.CrossAxisAlignment.CENTER)

    def set_to(number):  # the number pad's "Set to": a count, or said as typed
        drafts.typed(key, str(number), parse_number(str(number)), value, commit)
    row = PadBeside(view, me["name"], BoardField(key, Msg(f"{NS}.{key}")), row, set_to, key=f"pad-{key}-{player}")
    if not draft:
        return row
    return ft.Column([row, ft.Text(view.t(f"{NS}.not_a_number", value=draft, maximum=MAX_NUMBER),
                                   color=ft.Colors.ERROR, size=12)], spacing=2)


@ft.component
def InfluenceCards(view: GameView, player: int, dispatch: Dispatch) -> ft.Control:
    """The influence cards in play, one tap each; a card another player won shows their name."""
    players = view.board["players"]
    me = players[player]
    owner = {v: p["name"] for i, p in enumerate(players) if i != player for v in p["influence_cards"]}

    def card(v):
        mine, theirs = v in me["influence_cards"], owner.get(v)
        label = (view.t(f"{NS}.influence_card_of", value=v, player=theirs) if theirs
                 else view.t(f"{NS}.influence_card", value=v))
        button = (ft.FilledButton if mine else ft.OutlinedButton)(
            content=ft.Column([ft.Text(str(v), size=16, weight=ft.FontWeight.BOLD),
                               *([ft.Text(theirs, size=10, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS)]
                                 if theirs else [])], spacing=0, tight=True,
                              horizontal_alignment=ft.CrossAxisAlignment.CENTER),
            width=72, height=TOUCH + (8 if theirs else 0), disabled=bool(theirs),
            on_click=lambda e: dispatch({"type": "influence_card", "player": player, "card": v, "won": not mine}),
            style=ft.ButtonStyle(padding=2))
        return ft.Semantics(label=label, button=True, selected=mine, container=True, content=button)
    return ft.Column([ft.Text(view.t(f"{NS}.influence_cards")),
                      ft.Row([card(v) for v in influence_cards(len(players))], wrap=True, spacing=8, run_spacing=8)],
                     spacing=8)


# ---------------------------------------------------------------- the board

def city_source(view: GameView, player: int) -> ft.Control:
    """How many spaces are filled, and where the city comes from: the builds recorded during play, or the
    start buildings."""
    me = view.board["players"][player]
    tracked = "tracked_city" if view.state["buildings_built"][player] else "start_city"
    return ft.Column([ft.Text(view.t(f"{NS}.city_count", placed=cards_placed(me["city"])), weight=ft.FontWeight.BOLD),
                      ft.Text(view.t(f"{NS}.{tracked}", player=me["name"]), size=13)], spacing=4)


@ft.component
def CityOfRomeBoard(view: GameView, player: int, dispatch: Dispatch, problems=()):
    # Per board (the player's): the card in hand, and the [row, column] being edited. The end-scoring
    # screen keeps this editor by its key when a banner comes or goes above it.
    brushes, set_brushes, latest_brushes = use_latest({})
    picked, set_picked = ft.use_state({})
    set_brush = ft.use_callback(lambda card: set_brushes({**latest_brushes(), player: card}), [player])
    select = ft.use_callback(lambda cell: set_picked(lambda now: {**now, player: cell}), [player])
    brush, kept = brushes.get(player, FIRST_BRUSH), picked.get(player)
    city = view.board["players"][player]["city"]
    # a space emptied meanwhile (on another phone too) is no longer being edited
    selected = tuple(kept) if kept is not None and cell_card(city[kept[0]][kept[1]])[0] is not None else None
    placing = Placing(problems)  # this board's problems, once it is entered: each beside its part
    troubled = troubled_spaces(placing.left)
    city_problems = placing.at("city")
    money, tokens_, cards = placing.at("money"), placing.at("influence_tokens"), placing.at("influence_cards")
    return ft.Column([
        *placing.rest(),
        city_source(view, player),
        CityGrid(view, player, dispatch, lambda: latest_brushes().get(player, FIRST_BRUSH), selected, select,
                 troubled),
        *city_problems,
        UnderTheGrid(view, player, dispatch, brush, selected, select),
        Palette(view, brush, set_brush),
        ft.Divider(height=8),
        CountRow(view, player, dispatch, "money"),
        *money,
        CountRow(view, player, dispatch, "influence_tokens"),
        *tokens_,
        InfluenceCards(view, player, dispatch),
        *cards,
    ], spacing=8)
