"""Settings: language, theme, and the box data (values printed on components) per game."""

from __future__ import annotations

import flet as ft

from companion.games import GAMES
from companion.ui.box_data import BoxDataForm
from companion.ui.model import SETTINGS, AppModel
from companion.ui.screens.common import use_watch
from companion.ui.widgets import TOUCH, screen, section, theme_mode


def choice_row(options: list[tuple[str, str]], current: str, on_pick) -> ft.Control:
    return ft.Row([
        ft.Semantics(label=label, button=True, selected=value == current, container=True,
                     content=(ft.FilledButton if value == current else ft.OutlinedButton)(
                         label, on_click=lambda e, v=value: on_pick(v), height=TOUCH, expand=True))
        for value, label in options
    ])


@ft.component
def SettingsScreen(model: AppModel):
    games_with_box = [g for g in GAMES.values() if g.box.values]
    page = ft.context.page
    use_watch(model, SETTINGS)  # box data entered on another phone shows here too

    def pick_theme(value: str) -> None:
        if not model.set_theme(value):
            return  # not saved: the theme stays, and the screen says so
        page.theme_mode = theme_mode(value)  # the page itself, not a screen, carries the theme
        page.update()

    controls = [
        section(model.t("ui.settings.language"),
                [choice_row([("de", "Deutsch"), ("en", "English")], model.lang, model.set_lang)]),
        section(model.t("ui.settings.theme"),
                [choice_row([("light", model.t("ui.settings.light")), ("dark", model.t("ui.settings.dark"))],
                            model.theme, pick_theme)]),
        section(model.t("ui.settings.box_data"),
                [ft.Text(model.t("ui.settings.box_data_hint"), size=13)]
                + [BoxDataEditor(model, g.id) for g in games_with_box]
                + ([] if games_with_box else [ft.Text(model.t("ui.settings.no_box_data"), italic=True)])),
    ]
    return screen(model, "/settings", model.t("ui.settings.title"), controls, back="/")


@ft.component
def BoxDataEditor(model: AppModel, game_id: str):
    definition = GAMES[game_id]
    return ft.ExpansionTile(title=ft.Text(model.m(definition.name)), controls_padding=8,
                            controls=[BoxDataForm(model, game_id, tuple(bv.key for bv in definition.box.values))])
