"""Carpe Diem's part of the play screen, under the scoreboard: game progress, the banderole order (the
order of the next scoring period), in a scoring period who has placed a disc, and the scoring cards as
they lie on the board (entered once), with their circles. The rewards are in each player's sheet, End
round / Next and the scoring period's disc in the thumb slot; a free circle tapped on the board in a
scoring period opens the scoring at that circle. Each part is its own component; every entry is a
tracker move sent with `dispatch`."""

from __future__ import annotations

import flet as ft

from companion.games.carpe_diem import period, tracker
from companion.games.carpe_diem.ui.cards import CardBoard
from companion.games.carpe_diem.ui.look import NS
from companion.games.carpe_diem.ui.period import PeriodOrder, scoring_sheet
from companion.ui.view import Dispatch, GameView
from companion.ui.widgets import colour_dot


@ft.component
def CarpeDiemPanel(view: GameView, dispatch: Dispatch):
    opened_at, set_opened_at = ft.use_state(None)  # the circle tapped on the board: the scoring opens there
    state = view.state
    scorer = tracker.next_scorer(state)
    advice = period.circle_advice(state, view.config, scorer) if scorer is not None else []
    ft.use_dialog(scoring_sheet(view, dispatch, lambda: set_opened_at(None), opened_at)
                  if opened_at is not None and scorer is not None else None)
    controls = [progress_bar(view), banderole_order(view)]
    if scorer is not None:
        controls.append(PeriodOrder(view))
    controls.append(CardBoard(view, dispatch, advice, None, set_opened_at if scorer is not None else None))
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
