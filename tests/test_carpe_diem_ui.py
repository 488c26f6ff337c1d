"""The Carpe Diem screens' plain helpers: editing the district JSON, the banderole discs, the card
drafts, the scoring-period rows and choices (the points themselves come from the engine)."""

from companion.core.session import Session, make_config
from companion.games import GAMES
from companion.games.carpe_diem import scoring
from companion.games.carpe_diem import scoring_period as sp
from companion.ui.boards import carpe_diem as board
from companion.ui.panels import carpe_diem as panel

GAME = GAMES["carpe-diem"]


def test_features_share_cells_and_cells_toggle():
    villa = board.new_feature("villa", 1, 1)
    assert villa == {"kind": "villa", "cells": [[1, 1]], "completed": True, "chimneys": 0}
    villa = board.toggle_cell(villa, 1, 2)
    pond = board.toggle_cell(board.new_feature("pond", 1, 2), 2, 2)
    assert board.cell_features([villa, pond], 1, 2) == [0, 1]
    assert board.cell_features([villa, pond], 2, 2) == [1]
    assert board.toggle_cell(villa, 1, 2)["cells"] == [[1, 1]]
    market = board.new_feature("market", 3, 3)
    assert "completed" not in market
    assert board.toggle_cell(market, 4, 4)["cells"] == [[4, 4]]  # a market moves, it does not grow


def test_feature_problem_is_the_engines():
    dwelling = board.new_feature("baker", 2, 2)
    assert board.feature_problem(dwelling).key == "carpe-diem.error.dwelling_size"
    assert board.feature_problem(board.toggle_cell(dwelling, 2, 3)) is None
    assert board.feature_problem(board.toggle_cell(board.new_feature("pond", 1, 1), 3, 3)).key == \
        "carpe-diem.error.not_connected"


def test_goal_met_uses_the_frame_rule_and_waits_for_complete_goals():
    features = [board.toggle_cell(board.new_feature("villa", 1, 1), 1, 2)]
    assert board.goal_met({"side": "top"}, features) is None
    assert board.goal_met({"side": "top", "line": 2, "kind": "villa", "vp": 5}, features) is True
    assert board.goal_met({"side": "left", "line": 2, "kind": "villa", "vp": 5}, features) is False
    assert board.goal_met({"side": "top", "line": 2, "kind": "villa", "vp": 5},
                          features + [board.new_feature("baker", 3, 3)]) is None  # a half-entered dwelling


def test_switching_to_the_quick_form_counts_the_grid_and_back_restores_it():
    villa = {"kind": "villa", "cells": [[1, 1], [1, 2]], "completed": True, "chimneys": 4}
    open_villa = {"kind": "villa", "cells": [[6, 6]], "completed": False, "chimneys": 2}
    garden = {"kind": "garden", "cells": [[2, 1], [2, 2]], "completed": True}
    market = {"kind": "market", "cells": [[3, 3]]}
    frame = board.empty_frame()
    frame[0].update(line=1, kind="villa", vp=5)
    frame[1].update(line=3, kind="garden", vp=4)
    p = {"name": "Anna", "vp": 10, "storage": {}, "banderole": 0, "fountain_cards": [],
         "district": {"features": [villa, open_villa, garden, market]}, "frame": frame}
    quick = board.to_quick(p)
    assert quick["quick"] == {"villas": [4], "completed": {"garden": 1, "market": 1}, "frame_met": [5]}
    assert "district" not in quick and "frame" not in quick
    back = board.to_district(quick, {"district": p["district"], "frame": frame})
    assert back["district"] == p["district"] and back["frame"] == frame and "quick" not in back
    assert board.to_district(quick)["frame"] == board.empty_frame()


def test_frame_met_counts_never_exceed_eight_goals():
    met = board.set_frame_met([], 5, 2)
    assert met == [5, 5]
    met = board.set_frame_met(met, 3, 6)
    assert board.frame_met_counts(met) == {3: 6, 4: 0, 5: 2}
    assert board.set_frame_met(met, 4, 1) == met  # a ninth goal is refused


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
        cells = panel.board_cells(players)
        circles = {n: (r, c) for r, c, what, n in cells if what == "circle"}
        cards = {n: (r, c) for r, c, what, n in cells if what == "card"}
        assert len(circles) == count
        for number, (a, b) in panel.circles(players).items():
            (ra, ca), (rb, cb) = cards[a], cards[b]
            assert circles[number] == ((ra + rb) // 2, (ca + cb) // 2)


def test_card_drafts():
    draft = panel.draft_set(panel.empty_draft("A"), "requirement", "herbs", 2)
    draft = panel.draft_set(draft, "requirement", "fish", 1)  # an A card asks for one ware: replaced
    assert draft["requirement"] == {"fish": 1}
    card, problem = panel.draft_card(draft)
    assert card is None and problem.key == "carpe-diem.error.empty_reward"
    draft = panel.draft_set(draft, "reward", "vp", 4)
    card, problem = panel.draft_card(draft)
    assert problem is None and card == {"letter": "A", "mode": "pay", "requirement": {"fish": 1}, "reward": {"vp": 4}}
    d = panel.draft_set_letter(panel.draft_set(panel.draft_set(panel.empty_draft("D"), "requirement", "pond", 1),
                                               "requirement", "garden", 1), "C")
    assert d["requirement"] == {} and d["letter"] == "C"
    assert panel.draft_card(panel.draft_set(panel.draft_set(d, "requirement", "chimneys", 3), "reward", "steps", 1))[0][
        "mode"] == "own"


def scoring_session():
    config = make_config(GAME, [{"name": "Anna", "colour": "red"}, {"name": "Ben", "colour": "blue"}], 0)
    s = Session("t", GAME, config)
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
    s = scoring_session()
    assert panel.scoring_rows(s.state) == [(1, "next", None), (0, "waiting", None)]  # Ben on top of space 0
    advice = panel.circle_advice(s.state, s.config, 1)
    assert [c for c, _ in advice] == [2]  # only circle 2 has both cards entered
    best = advice[0][1]
    assert best.vp == 12 and best.after.to_json() == {"grapes": 0, "herbs": 0, "chicken": 0, "fish": 0, "coins": 1,
                                                      "bread": 0}
    assert [m.key for m in panel.option_choices(best)] == ["carpe-diem-ui.period.sets", "carpe-diem-ui.period.bread"]
    assert panel.option_gain(best) == {"herbs": -2, "bread": -3}
    s.record(panel.score_event(1, 2, best))
    assert s.state["players"][1]["counters"]["vp"] == 21
    assert panel.scoring_rows(s.state) == [(1, "done", 2), (0, "next", None)]
    assert panel.needed_district_counts(s.state, s.config) == []


def test_progress_runs_over_the_28_rounds():
    s = scoring_session()
    assert panel.progress(s.game.initial_state(s.config)) == 0
    assert panel.progress(s.state) == 6 / 28
    unmet = sp.advise(((4, sp.card_from_json(s.state["cards"]["4"])), (5, sp.card_from_json(s.state["cards"]["5"]))),
                      sp.Holdings(), {}).recommended
    assert [m.key for m in panel.option_choices(unmet)] == ["carpe-diem-ui.period.unmet"] * 2
