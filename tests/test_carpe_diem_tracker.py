"""Carpe Diem's live tracker: rewards, the banderole bar, phases and scoring periods, undo by replay."""

import pytest

from companion.core.definition import InvalidMove
from companion.core.game import Game, make_config
from companion.games.carpe_diem import GAME
from companion.games.carpe_diem.tracker import advised_event, banderole_order, banderole_position, board_from_tracker

HERBS_2 = {"letter": "A", "mode": "pay", "requirement": {"herbs": 2}, "reward": {"vp": 4}}
CHIMNEYS_2 = {"letter": "C", "mode": "own", "requirement": {"chimneys": 2}, "reward": {"bread": 1}}
CHIMNEYS_3 = {"letter": "C", "mode": "own", "requirement": {"chimneys": 3}, "reward": {"coins": 1, "steps": 1}}
POND_GARDEN = {"letter": "D", "mode": "own", "requirement": {"pond": 1, "garden": 1}, "reward": {"vp": 7}}
SET_3 = {"letter": "B", "mode": "pay", "requirement": {"chicken": 1, "grapes": 1, "fish": 1}, "reward": {"vp": 5}}


def config(n=3, start=0):
    names = ["Anna", "Ben", "Cleo", "Dora"][:n]
    return make_config(GAME, [{"name": x, "colour": c} for x, c in zip(names, GAME.rules.colours)], start)


def new_game(n=3, start=0):
    return Game("t", GAME, config(n, start))


def counters(s, p):
    return s.state["players"][p]["counters"]


def fill_cards(s):
    """Enter a card on every used space (2 players: spaces 2, 4-9, 11)."""
    cycle = [HERBS_2, CHIMNEYS_2, CHIMNEYS_3, POND_GARDEN, SET_3]
    spaces = {2: (2, 4, 5, 6, 7, 8, 9, 11), 3: (2, 3, 4, 5, 6, 7, 8, 9, 10, 11)}[len(s.config["players"])]
    for i, space in enumerate(spaces):
        s.record({"type": "set_card", "space": space, "card": cycle[i % len(cycle)]})


def advised(s, player, circle, owned=None):
    """The scoring entry with the advisor's recommended choices, resolved (as the panel sends it)."""
    return advised_event(s.state, s.config, player, circle, owned)


def upgrade_event(event, state=None, config=None):
    """An entry of event schema 1 as the game upgrades it (each move's step from schema 1), with the
    tracker state just before it (none: nothing to resolve a choice with)."""
    return GAME.upgrade(event, 1, state or {}, config or {})


def end_phase(s):
    for _ in range(7):
        s.record({"type": "end_round"})


# ------------------------------------------------------------------ start of the game

@pytest.mark.parametrize("n,start,vp", [
    (2, 0, [8, 9]), (2, 1, [9, 8]),
    (3, 1, [13, 8, 9]),  # Ben starts: Ben 8, Cleo 9, Anna 13
    (4, 2, [10, 11, 8, 9]),
])
def test_starting_vp_in_turn_order(n, start, vp):
    s = new_game(n, start)
    assert [counters(s, p)["vp"] for p in range(n)] == vp


def test_banderole_stack_at_start_and_scoring_order():
    s = new_game(3, start=1)
    # Ben's disc at the bottom, then Cleo, then Anna on top; the top disc scores first.
    assert s.state["banderole"] == {"0": [1, 2, 0]}
    assert banderole_order(s.state) == [0, 2, 1]


# ------------------------------------------------------------------ one-tap rewards

def test_landscape_gives_tiles_minus_one_wares():
    s = new_game()
    s.record({"type": "complete_pond", "player": 0, "tiles": 3})  # a 3-tile pond gives 2 fish
    s.record({"type": "complete_vineyard", "player": 0, "tiles": 4})
    s.record({"type": "complete_garden", "player": 1, "tiles": 2})
    s.record({"type": "complete_chicken_yard", "player": 2, "tiles": 2})
    assert (counters(s, 0)["fish"], counters(s, 0)["grapes"], counters(s, 0)["pond"]) == (2, 3, 1)
    assert (counters(s, 1)["herbs"], counters(s, 2)["chicken"]) == (1, 1)
    with pytest.raises(InvalidMove):
        s.record({"type": "complete_pond", "player": 0, "tiles": 5})


def test_merchant_turns_all_wares_into_coins_plus_one():
    s = new_game()
    # Nick's example: 1 fish, 1 chicken, 2 grapes -> 5 coins.
    for counter, delta in (("fish", 1), ("chicken", 1), ("grapes", 2), ("coins", 1)):
        s.record({"type": "adjust", "player": 0, "counter": counter, "delta": delta})
    s.record({"type": "complete_merchant", "player": 0})
    c = counters(s, 0)
    assert (c["fish"], c["chicken"], c["grapes"], c["herbs"], c["coins"], c["merchant"]) == (0, 0, 0, 0, 1 + 5, 1)
    s.record({"type": "complete_merchant", "player": 1})  # no wares: just the extra coin
    assert counters(s, 1)["coins"] == 1


def test_other_rewards():
    s = new_game()
    for kind in ("complete_baker", "place_market", "place_bakery", "place_fountain", "complete_craftsman"):
        s.record({"type": kind, "player": 2})
    c = counters(s, 2)
    assert (c["bread"], c["coins"], c["fountain_cards"], c["baker"], c["market"], c["bakery"], c["fountain"],
            c["craftsman"]) == (2 + 1, 1, 1, 1, 1, 1, 1, 1)


def test_banderole_steps_stack_on_top():
    s = new_game(3, start=0)  # stack on 0: Anna, Ben, Cleo (top)
    s.record({"type": "complete_administrator", "player": 1})  # Ben +2 -> space 2
    s.record({"type": "banderole_space", "player": 0})  # Anna +1 -> space 1
    s.record({"type": "banderole_space", "player": 0})  # Anna -> space 2, on top of Ben
    assert banderole_position(s.state, 1) == (2, 0)
    assert banderole_position(s.state, 0) == (2, 1)
    assert banderole_order(s.state) == [0, 1, 2]
    s.record({"type": "banderole", "player": 2, "steps": 3})
    assert banderole_position(s.state, 2) == (3, 0)
    assert counters(s, 1)["administrator"] == 1


# ------------------------------------------------------------------ phases and scoring periods

def test_rounds_phase_end_starts_the_scoring_by_itself():
    s = new_game(2)
    for r in range(2, 8):
        s.record({"type": "end_round"})
        assert s.state["round"] == r and s.state["stage"] == "play"
    s.record({"type": "end_round"})
    assert s.state["stage"] == "scoring"
    with pytest.raises(InvalidMove):
        s.record({"type": "end_round"})


def test_scoring_period_order_choices_and_blocked_circles():
    s = new_game(2, start=0)  # stack: Anna bottom, Ben top -> Ben scores first
    fill_cards(s)
    s.record({"type": "adjust", "player": 1, "counter": "herbs", "delta": 5})
    s.record({"type": "adjust", "player": 1, "counter": "chimneys", "delta": 7})
    end_phase(s)
    assert s.state["scoring"]["order"] == [1, 0]
    with pytest.raises(InvalidMove) as error:
        s.record({"type": "score_circle", "player": 0, "circle": 1})
    assert "Ben" in error.value.msg.render("en")
    # Circle 1 of the 2-player layout lies between spaces 2 and 5: "pay 2 herbs -> 4 VP" and
    # "per 3 chimneys -> 1 coin + 1 step". Ben pays only 1 set of his 5 herbs (his choice); his 7
    # chimneys are 2 sets: 2 coins, 2 steps.
    vp_before = counters(s, 1)["vp"]
    s.record({"type": "score_circle", "player": 1, "circle": 1, "order": [2, 5], "bread": [False, False],
              "sets": [1, 2]})
    c = counters(s, 1)
    assert (c["vp"] - vp_before, c["herbs"], c["coins"]) == (4, 3, 2)
    assert banderole_position(s.state, 1) == (2, 0)
    assert s.state["circles_used"] == {"1": {"player": 1, "phase": 1}}
    # Anna has nothing: circle 1 is blocked; at circle 2 (spaces 4 and 5: "per 3 chimneys",
    # "per 2 chimneys") she owns no chimney: 2 unmet cards = -8.
    with pytest.raises(InvalidMove):
        s.record({"type": "score_circle", "player": 0, "circle": 1})
    vp_before = counters(s, 0)["vp"]
    s.record(advised(s, 0, 2))
    assert counters(s, 0)["vp"] == vp_before - 8
    # The period is over: phase 2, the start player passes left, round 1.
    assert (s.state["stage"], s.state["phase"], s.state["round"], s.state["start_player"]) == ("play", 2, 1, 1)


def test_recommended_choice_is_applied_and_steps_move_the_disc():
    s = new_game(2, start=0)
    fill_cards(s)
    s.record({"type": "adjust", "player": 1, "counter": "chimneys", "delta": 7})
    end_phase(s)
    # Circle 2 = spaces 4 and 5 ("per 3 chimneys -> coin + step", "per 2 chimneys -> bread").
    event = advised(s, 1, 2)
    # Stored as resolved: what was applied, not "whatever the advisor says" (it may say otherwise later).
    assert event == {"type": "score_circle", "player": 1, "circle": 2, "order": [4, 5], "bread": [False, False],
                     "sets": [3, 2]}
    s.record(event)
    c = counters(s, 1)
    assert (c["bread"], c["coins"]) == (3, 2)
    assert banderole_position(s.state, 1) == (2, 0)


def test_owned_counts_can_be_given_with_the_event():
    s = new_game(2, start=0)
    fill_cards(s)
    end_phase(s)
    # Circle 3 = spaces 5 and 6 ("per 3 chimneys -> 1 coin + 1 step", "per pond + garden -> 7 VP");
    # the tracker counted nothing, the player gives the counts.
    s.record(advised(s, 1, 3, owned={"chimneys": 4, "pond": 1, "garden": 1}))
    assert s.events[-1]["owned"] == {"chimneys": 4, "pond": 1, "garden": 1}
    c = counters(s, 1)
    assert c["coins"] == 1 and c["vp"] == 9 + 7
    assert banderole_position(s.state, 1) == (1, 0)


def test_scoring_needs_the_cards_entered():
    s = new_game(2)
    end_phase(s)
    with pytest.raises(InvalidMove) as error:
        s.record({"type": "score_circle", "player": 1, "circle": 1})
    assert "2, 5" in error.value.msg.render("en")


def test_card_entry_errors_name_the_field():
    s = new_game(2)
    with pytest.raises(InvalidMove) as error:
        s.record({"type": "set_card", "space": 2, "card": {**HERBS_2, "mode": "own"}})
    assert "card.mode" in error.value.msg.render("en")
    with pytest.raises(InvalidMove):
        s.record({"type": "set_card", "space": 1, "card": HERBS_2})  # a corner: empty with 2 players
    assert s.events == []


def test_four_phases_then_final_scoring():
    s = new_game(2, start=0)
    fill_cards(s)
    for phase in range(1, 5):
        assert s.state["phase"] == phase
        end_phase(s)
        for _ in range(2):
            player = s.state["scoring"]["order"][len(s.state["scoring"]["done"])]
            free = min(int(c) for c in GAME.actions(s.state, s.config)[0].value_choices)
            s.record(advised(s, player, free))
    assert s.state["stage"] == "finished"
    assert len(s.state["circles_used"]) == 8  # one of the 9 circles stays free
    assert GAME.actions(s.state, s.config) == []
    with pytest.raises(InvalidMove):
        s.record({"type": "place_market", "player": 0})
    board = board_from_tracker(s.state, s.config)
    assert [p["name"] for p in board["players"]] == ["Anna", "Ben"]
    assert board["players"][0]["vp"] == counters(s, 0)["vp"]
    # The prefilled form scores once the frame goals are entered (both discs are alone on their spaces).
    from companion.games.carpe_diem.scoring import parse_board_state, score
    for p in board["players"]:
        p["frame"] = [{"side": "top", "line": 1, "kind": "villa", "vp": 3}] * 8
    spaces = {p["banderole"]["space"] for p in board["players"]}
    sheet = score(parse_board_state(board), {f"banderole_{x}": 1 for x in spaces})
    assert [p.total for p in sheet.players] == [counters(s, i)["vp"] + 1 for i in range(2)]


def test_score_circle_choices_are_type_checked():
    s = new_game(2, start=0)
    fill_cards(s)
    end_phase(s)
    good = {"type": "score_circle", "player": 1, "circle": 1, "order": [2, 5], "bread": [False, False],
            "sets": [0, 0]}
    for bad in ({"bread": ["yes", False]}, {"sets": [1]}, {"sets": [True, 0]}, {"order": "2,5"},
                {"owned": {"chimneys": -1}}, {"order": [2, 4]},
                {"sets": [None, 0]},  # "as many as possible" is not a choice made: the number is stored
                {"order": None}, {"bread": None}, {"sets": None}):
        with pytest.raises(InvalidMove):
            s.record({**good, **bad})
    for left_out in ("order", "bread", "sets", "circle"):
        with pytest.raises(InvalidMove):
            s.record({k: v for k, v in good.items() if k != left_out})
    assert s.state["circles_used"] == {}


def test_start_player_passes_left_each_phase():
    s = new_game(3, start=2)
    fill_cards(s)
    starts = []
    for _ in range(3):
        starts.append(s.state["start_player"])
        end_phase(s)
        for _ in range(3):
            player = s.state["scoring"]["order"][len(s.state["scoring"]["done"])]
            free = GAME.actions(s.state, s.config)[0].value_choices[0]
            s.record(advised(s, player, free))
    starts.append(s.state["start_player"])
    assert starts == [2, 0, 1, 2]


# ------------------------------------------------------------------ undo and replay

def test_undo_redo_replay_the_log():
    s = new_game(2)
    s.record({"type": "complete_pond", "player": 0, "tiles": 4})
    s.record({"type": "complete_merchant", "player": 0})
    assert counters(s, 0)["coins"] == 4 and counters(s, 0)["fish"] == 0
    s.undo()
    assert counters(s, 0)["coins"] == 0 and counters(s, 0)["fish"] == 3
    s.redo()
    assert counters(s, 0)["coins"] == 4
    s.undo()
    s.record({"type": "place_bakery", "player": 0})  # a new entry drops the undone one
    assert len(s.events) == 2 and counters(s, 0)["fish"] == 3 and counters(s, 0)["bread"] == 1
    again = Game.from_json(s.to_json(), {"carpe-diem": GAME})
    assert again.state == s.state


def test_invalid_events_change_nothing():
    s = new_game(2)
    before = s.state
    for event in ({"type": "place_market", "player": 5}, {"type": "nonsense"},
                  {"type": "banderole", "player": 0, "steps": 0},
                  {"type": "score_circle", "player": 0, "circle": 1}):
        with pytest.raises(InvalidMove):
            s.record(event)
    assert s.state == before and s.events == []


def test_status_and_logs_render_in_both_languages():
    s = new_game(3)
    fill_cards(s)
    s.record({"type": "complete_pond", "player": 0, "tiles": 3})
    s.record({"type": "complete_administrator", "player": 1})
    end_phase(s)
    s.record(advised(s, s.state["scoring"]["order"][0], 1))
    from companion.core.text import Msg
    for lang in ("en", "de"):
        texts = [m.render(lang) for m in GAME.rules.status(s.state, s.config)]
        texts += [Msg.from_json(m).render(lang) for m in s.state["log"]]
        texts += [a.label.render(lang) for a in GAME.actions(s.state, s.config)]
        texts += [c.label.render(lang) for c in GAME.rules.counters]
        for text in texts:
            assert "carpe-diem." not in text and "{" not in text, text


# ------------------------------------------------------------------ games saved before event schema 2

@pytest.mark.parametrize("old, new", [
    ({"type": "complete_pond", "player": 0, "value": 3}, {"type": "complete_pond", "player": 0, "tiles": 3}),
    ({"type": "complete_chicken_yard", "player": 2, "value": 2},
     {"type": "complete_chicken_yard", "player": 2, "tiles": 2}),
    ({"type": "banderole", "player": 1, "value": 4}, {"type": "banderole", "player": 1, "steps": 4}),
    # a scoring with every choice made: only the circle's name changes (schema 1 also took "value")
    ({"type": "score_circle", "player": 1, "value": 2, "order": [5, 4], "bread": [True, False], "sets": [0, 1]},
     {"type": "score_circle", "player": 1, "circle": 2, "order": [5, 4], "bread": [True, False], "sets": [0, 1]}),
    # nothing to name: unchanged
    ({"type": "place_market", "player": 0},) * 2,
    ({"type": "end_round"},) * 2,
    ({"type": "set_card", "space": 2, "card": None},) * 2,
    ({"type": "adjust", "player": 0, "counter": "vp", "delta": -3},) * 2,
])
def test_upgrade_from_event_schema_1(old, new):
    assert upgrade_event(old) == new


def scoring_at_phase_end():
    s = new_game(2, start=0)
    fill_cards(s)
    s.record({"type": "adjust", "player": 1, "counter": "chimneys", "delta": 7})
    s.record({"type": "adjust", "player": 1, "counter": "herbs", "delta": 5})
    end_phase(s)
    return s


def test_upgrade_resolves_a_scoring_left_to_the_advisor_as_it_was_applied():
    """Schema 1 stored {"circle": c} (or "value": c) and let the advisor choose at every replay; the
    upgrade stores the choice it made then, which needs the state just before the entry."""
    s = scoring_at_phase_end()
    old = {"type": "score_circle", "player": 1, "value": 2}
    upgraded = upgrade_event(old, s.state, s.config)
    assert upgraded == advised(s, 1, 2) == {"type": "score_circle", "player": 1, "circle": 2, "order": [4, 5],
                                            "bread": [False, False], "sets": [3, 2]}
    # Partly chosen: "sets" null meant as many as possible; the upgrade stores the number.
    partly = {"type": "score_circle", "player": 1, "circle": 1, "order": [2, 5], "sets": [None, None]}
    assert upgrade_event(partly, s.state, s.config) == {
        "type": "score_circle", "player": 1, "circle": 1, "order": [2, 5], "bread": [False, False], "sets": [2, 2]}
    # With the district counts given in the entry: kept, and used for the choice.
    owned = {"type": "score_circle", "player": 1, "circle": 3, "owned": {"pond": 1, "garden": 1}}
    assert upgrade_event(owned, s.state, s.config) == {
        **owned, "order": [5, 6], "bread": [False, False], "sets": [2, 1]}
    # Without the state nothing can be resolved: the choices stay open and the entry is refused.
    open_entry = upgrade_event(old)
    assert open_entry == {"type": "score_circle", "player": 1, "circle": 2}
    with pytest.raises(InvalidMove):
        s.record(open_entry)
    # An entry refused then stays refused (here: a circle with a card missing).
    s2 = new_game(2)
    end_phase(s2)
    assert upgrade_event(old, s2.state, s2.config) == open_entry


@pytest.mark.parametrize("choices", [{"order": ["5", 4]}, {"order": 5}, {"bread": "no"}, {"sets": [1]},
                                     {"sets": ["all", None]}, {"order": [5, True]}])
def test_an_old_scoring_with_choices_of_the_wrong_shape_stays_open_and_is_refused(choices):
    """A damaged entry is damaged data (refused by the replay, in words), never a bug of the upgrade's:
    its choices are checked for their shape before the advisor is asked, and nothing is caught blindly."""
    s = scoring_at_phase_end()
    old = {"type": "score_circle", "player": 1, "circle": 2, **choices}
    upgraded = upgrade_event(old, s.state, s.config)
    assert upgraded == old
    with pytest.raises(InvalidMove):
        s.record(upgraded)


# ------------------------------------------------------------------ coins in place of wares

def test_a_scoring_pays_coins_in_place_of_wares_and_the_counters_follow():
    """Ben holds 5 herbs and 2 coins; at circle 1 ("pay 2 herbs" and "per 3 chimneys") he pays one set
    with 2 coins and keeps his herbs: the entry says so, and the counters are the table's."""
    s = new_game(2, start=0)
    fill_cards(s)
    for counter, delta in (("herbs", 5), ("coins", 2), ("chimneys", 3)):
        s.record({"type": "adjust", "player": 1, "counter": counter, "delta": delta})
    end_phase(s)
    vp = counters(s, 1)["vp"]
    event = {"type": "score_circle", "player": 1, "circle": 1, "order": [2, 5], "bread": [False, False],
             "sets": [1, 1], "coins_for": [{"herbs": 2}, {}]}
    s.record(event)
    c = counters(s, 1)
    assert (c["vp"] - vp, c["herbs"], c["coins"]) == (4, 5, 0 + 1)  # 2 coins paid, 1 from the chimneys card
    assert s.events[-1] == event
    assert "pays 2 coins (the coins in place of 2 herbs)" in s.entry_lines(len(s.events) - 1)[-1].render("en")
    # replayed from the saved game: the same
    again = Game.from_json(s.to_json(), {"carpe-diem": GAME})
    assert counters(again, 1) == c


@pytest.mark.parametrize("coins_for, key", [
    ([{"herbs": 3}, {}], "carpe-diem.error.coins_for_more"),  # one set asks for 2 herbs
    ([{"herbs": 2}, {"herbs": 1}], "carpe-diem.error.coins_for_own"),  # the chimney card is green
    ([{"fish": 1}, {}], "carpe-diem.error.coins_for_ware"),
    ([{"herbs": -1}, {}], "core.error.bad_event"),
    ([{"herbs": True}, {}], "core.error.bad_event"),
    ([{"herbs": 2}], "core.error.bad_event"),
    ({"herbs": 2}, "core.error.bad_event"),
])
def test_coins_for_that_the_table_cannot_have_paid_is_refused(coins_for, key):
    s = new_game(2, start=0)
    fill_cards(s)
    for counter, delta in (("herbs", 5), ("coins", 5), ("chimneys", 3)):
        s.record({"type": "adjust", "player": 1, "counter": counter, "delta": delta})
    end_phase(s)
    before = dict(counters(s, 1))
    with pytest.raises(InvalidMove) as refused:
        s.record({"type": "score_circle", "player": 1, "circle": 1, "order": [2, 5], "bread": [False, False],
                  "sets": [1, 1], "coins_for": coins_for})
    assert refused.value.msg.key == key
    assert counters(s, 1) == before


def test_the_end_form_prefills_every_value_the_tracker_knows():
    """From a tracker fed by real entries: VP cards, each item in storage, the disc on the banderole bar
    (its height in a shared stack) and, in the counts form, the completed features by kind. The district's
    cells, the villas' chimneys one by one, the frame goals and which fountain cards were kept are not
    tracked and are entered at the end."""
    from companion.games.carpe_diem.district import to_counts
    s = new_game(3)  # Anna 8 VP, Ben 9, Cleo 13; all discs on space 0
    for event in ({"type": "complete_vineyard", "player": 0, "tiles": 3},   # 2 grapes
                  {"type": "complete_garden", "player": 0, "tiles": 2},     # 1 herbs
                  {"type": "place_market", "player": 0},                    # 1 coin
                  {"type": "adjust", "player": 0, "counter": "tiles", "delta": 2},
                  {"type": "complete_chicken_yard", "player": 1, "tiles": 4},  # 3 chicken
                  {"type": "complete_pond", "player": 1, "tiles": 2},       # 1 fish
                  {"type": "banderole", "player": 1, "steps": 2},
                  {"type": "complete_administrator", "player": 0},          # 2 steps: on top of Ben
                  {"type": "place_bakery", "player": 2},                    # 1 bread
                  {"type": "complete_baker", "player": 2},                  # 2 bread
                  {"type": "complete_merchant", "player": 2},               # no wares: 1 coin
                  {"type": "adjust", "player": 2, "counter": "vp", "delta": 4}):
        s.record(event)
    board = board_from_tracker(s.state, s.config)
    none = {"grapes": 0, "herbs": 0, "chicken": 0, "fish": 0, "coins": 0, "bread": 0, "tiles": 0}
    assert [(p["name"], p["vp"], p["storage"], p["banderole"]) for p in board["players"]] == [
        ("Anna", 8, {**none, "grapes": 2, "herbs": 1, "coins": 1, "tiles": 2}, {"space": 2, "level": 1}),
        ("Ben", 9, {**none, "chicken": 3, "fish": 1}, {"space": 2, "level": 0}),
        ("Cleo", 17, {**none, "bread": 3, "coins": 1}, {"space": 0, "level": 0}),
    ]
    completed = [to_counts(p, counters(s, i))["quick"]["completed"] for i, p in enumerate(board["players"])]
    assert completed == [{"vineyard": 1, "garden": 1, "administrator": 1, "market": 1},
                         {"chicken_yard": 1, "pond": 1}, {"baker": 1, "merchant": 1, "bakery": 1}]
