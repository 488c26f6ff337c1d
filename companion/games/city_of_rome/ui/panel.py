"""City of Rome's part of the live tracker: under the scoreboard, the influence scoring announced when it
happens (who won which cards, or who tied and what stays waiting), the round's action strip (ui/strip.py),
the influence cards waiting and who would take them if the round ended now, the cards won; in each
player's sheet the influence cards won and the city as built.

Everything shown comes from the tracker's state (`tracker.scoring_announcement`, `player_line`,
`leader_line`, `city_rows`).
"""

from __future__ import annotations

import flet as ft

from companion.games.city_of_rome import tracker, turns
from companion.games.city_of_rome.ui.cards import mini_card
from companion.games.city_of_rome.ui.strip import NS as STRIP
from companion.games.city_of_rome.ui.strip import strip_row, strip_values
from companion.ui.view import Dispatch, GameView
from companion.ui.widgets import Texts, colour_dot

NS = "city-of-rome.panel"


def card_chip(value: int) -> ft.Control:
    """An influence card won: its value, as printed on it."""
    return ft.Container(ft.Text(str(value), size=14, weight=ft.FontWeight.BOLD, color="#3b2a00"),
                        width=30, height=30, alignment=ft.Alignment.CENTER, border_radius=6,
                        bgcolor="#f2c94c", border=ft.Border.all(1, "#8a6d00"))


def card_state(state: dict, seat: int) -> tuple:
    """What a player's tracker card shows, as plain values (the memoized card compares them): the
    influence cards won, and the city as built."""
    return tuple(state["players"][seat]["influence_cards"]), tracker.city_rows(state, seat)


@ft.component
def CityCardPartView(texts, name: str, values: tuple) -> ft.Control:
    """A player's won influence cards (their values as on the cards, worth as many VP) and their city as
    built so far, small, on their tracker card."""
    cards, rows = values
    won = ft.Semantics(
        label=texts.m(tracker.player_line(name, list(cards))), container=True,
        content=ft.Row([ft.Text(texts.t(f"{NS}.title"), size=13, color=ft.Colors.ON_SURFACE_VARIANT),
                        *[card_chip(c) for c in cards]], spacing=6, wrap=True,
                       vertical_alignment=ft.CrossAxisAlignment.CENTER))
    city = ft.Semantics(
        label=tracker.city_line(texts.lang, name, rows), container=True, exclude_semantics=True,
        content=ft.Column([ft.Row([mini_card(*(cell or (None,))) for cell in row], spacing=2) for row in rows],
                          spacing=2))
    return ft.Column([*([won] if cards else []), city], spacing=6)


CityCardPart = ft.memo(CityCardPartView)  # drawn again only when the cards won or the city change


def panel_content(view: GameView) -> tuple:
    """What the panel shows, as plain values (the memoized panel compares them): an entry that changes none
    of it (money, a victory point) does not draw the panel again."""
    state = view.state
    announced = tuple(view.m(m) for m in tracker.scoring_announcement(state, view.config) or ())
    won = tuple((player["colour"], view.m(tracker.player_line(player["name"], list(tracked["influence_cards"]))),
                 tuple(tracked["influence_cards"]))
                for player, tracked in zip(view.config["players"], state["players"]) if tracked["influence_cards"])
    if state["finished"]:
        return Texts(view.lang), announced, None, None, (), won
    hint = turns.turn_hint(state, view.config)
    return Texts(view.lang), announced, strip_values(view), view.m(hint) if hint else None, influence_lines(view), won


def announcement(texts: Texts, announced: tuple) -> list[ft.Control]:
    """The influence scoring at the last round's end, said during the whole next round."""
    if not announced:
        return []
    on = ft.Colors.ON_TERTIARY_CONTAINER
    return [ft.Semantics(
        label=f"{texts.t('city-of-rome.announce.title')}: {' '.join(announced)}", live_region=True, container=True,
        content=ft.Container(
            bgcolor=ft.Colors.TERTIARY_CONTAINER, border_radius=8, padding=12,
            content=ft.Row([
                ft.Icon(ft.Icons.EMOJI_EVENTS, color=on),
                ft.Column([ft.Text(texts.t("city-of-rome.announce.title"), weight=ft.FontWeight.BOLD, color=on),
                           *[ft.Text(line, color=on) for line in announced]], spacing=2, expand=True),
            ], vertical_alignment=ft.CrossAxisAlignment.START)))]


def won_cards(texts: Texts, won: tuple) -> list[ft.Control]:
    """The influence cards won so far, by player (only those who won one), in one line."""
    if not won:
        return []
    return [ft.Row([ft.Text(texts.t(f"{NS}.title"), size=13, color=ft.Colors.ON_SURFACE_VARIANT),
                    *[ft.Semantics(label=said, container=True, exclude_semantics=True,
                                   content=ft.Row([colour_dot(colour, 14), *[card_chip(c) for c in cards]],
                                                  spacing=3, tight=True))
                      for colour, said, cards in won]], spacing=10, wrap=True, run_spacing=4,
                   vertical_alignment=ft.CrossAxisAlignment.CENTER)]


def influence_lines(view: GameView) -> tuple[str, ...]:
    """The cards waiting for the round's influence scoring and who would take them now, or the next card
    to come."""
    lines = [m for m in tracker.status(view.state, view.config)
             if m.key in ("city-of-rome.status.waiting", "city-of-rome.status.next_card")]
    leader = tracker.leader_line(view.state, view.names)
    return tuple(view.m(m) for m in [*lines[:1], *([leader] if leader else [])])


@ft.component
def PanelView(texts: Texts, announced: tuple, strip: tuple | None, hint: str | None, lines: tuple,
              won: tuple) -> ft.Control:
    """Under the scoreboard: the last influence scoring (during the next round), the action strip (the
    round's order of play) while the game goes on, the influence cards waiting and won, what the large
    numbers are."""
    body = [*([strip_row(texts.t(f"{STRIP}.free"), *strip)] if strip is not None else []),
            *([ft.Text(hint, size=13)] if hint else []), *[ft.Text(line, size=13) for line in lines],
            *won_cards(texts, won), ft.Text(texts.t(f"{NS}.points_hint"), size=12, color=ft.Colors.ON_SURFACE_VARIANT)]
    return ft.Column([*announcement(texts, announced),
                      ft.Container(ft.Column(body, spacing=6), padding=ft.Padding.only(top=4))], spacing=8)


Panel = ft.memo(PanelView)  # drawn again only when what it shows changes


@ft.component
def CityOfRomePanel(view: GameView, dispatch: Dispatch) -> ft.Control:
    """The panel under the scoreboard, from what it shows (`panel_content`)."""
    return Panel(*panel_content(view))
