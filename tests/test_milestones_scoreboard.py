"""Milestones on the scoreboard: what a player's row shows (the score track in large type, goods and
coins), whose turn it is (rulebook SPIELABLAUF, SPIELENDE), the castle on a player's sheet, and the
score sheet of rounds by players (its rows add up to the scores)."""

from companion.core.score_sheet import score_sheet
from companion.core.game import Game, make_config
from companion.games.milestones import GAME

NAMES = ["Anna", "Ben", "Cleo", "Dora"]
END_TURN = {"type": "end_turn"}


def new_game(n=3, start=0):
    config = make_config(GAME, [{"name": NAMES[i], "colour": GAME.colours_for(n)[i]} for i in range(n)], start)
    return Game(id="t", definition=GAME, config=config)


def give(s, player, **amounts):
    for counter, delta in amounts.items():
        s.record({"type": "adjust", "player": player, "counter": counter, "delta": delta})


def shown(s, seat, lang="en"):
    standing = GAME.standing_of(s.state, s.config, seat)
    return (standing.score, standing.label.render(lang), standing.counter,
            [(label.render(lang), value) for label, value in standing.numbers])


def test_a_row_shows_the_score_track_goods_and_coins():
    """The score in large type is the score track (the counter the number pad adds to); the table watches
    the goods to build with and the coins ("Jeder von euch erhält 1 Münze als Startguthaben"; a worker tile
    costs 2 coins)."""
    s = new_game()
    assert shown(s, 1) == (0, "Points", "points", [("Goods", 0), ("Coins", 1)])
    give(s, 0, stone=2, sand=1, grain=1)
    s.record({"type": "road", "player": 0, "number": 3})  # hands in 1 stone and 1 sand
    assert shown(s, 0) == (3, "Points", "points", [("Goods", 2), ("Coins", 1)])
    assert shown(s, 0, "de") == (3, "Punkte", "points", [("Güter", 2), ("Münzen", 1)])


def test_turns_go_clockwise_by_end_turn_alone():
    """"Der Startspieler beginnt ... Danach läuft das Spiel reihum im Uhrzeigersinn." Nothing in the
    rulebook lets the table pick who moves next, so Milestones offers no set_turn (and no "Next player"
    beside its End turn, which asks first and counts the end); after the end nobody is on turn."""
    s = new_game(3, start=2)
    assert not GAME.has_move("set_turn") and not GAME.has_move("next_player")
    seen = [GAME.rules.player_on_turn(s.state, s.config)]
    for _ in range(3):
        s.record(END_TURN)
        seen.append(GAME.rules.player_on_turn(s.state, s.config))
    assert seen == [2, 0, 1, 2]
    assert [a.id for a in GAME.actions(s.state, s.config) if not a.per_player] == ["end_turn"]  # the thumb slot
    give(s, 2, points=59)
    for _ in range(3):  # Cleo triggers the end; Anna and Ben play their last turns
        s.record(END_TURN)
    assert GAME.rules.is_finished(s.state, s.config) and GAME.rules.player_on_turn(s.state, s.config) is None


def test_a_castle_waiting_for_goods_is_said_right_after_whose_turn_it_is():
    """End turn waits for it: it is the status line's second line (the panel shows the rest)."""
    s = new_game()
    give(s, 0, stone=3, grain=2)  # 6 goods with the coin, of three kinds: the castle waits for a choice
    s.record({"type": "castle", "player": 0})
    keys = [m.key for m in GAME.rules.status(s.state, s.config)]
    assert keys == ["milestones.status.turn", "milestones.status.castle", "milestones.status.target",
                    "milestones.status.tiles_left"]


def test_the_score_sheet_has_a_row_per_round_then_the_last_turns():
    """A row per round: every player's turn once, from the start player (Ben) clockwise; once Cleo reaches
    the target field 59 ("Jeder der anderen Spieler kommt dann noch genau ein Mal dran"), the last turns
    are one row, though Ben's lies in the next round. Each cell is what that player scored then (an entry
    made late counts where it was made); the rows add up to the scores."""
    s = new_game(3, start=1)
    give(s, 1, stone=1, wood=1)
    s.record({"type": "house", "player": 1, "points": 4})  # round 1, Ben
    s.record(END_TURN)
    give(s, 2, grain=2)
    s.record({"type": "flour", "player": 2, "points": 7})  # round 1, Cleo
    s.record(END_TURN)
    s.record({"type": "bonus_taken", "player": 0, "kind": "wood"})  # round 1, Anna
    s.record(END_TURN)
    give(s, 1, points=3)  # round 2, Ben
    s.record(END_TURN)
    give(s, 2, points=52)  # round 2, Cleo on 59
    s.record({"type": "bonus_taken", "player": 0, "kind": "sand"})  # Anna's, entered late: round 2
    s.record(END_TURN)  # Cleo ends the game for herself
    give(s, 0, stone=1, sand=1)
    s.record({"type": "road", "player": 0, "number": 2})  # Anna's last turn
    s.record(END_TURN)
    give(s, 1, points=5)  # Ben's last turn, in round 3 by the clock
    s.record(END_TURN)
    assert GAME.rules.is_finished(s.state, s.config) and s.state["round"] == 3
    sheet = score_sheet(s)
    assert [(row.label.render("en"), row.points) for row in sheet.rows] == [
        ("Round 1", (1, 4, 7)), ("Round 2", (1, 3, 52)), ("Last turns", (2, 5, 0))]
    assert sheet.totals == (4, 12, 59)
    assert tuple(map(sum, zip(*(row.points for row in sheet.rows)))) == sheet.totals
    assert sheet.label.render("de") == "Punkte" and sheet.rows[0].label.render("de") == "Runde 1"
    assert sheet.rows[-1].label.render("de") == "Letzte Züge"


def test_the_score_sheet_of_a_game_just_begun_has_round_1():
    sheet = score_sheet(new_game(4))
    assert [(row.label.render("en"), row.points) for row in sheet.rows] == [("Round 1", (0, 0, 0, 0))]
    assert sheet.totals == (0, 0, 0, 0)
