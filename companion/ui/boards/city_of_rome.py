"""City of Rome's end-scoring entry, as a palette: pick a card once, then tap every space of the 4 × 4
city it goes to (a therme's VP markers are chosen with it, in place); money and influence tokens
stepped in ones and fives or typed; influence cards one tap each. Money, tokens and the cards won come
prefilled from the tracker (`board_from_tracker`).

The four public-building kinds have the rulebook's colours (Markt green, Arena red, Schule yellow,
Therme blue: "Grenzt ... 2x Blau und je 1x Rot und Gelb" in the final-scoring example) and an icon
each, since district scores depend on how many of them touch a district.
"""

from __future__ import annotations

import copy

import flet as ft

from companion.games.city_of_rome.cards import (
    AQUEDUCT, CARDS, HOUSE, PRODUCTION, PUBLIC, TEMPLE, copies_in_play, influence_cards,
)
from companion.ui.boards.drafts import Drafts
from companion.ui.boards.problems import Placing
from companion.ui.boards.session import game_session, use_sid
from companion.ui.model import AppModel
from companion.ui.widgets import TOUCH, icon_button

NS = "city-of-rome.board"
ERASER = "empty"  # the brush that empties spaces
KIND_ICONS = {HOUSE: ft.Icons.HOUSE, PRODUCTION: ft.Icons.AGRICULTURE, AQUEDUCT: ft.Icons.WATER,
              TEMPLE: ft.Icons.TEMPLE_BUDDHIST}
KIND_TINT = {HOUSE: "#f5deb3", PRODUCTION: "#d7ccc8", AQUEDUCT: "#b2ebf2", TEMPLE: "#e1d5e7"}
PUBLIC_ICONS = {"market": ft.Icons.STOREFRONT, "arena": ft.Icons.STADIUM, "school": ft.Icons.SCHOOL,
                "therme": ft.Icons.HOT_TUB}
PUBLIC_COLOURS = {"market": "#2e7d32", "arena": "#c62828", "school": "#f5c400", "therme": "#1565c0"}
DARK_TEXT, LIGHT_TEXT = "#262626", "#ffffff"
KIND_ORDER = (HOUSE, PUBLIC, PRODUCTION, AQUEDUCT, TEMPLE)
CELL_W, CELL_H = 84, 62  # four cells and their gaps fit a 390 px phone
TILE_W, TILE_H = 68, 52  # five palette tiles a row on a phone: names up to "Getreidehof" on one line
MAX_NUMBER = 999  # money or tokens typed: more than any game reaches
# The card in hand when the editor first opens: every city has its value-2 start house (and the most
# copies of any card), so a first tap on the city is never lost.
FIRST_BRUSH = "house-2"


# ---------------------------------------------------------------- plain helpers (tested without a browser)

def cell_card(cell) -> tuple[str | None, int]:
    """A city cell of the board state as (card id or None, VP markers)."""
    if cell is None:
        return None, 0
    if isinstance(cell, str):
        return cell, 0
    return cell.get("card"), cell.get("vp_markers", 0)


def is_therme(card_id: str | None) -> bool:
    return bool(card_id) and card_id in CARDS and CARDS[card_id].public_type == "therme"


def max_markers(card_id: str) -> int:
    """The most VP markers a therme can carry: one per neighbour (4), the Kaiser-Therme one more."""
    return 4 + CARDS[card_id].extra_vp_marker


def cell_value(card_id: str | None, markers: int = 0):
    """A cell as the board state writes it: null, the card id, or a therme with its markers."""
    if card_id is None:
        return None
    return {"card": card_id, "vp_markers": markers} if is_therme(card_id) else card_id


def painted(cell, brush: str | None, markers: int):
    """What a space holds after a tap with `brush`: the eraser empties it; a card goes there, and a
    space that already holds exactly that card (and markers) is emptied again (tap twice: gone)."""
    if brush == ERASER:
        return None
    card, had = cell_card(cell)
    if card == brush and (had == markers or not is_therme(brush)):
        return None
    return cell_value(brush, markers if is_therme(brush) else 0)


def palette_cards(players: int) -> list[str]:
    """The cards that can be in a city at this player count, by kind (houses, public buildings,
    production, aqueducts, temples), standard versions before special ones."""
    return [cid for kind in KIND_ORDER for cid, card in CARDS.items()
            if card.kind == kind and copies_in_play(card, players) > 0]


def card_style(card_id: str) -> tuple[str, str, str]:
    """(background colour, text colour, icon) of a card's tile: public buildings in their colour."""
    card = CARDS[card_id]
    if card.kind == PUBLIC:
        colour = PUBLIC_COLOURS[card.public_type]
        return colour, DARK_TEXT if card.public_type == "school" else LIGHT_TEXT, PUBLIC_ICONS[card.public_type]
    return KIND_TINT[card.kind], DARK_TEXT, KIND_ICONS[card.kind]


def parse_number(text: str) -> int | None:
    """A count as typed: a whole number from 0 to MAX_NUMBER (spaces ignored), else None."""
    text = (text or "").strip()
    if not (text.isascii() and text.isdigit()) or len(text) > 4:
        return None
    value = int(text)
    return value if value <= MAX_NUMBER else None


def cards_placed(city) -> int:
    return sum(1 for row in city for cell in row if cell_card(cell)[0] is not None)


SHIFTS = {"left": (0, -1), "right": (0, 1), "up": (-1, 0), "down": (1, 0)}  # (rows, columns) per tap


def shifted(city, direction: str):
    """The whole city one space further `direction` ("left", "right", "up", "down") in the 4 × 4 grid, or
    None when a card would fall off it (or there is no card to move)."""
    rows, cols = SHIFTS[direction]
    size = len(city)
    out = [[None] * size for _ in range(size)]
    moved = False
    for r, row in enumerate(city):
        for c, cell in enumerate(row):
            if cell is None:
                continue
            if not (0 <= r + rows < size and 0 <= c + cols < size):
                return None
            out[r + rows][c + cols] = cell
            moved = True
    return out if moved else None


# ---------------------------------------------------------------- a card as a tile (the palette, the Build dialog)

def card_tile(model: AppModel, card_id: str, on_click, chosen: bool = False, label: str | None = None) -> ft.Control:
    """A card to pick, in its kind's colour with its icon and short name; named by the card alone (not
    also by the short name shown), or by `label`."""
    bg, fg, icon = card_style(card_id)
    body = ft.Column([ft.Icon(icon, size=16, color=fg),
                      ft.Text(model.t(f"city-of-rome.short.{card_id}"), size=11, color=fg, max_lines=2,
                              text_align=ft.TextAlign.CENTER)],
                     spacing=0, alignment=ft.MainAxisAlignment.CENTER,
                     horizontal_alignment=ft.CrossAxisAlignment.CENTER)
    if chosen:  # a tick as well as the frame: the frame alone is hard to see on a dark tile
        body = ft.Stack([ft.Container(body, alignment=ft.Alignment.CENTER, expand=True),
                         ft.Container(ft.Icon(ft.Icons.CHECK, size=12, color=ft.Colors.ON_SURFACE),
                                      width=16, height=16, border_radius=8, bgcolor=ft.Colors.SURFACE,
                                      alignment=ft.Alignment.CENTER, left=0, top=0)], expand=True)
    return ft.Semantics(
        label=label or model.t(f"city-of-rome.card.{card_id}"), button=True, selected=chosen, container=True,
        exclude_semantics=True,
        content=ft.Container(
            width=TILE_W, height=TILE_H, border_radius=6, padding=1, bgcolor=bg,
            # the same width chosen or not: the tiles never move
            border=ft.Border.all(3, ft.Colors.ON_SURFACE if chosen else "#00000014"),
            on_click=on_click, content=body,
        ),
    )


def shift_row(model: AppModel, city, who: str, shift) -> ft.Control:
    """One line under the grid (the palette stays in view with the city): the whole city one space left,
    right, up or down in a tap; a direction in which a card would fall off is disabled and says so."""
    def button(direction, icon):
        moved = shifted(city, direction) is not None
        label = model.t(f"{NS}.shift_{direction}", player=who)
        return icon_button(icon, label if moved else model.t(f"{NS}.shift_blocked", action=label),
                           lambda e: shift(direction), disabled=not moved)

    return ft.Row([ft.Text(model.t(f"{NS}.shift"), size=13, expand=True),
                   button("left", ft.Icons.ARROW_BACK), button("right", ft.Icons.ARROW_FORWARD),
                   button("up", ft.Icons.ARROW_UPWARD), button("down", ft.Icons.ARROW_DOWNWARD)],
                  spacing=4, width=4 * CELL_W + 3 * 4, vertical_alignment=ft.CrossAxisAlignment.CENTER)


# ---------------------------------------------------------------- the editor

def use_kept(key: str, default):
    """A piece of this tab's editor state kept in its session store, read afresh on every render: the
    end-scoring screen rebuilds the editor when a banner comes or goes above it (the card in hand must
    not fall out of it then), and each board keeps its own (the key names the player)."""
    store = ft.context.page.session.store
    tick, set_tick = ft.use_state(0)  # only to draw again after a change

    def keep(new):
        store.set(key, new)
        set_tick(tick + 1)
    return (store.get(key) if store.contains_key(key) else default), keep


@ft.component
def CityOfRomeBoard(model: AppModel, board: dict, player: int, on_change, problems=()):
    brush, set_brush = use_kept(f"{NS}.brush.{player}", FIRST_BRUSH)  # a card id or ERASER: what a tap lays
    markers, set_markers = use_kept(f"{NS}.markers.{player}", 0)  # VP markers a therme brush lays
    drafts = Drafts(player)  # money and tokens typed: text that is not a count (yet) stays in the field
    me = board["players"][player]
    count = len(board["players"])
    if brush != ERASER and brush not in palette_cards(count):  # kept from a game with more players
        brush = FIRST_BRUSH
    who = me["name"]

    def update(fn):
        new = copy.deepcopy(board)
        fn(new["players"][player])
        on_change(new)

    def card_name(card_id: str | None, with_markers: int | None = None) -> str:
        if card_id is None:
            return model.t(f"{NS}.empty")
        name = model.t(f"city-of-rome.card.{card_id}")
        if with_markers is not None and is_therme(card_id):
            name += " " + model.t(f"{NS}.markers_short", markers=with_markers)
        return name

    def choose(card_id):
        set_brush(card_id)
        if is_therme(card_id):
            set_markers(min(markers, max_markers(card_id)))

    def tap_cell(r, c):
        def change(p):
            p["city"][r][c] = painted(p["city"][r][c], brush, markers)
        update(change)

    # ------------------------------------------------------------ the city
    def cell_view(r, c):
        card_id, on_it = cell_card(me["city"][r][c])
        card = CARDS.get(card_id)
        label = model.t(f"{NS}.cell", row=r + 1, column=c + 1, card=card_name(card_id if card else None, on_it))
        if card:
            bg, fg, icon = card_style(card_id)
            body = ft.Column([ft.Icon(icon, size=18, color=fg),
                              ft.Text(model.t(f"city-of-rome.short.{card_id}"), size=11, color=fg, max_lines=2,
                                      text_align=ft.TextAlign.CENTER, weight=ft.FontWeight.W_500)],
                             spacing=0, alignment=ft.MainAxisAlignment.CENTER,
                             horizontal_alignment=ft.CrossAxisAlignment.CENTER)
            if card.public_type == "therme":  # the markers in the corner, as they lie on the card
                body = ft.Stack([ft.Container(body, alignment=ft.Alignment.CENTER, expand=True),
                                 ft.Container(ft.Text(str(on_it), size=11, weight=ft.FontWeight.BOLD,
                                                      color=DARK_TEXT),
                                              width=20, height=20, border_radius=10, bgcolor="#ffd54f",
                                              alignment=ft.Alignment.CENTER, right=0, top=0)],
                                expand=True)
        else:
            bg, body = None, ft.Icon(ft.Icons.ADD, size=16, color=ft.Colors.OUTLINE_VARIANT)
        return ft.Semantics(
            label=label, button=True, container=True, exclude_semantics=True,
            content=ft.Container(
                width=CELL_W, height=CELL_H, border_radius=6, padding=3, bgcolor=bg,
                border=ft.Border.all(1, ft.Colors.OUTLINE), alignment=ft.Alignment.CENTER,
                on_click=lambda e: tap_cell(r, c), content=body,
            ),
        )

    grid = ft.Column([ft.Row([cell_view(r, c) for c in range(4)], spacing=4) for r in range(4)], spacing=4)

    def shift(direction):
        def change(p):
            p["city"] = shifted(p["city"], direction)
        update(change)

    # ------------------------------------------------------------ what a tap on the city does now
    eraser = icon_button(ft.Icons.BACKSPACE_OUTLINED if brush != ERASER else ft.Icons.BACKSPACE,
                         model.t(f"{NS}.eraser"), lambda e: choose(ERASER), selected=brush == ERASER)
    if is_therme(brush):
        limit = max_markers(brush)
        chips = [ft.Semantics(
            label=model.t(f"{NS}.markers_choice", markers=n), button=True, selected=n == markers, container=True,
            exclude_semantics=True,
            content=ft.Container(
                ft.Text(str(n), size=15, weight=ft.FontWeight.BOLD,
                        color=ft.Colors.ON_PRIMARY if n == markers else ft.Colors.ON_SURFACE),
                width=40, height=TOUCH, border_radius=TOUCH / 2, alignment=ft.Alignment.CENTER,
                bgcolor=ft.Colors.PRIMARY if n == markers else None, border=ft.Border.all(1, ft.Colors.OUTLINE),
                on_click=lambda e, n=n: set_markers(n)))
            for n in range(limit + 1)]
        doing = ft.Row([ft.Text(model.t(f"{NS}.markers_label"), size=13, width=58), *chips], spacing=2)
    else:
        text = model.t(f"{NS}.erasing") if brush == ERASER else model.t(f"{NS}.placing", card=card_name(brush))
        doing = ft.Text(text, size=13, max_lines=3)
    bar = ft.Semantics(live_region=True, container=True, content=ft.Container(
        ft.Row([ft.Container(doing, expand=True), eraser], spacing=4), height=56))

    # ------------------------------------------------------------ the palette
    def tile(card_id):
        return card_tile(model, card_id, lambda e: choose(card_id), chosen=card_id == brush)

    palette = ft.Row([tile(cid) for cid in palette_cards(count)], wrap=True, spacing=4, run_spacing=4)

    # ------------------------------------------------------------ money, tokens, influence cards
    def set_number(key, value):
        def change(p):
            p[key] = value
        update(change)

    def number_row(key):
        label = model.t(f"{NS}.{key}")
        value = me[key]
        draft = drafts.get(key)

        def step(delta):
            return icon_button(ft.Icons.ADD if delta > 0 else ft.Icons.REMOVE, model.t(
                "ui.step", counter=label, delta=f"{delta:+d}", player=who),
                lambda e: on_change.add([key], delta, maximum=MAX_NUMBER), disabled=value == 0 and delta < 0) \
                if abs(delta) == 1 else ft.Semantics(
                    label=model.t("ui.step", counter=label, delta=f"{delta:+d}", player=who), button=True,
                    container=True,
                    # -5 from 3 goes to 0 rather than doing nothing
                    content=ft.TextButton(f"{delta:+d}", width=TOUCH, height=TOUCH,
                                          on_click=lambda e: on_change.add([key], delta, maximum=MAX_NUMBER),
                                          disabled=value == 0 and delta < 0, style=ft.ButtonStyle(padding=2)))
        # The field is named by its label (a screen reader and a test find it so); the group around it
        # says whose value it is.
        field = ft.Semantics(
            label=model.t("ui.value", counter=label, player=who, value=value), container=True, expand=True,
            content=ft.TextField(
                key=f"{key}-{player}", label=label, value=draft if draft is not None else str(value), dense=True,
                keyboard_type=ft.KeyboardType.NUMBER, text_size=18,
                content_padding=ft.Padding.symmetric(vertical=11, horizontal=10),  # 48 px high, a tap target
                border_color=ft.Colors.ERROR if draft else None,
                on_change=lambda e: drafts.typed(key, e.control.value, parse_number(e.control.value), value,
                                                 set_number),
                on_blur=lambda e: drafts.forget(key)))
        row = ft.Row([field, step(-5), step(-1), step(1), step(5)],
                     spacing=0, vertical_alignment=ft.CrossAxisAlignment.CENTER)
        if draft:  # something typed that is not a count: say so right there
            return ft.Column([row, ft.Text(model.t(f"{NS}.not_a_number", value=draft, maximum=MAX_NUMBER),
                                           color=ft.Colors.ERROR, size=12)], spacing=2)
        return row

    def toggle_card(value):
        def change(p):
            p["influence_cards"] = sorted(set(p["influence_cards"]) ^ {value})
        update(change)

    owner = {v: p["name"] for i, p in enumerate(board["players"]) if i != player for v in p["influence_cards"]}

    def influence_card(v):
        mine, theirs = v in me["influence_cards"], owner.get(v)
        label = (model.t(f"{NS}.influence_card_of", value=v, player=theirs) if theirs
                 else model.t(f"{NS}.influence_card", value=v))
        button = (ft.FilledButton if mine else ft.OutlinedButton)(
            content=ft.Column([ft.Text(str(v), size=16, weight=ft.FontWeight.BOLD),
                               *([ft.Text(theirs, size=10, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS)]
                                 if theirs else [])], spacing=0, tight=True,
                              horizontal_alignment=ft.CrossAxisAlignment.CENTER),
            width=72, height=TOUCH + (8 if theirs else 0), disabled=bool(theirs),
            on_click=lambda e: toggle_card(v), style=ft.ButtonStyle(padding=2))
        return ft.Semantics(label=label, button=True, selected=mine, container=True, content=button)

    placed = cards_placed(me["city"])
    session = game_session(model, use_sid(), "city-of-rome")
    # where the city comes from: the builds the table recorded during play, or the start buildings
    tracked = None if session is None else "tracked_city" if session.state["buildings_built"][player] else "start_city"
    placing = Placing(problems)  # this board's problems, once it is entered: each beside its part
    city_problems = placing.at("city")
    money, tokens, cards = placing.at("money"), placing.at("influence_tokens"), placing.at("influence_cards")
    return ft.Column([
        *placing.rest(),
        ft.Text(model.t(f"{NS}.city_count", placed=placed), weight=ft.FontWeight.BOLD),
        *([ft.Text(model.t(f"{NS}.{tracked}", player=who), size=13)] if tracked else []),
        grid,
        shift_row(model, me["city"], who, shift),
        *city_problems,
        bar,
        palette,
        ft.Text(model.t(f"{NS}.star_hint"), size=12, color=ft.Colors.ON_SURFACE_VARIANT),
        ft.Divider(height=8),
        number_row("money"),
        *money,
        number_row("influence_tokens"),
        *tokens,
        ft.Text(model.t(f"{NS}.influence_cards")),
        ft.Row([influence_card(v) for v in influence_cards(count)], wrap=True, spacing=8, run_spacing=8),
        *cards,
    ], spacing=8)
