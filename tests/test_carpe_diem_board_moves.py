"""Carpe Diem's end-board edits (`board_moves`), in the three layers: each move alone on a board,
scenarios from a prepared board (a stack of discs on the banderole bar, grid or counts for the whole
table, an edit from a phone that drew an older board), and the game through the table hub (one move for
every board it changes, all or nothing, saved and reopening the boards it changed)."""

import copy

import pytest

from companion.core.definition import InvalidMove
from companion.core.game import Game, make_config
from companion.core.table import TableHub
from companion.games import GAMES
from companion.games.carpe_diem import GAME, district
from companion.storage import Repository

NAMES = ["Anna", "Ben", "Cleo"]


def player(name, **extra):
    return {"name": name, "vp": 10, "storage": {"herbs": 1}, "banderole": {"space": 0, "level": 0},
            "district": {"features": []}, "frame": [], "fountain_cards": [], **extra}


def table_board(*players):
    return {"game": "carpe-diem", "players": [copy.deepcopy(p) for p in players]}


def apply(board, **event):
    """A board move alone, as the hub applies it: its shape checked, then its pure apply."""
    move = GAME.board_move(event["type"])
    move.check(event)
    move.apply(board, event, {})
    return board


def refused(board, **event):
    before = copy.deepcopy(board)
    with pytest.raises(InvalidMove) as error:
        apply(copy.deepcopy(board), **event)
    assert board == before
    return error.value.msg.key


def features(board, seat=0):
    return board["players"][seat]["district"]["features"]


# ------------------------------------------------------------------ each move alone

def test_a_tap_draws_the_feature_named_by_its_anchor_never_by_its_place_in_the_list():
    board = table_board(player("Anna"))
    apply(board, type="district_tap", player=0, kind="villa", row=1, column=1, anchor=None, completed=True)
    apply(board, type="district_tap", player=0, kind="villa", row=1, column=2, anchor=[1, 1], completed=True)
    assert features(board) == [{"kind": "villa", "cells": [[1, 1], [1, 2]], "completed": True, "chimneys": 0}]
    # another phone put a pond first in the list meanwhile: the villa is still found by its cell
    features(board).insert(0, {"kind": "pond", "cells": [[3, 3]], "completed": False})
    apply(board, type="district_tap", player=0, kind="villa", row=2, column=2, anchor=[1, 2], completed=True)
    assert features(board)[1]["cells"] == [[1, 1], [1, 2], [2, 2]] and len(features(board)) == 2
    # a feature that is gone by now: the tap starts a new one where it is, it never lands on another
    apply(board, type="district_tap", player=0, kind="garden", row=5, column=5, anchor=[6, 6], completed=False)
    assert features(board)[2] == {"kind": "garden", "cells": [[5, 5]], "completed": False}


def test_the_phone_keeps_the_anchor_of_the_feature_it_draws():
    fs, anchor = district.tap([], None, "villa", 1, 1)
    assert anchor == [1, 1]
    fs, anchor = district.tap(fs, anchor, "villa", 1, 2)
    assert anchor == [1, 1]
    fs, anchor = district.tap(fs, anchor, "villa", 1, 1)  # the anchor itself taken out: another of its cells
    assert anchor == [1, 2] and fs[0]["cells"] == [[1, 2]]
    fs, anchor = district.tap(fs, anchor, "villa", 1, 2)  # its last cell: nothing is drawn any more
    assert fs == [] and anchor is None
    fs, anchor = district.tap([{"kind": "market", "cells": [[2, 2]]}], None, "fountain", 2, 2)
    assert fs == [{"kind": "market", "cells": [[2, 2]]}] and anchor == [2, 2]  # picked, not overwritten


@pytest.mark.parametrize("event", [
    {"kind": "palace", "row": 1, "column": 1},
    {"kind": "villa", "row": 7, "column": 1},
    {"kind": "villa", "row": True, "column": 1},
    {"kind": "villa", "row": 1, "column": 1, "anchor": [1]},
    {"kind": "villa", "row": 1, "column": 1, "completed": "yes"},
    {"kind": "villa", "row": 1, "column": 1, "colour": "red"},  # a key no move has
])
def test_a_tap_of_another_shape_is_refused(event):
    assert refused(table_board(player("Anna")), type="district_tap", player=0, **event) == "core.error.bad_event"


def test_a_feature_is_changed_or_removed_by_its_kind_and_a_cell():
    board = table_board(player("Anna", district={"features": [
        {"kind": "villa", "cells": [[1, 1], [1, 2]], "completed": True, "chimneys": 2},
        {"kind": "pond", "cells": [[1, 2]], "completed": True}]}))
    apply(board, type="feature_set", player=0, kind="villa", cell=[1, 2], chimneys=5)
    apply(board, type="feature_set", player=0, kind="pond", cell=[1, 2], completed=False)
    assert features(board)[0]["chimneys"] == 5 and features(board)[1]["completed"] is False
    assert refused(board, type="feature_set", player=0, kind="pond", cell=[1, 2], chimneys=3) == "core.error.bad_event"
    assert refused(board, type="feature_set", player=0, kind="villa", cell=[4, 4], chimneys=3) == "core.error.board_changed"
    apply(board, type="feature_remove", player=0, kind="villa", cell=[1, 1])
    assert [f["kind"] for f in features(board)] == ["pond"]
    assert refused(board, type="feature_remove", player=0, kind="villa", cell=[1, 1]) == "core.error.board_changed"


def test_frame_goals_by_their_arrow_refused_when_another_phone_changed_that_arrow():
    board = table_board(player("Anna"))
    apply(board, type="frame_goal_set", player=0, side="top", line=3, kind="baker", vp=4, expect=None)
    assert board["players"][0]["frame"] == [{"side": "top", "line": 3, "kind": "baker", "vp": 4}]
    # a phone that still drew the arrow empty: refused, the other phone's goal stays
    assert refused(board, type="frame_goal_set", player=0, side="top", line=3, kind="villa", vp=5,
                   expect=None) == "core.error.board_changed"
    apply(board, type="frame_goal_set", player=0, side="top", line=3, kind="villa", vp=5,
          expect={"kind": "baker", "vp": 4})
    assert refused(board, type="frame_goal_set", player=0, side="top", line=3, kind="fountain", vp=5) == \
        "core.error.bad_event"  # a fountain is no frame goal
    for line in range(1, 8):
        if line < 7:
            apply(board, type="frame_goal_set", player=0, side="left", line=line, kind="pond", vp=3)
    assert len(board["players"][0]["frame"]) == 7
    apply(board, type="frame_goal_set", player=0, side="right", line=1, kind="pond", vp=3)
    assert refused(board, type="frame_goal_set", player=0, side="right", line=2, kind="pond", vp=3) == \
        "carpe-diem.error.frame_full"
    apply(board, type="frame_goal_remove", player=0, side="left", line=2, expect={"kind": "pond", "vp": 3})
    assert len(board["players"][0]["frame"]) == 7


def test_fountain_cards_are_added_and_taken_off_by_their_kind():
    board = table_board(player("Anna", fountain_cards=["garden", {"kind": "villa", "vp": 2}, "garden"]))
    apply(board, type="fountain_card_add", player=0, kind="market")
    apply(board, type="fountain_card_remove", player=0, kind="villa", cards=1)
    assert board["players"][0]["fountain_cards"] == ["garden", "garden", "market"]
    # the phone drew two garden cards: a third one came since, so this tap is refused
    board["players"][0]["fountain_cards"].append("garden")
    assert refused(board, type="fountain_card_remove", player=0, kind="garden", cards=2) == "core.error.board_changed"
    apply(board, type="fountain_card_remove", player=0, kind="garden", cards=3)
    assert board["players"][0]["fountain_cards"] == ["garden", "garden", "market"]
    assert refused(board, type="fountain_card_remove", player=0, kind="pond") == "core.error.board_changed"


def test_the_counts_form_villas_by_chimneys_and_goals_met():
    board = table_board(player("Anna"))
    board["players"][0] = district.to_counts(board["players"][0])
    apply(board, type="villas_add", player=0, chimneys=4, delta=1)
    apply(board, type="villas_add", player=0, chimneys=2, delta=1)
    apply(board, type="villas_add", player=0, chimneys=4, delta=1)
    apply(board, type="villas_add", player=0, chimneys=2, delta=-1)
    apply(board, type="villas_add", player=0, chimneys=6, delta=-1)  # none to take away: none
    assert board["players"][0]["quick"]["villas"] == [4, 4]
    for _ in range(8):
        apply(board, type="frame_met_add", player=0, vp=5, delta=1)
    assert refused(board, type="frame_met_add", player=0, vp=3, delta=1) == "carpe-diem.error.frame_full"
    apply(board, type="frame_met_add", player=0, vp=5, delta=-1)
    assert board["players"][0]["quick"]["frame_met"] == [5] * 7
    # the grid's moves on a board in the counts form by now: refused, nothing changed
    assert refused(board, type="district_tap", player=0, kind="villa", row=1, column=1) == "core.error.board_changed"
    grid = table_board(player("Anna"))
    assert refused(grid, type="villas_add", player=0, chimneys=4, delta=1) == "core.error.board_changed"


# ------------------------------------------------------------------ scenarios: the banderole stack

def stack():
    """Anna at the bottom of space 4, Ben on top of her; Cleo alone on space 6."""
    return table_board(player("Anna", banderole={"space": 4, "level": 0}),
                       player("Ben", banderole={"space": 4, "level": 1}),
                       player("Cleo", banderole=6))


def discs(board):
    return [district.disc(p) for p in board["players"]]


def test_a_disc_joining_a_stack_goes_on_top_and_the_stack_it_leaves_closes_up():
    board = apply(stack(), type="disc_move", player=0, delta=2)  # Anna onto Cleo's space
    assert discs(board) == [(6, 1), (4, 0), (6, 0)]
    board = apply(board, type="disc_move", player=2, delta=-2)  # Cleo back under... on top of Ben
    assert discs(board) == [(6, 0), (4, 0), (4, 1)]
    board = apply(board, type="disc_level", player=2, delta=-1)  # Cleo under Ben
    assert discs(board) == [(6, 0), (4, 1), (4, 0)]
    board = apply(board, type="disc_move", player=1, delta=-9)  # never below space 0
    assert discs(board) == [(6, 0), (0, 0), (4, 0)]
    assert refused(board, type="disc_move", player=1, delta="2") == "core.error.bad_event"
    assert refused(board, type="disc_move", player=5, delta=1) == "core.error.no_such_player"


# ------------------------------------------------------------------ scenarios: grid or counts for the table

TRACKED = [{"garden": 2, "market": 1}, None, {"pond": 1}]


def test_switching_converts_this_board_and_every_board_still_blank_in_one_move():
    drawn = player("Ben", district={"features": [{"kind": "market", "cells": [[1, 1]]}]})
    board = table_board(player("Anna"), drawn, player("Cleo"))
    apply(board, type="entry_form", player=0, form="counts", tracked=TRACKED, keep=[])
    anna, ben, cleo = board["players"]
    assert anna["quick"] == {"villas": [], "completed": {"garden": 2, "market": 1}, "frame_met": []}
    assert ben == drawn  # drawn on already: keeps its form until its own player switches it
    assert cleo["quick"]["completed"] == {"pond": 1} and "district" not in cleo
    # back to the grid, with Anna's drawing brought back; Cleo's untouched counts follow, blank again
    kept = {"district": {"features": [{"kind": "garden", "cells": [[2, 2]], "completed": True}]}, "frame": []}
    apply(board, type="entry_form", player=0, form="grid", tracked=TRACKED, keep=[], kept=kept)
    assert board["players"][0]["district"] == kept["district"] and "quick" not in board["players"][0]
    assert board["players"][2] == player("Cleo")


def test_a_board_said_to_be_entered_keeps_its_form_and_a_bad_switch_changes_nothing():
    board = table_board(player("Anna"), player("Ben"), player("Cleo"))
    apply(board, type="entry_form", player=1, form="counts", tracked=TRACKED, keep=[2])
    assert [district.form_of(p) for p in board["players"]] == ["counts", "counts", "grid"]
    for bad in ({"form": "list"}, {"form": "grid", "tracked": [None]}, {"form": "grid", "kept": {"district": 1}},
                {"form": "grid", "tracked": [{"garden": -1}, None, None]}):
        assert refused(board, type="entry_form", player=0, **{"tracked": TRACKED, **bad}) == "core.error.bad_event"


# ------------------------------------------------------------------ the game through the hub

@pytest.fixture
def hub(tmp_path):
    repo = Repository(tmp_path / "data", GAMES)
    config = make_config(GAME, [{"name": n, "colour": c} for n, c in zip(NAMES, GAME.rules.colours)], 0)
    game = Game("cd", GAME, config)
    for event in ({"type": "complete_garden", "player": 0, "tiles": 2}, {"type": "banderole", "player": 1, "steps": 3},
                  {"type": "banderole", "player": 2, "steps": 3}):
        game.record(event)
    game.stage = "scoring"
    repo.save(game)
    return TableHub(repo)


def test_a_disc_move_changes_every_board_it_affects_at_once_and_reopens_them(hub):
    hub.apply("cd", {"type": "stage", "stage": "scoring"})
    tracked = [district.tracked_district(p["counters"]) for p in hub.game("cd").state["players"]]
    # counted, the boards can be scored (and so confirmed) as the tracker left them
    hub.apply("cd", {"type": "entry_form", "player": 0, "form": "counts", "tracked": tracked, "keep": []},
              *[{"type": "board_done", "player": i, "done": True} for i in range(3)])
    assert discs(hub.game("cd").board) == [(0, 0), (3, 0), (3, 1)]  # as the tracker knows them
    hub.apply("cd", {"type": "disc_move", "player": 1, "delta": 1})  # Ben leaves Cleo's stack
    saved = Repository(hub.repo.dir, GAMES).game("cd")
    assert discs(saved.board) == [(0, 0), (4, 0), (3, 0)]
    assert saved.board_done == [0]  # Ben's and Cleo's boards changed: entered again by their players


def test_a_batch_is_all_or_nothing(hub):
    hub.apply("cd", {"type": "stage", "stage": "scoring"})
    before = copy.deepcopy(hub.game("cd").board)
    with pytest.raises(InvalidMove):
        hub.apply("cd", {"type": "district_tap", "player": 0, "kind": "villa", "row": 1, "column": 1},
                  {"type": "feature_remove", "player": 0, "kind": "pond", "cell": [6, 6]})
    assert hub.game("cd").board == before


def test_the_table_enters_counts_from_two_phones_and_the_tracker_fills_them(hub):
    """Anna switches the table to counts on her phone (her board and Ben's and Cleo's, still blank, in one
    move); Ben's phone, which drew the grid, taps the grid: refused, not misapplied; then both count."""
    hub.apply("cd", {"type": "stage", "stage": "scoring"})
    tracked = [district.tracked_district(p["counters"]) for p in hub.game("cd").state["players"]]
    hub.apply("cd", {"type": "entry_form", "player": 0, "form": "counts", "tracked": tracked, "keep": []})
    with pytest.raises(InvalidMove) as stale:
        hub.apply("cd", {"type": "district_tap", "player": 1, "kind": "villa", "row": 1, "column": 1})
    assert stale.value.msg.key == "core.error.board_changed"
    hub.apply("cd", {"type": "villas_add", "player": 0, "chimneys": 3, "delta": 1})
    hub.apply("cd", {"type": "villas_add", "player": 1, "chimneys": 5, "delta": 1},
              {"type": "board_add", "player": 1, "path": ["quick", "completed", "pond"], "delta": 1, "maximum": 36})
    board = Repository(hub.repo.dir, GAMES).game("cd").board
    assert [p["quick"] for p in board["players"]][:2] == [
        {"villas": [3], "completed": {"garden": 1}, "frame_met": []},
        {"villas": [5], "completed": {"pond": 1}, "frame_met": []}]
    assert [c.points for c in GAME.end.score(GAME.end.parse_board_state(board), {}).players[1].categories][:2] == [9, 7]


def test_a_new_game_starts_its_boards_in_the_form_the_table_chose():
    config = make_config(GAME, [{"name": n, "colour": c} for n, c in zip(NAMES, GAME.rules.colours)], 0)
    game = Game("cd", GAME, {**config, "preferences": {"entry": "counts"}})
    game.record({"type": "complete_pond", "player": 2, "tiles": 3})
    board = GAME.end.board_from_tracker(game.state, game.config)
    assert [district.form_of(p) for p in board["players"]] == ["counts"] * 3
    assert board["players"][2]["quick"]["completed"] == {"pond": 1}
    assert "quick" not in GAME.end.board_from_tracker(game.state, config)["players"][0]  # the default: the grid
