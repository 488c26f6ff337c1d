"""The Castles of Tuscany's end-scoring entry. The empty fields for the tie-break are the one thing the
tracker cannot know: every player's are entered in one list for the whole table, above the boards
(`CastlesOfTuscanyEmptyFields`, the game's table-wide section on the score screen). Each player's board
(`CastlesOfTuscanyBoard`) shows that count and the two tracks after the third scoring and what the
player still owns, all prefilled from the tracker, to be checked against the table.

The points are not computed here: the result screen calls the game's `score`, which explains every
line. This form only edits the board state described in docs/board-state-castles-of-tuscany.md.
"""

from __future__ import annotations

import copy

import flet as ft

from companion.core.game import BoardStateError
from companion.games.castles_of_tuscany.components import STORAGE_SPACES_MAX
from companion.games.castles_of_tuscany.scoring import MAX_EMPTY_FIELDS, parse_board_state, score
from companion.core.where import player_of
from companion.ui.boards.drafts import Drafts
from companion.ui.boards.problems import Placing, problem_line
from companion.ui.model import AppModel
from companion.ui.widgets import TOUCH, colour_dot, icon_button, stepper

NS = "castles-of-tuscany.board"
TRACKS = ("red", "green")  # typed in: they run to 100 and more
# (field, steps, largest value the board allows or None); hexagons share the storage with tiles.
COUNTS = (("tiles", (1,), STORAGE_SPACES_MAX), ("hexagons", (1,), STORAGE_SPACES_MAX), ("marble", (1,), None),
          ("workers", (1,), None), ("cards", (1, 5), None))
EMPTY = ("empty_fields", (1, 5), MAX_EMPTY_FIELDS)
QUICK_EMPTY = tuple(range(10))  # empty fields in one tap; more by the stepper beside them


def parse_points(text: str) -> int | None:
    """A track's points as typed: a whole number of 0 or more (spaces ignored), else None."""
    text = (text or "").strip()
    # isascii: "²" passes isdigit() but not int(); 7 digits: far above any track, far below int()'s limit
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 7 else None


def tied_with(board: dict, player: int) -> tuple[int, list[str]] | None:
    """The player's total as the game scores the board now and who has the same total; None while the
    table cannot be scored yet. The empty fields only ever decide such a tie."""
    try:
        sheet = score(parse_board_state(board))
    except BoardStateError:
        return None
    me = sheet.players[player]
    return me.total, [p.name for i, p in enumerate(sheet.players) if i != player and p.total == me.total]


@ft.component
def CastlesOfTuscanyBoard(model: AppModel, board: dict, player: int, on_change, problems=()):
    drafts = Drafts(player)  # the tracks typed: text that is not a number (yet) stays in the field
    me = board["players"][player]
    placing = Placing(problems)  # this board's problems, once it is entered: each beside its field

    def update(key, value):
        new = copy.deepcopy(board)
        new["players"][player][key] = value
        on_change(new)

    def track_field(key):
        draft = drafts.get(key)
        said = placing.texts(key)
        return ft.Column([ft.TextField(
            key=f"{key}-{player}",
            label=model.t(f"{NS}.{key}", name=me["name"]),
            value=draft if draft is not None else str(me[key]),
            helper=model.t(f"{NS}.{key}_help"), helper_max_lines=2,
            error=model.t(f"{NS}.not_a_number", value=draft) if draft is not None else None,
            keyboard_type=ft.KeyboardType.NUMBER, dense=True,
            on_change=lambda e: drafts.typed(key, e.control.value, parse_points(e.control.value), me[key], update),
        ), *[problem_line(text) for text in said]], spacing=4)

    def count_row(key, steps, maximum):
        return ft.Column([
            stepper(model.t(f"{NS}.{key}"), me[key], lambda d: on_change.add([key], d, maximum=maximum),
                    who=me["name"], model=model, steps=steps, maximum=maximum),
            ft.Text(model.t(f"{NS}.{key}_help"), size=12, color=ft.Colors.ON_SURFACE_VARIANT),
            *placing.at(key),
        ], spacing=0)

    def empty_fields():
        """Entered in the table's list above (one screen for every player's); shown here to check."""
        line = model.t(f"{NS}.empty_fields_entered", count=me["empty_fields"])
        return ft.Column([ft.Semantics(label=line, container=True, content=ft.Text(line, size=13)),
                          *placing.at("empty_fields")], spacing=4)

    # The empty fields (entered in the table's list above) first; then what the tracker prefilled, to be
    # checked against the table.
    parts = [empty_fields(), *[track_field(k) for k in TRACKS], ft.Text(model.t(f"{NS}.owned"), weight=ft.FontWeight.BOLD),
             *[count_row(*c) for c in COUNTS]]
    return ft.Column([*placing.rest(), ft.Text(model.t(f"{NS}.hint"), size=13), *parts], spacing=10)


@ft.component
def CastlesOfTuscanyEmptyFields(model: AppModel, board: dict, on_change, problems=(), colours=()):
    """Every player's empty fields on one screen, so the table enters the one thing the tracker cannot
    know without switching boards: per player 0 to 9 in one tap, the stepper for more, and whether the
    count decides anything now (only a tie on points does). `on_change(player, new_board)` sends one
    player's change; `problems` are those of the empty fields of boards said to be entered."""
    placing = Placing(problems)

    def row(player: int, me: dict) -> ft.Control:
        value, name = me["empty_fields"], me["name"]
        counter = model.t(f"{NS}.empty_fields")

        def update(n):
            new = copy.deepcopy(board)
            new["players"][player]["empty_fields"] = n
            on_change(player, new)

        def step(delta):
            on_change.add(player, ["empty_fields"], delta, maximum=EMPTY[2])

        tie = tied_with(board, player)
        if tie is None:
            note = None  # the section's help says what they are for
        elif tie[1]:
            note = model.t(f"{NS}.empty_fields_tied", name=name, total=tie[0], others=tie[1])
        else:
            note = model.t(f"{NS}.empty_fields_untied", name=name)
        chips = [ft.Semantics(
            label=model.t(f"{NS}.empty_fields_pick", count=n, name=name), button=True, selected=n == value,
            container=True,
            content=(ft.FilledButton if n == value else ft.OutlinedButton)(
                str(n), width=TOUCH, height=TOUCH, style=ft.ButtonStyle(padding=0),
                on_click=lambda e, n=n: update(n) if n != value else None))
            for n in QUICK_EMPTY]
        # The stepper's buttons and value carry the same names as everywhere ("Empty fields +1 (Ben)",
        # "Empty fields of Ben: 4"); the row's own title names the player.
        title = ft.Row([
            *([ft.Container(colour_dot(colours[player], 12), padding=ft.Padding.only(right=8))]
              if player < len(colours) else []),
            ft.Text(model.t(f"{NS}.empty_fields_of", name=name), weight=ft.FontWeight.BOLD, size=15, expand=True),
            icon_button(ft.Icons.REMOVE, model.t("ui.step", counter=counter, delta="-1", player=name),
                        lambda e: step(-1), disabled=value < 1),
            ft.Semantics(label=model.t("ui.value", counter=counter, player=name, value=value), container=True,
                         content=ft.Text(str(value), size=20, weight=ft.FontWeight.BOLD, width=36,
                                         text_align=ft.TextAlign.CENTER)),
            *[icon_button(ft.Icons.ADD, model.t("ui.step", counter=counter, delta=f"+{s}", player=name),
                          lambda e, s=s: step(s), disabled=value >= EMPTY[2]) for s in EMPTY[1][:1]],
            *[ft.Semantics(label=model.t("ui.step", counter=counter, delta=f"+{s}", player=name), button=True,
                           container=True, content=ft.TextButton(f"+{s}", on_click=lambda e, s=s: step(s),
                                                                 style=ft.ButtonStyle(padding=4),
                                                                 width=TOUCH, height=TOUCH))
              for s in EMPTY[1][1:]],
        ], spacing=0, vertical_alignment=ft.CrossAxisAlignment.CENTER)
        mine = [p for p in placing.left if player_of(p.path) == player]
        placing.left = [p for p in placing.left if p not in mine]
        return ft.Column([
            title,
            *([ft.Semantics(label=note, live_region=True, container=True,
                            content=ft.Text(note, size=12, weight=ft.FontWeight.BOLD if tie[1] else None))]
              if note else []),
            ft.Row(chips, wrap=True, spacing=4, run_spacing=4),
            *[problem_line(p.text) for p in mine],
        ], spacing=4)

    return ft.Column([
        ft.Text(model.t(f"{NS}.empty_fields_title"), theme_style=ft.TextThemeStyle.TITLE_MEDIUM,
                weight=ft.FontWeight.BOLD),
        ft.Text(model.t(f"{NS}.empty_fields_table"), size=13),
        *[row(i, p) for i, p in enumerate(board["players"])],
        *placing.rest(),
    ], spacing=10)
