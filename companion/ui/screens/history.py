"""Finished plays: the list and one play's full breakdown."""

from __future__ import annotations

import time

import flet as ft

from companion.core.text import Msg
from companion.games import GAMES
from companion.ui.model import AppModel
from companion.ui.screens.results import ranking
from companion.ui.widgets import screen


def when(ts: float) -> str:
    return time.strftime("%d.%m.%Y %H:%M", time.localtime(ts))


@ft.component
def HistoryScreen(model: AppModel):
    page = ft.context.page
    plays = model.repo.plays()

    def tile(play):
        game = GAMES.get(play["game"])
        best = max(play["players"], key=lambda p: p["total"])
        return ft.Card(content=ft.ListTile(
            title=ft.Text(f"{model.m(game.name) if game else play['game']} · {when(play['finished'])}"),
            subtitle=ft.Text(model.t("ui.history.summary", winners=play["winners"], total=best["total"],
                                     players=[p["name"] for p in play["players"]])),
            on_click=lambda e: page.navigate(f"/history/{play['id']}"),
            trailing=ft.Icon(ft.Icons.CHEVRON_RIGHT),
        ))

    controls = [tile(p) for p in plays] or [ft.Text(model.t("ui.history.empty"), italic=True)]
    return screen(model, "/history", model.t("ui.history.title"), controls, back="/")


@ft.component
def PlayScreen(model: AppModel):
    pid = ft.use_route_params().get("pid", "")
    route = f"/history/{pid}"
    play = next((p for p in model.repo.plays() if p["id"] == pid), None)
    if play is None:
        return screen(model, route, model.t("ui.history.title"), [ft.Text(model.t("ui.history.missing"))],
                      back="/history")
    game = GAMES.get(play["game"])
    labels = {cid: Msg.from_json(m) for cid, m in play.get("category_labels", {}).items()}
    players = [{"name": p["name"], "total": p["total"], "rank": p["rank"],
                "lines": [(cid, pts, Msg.from_json(p["explanations"][cid])) for cid, pts in p["categories"].items()],
                "tiebreak": None}
               for p in play["players"]]
    controls = [
        ft.Text(f"{model.m(game.name) if game else play['game']} · {when(play['finished'])}",
                theme_style=ft.TextThemeStyle.TITLE_MEDIUM),
        ft.Text(model.t("ui.history.meta", start=play["start_player"], minutes=round(play["duration_s"] / 60))),
        ranking(model, labels, players, play["winners"], [Msg.from_json(n) for n in play.get("notes", [])]),
    ]
    return screen(model, route, model.t("ui.history.play"), controls, back="/history")
