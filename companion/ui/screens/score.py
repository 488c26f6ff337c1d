"""End scoring: board-state entry per player, then the breakdown, ranking and confirmation."""

from __future__ import annotations

import flet as ft

from companion.core.board import every_problem
from companion.core.game import BoardStateError, MissingBoxData
from companion.core.history import make_play
from companion.ui.board_path import on_board, part_of, player_of, where
from companion.ui.games import game_ui
from companion.ui.boards.problems import Problem
from companion.ui.box_data import BoxDataForm
from companion.ui.model import AppModel
from companion.ui.screens.common import missing_game, use_game
from companion.ui.screens.results import results_view
from companion.ui.widgets import TOUCH, colour_dot, error_banner, screen

def explain_error(model: AppModel, game_id: str, board: dict, error: BoardStateError) -> str:
    """Say where, in the players' terms: whose board and which part ("Zoë's frame goals"), then what is
    wrong. Never the JSON path: that is for the command line and files."""
    names = [p.get("name", "") if isinstance(p, dict) else "" for p in board.get("players") or []]
    return model.t("ui.score.invalid", where=where(model.lang, game_id, error.field, names),
                   problem=model.m(error.msg))


@ft.component
def ScoreScreen(model: AppModel):
    """Each board can be entered on its own phone at the same time: every change is a field event,
    every phone shows how many boards are entered, and the results appear on all of them once every
    board is in ("Calculate scores" says that all are in, for a table that enters them on one phone)."""
    page = ft.context.page
    sid = ft.use_route_params().get("sid", "")
    route = f"/game/{sid}/score"
    session = use_game(model, sid)
    chosen, set_player = ft.use_state(None)  # the board shown: this phone's player's until another is chosen
    editing, set_editing = ft.use_state(False)  # back at the boards while all of them are marked entered
    if session is None:
        return missing_game(model, route, sid)
    game = session.game
    names = [p["name"] for p in session.config["players"]]
    player = chosen if chosen is not None else model.me.get(sid, 0)
    board = session.board or game.board_from_tracker(session.state, session.config)
    ui = game_ui(game.id)
    editor = ui.board_editor
    box = model.repo.box_data(game.id)
    done = set(session.board_done)
    all_done = len(done) == len(names)

    sheet, problem, problem_of, missing_box, found = None, "", None, (), []
    try:
        sheet = game.score(game.parse_board_state(board), box)
    except BoardStateError as error:
        problem = explain_error(model, game.id, board, error)
        problem_of = player_of(error.field)  # whose board it is on (None: the table as a whole)
        found = every_problem(game.parse_board_state, board) or [error]  # every one, to say each where it is
    except MissingBoxData as missing:
        missing_box = tuple(missing.keys)
    troubled = {player_of(e.field) for e in found}  # boards that cannot be scored yet (None: the table)

    def change(new_board):
        model.edit_board(session, player, board, new_board)

    def change_of(seat, new_board):  # the table-wide section edits any player's board: still one field a tap
        model.edit_board(session, seat, board, new_board)

    def mark_done(e):
        if model.apply(session, {"type": "board_done", "player": player, "done": True}):
            waiting = [i for i in range(len(names)) if i not in done and i != player]
            if waiting and player not in troubled:  # on to the next board still to be entered (this one
                # stays open when it cannot be scored: its messages show on it)
                set_player(waiting[0])

    def calculate(e):
        set_editing(False)
        if problem_of is not None:  # open the board that cannot be scored, where its message is
            set_player(problem_of)
        if not all_done:
            model.apply(session, *[{"type": "board_done", "player": i, "done": True}
                                   for i in range(len(names)) if i not in done])

    def confirm(e):
        def play_of(latest):
            latest_board = latest.board or board
            return make_play(latest, game.score(game.parse_board_state(latest_board), box), latest_board, box)
        play_id = model.finish(session, play_of)
        if play_id:
            page.navigate(f"/history/{play_id}")

    # A board that cannot be scored says so once the players said it is entered ("...'s board is entered"
    # or "Calculate scores"), never while it is still being entered: at the top and above that board.
    showing = all_done and not editing

    def told_of(i):  # a board's problems are said once it is entered, a problem of the table once all are
        return showing or (i is not None and i in done)
    told = bool(problem) and any(told_of(i) for i in troubled)
    # This board's problems go onto it, beside their fields; the others' and the table's at the top; those
    # of a part entered in the game's table-wide section (every player's at once) into that section.
    in_section = [e for e in found if ui.table_section and part_of(e.field) in ui.table_section_parts
                  and told_of(player_of(e.field))]
    mine = tuple(Problem(e.field, on_board(model.lang, game.id, e.field, model.m(e.msg)))
                 for e in found if player_of(e.field) == player and e not in in_section) if told_of(player) else ()
    elsewhere = [explain_error(model, game.id, board, e) for e in found
                 if player_of(e.field) != player and told_of(player_of(e.field)) and e not in in_section]
    tabs = ft.Row([
        # An entered board shows a tick; the live progress line above says how many are in.
        ft.Semantics(label=model.t("ui.score.board_of", name=name), button=True, selected=i == player,
                     container=True,
                     content=(ft.FilledButton if i == player else ft.OutlinedButton)(
                         content=ft.Row([colour_dot(session.config["players"][i]["colour"], 12), ft.Text(name),
                                         *([ft.Icon(ft.Icons.ERROR, size=16, color=ft.Colors.ERROR)]
                                           if told_of(i) and i in troubled else
                                           [ft.Icon(ft.Icons.CHECK_CIRCLE, size=16)] if i in done else [])],
                                        tight=True, spacing=6),
                         on_click=lambda e, i=i: set_player(i), height=TOUCH))
        for i, name in enumerate(names)
    ], wrap=True)
    progress = model.t("ui.score.progress", done=len(done), total=len(names))
    controls = [
        ft.Text(model.t("ui.score.hint")),
        ft.Semantics(label=progress, live_region=True, container=True,
                     content=ft.Text(progress, weight=ft.FontWeight.BOLD)),
        *([ui.table_section(model, board, change_of,
                            problems=tuple(Problem(e.field, on_board(model.lang, game.id, e.field, model.m(e.msg)))
                                           for e in in_section),
                            colours=[p["colour"] for p in session.config["players"]]), ft.Divider()]
          if ui.table_section else []),
        tabs,
        editor(model, board, player, change, problems=mine),
        ft.Divider(),
    ]
    if showing and missing_box:  # ask for exactly the printed values this result needs, once
        problem = "box"
        controls.insert(0, ft.Card(content=ft.Container(padding=12, content=ft.Column([
            ft.Text(model.t("ui.score.box_needed"), weight=ft.FontWeight.BOLD),
            BoxDataForm(model, game.id, missing_box),
        ]))))
    elif told:
        if elsewhere:
            controls.insert(0, error_banner("\n".join(elsewhere)))
        if mine:  # said on the board below; at the top only which board to look at
            controls.insert(0, error_banner(model.t("ui.score.problems_on", name=names[player], count=len(mine))))
    elif showing:
        controls = [results_view(model, game, sheet, notes=sheet.notes)]
    if showing and not problem:
        bottom = ft.Row([
            ft.OutlinedButton(model.t("ui.score.edit"), icon=ft.Icons.EDIT, height=TOUCH,
                              on_click=lambda e: set_editing(True)),
            ft.FilledButton(model.t("ui.score.confirm"), icon=ft.Icons.CHECK, height=TOUCH, expand=True,
                            on_click=confirm),
        ])
    else:
        bottom = ft.Row([
            *([ft.OutlinedButton(model.t("ui.score.entered", name=names[player]), icon=ft.Icons.CHECK,
                                 height=TOUCH, expand=True, on_click=mark_done)]
              if player not in done and len(done) < len(names) - 1 else []),
            ft.FilledButton(model.t("ui.score.calculate"), icon=ft.Icons.CALCULATE, height=TOUCH, expand=True,
                            on_click=calculate),
        ])
    return screen(model, route, model.t("ui.score.title"), controls, back=f"/game/{sid}/play", bottom=bottom,
                  error=model.error_for(session), on_dismiss=model.dismiss_message)
