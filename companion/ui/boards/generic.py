"""The end-scoring editor of a game that has none of its own: one row per number the game declares
on each player's board (`GameDefinition.board_fields`), in the game's own words.

A field is stepped with -/+ (48 px buttons, never past its bounds) or, for a long track, typed in (a
number keyboard; text that is no whole number, or a number out of bounds, is said under the field in
plain words and not sent). What the game's reader refuses about the board as a whole is said by the
score screen, naming the field by its label (`ui/board_path.py`)."""

from __future__ import annotations

import copy

import flet as ft

from companion.core.game import BoardField
from companion.games import GAMES
from companion.ui.boards.drafts import Drafts
from companion.ui.boards.problems import Placing
from companion.ui.model import AppModel
from companion.ui.widgets import stepper

NS = "ui.board"


def value_of(player: dict, field: BoardField) -> int:
    """The field's value on the board; its lowest value while nobody has entered it."""
    value = player.get(field.id)
    return value if isinstance(value, int) and not isinstance(value, bool) else field.minimum


def typed_value(text: str, field: BoardField) -> tuple[int | None, tuple[str, dict] | None]:
    """A typed value, or why it is not one: (value, None) or (None, (message key, params))."""
    text = (text or "").strip()
    # isascii: "²" passes isdigit() but not int(); 7 digits: far above any board, far below int()'s limit
    digits = text[1:] if text.startswith("-") else text
    if not (digits.isascii() and digits.isdigit() and len(digits) <= 7):
        return None, (f"{NS}.not_a_number", {"value": text})
    value = int(text)
    if value < field.minimum:
        return None, (f"{NS}.at_least", {"minimum": field.minimum})
    if field.maximum is not None and value > field.maximum:
        return None, (f"{NS}.at_most", {"maximum": field.maximum})
    return value, None


@ft.component
def GenericBoard(model: AppModel, board: dict, player: int, on_change, problems=()):
    drafts = Drafts(player)  # typed fields: text that is not a value (yet) stays in the field
    game = GAMES[board["game"]]
    me = board["players"][player]

    def update(key, value):
        new = copy.deepcopy(board)
        new["players"][player][key] = value
        on_change(new)

    def row(field):
        label = model.m(field.label)
        help_text = model.m(field.help) if field.help is not None else None
        if field.typed:
            draft = drafts.get(field.id)
            problem = typed_value(draft, field)[1] if draft is not None else None
            return ft.TextField(
                key=f"{field.id}-{player}", label=model.t(f"{NS}.field_of", field=label, name=me["name"]),
                value=draft if draft is not None else str(value_of(me, field)), helper=help_text, helper_max_lines=2,
                keyboard_type=ft.KeyboardType.NUMBER, dense=True,
                error=model.t(problem[0], **problem[1]) if problem else None,
                on_change=lambda e: drafts.typed(field.id, e.control.value, typed_value(e.control.value, field)[0],
                                                 me.get(field.id), update))
        value = value_of(me, field)
        return ft.Column([
            stepper(label, value, lambda d: on_change.add([field.id], d, minimum=field.minimum, maximum=field.maximum),
                    who=me["name"], model=model,
                    steps=field.steps, minimum=field.minimum, maximum=field.maximum),
            *([ft.Text(help_text, size=12, color=ft.Colors.ON_SURFACE_VARIANT)] if help_text else []),
        ], spacing=0)

    return ft.Column([
        *Placing(problems).rest(),  # this board's problems, once it is entered (its fields are few)
        ft.Text(model.t(f"{NS}.generic_hint", name=me["name"]), size=13),
        *[row(f) for f in game.board_fields],
    ], spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
