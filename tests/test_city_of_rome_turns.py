"""City of Rome on the scoreboard: who is on turn in a round (rulebook: SPIELABLAUF, RUNDENENDE, SPIEL ZU
ZWEIT), the game's next step in the thumb slot, what a player's row shows (the victory points if the
game ended now, money, influence tokens, the city) and the score sheet's rows (the final scoring's)."""

import copy
import json
from pathlib import Path

import pytest

from companion.core.definition import InvalidMove
from companion.core.score_sheet import score_sheet
from companion.core.game import Game, make_config
from companion.core.text import Msg
from companion.games.city_of_rome import GAME, turns
from companion.games.city_of_rome.standing import points_now
from companion.storage.repository import Repository

NAMES = ["Anna", "Ben", "Cleo", "Dora"]
END_ROUND = {"type": "end_round"}
NEXT = {"type": "next_player"}


def new_game(n, start=0):
    colours = GAME.colours_for(n)
    return Game("t", GAME, make_config(GAME, [{"name": NAMES[i], "colour": colours[i]} for i in range(n)], start))


def on_turn(s):
    return GAME.rules.player_on_turn(s.state, s.config)


def place(s, *spaces):
    """The players on turn place their builders on these spaces, one after the other."""
    for space in spaces:
        s.record({"type": "place_builder", "player": on_turn(s), "space": space})


def steps(s):
    """The thumb slot: the actions that are not a player's, as (id, the player named)."""
    return [(a.id, a.label.params.get("player")) for a in GAME.actions(s.state, s.config) if not a.per_player]


def adjust(s, player, counter, delta):
    s.record({"type": "adjust", "player": player, "counter": counter, "delta": delta})


# ------------------------------------------------------------------ the Setzphase

@pytest.mark.parametrize("n, start, order", [(3, 0, [0, 1, 2]), (4, 2, [2, 3, 0, 1]), (3, 1, [1, 2, 0])])
def test_builders_are_placed_clockwise_from_the_start_player(n, start, order):
    """SETZPHASE: "Beginnend mit dem Startspieler setzen die Spieler im Uhrzeigersinn nacheinander ihren
    Baumeister auf 1 beliebiges freies Feld des oben liegenden Aktionsstreifens." Seats are clockwise in
    the order the players were entered."""
    s = new_game(n, start)
    placed = []
    for space in (4, 1, 5, 2)[:n]:
        placed.append(on_turn(s))
        assert steps(s) == [("end_round", None), ("place_builder", NAMES[on_turn(s)])]  # the next step last
        place(s, space)
    assert placed == order
    assert s.state["log"][-1]["key"] == "city-of-rome.log.actions_begin"


def test_a_builder_goes_on_a_free_space_by_the_player_on_turn_only():
    s = new_game(4)
    place(s, 3)
    before = copy.deepcopy(s.state)
    refusals = {
        "city-of-rome.error.space_taken_by": {"type": "place_builder", "player": 1, "space": 3},  # "freies Feld"
        "city-of-rome.error.not_placing": {"type": "place_builder", "player": 2, "space": 1},  # Ben places now
        "city-of-rome.error.no_such_space": {"type": "place_builder", "player": 1, "space": 6},  # 5 spaces
        "core.error.no_such_player": {"type": "place_builder", "player": 4, "space": 1},
    }
    for key, event in refusals.items():
        with pytest.raises(InvalidMove) as refused:
            s.record(event)
        assert refused.value.msg.key == key
    with pytest.raises(InvalidMove):
        s.record(NEXT)  # no action phase before every builder is placed
    assert s.state == before


# ------------------------------------------------------------------ the Aktionsphase

def test_the_action_phase_follows_the_builders_from_the_emperor():
    """AKTIONSPHASE: "in der Reihenfolge der Baumeister auf dem Aktionsstreifen durchgeführt. Es beginnt
    der Spieler, dessen Baumeister am nächsten zur Kaiserfigur steht. Achtung: In dieser Phase spielt es
    keine Rolle, wer die Startspielerfigur besitzt." Then "ist der nächste Spieler an der Reihe, das heißt
    derjenige, dessen Baumeister jetzt am nächsten zur Kaiserfigur steht"."""
    s = new_game(4, start=1)
    place(s, 4, 2, 5, 1)  # Ben on 4, Cleo on 2, Dora on 5, Anna on 1
    assert s.state["strip"] == [0, 2, None, 1, 3]
    acted = [on_turn(s)]
    for after in ("Cleo", "Ben", "Dora"):
        assert steps(s) == [("end_round", None), ("next_player", after)]  # "Next: Cleo", one tap
        s.record(NEXT)
        acted.append(on_turn(s))
    assert acted == [0, 2, 1, 3]
    # the last builder's turn ends with the round: End round is the one step left, the primary one
    assert steps(s) == [("end_round", None)]
    with pytest.raises(InvalidMove):
        s.record(NEXT)
    assert GAME.actions(s.state, s.config)[0].confirm is None  # one tap (issue 39): Undo takes it back


@pytest.mark.parametrize("n, spaces, drafters", [
    (3, (1, 2, 3), ["Anna", "Ben", "Cleo"]),
    (4, (5, 4, 3, 2), ["Dora", "Cleo", "Ben", "Anna"]),  # the last to place is nearest the emperor
    (2, (4, 1, 3, 2), ["Ben", "Ben", "Anna", "Anna"]),  # a turn per builder: Ben's two first
])
def test_the_hint_names_who_takes_a_card_of_the_offer_in_the_strips_order(n, spaces, drafters):
    """The hint under the action strip: in the Setzphase the player on turn places a builder ("Je näher
    sein Baumeister am Kaiser steht, desto früher darf der Spieler in der folgenden Aktionsphase eine
    Gebäudekarte aus dem Angebot wählen, aber umso weniger Aktionspunkte"); in the Aktionsphase "Zunächst
    wählt der Spieler, der an der Reihe ist, 1 Gebäudekarte aus dem Angebot", in the order of the strip.
    VORBEREITUNGSPHASE: the top card of each stack in play is laid out (3 players: no stack IV); 2
    players: "Das Angebot besteht dadurch jede Runde aus insgesamt 4 Gebäudekarten" - a card per
    builder, one fewer after each turn."""
    s = new_game(n)
    placers = []
    for space in spaces:
        hint = turns.turn_hint(s.state, s.config)
        assert hint.key == "city-of-rome.hint.place"
        placers.append(hint.params["player"])
        place(s, space)
    assert placers == [NAMES[seat] for seat in turns.placing_order(s.state)]  # clockwise from Anna
    draft = []
    for k in range(len(spaces)):
        hint = turns.turn_hint(s.state, s.config)
        draft.append((hint.key.rsplit(".", 1)[1], hint.params["player"], hint.params.get("cards")))
        if k < len(spaces) - 1:
            s.record(NEXT)
    left = range(len(spaces), 0, -1)  # 4, 3, 2, 1 cards with 4 builders
    assert draft == [("act" if cards > 1 else "act_last", name, cards) for name, cards in zip(drafters, left)]
    s.record(END_ROUND)  # the start player passes clockwise: Ben places first in the next round
    assert turns.turn_hint(s.state, s.config) == Msg("city-of-rome.hint.place", player="Ben")


def test_the_hint_reads_in_both_languages_and_is_gone_after_the_last_round():
    s = new_game(4)
    place(s, 1, 2, 3, 4)
    hint = turns.turn_hint(s.state, s.config)
    assert hint.render("en") == "Anna: take 1 of the 4 buildings left in the offer, then build and produce."
    assert hint.render("de") == "Anna: 1 der 4 Gebäude aus dem Angebot nehmen, dann bauen und produzieren."
    for _ in range(14):
        s.record(END_ROUND)
    assert GAME.rules.is_finished(s.state, s.config) and turns.turn_hint(s.state, s.config) is None


def test_the_round_end_passes_the_start_player_and_clears_the_strip():
    """RUNDENENDE: "Der Spieler mit der Startspielerfigur, gibt diese an den im Uhrzeigersinn folgenden
    Spieler weiter, der zum Startspieler der nächsten Runde wird." The builders come off the strip
    during their action phases, so the next round's Setzphase begins with an empty strip."""
    s = new_game(3, start=2)
    place(s, 1, 2, 3)
    s.record(NEXT)
    s.record(NEXT)
    s.record(END_ROUND)
    assert s.state["strip"] == [None] * 5 and s.state["acted"] == 0
    assert on_turn(s) == 0 == GAME.rules.start_player_now(s.state, s.config)
    assert GAME.rules.status(s.state, s.config)[0].key == "city-of-rome.status.round_placing"
    place(s, 5, 4, 3)
    assert on_turn(s) == 2  # Cleo's builder is nearest the emperor
    assert GAME.rules.status(s.state, s.config)[0].key == "city-of-rome.status.round_acting"


def test_ending_the_last_round_early_says_who_has_not_acted():
    """Only the last round's end asks (it ends the game); a round ended early before it asks nothing."""
    s = new_game(4)
    assert GAME.actions(s.state, s.config)[0].confirm is None
    place(s, 1, 2, 3, 4)
    s.record(NEXT)
    assert GAME.actions(s.state, s.config)[0].confirm is None
    s.record(END_ROUND)
    for _ in range(12):
        s.record(END_ROUND)
    place(s, 1, 2, 3, 4)
    s.record(NEXT)
    confirm = GAME.actions(s.state, s.config)[0].confirm
    assert confirm.key == "city-of-rome.confirm.end_round_scoring_early"
    waiting = confirm.params["players"]
    assert len(waiting) == 2
    assert confirm.render("en").startswith(f"{waiting[0]}, {waiting[1]} have not had the action phase yet. End this")
    s.record(END_ROUND)  # allowed: the table decides
    assert GAME.rules.is_finished(s.state, s.config)


def test_two_players_place_twice_and_each_builder_acts_on_its_own():
    """SPIEL ZU ZWEIT: "Beginnend mit dem Startspieler setzt jeder Spieler zunächst 1 Baumeister auf den
    Aktionsstreifen. Anschließend wird in der gleichen Reihenfolge eine weitere Setzrunde gespielt", and
    "der Spieler [führt] die Aktionsphasen für seine beiden Baumeister komplett getrennt voneinander durch,
    selbst wenn beide Baumeister direkt aufeinanderfolgend auf dem Aktionsstreifen stehen"."""
    s = new_game(2, start=1)
    order = []
    for space in (2, 5, 1, 3):
        order.append(on_turn(s))
        place(s, space)
    assert order == [1, 0, 1, 0]
    labels = [a.label.key for a in GAME.actions(new_game(2, 1).state, s.config) if a.id == "place_builder"]
    assert labels == ["city-of-rome.action.place"]
    assert s.state["strip"] == [1, 1, 0, None, 0]
    acted = [on_turn(s)]
    for _ in range(3):
        s.record(NEXT)
        acted.append(on_turn(s))
    assert acted == [1, 1, 0, 0]  # Ben twice in a row, one turn per builder
    assert steps(s) == [("end_round", None)]


def test_second_builder_is_named_in_the_game_for_two():
    s = new_game(2)
    place(s, 1, 2)
    assert [a.label.key for a in GAME.actions(s.state, s.config) if a.id == "place_builder"] == \
        ["city-of-rome.action.place_second"]


def test_nobody_is_on_turn_after_the_last_round_and_final_scoring_is_the_next_step():
    s = new_game(2)
    for _ in range(7):
        s.record(END_ROUND)
    assert on_turn(s) is None and GAME.rules.is_finished(s.state, s.config)
    assert steps(s) == []  # the screen puts Final scoring in the thumb slot
    with pytest.raises(InvalidMove):
        s.record({"type": "place_builder", "player": 0, "space": 1})


def test_undo_takes_a_placement_back():
    s = new_game(3)
    place(s, 2, 3)
    s.undo()
    assert s.state["strip"] == [None, 0, None, None, None] and on_turn(s) == 1


def test_a_game_saved_before_turns_were_kept_resumes_with_the_rounds_turns_ahead(tmp_path):
    """tests/data/event-schema-2: a game saved before the tracker followed the turns replays its entries
    as before (test_event_schema_upgrade.py) and stands at the beginning of its round's Setzphase."""
    data = Path(__file__).parent / "data" / "event-schema-2"
    doc = json.loads((data / "city-of-rome.json").read_text(encoding="utf-8"))["session"]["1"]
    (tmp_path / "live").mkdir()
    (tmp_path / "live" / f"{doc['id']}.json").write_bytes((data / "city-of-rome.json").read_bytes())
    resumed = Repository(tmp_path, {"city-of-rome": GAME}).game(doc["id"])
    state = resumed.state
    assert state["strip"] == [None] * 5 and state["acted"] == 0
    assert GAME.rules.player_on_turn(state, resumed.config) == state["start_player"] == 1


# ------------------------------------------------------------------ the scoreboard's row

def test_the_large_number_is_the_final_scoring_as_things_stand():
    """No victory-point track during play: the row shows what SCHLUSSWERTUNG would give now (money 1 each,
    influence tokens 1 per 2, the cards won, the city), then money, tokens and the cards in the city."""
    s = new_game(3)
    assert [GAME.standing_of(s.state, s.config, p).score for p in range(3)] == [5, 5, 5]  # 5 money
    row = GAME.standing_of(s.state, s.config, 0)
    assert row.counter is None  # worked out, not entered: the number pad adds to money (the first counter)
    assert [(label.key, value) for label, value in row.numbers] == [
        ("city-of-rome.counter.money", 5), ("city-of-rome.counter.influence_tokens", 0),
        ("city-of-rome.standing.city", 2)]
    adjust(s, 0, "influence_tokens", 3)
    assert GAME.standing_of(s.state, s.config, 0).score == 6  # 3 tokens: 1 VP
    # A market beside the value-2 house: a district of one house with one public colour, 2 x 1 = 2; the
    # market touches the house only: +1 money.
    s.record({"type": "build", "player": 0, "card": "market", "space": [1, 0]})
    assert GAME.standing_of(s.state, s.config, 0).score == 6 + 1 + 2
    assert GAME.standing_of(s.state, s.config, 0).numbers[2][1] == 3


def test_the_large_number_is_what_the_end_scoring_of_the_prefilled_board_gives():
    s = new_game(4)
    for player, (card, space) in enumerate([("therme", [1, 0]), ("arena", [-1, 1]), ("temple-venus", [0, 2]),
                                            ("aqueduct", [0, 0])]):
        s.record({"type": "build", "player": player, "card": card, "space": space})
    adjust(s, 1, "money", 7)
    adjust(s, 2, "influence_tokens", 5)
    sheet = GAME.end.score(GAME.end.parse_board_state(GAME.end.board_from_tracker(s.state, s.config)), {})
    assert [points_now(s.state, p) for p in range(4)] == [p.total for p in sheet.players]
    assert len({p.total for p in sheet.players}) > 1


# ------------------------------------------------------------------ the score sheet

def test_the_score_sheet_is_the_score_pad_of_the_final_scoring():
    """SCHLUSSWERTUNG: "Der älteste Spieler nimmt den Wertungsblock und notiert die Siegpunkte. Dazu geht er
    die verschiedenen Wertungskategorien Zeile für Zeile von oben nach unten durch": the sheet has the pad's
    rows, each what the player would score in it now; the rows add up to the large numbers. An influence
    card won at a round's end is in its own row ("Einflusswertungskarten bringen bei Spielende entsprechend
    ihres abgebildeten Wertes Siegpunkte"), with the tokens returned for it; money spent lowers the money
    row ("Jedes Geld ist bei Spielende 1 Siegpunkt wert"): nobody scores a negative round."""
    s = new_game(3)
    rows = [row.label.render("en") for row in score_sheet(s).rows]
    assert rows == ["Residential districts, value\u00a02", "Residential districts, value\u00a03",  # one line
                    "Residential districts, value\u00a04", "Aqueducts", "Temples", "Money", "Influence tokens",
                    "Influence cards"]
    assert [row.label.render("de") for row in score_sheet(s).rows][-3:] == ["Geld", "Einflussmarker",
                                                                           "Einflusswertungskarten"]
    adjust(s, 1, "influence_tokens", 4)  # round 1
    s.record({"type": "build", "player": 0, "card": "market", "space": [1, 0]})  # value-2 house x 1 colour
    s.record(END_ROUND)
    s.record(END_ROUND)
    adjust(s, 2, "money", 3)  # round 3; card 3 comes up and is scored at its end: Ben takes it
    s.record(END_ROUND)
    adjust(s, 0, "money", -2)  # round 4: Anna buys action points
    sheet = score_sheet(s)
    by_row = {row.label.key.rsplit(".", 1)[1]: row.points for row in sheet.rows}
    assert by_row["districts_2"] == (2, 0, 0)  # Anna: her house beside the market, 2 x 1; no public building: 0
    assert by_row["money"] == (5 + 1 - 2, 5, 5 + 3)  # the market's +1 money
    assert by_row["influence_tokens"] == (0, 0, 0)  # Ben's 4 tokens went back for the card
    assert by_row["influence_cards"] == (0, 3, 0)
    assert all(points >= 0 for row in sheet.rows for points in row.points)
    assert sheet.totals == tuple(GAME.standing_of(s.state, s.config, p).score for p in range(3)) == (6, 8, 8)
    assert tuple(sum(r.points[p] for r in sheet.rows) for p in range(3)) == sheet.totals
    assert sheet.label.key == "city-of-rome.standing.points" and sheet.tracks == ()
    # The pad's rows are the final scoring's own categories of the board the tracker prefills.
    board = GAME.end.score(GAME.end.parse_board_state(GAME.end.board_from_tracker(s.state, s.config)), {})
    for seat, player in enumerate(board.players):
        assert [c.points for c in player.categories] == [row.points[seat] for row in sheet.rows]
