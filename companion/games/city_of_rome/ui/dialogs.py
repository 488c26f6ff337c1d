"""City of Rome's Build dialog (Aktion Bauen) during play: first the space of the player's city (the city
as built, a + where a card can go, a card an aqueduct may replace), then the card among those that can
go there. The entry goes to the tracker, which applies what the building does at once (a therme's VP
markers, a market's money, ...). Where a card can go only `tracker.build_options` knows.
"""

from __future__ import annotations

import flet as ft

from companion.core.definition import Action
from companion.games.city_of_rome import tracker
from companion.games.city_of_rome.board import palette_cards
from companion.games.city_of_rome.cards import CARDS
from companion.games.city_of_rome.ui.cards import card_face, card_style, card_tile, has_stars, star_hint
from companion.ui.view import Dispatch, GameView
from companion.ui.widgets import TOUCH

NS = "city-of-rome.build"
SPACE = 56  # a space of the dialog's city


def space_cell(view: GameView, city: dict, options: dict, space, corner, choose) -> ft.Control:
    """A space of the dialog's city: a + where a card can go, a card (tappable when an aqueduct may
    replace it), or nothing."""
    entry, (row, column) = city.get(space), (space[0] - corner[0] + 1, space[1] - corner[1] + 1)
    tappable = space in options
    if entry is None and not tappable:
        return ft.Container(width=SPACE, height=SPACE)
    if entry is None:
        label = view.t(f"{NS}.space", row=row, column=column)
        body, bg = ft.Icon(ft.Icons.ADD, color=ft.Colors.PRIMARY), None
    else:
        card = view.t(f"city-of-rome.card.{entry['card']}")
        label = view.t(f"{NS}.card_replace" if tappable else f"{NS}.card_here", row=row, column=column, card=card)
        bg, body = card_style(entry["card"])[0], card_face(view, entry["card"], text_size=9)
    return ft.Semantics(
        label=label, button=tappable, container=True, exclude_semantics=True,
        content=ft.Container(body, width=SPACE, height=SPACE, border_radius=6, bgcolor=bg, padding=1,
                             alignment=ft.Alignment.CENTER,
                             border=ft.Border.all(2 if tappable else 1,
                                                  ft.Colors.PRIMARY if tappable else ft.Colors.OUTLINE),
                             on_click=(lambda e: choose(list(space))) if tappable else None))


def choose_space(view: GameView, player: int, options: dict, choose, swap) -> ft.Control:
    state = view.state
    city = tracker.city_map(state["cities"][player])
    corner = tracker.grid_corner(city, options)
    shown = set(city) | set(options)
    bottom, right = max(r for r, _ in shown), max(c for _, c in shown)
    grid = ft.Column([ft.Row([space_cell(view, city, options, (r, c), corner, choose)
                              for c in range(corner[1], right + 1)], spacing=3)
                      for r in range(corner[0], bottom + 1)], spacing=3)
    swappable = not state["buildings_built"][player]
    return ft.Column([
        # nothing: a full 4 x 4 city with an aqueduct in every row and column
        ft.Text(view.t(f"{NS}.where" if options else f"{NS}.nothing")),
        grid,
        *([star_hint(view)] if has_stars(e["card"] for e in city.values()) else []),
        *([ft.TextButton(view.t(f"{NS}.swap"), icon=ft.Icons.SWAP_HORIZ, on_click=lambda e: swap(),
                         height=TOUCH)] if swappable else []),
    ], tight=True, spacing=8)


def choose_card(view: GameView, player: int, options: dict, space: tuple, build, back) -> ft.Control:
    city = tracker.city_map(view.state["cities"][player])
    top, left = tracker.grid_corner(city, options)
    cards = [c for c in palette_cards(len(view.names)) if c in options[space]]  # in the palette's order, by kind

    def label(card_id):
        name = view.t(f"city-of-rome.card.{card_id}")
        card = CARDS[card_id]
        if card.public_type == "therme":  # what it will carry: a marker per neighbour (the Kaiser-Therme 1 more)
            markers = sum(1 for n in tracker.around(space) if n in city) + card.extra_vp_marker
            return view.t(f"{NS}.with_markers", card=name, markers=markers)
        return name
    return ft.Column([
        ft.Text(view.t(f"{NS}.which", row=space[0] - top + 1, column=space[1] - left + 1)),
        ft.Row([card_tile(view, c, lambda e, c=c: build(c, list(space)), label=label(c)) for c in cards],
               wrap=True, spacing=4, run_spacing=4),
        *([star_hint(view)] if has_stars(cards) else []),
        ft.TextButton(view.t(f"{NS}.other_space"), icon=ft.Icons.ARROW_BACK, on_click=lambda e: back(), height=TOUCH),
    ], tight=True, spacing=8)


@ft.component
def BuildChoice(view: GameView, player: int, build, swap) -> ft.Control:
    """The dialog's content: the space, then the card."""
    chosen, set_chosen = ft.use_state(None)  # the space, once tapped
    options = tracker.build_options(view.state, player, len(view.names))
    if chosen is not None and tuple(chosen) not in options:  # another phone's entry took it meanwhile
        chosen = None
    if chosen is None:
        return choose_space(view, player, options, set_chosen, swap)
    return choose_card(view, player, options, tuple(chosen), build, lambda: set_chosen(None))


def build_dialog(view: GameView, action: Action, player: int, close, dispatch: Dispatch) -> ft.AlertDialog:
    """Build for one player: the space, then the card; the entry goes to the tracker."""
    def build(card_id, space):
        close()
        dispatch({"type": "build", "player": player, "card": card_id, "space": space})

    def swap():
        dispatch({"type": "swap_start", "player": player})
    return ft.AlertDialog(
        modal=True, title=ft.Text(view.t(f"{NS}.title", player=view.names[player])),
        content=ft.Container(BuildChoice(view, player, build, swap, key=f"build-{player}"), width=330),
        actions=[ft.TextButton(view.t("ui.cancel"), on_click=lambda e: close(), height=TOUCH)],
        inset_padding=ft.Padding.symmetric(horizontal=12, vertical=24), scrollable=True,  # as high as it needs
        content_padding=ft.Padding.only(left=16, right=16, top=12),
        on_dismiss=lambda e: close())
