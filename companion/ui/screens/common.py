"""Shared bits of the game screens."""

from __future__ import annotations

import flet as ft

from companion.core.game import Game
from companion.ui.model import SETTINGS, AppModel, game_topic
from companion.ui.widgets import TOUCH, screen


def use_subscription(subscribe, dependencies: list) -> None:
    """`subscribe()` while the screen shows (again when `dependencies` change); the stop it returns is
    called when the screen is left. Flet keeps a cleanup an effect *returns* only until the next render,
    so the stop is kept in a ref and given as the effect's cleanup. A hook."""
    stop = ft.use_ref(None)

    def start():
        stop.current = subscribe()

    def end():
        if stop.current is not None:
            stop.current()
            stop.current = None
    ft.use_effect(start, dependencies, cleanup=end)


def use_watch(model: AppModel, topic: str) -> None:
    """While the screen shows, this tab hears the other tabs' changes of `topic` (a game, the lobby, the
    settings), and stops once it is left (before `use_subscription`, the tab went on hearing every topic
    it ever showed, and redrew whatever screen it had moved on to for each of their changes)."""
    use_subscription(lambda: model.broadcast.watch(topic), [topic])


def use_game(model: AppModel, sid: str) -> Game | None:
    """The latest saved state of game `sid`; the screen re-renders whenever any device changes it (or
    the box data it may read)."""
    use_watch(model, game_topic(sid))
    use_watch(model, SETTINGS)

    async def recall():
        await model.recall_me(sid)
    ft.use_effect(recall, [sid])
    return model.game(sid)


def missing_game(model: AppModel, route: str, sid: str = "") -> ft.View:
    """A link to a game that is no longer in progress: saved to the history (perhaps from another
    phone), discarded, or a stale bookmark."""
    page = ft.context.page
    play_id = model.hub.finished.get(sid)
    if play_id:
        return screen(model, route, "Tabula", [
            ft.Text(model.t("ui.game.saved_elsewhere")),
            ft.FilledButton(model.t("ui.game.see_result"), icon=ft.Icons.EMOJI_EVENTS, height=TOUCH,
                            on_click=lambda e: page.navigate(f"/history/{play_id}")),
            ft.OutlinedButton(model.t("ui.back_home"), height=TOUCH, on_click=lambda e: page.navigate("/")),
        ], back="/")
    return screen(model, route, "Tabula", [
        ft.Text(model.t("ui.game.missing")),
        ft.FilledButton(model.t("ui.back_home"), on_click=lambda e: page.navigate("/")),
    ], back="/")


def players_line(model: AppModel, game) -> ft.Control:
    from companion.ui.widgets import colour_dot
    return ft.Row([
        ft.Row([colour_dot(p["colour"]), ft.Text(p["name"])], spacing=4, tight=True)
        for p in game.config["players"]
    ], wrap=True, spacing=12)
