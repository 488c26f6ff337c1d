"""Carpe Diem's end board as the players enter it (`district`): drawing the district with the palette,
the frame goals, grid or counts, the banderole discs (the points themselves come from the engine); and
the tracker panel's helpers (`cards`, `period`): the card drafts, the scoring-period rows and choices."""

import copy
import json

import pytest
from pathlib import Path

from companion.core.game import Game, make_config
from companion.games import GAMES
from companion.games.carpe_diem import scoring
from companion.games.carpe_diem import scoring_period as sp
from companion.games.carpe_diem import cards, period, tracker
from companion.games.carpe_diem.components import circles
from companion.games.carpe_diem import district as board

GAME = GAMES["carpe-diem"]


EXAMPLE = json.loads((Path(__file__).resolve().parents[1] / "examples" / "carpe-diem-2p-district.json")
                     .read_text(encoding="utf-8"))


def draw(features, current, kind, *cells, tracked=None):
    """Taps on cells with `kind` picked, the feature being drawn named by its place (`paint`); each new
    feature's "completed" as the phone guesses it from what the tracker counted."""
    for r, c in cells:
        features, current = board.paint(features, current, kind, r, c, board.new_completed(kind, features, tracked))
    return features, current


def test_a_palette_kind_then_its_cells_draw_one_feature_a_cell_elsewhere_starts_the_next():
    fs, cur = draw([], None, "villa", (1, 1), (1, 2))
    assert fs == [{"kind": "villa", "cells": [[1, 1], [1, 2]], "completed": True, "chimneys": 0}] and cur == 0
    fs, cur = draw(fs, cur, "villa", (5, 5))  # not next to villa 1: villa 2
    assert len(fs) == 2 and cur == 1 and fs[1]["cells"] == [[5, 5]]
    fs, cur = draw(fs, None, "villa", (2, 1))  # the kind tapped again: a new villa, although next to villa 1
    assert len(fs) == 3 and cur == 2
    fs, cur = draw(fs, cur, "villa", (1, 2))  # a cell of another villa: that one is drawn now
    assert cur == 0 and len(fs) == 3
    fs, cur = draw(fs, cur, "villa", (1, 2))  # ... and a second tap takes the cell out
    assert fs[0]["cells"] == [[1, 1]]
    fs, cur = draw(fs, cur, "villa", (1, 1))  # its last cell: the villa is gone
    assert cur is None and [f["cells"] for f in fs] == [[[5, 5]], [[2, 1]]]


def test_a_dwelling_is_completed_by_its_second_half_and_a_third_tap_starts_the_next():
    fs, cur = draw([], None, "baker", (2, 3))
    assert fs[0]["completed"] is False and board.feature_problem(fs[0]) is None  # one half: fine
    fs, cur = draw(fs, cur, "baker", (2, 4))
    assert fs[0] == {"kind": "baker", "cells": [[2, 3], [2, 4]], "completed": True}
    assert board.feature_problem(fs[0]) is None
    fs, cur = draw(fs, cur, "baker", (2, 5))  # next to a completed dwelling: a new one
    assert len(fs) == 2 and cur == 1
    fs, cur = draw(fs, 0, "baker", (2, 4))  # half taken off again: not completed
    assert fs[0]["completed"] is False


def test_landscapes_grow_to_four_tiles_and_features_share_cells():
    fs, cur = draw([], None, "pond", (2, 1), (2, 2))
    fs, cur = draw(fs, None, "garden", (2, 2), (3, 2), (3, 3), (3, 4), (3, 5))  # the fifth: a new garden
    assert [len(f["cells"]) for f in fs] == [2, 4, 1]
    assert board.cell_features(fs, 2, 2) == [0, 1]
    assert board.feature_problem(fs[2]).key == "carpe-diem.error.landscape_size"  # 1 tile, completed


def test_markets_bakeries_and_fountains_are_one_tap_each_and_fill_their_cell():
    fs, cur = draw([], None, "fountain", (4, 2), (6, 4))
    assert [f["cells"] for f in fs] == [[[4, 2]], [[6, 4]]] and "completed" not in fs[0]
    fs, cur = draw(fs, cur, "market", (4, 2))  # another single on that cell: picked, never overwritten
    assert [f["kind"] for f in fs] == ["fountain", "fountain"] and cur == 0
    fs, cur = draw(fs, cur, "fountain", (4, 2))  # its own kind again: taken off
    assert [f["kind"] for f in fs] == ["fountain"]
    fs, cur = draw(fs, cur, "market", (4, 2))  # the tile is free now: the market goes there
    assert [f["kind"] for f in fs] == ["fountain", "market"]


def test_new_features_start_as_the_tracker_counted_them():
    tracked = board.tracked_district({"villa": 1, "chimneys": 7, "garden": 0, "pond": 1})
    fs, cur = draw([], None, "villa", (1, 1), (1, 2), tracked=tracked)
    fs[0]["chimneys"] = 3
    fs, cur = draw(fs, cur, "villa", (4, 4), (4, 5), tracked=tracked)  # the tracker counted 1 completed
    assert [f["completed"] for f in fs] == [True, False]
    assert fs[1]["chimneys"] == 3  # as the villa before it
    fs, cur = draw(fs, None, "garden", (6, 1), (6, 2), tracked=tracked)
    assert fs[2]["completed"] is False
    assert board.tracker_differences(fs, tracked) == [("chimneys", 6, 7), ("pond", 0, 1)]
    # A tracker that counted nothing guesses nothing: everything starts completed.
    assert board.tracked_district({"villa": 0, "chimneys": 0, "vp": 30}) is None
    fs, _ = draw([], None, "garden", (1, 1), tracked=None)
    assert fs[0]["completed"] is True
    # Villas are counted by hand (no reward is tapped for one): a table that did not keep them has its
    # villas start completed and compared with nothing.
    rewards_only = board.tracked_district({"pond": 1, "market": 1})
    assert "villa" not in rewards_only and "chimneys" not in rewards_only
    fs, cur = draw([], None, "villa", (1, 1), (1, 2), tracked=rewards_only)
    assert fs[0]["completed"] is True
    assert board.tracker_differences(fs, rewards_only) == [("pond", 0, 1), ("market", 0, 1)]


def test_frame_goals_one_per_arrow_at_most_eight():
    frame = [{"side": "top"}]  # half a goal, as an older version kept it: dropped
    frame = board.set_goal(frame, "top", 3, "baker", 4)
    assert frame == [{"side": "top", "line": 3, "kind": "baker", "vp": 4}]
    frame = board.set_goal(frame, "top", 3, "villa", 5)  # the same arrow: replaced
    assert frame == [{"side": "top", "line": 3, "kind": "villa", "vp": 5}]
    for line in range(1, 7):
        frame = board.set_goal(frame, "left", line, "pond", 3)
    frame = board.set_goal(frame, "right", 1, "pond", 3)
    assert len(frame) == 8 and board.goal_at(frame, "right", 1) == 7
    frame = board.set_goal(frame, "right", 2, "pond", 3)
    assert len(frame) == 8 and board.goal_at(frame, "right", 2) is None  # a ninth is not added
    frame = board.remove_goal(frame, "left", 2)
    assert len(frame) == 7 and board.goal_at(frame, "left", 2) is None
    assert board.along("bottom") == "column" and board.along("right") == "row"


def test_goal_met_uses_the_frame_rule_and_waits_for_complete_goals():
    features, _ = draw([], None, "villa", (1, 1), (1, 2))
    assert board.goal_met({"side": "top"}, features) is None
    assert board.goal_met({"side": "top", "line": 2, "kind": "villa", "vp": 5}, features) is True
    assert board.goal_met({"side": "left", "line": 2, "kind": "villa", "vp": 5}, features) is False
    assert board.goal_met({"side": "top", "line": 2, "kind": "villa", "vp": 5},
                          features + [{"kind": "pond", "cells": [[3, 3]], "completed": True}]) is None


def player(**extra):
    return {"name": "Anna", "vp": 10, "storage": {}, "banderole": 0, "fountain_cards": [], **extra}


def test_blank_boards_follow_the_tables_choice_entered_ones_keep_their_form():
    counters = {"garden": 2, "market": 1, "villa": 2, "chimneys": 9}
    blank = player(district={"features": []}, frame=[])
    drawn = player(district={"features": [{"kind": "market", "cells": [[1, 1]]}]}, frame=[])
    table = {"game": "carpe-diem", "players": [blank, drawn, copy.deepcopy(blank)]}
    out = board.follow_form(table, "counts", [counters, counters, None], keep={2})
    # The blank board takes the counts as the tracker counted them; the drawn one and the one marked
    # entered stay grids.
    assert out["players"][0]["quick"] == {"villas": [], "completed": {"garden": 2, "market": 1}, "frame_met": []}
    assert "district" not in out["players"][0] and "frame" not in out["players"][0]
    assert out["players"][1] == drawn and out["players"][2] == blank
    assert board.is_blank(out["players"][0], counters) and not board.is_blank(out["players"][0], None)
    back = board.follow_form(out, "grid", [counters, counters, None])
    assert back["players"][0] == blank
    # Entered counts are not blank: they stay when the table goes back to the grid.
    entered = copy.deepcopy(out)
    entered["players"][0]["quick"]["frame_met"] = [5]
    assert board.follow_form(entered, "grid", [counters] * 3)["players"][0] == entered["players"][0]


def test_switching_one_board_counts_the_grid_and_back_restores_it():
    villa = {"kind": "villa", "cells": [[1, 1], [1, 2]], "completed": True, "chimneys": 4}
    open_villa = {"kind": "villa", "cells": [[6, 6]], "completed": False, "chimneys": 2}
    garden = {"kind": "garden", "cells": [[2, 1], [2, 2]], "completed": True}
    market = {"kind": "market", "cells": [[3, 3]]}
    frame = [{"side": "top", "line": 1, "kind": "villa", "vp": 5}, {"side": "top", "line": 3, "kind": "garden", "vp": 4}]
    p = player(district={"features": [villa, open_villa, garden, market]}, frame=frame)
    quick = board.to_counts(p, {"garden": 5})
    assert quick["quick"] == {"villas": [4], "completed": {"garden": 1, "market": 1}, "frame_met": [5]}
    assert "district" not in quick and "frame" not in quick
    back = board.to_grid(quick, {"district": p["district"], "frame": frame})
    assert back["district"] == p["district"] and back["frame"] == frame and "quick" not in back
    assert board.to_grid(quick) == player(district={"features": []}, frame=[])


def test_villas_by_chimneys_and_frame_met_counts():
    villas = board.set_villa_count([], 3, 1)
    villas = board.set_villa_count(villas, 6, 1)
    assert villas == [6, 3] and board.villa_counts(villas) == {6: 1, 3: 1}
    assert board.set_villa_count(villas, 6, 0) == [3]
    met = board.set_frame_met([], 5, 2)
    assert met == [5, 5]
    met = board.set_frame_met(met, 3, 6)
    assert board.frame_met_counts(met) == {3: 6, 4: 0, 5: 2}
    assert board.set_frame_met(met, 4, 1) == met  # a ninth goal is refused


def test_the_example_district_drawn_tap_by_tap_is_the_example():
    """Nick's board of examples/carpe-diem-2p-district.json, entered as bench/entry_effort.py's palette
    procedure does, with the district counts the tracker kept: each tap here is one tap on the phone."""
    nick = EXAMPLE["players"][0]
    counters = {"villa": 3, "chimneys": 21, "baker": 1, "merchant": 1, "pond": 1, "market": 1, "fountain": 2,
                "bakery": 1, "fountain_cards": 2}
    tracked = board.tracked_district(counters)
    fs, cur, tool, taps = [], None, "villa", 0
    for f in nick["district"]["features"]:
        cells = [tuple(c) for c in f["cells"]]
        if f["kind"] != tool or (cur is not None and any(board.touches(fs[cur], *c) for c in cells[:1])):
            tool, cur, taps = f["kind"], None, taps + 1  # the palette (again, for a new one beside)
        for r, c in cells:
            fs, cur = board.paint(fs, cur, tool, r, c, board.new_completed(tool, fs, tracked))
            taps += 1
        if f["kind"] not in ("market", "bakery", "fountain"):
            assert fs[cur]["completed"] == f["completed"], f  # as the tracker counted
        if f["kind"] == "villa" and fs[cur]["chimneys"] != f["chimneys"]:
            fs[cur]["chimneys"] = f["chimneys"]
            taps += 1
    frame = []
    for goal in nick["frame"]:
        frame = board.set_goal(frame, goal["side"], goal["line"], goal["kind"], goal["vp"])
        taps += 2
    entered = {**nick, "district": {"features": fs}, "frame": frame}
    assert board.tracker_differences(fs, tracked) == []
    taps += len(nick["fountain_cards"])
    parsed = scoring.parse_board_state({"game": "carpe-diem", "players": [entered, EXAMPLE["players"][1]]})
    want = scoring.parse_board_state(EXAMPLE)
    key = repr
    assert sorted(map(key, parsed["players"][0]["district"])) == sorted(map(key, want["players"][0]["district"]))
    assert sorted(map(key, parsed["players"][0]["frame"])) == sorted(map(key, want["players"][0]["frame"]))
    assert taps == 53  # the target: at most half of the 107 taps of the editor it replaced


def two_on_zero():
    return {"players": [{"name": "A", "banderole": {"space": 0, "level": 0}},
                        {"name": "B", "banderole": {"space": 0, "level": 1}},
                        {"name": "C", "banderole": {"space": 2, "level": 0}}]}


def test_moving_a_disc_stacks_it_on_top_and_closes_the_old_stack():
    moved = board.move_disc(two_on_zero(), 0, 2)  # A joins C on space 2, on top; B is alone on 0
    assert [p["banderole"] for p in moved["players"]] == [{"space": 2, "level": 1}, {"space": 0, "level": 0},
                                                           {"space": 2, "level": 0}]
    assert board.stack_size(moved, 0) == 2 and board.stack_size(moved, 1) == 1
    levels = board.set_level(moved, 0, 0)  # A under C
    assert [p["banderole"] for p in levels["players"]][0::2] == [{"space": 2, "level": 0}, {"space": 2, "level": 1}]
    # The engine accepts what the editor makes.
    scoring._check_banderole_levels([{"banderole": (p["banderole"]["space"], p["banderole"]["level"])}
                                     for p in levels["players"]])


def test_board_cells_place_every_circle_between_its_two_cards():
    for players, count in ((2, 9), (3, 13), (4, 17)):
        cells = cards.board_cells(players)
        circle_at = {n: (r, c) for r, c, what, n in cells if what == "circle"}
        card_at = {n: (r, c) for r, c, what, n in cells if what == "card"}
        assert len(circle_at) == count
        for number, (a, b) in circles(players).items():
            (ra, ca), (rb, cb) = card_at[a], card_at[b]
            assert circle_at[number] == ((ra + rb) // 2, (ca + cb) // 2)


def test_card_drafts():
    draft = cards.draft_set(cards.empty_draft("A"), "requirement", "herbs", 2)
    # an A card asks for one ware: another takes its place, and the chip says so before
    assert cards.draft_replaces(draft, "requirement", "fish") == "herbs"
    assert cards.draft_replaces(draft, "requirement", "herbs") is None  # its own ware: nothing replaced
    assert cards.draft_replaces(draft, "reward", "coins") is None
    assert cards.draft_replaces({**draft, "letter": "B"}, "requirement", "fish") is None
    draft = cards.draft_set(draft, "requirement", "fish", 1)
    assert draft["requirement"] == {"fish": 1}
    card, problem = cards.draft_card(draft)
    assert card is None and problem.key == "carpe-diem.error.empty_reward"
    draft = cards.draft_set(draft, "reward", "vp", 4)
    card, problem = cards.draft_card(draft)
    assert problem is None and card == {"letter": "A", "mode": "pay", "requirement": {"fish": 1}, "reward": {"vp": 4}}
    d = cards.draft_set_letter(cards.draft_set(cards.draft_set(cards.empty_draft("D"), "requirement", "pond", 1),
                                               "requirement", "garden", 1), "C")
    assert d["requirement"] == {} and d["letter"] == "C"
    assert cards.draft_card(cards.draft_set(cards.draft_set(d, "requirement", "chimneys", 3), "reward", "steps", 1))[0][
        "mode"] == "own"


def scoring_game():
    config = make_config(GAME, [{"name": "Anna", "colour": "red"}, {"name": "Ben", "colour": "blue"}], 0)
    s = Game("t", GAME, config)
    s.record({"type": "set_card", "space": 4, "card": {"letter": "A", "mode": "pay", "requirement": {"herbs": 2},
                                                       "reward": {"vp": 4}}})
    s.record({"type": "set_card", "space": 5, "card": {"letter": "B", "mode": "pay", "requirement": {
        "chicken": 1, "grapes": 1, "herbs": 1, "fish": 1}, "reward": {"vp": 8}}})
    for e in ({"type": "complete_garden", "player": 1, "tiles": 3}, {"type": "complete_baker", "player": 1},
              {"type": "place_bakery", "player": 1}, {"type": "place_market", "player": 1}):
        s.record(e)
    for _ in range(7):
        s.record({"type": "end_round"})
    return s


def test_scoring_rows_advice_and_the_confirmed_event():
    s = scoring_game()
    assert period.scoring_rows(s.state) == [(1, "next", None), (0, "waiting", None)]  # Ben on top of space 0
    advice = period.circle_advice(s.state, s.config, 1)
    assert [c for c, _ in advice] == [2]  # only circle 2 has both cards entered
    best = advice[0][1]
    assert best.vp == 12 and best.after.to_json() == {"grapes": 0, "herbs": 0, "chicken": 0, "fish": 0, "coins": 1,
                                                      "bread": 0}
    assert [m.key for m in period.option_choices(best)] == ["carpe-diem-ui.period.sets", "carpe-diem-ui.period.bread"]
    assert period.option_gain(best) == {"herbs": -2, "bread": -3}
    s.record(period.score_event(1, 2, best))
    assert s.state["players"][1]["counters"]["vp"] == 21
    assert period.scoring_rows(s.state) == [(1, "done", 2), (0, "next", None)]
    assert period.needed_district_counts(s.state, s.config) == []


def test_progress_runs_over_the_28_rounds():
    s = scoring_game()
    assert tracker.progress(s.definition.rules.initial_state(s.config)) == 0
    assert tracker.progress(s.state) == 6 / 28
    unmet = sp.advise(((4, sp.card_from_json(s.state["cards"]["4"])), (5, sp.card_from_json(s.state["cards"]["5"]))),
                      sp.Holdings(), {}).recommended
    assert [m.key for m in period.option_choices(unmet)] == ["carpe-diem-ui.period.unmet"] * 2


def test_grid_or_counts_is_a_preference_of_the_table_kept_for_the_next_games(tmp_path):
    from companion.storage import Repository
    repo = Repository(tmp_path, GAMES)
    assert repo.preferences(GAME) == {"entry": "grid"}  # the district as on the table, until chosen otherwise
    repo.set_preference(GAME, "entry", "counts")
    assert Repository(tmp_path, GAMES).preferences(GAME) == {"entry": "counts"}  # the next game too
    with pytest.raises(ValueError):
        repo.set_preference(GAME, "entry", "list")
    assert board.FORMS == GAME.box.preferences[0].choices == ("grid", "counts")


def test_the_choice_kept_as_an_app_setting_before_is_read_until_chosen_again(tmp_path):
    """Before, the choice was the app-wide setting "carpe_diem_entry", written by the editor itself."""
    import json
    from companion.storage import Repository
    (tmp_path / "settings.json").write_text(json.dumps(
        {"meta": {"1": {"schema": 1}}, "settings": {"1": {"lang": "de", "carpe_diem_entry": "counts"}}}),
        encoding="utf-8")
    repo = Repository(tmp_path, GAMES)
    assert repo.preferences(GAME) == {"entry": "counts"} and repo.settings() == {"lang": "de", "theme": "light"}
    repo.set_preference(GAME, "entry", "grid")
    assert Repository(tmp_path, GAMES).preferences(GAME) == {"entry": "grid"}
