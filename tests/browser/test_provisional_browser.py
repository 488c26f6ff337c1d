"""A provisional result, as the table sees it: Carpe Diem's two example boards scored without the values
printed on the box (the villa table, the banderole bar). The result says it is provisional and offers the
missing values; saved as it is, History marks it and BG Stats gets it only with "Log it anyway"; the
values entered later on the play's page score it again, and the form says which result changed and how."""

from __future__ import annotations

import copy
import json
import re

import pytest

from companion.core.game import Game, make_config
from companion.games import GAMES
from companion.storage import Repository
from companion.ui.box_data import describe
from tests.browser.harness import ROOT, App, Server

GAME = GAMES["carpe-diem"]
SID = "20250101-120000-provisional"
BOARD = json.loads((ROOT / "examples" / "carpe-diem-2p-district.json").read_text(encoding="utf-8"))
BOX = json.loads((ROOT / "examples" / "carpe-diem-box.json").read_text(encoding="utf-8"))["carpe-diem"]


@pytest.fixture
def server(tmp_path):
    repo = Repository(tmp_path / "data", GAMES)
    config = make_config(GAME, [{"name": p["name"], "colour": c}
                                for p, c in zip(BOARD["players"], GAME.colours_for(2))], 0)
    game = Game(SID, GAME, config, stage="scoring")
    game.board = copy.deepcopy(BOARD)
    repo.save(game)
    del repo
    s = Server(tmp_path / "data").start()
    yield s
    s.stop()


def test_a_provisional_result_is_said_kept_so_and_scored_again_once_the_values_are_in(browser, server):
    provisional = GAME.end.score(GAME.end.parse_board_state(copy.deepcopy(BOARD)), {})
    final = GAME.end.score(GAME.end.parse_board_state(copy.deepcopy(BOARD)), BOX)
    assert provisional.winners != final.winners or provisional.players[0].total != final.players[0].total
    app = App(browser, server.url).open(f"game/{SID}/score")
    app.calculate()
    app.wait_text("^Provisional: points for values printed on your box")
    app.wait_text("^Enter these values and the result counts them")
    app.shot("provisional-result-en")
    app.click("Confirm and save")
    app.page.wait_for_url(re.compile(f"/history/{SID}"))
    app.wait_text("^Provisional: points for values printed on your box")

    app.click("Log in BG Stats")  # not yet: its winner may still change
    app.wait_text("^This result is provisional$")
    app.shot("provisional-bgstats-en")
    app.click("Log it anyway", dialog=True)
    app.wait_text("^Scan this code with the phone that has BG Stats")
    app.click("Close", dialog=True)
    app.go("history")
    app.wait_text("Provisional: Won by")

    # The values, entered on the play's page: each kept as it is typed, the play scored again.
    app.go(f"history/{SID}")
    app.wait_text("^Enter these values and the result counts them")
    for key in provisional.uncounted:
        app.fill(app_label(key), str(BOX[key]))
    best = max(p.total for p in final.players)
    totals = ", ".join(f"{p.name} {p.total}" for p in final.players)
    app.wait_text(re.escape("Carpe Diem of ") + ".*" + re.escape(
        f", provisional, scored again with these values: {totals} (before: ") + ".*" +
        re.escape(f"Won by {', '.join(final.winners)} with {best} points."))
    app.shot("provisional-scored-again-en")
    app.wait_text(re.escape(f"1. {final.winners[0]}: {best} points"))
    assert app.absent("^Provisional")
    app.go("history")
    app.wait_text(f"Won by {', '.join(final.winners)} with {best} points")
    assert app.absent("Provisional: Won by")
    assert not app.errors


def app_label(key: str) -> str:
    """The name of a value's field in Settings: its short name where it is printed among others."""
    bv = describe(GAME, key)
    return (bv.short or bv.label).render("en")
