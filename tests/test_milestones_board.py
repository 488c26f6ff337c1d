"""The Milestones end-scoring editor's plain rules: path spaces, bonus tiles, the count-only entry and
the switch between the two, always giving a board state the game reads."""

import copy
import random

from companion.games.milestones import GAME
from companion.games.milestones.components import PATH_SPACES, WORKER_KINDS
from companion.ui.boards.milestones import (
    bonus_owed, count_part_owed, count_step_blocked, counts_of, goods_of, kind_values, row_from_counts, row_of, set_bonus,
    set_space, step_count, step_goods, step_points, use_counts,
)


def player(**fields):
    return {"name": "Anna", "points": 40, "goods": {"stone": 1, "wood": 0, "sand": 0, "grain": 2, "coins": 1},
            "workers": [None] * PATH_SPACES, **fields}


def board(*players):
    names = ["Anna", "Ben", "Carla", "Dirk"]
    return {"game": "milestones", "players": [dict(p, name=names[i]) for i, p in enumerate(players)]}


def test_a_row_as_the_board_state_writes_it_reads_back_padded_to_8_spaces():
    p = player(workers=[{"kind": "stone", "bonus": True}, "wood", "empty", "covered", None])
    assert row_of(p) == [("stone", True), ("wood", False)] + [None] * 6


def test_choosing_a_worker_and_a_bonus_tile_on_a_space():
    p = player()
    set_space(p, 2, "sand")
    assert row_of(p)[2] == ("sand", False)
    set_bonus(p, 2, True)
    assert row_of(p)[2] == ("sand", True)
    set_space(p, 2, "grain", True)  # another worker on the same space
    assert row_of(p)[2] == ("grain", True)
    set_space(p, 2, None)  # empty again: the bonus tile goes with the worker
    assert row_of(p) == [None] * PATH_SPACES


def test_a_bonus_tile_only_lies_on_a_worker():
    p = player()
    set_bonus(p, 0, True)
    assert row_of(p)[0] is None


def test_values_come_from_the_game_worker_1_with_bonus_2():
    p = player(workers=[{"kind": "stone", "bonus": True}, "stone", "wood", None, "coin", {"kind": "coin", "bonus": True}])
    assert kind_values(p) == {"stone": 3, "wood": 1, "sand": 0, "grain": 0, "coin": 3}


def test_switching_to_counts_and_back_keeps_every_worker_and_bonus_tile():
    p = player(workers=[None, {"kind": "wood", "bonus": True}, "stone", None, "wood", "coin"])
    use_counts(p, True)
    assert "workers" not in p
    assert p["worker_counts"]["wood"] == {"workers": 2, "bonus": 1}
    assert p["worker_counts"]["stone"] == {"workers": 1, "bonus": 0}
    use_counts(p, False)
    assert "worker_counts" not in p
    assert row_of(p) == [("stone", False), ("wood", True), ("wood", False), ("coin", False)] + [None] * 4
    use_counts(p, False)  # already a row: nothing changes
    assert row_of(p)[1] == ("wood", True)


def test_count_only_entry_keeps_bonus_tiles_on_workers_and_at_most_8_workers():
    p = player()
    use_counts(p, True)
    step_count(p, "grain", "bonus", 1)  # no grain farmer yet: "+1 with bonus tile" brings the worker along
    assert counts_of(p)["grain"] == {"workers": 1, "bonus": 1}
    step_count(p, "grain", "bonus", -1)
    step_count(p, "grain", "workers", 1)
    step_count(p, "grain", "bonus", 1)
    step_count(p, "grain", "bonus", 1)
    assert counts_of(p)["grain"] == {"workers": 2, "bonus": 2}
    step_count(p, "grain", "workers", -1)  # one worker fewer takes its bonus tile along
    assert counts_of(p)["grain"] == {"workers": 1, "bonus": 1}
    step_count(p, "grain", "workers", -1)
    step_count(p, "grain", "workers", -1)
    assert counts_of(p)["grain"] == {"workers": 0, "bonus": 0}
    for _ in range(10):
        step_count(p, "stone", "workers", 1)
    assert counts_of(p)["stone"]["workers"] == PATH_SPACES


def test_counts_given_as_plain_numbers_in_a_file_are_read():
    p = player(worker_counts={"stone": 2, "coin": {"workers": 1, "bonus": 1}})
    del p["workers"]
    assert counts_of(p)["stone"] == {"workers": 2, "bonus": 0}
    assert counts_of(p)["coin"] == {"workers": 1, "bonus": 1}
    assert counts_of(p)["wood"] == {"workers": 0, "bonus": 0}
    assert kind_values(p)["coin"] == 2


def test_row_from_counts_lays_workers_out_from_the_left():
    counts = {k: {"workers": 0, "bonus": 0} for k in WORKER_KINDS}
    counts["sand"] = {"workers": 3, "bonus": 1}
    assert row_from_counts(counts) == [("sand", True), ("sand", False), ("sand", False)] + [None] * 5


def test_goods_and_points_do_not_go_below_zero():
    p = player()
    step_goods(p, "wood", -1)
    step_goods(p, "coins", 2)
    step_points(p, -50)
    assert goods_of(p) == {"stone": 1, "wood": 0, "sand": 0, "grain": 2, "coins": 3}
    assert p["points"] == 0


def test_every_edit_gives_a_board_the_game_reads_and_scores():
    rng = random.Random(4)
    players = [player(), player(), player()]
    for _ in range(400):
        p = rng.choice(players)
        before = copy.deepcopy(p)
        move = rng.randrange(5)
        if move == 0:
            set_space(p, rng.randrange(PATH_SPACES), rng.choice([None, *WORKER_KINDS]), rng.random() < 0.2)
        elif move == 1:
            set_bonus(p, rng.randrange(PATH_SPACES), rng.random() < 0.5)
        elif move == 2:
            use_counts(p, rng.random() < 0.5)
        elif move == 3:
            if "worker_counts" in p:
                step_count(p, rng.choice(WORKER_KINDS), rng.choice(["workers", "bonus"]), rng.choice([-1, 1]))
        else:
            step_goods(p, rng.choice(list(goods_of(p))), rng.choice([-1, 1]))
        state = board(*players)
        if sum(v for q in players for c in counts_of(q).values() for v in [c["bonus"]]) > 15:
            players[players.index(p)] = before  # more bonus tiles than the game has: the game refuses it
            continue
        parsed = GAME.parse_board_state(state)
        for q, read in zip(players, parsed["players"]):
            assert {k: sum(v) for k, v in read["workers"].items()} == {k: c["workers"] for k, c in counts_of(q).items()}
            assert {k: v[1] for k, v in read["workers"].items()} == {k: c["bonus"] for k, c in counts_of(q).items()}
        GAME.score(parsed, {})


def test_a_plus_that_cannot_act_is_blocked_and_says_why():
    """At 8 workers every "+" is disabled with its reason; "+1 with bonus tile" stays possible while a
    worker of that kind has no tile; at 0 workers it acts (adds the worker)."""
    p = player()
    use_counts(p, True)
    assert count_step_blocked(p, "stone", "bonus") is None  # acts: raises the workers with it
    for _ in range(7):
        step_count(p, "stone", "workers", 1)
    step_count(p, "wood", "bonus", 1)  # the 8th worker, with its bonus tile
    assert counts_of(p)["wood"] == {"workers": 1, "bonus": 1}
    assert count_step_blocked(p, "sand", "workers") == "milestones.board.full"
    assert count_step_blocked(p, "sand", "bonus") == "milestones.board.full"
    assert count_step_blocked(p, "wood", "bonus") == "milestones.board.full"  # its only worker has one
    assert count_step_blocked(p, "stone", "bonus") is None  # 7 stone cutters without a tile
    before = copy.deepcopy(p)
    step_count(p, "sand", "bonus", 1)
    step_count(p, "sand", "workers", 1)
    assert p == before  # what is blocked changes nothing


def test_the_bonus_tiles_the_tracker_saw_go_on_the_first_workers_of_their_kind():
    """The tracker saw 2 tiles laid on woodcutters and 1 on a coin minter: the first two woodcutters entered
    carry one each, the third does not; a tile moved by hand counts where it lies."""
    tracked = {"wood": 2, "coin": 1}
    p = player()
    for index, kind in enumerate(["wood", "stone", "wood", "wood", "coin"]):
        set_space(p, index, kind, bonus_owed(row_of(p), index, kind, tracked))
    assert row_of(p)[:5] == [("wood", True), ("stone", False), ("wood", True), ("wood", False), ("coin", True)]
    set_bonus(p, 0, False)  # the tile lies on the third woodcutter at the table
    assert bonus_owed(row_of(p), 3, "wood", tracked)
    assert not bonus_owed(row_of(p), 3, "coin", tracked) and not bonus_owed(row_of(p), 1, "stone", tracked)
    assert not bonus_owed(row_of(p), 3, "wood", {})  # no game to read: no tile by itself
    assert kind_values(p)["wood"] == 4 and kind_values(p)["coin"] == 2


def test_counting_workers_brings_the_tracker_s_bonus_tiles_along():
    tracked = {"sand": 1}
    p = player()
    use_counts(p, True)
    for _ in range(3):
        step_count(p, "sand", count_part_owed(p, "sand", tracked), 1)
    assert counts_of(p)["sand"] == {"workers": 3, "bonus": 1}
    assert count_part_owed(p, "grain", tracked) == "workers"
