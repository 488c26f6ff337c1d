"""Entering box data: values printed on components, asked once and kept (see game-facts' policy)."""

from __future__ import annotations

import flet as ft

from companion.core.box import check_box_values
from companion.core.game import BoardStateError, BoxValue
from companion.core.saving import SaveFailed, saving
from companion.games import GAMES
from companion.ui.model import AppModel
from companion.ui.widgets import TOUCH


def describe(game, key: str) -> BoxValue:
    """A box key's label: from the game's list, or its `box_value` for keys made on demand."""
    for bv in game.box_values:
        if bv.key == key:
            return bv
    lookup = game.extra.get("box_value")
    return lookup(key) if lookup else BoxValue(key, None)


def store_box_data(model: AppModel, game_id: str, values: dict) -> tuple[str, bool]:
    """Keep the values entered: what the form then says ("Saved." or "Not saved: ..."), and whether it is."""
    try:
        with saving("core.not_saved.box"):
            model.repo.set_box_data(game_id, values)
    except SaveFailed as failed:  # the stored values as they were
        return model.m(failed.msg), False
    model.changed()
    return model.t("ui.settings.box_saved"), True


@ft.component
def BoxDataForm(model: AppModel, game_id: str, keys: tuple[str, ...], on_saved=None):
    game = GAMES[game_id]
    stored = model.repo.box_data(game_id)
    drafts, set_drafts = ft.use_state({})
    message, set_message = ft.use_state("")
    values = [describe(game, k) for k in keys]

    def text_of(bv: BoxValue) -> str:
        if bv.key in drafts:
            return drafts[bv.key]
        if bv.key in stored:
            return str(stored[bv.key])
        return "" if bv.known is None else str(bv.known)

    def save(e):
        entered = {}
        for bv in values:
            text = text_of(bv).strip()
            if not text:
                continue
            # isdigit() alone takes "²" (int() does not) and 5,000 digits (int() refuses those too)
            if not (text.isascii() and text.isdigit() and len(text) <= 6):
                set_message(model.t("ui.settings.box_not_number", field=model.m(bv.label) if bv.label else bv.key,
                                    value=text))
                return
            entered[bv.key] = int(text)
        try:  # the same check as a backup's or a --box file's box data
            check_box_values(game, {**stored, **entered})
        except BoardStateError as error:
            set_message(model.m(error.msg) + f" ({error.field})")
            return
        said, kept = store_box_data(model, game_id, entered)
        set_message(said)
        if not kept:
            return  # the values typed stay in the fields
        set_drafts({})
        if on_saved:
            on_saved()

    fields = []
    for bv in values:
        if bv.source:
            helper = model.m(bv.source)
        else:
            helper = model.t("ui.settings.box_entered" if bv.key in stored else "ui.settings.box_unknown")
        label = model.m(bv.label) if bv.label else bv.key
        # The long label wraps beside a short number field (a field's own label cannot wrap).
        fields.append(ft.Row([
            ft.Column([ft.Text(label), ft.Text(helper, size=12, color=ft.Colors.ON_SURFACE_VARIANT)],
                      spacing=2, expand=True),
            # `label` names the field for screen readers; it is drawn at no size (the text beside shows it).
            ft.TextField(label=label, label_style=ft.TextStyle(size=0.01), value=text_of(bv), width=88,
                         filled=True, border=ft.InputBorder.UNDERLINE, text_align=ft.TextAlign.CENTER,
                         keyboard_type=ft.KeyboardType.NUMBER,
                         on_change=lambda e, k=bv.key: set_drafts({**drafts, k: e.control.value})),
        ], vertical_alignment=ft.CrossAxisAlignment.CENTER))
    return ft.Column([*fields,
                      ft.FilledButton(model.t("ui.settings.box_save"), icon=ft.Icons.SAVE, on_click=save, height=TOUCH),
                      # below the button that made it: it pushes nothing down; read out when it appears
                      *([ft.Semantics(label=message, live_region=True, container=True, content=ft.Text(message))]
                        if message else [])], spacing=8,
                     horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
