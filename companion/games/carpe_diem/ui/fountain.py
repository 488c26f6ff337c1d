"""The fountain cards a player kept: each a tap on what it rewards; a card is taken off by its chip. In
the grid form the fountains drawn say how many cards there should be."""

from __future__ import annotations

import flet as ft

from companion.games.carpe_diem.components import FEATURE_KINDS
from companion.games.carpe_diem.district import card_kind, completed_count, features_of
from companion.games.carpe_diem.ui.look import NS, cap, kind_chip, kind_name
from companion.ui.view import Dispatch, GameView
from companion.ui.widgets import section


@ft.component
def FountainCards(view: GameView, player: int, dispatch: Dispatch, problems=()):
    me = view.board["players"][player]
    cards = [card_kind(card) for card in me["fountain_cards"]]
    grid = "quick" not in me
    fountains = completed_count(features_of(me), "fountain")
    tracked = view.state["players"][player]["counters"].get("fountain_cards")
    if grid:
        state = view.t(f"{NS}.fountain.hint_grid", fountains=fountains, cards=len(cards))
    else:
        state = view.t(f"{NS}.fountain.hint_counts", cards=len(cards))
    if tracked is not None and tracked != len(cards):
        state += " " + view.t(f"{NS}.fountain.tracked", count=tracked)

    def remove(kind: str) -> None:  # one card of that kind: refused if another phone changed them meanwhile
        dispatch({"type": "fountain_card_remove", "player": player, "kind": kind, "cards": cards.count(kind)})

    return section(view.t(f"{NS}.fountain.title"), [
        ft.Text(state, size=13, color=ft.Colors.TERTIARY if grid and fountains != len(cards) else None),
        ft.Row([kind_chip(view.t(f"{NS}.fountain.remove", number=i + 1, kind=kind_name(view, kind)),
                          cap(kind_name(view, kind)), kind, lambda kind=kind: remove(kind), ft.Icons.CLOSE)
                for i, kind in enumerate(cards)], wrap=True, spacing=6, run_spacing=6),
        ft.Text(view.t(f"{NS}.fountain.add_hint"), size=13),
        ft.Row([kind_chip(view.t(f"{NS}.fountain.add", kind=kind_name(view, k)), cap(kind_name(view, k)), k,
                          lambda k=k: dispatch({"type": "fountain_card_add", "player": player, "kind": k}))
                for k in FEATURE_KINDS], wrap=True, spacing=6, run_spacing=6),
        *problems,
    ])
