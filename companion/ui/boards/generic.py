"""The end-scoring editor of a game that has none of its own: one row per number the game declares
on each player's board (`EndBoard.board_fields`), in the game's own words. A game's own editor
may show its declared fields with the same rows (`FieldRows`) beside its own parts.

A field is stepped with -/+ (48 px buttons, never past its bounds: `board_add`, so every tap counts) or,
for a long track, typed in (a number keyboard, or the number pad beside it; text that is no whole number,
or a number out of bounds, is said under the field in plain words and not sent; a number is `board_set`
with the value the phone drew). What the game's reader refuses about the board as a whole is said by the score screen, naming
the field by its label (`companion/core/where.py`)."""

from __future__ import annotations

import flet as ft

from companion.core.definition import BoardField
from companion.ui.boards.drafts import Drafts
from companion.ui.boards.pad import PadBeside
from companion.ui.boards.problems import Placing
from companion.ui.view import Dispatch, GameView
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


def step_move(player: int, field: BoardField, delta: int) -> dict:
    """A -/+ tap on a declared field: added to the count as it is by then, within the field's bounds."""
    return {"type": "board_add", "player": player, "path": [field.id], "delta": delta, "minimum": field.minimum,
            "maximum": field.maximum}


def typed_move(player: int, field: BoardField, value: int, drawn) -> dict:
    """A typed number: set only if the field still holds what this phone drew."""
    return {"type": "board_set", "player": player, "path": [field.id], "value": value,
            "expect": drawn if isinstance(drawn, int) and not isinstance(drawn, bool) else None}


@ft.component
def FieldRows(view: GameView, player: int, dispatch: Dispatch, fields: tuple[BoardField, ...],
              typed: frozenset[str] | None = None):
    """One row per declared field of player's board. `typed`: the fields typed in (default: those the game
    declares `typed`); the others have -/+ ."""
    drafts = Drafts(player, view.game.revision)  # typed fields: text that is not a value (yet) stays in the field
    me = view.board["players"][player]
    typed = frozenset(f.id for f in fields if f.typed) if typed is None else typed

    def typed_row(field):
        draft, label = drafts.get(field.id), view.m(field.label)
        problem = typed_value(draft, field)[1] if draft is not None else None
        typed_in = drafts.drawn(field.id, ft.TextField(
            key=f"{field.id}-{player}", label=view.t(f"{NS}.field_of", field=label, name=me["name"]),
            value=drafts.shown(field.id, value_of(me, field)),
            helper=view.m(field.help) if field.help is not None else None, helper_max_lines=2,
            keyboard_type=ft.KeyboardType.NUMBER, dense=True,
            error=view.t(problem[0], **problem[1]) if problem else None,
            on_change=lambda e: drafts.keystroke(field.id, e.control.value, typed_value(e.control.value, field)[0],
                                                 me.get(field.id),
                                                 lambda key, value, then: dispatch(typed_move(player, field, value,
                                                                                              me.get(key)), then=then))))
        return PadBeside(view, me["name"], field, typed_in, lambda value: set_to(field, value), key=f"pad-{field.id}-{player}")

    def set_to(field, value):  # the number pad's "Set to": within the field's bounds, or said as typed
        if typed_value(str(value), field)[1] is not None:
            drafts.typed(field.id, str(value), None, me.get(field.id), None)
        else:
            drafts.forget(field.id)
            dispatch(typed_move(player, field, value, me.get(field.id)))

    def stepped_row(field):
        help_text = view.m(field.help) if field.help is not None else None
        return ft.Column([
            stepper(view.m(field.label), value_of(me, field), lambda d: dispatch(step_move(player, field, d)),
                    who=me["name"], model=view, steps=field.steps, minimum=field.minimum, maximum=field.maximum),
            *([ft.Text(help_text, size=12, color=ft.Colors.ON_SURFACE_VARIANT)] if help_text else []),
        ], spacing=0)

    return ft.Column([typed_row(f) if f.id in typed else stepped_row(f) for f in fields], spacing=10,
                     horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


@ft.component
def GenericBoard(view: GameView, player: int, dispatch: Dispatch, problems=()):
    return ft.Column([
        *Placing(problems).rest(),  # this board's problems, once it is entered (its fields are few)
        ft.Text(view.t(f"{NS}.generic_hint", name=view.board["players"][player]["name"]), size=13),
        FieldRows(view, player, dispatch, view.definition.end.board_fields),
    ], spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
