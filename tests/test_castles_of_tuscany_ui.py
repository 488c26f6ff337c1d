"""The Castles of Tuscany screens' plain logic: the end board's edits (every one a core board move of
one field, applied through the table hub), the empty fields' one control, the tracker panel's stacks and
colour-bonus tiles in words, the scorings in the log's words, and the play screen's box-data prompt."""

import copy
import random
import subprocess
import sys

import pytest

from companion.core.definition import InvalidMove
from companion.core.moves import added
from companion.core.game import Game, make_config
from companion.core.table import TableHub
from companion.games import GAMES
from companion.games.castles_of_tuscany import GAME
from companion.core.text import Msg
from companion.games.castles_of_tuscany.overview import colour_tiles, stack_fill, tile_words
from companion.games.castles_of_tuscany.scoring import MAX_EMPTY_FIELDS, random_board, tied_with
from companion.games.castles_of_tuscany.tracker import box_value_entries
from companion.storage import Repository
from companion.ui.boards.generic import step_move, typed_move, typed_value
from companion.core.table import box_values_needed
from companion.ui.screens.play import box_events, event_for

NAMES = ["Anna", "Ben"]


def new_game(box=None):
    config = make_config(GAME, [{"name": n, "colour": c} for n, c in zip(NAMES, GAME.rules.colours)], 0)
    config["box"] = box or {}
    s = Game("t", GAME, config)
    s.record({"type": "bonus_tile", "player": 0, "bonus": "card"})
    s.record({"type": "bonus_tile", "player": 1, "bonus": "card"})
    return s


# ------------------------------------------------------------------ the end board's edits

@pytest.fixture
def hub(tmp_path):
    """A two-player game at its final scoring, in a table hub (what every phone sends its moves to)."""
    repo = Repository(tmp_path / "data", GAMES)
    game = new_game()
    game.id = "c1"
    repo.save(game)
    hub = TableHub(repo)
    hub.apply("c1", {"type": "stage", "stage": "scoring"})
    return hub


def board_of(hub, player=0):
    return hub.game("c1").board["players"][player]


def test_a_track_is_typed_as_a_whole_number_of_0_or_more():
    from companion.games.castles_of_tuscany.ui.board import TRACKS

    red = TRACKS[0]
    assert typed_value("37", red) == (37, None)
    assert typed_value(" 0 ", red) == (0, None)
    for text in ("", "1.5", "abc", "²", "12345678"):
        assert typed_value(text, red)[0] is None, text
    assert typed_value("-3", red) == (None, ("ui.board.at_least", {"minimum": 0}))


def test_a_typed_track_is_set_only_where_this_phone_drew_it(hub):
    """Anna's phone and Ben's phone both drew red 0; Ben types 58 first: Anna's 60 is refused, Ben's 58 stays."""
    from companion.games.castles_of_tuscany.ui.board import TRACKS

    red = TRACKS[0]
    drawn = board_of(hub)["red"]
    hub.apply("c1", typed_move(0, red, 58, drawn), by="ben")
    with pytest.raises(InvalidMove) as refused:
        hub.apply("c1", typed_move(0, red, 60, drawn), by="anna")
    assert "another phone" in refused.value.msg.render("en")
    assert board_of(hub)["red"] == 58


def test_a_count_on_the_board_stays_within_its_bounds_and_every_tap_counts(hub):
    from companion.games.castles_of_tuscany.ui.board import COUNTS

    tiles, cards = COUNTS[0], COUNTS[-1]
    for _ in range(7):  # two phones tapping: each tap is added to the count as it is by then
        hub.apply("c1", step_move(0, tiles, 1), by="anna")
    assert board_of(hub)["tiles"] == tiles.maximum == 5  # the storage spaces there can be
    hub.apply("c1", step_move(0, cards, 5), by="ben")
    hub.apply("c1", step_move(0, cards, 5), by="anna")
    assert board_of(hub)["cards"] == 5 + 10
    hub.apply("c1", step_move(1, tiles, -1))
    assert board_of(hub, 1)["tiles"] == 0  # never below 0
    assert board_of(hub, 0)["tiles"] == 5  # the other player's board is untouched


def test_a_board_tap_stays_within_the_board():
    assert added(0, -1, 0, None) == 0
    assert added(5, 5, 0, None) == 10
    assert added(6, 1, 0, 6) == 6
    assert added(27, 5, 0, 29) == 29
    # A count above the board's limit (a file, a tracker that counted more) is not lowered by a +;
    # a - takes it down one at a time.
    assert added(31, 1, 0, 29) == 31
    assert added(31, -1, 0, 29) == 30


def test_the_empty_fields_are_one_control_0_to_9_and_more_on_request():
    from companion.games.castles_of_tuscany.ui.empty_fields import counts_shown

    assert list(counts_shown(0, False)) == list(range(10))
    assert list(counts_shown(9, False)) == list(range(10))
    assert list(counts_shown(0, True)) == list(range(MAX_EMPTY_FIELDS + 1))  # "more" tapped
    assert list(counts_shown(12, False)) == list(range(30))  # a board with more than 9 shows its count
    assert list(counts_shown(31, False)) == list(range(30))  # too many (from a file): any count can be chosen


def test_an_empty_fields_count_is_that_players_board_and_a_stale_one_is_refused(hub):
    """The table's list sets one field of one player's board; two phones choosing for the same board at
    once: the second, still showing the count both drew, is refused and the first count stays."""
    from companion.games.castles_of_tuscany.ui.empty_fields import empty_fields_move

    hub.apply("c1", {"type": "board_done", "player": 1, "done": True})
    hub.apply("c1", empty_fields_move(1, 4, board_of(hub, 1)["empty_fields"]), by="anna")
    assert board_of(hub, 1)["empty_fields"] == 4 and board_of(hub, 0)["empty_fields"] == 0
    assert hub.game("c1").board_done == []  # Ben's board was changed: not entered any more
    with pytest.raises(InvalidMove):
        hub.apply("c1", empty_fields_move(1, 2, 0), by="ben")  # Ben's phone still drew 0
    assert board_of(hub, 1)["empty_fields"] == 4
    hub.apply("c1", empty_fields_move(1, 2, 4), by="ben")
    assert board_of(hub, 1)["empty_fields"] == 2


def test_the_empty_fields_say_whether_they_decide_a_tie():
    """The section asks for the empty fields where they decide something: a tie on the game's totals."""
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


def test_random_end_states_read_and_score():
    """The game's own generator (the fuzz tests and benchmarks): every draw is a board its reader takes."""
    rng = random.Random(7)
    seen_empty = set()
    for _ in range(300):
        players = rng.randint(GAME.min_players, GAME.max_players)
        board, box = GAME.end.random_board(rng, players)
        assert box == {} and len(board["players"]) == players
        GAME.end.score(GAME.end.parse_board_state(copy.deepcopy(board)), box)
        seen_empty |= {p["empty_fields"] for p in board["players"]}
    assert max(seen_empty) > 20  # the whole range of the board is drawn
    assert GAME.end.random_board is random_board


def test_the_command_line_never_imports_the_screens():
    code = ("import sys, companion.cli, companion.games; from companion.games import GAMES; "
            "GAMES['castles-of-tuscany'].end.parse_board_state; "
            "print([m for m in sys.modules if m.startswith('companion.games.castles_of_tuscany.ui') or m == 'flet'])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


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


# ------------------------------------------------------------------ the tracker panel

def test_stack_fill():
    assert stack_fill(0) == [0, 0, 0]
    assert stack_fill(3) == [3 / 7, 0, 0]
    assert stack_fill(7) == [1, 0, 0]
    assert stack_fill(10) == [1, 3 / 7, 0]
    assert stack_fill(21) == [1, 1, 1]


def scoring_lines(state):
    return [Msg.from_json(line) for line in state["log"] if line["key"].endswith(".log.scoring")]


def test_scoring_lines_show_green_added_onto_red():
    """The rulebook's example, in the log: green 9 onto red 4 = 13, then green 22 onto red 15 = 37."""
    s = new_game()
    for counter, delta in (("red", 4), ("green", 9)):
        s.record({"type": "adjust", "player": 0, "counter": counter, "delta": delta})
    s.record({"type": "adjust", "player": 1, "counter": "revealed", "delta": 7})
    s.record({"type": "end_round"})
    for counter, delta in (("red", 2), ("green", 13)):
        s.record({"type": "adjust", "player": 0, "counter": counter, "delta": delta})
    s.record({"type": "adjust", "player": 1, "counter": "revealed", "delta": 7})
    s.record({"type": "end_round"})
    lines = [line.render("en") for line in scoring_lines(s.state)]
    # In words: no "4 + 9 = 13", no "0 + 0 green = 0 red".
    assert lines == ["Scoring 1: Anna: red from 4 to 13 with 9 green points; Ben: no green points, red stays at 0",
                     "Scoring 2: Anna: red from 15 to 37 with 22 green points; Ben: no green points, red stays at 0"]
    assert [line.render("de") for line in scoring_lines(s.state)][1] == (
        "Wertung 2: Anna: Rot von 15 auf 37 mit 22 grünen Punkten; Ben: keine grünen Punkte, Rot bleibt bei 0")
    for line in lines:
        assert not set("+=»→") & set(line)


def test_colour_tiles_side_points_and_players():
    s = new_game({"colour_bonus.dark_green.I": 4})
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


def test_a_colour_tile_says_its_side_and_points_in_words():
    """Not "I · ?" or "II · 3": the side and points, or what to do, in both languages; the screen reader
    hears the colour and who completed it too."""
    s = new_game({"colour_bonus.red.I": 3})
    tiles = {t["colour"]: t for t in colour_tiles(s.state)}

    def words(colour, lang):
        return tuple(msg.render(lang) for msg in tile_words(tiles[colour], NAMES))
    assert words("red", "en") == ("Side I: 3 points", "Colour-bonus tile red (city): side I up, 3 points "
                                                      "(completed by: nobody yet)")
    assert words("grey", "en")[0] == "Side I: enter points"
    assert words("grey", "de")[0] == "Seite I: Punkte eingeben"
    assert words("red", "de")[0] == "Seite I: 3 Punkte"
    s.record({"type": "box_value", "key": "colour_bonus.grey.I", "value": 1})
    s.record({"type": "box_value", "key": "colour_bonus.grey.II", "value": 0})
    s.record({"type": "colour_bonus", "player": 1, "colour": "grey"})
    s.record({"type": "colour_bonus", "player": 0, "colour": "grey"})
    tiles = {t["colour"]: t for t in colour_tiles(s.state)}
    assert words("grey", "en") == ("Back in the box", "Colour-bonus tile grey (quarry): back in the box "
                                                      "(completed by: Ben, Anna)")
    assert words("grey", "de")[0] == "In der Schachtel"
    s.record({"type": "box_value", "key": "colour_bonus.red.I", "value": 1})
    tiles = {t["colour"]: t for t in colour_tiles(s.state)}
    assert words("red", "en")[0] == "Side I: 1 point"


def test_the_words_on_a_colour_tile_stand_out_from_its_colour():
    """At least 4.5:1 (normal text) between a tile's colour and the ink its words are drawn in."""
    from companion.games.castles_of_tuscany.ui.panel import DARK_FIELDS, FIELD_COLOURS

    def luminance(colour):
        channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    for colour, fill in FIELD_COLOURS.items():
        ink = "#ffffff" if colour in DARK_FIELDS else "#1d1d1d"
        high, low = sorted((luminance(fill), luminance(ink)), reverse=True)
        assert (high + 0.05) / (low + 0.05) >= 4.5, colour


def test_box_values_kept_from_a_tile_reach_the_tracker_once():
    """What a tile's dialog sends with the box data: an entry for each value the tracker does not hold so."""
    s = new_game({"colour_bonus.red.I": 5})
    values = {"colour_bonus.red.I": 5, "colour_bonus.red.II": 3, "something.else": 1}
    assert box_value_entries(s.state, values) == [{"type": "box_value", "key": "colour_bonus.red.II", "value": 3}]
    for entry in box_value_entries(s.state, {"colour_bonus.red.I": 6}):
        s.record(entry)
    assert s.state["box"]["colour_bonus.red.I"] == 6 and box_value_entries(s.state, {"colour_bonus.red.I": 6}) == []


def test_a_colour_bonus_without_its_value_asks_for_exactly_that_key():
    s = new_game()
    before = len(s.events)
    keys, why = box_values_needed(s, {"type": "colour_bonus", "player": 0, "colour": "turquoise"})
    assert keys == ("colour_bonus.turquoise.I",)
    assert "turquoise" in why.render("en")
    assert len(s.events) == before  # only a trial
    # another refusal is not a box-data question
    assert box_values_needed(s, {"type": "region", "player": 0, "fields": 5}) == ((), None)
    assert box_values_needed(s, {"type": "region", "player": 0, "fields": 3}) == ((), None)
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
    s = new_game()
    entry = {"type": "colour_bonus", "player": 0, "colour": "dark_green"}
    keys, _ = box_values_needed(s, entry)
    for event in box_events(keys, {"colour_bonus.dark_green.I": 3}, s.state["box"]):
        s.record(event)
    assert box_values_needed(s, entry) == ((), None)
    s.record(entry)
    assert s.state["players"][0]["counters"]["green"] == 3


def test_the_play_screen_sends_the_choice_by_name():
    """A tapped choice goes into the entry under the action's field, never as a position."""
    s = new_game({"colour_bonus.red.I": 5})
    actions = {a.id: a for a in GAME.actions(s.state, s.config)}
    entry = event_for(actions["colour_bonus"], 1, "red")
    assert entry == {"type": "colour_bonus", "player": 1, "colour": "red"}
    s.record(entry)
    assert event_for(actions["region"], 0, 2) == {"type": "region", "player": 0, "fields": 2}
    assert event_for(actions["bonus_tile"], 0, "storage") == {"type": "bonus_tile", "player": 0, "bonus": "storage"}


def test_a_choice_of_goods_is_copied_into_the_entry():
    from companion.games.milestones import GAME as MILESTONES

    config = make_config(MILESTONES, [{"name": n, "colour": c} for n, c in zip(NAMES, MILESTONES.rules.colours)], 0)
    s = Game("m", MILESTONES, config)
    s.record({"type": "adjust", "player": 0, "counter": "stone", "delta": 2})
    s.record({"type": "adjust", "player": 0, "counter": "wood", "delta": 1})
    from companion.core.definition import Action
    from companion.games.milestones.moves import castle_choices

    options, labels = castle_choices(s.state, 0)  # the goods Anna may keep at the castle
    castle = Action("castle", labels[0], per_player=True, value_choices=options, field="keep")
    entry = event_for(castle, 0, castle.value_choices[0])
    assert entry == {"type": "castle", "player": 0, "keep": castle.value_choices[0]}
    assert entry["keep"] is not castle.value_choices[0]  # a later change of the entry leaves the offer alone
    s.record(entry)


def test_every_part_of_the_board_is_named_in_the_games_own_catalogue():
    """A problem says where it is in the game's own words (`castles-of-tuscany.where.<field>`), in both
    languages, not from the shared catalogue of every game."""
    from companion.core.text import catalogue
    from companion.core.where import where
    from companion.games.castles_of_tuscany.scoring import FIELDS

    for lang in ("en", "de"):
        for field in FIELDS:
            assert f"castles-of-tuscany.where.{field}" in catalogue(lang), (lang, field)
    assert where("en", GAMES["castles-of-tuscany"], "$.players[1].tiles", NAMES) == "Ben's tiles in storage"
    assert where("de", GAMES["castles-of-tuscany"], "$.players[0].empty_fields", NAMES) == "Anna – leere Felder"
