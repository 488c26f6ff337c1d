"""Every player's empty fields on one screen, the score screen's table-wide section: the one thing the
tracker cannot know, entered without switching boards. One control per player: the counts 0 to 9 as
buttons (one tap each), and "more" for the rare board with 10 to 29; a line says whether the count
decides anything now (only a tie on points does). A tap is `board_set` of that player's board, with the
count this phone drew: refused when another phone changed it since."""

from __future__ import annotations

import flet as ft

from companion.core.where import player_of
from companion.games.castles_of_tuscany.components import GAME_ID
from companion.games.castles_of_tuscany.scoring import MAX_EMPTY_FIELDS, tied_with
from companion.ui.boards.problems import Placing, problem_line
from companion.ui.view import Dispatch, GameView
from companion.ui.widgets import TOUCH, colour_dot

NS = f"{GAME_ID}.board"
EMPTY_FIELDS = "empty_fields"
QUICK = 10  # 0 to 9 shown at once; "more" shows the rest up to MAX_EMPTY_FIELDS


def empty_fields_move(player: int, count: int, drawn) -> dict:
    """The count chosen for player's board, set only if it still holds what this phone drew."""
    return {"type": "board_set", "player": player, "path": [EMPTY_FIELDS], "value": count, "expect": drawn}


def counts_shown(value, more: bool) -> range:
    """The counts offered: 0 to 9, or all of them once asked for or while the board has more than 9."""
    everything = more or not isinstance(value, int) or value >= QUICK
    return range(MAX_EMPTY_FIELDS + 1 if everything else QUICK)


def tie_note(view: GameView, player: int) -> tuple[str | None, bool]:
    """Whether the count decides anything now, and whether it does (a tie on points); None while the
    table cannot be scored yet (the section's help says what the count is for)."""
    tie, name = tied_with(view.board, player), view.board["players"][player]["name"]
    if tie is None:
        return None, False
    if tie[1]:
        return view.t(f"{NS}.empty_fields_tied", name=name, total=tie[0], others=tie[1]), True
    return view.t(f"{NS}.empty_fields_untied", name=name), False


def count_button(view: GameView, name: str, n: int, chosen: bool, on_click) -> ft.Control:
    return ft.Semantics(
        label=view.t(f"{NS}.empty_fields_pick", count=n, name=name), button=True, selected=chosen, container=True,
        content=(ft.FilledButton if chosen else ft.OutlinedButton)(
            str(n), width=TOUCH, height=TOUCH, style=ft.ButtonStyle(padding=0), on_click=on_click))


@ft.component
def PlayerEmptyFields(view: GameView, player: int, dispatch: Dispatch, problems=()):
    more, set_more = ft.use_state(False)
    me = view.board["players"][player]
    value, name = me.get(EMPTY_FIELDS), me["name"]
    title = view.t("ui.value", counter=view.t(f"{NS}.empty_fields"), player=name, value=value)
    note, tied = tie_note(view, player)
    colours = view.colours
    buttons = [count_button(view, name, n, n == value,
                            lambda e, n=n: dispatch(empty_fields_move(player, n, value)) if n != value else None)
               for n in counts_shown(value, more)]
    if len(buttons) == QUICK:
        label = view.t(f"{NS}.empty_fields_more", name=name)
        buttons.append(ft.Semantics(label=label, button=True, container=True, content=ft.TextButton(
            view.t(f"{NS}.more"), icon=ft.Icons.EXPAND_MORE, height=TOUCH, on_click=lambda e: set_more(True))))
    return ft.Column([
        ft.Row([*([colour_dot(colours[player], 12)] if player < len(colours) else []),
                ft.Semantics(label=title, container=True, content=ft.Text(
                    title, weight=ft.FontWeight.BOLD, size=15))], spacing=8),
        *([ft.Semantics(label=note, live_region=True, container=True,
                        content=ft.Text(note, size=12, weight=ft.FontWeight.BOLD if tied else None))]
          if note else []),
        ft.Row(buttons, wrap=True, spacing=4, run_spacing=4),
        *[problem_line(p.text) for p in problems],
    ], spacing=4)


@ft.component
def EmptyFields(view: GameView, dispatch: Dispatch, problems=()):
    """`problems`: those of the empty fields of boards said to be entered, each said on its player's line."""
    placing = Placing(problems)
    rows = []
    for player in range(len(view.board["players"])):
        mine = [p for p in placing.left if player_of(p.path) == player]
        placing.left = [p for p in placing.left if p not in mine]
        rows.append(PlayerEmptyFields(view, player, dispatch, tuple(mine), key=f"empty-{player}"))
    return ft.Column([
        ft.Text(view.t(f"{NS}.empty_fields_title"), theme_style=ft.TextThemeStyle.TITLE_MEDIUM,
                weight=ft.FontWeight.BOLD),
        ft.Text(view.t(f"{NS}.empty_fields_table"), size=13),
        *rows,
        *placing.rest(),
    ], spacing=10)
