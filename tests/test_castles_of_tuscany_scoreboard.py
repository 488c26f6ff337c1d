"""The Castles of Tuscany on the scoreboard, against the rulebook: whose turn it is (Spielverlauf, Die 3
Durchgänge), the game's next step in the thumb slot, the turn's entries ("Plättchen nehmen", "Karten
nachziehen"), the standing (Siegpunkte, Wertungen) and the score sheet's rows (a round with its scoring)."""

import json
from pathlib import Path

import pytest

from companion.core.definition import InvalidMove
from companion.core.score_sheet import score_sheet
from companion.core.game import Game, make_config
from companion.core.text import Msg
from companion.games import GAMES
from companion.games.castles_of_tuscany import GAME

NAMES = ["Anna", "Ben", "Clara", "Dario"]
DATA = Path(__file__).parent / "data"


def game(n=4, start=0, box=None, picks=("card",) * 4):
    """A game after the setup pick (each player's bonus tile in turn order)."""
    config = make_config(GAME, [{"name": NAMES[i], "colour": GAME.rules.colours[i]} for i in range(n)], start)
    config["box"] = box or {}
    s = Game("t", GAME, config)
    for k in range(n):
        s.record({"type": "bonus_tile", "player": (start + k) % n, "bonus": picks[k]})
    return s


def steps(s):
    """The game's steps the thumb slot offers (not a player's entries), in order: the last is primary."""
    return [a.id for a in GAME.actions(s.state, s.config) if not a.per_player]


def on_turn(s):
    return GAME.rules.player_on_turn(s.state, s.config)


def reveal(p, tiles):
    return {"type": "adjust", "player": p, "counter": "revealed", "delta": tiles}


def last_log(s, lang="en"):
    return Msg.from_json(s.state["log"][-1]).render(lang)


# ------------------------------------------------------------------ whose turn

def test_the_setup_pick_goes_in_turn_order_then_the_start_player_takes_the_first_turn():
    """"Der Startspieler nimmt sich 1 beliebiges Bonuskärtchen ... Reihum tun dies dann alle anderen
    Spieler auch." "Der Startspieler macht den ersten Zug, danach geht es im Uhrzeigersinn reihum"."""
    config = make_config(GAME, [{"name": NAMES[i], "colour": GAME.rules.colours[i]} for i in range(4)], 2)
    s = Game("t", GAME, config)
    marked = []
    for _ in range(4):  # the scoreboard marks the player choosing; no turns are taken yet
        marked.append(on_turn(s))
        # the thumb slot's step is the pick of the player choosing: "Pick: Cleo", with the bonus tiles
        pick = [a for a in GAME.actions(s.state, s.config) if not a.per_player]
        assert [(a.id, a.player, a.label.render("en"), a.field) for a in pick] == [
            ("bonus_tile", on_turn(s), f"Pick: {NAMES[on_turn(s)]}", "bonus")]
        assert pick[0].question.render("de") == f"Welches Bonuskärtchen nimmt {NAMES[on_turn(s)]}?"
        with pytest.raises(InvalidMove) as refused:
            s.record({"type": "next_player"})
        assert refused.value.msg.key == "core.error.no_turn"
        s.record({"type": "bonus_tile", "player": on_turn(s), "bonus": "card"})
    assert marked == [2, 3, 0, 1]
    seen = [on_turn(s)]
    for _ in range(5):  # clockwise, a turn cycle after another while no stack is emptied
        assert steps(s) == ["next_player"]
        s.record({"type": "next_player"})
        seen.append(on_turn(s))
    assert seen == [2, 3, 0, 1, 2, 3]
    assert last_log(s) == "Dario's turn"


def test_the_order_is_the_rulebooks_the_table_cannot_give_the_turn_to_someone_else():
    """The turn order is fixed ("im Uhrzeigersinn reihum"): there is no entry that sets the turn."""
    s = game()
    assert not GAME.has_move("set_turn")
    with pytest.raises(InvalidMove):
        s.record({"type": "set_turn", "player": 2})
    with pytest.raises(InvalidMove):
        s.record({"type": "next_player", "player": 2})  # "Next" names nobody: it is always the next seat


def test_next_player_is_undone_like_any_entry():
    s = game()
    s.record({"type": "next_player"})
    s.record({"type": "next_player"})
    assert on_turn(s) == 2
    s.undo()
    assert on_turn(s) == 1
    s.redo()
    assert on_turn(s) == 2


def test_the_round_ends_after_the_start_players_right_neighbour():
    """"Ist es das letzte Plättchen dieses Stapels, wird damit das Durchgangsende eingeleitet: Die laufende
    Runde wird noch zu Ende gespielt (also bis zum rechten Nachbarn des Startspielers), danach kommt es zu
    der ersten Wertung." Clara (seat 2) starts, so Ben (seat 1) plays last in every turn cycle."""
    s = game(start=2)
    for _ in range(2):
        s.record({"type": "next_player"})  # Dario, then Anna
    s.record({"type": "take_tile", "player": 0})
    s.record(reveal(0, 6))  # Anna empties stack 1 on her turn
    # The round's end is offered, but the cycle goes on first: Ben still plays. "Next" is the primary step.
    assert steps(s) == ["end_round", "next_player"]
    s.record({"type": "next_player"})
    assert on_turn(s) == 1
    # Ben is last: after his turn comes the scoring, the one step left (the primary one).
    assert steps(s) == ["end_round"]
    with pytest.raises(InvalidMove) as refused:
        s.record({"type": "next_player"})
    assert refused.value.msg.render("en") == (
        "Ben plays last in this turn cycle, and it ends round 1: after this turn comes the scoring, not another turn")
    assert refused.value.msg.render("de").startswith("Ben ist in dieser Runde zuletzt dran, und mit ihr endet Durchgang 1")
    s.record({"type": "end_round"})
    # "Anschließend wird das Spiel wie gehabt reihum fortgesetzt": the start player again.
    assert s.state["round"] == 2 and on_turn(s) == 2
    assert steps(s) == ["next_player"]


def test_round_three_then_the_extra_turn_cycle_from_the_start_player_to_the_last():
    """"Im 3. Durchgang wird ausnahmsweise nach dem eigentlichen Durchgangsende noch eine komplette weitere
    Runde gespielt, d.h. es kommt jeder Spieler noch ein weiteres Mal an die Reihe!" (3 players, Anna starts,
    Clara is last.)"""
    s = game(n=3)
    for round_ in (1, 2, 3):
        s.record(reveal(1, 7))  # Ben empties the round's stack
        for _ in range(2):
            s.record({"type": "next_player"})
        assert on_turn(s) == 2 and steps(s) == ["end_round"]
        s.record({"type": "end_round"})
        assert on_turn(s) == 0
    assert s.state["extra_cycle"]
    assert steps(s) == ["end_extra_cycle", "next_player"]  # the third scoring waits for the cycle's end
    s.record({"type": "next_player"})
    s.record({"type": "next_player"})
    assert on_turn(s) == 2 and steps(s) == ["end_extra_cycle"]
    with pytest.raises(InvalidMove) as refused:
        s.record({"type": "next_player"})
    assert refused.value.msg.key == "castles-of-tuscany.error.extra_cycle_complete"
    s.record({"type": "end_extra_cycle"})
    # The end: nobody is on turn, no step left (the thumb slot holds Final scoring).
    assert s.state["finished"] and on_turn(s) is None and steps(s) == []
    assert GAME.rules.is_finished(s.state, s.config)


def test_the_round_end_can_be_entered_when_the_table_did_not_tap_every_turn():
    """The table may not have followed every turn on the tracker: the round's end is there as soon as
    someone emptied the stack (one tap, asking nothing: Undo takes it back), and the next round begins
    with the start player whoever was marked."""
    s = game()
    s.record(reveal(1, 7))
    end = next(a for a in GAME.actions(s.state, s.config) if a.id == "end_round")
    assert end.confirm is None and end.label.render("en") == "Round 1 complete: scoring 1"
    s.record({"type": "end_round"})
    assert on_turn(s) == 0 and s.state["round"] == 2


def test_a_game_saved_before_turns_were_kept_resumes_with_the_start_player_on_turn(tmp_path):
    """tests/data/event-schema-2's game (Ben starts; round 1 was ended): its entries replay as they were,
    and the round it is in began with the start player."""
    from companion.storage import Repository
    doc = json.loads((DATA / "event-schema-2" / "castles-of-tuscany.json").read_text(encoding="utf-8"))["session"]["1"]
    (tmp_path / "live").mkdir()
    (tmp_path / "live" / f"{doc['id']}.json").write_text(
        (DATA / "event-schema-2" / "castles-of-tuscany.json").read_text(encoding="utf-8"), encoding="utf-8")
    s = Repository(tmp_path, GAMES).game(doc["id"])
    assert s.state["round"] == 2 and on_turn(s) == doc["config"]["start_player"] == 1
    assert steps(s) == ["next_player"]


# ------------------------------------------------------------------ the turn's entries

def test_a_tile_taken_is_refilled_from_the_leftmost_stack_then_from_the_neutral_stacks():
    """"Anschließend ersetzt er das fehlende Plättchen in der Tischmitte mit einem eigenen: Dazu nimmt er von
    seinem linken Stapel ... das oberste Plättchen ... Hat man keine eigenen Plättchen mehr zum Nachlegen
    ..., nimmt man eines vom neutralen Vorrat.\""""
    s = game(n=2)
    s.record({"type": "take_tile", "player": 1})
    assert s.state["players"][1]["counters"]["revealed"] == 1
    assert last_log(s) == "Ben takes a tile and refills the display from stack 1: 6 tiles left (1 of 21 revealed)"
    s.record(reveal(1, 5))
    s.record({"type": "take_tile", "player": 1})
    assert last_log(s) == "Ben takes a tile and empties stack 1 (7 of 21 revealed)"
    assert steps(s)[0] == "end_round"  # the round's end is under way
    s.record(reveal(1, 14))
    s.record({"type": "take_tile", "player": 1})
    assert s.state["players"][1]["counters"]["revealed"] == 21
    assert last_log(s, "de") == ("Ben nimmt ein Plättchen; alle 21 eigenen Plättchen sind draußen, nachgelegt wird "
                                 "aus dem neutralen Vorrat")


def test_cards_drawn_are_three_and_one_more_per_card_bonus_tile():
    """"Wer diese Aktion ausführt, nimmt 3 Karten vom Nachziehstapel auf seine Hand. ... Für jedes bei ihm
    anliegende Bonuskärtchen „+1 Spielkarte“ darf der Spieler eine weitere Karte nachziehen.\""""
    s = game(n=2, picks=("card", "marble"))
    s.record({"type": "draw_cards", "player": 1})
    assert s.state["players"][1]["counters"]["cards"] == 5 + 3
    assert last_log(s) == "Ben draws 3 cards, 8 in hand now"
    s.record({"type": "draw_cards", "player": 0})
    assert s.state["players"][0]["counters"]["cards"] == 5 + 4
    assert last_log(s) == 'Anna draws 4 cards (3, and 1 for the "+1 card" bonus tile), 9 in hand now'
    s.record({"type": "bonus_tile", "player": 0, "bonus": "card"})  # a city's bonus tile: a second one
    s.record({"type": "draw_cards", "player": 0})
    assert s.state["players"][0]["counters"]["cards"] == 9 + 5
    assert last_log(s, "de") == "Anna zieht 5 Karten nach (3 und 2 für die Bonuskärtchen „+1 Spielkarte“), jetzt 14 auf der Hand"


def test_the_turns_entries_come_first_in_a_players_sheet_and_only_once_turns_are_taken():
    config = make_config(GAME, [{"name": n, "colour": c} for n, c in zip(NAMES[:2], GAME.rules.colours)], 0)
    s = Game("t", GAME, config)
    assert [a.id for a in GAME.actions(s.state, config) if a.per_player] == ["bonus_tile"]  # the setup pick
    s = game(n=2)
    mine = [a for a in GAME.actions(s.state, s.config) if a.per_player]
    assert [a.id for a in mine][:2] == ["take_tile", "draw_cards"]
    assert not mine[0].value_choices and not mine[0].confirm  # one tap
    assert [a.label.render("de") for a in mine][:2] == ["Plättchen genommen", "Karten nachgezogen"]
    assert mine[-1].id == "bonus_tile"  # later only from a city
    s.record({"type": "adjust", "player": 0, "counter": "revealed", "delta": 21})
    for event in ({"type": "end_round"}, {"type": "end_round"}, {"type": "end_round"}, {"type": "end_extra_cycle"}):
        s.record(event)
    assert GAME.actions(s.state, s.config) == []
    with pytest.raises(InvalidMove):
        s.record({"type": "take_tile", "player": 0})


# ------------------------------------------------------------------ the standing and the score sheet

def rulebook_example():
    """Anna's example from "Wertungen", Ben as in the browser test: red and green as the rulebook moves them."""
    s = game(n=2, box={"colour_bonus.dark_green.I": 3, "colour_bonus.dark_green.II": 2}, picks=("card", "storage"))
    for event in ({"type": "yield_red", "player": 0, "points": 2}, {"type": "yield_red", "player": 0, "points": 2},
                  {"type": "colour_bonus", "player": 0, "colour": "dark_green"},
                  {"type": "region", "player": 0, "fields": 3}, {"type": "agriculture", "player": 1, "kinds": 2},
                  reveal(0, 7), {"type": "end_round"},
                  # "Nach dem 2. Durchgang steht ihr äußerer Zählstein bei 22 und auch der innere ist um 2 Felder
                  # vorgerückt (Ertragskarte): Anna rückt innen um 22 Punkte weiter = 37 Siegpunkte insgesamt."
                  {"type": "yield_green", "player": 0, "points": 6}, {"type": "region", "player": 0, "fields": 3},
                  {"type": "region", "player": 0, "fields": 1}, {"type": "yield_red", "player": 0, "points": 2},
                  {"type": "colour_bonus", "player": 1, "colour": "dark_green"}, reveal(1, 14), {"type": "end_round"},
                  {"type": "yield_red", "player": 1, "points": 6}, {"type": "adjust", "player": 1, "counter": "red", "delta": 30},
                  reveal(1, 7), {"type": "end_round"},
                  {"type": "region", "player": 1, "fields": 3}, {"type": "end_extra_cycle"}):
        s.record(event)
    return s


def test_the_score_is_the_red_track_with_the_green_track_beside_it():
    """"Bei jeder Wertung werden die Zählsteine auf der roten Zählleiste um die Punkte der grünen Zählleiste
    vorwärts gezogen. WICHTIG: Die grüne Zählleiste wird danach nicht zurückgesetzt!" The red track is the
    points a player has; the green one what each scoring still to come adds."""
    s = game(n=2, picks=("card", "storage"))
    ben = GAME.standing_of(s.state, s.config, 1)
    assert (ben.score, ben.counter, ben.label.render("en")) == (0, "red", "Red track (inner)")
    assert [(label.render("en"), value) for label, value in ben.numbers] == [("Green track", 2)]
    assert [label.render("de") for label, _ in ben.numbers] == ["Grüne Leiste"]
    s.record({"type": "yield_red", "player": 0, "points": 2})
    s.record({"type": "yield_red", "player": 0, "points": 2})
    s.record({"type": "adjust", "player": 0, "counter": "green", "delta": 9})
    s.record(reveal(0, 7))
    s.record({"type": "end_round"})
    anna = GAME.standing_of(s.state, s.config, 0)  # the rulebook: 9 green onto 4 red = 13, green stays at 9
    assert (anna.score, anna.numbers[0][1]) == (13, 9)


def test_the_score_sheet_keeps_both_tracks_each_point_in_the_row_where_it_moved():
    """Both tracks, as the rulebook moves them: in a round the yield cards move red and regions,
    agriculture, colour bonuses move green; at a scoring "werden die Zählsteine auf der roten Zählleiste um
    die Punkte der grünen Zählleiste vorwärts gezogen" (green not reset). Anna: red 4, green 9, scoring 1
    +9 = 13; red +2, green +13 = 22, scoring 2 +22 = 37; scoring 3 +22 = 59. Ben: green 2 (his "+1 storage
    space" pick) + 2, scoring 1 +4; green +2 = 6, scoring 2 +6 = 10; red +36 in round 3; green +6 = 12 in
    the extra turn cycle ("nach dem eigentlichen Durchgangsende noch eine komplette weitere Runde"),
    scoring 3 +12 = 58."""
    s = rulebook_example()
    sheet = score_sheet(s)
    assert sheet.label.render("en") == "Red track (inner)"
    assert [t.render("en") for t in sheet.tracks] == ["Green track (outer)"]
    assert [(row.label.render("en"), row.points, row.tracks) for row in sheet.rows] == [
        ("Round 1", (4, 0), ((9,), (4,))),
        ("Scoring 1", (9, 4), ((0,), (0,))),
        ("Round 2", (2, 0), ((13,), (2,))),
        ("Scoring 2", (22, 6), ((0,), (0,))),
        ("Round 3", (0, 36), ((0,), (0,))),
        ("Extra turn cycle", (0, 0), ((0,), (6,))),
        ("Scoring 3", (22, 12), ((0,), (0,))),
    ]
    assert [row.label.render("de") for row in sheet.rows] == [
        "Durchgang 1", "Wertung 1", "Durchgang 2", "Wertung 2", "Durchgang 3", "Weitere Runde", "Wertung 3"]
    assert sheet.totals == (59, 58) == tuple(GAME.standing_of(s.state, s.config, p).score for p in (0, 1))
    assert sheet.track_totals == ((22,), (12,)) == tuple(
        (s.state["players"][p]["counters"]["green"],) for p in (0, 1))
    assert tuple(map(sum, zip(*(row.points for row in sheet.rows)))) == sheet.totals
    assert tuple(sum(row.tracks[p][0] for row in sheet.rows) for p in (0, 1)) == (22, 12)


def test_the_score_sheet_of_a_game_under_way_ends_with_the_round_being_played():
    s = game(n=2)
    assert [(row.label.render("en"), row.points) for row in score_sheet(s).rows] == [("Round 1", (0, 0))]
    s.record({"type": "region", "player": 1, "fields": 2})
    s.record({"type": "yield_red", "player": 1, "points": 3})
    s.record(reveal(1, 7))
    s.record({"type": "end_round"})
    rows = score_sheet(s).rows
    assert [(row.label.render("en"), row.points, row.tracks) for row in rows] == [
        ("Round 1", (0, 3), ((0,), (3,))), ("Scoring 1", (0, 3), ((0,), (0,))), ("Round 2", (0, 0), ((0,), (0,)))]
    s.undo()  # the scoring taken back: round 1 again
    assert [row.label.render("en") for row in score_sheet(s).rows] == ["Round 1"]
