"""The table hub: every change applied to the latest saved game under its lock, saved before it is
shown, undo that never takes back someone else's entry unseen, and nothing acknowledged ever lost."""

import copy
import errno
import json
import threading

import pytest

from companion.core.game import InvalidMove
from companion.core.session import Session, make_config
from companion.core.table import DELETE, SaveFailed, Tables, board_changes, undo_lines
from companion.games import GAMES
from companion.storage import Repository

ROME = GAMES["city-of-rome"]
PLAYERS = [{"name": "Anna", "colour": "violet"}, {"name": "Ben", "colour": "orange"},
           {"name": "Carla", "colour": "white"}]


def adjust(player, counter, delta):
    return {"type": "adjust", "player": player, "counter": counter, "delta": delta}


@pytest.fixture
def table(tmp_path):
    repo = Repository(tmp_path / "data", GAMES)
    session = Session("g1", ROME, make_config(ROME, copy.deepcopy(PLAYERS), 0))
    repo.save(session)
    return Tables(repo)


def reloaded(table) -> Session:
    """The game as a restarted server would read it from disk."""
    return Repository(table.repo.dir, GAMES).session("g1")


def counters(session, player):
    return session.state["players"][player]["counters"]


def test_an_entry_from_a_stale_screen_is_applied_to_the_latest_game_not_to_what_it_drew(table):
    screen_a = table.session("g1")
    screen_b = table.session("g1")  # drawn at the same time, never refreshed
    table.apply(screen_a.id, adjust(0, "money", 1))
    table.apply(screen_b.id, adjust(0, "influence_tokens", 1))
    for game in (table.session("g1"), reloaded(table)):
        assert counters(game, 0)["money"] == 6 and counters(game, 0)["influence_tokens"] == 1
        assert game.cursor == 2 and game.revision == 2


def test_undo_from_a_screen_that_is_behind_takes_nothing_back_and_names_what_undo_would_take(table):
    table.apply("g1", adjust(0, "money", 5))
    behind = table.session("g1")  # this phone shows "Undo: Anna ... money +5"
    table.apply("g1", adjust(1, "money", 2))  # Ben's entry on another phone
    with pytest.raises(InvalidMove) as refused:
        table.apply("g1", {"type": "undo", "entry": behind.cursor})
    text = refused.value.msg.render("en")
    assert "another phone" in text and "Ben" in text
    assert counters(table.session("g1"), 1)["money"] == 7 and counters(table.session("g1"), 0)["money"] == 10
    # Once the screen shows the latest game, the same tap takes back Ben's entry, as its label says.
    latest = table.session("g1")
    assert "Ben" in undo_lines(latest)[0].render("en")
    table.apply("g1", {"type": "undo", "entry": latest.cursor})
    assert counters(reloaded(table), 1)["money"] == 5 and counters(reloaded(table), 0)["money"] == 10


def test_redo_from_a_screen_that_is_behind_is_refused_too(table):
    table.apply("g1", adjust(0, "money", 5))
    table.apply("g1", {"type": "undo", "entry": 1})
    behind = table.session("g1")
    table.apply("g1", adjust(2, "money", 1))  # a new entry drops the redo tail
    with pytest.raises(InvalidMove):
        table.apply("g1", {"type": "redo", "entry": behind.cursor})
    assert counters(table.session("g1"), 0)["money"] == 5


def test_a_save_that_fails_leaves_the_game_and_the_file_as_they_were(table, monkeypatch):
    table.apply("g1", adjust(0, "money", 1))
    before = table.session("g1")
    on_disk = (table.repo.dir / "live" / "g1.json").read_bytes()

    def disk_full(session):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(table.repo, "save", disk_full)
    with pytest.raises(SaveFailed) as failed:
        table.apply("g1", adjust(0, "money", 3))
    assert failed.value.msg.render("en").startswith("Not saved: the device's storage is full.")
    assert table.session("g1") is before and counters(before, 0)["money"] == 6 and before.revision == 1
    assert (table.repo.dir / "live" / "g1.json").read_bytes() == on_disk
    monkeypatch.undo()
    table.apply("g1", adjust(0, "money", 3))  # the next entry works again
    assert counters(reloaded(table), 0)["money"] == 9


def test_a_refused_change_in_a_batch_applies_none_of_it(table):
    with pytest.raises(InvalidMove):
        table.apply("g1", adjust(0, "money", 1), adjust(0, "money", -50))
    assert table.session("g1").cursor == 0 and table.session("g1").revision == 0


def test_four_phones_entering_at_once_lose_nothing(table):
    def phone(seat):
        for _ in range(50):
            table.apply("g1", adjust(seat % 3, "money", 1))
    threads = [threading.Thread(target=phone, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for game in (table.session("g1"), reloaded(table)):
        assert game.cursor == 200 and game.revision == 200
        assert [counters(game, p)["money"] for p in range(3)] == [5 + 100, 5 + 50, 5 + 50]


def test_setup_ticks_from_two_phones_both_stay(table):
    steps = [s.id for s in ROME.setup_checklist(table.session("g1").config)]
    table.apply("g1", {"type": "setup_tick", "step": steps[2], "done": True})
    table.apply("g1", {"type": "setup_tick", "step": steps[0], "done": True})
    table.apply("g1", {"type": "setup_tick", "step": steps[1], "done": True})
    table.apply("g1", {"type": "setup_tick", "step": steps[2], "done": False})
    assert reloaded(table).setup_done == steps[:2]
    with pytest.raises(InvalidMove):
        table.apply("g1", {"type": "setup_tick", "step": "no-such-step", "done": True})


def test_board_fields_from_two_phones_both_stay_and_an_edit_reopens_that_board(table):
    table.apply("g1", {"type": "stage", "stage": "scoring"})
    drawn = copy.deepcopy(table.session("g1").board)  # both phones drew this board
    anna = copy.deepcopy(drawn)
    anna["players"][0]["money"] = 9
    ben = copy.deepcopy(drawn)
    ben["players"][1]["city"][0][0] = "house-2"
    for seat, edited in ((0, anna), (1, ben)):
        changes = board_changes(drawn["players"][seat], edited["players"][seat])
        table.apply("g1", *[{"type": "board_set", "player": seat, "path": p, "value": v} for p, v in changes])
    table.apply("g1", {"type": "board_done", "player": 0, "done": True},
                {"type": "board_done", "player": 1, "done": True})
    game = reloaded(table)
    assert game.board["players"][0]["money"] == 9 and game.board["players"][1]["city"][0][0] == "house-2"
    assert game.board_done == [0, 1]
    table.apply("g1", {"type": "board_set", "player": 1, "path": ["money"], "value": 4})
    assert reloaded(table).board_done == [0]
    with pytest.raises(InvalidMove):  # a path the board does not have
        table.apply("g1", {"type": "board_set", "player": 1, "path": ["city", 9, 0], "value": "house-2"})


def test_board_changes_are_the_changed_fields_only():
    old = {"money": 3, "city": [[None, "a"], ["b", None]], "quick": {"x": 1}}
    new = {"money": 3, "city": [[None, "a"], ["b", "c"]], "district": {"features": []}}
    assert board_changes(old, new) == [(["city", 1, 1], "c"), (["district"], {"features": []}), (["quick"], DELETE)]
    assert board_changes(old, copy.deepcopy(old)) == []
    assert board_changes({"n": 1}, {"n": True}) == [(["n"], True)]  # a type change is a change


def test_finishing_twice_saves_one_play(table):
    made = []

    def make_play(session):
        made.append(session.id)
        return {"id": session.id, "game": "city-of-rome", "finished": 1.0, "players": [], "winners": []}
    assert table.finish("g1", make_play) == "g1"
    assert table.finish("g1", make_play) == "g1"
    assert made == ["g1"] and table.session("g1") is None
    lines = (table.repo.dir / "history.jsonl").read_text().splitlines()
    assert len(lines) == 2 and json.loads(lines[1])["add"]["id"] == "g1"  # a header and one play
    with pytest.raises(InvalidMove):
        table.apply("g1", adjust(0, "money", 1))
