"""A player's end-scoring board: the empty fields (entered in the table's list above, shown here to
check), the two tracks after the third scoring (typed: they run to 100 and more), the storage spaces and
what the player still owns (-/+), all prefilled from the tracker, to be checked against the table.

The points are not computed here: the result screen calls the game's `score`, which explains every
line. Each change is one field of the board: `board_set` for a typed track (with the value this phone
drew), `board_add` for a -/+ tap (docs/board-state-castles-of-tuscany.md)."""

from __future__ import annotations

from dataclasses import replace

import flet as ft

from companion.core.definition import BoardField
from companion.core.text import Msg
from companion.games.castles_of_tuscany.components import GAME_ID, STORAGE_SPACES_BASE, STORAGE_SPACES_MAX
from companion.ui.boards.drafts import Drafts
from companion.ui.boards.generic import step_move, typed_move, typed_value, value_of
from companion.ui.boards.pad import PadBeside
from companion.ui.boards.problems import Placing, problem_line
from companion.ui.view import Dispatch, GameView
from companion.ui.widgets import stepper

NS = f"{GAME_ID}.board"


def _field(key: str, **bounds) -> BoardField:
    return BoardField(key, Msg(f"{NS}.{key}"), help=Msg(f"{NS}.{key}_help"), **bounds)


TRACKS = (_field("red", typed=True), _field("green", typed=True))
# The storage spaces as the tracker counted them (boards saved before they were carried have none: the
# most there can be holds then); tiles and wooden hexagons share them; 1 point per 5 cards.
SPACES = _field("storage_spaces", minimum=STORAGE_SPACES_BASE, maximum=STORAGE_SPACES_MAX)
COUNTS = (_field("tiles", maximum=STORAGE_SPACES_MAX), _field("hexagons", maximum=STORAGE_SPACES_MAX),
          _field("marble"), _field("workers"), _field("cards", steps=(1, 5)))
STORED = ("tiles", "hexagons")


def counts_of(me: dict) -> tuple[BoardField, ...]:
    """The counts of what is left, tiles and wooden hexagons each at most this player's storage spaces."""
    spaces = me.get(SPACES.id, STORAGE_SPACES_MAX)
    return tuple(replace(f, maximum=spaces) if f.id in STORED else f for f in COUNTS)


def track_row(view: GameView, player: int, dispatch: Dispatch, drafts: Drafts, field: BoardField,
              said: list[str]) -> ft.Control:
    """A track typed in: text that is no number (yet) stays in the field and is said under it."""
    me, draft = view.board["players"][player], drafts.get(field.id)
    problem = typed_value(draft, field)[1] if draft is not None else None
    def set_to(value):  # the number pad's "Set to": within the track's bounds, or said as typed
        if typed_value(str(value), field)[1] is not None:
            drafts.typed(field.id, str(value), None, me.get(field.id), None)
        else:
            drafts.forget(field.id)
            dispatch(typed_move(player, field, value, me.get(field.id)))
    # the pad names the track as the play screen does ("Red track (inner)"), the player apart
    named = replace(field, label=Msg(f"{GAME_ID}.counter.{field.id}"))
    return ft.Column([PadBeside(view, me["name"], named, drafts.drawn(field.id, ft.TextField(
        key=f"{field.id}-{player}", label=view.t(f"{NS}.{field.id}", name=me["name"]),
        value=drafts.shown(field.id, value_of(me, field)),
        helper=view.m(field.help), helper_max_lines=2, keyboard_type=ft.KeyboardType.NUMBER, dense=True,
        error=view.t(problem[0], **problem[1]) if problem else None,
        on_change=lambda e: drafts.keystroke(field.id, e.control.value, typed_value(e.control.value, field)[0],
                                             me.get(field.id),
                                             lambda key, value, then: dispatch(typed_move(player, field, value, me.get(key)),
                                                                               then=then)),
    )), set_to, key=f"pad-{field.id}-{player}"), *[problem_line(text) for text in said]], spacing=4)


def count_row(view: GameView, player: int, dispatch: Dispatch, field: BoardField, said: list[ft.Control]):
    me = view.board["players"][player]
    return ft.Column([
        stepper(view.m(field.label), value_of(me, field), lambda d: dispatch(step_move(player, field, d)),
                who=me["name"], model=view, steps=field.steps, minimum=field.minimum, maximum=field.maximum),
        ft.Text(view.m(field.help), size=12, color=ft.Colors.ON_SURFACE_VARIANT),
        *said,
    ], spacing=0)


@ft.component
def CastlesBoard(view: GameView, player: int, dispatch: Dispatch, problems=()):
    drafts = Drafts(player, view.game.revision)
    placing = Placing(problems)  # this board's problems, once it is entered: each beside its field
    me = view.board["players"][player]
    entered = view.t(f"{NS}.empty_fields_entered", count=me["empty_fields"])
    # The empty fields (entered in the table's list above) first; then what the tracker prefilled, to be
    # checked against the table.
    parts = [ft.Column([ft.Semantics(label=entered, container=True, content=ft.Text(entered, size=13)),
                        *placing.at("empty_fields")], spacing=4),
             *[track_row(view, player, dispatch, drafts, f, placing.texts(f.id)) for f in TRACKS],
             *([count_row(view, player, dispatch, SPACES, placing.at(SPACES.id))] if SPACES.id in me else []),
             ft.Text(view.t(f"{NS}.owned"), weight=ft.FontWeight.BOLD),
             *[count_row(view, player, dispatch, f, placing.at(f.id)) for f in counts_of(me)]]
    return ft.Column([*placing.rest(), ft.Text(view.t(f"{NS}.hint"), size=13), *parts], spacing=10)
