"""The Flet app: routes and the per-tab model."""

from __future__ import annotations

import flet as ft

from companion.core.table import TableHub
from companion.storage import Repository
from companion.ui.hook_value import HookValue
from companion.ui.late_taps import hear_late_taps
from companion.ui.model import AppModel
from companion.ui.uploads import Uploads
from companion.ui.widgets import theme_mode
from companion.ui.screens.history import HistoryScreen, PlayedScreen
from companion.ui.screens.picture import PictureScreen
from companion.ui.screens.home import HomeScreen
from companion.ui.screens.invite import InviteInfo, InviteScreen, TableGate, shared_site
from companion.ui.screens.new_game import NewGameScreen
from companion.ui.screens.play import PlayScreen
from companion.ui.screens.score import ScoreScreen
from companion.ui.screens.settings import SettingsScreen
from companion.ui.screens.stats import StatsScreen
from companion.ui.screens.setup import SetupScreen


# Flutter's web client bundles only Roboto: an emoji in a player's name showed as an empty box. Noto
# Emoji (OFL, assets/fonts) is the fallback of every text style; Roboto is named first, or the emoji
# font's wide space would be used between all words.
EMOJI_FONT = "Noto Emoji"
FONTS = {EMOJI_FONT: "fonts/NotoEmoji-Regular.ttf"}
TEXT_STYLES = ("display_large", "display_medium", "display_small", "headline_large", "headline_medium",
               "headline_small", "title_large", "title_medium", "title_small", "label_large", "label_medium",
               "label_small", "body_large", "body_medium", "body_small")


def text_theme(colour: str) -> ft.TextTheme:
    # Flet replaces each style of the theme by the one given here (it does not merge): without a colour,
    # every text was drawn black, also on the dark theme. A scheme role is resolved by each theme itself.
    style = ft.TextStyle(font_family="Roboto", font_family_fallback=[EMOJI_FONT], color=colour)
    return ft.TextTheme(**{name: style for name in TEXT_STYLES})


def app_theme() -> ft.Theme:
    # Touch sizes everywhere: a desktop browser's default density made buttons and radio rows 32 px high
    # (the phone's 40 and more); text buttons (every dialog's Cancel, Close, ...) get 48 px from padding.
    text_buttons = ft.TextButtonTheme(style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=12, vertical=14)))
    return ft.Theme(color_scheme_seed="#8c3b2a", font_family="Roboto", text_theme=text_theme(ft.Colors.ON_SURFACE),
                    primary_text_theme=text_theme(ft.Colors.ON_PRIMARY),
                    visual_density=ft.VisualDensity.STANDARD, text_button_theme=text_buttons)


def make_main(repo: Repository, invite: InviteInfo | None = None, uploads: Uploads | None = None, table=None):
    """`invite` is given when the server requires the table token (--lan, --require-token); `table`: the
    static web app's host phone's table with no computer (companion/web_table.py), where
    every session but the host page's own is a guest phone's; `uploads`: where a server takes files
    uploaded (a backup to import)."""

    hub = TableHub(repo)  # one hub for every tab: each game's changes go through its lock

    def main(page: ft.Page) -> AppModel:
        model = AppModel.create(repo, hub, page)
        model.uploads = uploads
        model.late_taps = hear_late_taps(page)
        model.at_table = table is not None and page.session.connection is not table.host
        model.site = shared_site(invite.url if invite else None, page.url)
        # A tab that comes back (a phone woke up, a reload) may have missed changes: draw the latest.
        page.on_connect = lambda e: model.changed()
        page.title = "Tabula"
        page.fonts = FONTS
        page.theme = app_theme()
        page.dark_theme = app_theme()

        page.theme_mode = theme_mode(model.theme)

        # The App takes no observable argument: it re-renders on route changes only. Each screen
        # receives the model and re-renders itself on a change (far cheaper than the whole tree); the
        # play screen gets it kept, one object for the tab (it hears the model after the open sheet).
        kept = HookValue(model)
        @ft.component
        def App():

            def route(path, component, index=False):
                def render():
                    return component(model)
                return ft.Route(index=True, component=render) if index else ft.Route(path=path, component=render)

            return ft.Router(
                [
                    route("", HomeScreen, index=True),
                    route("new", NewGameScreen),
                    route("new/:pid", NewGameScreen),  # a rematch of that finished play
                    route("game/:sid/setup", SetupScreen),
                    route("game/:sid/play", lambda m: PlayScreen(kept)),
                    route("game/:sid/score", ScoreScreen),
                    route("history", HistoryScreen),
                    route("history/:pid", PlayedScreen),
                    route("history/:pid/picture", PictureScreen),
                    route("stats", StatsScreen),
                    route("settings", SettingsScreen),
                    route("invite", lambda m: InviteScreen(m, invite, table)),
                ],
                not_found=lambda: HomeScreen(model),
                manage_views=True,
            )

        if invite is None:
            page.render_views(App)
        else:  # table mode: a session without the token sees the join page only
            page.render_views(TableGate, model.lang, invite, App)
        return model  # the static app tells it of write-backs IndexedDB refused (web_main)

    return main
