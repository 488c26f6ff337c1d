"""Carpe Diem on the scoreboard: whose turn it is as the rulebook orders turns, what a player's row shows
(the standing) and the score sheet of the four scoring periods.

Rulebook, "Playing the Game" (EN): "The starting player starts with their turn, then the other players
follow in turn order. Once the last player has completed their turn, the current round ends. After
exactly 7 rounds all 28 building tiles have been picked, and the phase ends." (DE: "Der Startspieler macht
den ersten Zug, danach geht es reihum weiter, bis nach genau sieben Runden alle 28 ausliegenden
Bauplättchen aufgenommen wurden.") Setup: "The other players follow in clockwise order".
"Scoring": "The player who has progressed furthest on the banderole bar begins. If there is a tie, the
player on top begins." "Subsequent Phases": "Pass the starting player token to the left." (DE: "Der
Startspielermarker wird an den linken Nachbarn weitergegeben.")
"""

import pytest

from companion.core.definition import InvalidMove
from companion.core.score_sheet import score_sheet
from companion.core.game import Game, make_config
from companion.games.carpe_diem import GAME
from companion.games.carpe_diem.tracker import advised_event

HERBS_2 = {"letter": "A", "mode": "pay", "requirement": {"herbs": 2}, "reward": {"vp": 4}}
CHIMNEYS_2 = {"letter": "C", "mode": "own", "requirement": {"chimneys": 2}, "reward": {"bread": 1}}
POND_GARDEN = {"letter": "D", "mode": "own", "requirement": {"pond": 1, "garden": 1}, "reward": {"vp": 7}}
NAMES = ["Anna", "Ben", "Cleo", "Dora"]


def new_game(n=4, start=0):
    config = make_config(GAME, [{"name": x, "colour": c} for x, c in zip(NAMES[:n], GAME.rules.colours)], start)
    return Game("t", GAME, config)


def on_turn(s):
    turn = GAME.rules.player_on_turn(s.state, s.config)
    return None if turn is None else NAMES[turn]


def steps(s):
    """The game's own steps as the thumb slot shows them (not per player), with their confirmation."""
    return [(a.label.render("en"), a.confirm.render("en") if a.confirm else None)
            for a in GAME.actions(s.state, s.config) if not a.per_player]


def refused(s, event) -> str:
    before = s.state
    with pytest.raises(InvalidMove) as error:
        s.record(event)
    assert s.state == before
    return error.value.msg.render("en")


def test_a_round_goes_clockwise_from_the_start_player_and_ends_after_the_last():
    s = new_game(4, start=2)  # Cleo holds the start player token
    assert on_turn(s) == "Cleo"
    assert steps(s)[1] == ("Next: Dora", None)  # the step the game waits for, last
    seen = [on_turn(s)]
    for _ in range(3):
        s.record({"type": "next_player"})
        seen.append(on_turn(s))
    assert seen == ["Cleo", "Dora", "Anna", "Ben"]
    # Ben is the last of the round: no Next, End round is the step, one tap (it asks nothing).
    assert steps(s) == [("End round 1", None)]
    assert refused(s, {"type": "next_player"}) == "Ben is the last to play in round 1: end the round"
    s.record({"type": "end_round"})
    assert (s.state["round"], on_turn(s)) == (2, "Cleo")  # every round begins with the start player
    s.undo()  # an entry like any other
    assert (s.state["round"], on_turn(s)) == (1, "Ben")
    s.undo()
    assert on_turn(s) == "Anna"


def test_ending_a_round_early_acts_at_once_and_undo_takes_it_back():
    """A table that does not tap Next keeps ending rounds as before, with one tap: End round asks nothing
    (issue 39: no dialog on a frequent step; the game goes on after it, and Undo takes it back)."""
    s = new_game(3, start=0)
    s.record({"type": "next_player"})
    assert steps(s) == [("End round 1", None), ("Next: Cleo", None)]
    for _ in range(6):
        s.record({"type": "end_round"})
    assert steps(s)[0] == ("End round 7: scoring period", None)
    s.undo()
    assert s.state["round"] == 6 and steps(s)[0] == ("End round 6", None)


def test_the_table_sets_whose_turn_it_is_and_next_goes_on_from_there():
    """The tracker follows the table (a Next not tapped): one tap on a player's marker."""
    s = new_game(4, start=0)
    s.record({"type": "set_turn", "player": 2})
    assert on_turn(s) == "Cleo" and steps(s)[1] == ("Next: Dora", None)
    s.record({"type": "next_player"})
    assert on_turn(s) == "Dora" and steps(s) == [("End round 1", None)]
    assert refused(s, {"type": "set_turn", "player": 4}) == "there is no such player"
    assert refused(s, {"type": "set_turn", "player": True}) == "there is no such player"


def test_a_scoring_period_goes_by_the_banderole_bar_and_the_token_passes_left():
    s = new_game(3, start=1)  # Ben starts: his disc at the bottom of space 0, then Cleo, Anna on top
    for space, card in ((2, HERBS_2), (3, CHIMNEYS_2), (5, POND_GARDEN), (6, CHIMNEYS_2), (4, HERBS_2),
                        (7, CHIMNEYS_2), (8, POND_GARDEN), (9, HERBS_2), (10, CHIMNEYS_2), (11, HERBS_2)):
        s.record({"type": "set_card", "space": space, "card": card})
    s.record({"type": "banderole_space", "player": 1})  # Ben one space on: he is furthest
    for _ in range(7):
        s.record({"type": "end_round"})
    assert s.state["stage"] == "scoring" and s.state["scoring"]["order"] == [1, 0, 2]
    scorers = []
    while s.state["stage"] == "scoring":
        scorers.append(on_turn(s))
        assert steps(s) == [(f"{on_turn(s)}: place a disc", None)]  # the only step: no Next, no End round
        assert refused(s, {"type": "next_player"}) == (
            f"the scoring period goes by the banderole bar: {on_turn(s)} places the next disc")
        assert refused(s, {"type": "set_turn", "player": 2}).startswith("the scoring period goes by")
        free = next(a for a in GAME.actions(s.state, s.config) if a.id == "score_circle").value_choices[0]
        s.record(advised_event(s.state, s.config, GAME.rules.player_on_turn(s.state, s.config), free))
    assert scorers == ["Ben", "Anna", "Cleo"]  # furthest first, then the top of the stack on space 0
    # Phase 2: the token passed to Ben's left, Cleo, who opens the round.
    assert (s.state["phase"], s.state["start_player"], on_turn(s)) == (2, 2, "Cleo")
    assert steps(s)[1] == ("Next: Anna", None)


def test_after_the_last_scoring_nobody_is_on_turn():
    s = new_game(2)
    s.state["stage"], s.state["turn"] = "finished", None  # as after the fourth scoring period
    assert GAME.rules.player_on_turn(s.state, s.config) is None and steps(s) == []
    with pytest.raises(InvalidMove) as error:
        GAME.apply(s.state, {"type": "set_turn", "player": 0}, s.config)
    assert error.value.msg.key == "carpe-diem.error.game_over"


def test_a_row_shows_the_vp_and_what_a_scoring_card_asks_for():
    s = new_game(4, start=0)
    s.record({"type": "complete_garden", "player": 3, "tiles": 3})  # +2 herbs
    s.record({"type": "complete_pond", "player": 3, "tiles": 2})  # +1 fish
    s.record({"type": "place_market", "player": 3})  # +1 coin
    s.record({"type": "complete_baker", "player": 3})  # +2 bread
    standing = GAME.standing_of(s.state, s.config, 3)
    assert (standing.score, standing.counter, standing.label.render("en")) == (11, "vp", "Victory points")
    assert [(label.render("en"), n) for label, n in standing.numbers] == [("Wares", 3), ("Coins", 1), ("Bread", 2)]
    assert [label.render("de") for label, _ in standing.numbers] == ["Waren", "Münzen", "Brote"]


def test_the_score_sheet_has_the_start_then_each_phase_and_its_scoring_period():
    """Anna starts (8 VP), Ben 9. Ben completes a garden of 3 (+2 herbs) and a pond of 2 (+1 fish). In
    scoring period 1 Ben (his disc on top) takes circle 1 between card 2 "pay 2 herbs » 4 VP" and card 5
    "own a pond + a garden » 7 VP": +11. Anna takes circle 2 between card 4 "own 2 chimneys » 1 bread" and
    card 5: she meets neither, -4 -4 = -8 ("a player might lose up to 8 victory points during a scoring
    period"). VP are won and lost in the scoring periods ("Over four scoring periods your accomplishments
    will be turned into victory points"): the phase's row holds none; a VP correction of +2 for Anna in
    phase 2 counts in that phase's row, not in a scoring period's."""
    s = new_game(2, start=0)
    for space, card in ((2, HERBS_2), (4, CHIMNEYS_2), (5, POND_GARDEN)):
        s.record({"type": "set_card", "space": space, "card": card})
    s.record({"type": "complete_garden", "player": 1, "tiles": 3})
    s.record({"type": "complete_pond", "player": 1, "tiles": 2})
    for _ in range(7):
        s.record({"type": "end_round"})
    s.record({"type": "score_circle", "player": 1, "circle": 1, "order": [2, 5], "bread": [False, False],
              "sets": [1, 1]})
    s.record({"type": "score_circle", "player": 0, "circle": 2, "order": [4, 5], "bread": [False, False],
              "sets": [0, 0]})
    s.record({"type": "adjust", "player": 0, "counter": "vp", "delta": 2})
    sheet = score_sheet(s)
    assert [(row.label.render("en"), row.points) for row in sheet.rows] == [
        ("At the start", (8, 9)), ("Phase 1", (0, 0)), ("Scoring period 1", (-8, 11)), ("Phase 2", (2, 0))]
    assert sheet.totals == (2, 20) and sheet.label.render("en") == "Victory points"
    assert tuple(map(sum, zip(*(row.points for row in sheet.rows)))) == sheet.totals
    assert [row.label.render("de") for row in sheet.rows] == ["Zu Beginn", "Durchgang 1", "Wertung 1", "Durchgang 2"]
    s.undo()
    s.undo()  # Anna's disc taken back: scoring period 1 is running again, its row has Ben's +11 only
    assert [(row.label.render("en"), row.points) for row in score_sheet(s).rows] == [
        ("At the start", (8, 9)), ("Phase 1", (0, 0)), ("Scoring period 1", (0, 11))]
