"""The game clock: kept with the game by the hub (the same on every phone), its pauses left out of the
play's duration, which History, the statistics and the exports read."""

import copy
import json
from pathlib import Path

import pytest

from companion.cli import score_data
from companion.core import clock, table as hub
from companion.core.definition import InvalidMove
from companion.core.plays import make_play
from companion.core.game import DamagedGame, Game, check_shape, make_config
from companion.core.table import TableHub
from companion.games import GAMES
from companion.storage import Repository, export
from tests.test_table import PLAYERS, ROME

ROOT = Path(__file__).resolve().parents[1]


class Now:
    """The hub's clock, set by the test."""

    def __init__(self, monkeypatch, start: float):
        self.t = start
        monkeypatch.setattr(hub.time, "time", lambda: self.t)


@pytest.fixture
def table(tmp_path):
    repo = Repository(tmp_path / "data", GAMES)
    repo.save(Game("g1", ROME, make_config(ROME, copy.deepcopy(PLAYERS), 0), created=1000.0))
    return TableHub(repo)


def test_elapsed_leaves_the_pauses_out():
    assert clock.elapsed([], 500) == 0
    assert clock.elapsed([100], 130) == 30                      # running
    assert clock.elapsed([100, 160], 900) == 60                 # paused after a minute
    assert clock.elapsed([100, 160, 200], 230) == 90            # resumed: 60 + 30
    assert clock.running([100, 160, 200]) and not clock.running([100, 160])


def test_pause_and_resume_are_what_the_phone_asked_never_a_toggle():
    assert clock.set_running([100], False, 150) == [100, 150]
    assert clock.set_running([100, 150], False, 170) == [100, 150]  # another phone paused first: stays paused
    assert clock.set_running([100], True, 170) == [100]             # already running
    assert clock.set_running([], True, 90) == [90]


def test_the_hub_keeps_the_clock_with_the_game_saved_before_it_is_shown(table, monkeypatch):
    now = Now(monkeypatch, 2000.0)
    assert table.game("g1").clock == []  # setup: the clock has not started
    table.apply("g1", {"type": "stage", "stage": "play"})
    now.t = 2600.0
    table.apply("g1", {"type": "clock", "run": False})  # phone A pauses after 10 minutes
    table.apply("g1", {"type": "clock", "run": False})  # phone B, which still showed it running
    now.t = 3000.0
    table.apply("g1", {"type": "clock", "run": True})
    now.t = 3300.0
    restarted = Repository(table.repo.dir, GAMES).game("g1")  # as a restarted server reads it
    assert table.game("g1").clock == restarted.clock == [2000.0, 2600.0, 3000.0]
    assert clock.elapsed(restarted.clock, now.t) == 600 + 300
    table.apply("g1", {"type": "stage", "stage": "play"})  # back to play from scoring: not started again
    assert table.game("g1").clock == [2000.0, 2600.0, 3000.0]
    with pytest.raises(InvalidMove):
        table.apply("g1", {"type": "clock", "run": "no"})


def test_the_plays_duration_is_the_clocks_and_is_exported(table, monkeypatch):
    now = Now(monkeypatch, 2000.0)
    table.apply("g1", {"type": "stage", "stage": "play"})
    now.t = 2000.0 + 40 * 60
    table.apply("g1", {"type": "clock", "run": False})      # 40 minutes, then a 30-minute break
    now.t += 30 * 60
    table.apply("g1", {"type": "clock", "run": True})
    game = table.game("g1")
    monkeypatch.setattr("companion.core.plays.time.time", lambda: now.t + 20 * 60)  # 20 more minutes
    board = json.loads((ROOT / "examples" / "city-of-rome-rulebook.json").read_text(encoding="utf-8"))
    play = make_play(game, score_data(board, {}), board)
    assert play["duration_s"] == 60 * 60  # 40 + 20, the break left out
    assert export.plays_csv([play]).splitlines()[1].split(",")[4] == "60"
    assert export.play_bgstats(play)["plays"][0]["durationMin"] == 60


def test_a_game_saved_in_play_before_the_clock_counts_from_its_creation(table):
    saved = table.game("g1").to_json()
    del saved["clock"]
    assert Game.from_json(dict(saved, stage="play"), GAMES).clock == [1000.0]
    assert Game.from_json(dict(saved, stage="setup"), GAMES).clock == []


@pytest.mark.parametrize("bad", [[5, 3], ["1"], [True], "0"])
def test_a_clock_that_goes_back_is_damage(table, bad):
    with pytest.raises(DamagedGame):
        check_shape(dict(table.game("g1").to_json(), clock=bad), GAMES)
