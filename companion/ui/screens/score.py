"""End scoring: each player's board as it lies, confirmed one by one, then the breakdown, ranking and
confirmation.

Each board can be entered on its own phone at the same time: every edit is a move, every phone shows
how many boards are entered, and the results appear on all of them once every board is confirmed. A
board counts as entered only when a player confirmed it ("Ben's board is entered") as their phone showed
it (changed since, it is refused in words); nothing is scored that nobody confirmed. Calculate with
boards not entered or not right says which, in the button's place, and takes the phone to the first of
them (scrolled to its first problem). Undo takes back the last edit of the boards, named for what it
did."""

from __future__ import annotations

import flet as ft

from companion.core.end_scoring import EndScoring, as_opened, end_scoring, result_to_keep
from companion.core.definition import BoardStateError
from companion.core.plays import make_play
from companion.core.text import said_list
from companion.core.where import on_board, part_of, part_words, where
from companion.ui.boards.problems import Problem, problem_line, scroll_key
from companion.ui.box_data import BoxCard
from companion.ui.games import GameUI, game_ui
from companion.ui.late_taps import ShownFilledButton, ShownOutlinedButton, shown, shown_key
from companion.ui.model import AppModel
from companion.ui.screens.common import missing_game, use_game
from companion.ui.screens.results import results_view
from companion.ui.view import GameView, use_view
from companion.ui.widgets import TOUCH, colour_dot, icon_button, screen, scroll_page_to

TOP = "top-of-boards"  # where the view scrolls to when a board's problems are not beside its fields


def explain_error(model: AppModel, definition, board: dict, error: BoardStateError) -> str:
    """Say where, in the players' terms: whose board and which part ("Zoë's frame goals"), then what is
    wrong. Never the JSON path: that is for the command line and files."""
    names = [p.get("name", "") if isinstance(p, dict) else "" for p in board.get("players") or []]
    return model.t("ui.score.invalid", where=where(model.lang, definition, error.field, names),
                   problem=model.m(error.msg))


def problems_here(view: GameView, errors, ui: GameUI, in_section: bool) -> tuple[Problem, ...]:
    """Problems as an editor places them: beside their part, in the game's words (the player goes
    without saying on their own board). `in_section`: those of the parts the table-wide section holds."""
    return tuple(Problem(e.field, on_board(view.lang, view.definition, e.field, view.m(e.msg))) for e in errors
                 if (part_of(e.field) in ui.table_section_parts) == in_section)


@ft.component
def ScoreScreen(model: AppModel):
    """Keyed by the game: another game's final scoring starts afresh (the router keeps this screen from
    one game to the next; a board shown, a palette's card in hand or a kind picked are that game's)."""
    sid = ft.use_route_params().get("sid", "")
    return GameScoring(model, sid, key=f"scoring-{sid}")


def use_board_picks(show_board):
    """(pick_board, unless_picked): a board chosen by a tap, and `unless_picked(act)`, the `then` of a save
    that opens a board (the next to enter, the first with a problem): it does not override a board the
    player tapped meanwhile, as the save may come after their tap. A hook."""
    picked = ft.use_ref(0)  # boards chosen by a tap so far

    def pick_board(seat):
        picked.current += 1
        show_board(seat)

    def unless_picked(act):
        at = picked.current
        return lambda saved: act() if picked.current == at else None
    return pick_board, unless_picked


@ft.component
def GameScoring(model: AppModel, sid: str):
    page = ft.context.page
    route = f"/game/{sid}/score"
    game = use_game(model, sid)
    view, dispatch = use_view(model, sid, game)
    chosen, set_player = ft.use_state(None)  # the board shown: this phone's player's until another is chosen
    editing, set_editing = ft.use_state(False)  # back at the boards after the results showed
    asked, set_asked = ft.use_state(False)  # Calculate tapped before everything was entered and right
    tried, set_tried = ft.use_state(frozenset())  # boards this phone tried to confirm: their problems said
    confirming, set_confirming = ft.use_state(False)  # Calculate's question: boards not confirmed yet
    target, set_target = ft.use_state(None)  # (scroll key, n): where Calculate took the phone

    async def scroll():
        if target is not None:
            await scroll_page_to(page, target[0])
    ft.use_effect(scroll, [target])
    now = end_scoring(game, model.repo.box_data(game.definition.id), tried) if game is not None else None

    def open_board(seat):  # scrolled to its first problem, if it has one
        set_confirming(False)
        set_player(seat)
        errors = now.keeps_from_confirming(seat)
        key = scroll_key(errors[0].field) if errors and part_of(errors[0].field) else TOP
        set_target((key, (target or (None, 0))[1] + 1))

    def show_board(seat):  # at its top: the tabs and the player's name in view, not the last board's place
        set_player(seat)
        set_target((TOP, (target or (None, 0))[1] + 1))
    pick_board, unless_picked = use_board_picks(show_board)

    def confirm_boards(seats):  # those that can be scored; the first that cannot is opened at its problem
        ready = [i for i in seats if not now.keeps_from_confirming(i)]
        troubled = [i for i in seats if now.keeps_from_confirming(i)]
        set_confirming(False)
        set_tried(lambda t: t | set(seats))
        go_on = unless_picked(lambda: open_board(troubled[0])) if troubled else None
        if ready:
            dispatch(*[board_done(view, i) for i in ready], then=go_on)
        elif troubled:
            open_board(troubled[0])
    ft.use_dialog(not_entered_dialog(model, view, now, open_board, lambda: confirm_boards(now.not_entered),
                                     lambda: set_confirming(False))
                  if confirming and now is not None and now.not_entered else None)
    if game is None:
        return missing_game(model, route, sid)
    player = chosen if chosen is not None else model.me.get(sid, 0)

    def calculate(e):
        set_editing(False)
        set_asked(True)
        if now.not_entered:  # which boards, and a choice: look at one, or say they are right as they are
            set_confirming(True)
        elif any(seat is not None for seat in now.troubled):
            open_board(next(seat for seat in now.troubled if seat is not None))

    def mark_done(e):  # then on to the next board still to be entered
        waiting = [i for i in now.not_entered if i != player]
        if now.keeps_from_confirming(player):
            confirm_boards([player])
        else:
            set_tried(lambda t: t | {player})
            dispatch(board_done(view, player),
                     then=unless_picked(lambda: show_board(waiting[0])) if waiting else None)

    if now.sheet is not None and not editing:
        controls, note = [results_view(model, view.definition, now.sheet, notes=now.sheet.notes),
                          BoxCard(model, view.definition.id, tuple(now.sheet.uncounted), "ui.score.box_uncounted")], None
        bottom = results_bar(model, lambda e: set_editing(True), confirm_button(model, page, game, now.sheet))
    else:
        controls = boards_part(model, view, dispatch, now, player, pick_board)
        bottom = boards_bar(model, view, player if player in now.not_entered else None, mark_done, calculate)
        note = bottom_note(model, view, now, player, asked)
    return screen(model, route, model.t("ui.score.title"), controls, back=f"/game/{sid}/play", bottom=bottom,
                  bottom_note=note, actions=[BoardUndo(model, game)], error=model.error_for(game),
                  info=model.info_for(game), on_dismiss=model.dismiss_message, page_key=f"-{sid}")


def confirm_button(model: AppModel, page, drawn, result) -> ft.Control:
    """Confirm and save, for the game and its result as this phone shows them: keyed by the game's
    revision, so that a late tap on it still names that result (companion/ui/late_taps.py); the hub keeps
    the result only if the game is still as it was then and the result is the same."""
    def play_of(latest):
        box = model.repo.box_data(latest.definition.id)
        kept = result_to_keep(latest, box, result)
        return make_play(latest, kept.sheet, kept.board, box)

    def confirm(e):
        model.finish(drawn, play_of, then=lambda play_id: page.navigate(f"/history/{play_id}"))
    return shown(ShownFilledButton(model.t("ui.score.confirm"), icon=ft.Icons.CHECK, height=TOUCH, expand=True,
                                   on_click=confirm, key=f"confirm-{drawn.revision}"), model.late_taps)


def not_entered_dialog(model: AppModel, view: GameView, now: EndScoring, open_board, as_they_are, close):
    """Calculate before every board is confirmed: which are not, what on each is still as the board
    opened (nobody looked at it), and what makes one impossible to score. Nothing is scored that nobody
    confirmed: a board is opened to be checked, or the players say they are right as they are; a board
    that cannot be scored cannot be confirmed, and says why in the game's words."""
    waiting = now.not_entered
    ready = [i for i in waiting if not now.keeps_from_confirming(i)]
    troubled = [i for i in waiting if now.keeps_from_confirming(i)]
    first = (troubled or waiting)[0]
    names = said_list([view.names[i] for i in ready])
    confirm = ([ft.FilledButton(model.t("ui.score.as_they_are" if not troubled else "ui.score.as_they_are_some",
                                        names=names, count=len(ready)), height=TOUCH, on_click=lambda e: as_they_are())]
               if ready else [])
    return ft.AlertDialog(
        modal=True, title=ft.Text(model.t("ui.score.not_entered_title")),
        content=ft.Column([ft.Text(model.t("ui.score.not_entered", names=said_list([view.names[i] for i in waiting]),
                                           count=len(waiting))),
                           *[line for seat in waiting for line in board_lines(model, view, now, seat)]],
                          tight=True, scroll=ft.ScrollMode.AUTO, width=480),
        actions=[ft.TextButton(model.t("ui.cancel"), on_click=lambda e: close()),
                 ft.OutlinedButton(model.t("ui.score.show_board", name=view.names[first]), height=TOUCH,
                                   on_click=lambda e: open_board(first)), *confirm],
        on_dismiss=lambda e: close())


def board_lines(model: AppModel, view: GameView, now: EndScoring, seat: int) -> list[ft.Control]:
    """A board not confirmed yet, in Calculate's question: the parts still as the board opened, and each
    problem that keeps it from being confirmed."""
    name = view.names[seat]
    parts = [model.t("core.list_sep").join(words) for key in as_opened(view.game).get(seat, [])
             if (words := part_words(model.lang, view.definition, f"$.players[{seat}].{key}"))]
    lines = [ft.Text(model.t("ui.score.as_opened", name=name, parts=parts), size=14)] if parts else []
    return lines + [problem_line(model.t("ui.score.cannot_confirm", name=name,
                                         problem=on_board(model.lang, view.definition, e.field, model.m(e.msg))))
                    for e in now.keeps_from_confirming(seat)]


def why_not(model: AppModel, view: GameView, now: EndScoring) -> str | None:
    """What keeps Calculate from giving the result, in the button's place: the boards not entered, the
    boards with problems, the box values missing; None when nothing does."""
    names = view.names
    if now.not_entered:
        return model.t("ui.score.not_entered_note", names=said_list([names[i] for i in now.not_entered]),
                       count=len(now.not_entered))
    if now.troubled:
        return model.t("ui.score.not_right", count=len(now.told_problems),
                       names=said_list([names[i] if i is not None else model.t("ui.score.the_table")
                                        for i in now.troubled]))
    if now.missing_box:
        return model.t("ui.score.box_missing")
    return None


def boards_part(model: AppModel, view: GameView, dispatch, now: EndScoring, player: int, set_player):
    """The boards being entered: how many are in, what is wrong elsewhere, the table-wide section, the
    board of the player chosen."""
    ui = game_ui(view.definition.id)
    editor = ui.board_editor
    progress = model.t("ui.score.progress", done=len(now.entered), total=now.players)
    mine = now.problems_of(player)
    controls = [
        ft.Text(model.t("ui.score.hint")),
        ft.Semantics(label=progress, live_region=True, container=True,
                     content=ft.Text(progress, weight=ft.FontWeight.BOLD)),
        *elsewhere_lines(model, view, now, player, set_player),
        *([BoxCard(model, view.definition.id, now.missing_box)] if now.all_entered and not now.problems else []),
    ]
    if ui.table_section:
        section = problems_here(view, [e for seat in range(now.players) for e in now.problems_of(seat)], ui, True)
        controls += [ui.table_section(view, dispatch, problems=section), ft.Divider()]
    here = problems_here(view, mine, ui, False)
    controls += [
        ft.Container(key=ft.ScrollKey(TOP), content=ft.Column([
            BoardTabs(model, view, now, player, set_player),
            ft.Row([colour_dot(view.colours[player], 16),
                    ft.Text(model.t("ui.score.board_of", name=view.names[player]), size=18, weight=ft.FontWeight.BOLD)],
                   spacing=8)], spacing=8)),
        editor(view, player, dispatch, problems=here, key="board-editor"),  # kept when a banner comes or goes
        ft.Divider(),
    ]
    return controls


def elsewhere_lines(model: AppModel, view: GameView, now: EndScoring, player: int, set_player) -> list[ft.Control]:
    """Every problem not on the board shown: the table's, then each other board's, with a way to it."""
    lines = [problem_line(explain_error(model, view.definition, now.board, e)) for e in now.problems_of(None)]
    for seat in (s for s in now.troubled if s is not None and s != player):
        count = len(now.problems_of(seat))
        lines.append(ft.Row([
            ft.Container(problem_line(model.t("ui.score.problems_on_board", name=view.names[seat], count=count)),
                         expand=True),
            ft.TextButton(model.t("ui.score.show_board", name=view.names[seat]), height=TOUCH,
                          on_click=lambda e, seat=seat: set_player(seat))]))
    return lines


@ft.component
def BoardTabs(model: AppModel, view: GameView, now: EndScoring, player: int, set_player):
    """One button per board: a tick when it is entered, a warning when it is entered but not right."""
    def tab(i: int, name: str) -> ft.Control:
        mark = ([ft.Icon(ft.Icons.ERROR, size=16, color=ft.Colors.ERROR)] if i in now.troubled else
                [ft.Icon(ft.Icons.CHECK_CIRCLE, size=16)] if i in now.entered else [])
        return ft.Semantics(
            label=model.t("ui.score.board_of", name=name), button=True, selected=i == player, container=True,
            content=(ft.FilledButton if i == player else ft.OutlinedButton)(
                content=ft.Row([colour_dot(view.colours[i], 12), ft.Text(name), *mark], tight=True, spacing=6),
                on_click=lambda e: set_player(i), height=TOUCH))
    return ft.Row([tab(i, name) for i, name in enumerate(view.names)], wrap=True)


def bottom_note(model: AppModel, view: GameView, now, player: int, asked: bool) -> str | None:
    """Why Calculate did not calculate, said at the button: the problems marked on this board (not those
    the table-wide section lists), else once Calculate was tapped what it waits for."""
    mine = problems_here(view, now.problems_of(player), game_ui(view.definition.id), False)
    if mine:
        return model.t("ui.score.problems_on", name=view.names[player], count=len(mine))
    return why_not(model, view, now) if asked else None


def results_bar(model: AppModel, edit, confirm: ft.Control) -> ft.Control:
    return ft.Row([
        ft.OutlinedButton(model.t("ui.score.edit"), icon=ft.Icons.EDIT, height=TOUCH, on_click=edit), confirm])


def board_done(view: GameView, seat: int) -> dict:
    """Seat's board confirmed as this phone shows it (the hub refuses it if it changed since)."""
    return {"type": "board_done", "player": seat, "done": True, "shown": view.board["players"][seat]}


def boards_bar(model: AppModel, view: GameView, not_entered: int | None, mark_done, calculate) -> ft.Control:
    """Calculate, and beside it "Ben's board is entered" while the board shown (Ben's) is not: keyed by
    the board as it shows it, so that a late tap still confirms that board (companion/ui/late_taps.py).
    Two buttons side by side go without icons and with less padding: each label on one line on a phone,
    also in German ("Auslage von Ben fertig", "Punkte berechnen")."""
    if not_entered is None:
        return ft.Row([ft.FilledButton(model.t("ui.score.calculate"), icon=ft.Icons.CALCULATE, height=TOUCH,
                                       expand=True, on_click=calculate)])
    narrow = ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=8))
    return ft.Row([
        shown(ShownOutlinedButton(model.t("ui.score.entered", name=view.names[not_entered]), height=TOUCH,
                                  expand=True, style=narrow, on_click=mark_done,
                                  key=shown_key(f"entered-{not_entered}", view.board["players"][not_entered])),
              model.late_taps),
        ft.FilledButton(model.t("ui.score.calculate"), height=TOUCH, expand=True, style=narrow, on_click=calculate)],
        spacing=8)


@ft.component
def BoardUndo(model: AppModel, game):
    """Undo of the last edit of the boards, named for it ("Undo: Ben's money +3, now 17"). As the
    tracker's Undo: each edit's button is its own control, whose late taps still count, so a tap acts on
    the edit the phone showed or is refused."""
    edit = game.board_edits[-1] if game.board_edits else None
    key = edit["id"] if edit else None
    words = ft.use_memo(lambda: edit_words(model, game, edit) if edit is not None else "", [key, model.lang])
    return icon_button(ft.Icons.UNDO, model.t("ui.undo_entry", entry=words) if edit else model.t("ui.undo"),
                       lambda e: model.undo_board_edit(game, edit, words), disabled=edit is None,
                       key=f"board-undo-{key}", late=model.late_taps)


def edit_words(model: AppModel, game, edit: dict) -> str:
    """What a board edit did, in words: "Ben's money +3, now 17", "Ben's city, row 2, column 3: set",
    or the game's own words for its moves."""
    said, names = edit["said"], [p["name"] for p in game.config["players"]]
    who = names[said["player"]] if isinstance(said.get("player"), int) and 0 <= said["player"] < len(names) else "?"
    if "path" in said:
        path = f"$.players[{said['player']}]" + "".join(f"[{s}]" if isinstance(s, int) else f".{s}" for s in said["path"])
        part = where(model.lang, game.definition, path, names)
        if "delta" in said:
            return model.t("ui.board_edit.added", part=part, delta=f"{said['delta']:+d}", value=said.get("value"))
        return model.t("ui.board_edit.set", part=part)
    if "msg" in said:
        from companion.core.text import Msg
        return model.t("ui.board_edit.game", name=who, what=Msg.from_json(said["msg"]))
    return model.t("ui.board_edit.changed", name=who)
