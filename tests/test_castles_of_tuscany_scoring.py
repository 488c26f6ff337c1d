"""The Castles of Tuscany's final scoring against the rulebook (Wertungen: "Jedes Element im eigenen
Besitz ... sowie jeweils 5 Handkarten bringen 1 Siegpunkt"; ties: more empty fields, then more
green points), the board-state reader's errors and the CLI."""

import copy
import json
from pathlib import Path

import pytest

from companion.cli import main
from companion.core.board import every_problem
from companion.core.definition import BoardStateError
from companion.core.where import where
from companion.games import GAMES
from companion.games.castles_of_tuscany.scoring import parse_board_state, score

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def player(name, red=40, green=20, tiles=0, hexagons=0, marble=0, workers=0, cards=0, empty_fields=0):
    return {"name": name, "red": red, "green": green, "tiles": tiles, "hexagons": hexagons, "marble": marble,
            "workers": workers, "cards": cards, "empty_fields": empty_fields}


def table(*players):
    return {"game": "castles-of-tuscany", "players": list(players)}


def sheet_for(data):
    return score(parse_board_state(data), {})


def cats(p):
    return {c.id: c.points for c in p.categories}


def test_each_element_one_red_and_one_per_five_cards():
    sheet = sheet_for(table(player("A", red=50, tiles=2, hexagons=1, marble=3, workers=4, cards=14),
                            player("B")))
    a = sheet.players[0]
    assert cats(a) == {"red": 50, "tiles": 2, "hexagons": 1, "marble": 3, "workers": 4, "cards": 2}
    assert a.total == 50 + 2 + 1 + 3 + 4 + 2
    assert "14 cards ÷ 5, rounded down = 2" in a.categories[5].explanation.render("en")
    assert "14 Karten ÷ 5, abgerundet = 2" in a.categories[5].explanation.render("de")


@pytest.mark.parametrize("cards,points", [(0, 0), (4, 0), (5, 1), (9, 1), (10, 2), (24, 4), (25, 5)])
def test_hand_cards(cards, points):
    assert cats(sheet_for(table(player("A", cards=cards), player("B"))).players[0])["cards"] == points


def test_green_is_not_added_again_at_the_final_scoring():
    # Green reached red at each of the three scorings; the final scoring only adds the leftovers.
    sheet = sheet_for(table(player("A", red=60, green=30), player("B", red=60, green=10)))
    assert [p.total for p in sheet.players] == [60, 60]


def test_every_line_is_explained():
    sheet = sheet_for(table(player("A", red=41, tiles=1, hexagons=2, marble=3, workers=1, cards=6), player("B")))
    texts = [c.explanation.render("en") for c in sheet.players[0].categories]
    assert texts == ["red track 41 (including the three scorings)", "1 tile × 1", "2 wooden hexagons × 1",
                     "3 marble × 1", "1 worker × 1", "6 cards ÷ 5, rounded down = 1"]
    assert "2 empty fields" in player_note(sheet_for(table(player("A", empty_fields=2), player("B"))))


def player_note(sheet):
    return sheet.players[0].tiebreak_note.render("en")


def test_ranking_by_red_total():
    sheet = sheet_for(table(player("A", red=70), player("B", red=72), player("C", red=71, marble=1)))
    # B 72 and C 71 + 1 marble = 72 with equal tie-breaks (0 empty fields, 20 green): shared
    assert [p.total for p in sheet.players] == [70, 72, 72]
    assert [p.rank for p in sheet.players] == [3, 1, 1]
    assert sorted(sheet.winners) == ["B", "C"]


def test_tie_more_empty_fields_wins():
    sheet = sheet_for(table(player("A", red=50, green=30, empty_fields=2),
                            player("B", red=49, green=45, marble=1, empty_fields=3)))
    assert [p.total for p in sheet.players] == [50, 50]
    assert sheet.winners == ["B"]
    assert [p.rank for p in sheet.players] == [2, 1]


def test_tie_then_more_green_points():
    sheet = sheet_for(table(player("A", red=50, green=30, empty_fields=2),
                            player("B", red=50, green=31, empty_fields=2),
                            player("C", red=50, green=31, empty_fields=2)))
    assert sorted(sheet.winners) == ["B", "C"]
    assert sheet.players[0].rank == 3


def test_examples_score(example):
    sheet = sheet_for(example("castles-of-tuscany-three-players.json"))
    by_name = {p.name: p for p in sheet.players}
    # Anna 112+1+0+2+1+7//5=117; Ben 109+2+1+0+3+11//5=117; Clara 98+0+0+1+0+3//5=99
    assert {n: p.total for n, p in by_name.items()} == {"Anna": 117, "Ben": 117, "Clara": 99}
    assert sheet.winners == ["Ben"]  # 4 empty fields against Anna's 2
    tie = sheet_for(example("castles-of-tuscany-tie.json"))
    # Dario 95+1+1+1+1+2 = 101, Emma 97+0+0+2+0+2 = 101; 3 empty fields each; Emma 40 green > 38
    assert [p.total for p in tie.players] == [101, 101]
    assert tie.winners == ["Emma"]


# ------------------------------------------------------------------ validation names the field

@pytest.mark.parametrize("mutate,field,fragment", [
    (lambda d: d["players"][0].pop("red"), "$.players[0].red", "missing"),
    (lambda d: d["players"][1].__setitem__("marble", -1), "$.players[1].marble", "at least 0"),
    (lambda d: d["players"][1].__setitem__("cards", "7"), "$.players[1].cards", "whole number"),
    (lambda d: d["players"][2].__setitem__("workers", True), "$.players[2].workers", "whole number"),
    (lambda d: d["players"][0].__setitem__("empty_fields", 30), "$.players[0].empty_fields", "at most 29"),
    # 1 storage space on the player board and at most 4 "+1 storage space" bonus tiles (setup and 3 cities)
    (lambda d: d["players"][0].__setitem__("tiles", 6), "$.players[0].tiles", "at most 5"),
    (lambda d: d["players"][0].__setitem__("hexagons", 5), "$.players[0].hexagons", "storage spaces"),
    (lambda d: d["players"][2].__setitem__("red", 20), "$.players[2].red", "third scoring"),
    (lambda d: d["players"][0].__setitem__("colour", "red"), "$.players[0].colour", "not a known field"),
    (lambda d: d.__setitem__("game", "city-of-rome"), "$.game", "castles-of-tuscany"),
    (lambda d: d["players"].__setitem__(slice(1, 3), []), "$.players", "at least 2"),
    (lambda d: d["players"].extend(copy.deepcopy(d["players"][:2])), "$.players", "at most 4"),
    (lambda d: d["players"][1].__setitem__("name", "anna"), "$.players[1].name", "used twice"),
    (lambda d: d["players"][1].__setitem__("name", " "), "$.players[1].name", "needs a name"),
    (lambda d: d.__setitem__("players", {}), "$.players", "must be a list"),
])
def test_impossible_boards_name_the_field(example, mutate, field, fragment):
    data = example("castles-of-tuscany-three-players.json")
    mutate(data)
    with pytest.raises(BoardStateError) as error:
        parse_board_state(data)
    assert error.value.field == field
    assert fragment in error.value.msg.render("en")


def test_registered_and_scores_without_box_data():
    definition = GAMES["castles-of-tuscany"]
    assert (definition.min_players, definition.max_players) == (2, 4)
    sheet = definition.end.score(definition.end.parse_board_state(table(player("A"), player("B"))), {})
    assert sheet.game == "castles-of-tuscany"


# ------------------------------------------------------------------ CLI

@pytest.mark.parametrize("name", ["castles-of-tuscany-three-players.json", "castles-of-tuscany-tie.json"])
def test_cli_scores_the_examples(name, capsys):
    assert main(["score", str(EXAMPLES / name)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("The Castles of Tuscany") and "Winner:" in out
    assert main(["score", str(EXAMPLES / name), "--json", "--lang", "de"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "castles-of-tuscany" and len(data["winners"]) == 1


def test_cli_bad_board_exits_2_naming_the_field(tmp_path, example, capsys):
    data = example("castles-of-tuscany-tie.json")
    data["players"][1]["empty_fields"] = 31
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    assert main(["score", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "$.players[1].empty_fields" in err and "at most 29" in err
    data["players"][1]["empty_fields"] = 3
    data["players"][0]["red"] = 1
    bad.write_text(json.dumps(data), encoding="utf-8")
    assert main(["score", str(bad), "--lang", "de"]) == 2
    assert "$.players[0].red" in capsys.readouterr().err


def test_storage_spaces_hold_at_most_five(example):
    """The player board's space and at most 4 "+1 storage space" bonus tiles (the setup pick, 3 cities)."""
    data = example("castles-of-tuscany-three-players.json")
    data["players"][0].update(tiles=5, hexagons=0)
    data["players"][1].update(tiles=4, hexagons=1)
    parse_board_state(data)
    data["players"][1].update(hexagons=2)
    with pytest.raises(BoardStateError) as error:
        parse_board_state(data)
    assert error.value.field == "$.players[1].hexagons"
    assert "4 tiles and 2 wooden hexagons need more than the 5 storage spaces" in error.value.msg.render("en")


def test_the_end_board_holds_each_player_to_the_storage_spaces_the_tracker_counted():
    """"Plättchen nehmen: ... legt es auf das Ablagefeld seines Tableaus (bzw. auf das zusätzliche Ablagefeld
    eines entsprechenden Bonuskärtchens)": the player board's one space and one per "+1 storage space" bonus
    tile. The tracker knows the bonus tiles each player took: the end board carries each player's spaces
    (Ben took "+1 storage space" in the setup pick: 2; Anna none: 1) and holds the tiles and wooden hexagons
    to them, where a file without them is held to the 5 there can be."""
    definition = GAMES["castles-of-tuscany"]
    config = {"players": [{"name": "Anna", "colour": "white"}, {"name": "Ben", "colour": "orange"}],
              "start_player": 0}
    state = definition.rules.initial_state(config)
    for p, bonus in ((0, "card"), (1, "storage")):
        state = definition.apply(state, {"type": "bonus_tile", "player": p, "bonus": bonus}, config)
    board = definition.end.board_from_tracker(state, config)
    assert [p["storage_spaces"] for p in board["players"]] == [1, 2]
    for p in board["players"]:
        p["red"] = 40  # after the third scoring, red holds the green points
    board["players"][1].update(tiles=1, hexagons=1)
    sheet_for(board)  # Ben's 2 spaces hold a tile and a wooden hexagon
    board["players"][0].update(tiles=1, hexagons=1)
    problems = every_problem(parse_board_state, board)
    assert [(e.field, e.msg.key) for e in problems] == [
        ("$.players[0].hexagons", "castles-of-tuscany.error.storage_full")]
    assert problems[0].msg.render("en") == ("Anna has 1 storage space (the player board's 1 and 0 \"+1 storage "
                                            "space\" bonus tiles): 1 tile and 1 wooden hexagon do not fit")
    assert problems[0].msg.render("de").startswith("Anna hat 1 Ablagefeld (1 auf dem Tableau und 0 Bonuskärtchen")
    assert where("en", GAMES["castles-of-tuscany"], problems[0].field, ["Anna", "Ben"]) == "Anna's wooden hexagons"
    board["players"][0].update(tiles=2, hexagons=0)  # the tiles alone: said at the tiles
    assert [e.field for e in every_problem(parse_board_state, board)] == ["$.players[0].tiles"]
    for spaces in (0, 6, "2"):  # never fewer than the player board's one, never more than 5
        board["players"][0].update(storage_spaces=spaces, tiles=0)
        assert [e.field for e in every_problem(parse_board_state, board)] == ["$.players[0].storage_spaces"]
    del board["players"][0]["storage_spaces"]
    board["players"][0].update(tiles=3, hexagons=2)  # a file without them: the 5 there can be
    assert every_problem(parse_board_state, board) == []
    assert "storage_spaces" not in parse_board_state(board)["players"][0]  # it bounds, it scores nothing
