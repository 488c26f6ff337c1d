"""The browser's back and forward between two games' play screens, with no Home between them: each game
shows its own scoreboard (the router keeps the play screen from one game to the next; compared with the
last game's, it came out with an empty body, 9 times in 12 such steps)."""

from __future__ import annotations

import sys

import pytest

from tests.browser.harness import ROOT, App, Server

sys.path.insert(0, str(ROOT / "bench"))
from common import make_game  # noqa: E402

GAMES = {"rome": ("city-of-rome", "City of Rome"), "castles": ("castles-of-tuscany", "The Castles of Tuscany"),
         "milestones": ("milestones", "Milestones")}


@pytest.fixture
def server(tmp_path):
    for sid, (game_id, _) in GAMES.items():
        make_game(tmp_path / "data", game_id, sid, players=3)
    s = Server(tmp_path / "data").start()
    yield s
    s.stop()


def test_each_games_play_screen_shows_its_own_scoreboard_going_from_one_game_to_another(browser, server):
    app = App(browser, server.url).open("game/rome/play")
    app.wait_text("^City of Rome$")
    for sid in ("castles", "milestones", "rome", "milestones", "castles", "rome"):
        app.go(f"game/{sid}/play")
        app.wait_text(f"^{GAMES[sid][1]}$")  # the app bar
        for player in ("Anna", "Ben", "Cleo"):  # every player's row of the scoreboard
            app.find(app.button(f"{player}'s sheet", exact=False), timeout=10_000)
    assert not app.errors, app.errors
