"""Milestones on the play screen beyond the generic scoreboard: the castle on a player's sheet (the goods
that player may keep, or what the castle does when there is nothing to choose) and the panel under the
scoreboard (where the game stands beyond the status line's two lines: a castle still waiting for goods
given back, the target field, the worker tiles left)."""

from __future__ import annotations

import flet as ft

from companion.core.definition import Action
from companion.games.milestones.moves import castle_choices, castle_confirm
from companion.ui.view import Dispatch, GameView
from companion.ui.widgets import TOUCH

NS = "milestones"
SHOWN_BY_STATUS = 2  # the play screen's status line shows the first two of the game's status lines


def castle_dialog(view: GameView, action: Action, player: int, close, dispatch: Dispatch) -> ft.AlertDialog:
    """DIE BURG for one player: which 3 goods they keep, one tap each; or, with nothing to choose, what
    the castle does, to confirm."""
    name = view.names[player]
    options, labels = castle_choices(view.state, player)

    def visit(keep: dict | None = None) -> None:
        close()
        dispatch({"type": "castle", "player": player, **({} if keep is None else {"keep": dict(keep)})})

    cancel = ft.TextButton(view.t("ui.cancel"), on_click=lambda e: close(), height=TOUCH)
    if options:
        content = ft.Column([
            ft.Text(view.t(f"{NS}.question.castle_keep", name=name)),
            *[ft.OutlinedButton(view.m(label), on_click=lambda e, keep=keep: visit(keep), height=TOUCH,
                                width=float("inf")) for keep, label in zip(options, labels)],
        ], tight=True, spacing=8)
        buttons = [cancel]
    else:
        content = ft.Text(view.m(castle_confirm(view.state, view.config, player)))
        buttons = [cancel, ft.FilledButton(view.m(action.label), on_click=lambda e: visit(),
                                           style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=24,
                                                                                             vertical=14)))]
    return ft.AlertDialog(modal=True, title=ft.Text(view.t(f"{NS}.castle_title", name=name)), content=content,
                          actions=buttons, scrollable=True, on_dismiss=lambda e: close())


@ft.component
def MilestonesPanel(view: GameView, dispatch: Dispatch):
    """The game's status lines the status line above the scoreboard leaves out, small; a castle still
    waiting for goods given back in bold (End turn waits for it)."""
    lines = view.definition.rules.status(view.state, view.config)[SHOWN_BY_STATUS:]
    return ft.Column([ft.Text(view.m(line), size=13,
                              weight=ft.FontWeight.BOLD if line.key == f"{NS}.status.castle" else None)
                      for line in lines], spacing=2)
