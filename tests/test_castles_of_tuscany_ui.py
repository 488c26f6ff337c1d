"""The Castles of Tuscany screens' plain logic: the end-scoring form's number entry, the tracker
panel's stacks, announcements, scorings and colour-bonus tiles, and the play screen's box-data prompt."""

from companion.core.session import Session, make_config
from companion.games.castles_of_tuscany import GAME
from companion.core.table import added
from companion.ui.boards.castles_of_tuscany import parse_points, tied_with
from companion.ui.panels.castles_of_tuscany import announcement, colour_tiles, scoring_lines, stack_fill
from companion.ui.screens.play import box_events, event_for, missing_box_data

NAMES = ["Anna", "Ben"]


def session(box=None):
    config = make_config(GAME, [{"name": n, "colour": c} for n, c in zip(NAMES, GAME.colours)], 0)
    config["box"] = box or {}
    s = Session("t", GAME, config)
    s.record({"type": "bonus_tile", "player": 0, "bonus": "card"})
    s.record({"type": "bonus_tile", "player": 1, "bonus": "card"})
    return s


def test_parse_points():
    assert parse_points("37") == 37
    assert parse_points(" 0 ") == 0
    assert parse_points("") is None
    assert parse_points("-3") is None
    assert parse_points("1.5") is None
    assert parse_points("abc") is None


def test_a_board_tap_stays_within_the_board():
    assert added(0, -1, 0, None) == 0
    assert added(5, 5, 0, None) == 10
    assert added(6, 1, 0, 6) == 6
    assert added(27, 5, 0, 29) == 29
    # A count above the board's limit (a file, a tracker that counted more) is not lowered by a +;
    # a - takes it down one at a time.
    assert added(31, 1, 0, 29) == 31
    assert added(31, -1, 0, 29) == 30


def test_a_stepper_at_its_maximum_offers_no_plus_that_would_do_nothing():
    import flet as ft

    from companion.ui.widgets import Texts, stepper

    def buttons(value):
        row = stepper("Tiles in storage", value, lambda d: None, who="Anna", model=Texts("en"), steps=(1, 5),
                      maximum=5)
        return [c for c in row.controls if isinstance(c, ft.IconButton)] + \
            [c.content for c in row.controls if isinstance(c, ft.Semantics) and isinstance(c.content, ft.TextButton)]
    minus, plus, plus_5 = buttons(5)
    assert plus.disabled and plus_5.disabled and not minus.disabled
    minus, plus, plus_5 = buttons(3)
    assert not plus.disabled and not plus_5.disabled  # +5 from 3 goes to 5


def test_the_empty_fields_say_whether_they_decide_a_tie():
    """The editor asks for the empty fields where they decide something: a tie on the game's totals."""
    def player(name, red, **more):
        return {"name": name, "red": red, "green": 10, "tiles": 0, "hexagons": 0, "marble": 0, "workers": 0,
                "cards": 0, "empty_fields": 0, **more}
    board = {"game": "castles-of-tuscany", "players": [player("Anna", 60, marble=1), player("Ben", 61),
                                                       player("Clara", 61, cards=4)]}
    assert tied_with(board, 0) == (61, ["Ben", "Clara"])  # 60 + 1 marble; 4 cards give nothing
    assert tied_with(board, 1) == (61, ["Anna", "Clara"])
    board["players"][2]["cards"] = 5
    assert tied_with(board, 2) == (62, [])
    board["players"][1]["red"] = 5  # below green: the table cannot be scored yet, nothing is said
    assert tied_with(board, 0) is None


def test_stack_fill():
    assert stack_fill(0) == [0, 0, 0]
    assert stack_fill(3) == [3 / 7, 0, 0]
    assert stack_fill(7) == [1, 0, 0]
    assert stack_fill(10) == [1, 3 / 7, 0]
    assert stack_fill(21) == [1, 1, 1]


def test_announcement_follows_the_rounds():
    s = session()
    assert announcement(s.state, NAMES) is None
    s.record({"type": "adjust", "player": 1, "counter": "revealed", "delta": 7})
    msg = announcement(s.state, NAMES)
    assert msg.render("en") == ("End of round 1: Ben emptied stack 1. Finish this turn cycle (Ben plays last), "
                                "then the scoring.")
    s.record({"type": "end_round"})
    assert announcement(s.state, NAMES) is None  # round 2 ends with stack 2, not with the next stack 1
    s.record({"type": "adjust", "player": 0, "counter": "revealed", "delta": 7})
    assert announcement(s.state, NAMES) is None
    s.record({"type": "adjust", "player": 1, "counter": "revealed", "delta": 14})
    s.record({"type": "end_round"})
    assert announcement(s.state, NAMES).key.endswith("round_over_3")
    s.record({"type": "end_round"})
    assert announcement(s.state, NAMES).render("en").startswith("Extra turn cycle: Anna to Ben")
    s.record({"type": "end_extra_cycle"})
    assert announcement(s.state, NAMES).key.endswith("finished")


def test_scoring_lines_show_green_added_onto_red():
    """The rulebook's example: green 9 onto red 4 = 13, then green 22 onto red 15 = 37."""
    s = session()
    for counter, delta in (("red", 4), ("green", 9)):
        s.record({"type": "adjust", "player": 0, "counter": counter, "delta": delta})
    s.record({"type": "adjust", "player": 1, "counter": "revealed", "delta": 7})
    s.record({"type": "end_round"})
    for counter, delta in (("red", 2), ("green", 13)):
        s.record({"type": "adjust", "player": 0, "counter": counter, "delta": delta})
    s.record({"type": "adjust", "player": 1, "counter": "revealed", "delta": 7})
    s.record({"type": "end_round"})
    lines = [line.render("en") for line in scoring_lines(s.state, NAMES)]
    assert lines == ["Scoring 1: Anna 4 + 9 = 13; Ben 0 + 0 = 0", "Scoring 2: Anna 15 + 22 = 37; Ben 0 + 0 = 0"]
    assert [line.render("de") for line in scoring_lines(s.state, NAMES)][1] == "Wertung 2: Anna 15 + 22 = 37; Ben 0 + 0 = 0"


def test_colour_tiles_side_points_and_players():
    s = session({"colour_bonus.dark_green.I": 4})
    tiles = {t["colour"]: t for t in colour_tiles(s.state)}
    assert tiles["dark_green"] == {"colour": "dark_green", "side": "I", "players": [], "points": 4}
    assert tiles["red"]["points"] is None
    s.record({"type": "colour_bonus", "player": 1, "colour": "dark_green"})
    tiles = {t["colour"]: t for t in colour_tiles(s.state)}
    assert tiles["dark_green"] == {"colour": "dark_green", "side": "II", "players": [1], "points": None}
    s.record({"type": "box_value", "key": "colour_bonus.dark_green.II", "value": 2})
    s.record({"type": "colour_bonus", "player": 0, "colour": "dark_green"})
    tiles = {t["colour"]: t for t in colour_tiles(s.state)}
    assert tiles["dark_green"] == {"colour": "dark_green", "side": None, "players": [1, 0], "points": None}


def test_a_colour_bonus_without_its_value_asks_for_exactly_that_key():
    s = session()
    before = len(s.events)
    keys, why = missing_box_data(s, {"type": "colour_bonus", "player": 0, "colour": "turquoise"})
    assert keys == ("colour_bonus.turquoise.I",)
    assert "turquoise" in why.render("en")
    assert len(s.events) == before  # only a trial
    # another refusal is not a box-data question
    assert missing_box_data(s, {"type": "region", "player": 0, "fields": 5}) == ((), None)
    assert missing_box_data(s, {"type": "region", "player": 0, "fields": 3}) == ((), None)
    assert len(s.events) == before


def test_box_events_hand_over_only_what_the_tracker_lacks():
    keys = ("colour_bonus.red.I", "colour_bonus.red.II")
    assert box_events(keys, {}, {}) == []
    assert box_events(keys, {"colour_bonus.red.I": 5, "colour_bonus.grey.I": 1}, {}) == [
        {"type": "box_value", "key": "colour_bonus.red.I", "value": 5}]
    assert box_events(keys, {"colour_bonus.red.I": 5, "colour_bonus.red.II": 3},
                      {"colour_bonus.red.I": 5, "colour_bonus.red.II": 2}) == [
        {"type": "box_value", "key": "colour_bonus.red.II", "value": 3}]


def test_entering_the_value_then_repeating_the_entry():
    """What the prompt does: the stored value goes to the tracker, the refused entry is repeated."""
    s = session()
    entry = {"type": "colour_bonus", "player": 0, "colour": "dark_green"}
    keys, _ = missing_box_data(s, entry)
    for event in box_events(keys, {"colour_bonus.dark_green.I": 3}, s.state["box"]):
        s.record(event)
    assert missing_box_data(s, entry) == ((), None)
    s.record(entry)
    assert s.state["players"][0]["counters"]["green"] == 3


def test_the_play_screen_sends_the_choice_by_name():
    """A tapped choice goes into the entry under the action's field, never as a position."""
    s = session({"colour_bonus.red.I": 5})
    actions = {a.id: a for a in GAME.actions(s.state, s.config)}
    entry = event_for(actions["colour_bonus"], 1, "red")
    assert entry == {"type": "colour_bonus", "player": 1, "colour": "red"}
    s.record(entry)
    assert event_for(actions["region"], 0, 2) == {"type": "region", "player": 0, "fields": 2}
    assert event_for(actions["bonus_tile"], 0, "storage") == {"type": "bonus_tile", "player": 0, "bonus": "storage"}


def test_a_choice_of_goods_is_copied_into_the_entry():
    from companion.games.milestones import GAME as MILESTONES

    config = make_config(MILESTONES, [{"name": n, "colour": c} for n, c in zip(NAMES, MILESTONES.colours)], 0)
    s = Session("m", MILESTONES, config)
    s.record({"type": "adjust", "player": 0, "counter": "stone", "delta": 2})
    s.record({"type": "adjust", "player": 0, "counter": "wood", "delta": 1})
    castle = next(a for a in MILESTONES.actions(s.state, config) if a.id == "castle")
    entry = event_for(castle, None, castle.value_choices[0])
    assert entry == {"type": "castle", "keep": castle.value_choices[0]}
    assert entry["keep"] is not castle.value_choices[0]  # a later change of the entry leaves the offer alone
    s.record(entry)
