"""One-tap rewards during play, for one player at a time: pick the player once, then tap what they built
(a landscape asks for its tiles, the banderole bar for its steps)."""

from __future__ import annotations

import flet as ft

from companion.games.carpe_diem import tracker
from companion.games.carpe_diem.ui.look import NS
from companion.ui.view import Dispatch, GameView
from companion.ui.widgets import TOUCH, colour_dot, section

REWARDS = (*tracker.LANDSCAPE_ACTIONS, *tracker.REWARD_ACTIONS, "banderole")
READOUT = ("vp", "grapes", "herbs", "chicken", "fish", "coins", "bread")


@ft.component
def Rewards(view: GameView, dispatch: Dispatch):
    chosen, set_chosen = ft.use_state(None)  # the player whose rewards are being entered
    choosing, set_choosing = ft.use_state(None)  # (action, player) waiting for a number
    state = view.state
    player = chosen if chosen is not None else state["start_player"]
    offered = {a.id: a for a in view.game.actions(state, view.config) if a.per_player}
    ft.use_dialog(value_dialog(view, dispatch, *choosing, lambda: set_choosing(None)) if choosing else None)

    def tap(action) -> None:
        if action.value_choices:
            set_choosing((action, player))
        else:
            dispatch({"type": action.id, "player": player})

    counters = state["players"][player]["counters"]
    readout = ft.Semantics(
        label=view.t(f"{NS}.rewards.readout", player=view.names[player],
                     values=[f"{view.t(f'carpe-diem.counter.{k}')} {counters[k]}" for k in READOUT]),
        container=True, content=ft.Text(" · ".join(f"{view.t(f'{NS}.short.{k}')} {counters[k]}" for k in READOUT),
                                        size=13))
    buttons = ft.ResponsiveRow([
        ft.Semantics(label=view.t(f"{NS}.rewards.button", action=view.m(offered[k].label), player=view.names[player]),
                     button=True, container=True, col={"xs": 6, "md": 4},
                     content=ft.OutlinedButton(
                         content=ft.Text(view.m(offered[k].label), text_align=ft.TextAlign.CENTER, max_lines=3, size=13),
                         on_click=lambda e, a=offered[k]: tap(a), height=56,
                         style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=6))))
        for k in REWARDS if k in offered], spacing=6, run_spacing=6)
    return ft.Card(content=ft.Container(padding=12, content=section(view.t(f"{NS}.rewards.title"), [
        player_chips(view, player, set_chosen), readout, buttons])))


def player_chips(view: GameView, player: int, choose) -> ft.Control:
    return ft.Row([
        ft.Semantics(label=view.t(f"{NS}.rewards.player", player=name), button=True, selected=i == player,
                     container=True, content=(ft.FilledButton if i == player else ft.OutlinedButton)(
                         content=ft.Row([colour_dot(view.colours[i], 12), ft.Text(name)], tight=True, spacing=6),
                         height=TOUCH, on_click=lambda e, i=i: choose(i)))
        for i, name in enumerate(view.names)], wrap=True, spacing=6, run_spacing=6)


def value_dialog(view: GameView, dispatch: Dispatch, action, player: int, close) -> ft.AlertDialog:
    """A reward's number (a landscape's tiles, the banderole steps), one tap."""
    def give(value) -> None:
        close()
        dispatch({"type": action.id, "player": player, action.field: value})
    return ft.AlertDialog(
        modal=True, title=ft.Text(f"{view.m(action.label)} ({view.names[player]})"),
        content=ft.Row([ft.Semantics(
            label=view.t("ui.play.choose_value", action=view.m(action.label), value=v), button=True, container=True,
            content=ft.OutlinedButton(str(v), width=64, height=TOUCH, on_click=lambda e, v=v: give(v)))
            for v in action.value_choices], wrap=True),
        actions=[ft.TextButton(view.t("ui.cancel"), on_click=lambda e: close(), height=TOUCH)],
        on_dismiss=lambda e: close())
