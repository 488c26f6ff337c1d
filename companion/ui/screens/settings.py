"""Settings: language, theme, and the box data (values printed on components) per game."""

from __future__ import annotations

import flet as ft

from companion.games import GAMES
from companion.ui.model import AppModel
from companion.ui.widgets import TOUCH, screen, section


def choice_row(options: list[tuple[str, str]], current: str, on_pick) -> ft.Control:
    return ft.Row([
        ft.Semantics(label=label, button=True, selected=value == current, container=True,
                     content=(ft.FilledButton if value == current else ft.OutlinedButton)(
                         label, on_click=lambda e, v=value: on_pick(v), height=TOUCH, expand=True))
        for value, label in options
    ])


@ft.component
def SettingsScreen(model: AppModel):
    games_with_box = [g for g in GAMES.values() if g.box_values]
    controls = [
        section(model.t("ui.settings.language"),
                [choice_row([("de", "Deutsch"), ("en", "English")], model.lang, model.set_lang)]),
        section(model.t("ui.settings.theme"),
                [choice_row([("light", model.t("ui.settings.light")), ("dark", model.t("ui.settings.dark"))],
                            model.theme, model.set_theme)]),
        section(model.t("ui.settings.box_data"),
                [ft.Text(model.t("ui.settings.box_data_hint"), size=13)]
                + [BoxDataEditor(model, g.id) for g in games_with_box]
                + ([] if games_with_box else [ft.Text(model.t("ui.settings.no_box_data"), italic=True)])),
    ]
    return screen(model, "/settings", model.t("ui.settings.title"), controls, back="/")


@ft.component
def BoxDataEditor(model: AppModel, game_id: str):
    game = GAMES[game_id]
    stored = model.repo.box_data(game_id)
    drafts, set_drafts = ft.use_state({})
    message, set_message = ft.use_state("")

    def value_of(bv):
        if bv.key in drafts:
            return drafts[bv.key]
        if bv.key in stored:
            return str(stored[bv.key])
        return "" if bv.known is None else str(bv.known)

    def save(e):
        values = {}
        for bv in game.box_values:
            text = value_of(bv).strip()
            if not text:
                continue
            if not text.isdigit():
                set_message(model.t("ui.settings.box_not_number", field=model.m(bv.label), value=text))
                return
            values[bv.key] = int(text)
        check = game.extra.get("validate_box")
        problem = check(values) if check else None
        if problem:
            set_message(model.m(problem))
            return
        model.repo.set_box_data(game_id, values)
        set_drafts({})
        set_message(model.t("ui.settings.box_saved"))
        model.changed()

    fields = []
    for bv in game.box_values:
        helper = model.m(bv.source) if bv.source else model.t("ui.settings.box_entered" if bv.key in stored
                                                              else "ui.settings.box_unknown")
        fields.append(ft.TextField(label=model.m(bv.label), value=value_of(bv), helper=helper,
                                   keyboard_type=ft.KeyboardType.NUMBER,
                                   on_change=lambda e, k=bv.key: set_drafts({**drafts, k: e.control.value})))
    return ft.ExpansionTile(
        title=ft.Text(model.m(game.name)),
        controls=[*fields, ft.FilledButton(model.t("ui.settings.box_save"), on_click=save, height=TOUCH),
                  *([ft.Text(message)] if message else [])],
        controls_padding=8,
    )
