"""A board with two mistakes in two places says both, each beside its part of the board, in the
players' words (never a JSON path), once "Calculate scores" was tapped and not before, and cannot be
confirmed (Calculate's question says why, and confirms the other board only); in English, then
in German on a second such game (one server, one tab: the language changed in Settings). Carpe Diem's
district example with Nick's frame goals left out and one completed villa drawn on a single tile."""

import json
import re

import pytest

from companion.core.game import Game, make_config
from companion.core.text import tr
from companion.games import GAMES
from companion.storage import Repository
from tests.browser.harness import ROOT, App, Server

GAMES_BY_LANG = {"en": "20250101-120000-problems", "de": "20250101-130000-problems"}


def broken_board() -> tuple[dict, int]:
    board = json.loads((ROOT / "examples" / "carpe-diem-2p-district.json").read_text(encoding="utf-8"))
    nick = board["players"][0]
    nick["frame"] = []
    villa = next(i for i, f in enumerate(nick["district"]["features"]) if f["kind"] == "villa" and f["completed"])
    nick["district"]["features"][villa]["cells"] = nick["district"]["features"][villa]["cells"][:1]
    return board, villa


@pytest.fixture
def table(tmp_path):
    data = tmp_path / "data"
    repo = Repository(data, GAMES)
    repo.set_setting("lang", "en")
    box = json.loads((ROOT / "examples" / "carpe-diem-box.json").read_text(encoding="utf-8"))
    repo.set_box_data("carpe-diem", box["carpe-diem"])
    definition = GAMES["carpe-diem"]
    board, villa = broken_board()
    config = make_config(definition, [{"name": p["name"], "colour": c}
                                for p, c in zip(board["players"], definition.colours_for(2))], 0)
    config["box"] = repo.box_data("carpe-diem")
    for sid in GAMES_BY_LANG.values():
        game = Game(sid, definition, config, stage="scoring")
        game.board = board
        repo.save(game)
    del repo
    server = Server(data).start()
    yield server, villa
    server.stop()


def test_two_mistakes_on_one_board_are_both_said_where_they_are(browser, table):
    server, villa = table
    app = App(browser, server.url)
    try:
        app.open()
        for lang, sid in GAMES_BY_LANG.items():
            if lang == "de":
                app.go("settings")
                app.click("Deutsch")
            app.go(f"game/{sid}/score")
            said_where_they_are(app, lang, villa)
        assert not app.errors
    finally:
        app.close()


def said_where_they_are(app: App, lang: str, villa: int) -> None:
    t = lambda key, **params: tr(lang, key, **params)  # noqa: E731
    frame = t("ui.score.invalid", where=t("carpe-diem.where.frame"),
              problem=t("carpe-diem.error.frame_count", goals=8, count=0))
    # the villa's problem in the list of drawn features under the grid, named as its chip is ("Villa 1")
    tile = t("carpe-diem-ui.grid.problem", feature=t("carpe-diem.kind.villa")[:1].upper()
             + t("carpe-diem.kind.villa")[1:] + " 1", problem=t("carpe-diem.error.villa_size"))
    summary = t("ui.score.problems_on", name="Nick", count=2)
    app.wait_text(re.escape(t("ui.score.board_of", name="Nick")))
    # Not before the board is said to be entered: nothing in red while it is being entered.
    assert app.absent(f"{re.escape(summary)}|{re.escape(frame)}")  # one look over the screen for either
    # Calculate's question says, before anything is confirmed, that Nick's board cannot be confirmed and
    # why, in the game's words; "as they are" then confirms Sophie's board only, and opens Nick's.
    app.calculate(t("ui.score.calculate"), rest=False)
    app.wait_text(re.escape(t("ui.score.cannot_confirm", name="Nick", problem=frame)))
    app.shot(f"board-problems-{lang}-question")
    app.click(t("ui.score.as_they_are_some", names=["Sophie"], count=1), dialog=True)
    app.wait_text(re.escape(summary))
    app.wait_text(re.escape(t("ui.score.progress", done=1, total=2)))
    app.shot(f"board-problems-{lang}-top")
    app.into_view(app.wait_text(re.escape(tile)))  # in the features list under the grid
    app.shot(f"board-problems-{lang}-district")
    app.into_view(app.wait_text(re.escape(frame)))  # in the frame's section
    app.shot(f"board-problems-{lang}-frame")
    assert app.absent(r"\$\.players"), "a JSON path on screen"
