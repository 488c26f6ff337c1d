"""Carpe Diem's part of the live tracker: game progress, End round at the top, the banderole order, the
scoring period when one runs, the one-tap rewards, and the scoring cards as they lie on the board
(entered once). During a scoring period the board with its circles comes before the rewards. Each part
is its own component; every entry is a tracker move sent with `dispatch`."""

from __future__ import annotations

import flet as ft

from companion.games.carpe_diem import period, tracker
from companion.games.carpe_diem.ui.cards import CardBoard
from companion.games.carpe_diem.ui.look import NS
from companion.games.carpe_diem.ui.period import ScoringPeriod
from companion.games.carpe_diem.ui.rewards import Rewards
from companion.ui.view import Dispatch, GameView
from companion.ui.widgets import TOUCH, colour_dot


@ft.component
def CarpeDiemPanel(view: GameView, dispatch: Dispatch):
    # The circle (and its choice) picked in this scoring period: (phase, player, circle, option index).
    picked, set_picked = ft.use_state(None)
    state = view.state
    scorer = tracker.next_scorer(state)
    advice = period.circle_advice(state, view.config, scorer) if scorer is not None else []
    circle, option = None, 0
    if scorer is not None and picked and picked[:2] == (state["phase"], scorer):
        circle, option = picked[2], picked[3]
    elif advice:
        circle = advice[0][0]

    def pick(circle_number: int, option_index: int = 0) -> None:
        set_picked((state["phase"], scorer, circle_number, option_index))

    controls = [progress_bar(view), GameActions(view, dispatch), banderole_order(view)]
    if scorer is not None:
        controls.append(ScoringPeriod(view, dispatch, scorer, advice, circle, option, pick))
    rewards = [] if state["stage"] == "finished" else [Rewards(view, dispatch)]
    cards = [CardBoard(view, dispatch, advice, circle, pick if scorer is not None else None)]
    controls += cards + rewards if scorer is not None else rewards + cards
    return ft.Column(controls, spacing=10)


def progress_bar(view: GameView) -> ft.Control:
    done = tracker.progress(view.state)
    return ft.Semantics(label=view.t(f"{NS}.progress", percent=round(done * 100)), container=True,
                        content=ft.ProgressBar(value=done, height=8, border_radius=4))


def banderole_order(view: GameView) -> ft.Control:
    """Who is furthest on the banderole bar (the scoring order), with their space."""
    state = view.state

    def entry(rank: int, p: int) -> ft.Control:
        space = tracker.banderole_position(state, p)[0]
        return ft.Semantics(
            label=view.t(f"{NS}.banderole_entry", rank=rank, player=view.names[p], space=space), container=True,
            content=ft.Container(
                content=ft.Row([colour_dot(view.colours[p], 12), ft.Text(f"{rank}. {view.names[p]} ({space})", size=13)],
                               spacing=4, tight=True),
                padding=ft.Padding.symmetric(horizontal=8, vertical=4), border_radius=12,
                bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST))
    return ft.Row([ft.Text(view.t(f"{NS}.banderole"), size=13),
                   *[entry(k, p) for k, p in enumerate(tracker.banderole_order(state), 1)]],
                  wrap=True, spacing=6, run_spacing=4)


@ft.component
def GameActions(view: GameView, dispatch: Dispatch):
    """End round: the table's most frequent tap, at the top where it is reached without scrolling (the
    tracker screen leaves the game's actions to this panel), asked to confirm."""
    confirming, set_confirming = ft.use_state(None)  # the action waiting for its confirmation
    actions = [a for a in view.game.actions(view.state, view.config) if not a.per_player]
    action = next((a for a in actions if a.id == confirming), None)

    def go(e) -> None:
        set_confirming(None)
        dispatch({"type": action.id})

    ft.use_dialog(ft.AlertDialog(
        modal=True, title=ft.Text(view.m(action.label)), content=ft.Text(view.m(action.confirm)),
        actions=[ft.TextButton(view.t("ui.cancel"), on_click=lambda e: set_confirming(None), height=TOUCH),
                 ft.FilledButton(view.m(action.label), on_click=go, height=TOUCH)],
        on_dismiss=lambda e: set_confirming(None)) if action is not None else None)
    return ft.Column([ft.FilledButton(view.m(a.label), height=56, width=float("inf"),
                                      on_click=lambda e, a=a: set_confirming(a.id) if a.confirm
                                      else dispatch({"type": a.id})) for a in actions], spacing=6)
