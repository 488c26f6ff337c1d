"""Shared bits of the game screens."""

from __future__ import annotations

import flet as ft

from companion.ui.model import AppModel
from companion.ui.widgets import screen


def missing_game(model: AppModel, route: str) -> ft.View:
    """A link to a game that is no longer in progress (finished, discarded, or a stale bookmark)."""
    page = ft.context.page
    return screen(model, route, "Tabula", [
        ft.Text(model.t("ui.game.missing")),
        ft.FilledButton(model.t("ui.back_home"), on_click=lambda e: page.navigate("/")),
    ], back="/")


def players_line(model: AppModel, session) -> ft.Control:
    from companion.ui.widgets import colour_dot
    return ft.Row([
        ft.Row([colour_dot(p["colour"]), ft.Text(p["name"])], spacing=4, tight=True)
        for p in session.config["players"]
    ], wrap=True, spacing=12)
