"""Two tabs (AppModels) on one game through the shared hub, as the screens use them: what a tab that
is behind may and may not do, and what it is told."""

import asyncio
import copy
import errno
import threading
import time

import pytest

from companion.core.game import Game, make_config
from companion.core.table import TableHub
from companion.games import GAMES
from companion.storage import Repository
from companion.ui.model import AppModel

ROME = GAMES["city-of-rome"]
PLAYERS = [{"name": "Anna", "colour": "violet"}, {"name": "Ben", "colour": "orange"},
           {"name": "Cleo", "colour": "white"}]


@pytest.fixture
def tabs(tmp_path):
    repo = Repository(tmp_path / "data", GAMES)
    repo.save(Game("g1", ROME, make_config(ROME, copy.deepcopy(PLAYERS), 0)))
    hub = TableHub(repo)
    return AppModel.create(repo, hub), AppModel.create(repo, hub)


def money(game, seat):
    return game.state["players"][seat]["counters"]["money"]


def test_undo_on_a_tab_that_is_behind_takes_nothing_back_and_says_what_it_would(tabs):
    anna, ben = tabs
    anna.dispatch("g1", {"type": "adjust", "player": 0, "counter": "money", "delta": 5})
    drawn = anna.game("g1")  # Anna's screen: "Undo: Anna: Money +5 (now 10)"
    ben.dispatch("g1", {"type": "adjust", "player": 1, "counter": "money", "delta": 2})
    anna.undo(drawn)
    assert "another phone" in anna.error and "Ben: Money +2" in anna.error
    assert "Undone" not in anna.info
    assert money(anna.game("g1"), 0) == 10 and money(anna.game("g1"), 1) == 7
    # The redrawn screen offers Ben's entry; undoing it is said by name.
    anna.undo(anna.game("g1"))
    assert anna.info.startswith("Undone: Ben: Money +2") and anna.error == ""
    assert money(ben.game("g1"), 1) == 5


def test_board_edits_from_two_tabs_drawn_at_the_same_time_both_stay(tabs):
    anna, ben = tabs
    anna.dispatch("g1", {"type": "stage", "stage": "scoring"})
    drawn = copy.deepcopy(anna.game("g1").board)  # both screens drew this board
    ben.dispatch("g1", {"type": "board_set", "player": 1, "path": ["money"], "value": 12,
                        "expect": drawn["players"][1]["money"]})
    anna.dispatch("g1", {"type": "board_set", "player": 0, "path": ["influence_tokens"], "value": 3,
                         "expect": drawn["players"][0]["influence_tokens"]})
    board = anna.game("g1").board
    assert board["players"][1]["money"] == 12 and board["players"][0]["influence_tokens"] == 3


def test_a_save_that_fails_is_said_until_a_later_change_is_saved_on_any_phone(tabs, monkeypatch):
    anna, ben = tabs
    before = anna.game("g1")

    def disk_full(game):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(anna.repo, "save", disk_full)
    anna.dispatch(before.id, {"type": "adjust", "player": 0, "counter": "money", "delta": 1})
    assert anna.error_for(anna.game("g1")) == ("Not saved: the device's storage is full. The game is as it "
                                                  "was before; try again once that is fixed.")
    assert anna.game("g1") is before and money(before, 0) == 5
    monkeypatch.undo()
    # Ben's phone saves the next change: Anna's phone hears of it and redraws; "Not saved" is over.
    ben.dispatch("g1", {"type": "adjust", "player": 1, "counter": "money", "delta": 1})
    assert anna.error_for(anna.game("g1")) == "" and ben.error_for(ben.game("g1")) == ""
    # A refusal of the rules is not tied to the game's revision: it stays until this tab's next entry.
    anna.dispatch("g1", {"type": "adjust", "player": 0, "counter": "money", "delta": -9})
    ben.dispatch("g1", {"type": "adjust", "player": 1, "counter": "money", "delta": 1})
    assert anna.error_for(anna.game("g1")).startswith("Money cannot go below")



def test_an_undo_from_a_tab_that_is_behind_when_the_other_tab_undid_and_entered_again_is_refused(tabs):
    """ABA: the entry Anna's screen offers to undo was undone on Ben's phone, and Ben's new entry now
    stands in its place: Anna's tap takes nothing back."""
    anna, ben = tabs
    anna.dispatch("g1", {"type": "adjust", "player": 0, "counter": "money", "delta": 5})
    drawn = anna.game("g1")
    ben.undo(ben.game("g1"))
    ben.dispatch("g1", {"type": "adjust", "player": 1, "counter": "money", "delta": 1})
    assert ben.game("g1").cursor == drawn.cursor
    anna.undo(drawn)
    assert "Ben: Money +1" in anna.error
    assert money(anna.game("g1"), 1) == 6 and money(anna.game("g1"), 0) == 5


def test_board_taps_from_a_tab_that_has_not_redrawn_all_count(tabs):
    anna, ben = tabs
    anna.dispatch("g1", {"type": "stage", "stage": "scoring"})
    start = anna.game("g1").board["players"][0]["money"]
    for _ in range(10):  # the same drawn board each time: the screen has not redrawn between taps
        for tab in (anna, ben):
            tab.dispatch("g1", {"type": "board_add", "player": 0, "path": ["money"], "delta": 1, "maximum": 999})
    assert anna.game("g1").board["players"][0]["money"] == start + 20


def test_box_data_entered_on_one_tab_is_told_to_the_others(tabs):
    """Every screen that reads box data watches the "settings" topic (the tracker, results, Settings); the
    lobby hears it too (History and Home: a provisional play may have been scored again)."""
    anna, ben = tabs
    told = []

    class Pubsub:
        def send_others_on_topic(self, topic, message):
            told.append(topic)

    class Page:
        pubsub = Pubsub()
    anna.broadcast.page = Page()
    assert anna.keep_box_data("castles-of-tuscany", {"colour_bonus.red.I": 4}) == (None, [])
    assert told == ["settings", "lobby"]
    assert ben.repo.box_data("castles-of-tuscany")["colour_bonus.red.I"] == 4


def test_a_tabs_moves_are_saved_off_the_event_loop_in_the_order_it_made_them(tabs):
    """With a screen, a save (two fsyncs) runs in a worker thread, so a slow disk holds up no tab; the
    moves of one tab are still saved one after the other, in the order they were made."""
    anna, _ = tabs
    loop = asyncio.new_event_loop()
    tasks, savers = [], []

    class Pubsub:
        def send_others_on_topic(self, topic, message):
            pass

    class Page:
        pubsub = Pubsub()

        def run_task(self, fn, *args):
            tasks.append(loop.create_task(fn(*args)))
    anna.broadcast.page = Page()
    apply = anna.hub.apply

    def saving(*args, **kwargs):
        savers.append(threading.current_thread())
        time.sleep(0.01)  # a slow disk: later moves are made while this one is being saved
        return apply(*args, **kwargs)
    anna.hub.apply = saving
    seen = []
    for delta in range(1, 6):
        anna.dispatch("g1", {"type": "adjust", "player": 0, "counter": "money", "delta": delta},
                      then=lambda saved: seen.append(saved.revision))
    loop.run_until_complete(asyncio.gather(*tasks))
    loop.close()
    assert len(savers) == 5 and threading.main_thread() not in savers
    assert [e["delta"] for e in anna.game("g1").events] == [1, 2, 3, 4, 5]
    assert seen == [1, 2, 3, 4, 5] and money(anna.game("g1"), 0) == 20
