"""End scoring: board-state entry per player, then the breakdown, ranking and confirmation."""

from __future__ import annotations

import re

import flet as ft

from companion.core.game import BoardStateError, MissingBoxData
from companion.core.history import make_play
from companion.ui.boards import BOARD_EDITORS
from companion.ui.box_data import BoxDataForm
from companion.ui.model import AppModel
from companion.ui.screens.common import missing_game
from companion.ui.screens.results import results_view
from companion.ui.widgets import TOUCH, colour_dot, error_banner, screen

PLAYER_PATH = re.compile(r"^\$\.players\[(\d+)\]")


def explain_error(model: AppModel, board: dict, error: BoardStateError) -> str:
    """Say where, in the players' terms: whose board and which part, then what is wrong."""
    found = PLAYER_PATH.match(error.field)
    where = board["players"][int(found.group(1))]["name"] if found else model.t("ui.score.board")
    return model.t("ui.score.invalid", where=where, field=error.field, problem=model.m(error.msg))


@ft.component
def ScoreScreen(model: AppModel):
    page = ft.context.page
    sid = ft.use_route_params().get("sid", "")
    route = f"/game/{sid}/score"
    player, set_player = ft.use_state(0)
    shown, set_shown = ft.use_state(False)  # results are shown for the board as it is now
    session = model.session(sid)
    if session is None:
        return missing_game(model, route)
    game = session.game
    board = session.board or game.board_from_tracker(session.state, session.config)
    editor = BOARD_EDITORS[game.id]
    box = model.repo.box_data(game.id)

    sheet, problem, missing_box = None, "", ()
    try:
        sheet = game.score(game.parse_board_state(board), box)
    except BoardStateError as error:
        problem = explain_error(model, board, error)
    except MissingBoxData as missing:
        missing_box = tuple(missing.keys)

    def change(new_board):
        set_shown(False)
        model.update_session(session, board=new_board)

    def confirm(e):
        if model.session(sid) is None:  # a second tap on Confirm: the play is already saved
            return
        play = make_play(session, sheet, board, box)
        model.repo.finish(session, play)
        model.changed()
        page.navigate(f"/history/{play['id']}")

    tabs = ft.Row([
        ft.Semantics(label=model.t("ui.score.board_of", name=p["name"]), button=True, selected=i == player,
                     container=True,
                     content=(ft.FilledButton if i == player else ft.OutlinedButton)(
                         content=ft.Row([colour_dot(session.config["players"][i]["colour"], 12), ft.Text(p["name"])],
                                        tight=True, spacing=6),
                         on_click=lambda e, i=i: set_player(i), height=TOUCH))
        for i, p in enumerate(board["players"])
    ], wrap=True)
    controls = [
        ft.Text(model.t("ui.score.hint")),
        tabs,
        editor(model, board, player, change),
        ft.Divider(),
    ]
    if shown and missing_box:  # ask for exactly the printed values this result needs, once
        problem = "box"
        controls.insert(0, ft.Card(content=ft.Container(padding=12, content=ft.Column([
            ft.Text(model.t("ui.score.box_needed"), weight=ft.FontWeight.BOLD),
            BoxDataForm(model, game.id, missing_box),
        ]))))
    elif shown and problem:
        controls.insert(0, error_banner(problem))
    elif shown:
        controls = [results_view(model, game, sheet, notes=sheet.notes)]
    if shown and not problem:
        bottom = ft.Row([
            ft.OutlinedButton(model.t("ui.score.edit"), icon=ft.Icons.EDIT, height=TOUCH,
                              on_click=lambda e: set_shown(False)),
            ft.FilledButton(model.t("ui.score.confirm"), icon=ft.Icons.CHECK, height=TOUCH, expand=True,
                            on_click=confirm),
        ])
    else:
        bottom = ft.FilledButton(model.t("ui.score.calculate"), icon=ft.Icons.CALCULATE, height=TOUCH,
                                 width=float("inf"), on_click=lambda e: set_shown(True))
    return screen(model, route, model.t("ui.score.title"), controls, back=f"/game/{sid}/play", bottom=bottom)
