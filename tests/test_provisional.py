"""A result that needs box values nobody has entered is provisional: said so, kept so, exported so, and
scored again from its board once the values are entered (Carpe Diem: the villa table and the banderole
bar are printed on the box only)."""

import copy
import csv
import io
import json
import subprocess
import sys

import pytest

from companion.core.plays import make_play
from companion.core.game import Game, make_config
from companion.games import GAMES
from companion.storage import Repository, export
from tests.browser.harness import ROOT

GAME = GAMES["carpe-diem"]
BOARD = json.loads((ROOT / "examples" / "carpe-diem-2p-district.json").read_text(encoding="utf-8"))
BOX = json.loads((ROOT / "examples" / "carpe-diem-box.json").read_text(encoding="utf-8"))["carpe-diem"]


def finished_play(repo: Repository, box: dict) -> dict:
    """The example's two boards scored with `box` and kept in the history, as Confirm and save does."""
    config = make_config(GAME, [{"name": p["name"], "colour": c} for p, c in zip(BOARD["players"], GAME.colours_for(2))], 0)
    game = Game("20250101-120000-cd", GAME, config, stage="scoring")
    game.board = copy.deepcopy(BOARD)
    sheet = GAME.end.score(GAME.end.parse_board_state(game.board), box)
    play = make_play(game, sheet, game.board, box)
    repo.finish(game, play)
    return play


def test_a_result_without_the_box_values_it_needs_is_provisional_and_says_which():
    sheet = GAME.end.score(GAME.end.parse_board_state(copy.deepcopy(BOARD)), {})
    assert sheet.provisional and sheet.uncounted  # villas by chimneys, banderole spaces: not entered
    assert all(key.startswith(("villa_", "banderole_")) for key in sheet.uncounted)
    final = GAME.end.score(GAME.end.parse_board_state(copy.deepcopy(BOARD)), BOX)
    assert not final.provisional and final.uncounted == []
    assert sheet.to_json()["uncounted"] == sheet.uncounted


def test_entering_the_values_later_scores_the_provisional_plays_again(tmp_path):
    repo = Repository(tmp_path / "data", GAMES)
    provisional = finished_play(repo, {})
    assert provisional["uncounted"]
    final = GAME.end.score(GAME.end.parse_board_state(copy.deepcopy(BOARD)), BOX)

    changed = repo.set_box_data("carpe-diem", BOX)
    assert [(before["id"], after["id"]) for before, after in changed] == [(provisional["id"], provisional["id"])]
    for kept in (repo.play(provisional["id"]), Repository(tmp_path / "data", GAMES).play(provisional["id"])):
        assert "uncounted" not in kept and kept["box_used"] == BOX
        assert [p["total"] for p in kept["players"]] == [p.total for p in final.players]
        assert kept["winners"] == final.winners
        assert kept["finished"] == provisional["finished"] and kept["start_seat"] == provisional["start_seat"]
    assert len(repo.plays()) == 1
    assert repo.set_box_data("carpe-diem", BOX) == []  # nothing provisional any more: nothing scored again


def test_a_value_still_missing_keeps_the_play_provisional(tmp_path):
    repo = Repository(tmp_path / "data", GAMES)
    provisional = finished_play(repo, {})
    first, *rest = provisional["uncounted"]
    assert rest, "the example needs two values at least"
    changed = repo.set_box_data("carpe-diem", {first: BOX[first]})
    assert [after["uncounted"] for _, after in changed] == [rest]


def test_provisional_is_in_the_csv_and_bg_stats_gets_it_only_when_asked(tmp_path):
    repo = Repository(tmp_path / "data", GAMES)
    finished_play(repo, {})
    rows = list(csv.DictReader(io.StringIO(export.plays_csv(repo.plays()))))
    assert {row["provisional"] for row in rows} == {"yes"}
    del repo

    def bgstats(*more):
        return subprocess.run([sys.executable, "-m", "companion", "export", "--format", "bgstats",
                               "--data", str(tmp_path / "data"), *more], cwd=ROOT, capture_output=True, text=True)
    refused = bgstats()
    assert refused.returncode == 2 and "provisional" in refused.stderr and "--anyway" in refused.stderr
    anyway = bgstats("--anyway")
    assert anyway.returncode == 0 and json.loads(anyway.stdout)["games"]


@pytest.mark.parametrize("bad", [["villa_3", 4], "villa_3", [{"key": 1}]])
def test_an_import_refuses_uncounted_values_that_are_not_keys(tmp_path, bad):
    repo = Repository(tmp_path / "data", GAMES)
    play = finished_play(repo, {})
    with pytest.raises(export.ImportProblem):
        export.check_play(dict(play, uncounted=bad), "$.plays[0]")
