"""A number of an end-scoring board typed on the number pad the play screen has (`scoreboard.NumberPad`,
in its "Set to 87" mode). A keypad button beside the number's field opens the pad under it; the digits
are kept where the taps arrive, as in play, and "Set to 87" sets the number (`board_set` with the value
this phone drew: refused if another phone changed it since). The field itself stays for a keyboard."""

from __future__ import annotations

from typing import Callable

import flet as ft

from companion.core.definition import BoardField
from companion.ui.scoreboard import NumberPad
from companion.ui.view import GameView
from companion.ui.widgets import Texts, icon_button, scroll_page_to


@ft.component
def PadBeside(view: GameView, name: str, field: BoardField, typed_in: ft.Control, set_to: Callable[[int], None]):
    """`typed_in`: the number's field; `set_to(value)`: what "Set to" does. Give it a key per player and
    field: its pad's digits are that number's."""
    showing, set_showing = ft.use_state(False)
    texts = Texts(view.lang)
    page, where = ft.context.page, f"pad-{field.id}-{name}"

    async def into_view():  # the pad opened: the field at the top, its pad under it, no scrolling by hand
        if showing:
            await scroll_page_to(page, where)
    ft.use_effect(into_view, [showing])

    def done(value: int) -> None:
        set_showing(False)  # the number is in: the field shows it
        set_to(value)
    toggle = icon_button(ft.Icons.DIALPAD, texts.t("ui.pad.open", counter=view.m(field.label), player=name),
                         lambda e: set_showing(lambda now: not now), selected=showing)
    return ft.Column(key=ft.ScrollKey(where), controls=[
        ft.Row([ft.Container(typed_in, expand=True), toggle], spacing=4,
               vertical_alignment=ft.CrossAxisAlignment.START),
        *([NumberPad(texts, name, (field,), field.id, done, setting=True)] if showing else []),
    ], spacing=6)
