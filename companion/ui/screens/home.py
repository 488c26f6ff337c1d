"""Home: start a game, resume games in progress, history and settings."""

from __future__ import annotations

import flet as ft

from companion.core.text import date_time
from companion.ui.model import LOBBY, AppModel
from companion.ui.screens.common import use_watch
from companion.ui.widgets import TOUCH, colour_dot, error_banner, icon_button, screen, section

STAGE_ROUTE = {"setup": "setup", "play": "play", "scoring": "score"}


def game_route(game) -> str:
    return f"/game/{game.id}/{STAGE_ROUTE[game.stage]}"


@ft.component
def HomeScreen(model: AppModel):
    page = ft.context.page
    use_watch(model, LOBBY)  # games started or changed on other phones
    live = model.repo.live_games()
    discarding, set_discarding = ft.use_state(None)  # the game id waiting for a confirmation

    target = model.game(discarding) if discarding else None
    ft.use_dialog(ft.AlertDialog(
        modal=True,
        title=ft.Text(model.t("ui.home.discard_title")),
        content=ft.Text(model.t("ui.home.discard_text", game=model.m(target.definition.name),
                                players=[p["name"] for p in target.config["players"]])),
        actions=[ft.TextButton(model.t("ui.cancel"), on_click=lambda e: set_discarding(None)),
                 ft.FilledButton(model.t("ui.home.discard"), height=TOUCH,
                                 on_click=lambda e: (model.discard(target), set_discarding(None)))],
    ) if target else None)

    def go(route):
        return lambda e: page.navigate(route)

    notices = [
        ft.Column([error_banner(n) for n in model.notices]
                  + [ft.TextButton(model.t("ui.home.dismiss"), on_click=lambda e: model.dismiss_notices())])
    ] if model.notices else []

    def live_tile(s):
        state = s.state
        status = s.definition.rules.status(state, s.config) if s.stage == "play" else []
        subtitle = ", ".join(p["name"] for p in s.config["players"])
        where = model.t(f"ui.stage.{s.stage}")
        if status:
            where += " · " + model.m(status[0])
        return ft.Card(
            content=ft.ListTile(
                leading=ft.Row([colour_dot(p["colour"], 10) for p in s.config["players"]], spacing=2, tight=True,
                               width=48, wrap=True),
                title=ft.Text(model.m(s.definition.name)),
                subtitle=ft.Text(f"{subtitle}\n{where} · {date_time(model.lang, s.updated)}"),
                is_three_line=True,
                on_click=go(game_route(s)),
                trailing=icon_button(ft.Icons.DELETE_OUTLINE,
                                     model.t("ui.home.discard_named", game=model.m(s.definition.name), players=subtitle),
                                     lambda e: set_discarding(s.id)),
            ),
        )

    controls = [
        *notices,
        ft.FilledButton(model.t("ui.home.new_game"), icon=ft.Icons.ADD, on_click=go("/new"), height=56,
                        width=float("inf")),
        section(model.t("ui.home.in_progress"),
                [live_tile(s) for s in live] if live else [ft.Text(model.t("ui.home.none_in_progress"),
                                                                    italic=True)]),
        ft.Row([
            ft.OutlinedButton(model.t("ui.home.history"), icon=ft.Icons.HISTORY, on_click=go("/history"),
                              height=TOUCH, expand=True),
            ft.OutlinedButton(model.t("ui.home.settings"), icon=ft.Icons.SETTINGS, on_click=go("/settings"),
                              height=TOUCH, expand=True),
        ]),
        ft.Row([
            ft.OutlinedButton(model.t("history.stats.title"), icon=ft.Icons.BAR_CHART, on_click=go("/stats"),
                              height=TOUCH, expand=True),
            ft.OutlinedButton(model.t("ui.home.invite"), icon=ft.Icons.QR_CODE_2, on_click=go("/invite"),
                              height=TOUCH, expand=True),
        ]),
    ]
    return screen(model, "/", "Tabula", controls)  # Settings once: a button beside History
