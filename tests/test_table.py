"""The table hub: every change applied to the latest saved game under its lock, saved before it is
shown, undo that never takes back someone else's entry unseen, and nothing acknowledged ever lost."""

import copy
import errno
import json
import threading

import pytest

from companion.core.end_scoring import end_scoring, result_to_keep
from companion.core.definition import InvalidMove
from companion.core.plays import make_play
from companion.core.game import Game, make_config
from companion.core.saving import SaveFailed
from companion.core.table import TableHub, redo_lines, undo_lines
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
    game = Game("g1", ROME, make_config(ROME, copy.deepcopy(PLAYERS), 0))
    repo.save(game)
    return TableHub(repo)


def reloaded(table) -> Game:
    """The game as a restarted server would read it from disk."""
    return Repository(table.repo.dir, GAMES).game("g1")


def counters(game, player):
    return game.state["players"][player]["counters"]


def test_an_entry_from_a_stale_screen_is_applied_to_the_latest_game_not_to_what_it_drew(table):
    screen_a = table.game("g1")
    screen_b = table.game("g1")  # drawn at the same time, never refreshed
    table.apply(screen_a.id, adjust(0, "money", 1))
    table.apply(screen_b.id, adjust(0, "influence_tokens", 1))
    for game in (table.game("g1"), reloaded(table)):
        assert counters(game, 0)["money"] == 6 and counters(game, 0)["influence_tokens"] == 1
        assert game.cursor == 2 and game.revision == 2


def step_shown(game, action_id):
    """The thumb slot's step `action_id` as a phone draws it now: its entry (companion.ui.screens.play)."""
    from companion.ui.screens.play import event_for

    action = next(a for a in game.definition.actions(game.state, game.config)
                  if a.id == action_id and not a.per_player)
    return event_for(action, action.player)


def test_a_step_is_taken_once_however_many_taps_name_it_and_a_second_tap_is_refused_in_words(table):
    shown = step_shown(table.game("g1"), "end_round")  # "End round 1" on two phones (or tapped twice)
    assert shown["step"] == {"key": "city-of-rome.action.end_round", "params": {"round": 1}}
    table.apply("g1", shown)
    with pytest.raises(InvalidMove) as refused:
        table.apply("g1", dict(shown))
    assert refused.value.msg.key == "core.error.step_taken"
    assert refused.value.msg.params["step"].to_json() == shown["step"]
    for game in (table.game("g1"), reloaded(table)):
        assert game.state["round"] == 2 and game.cursor == 1
        assert "step" not in json.dumps(game.events)  # what the phone showed is checked, not kept
    table.apply("g1", step_shown(table.game("g1"), "end_round"))  # "End round 2", drawn anew: taken
    assert table.game("g1").state["round"] == 3


def test_undo_from_a_screen_that_is_behind_takes_nothing_back_and_names_what_undo_would_take(table):
    table.apply("g1", adjust(0, "money", 5))
    behind = table.game("g1")  # this phone shows "Undo: Anna ... money +5"
    table.apply("g1", adjust(1, "money", 2))  # Ben's entry on another phone
    with pytest.raises(InvalidMove) as refused:
        table.apply("g1", {"type": "undo", "entry": behind.last_entry})
    text = refused.value.msg.render("en")
    assert "another phone" in text and "Ben" in text
    assert counters(table.game("g1"), 1)["money"] == 7 and counters(table.game("g1"), 0)["money"] == 10
    # Once the screen shows the latest game, the same tap takes back Ben's entry, as its label says.
    latest = table.game("g1")
    assert "Ben" in undo_lines(latest)[0].render("en")
    table.apply("g1", {"type": "undo", "entry": latest.last_entry})
    assert counters(reloaded(table), 1)["money"] == 5 and counters(reloaded(table), 0)["money"] == 10


def test_redo_names_the_lines_its_entry_writes_back(table):
    for entry in (adjust(0, "money", 5), adjust(1, "money", 2), adjust(2, "influence_tokens", 1)):
        table.apply("g1", entry)
    assert redo_lines(table.game("g1")) == []  # nothing to bring back
    for _ in range(2):
        table.apply("g1", {"type": "undo", "entry": table.game("g1").last_entry})
    game = table.game("g1")
    lines = redo_lines(game)
    ahead = game.copy()
    ahead.redo()
    assert lines == ahead.entry_lines(ahead.cursor - 1) and "Ben" in lines[0].render("en")
    assert game.cursor == 1 and counters(game, 1)["money"] == 5  # naming it changed nothing


def test_an_undo_names_its_entry_so_an_entry_in_the_place_of_an_undone_one_is_not_taken_back(table):
    """ABA: Ben records; Anna undoes it and records her own entry, which is now entry 1 too. Ben's phone
    still shows "Undo: Ben …": its tap must not take back Anna's entry."""
    table.apply("g1", adjust(1, "money", 1))
    ben_sees = table.game("g1")
    table.apply("g1", {"type": "undo", "entry": ben_sees.last_entry})
    table.apply("g1", adjust(0, "money", 3))
    assert table.game("g1").cursor == ben_sees.cursor  # the same position: a position cannot tell them apart
    with pytest.raises(InvalidMove) as refused:
        table.apply("g1", {"type": "undo", "entry": ben_sees.last_entry})
    assert "Anna" in refused.value.msg.render("en")
    assert counters(reloaded(table), 0)["money"] == 8 and counters(reloaded(table), 1)["money"] == 5


def test_entry_ids_survive_a_restart_and_an_undone_entry_keeps_its_id_for_redo(table):
    table.apply("g1", adjust(0, "money", 1))
    table.apply("g1", adjust(1, "money", 1))
    first = table.game("g1")
    assert len(set(first.entry_ids)) == 2 and reloaded(table).entry_ids == first.entry_ids
    table.apply("g1", {"type": "undo", "entry": first.last_entry})
    after = reloaded(table)
    assert after.next_entry == first.last_entry and after.last_entry == first.entry_ids[0]
    table.apply("g1", {"type": "redo", "entry": after.next_entry})
    assert counters(reloaded(table), 1)["money"] == 6


def test_a_game_saved_before_entries_had_ids_gets_ids_and_undoes_by_them(table):
    table.apply("g1", adjust(0, "money", 1))
    path = table.repo.dir / "live" / "g1.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    del data["session"]["1"]["entry_ids"]
    path.write_text(json.dumps(data), encoding="utf-8")
    old = reloaded(table)
    assert len(old.entry_ids) == 1 and old.last_entry
    hub = TableHub(Repository(table.repo.dir, GAMES))
    hub.apply("g1", {"type": "undo", "entry": hub.game("g1").last_entry})
    assert hub.game("g1").cursor == 0


def test_redo_from_a_screen_that_is_behind_is_refused_too(table):
    table.apply("g1", adjust(0, "money", 5))
    table.apply("g1", {"type": "undo", "entry": table.game("g1").last_entry})
    behind = table.game("g1")
    table.apply("g1", adjust(2, "money", 1))  # a new entry drops the redo tail
    with pytest.raises(InvalidMove):
        table.apply("g1", {"type": "redo", "entry": behind.next_entry})
    assert counters(table.game("g1"), 0)["money"] == 5


@pytest.mark.parametrize("entry", [1, None, True, ["x"]])
def test_an_undo_that_names_no_entry_is_refused(table, entry):
    table.apply("g1", adjust(0, "money", 5))
    with pytest.raises(InvalidMove):
        table.apply("g1", {"type": "undo", "entry": entry})
    assert table.game("g1").cursor == 1


def test_a_save_that_fails_leaves_the_game_and_the_file_as_they_were(table, monkeypatch):
    table.apply("g1", adjust(0, "money", 1))
    before = table.game("g1")
    on_disk = (table.repo.dir / "live" / "g1.json").read_bytes()

    def disk_full(game):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(table.repo, "save", disk_full)
    with pytest.raises(SaveFailed) as failed:
        table.apply("g1", adjust(0, "money", 3))
    assert failed.value.msg.render("en").startswith("Not saved: the device's storage is full.")
    assert table.game("g1") is before and counters(before, 0)["money"] == 6 and before.revision == 1
    assert (table.repo.dir / "live" / "g1.json").read_bytes() == on_disk
    monkeypatch.undo()
    table.apply("g1", adjust(0, "money", 3))  # the next entry works again
    assert counters(reloaded(table), 0)["money"] == 9


def test_a_refused_change_in_a_batch_applies_none_of_it(table):
    with pytest.raises(InvalidMove):
        table.apply("g1", adjust(0, "money", 1), adjust(0, "money", -50))
    assert table.game("g1").cursor == 0 and table.game("g1").revision == 0


def test_four_phones_entering_at_once_lose_nothing(table):
    def phone(seat):
        for _ in range(50):
            table.apply("g1", adjust(seat % 3, "money", 1))
    threads = [threading.Thread(target=phone, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for game in (table.game("g1"), reloaded(table)):
        assert game.cursor == 200 and game.revision == 200
        assert [counters(game, p)["money"] for p in range(3)] == [5 + 100, 5 + 50, 5 + 50]


def test_setup_ticks_from_two_phones_both_stay(table):
    steps = [s.id for s in ROME.rules.setup_checklist(table.game("g1").config)]
    table.apply("g1", {"type": "setup_tick", "step": steps[2], "done": True})
    table.apply("g1", {"type": "setup_tick", "step": steps[0], "done": True})
    table.apply("g1", {"type": "setup_tick", "step": steps[1], "done": True})
    table.apply("g1", {"type": "setup_tick", "step": steps[2], "done": False})
    assert reloaded(table).setup_done == steps[:2]
    with pytest.raises(InvalidMove):
        table.apply("g1", {"type": "setup_tick", "step": "no-such-step", "done": True})


def test_board_fields_from_two_phones_both_stay_and_an_edit_reopens_that_board(table):
    table.apply("g1", {"type": "stage", "stage": "scoring"})
    drawn = copy.deepcopy(table.game("g1").board)  # both phones drew this board
    table.apply("g1", {"type": "board_set", "player": 0, "path": ["money"], "value": 9,
                       "expect": drawn["players"][0]["money"]})
    row, column = beside_the_city(drawn["players"][1]["city"])
    table.apply("g1", {"type": "board_set", "player": 1, "path": ["city", row, column], "value": "house-2",
                       "expect": drawn["players"][1]["city"][row][column]})
    table.apply("g1", {"type": "board_done", "player": 0, "done": True},
                {"type": "board_done", "player": 1, "done": True})
    game = reloaded(table)
    assert game.board["players"][0]["money"] == 9 and game.board["players"][1]["city"][row][column] == "house-2"
    assert game.board_done == [0, 1]
    table.apply("g1", {"type": "board_set", "player": 1, "path": ["money"], "value": 4})
    assert reloaded(table).board_done == [0]
    with pytest.raises(InvalidMove):  # a path the board does not have
        table.apply("g1", {"type": "board_set", "player": 1, "path": ["city", 9, 0], "value": "house-2"})


def cells(city, near: bool) -> list[tuple[int, int]]:
    """The free cells of a city next to one of its cards (`near`), or apart from all of them."""
    taken = [(r, c) for r, row in enumerate(city) for c, card in enumerate(row) if card is not None]
    return [(r, c) for r, row in enumerate(city) for c, card in enumerate(row) if card is None
            and any(abs(r - r2) + abs(c - c2) == 1 for r2, c2 in taken) == near]


def beside_the_city(city) -> tuple[int, int]:
    return cells(city, near=True)[0]


def apart_from_the_city(city) -> tuple[int, int]:
    return cells(city, near=False)[0]


def test_board_taps_from_two_phones_all_count(table):
    """A -/+ on a board count is added to the count as it is by then: taps from a phone that has not
    redrawn yet, and from two phones on one field, all count."""
    table.apply("g1", {"type": "stage", "stage": "scoring"})
    start = table.game("g1").board["players"][0]["money"]

    def phone(name):
        for _ in range(10):
            table.apply("g1", {"type": "board_add", "player": 0, "path": ["money"], "delta": 1, "maximum": 999},
                        by=name)
    threads = [threading.Thread(target=phone, args=(name,)) for name in ("a", "b")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert reloaded(table).board["players"][0]["money"] == start + 20
    table.apply("g1", {"type": "board_add", "player": 0, "path": ["money"], "delta": -99})
    assert reloaded(table).board["players"][0]["money"] == 0  # never below the minimum
    table.apply("g1", {"type": "board_add", "player": 0, "path": ["money"], "delta": 5, "maximum": 3})
    assert reloaded(table).board["players"][0]["money"] == 3  # nor above the maximum
    for bad in ({"delta": "1"}, {"delta": True}, {"delta": 1, "minimum": "0"}, {"delta": 1, "path": []}):
        with pytest.raises(InvalidMove):
            table.apply("g1", {"type": "board_add", "player": 0, "path": ["money"], **bad})
    with pytest.raises(InvalidMove):  # not a count
        table.apply("g1", {"type": "board_add", "player": 0, "path": ["city"], "delta": 1})


def test_a_typed_field_another_phone_changed_since_it_was_drawn_is_refused(table):
    table.apply("g1", {"type": "stage", "stage": "scoring"})
    drawn = table.game("g1").board["players"][0]["money"]
    table.apply("g1", {"type": "board_set", "player": 0, "path": ["money"], "value": 12, "expect": drawn}, by="ben")
    with pytest.raises(InvalidMove) as refused:  # Anna's phone still shows the value it drew
        table.apply("g1", {"type": "board_set", "player": 0, "path": ["money"], "value": 25, "expect": drawn},
                    by="anna")
    assert "another phone" in refused.value.msg.render("en")
    assert reloaded(table).board["players"][0]["money"] == 12
    # Ben's next keystroke, sent before his phone redrew the field, is his own change, not another phone's.
    table.apply("g1", {"type": "board_set", "player": 0, "path": ["money"], "value": 120, "expect": drawn}, by="ben")
    assert reloaded(table).board["players"][0]["money"] == 120
    # A field that was not there when drawn (None) is set while it is still not there.
    table.apply("g1", {"type": "board_set", "player": 0, "path": ["note"], "value": "x", "expect": None}, by="anna")
    with pytest.raises(InvalidMove):
        table.apply("g1", {"type": "board_set", "player": 0, "path": ["note"], "value": "y", "expect": None}, by="ben")


def test_a_board_is_confirmed_as_the_phone_showed_it(table):
    table.apply("g1", {"type": "stage", "stage": "scoring"})
    shown = copy.deepcopy(table.game("g1").board["players"])  # as both phones drew the boards
    row, column = beside_the_city(shown[1]["city"])
    table.apply("g1", {"type": "board_set", "player": 0, "path": ["money"], "value": 12,
                       "expect": shown[0]["money"]}, by="ben")
    table.apply("g1", {"type": "board_set", "player": 1, "path": ["city", row, column], "value": "house-2",
                       "expect": shown[1]["city"][row][column]}, by="ben")
    for player in (0, 1):  # each changed on Ben's phone since Anna's drew it: Anna confirms neither
        with pytest.raises(InvalidMove) as refused:
            table.apply("g1", {"type": "board_done", "player": player, "done": True, "shown": shown[player]},
                        by="anna")
        assert "changed after this phone showed it" in refused.value.msg.render("en")
    assert reloaded(table).board_done == []
    # Anna's own number, typed before her phone redrew (her tap's render has 12): her board as she saw it.
    shown = copy.deepcopy(table.game("g1").board["players"])
    table.apply("g1", {"type": "board_set", "player": 0, "path": ["money"], "value": 15, "expect": 12}, by="anna")
    table.apply("g1", {"type": "board_done", "player": 0, "done": True, "shown": shown[0]}, by="anna")
    table.apply("g1", {"type": "board_done", "player": 1, "done": True, "shown": shown[1]}, by="anna")
    assert reloaded(table).board_done == [0, 1]
    with pytest.raises(InvalidMove):  # not a board
        table.apply("g1", {"type": "board_done", "player": 0, "done": True, "shown": [1]}, by="anna")


def test_finishing_twice_saves_one_play(table):
    made = []

    def make_play(game):
        made.append(game.id)
        return {"id": game.id, "game": "city-of-rome", "finished": 1.0, "players": [], "winners": []}
    assert table.finish("g1", make_play) == "g1"
    assert table.finish("g1", make_play) == "g1"
    assert made == ["g1"] and table.game("g1") is None
    lines = (table.repo.dir / "history.jsonl").read_text().splitlines()
    assert len(lines) == 2 and json.loads(lines[1])["add"]["id"] == "g1"  # a header and one play
    with pytest.raises(InvalidMove):
        table.apply("g1", adjust(0, "money", 1))


def test_a_board_edit_is_undone_by_name_and_only_while_nothing_changed_that_board_since(table):
    table.apply("g1", {"type": "stage", "stage": "scoring"})
    start = table.game("g1").board["players"][0]["money"]
    table.apply("g1", {"type": "board_add", "player": 0, "path": ["money"], "delta": 3, "maximum": 999})
    table.apply("g1", {"type": "board_done", "player": 0, "done": True})
    seen = table.game("g1")  # this phone's Undo: "Anna: money +3, now start + 3"
    edit = seen.board_edits[-1]
    assert edit["said"] == {"move": "board_add", "player": 0, "path": ["money"], "value": start + 3, "delta": 3}
    # another phone edits Ben's board: that is the last edit now, so Anna's phone's Undo is refused
    table.apply("g1", {"type": "board_add", "player": 1, "path": ["money"], "delta": 1, "maximum": 999})
    with pytest.raises(InvalidMove) as refused:
        table.apply("g1", {"type": "board_undo", "edit": edit["id"]})
    assert "another phone" in refused.value.msg.render("en")
    latest = table.game("g1")
    table.apply("g1", {"type": "board_undo", "edit": latest.board_edits[-1]["id"]})
    table.apply("g1", {"type": "board_undo", "edit": edit["id"]})  # now Anna's is the last one again
    game = reloaded(table)
    assert [p["money"] for p in game.board["players"][:2]] == [start, 5]
    assert game.board_done == []  # an undone edit reopens that board
    assert game.board_edits == []
    with pytest.raises(InvalidMove):  # nothing left to undo
        table.apply("g1", {"type": "board_undo", "edit": edit["id"]})


def test_an_edit_that_changed_nothing_is_no_undo_step_and_only_the_last_edits_are_kept(table):
    table.apply("g1", {"type": "stage", "stage": "scoring"})
    table.apply("g1", {"type": "board_add", "player": 0, "path": ["money"], "delta": -99})  # to 0
    table.apply("g1", {"type": "board_add", "player": 0, "path": ["money"], "delta": -1})  # stays 0
    assert len(table.game("g1").board_edits) == 1
    for _ in range(60):
        table.apply("g1", {"type": "board_add", "player": 0, "path": ["money"], "delta": 1, "maximum": 999})
    assert len(reloaded(table).board_edits) == 50


def confirmed_result(table):
    """Final scoring with every board confirmed: the game and the result as the phones show them."""
    table.apply("g1", {"type": "stage", "stage": "scoring"})
    table.apply("g1", *[{"type": "board_done", "player": p, "done": True} for p in range(len(PLAYERS))])
    shown = table.game("g1")
    return shown, end_scoring(shown, {}).sheet


def keep(shown_sheet):
    def make_play_of(latest):
        kept = result_to_keep(latest, {}, shown_sheet)
        return make_play(latest, kept.sheet, kept.board, {})
    return make_play_of


def test_a_result_is_kept_only_as_the_confirming_phone_showed_it(table):
    """Phone C edits Anna's board while phone A taps Confirm on the result it shows: refused, with words,
    whether C's edit came before A's tap reached the hub (another revision) or the result itself differs."""
    shown, sheet = confirmed_result(table)
    assert sheet.winners == ["Anna", "Ben", "Carla"]  # a shared victory: nobody has scored anything
    table.apply("g1", {"type": "board_add", "player": 0, "path": ["money"], "delta": 1, "maximum": 999})
    with pytest.raises(InvalidMove) as refused:
        table.finish("g1", keep(sheet), shown.revision)
    assert "changed on another phone" in refused.value.msg.render("en")
    with pytest.raises(InvalidMove) as refused:  # the revision alone would not see it: the boards do
        table.finish("g1", keep(sheet), table.game("g1").revision)
    assert "not every board is entered" in refused.value.msg.render("en")
    assert table.game("g1") is not None and table.repo.plays() == []  # no play kept


def test_a_board_that_cannot_be_scored_cannot_be_confirmed(table):
    """A card apart from the city: the board is refused, in words, from any phone, alone or in a batch."""
    table.apply("g1", {"type": "stage", "stage": "scoring"})
    apart = apart_from_the_city(table.game("g1").board["players"][0]["city"])
    table.apply("g1", {"type": "board_set", "player": 0, "path": ["city", *apart], "value": "house-2"})
    with pytest.raises(InvalidMove) as refused:
        table.apply("g1", *[{"type": "board_done", "player": p, "done": True} for p in range(len(PLAYERS))])
    assert refused.value.msg.render("en").startswith("Anna's board cannot be confirmed as it is")
    assert reloaded(table).board_done == []  # all or nothing: Ben's and Carla's were not confirmed either
    table.apply("g1", *[{"type": "board_done", "player": p, "done": True} for p in (1, 2)])
    table.apply("g1", {"type": "board_done", "player": 0, "done": False})  # saying "not entered" is always right
    assert reloaded(table).board_done == [1, 2]


def test_the_result_a_phone_showed_is_kept_when_nothing_changed(table):
    shown, sheet = confirmed_result(table)
    assert table.finish("g1", keep(sheet), shown.revision) == "g1"
    assert table.game("g1") is None


def test_the_hub_forgets_games_that_are_closed(table):
    """A finished or discarded game leaves nothing in the hub but, for a late Confirm, its play id (of the
    last few games only): a server running for months does not grow with every game played."""
    from companion.core.table import KEPT_FINISHED

    table.apply("g1", {"type": "stage", "stage": "scoring"})
    table.apply("g1", {"type": "board_add", "player": 0, "path": ["money"], "delta": 1, "maximum": 99}, by="anna")
    assert table.board_writers and "g1" in table._locks

    def make_play(game):
        return {"id": game.id, "game": "city-of-rome", "finished": 1.0, "players": [], "winners": []}
    table.finish("g1", make_play)
    assert table.board_writers == {} and "g1" not in table._locks and table.finished == {"g1": "g1"}
    for n in range(KEPT_FINISHED + 5):
        for sid in (f"g{n + 2}", f"x{n}"):
            table.repo.save(Game(sid, ROME, make_config(ROME, copy.deepcopy(PLAYERS), 0)))
        table.finish(f"g{n + 2}", make_play)
        table.discard(f"x{n}")
    assert len(table.finished) == KEPT_FINISHED and "g1" not in table.finished and table._locks == {}
