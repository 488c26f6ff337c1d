"""City of Rome's part of the live tracker: the influence scoring announced when it happens (who won
which cards, or who tied and what stays waiting), each player's won influence cards and city as built,
who would take the waiting cards if the round ended now, and the Build dialog (a space of the city,
then the card: the tracker applies what the building does at once).

Everything shown comes from the tracker's state (`tracker.scoring_announcement`, `influence_leader`,
`city_grid`, `build_options`).
"""

from __future__ import annotations

import flet as ft

from companion.core.text import Msg
from companion.games.city_of_rome import tracker
from companion.games.city_of_rome.cards import CARDS
from companion.ui.boards.city_of_rome import card_style, card_tile, palette_cards
from companion.ui.model import AppModel
from companion.ui.widgets import TOUCH, colour_dot

NS = "city-of-rome.panel"


def player_line(name: str, cards: list[int]) -> Msg:
    """A player's won cards, for screen readers (the card values and what they are worth)."""
    if not cards:
        return Msg(f"{NS}.player_none", player=name)
    return Msg(f"{NS}.player_cards", player=name, cards=[str(c) for c in cards], points=sum(cards))


def leader_line(state: dict, names: list[str]) -> Msg | None:
    """Who would take the waiting cards now; None when no card is waiting or the game is over."""
    if not state["waiting_cards"] or state["finished"]:
        return None
    seat, tied, tokens = tracker.influence_leader(state)
    if seat is not None:
        return Msg(f"{NS}.leader", player=names[seat], tokens=tokens)
    if not tokens:
        return Msg(f"{NS}.leader_nobody")
    return Msg(f"{NS}.leader_tie", players=[names[i] for i in tied], tokens=tokens)


def card_chip(value: int) -> ft.Control:
    return ft.Container(ft.Text(str(value), size=14, weight=ft.FontWeight.BOLD, color="#3b2a00"),
                        width=30, height=30, alignment=ft.Alignment.CENTER, border_radius=6,
                        bgcolor="#f2c94c", border=ft.Border.all(1, "#8a6d00"))


def card_state(state: dict, seat: int) -> tuple:
    """What a player's tracker card shows, as plain values (the memoized card compares them): the
    influence cards won, and the city as built, row by row ((card, VP markers) or None)."""
    rows = tuple(tuple((e["card"], e.get("vp_markers", 0)) if e else None for e in row)
                 for row in tracker.city_grid(state["cities"][seat]))
    return tuple(state["players"][seat]["influence_cards"]), rows


def city_line(texts, name: str, rows) -> str:
    """A city for screen readers: its cards row by row."""
    cards = [texts.t(f"city-of-rome.card.{cell[0]}") for row in rows for cell in row if cell]
    return texts.t(f"{NS}.city", player=name, count=len(cards), cards=cards)


def mini_card(card_id: str | None, markers: int = 0) -> ft.Control:
    """A card of the city on the tracker card: its colour and icon (a therme's markers beside it)."""
    if card_id is None:
        return ft.Container(width=34, height=28)
    bg, fg, icon = card_style(card_id)
    body = ft.Row([ft.Icon(icon, size=14, color=fg),
                   *([ft.Text(str(markers), size=10, color=fg, weight=ft.FontWeight.BOLD)]
                     if CARDS[card_id].public_type == "therme" else [])],
                  spacing=0, tight=True, alignment=ft.MainAxisAlignment.CENTER)
    return ft.Container(body, width=34, height=28, bgcolor=bg, border_radius=4, alignment=ft.Alignment.CENTER,
                        border=ft.Border.all(1, "#00000033"))


@ft.component
def CityCardPart(texts, name: str, values: tuple) -> ft.Control:
    """A player's won influence cards (their values as on the cards, worth as many VP) and their city as
    built so far, small, on their tracker card."""
    cards, rows = values
    won = ft.Semantics(
        label=texts.m(player_line(name, list(cards))), container=True,
        content=ft.Row([ft.Text(texts.t(f"{NS}.title"), size=13, color=ft.Colors.ON_SURFACE_VARIANT),
                        *[card_chip(c) for c in cards]], spacing=6, wrap=True,
                       vertical_alignment=ft.CrossAxisAlignment.CENTER))
    city = ft.Semantics(
        label=city_line(texts, name, rows), container=True, exclude_semantics=True,
        content=ft.Column([ft.Row([mini_card(*(cell or (None,))) for cell in row], spacing=2) for row in rows],
                          spacing=2))
    return ft.Column([*([won] if cards else []), city], spacing=6)


def grid_corner(city: dict, options: dict) -> tuple[int, int]:
    """The top-left space of what the dialog shows (the city and where it can grow): row and column 1."""
    shown = set(city) | set(options)
    return min(r for r, _ in shown), min(c for _, c in shown)


@ft.component
def BuildChoice(model: AppModel, state: dict, players: int, player: int, build, swap) -> ft.Control:
    """The Build dialog's content: first the space (the city as built, a + where a card can go), then the
    card among those that can go there. What the card does at once (a therme's VP markers, a market's
    money, ...) the tracker applies."""
    chosen, set_chosen = ft.use_state(None)  # the space, once tapped
    options = tracker.build_options(state, player, players)
    city = tracker.city_map(state["cities"][player])
    top, left = grid_corner(city, options)
    if chosen is not None and tuple(chosen) not in options:  # another phone's entry took it meanwhile
        chosen = None
    if chosen is None:
        shown = set(city) | set(options)
        bottom, right = max(r for r, _ in shown), max(c for _, c in shown)

        def cell(r, c):
            space, row, column = (r, c), r - top + 1, c - left + 1
            entry = city.get(space)
            if entry is None and space not in options:
                return ft.Container(width=56, height=56)
            if entry is None:
                label = model.t("city-of-rome.build.space", row=row, column=column)
                body, bg = ft.Icon(ft.Icons.ADD, color=ft.Colors.PRIMARY), None
            else:
                card = model.t(f"city-of-rome.card.{entry['card']}")
                label = model.t("city-of-rome.build.card_replace" if space in options
                                else "city-of-rome.build.card_here", row=row, column=column, card=card)
                bg, fg, icon = card_style(entry["card"])
                body = ft.Column([ft.Icon(icon, size=16, color=fg),
                                  ft.Text(model.t(f"city-of-rome.short.{entry['card']}"), size=9, color=fg,
                                          max_lines=2, text_align=ft.TextAlign.CENTER)],
                                 spacing=0, alignment=ft.MainAxisAlignment.CENTER,
                                 horizontal_alignment=ft.CrossAxisAlignment.CENTER)
            tappable = space in options
            return ft.Semantics(
                label=label, button=tappable, container=True, exclude_semantics=True,
                content=ft.Container(body, width=56, height=56, border_radius=6, bgcolor=bg, padding=1,
                                     alignment=ft.Alignment.CENTER,
                                     border=ft.Border.all(2 if tappable else 1,
                                                          ft.Colors.PRIMARY if tappable else ft.Colors.OUTLINE),
                                     on_click=(lambda e: set_chosen([r, c])) if tappable else None))
        grid = ft.Column([ft.Row([cell(r, c) for c in range(left, right + 1)], spacing=3)
                          for r in range(top, bottom + 1)], spacing=3)
        swappable = not state["buildings_built"][player]
        return ft.Column([
            # a full 4 x 4 city with an aqueduct in every row and column
            ft.Text(model.t("city-of-rome.build.where" if options else "city-of-rome.build.nothing")),
            grid,
            *([ft.TextButton(model.t("city-of-rome.build.swap"), icon=ft.Icons.SWAP_HORIZ, on_click=lambda e: swap(),
                             height=TOUCH)] if swappable else []),
        ], tight=True, spacing=8)

    space = (chosen[0], chosen[1])

    def label(card_id):
        name = model.t(f"city-of-rome.card.{card_id}")
        card = CARDS[card_id]
        if card.public_type == "therme":  # what it will carry: a marker per neighbour (the Kaiser-Therme 1 more)
            markers = sum(1 for n in tracker.around(space) if n in city) + card.extra_vp_marker
            return model.t("city-of-rome.build.with_markers", card=name, markers=markers)
        return name
    return ft.Column([
        ft.Text(model.t("city-of-rome.build.which", row=space[0] - top + 1, column=space[1] - left + 1)),
        ft.Row([card_tile(model, c, lambda e, c=c: build(c, list(space)), label=label(c))
                for c in palette_cards(players) if c in options[space]],  # in the palette's order, by kind
               wrap=True, spacing=4, run_spacing=4),
        ft.TextButton(model.t("city-of-rome.build.other_space"), icon=ft.Icons.ARROW_BACK,
                      on_click=lambda e: set_chosen(None), height=TOUCH),
    ], tight=True, spacing=8)


def build_dialog(model: AppModel, session, action, player: int, close, submit) -> ft.AlertDialog:
    """Build (Aktion Bauen) for one player: the space, then the card; the entry goes to the tracker."""
    name = session.config["players"][player]["name"]

    def build(card_id, space):
        close()
        submit({"type": "build", "player": player, "card": card_id, "space": space})

    def swap():
        submit({"type": "swap_start", "player": player})
    return ft.AlertDialog(
        modal=True, title=ft.Text(model.t("city-of-rome.build.title", player=name)),
        content=ft.Container(BuildChoice(model, session.state, len(session.config["players"]), player, build, swap,
                                         key=f"build-{player}"), width=330),
        actions=[ft.TextButton(model.t("ui.cancel"), on_click=lambda e: close(), height=TOUCH)],
        inset_padding=ft.Padding.symmetric(horizontal=12, vertical=24), scrollable=True,  # as high as it needs
        content_padding=ft.Padding.only(left=16, right=16, top=12),
        on_dismiss=lambda e: close())


@ft.component
def CityOfRomePanel(model: AppModel, session) -> ft.Control:
    state, config = session.state, session.config
    names = [p["name"] for p in config["players"]]
    controls: list[ft.Control] = []

    announced = tracker.scoring_announcement(state, config)
    if announced:
        text = " ".join(model.m(m) for m in announced)
        controls.append(ft.Semantics(
            label=f"{model.t('city-of-rome.announce.title')}: {text}", live_region=True, container=True,
            content=ft.Container(
                bgcolor=ft.Colors.TERTIARY_CONTAINER, border_radius=8, padding=12,
                content=ft.Row([
                    ft.Icon(ft.Icons.EMOJI_EVENTS, color=ft.Colors.ON_TERTIARY_CONTAINER),
                    ft.Column([ft.Text(model.t("city-of-rome.announce.title"), weight=ft.FontWeight.BOLD,
                                       color=ft.Colors.ON_TERTIARY_CONTAINER),
                               *[ft.Text(model.m(m), color=ft.Colors.ON_TERTIARY_CONTAINER) for m in announced]],
                              spacing=2, expand=True),
                ], vertical_alignment=ft.CrossAxisAlignment.START),
            ),
        ))

    rows = []
    for seat, (player, tracked) in enumerate(zip(config["players"], state["players"])):
        cards = list(tracked["influence_cards"])
        rows.append(ft.Semantics(
            label=model.m(player_line(player["name"], cards)), container=True,
            content=ft.Row([
                colour_dot(player["colour"], 14),
                ft.Text(player["name"], expand=True, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
                *([card_chip(c) for c in cards] if cards else
                  [ft.Text(model.t(f"{NS}.none"), italic=True, color=ft.Colors.ON_SURFACE_VARIANT)]),
            ], spacing=6, height=32),
        ))
    leader = leader_line(state, names)
    controls.append(ft.Card(content=ft.Container(padding=12, content=ft.Column([
        ft.Text(model.t(f"{NS}.title"), weight=ft.FontWeight.BOLD),
        *rows,
        *([ft.Text(model.m(leader), size=13)] if leader else []),
    ], spacing=4))))
    return ft.Column(controls, spacing=8)
