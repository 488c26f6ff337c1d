"""A player's rewards in their sheet (opened from their row on the scoreboard): what they have to pay the
scoring cards with, then what they built this turn, each one tap. A completed landscape is one tap on its
number of tiles (its reward is that number minus 1); the dwellings, the single tiles and the banderole
bar below, in a grid of three. Moving the disc more than one space (a correction) asks how far."""

from __future__ import annotations

import flet as ft

from companion.games.carpe_diem import scoring_period as sp
from companion.games.carpe_diem import tracker
from companion.games.carpe_diem.components import LANDSCAPE_WARE, LANDSCAPES
from companion.games.carpe_diem.ui.look import KIND_COLOURS, KIND_ICONS, NS, cap, kind_name
from companion.ui.view import Dispatch, GameView
from companion.ui.widgets import TOUCH, Texts

STORAGE = ("grapes", "herbs", "chicken", "fish", "coins", "bread")
# Built during a turn, three a row: the dwellings, the single tiles, the banderole bar.
BUILT = ("complete_merchant", "complete_baker", "complete_administrator", "complete_craftsman", "place_market",
         "place_bakery", "place_fountain", "banderole_space", "banderole")


@ft.component
def PlayerRewards(view: GameView, seat: int, dispatch: Dispatch, trigger):
    offered = {a.id: a for a in view.definition.actions(view.state, view.config) if a.per_player}
    if not offered:  # after the game: nothing to build any more
        return ft.Column([storage_line(view, seat)])
    return ft.Column([
        storage_line(view, seat),
        Rewards(Texts(view.lang), view.names[seat], seat, tuple(offered[k] for k in BUILT if k in offered),
                dispatch, trigger),
    ], spacing=6)


@ft.component
def RewardsView(texts: Texts, name: str, seat: int, built_now: tuple, dispatch: Dispatch, trigger):
    """The landscapes and what can be built, a button each. Memoized on these plain values (`dispatch`
    and `trigger` are stable): an entry that changes none of them does not draw them again."""
    return ft.Column([
        ft.Text(texts.t(f"{NS}.sheet.landscapes"), size=13, weight=ft.FontWeight.BOLD),
        ft.ResponsiveRow([landscape(texts, name, seat, k, dispatch) for k in LANDSCAPES], spacing=8, run_spacing=6),
        ft.Text(texts.t(f"{NS}.sheet.built"), size=13, weight=ft.FontWeight.BOLD),
        ft.ResponsiveRow([built(texts, name, seat, action, trigger) for action in built_now], spacing=6, run_spacing=6),
    ], spacing=6)


Rewards = ft.memo(RewardsView)


def storage_line(view: GameView, seat: int) -> ft.Control:
    """What the scoring cards are paid with, and the disc's space on the banderole bar."""
    counters, name = view.state["players"][seat]["counters"], view.names[seat]
    space = tracker.banderole_position(view.state, seat)[0]
    items = [f"{view.t(f'{NS}.short.{k}')} {counters[k]}" for k in STORAGE]
    return ft.Row([
        ft.Semantics(label=view.t(f"{NS}.sheet.storage", player=name, items=items), container=True,
                     content=ft.Text(" · ".join(items), size=13)),
        ft.Semantics(label=view.t(f"{NS}.sheet.banderole_of", player=name, space=space), container=True,
                     content=ft.Text(view.t(f"{NS}.sheet.banderole", space=space), size=13,
                                     weight=ft.FontWeight.BOLD)),
    ], wrap=True, spacing=10, run_spacing=0)


def landscape(texts: Texts, name: str, seat: int, kind: str, dispatch: Dispatch) -> ft.Control:
    """A landscape's name, then a button per size it can have (2 to 4 tiles): one tap records it."""
    def size(tiles: int) -> ft.Control:
        label = texts.t(f"{NS}.sheet.landscape", landscape=cap(kind_name(texts, kind)), tiles=tiles, player=name,
                        wares=texts.m(sp.item_msg(LANDSCAPE_WARE[kind], tiles - 1)))
        return ft.OutlinedButton(  # named by its whole label: "2" alone says nothing
            content=ft.Text(str(tiles), size=16, semantics_label=label), width=TOUCH, height=TOUCH,
            style=ft.ButtonStyle(padding=0),
            on_click=lambda e: dispatch({"type": f"complete_{kind}", "player": seat, "tiles": tiles}))
    return ft.Column([
        ft.Row([ft.Icon(KIND_ICONS[kind], color=KIND_COLOURS[kind], size=16),
                ft.Text(cap(kind_name(texts, kind)), size=13, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS,
                        expand=True)], spacing=4),
        ft.Row([size(t) for t in tracker.LANDSCAPE_TILES], spacing=4),
    ], spacing=2, col={"xs": 6})


def built(texts: Texts, name: str, seat: int, action, trigger) -> ft.Control:
    """A dwelling, a single tile or the banderole bar: its name and its reward, the whole label read out."""
    label = texts.t(f"{NS}.rewards.button", action=texts.m(action.label), player=name)
    return ft.Container(col={"xs": 4}, content=ft.OutlinedButton(
        content=ft.Column([
            ft.Text(texts.t(f"{NS}.sheet.name.{action.id}"), size=13, weight=ft.FontWeight.BOLD, max_lines=1,
                    overflow=ft.TextOverflow.ELLIPSIS, text_align=ft.TextAlign.CENTER, semantics_label=label),
            ft.Semantics(exclude_semantics=True, content=ft.Text(
                texts.t(f"{NS}.sheet.gives.{action.id}"), size=11, max_lines=1, text_align=ft.TextAlign.CENTER,
                overflow=ft.TextOverflow.ELLIPSIS))],
            spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
        height=56, on_click=lambda e: trigger(action, seat),
        style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=4))))
