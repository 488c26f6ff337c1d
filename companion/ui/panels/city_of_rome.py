"""City of Rome's part of the live tracker: the influence scoring announced when it happens (who won
which cards, or who tied and what stays waiting), each player's won influence cards, and who would
take the waiting cards if the round ended now.

Everything shown comes from the tracker's state (`tracker.scoring_announcement`, `influence_leader`).
"""

from __future__ import annotations

import flet as ft

from companion.core.text import Msg
from companion.games.city_of_rome import tracker
from companion.ui.model import AppModel
from companion.ui.widgets import colour_dot

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


def won_cards(state: dict, seat: int) -> tuple[int, ...]:
    """The influence cards a player has won, for their tracker card."""
    return tuple(state["players"][seat]["influence_cards"])


@ft.component
def WonCards(texts, name: str, cards: tuple[int, ...]) -> ft.Control:
    """A player's won influence cards on their tracker card: the cards' values as on the cards (worth as
    many VP). The card shows it from the first card won on."""
    return ft.Semantics(
        label=texts.m(player_line(name, list(cards))), container=True,
        content=ft.Row([ft.Text(texts.t(f"{NS}.title"), size=13, color=ft.Colors.ON_SURFACE_VARIANT),
                        *[card_chip(c) for c in cards]], spacing=6, wrap=True,
                       vertical_alignment=ft.CrossAxisAlignment.CENTER),
    )


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
