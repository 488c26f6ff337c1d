"""Milestones' end board and its moves (companion/games/milestones/board.py): a worker kind on a path
space, a bonus tile, the count-only entry's steps and the switch between row and counts. Each move
alone, scenarios from a prepared board, and the moves through the table hub (two phones, a stale one)."""

import copy
import random

import pytest

from companion.core.board import every_problem
from companion.core.definition import InvalidMove
from companion.core.game import Game, make_config
from companion.core.table import TableHub
from companion.games import GAMES
from companion.games.milestones import GAME
from companion.games.milestones.board import (
    bonus_owed, count_step_blocked, counts_of, goods_of, kind_values, random_board, row_from_counts, row_of,
    with_tracked_bonus, workers_entered,
)
from companion.games.milestones.components import PATH_SPACES, WORKER_KINDS
from companion.storage import Repository


def player(**fields):
    return {"name": "Anna", "points": 40, "goods": {"stone": 1, "wood": 0, "sand": 0, "grain": 2, "coins": 1},
            "workers": [None] * PATH_SPACES, **fields}


def board(*players):
    names = ["Anna", "Ben", "Carla", "Dirk"]
    return {"game": "milestones", "players": [dict(p, name=names[i]) for i, p in enumerate(players)]}


def move(table, name, player=0, /, **params):
    """Apply the board move `name` to `table` (a board) as the hub does; InvalidMove refuses it."""
    event = {"type": name, "player": player, **params}
    found = GAME.board_move(name)
    found.check(event)
    found.apply(table, event, {})
    return table


def put(table, space, kind, player=0, /, tracked=None, **params):
    drawn = row_of(table["players"][player])[space]
    expect = None if drawn is None else {"kind": drawn[0], "bonus": drawn[1]}
    return move(table, "path_space", player, space=space, kind=kind, tracked=tracked or {},
                **{"expect": expect, **params})


def me(table, player=0):
    return table["players"][player]


# ---------------------------------------------------------------- reading a board

def test_a_row_as_the_board_state_writes_it_reads_back_padded_to_8_spaces():
    p = player(workers=[{"kind": "stone", "bonus": True}, "wood", "empty", "covered", None])
    assert row_of(p) == [("stone", True), ("wood", False)] + [None] * 6


def test_values_come_from_the_game_worker_1_with_bonus_2():
    p = player(workers=[{"kind": "stone", "bonus": True}, "stone", "wood", None, "coin", {"kind": "coin", "bonus": True}])
    assert kind_values(p) == {"stone": 3, "wood": 1, "sand": 0, "grain": 0, "coin": 3}
    assert workers_entered(p) == 5


def test_counts_given_as_plain_numbers_in_a_file_are_read():
    p = player(worker_counts={"stone": 2, "coin": {"workers": 1, "bonus": 1}})
    del p["workers"]
    assert counts_of(p)["stone"] == {"workers": 2, "bonus": 0}
    assert counts_of(p)["coin"] == {"workers": 1, "bonus": 1}
    assert counts_of(p)["wood"] == {"workers": 0, "bonus": 0}
    assert kind_values(p)["coin"] == 2
    assert goods_of(player(goods=3)) == {"stone": 0, "wood": 0, "sand": 0, "grain": 0, "coins": 0}


def test_row_from_counts_lays_workers_out_from_the_left():
    counts = {k: {"workers": 0, "bonus": 0} for k in WORKER_KINDS}
    counts["sand"] = {"workers": 3, "bonus": 1}
    assert row_from_counts(counts) == [("sand", True), ("sand", False), ("sand", False)] + [None] * 5


# ---------------------------------------------------------------- each move alone

def test_a_worker_kind_on_a_path_space_and_off_again():
    t = board(player())
    put(t, 2, "sand")
    assert row_of(me(t))[2] == ("sand", False)
    assert me(t)["workers"][2] == {"kind": "sand", "bonus": False}  # the board-state form
    put(t, 2, None)
    assert row_of(me(t)) == [None] * PATH_SPACES


def test_a_bonus_tile_on_a_worker_and_off_again_and_only_on_a_worker():
    t = board(player())
    put(t, 4, "grain")
    move(t, "bonus_tile", space=4, bonus=True, expect={"kind": "grain", "bonus": False})
    assert row_of(me(t))[4] == ("grain", True)
    move(t, "bonus_tile", space=4, bonus=False, expect={"kind": "grain", "bonus": True})
    assert row_of(me(t))[4] == ("grain", False)
    with pytest.raises(InvalidMove):
        move(t, "bonus_tile", space=0, bonus=True, expect=None)  # an empty space carries no tile


def test_a_kind_corrected_keeps_its_bonus_tile_unless_the_tracker_says_where_the_tiles_lie():
    t = board(player())
    put(t, 0, "stone")
    move(t, "bonus_tile", space=0, bonus=True, expect={"kind": "stone", "bonus": False})
    put(t, 0, "wood")  # no tracker to say otherwise: the tile stays on the space's worker
    assert row_of(me(t))[0] == ("wood", True)
    tracked = {"stone": 1}  # the tracker saw the tile laid on a stone cutter
    put(t, 0, "sand", tracked=tracked)
    assert row_of(me(t))[0] == ("sand", False)
    put(t, 0, "stone", tracked=tracked)
    assert row_of(me(t))[0] == ("stone", True)


def test_the_bonus_tiles_the_tracker_saw_go_on_the_first_workers_of_their_kind():
    """The tracker saw 2 tiles laid on woodcutters and 1 on a coin minter: the first two woodcutters entered
    carry one each, the third does not; a tile moved by hand counts where it lies."""
    tracked = {"wood": 2, "coin": 1}
    t = board(player())
    for index, kind in enumerate(["wood", "stone", "wood", "wood", "coin"]):
        put(t, index, kind, tracked=tracked)
    assert row_of(me(t))[:5] == [("wood", True), ("stone", False), ("wood", True), ("wood", False), ("coin", True)]
    move(t, "bonus_tile", space=0, bonus=False, expect={"kind": "wood", "bonus": True})  # it lies on the third
    assert bonus_owed(row_of(me(t)), 3, "wood", tracked)
    move(t, "bonus_tile", space=3, bonus=True, expect={"kind": "wood", "bonus": False})
    assert kind_values(me(t))["wood"] == 5 and kind_values(me(t))["coin"] == 2  # 1 + 2 + 2


def test_the_count_only_entry_keeps_bonus_tiles_on_workers_and_at_most_8_workers():
    t = board(player())
    move(t, "worker_entry", counts=True)
    step = lambda kind, part, delta, **p: move(t, "worker_count", kind=kind, part=part, delta=delta, **p)
    step("grain", "bonus", 1)  # no grain farmer yet: "+1 with bonus tile" brings the worker along
    assert counts_of(me(t))["grain"] == {"workers": 1, "bonus": 1}
    step("grain", "bonus", -1)
    step("grain", "workers", 1)
    step("grain", "bonus", 1)
    step("grain", "bonus", 1)
    assert counts_of(me(t))["grain"] == {"workers": 2, "bonus": 2}
    step("grain", "workers", -1)  # one worker fewer takes its bonus tile along
    assert counts_of(me(t))["grain"] == {"workers": 1, "bonus": 1}
    for _ in range(3):
        step("grain", "workers", -1)  # never below 0
    assert counts_of(me(t))["grain"] == {"workers": 0, "bonus": 0}
    for _ in range(8):
        step("stone", "workers", 1)
    before = copy.deepcopy(t)
    for part in ("workers", "bonus"):
        with pytest.raises(InvalidMove) as refused:
            step("sand", part, 1)
        assert refused.value.msg.render("en") == "All 8 path spaces hold a worker: take one off first."
    assert t == before
    step("stone", "bonus", 1)  # a stone cutter without a tile takes one: still 8 workers
    assert counts_of(me(t))["stone"] == {"workers": 8, "bonus": 1}


def test_counting_workers_brings_the_tracker_s_bonus_tiles_along():
    t = board(player())
    move(t, "worker_entry", counts=True, tracked={"sand": 1})  # the tracker's tile is counted at once
    assert counts_of(me(t))["sand"] == {"workers": 1, "bonus": 1}
    for _ in range(2):
        move(t, "worker_count", kind="sand", part="workers", delta=1, tracked={"sand": 2})
    assert counts_of(me(t))["sand"] == {"workers": 3, "bonus": 2}  # the second tile came with a worker
    move(t, "worker_count", kind="grain", part="workers", delta=1, tracked={"sand": 2})
    assert counts_of(me(t))["grain"] == {"workers": 1, "bonus": 0}


def test_switching_to_counts_and_back_keeps_every_worker_and_bonus_tile():
    t = board(player(workers=[None, {"kind": "wood", "bonus": True}, "stone", None, "wood", "coin"]))
    move(t, "worker_entry", counts=True)
    assert "workers" not in me(t)
    assert me(t)["worker_counts"]["wood"] == {"workers": 2, "bonus": 1}
    assert me(t)["worker_counts"]["stone"] == {"workers": 1, "bonus": 0}
    move(t, "worker_entry", counts=True)  # already counts: nothing changes
    move(t, "worker_entry", counts=False)
    assert "worker_counts" not in me(t)
    assert row_of(me(t)) == [("stone", False), ("wood", True), ("wood", False), ("coin", False)] + [None] * 4


def test_the_tracker_s_tiles_are_counted_on_workers_already_there_or_with_new_ones_up_to_8():
    counts = {k: {"workers": 0, "bonus": 0} for k in WORKER_KINDS}
    counts["wood"] = {"workers": 7, "bonus": 0}
    assert with_tracked_bonus(copy.deepcopy(counts), {"wood": 2, "coin": 3}) == {
        **counts, "wood": {"workers": 7, "bonus": 2}, "coin": {"workers": 1, "bonus": 1}}


@pytest.mark.parametrize("kind, params", [
    ("path_space", {"space": 8, "kind": "wood"}),
    ("path_space", {"space": -1, "kind": "wood"}),
    ("path_space", {"space": True, "kind": "wood"}),
    ("path_space", {"space": 0, "kind": "marble"}),
    ("path_space", {"space": 0, "kind": "wood", "tracked": {"wood": "2"}}),
    ("path_space", {"space": 0, "kind": "wood", "tracked": {"marble": 1}}),
    ("path_space", {"space": 0, "kind": "wood", "expect": {"kind": "marble"}}),
    ("path_space", {"space": 0, "kind": "wood", "expect": 5}),
    ("path_space", {"space": 0, "kind": "wood", "bonus": True}),  # not a parameter of this move
    ("bonus_tile", {"space": 0, "bonus": "yes"}),
    ("worker_count", {"kind": "wood", "part": "workers", "delta": 2}),
    ("worker_count", {"kind": "wood", "part": "workers", "delta": True}),
    ("worker_count", {"kind": "wood", "part": "tiles", "delta": 1}),
    ("worker_entry", {"counts": "yes"}),
])
def test_malformed_board_moves_are_refused_and_change_nothing(kind, params):
    t = board(player(workers=["wood"]))
    if kind == "worker_count":
        move(t, "worker_entry", counts=True)
    before = copy.deepcopy(t)
    with pytest.raises(InvalidMove) as refused:
        move(t, kind, **params)
    assert refused.value.msg.key == "core.error.bad_event" and t == before


# ---------------------------------------------------------------- what another phone changed since

def test_a_path_space_another_phone_changed_since_it_was_drawn_is_refused():
    t = board(player())
    move(t, "path_space", space=3, kind="sand", expect=None)  # the other phone
    with pytest.raises(InvalidMove) as refused:
        move(t, "path_space", space=3, kind="wood", expect=None)  # this phone drew it empty
    assert refused.value.msg.key == "core.error.board_changed"
    with pytest.raises(InvalidMove):
        move(t, "bonus_tile", space=3, bonus=True, expect=None)
    assert row_of(me(t))[3] == ("sand", False)


def test_row_and_count_edits_are_refused_once_another_phone_switched_the_entry():
    t = board(player())
    move(t, "worker_entry", counts=True)
    for kind, params in (("path_space", {"space": 0, "kind": "wood", "expect": None}),
                         ("bonus_tile", {"space": 0, "bonus": True})):
        with pytest.raises(InvalidMove) as refused:
            move(t, kind, **params)
        assert refused.value.msg.key == "core.error.board_changed"
    move(t, "worker_entry", counts=False)
    with pytest.raises(InvalidMove):
        move(t, "worker_count", kind="wood", part="workers", delta=1)


# ---------------------------------------------------------------- every edit a board the game reads

def test_every_edit_gives_a_board_the_game_reads_and_scores():
    rng = random.Random(4)
    t = board(player(), player(), player())
    for _ in range(500):
        seat = rng.randrange(3)
        row, counting = row_of(me(t, seat)), "worker_counts" in me(t, seat)
        space = rng.randrange(PATH_SPACES)
        drawn = None if row[space] is None else {"kind": row[space][0], "bonus": row[space][1]}
        choices = [("worker_entry", {"counts": rng.random() < 0.5, "tracked": {"wood": rng.randrange(3)}}),
                   ("board_add", {"path": ["goods", rng.choice(list(goods_of(me(t, seat))))],
                                  "delta": rng.choice([-1, 1]), "minimum": 0}),
                   ("board_add", {"path": ["points"], "delta": rng.choice([-5, -1, 1, 5]), "minimum": 0})]
        if counting:
            choices.append(("worker_count", {"kind": rng.choice(WORKER_KINDS), "part": rng.choice(["workers", "bonus"]),
                                             "delta": rng.choice([-1, 1])}))
        else:
            choices += [("path_space", {"space": space, "kind": rng.choice([None, *WORKER_KINDS]), "expect": drawn}),
                        ("bonus_tile", {"space": space, "bonus": rng.random() < 0.5, "expect": drawn})]
        kind, params = rng.choice(choices)
        before = copy.deepcopy(t)
        try:
            move(t, kind, seat, **params)
        except InvalidMove:
            assert t == before  # refused (a tile on an empty space, a ninth worker): nothing changed
            continue
        if sum(c["bonus"] for q in t["players"] for c in counts_of(q).values()) > 15:
            t = before  # more bonus tiles than the game has: the game's reader says so (its own test)
            continue
        few = [i for i, q in enumerate(t["players"]) if workers_entered(q) < 2]
        if few:  # a board still being entered: the reader says which show fewer than the 2 workers kept
            assert [(e.field.split(".")[1], e.msg.key) for e in every_problem(GAME.end.parse_board_state, t)] == [
                (f"players[{i}]", "milestones.error.too_few_workers") for i in few]
            continue
        parsed = GAME.end.parse_board_state(t)
        for q, read in zip(t["players"], parsed["players"]):
            assert {k: sum(v) for k, v in read["workers"].items()} == {k: c["workers"] for k, c in counts_of(q).items()}
            assert {k: v[1] for k, v in read["workers"].items()} == {k: c["bonus"] for k, c in counts_of(q).items()}
            assert q["points"] >= 0 and min(goods_of(q).values()) >= 0
        GAME.end.score(parsed, {})


def test_random_end_boards_are_read_by_the_game_mostly():
    rng, read = random.Random(7), 0
    for _ in range(200):
        data, box = random_board(rng, rng.randint(2, 4))
        assert box == {}
        try:
            GAME.end.score(GAME.end.parse_board_state(data), box)
            read += 1
        except Exception as error:  # a draw may break a rule across players (the 15 bonus tiles)
            assert type(error).__name__ == "BoardStateError"
    assert read > 150


# ---------------------------------------------------------------- through the table hub

@pytest.fixture
def hub(tmp_path):
    repo = Repository(tmp_path / "data", GAMES)
    config = make_config(GAME, [{"name": n, "colour": c} for n, c in zip(["Anna", "Ben"], GAME.rules.colours)], 0)
    game = Game("m1", GAME, config)
    game.record({"type": "bonus_taken", "player": 0, "kind": "wood"})
    repo.save(game)
    return TableHub(repo)


def test_two_phones_entering_one_row_keep_both_and_a_stale_tap_is_refused(hub):
    tracked = {"wood": 1}
    hub.apply("m1", {"type": "path_space", "player": 0, "space": 0, "kind": "wood", "expect": None,
                     "tracked": tracked}, by="phone-a")
    hub.apply("m1", {"type": "path_space", "player": 0, "space": 1, "kind": "wood", "expect": None,
                     "tracked": tracked}, by="phone-b")
    saved = Repository(hub.repo.dir, GAMES).game("m1")
    assert row_of(saved.board["players"][0])[:2] == [("wood", True), ("wood", False)]  # one tile, as tracked
    with pytest.raises(InvalidMove):  # phone b still shows space 1 empty
        hub.apply("m1", {"type": "path_space", "player": 0, "space": 0, "kind": "coin", "expect": None}, by="phone-b")
    assert row_of(hub.game("m1").board["players"][0])[0] == ("wood", True)


def test_board_moves_reopen_the_board_and_taps_on_goods_and_points_all_count(hub):
    for space, kind in enumerate(("wood", "stone")):  # a board that can be scored shows 2 workers at least
        hub.apply("m1", {"type": "path_space", "player": 0, "space": space, "kind": kind, "expect": None,
                         "tracked": {"wood": 1}})
    hub.apply("m1", {"type": "board_done", "player": 0, "done": True})
    hub.apply("m1", {"type": "worker_entry", "player": 0, "counts": True, "tracked": {"wood": 1}})
    assert hub.game("m1").board_done == []  # an edit: the board is not entered any more
    for _ in range(3):
        hub.apply("m1", {"type": "board_add", "player": 0, "path": ["goods", "coins"], "delta": 1, "minimum": 0})
    hub.apply("m1", {"type": "board_add", "player": 0, "path": ["points"], "delta": -5, "minimum": 0})
    board = hub.game("m1").board
    assert board["players"][0]["goods"]["coins"] == 4 and board["players"][0]["points"] == 0
    assert counts_of(board["players"][0])["wood"] == {"workers": 1, "bonus": 1}
    with pytest.raises(InvalidMove):  # all or nothing: the bad second move takes the first back
        hub.apply("m1", {"type": "worker_count", "player": 0, "kind": "sand", "part": "workers", "delta": 1},
                  {"type": "worker_count", "player": 0, "kind": "sand", "part": "workers", "delta": 3})
    assert counts_of(hub.game("m1").board["players"][0])["sand"]["workers"] == 0
    assert count_step_blocked(board["players"][0], "sand", "workers") is False


def test_the_board_s_parts_are_named_in_the_game_s_own_catalogue():
    """Where a problem is ("Anna's worker row, path space 4, kind") in Milestones' own words, both languages."""
    from companion.core.text import catalogue
    from companion.core.where import where
    keys = ["milestones.where.board.workers", "milestones.where.item.workers", *(
        f"milestones.where.{part}" for part in ("kind", "bonus", "worker_counts", "workers", "points", "goods", "name"))]
    for lang in ("en", "de"):
        assert [k for k in keys if k not in catalogue(lang)] == []
    assert where("en", GAMES["milestones"], "$.players[0].workers[3].bonus", ["Anna"]) == "Anna's worker row, path space 4, bonus tile"
    assert where("de", GAMES["milestones"], "$.players[0].worker_counts.grain.workers", ["Anna"]) == \
        "Anna – Arbeiter (nur Anzahl), Getreidebauer, Arbeiter"
