"""Two tabs (AppModels) on one game through the shared hub, as the screens use them: what a tab that
is behind may and may not do, and what it is told."""

import copy
import errno

import pytest

from companion.core.session import Session, make_config
from companion.core.table import Tables
from companion.games import GAMES
from companion.storage import Repository
from companion.ui.model import AppModel

ROME = GAMES["city-of-rome"]
PLAYERS = [{"name": "Anna", "colour": "violet"}, {"name": "Ben", "colour": "orange"},
           {"name": "Cleo", "colour": "white"}]


@pytest.fixture
def tabs(tmp_path):
    repo = Repository(tmp_path / "data", GAMES)
    repo.save(Session("g1", ROME, make_config(ROME, copy.deepcopy(PLAYERS), 0)))
    tables = Tables(repo)
    return AppModel.create(repo, tables), AppModel.create(repo, tables)


def money(session, seat):
    return session.state["players"][seat]["counters"]["money"]


def test_undo_on_a_tab_that_is_behind_takes_nothing_back_and_says_what_it_would(tabs):
    anna, ben = tabs
    anna.record(anna.session("g1"), {"type": "adjust", "player": 0, "counter": "money", "delta": 5})
    drawn = anna.session("g1")  # Anna's screen: "Undo: Anna: Money +5 » 10"
    ben.record(ben.session("g1"), {"type": "adjust", "player": 1, "counter": "money", "delta": 2})
    assert not anna.undo(drawn)
    assert "another phone" in anna.error and "Ben: Money +2" in anna.error
    assert money(anna.session("g1"), 0) == 10 and money(anna.session("g1"), 1) == 7
    # The redrawn screen offers Ben's entry; undoing it is said by name.
    assert anna.undo(anna.session("g1"))
    assert anna.info.startswith("Undone: Ben: Money +2") and anna.error == ""
    assert money(ben.session("g1"), 1) == 5


def test_a_board_edit_sends_only_the_field_that_changed(tabs):
    anna, ben = tabs
    anna.apply(anna.session("g1"), {"type": "stage", "stage": "scoring"})
    drawn_by_anna = copy.deepcopy(anna.session("g1").board)
    drawn_by_ben = copy.deepcopy(ben.session("g1").board)
    edited = copy.deepcopy(drawn_by_ben)
    edited["players"][1]["money"] = 12
    assert ben.edit_board(ben.session("g1"), 1, drawn_by_ben, edited)
    edited = copy.deepcopy(drawn_by_anna)  # Anna's screen has not redrawn since
    edited["players"][0]["influence_tokens"] = 3
    assert anna.edit_board(anna.session("g1"), 0, drawn_by_anna, edited)
    board = anna.session("g1").board
    assert board["players"][1]["money"] == 12 and board["players"][0]["influence_tokens"] == 3


def test_a_save_that_fails_is_said_until_a_later_change_is_saved_on_any_phone(tabs, monkeypatch):
    anna, ben = tabs
    before = anna.session("g1")

    def disk_full(session):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(anna.repo, "save", disk_full)
    assert not anna.record(before, {"type": "adjust", "player": 0, "counter": "money", "delta": 1})
    assert anna.error_for(anna.session("g1")) == ("Not saved: the device's storage is full. The game is as it "
                                                  "was before; try again once that is fixed.")
    assert anna.session("g1") is before and money(before, 0) == 5
    monkeypatch.undo()
    # Ben's phone saves the next change: Anna's phone hears of it and redraws; "Not saved" is over.
    assert ben.record(ben.session("g1"), {"type": "adjust", "player": 1, "counter": "money", "delta": 1})
    assert anna.error_for(anna.session("g1")) == "" and ben.error_for(ben.session("g1")) == ""
    # A refusal of the rules is not tied to the game's revision: it stays until this tab's next entry.
    assert not anna.record(anna.session("g1"), {"type": "adjust", "player": 0, "counter": "money", "delta": -9})
    assert ben.record(ben.session("g1"), {"type": "adjust", "player": 1, "counter": "money", "delta": 1})
    assert anna.error_for(anna.session("g1")).startswith("Money cannot go below")
