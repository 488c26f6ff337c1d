"""City of Rome's end-board edits (board moves), in three layers: each move alone on a board, scenarios
from a prepared board (the rulebook city entered space by space and scored), and the moves through the
table hub (the latest board, stale phones refused, one batch all or nothing, a board edited is no longer
entered).

Rulebook (Gebäudeübersicht, Therme): "Baut der Spieler eine Therme, legt er sofort je 1 Siegpunktmarker
für jede zu dieser Therme waagerecht oder senkrecht angrenzende Karte auf diese Therme." Kaiser-Therme:
"Der Spieler legt jedoch zusätzlich 1 weiteren Siegpunktmarker auf die Kaiser-Therme."
"""

import copy
import json
from pathlib import Path

import pytest

from companion.core.definition import InvalidMove
from companion.core.game import Game, make_config
from companion.core.table import TableHub
from companion.games import GAMES
from companion.games.city_of_rome import GAME
from companion.games.city_of_rome.board import space_move, tap_space, therme_markers
from companion.storage import Repository

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "city-of-rome-rulebook.json"
PLAYERS = [{"name": "Anna", "colour": "violet"}, {"name": "Ben", "colour": "orange"},
           {"name": "Carla", "colour": "white"}]


def empty_city():
    return [[None] * 4 for _ in range(4)]


def board(*cities, cards=None):
    """A table's board: one player per city (money 5, no tokens)."""
    cards = cards or [[] for _ in cities]
    return {"game": "city-of-rome", "players": [
        {"name": PLAYERS[i]["name"], "city": city, "money": 5, "influence_tokens": 0, "influence_cards": cards[i]}
        for i, city in enumerate(cities)]}


def apply(table_board, *events):
    """The moves applied one after the other to a copy, as the hub does; the copy returned."""
    out = copy.deepcopy(table_board)
    for event in events:
        move = GAME.board_move(event["type"])
        move.check(event)
        move.apply(out, event, {})
    return out


def start_city():
    city = empty_city()
    city[1][1], city[1][2] = "house-2", "vegetable-farm"
    return city


# ------------------------------------------------------------------ each move alone

def test_a_card_is_laid_on_a_space_that_still_holds_what_the_phone_drew():
    b = board(start_city(), start_city())
    after = apply(b, space_move("city_set", 1, 2, 1, None, card="market"))
    assert after["players"][1]["city"][2][1] == "market" and after["players"][0] == b["players"][0]
    with pytest.raises(InvalidMove) as refused:  # another phone laid a card there meanwhile
        apply(after, space_move("city_set", 1, 2, 1, None, card="arena"))
    assert refused.value.msg.key == "core.error.board_field_changed"
    replaced = apply(after, space_move("city_set", 1, 2, 1, "market", card="arena"))
    assert replaced["players"][1]["city"][2][1] == "arena"


@pytest.mark.parametrize("card, around, markers", [
    ("therme", [(1, 1)], 1), ("therme", [(1, 1), (2, 2), (3, 1)], 3), ("imperial-therme", [(1, 1)], 2),
    ("imperial-therme", [(1, 1), (2, 0), (2, 2), (3, 1)], 5),
    # laid before its neighbours are entered: the fewest it can have been built with
    ("therme", [], 1), ("imperial-therme", [], 2),
])
def test_a_placed_therme_starts_with_the_markers_its_neighbours_give(card, around, markers):
    """Issue 20: a placed Therme started with 0 VP markers and was then refused ("got at least 1")."""
    city = empty_city()
    for r, c in around:
        city[r][c] = "house-2"
    assert therme_markers(city, 2, 1, card) == markers
    after = apply(board(city), space_move("city_set", 0, 2, 1, None, card=card))
    assert after["players"][0]["city"][2][1] == {"card": card, "vp_markers": markers}


def test_the_same_card_again_keeps_its_markers_and_another_therme_gets_its_own():
    city = start_city()
    city[2][1] = {"card": "therme", "vp_markers": 2}
    drawn = city[2][1]
    assert apply(board(city), space_move("city_set", 0, 2, 1, drawn, card="therme"))["players"][0]["city"][2][1] == drawn
    after = apply(board(city), space_move("city_set", 0, 2, 1, drawn, card="imperial-therme"))
    assert after["players"][0]["city"][2][1] == {"card": "imperial-therme", "vp_markers": 2}  # 1 neighbour + 1
    after = apply(board(city), space_move("city_set", 0, 2, 1, drawn, card="school"))
    assert after["players"][0]["city"][2][1] == "school"  # markers only ever lie on a therme


def test_markers_are_set_on_the_therme_there_and_nowhere_else():
    city = start_city()
    city[2][1] = {"card": "imperial-therme", "vp_markers": 2}
    after = apply(board(city), space_move("city_markers", 0, 2, 1, city[2][1], vp_markers=5))
    assert after["players"][0]["city"][2][1] == {"card": "imperial-therme", "vp_markers": 5}
    for bad in (6, -1, "2", True):
        with pytest.raises(InvalidMove):
            apply(board(city), space_move("city_markers", 0, 2, 1, city[2][1], vp_markers=bad))
    with pytest.raises(InvalidMove) as refused:
        apply(board(city), space_move("city_markers", 0, 1, 1, "house-2", vp_markers=1))
    assert refused.value.msg.key == "city-of-rome.error.markers_not_therme"
    with pytest.raises(InvalidMove) as refused:  # the markers were changed on another phone
        apply(after, space_move("city_markers", 0, 2, 1, city[2][1], vp_markers=3))
    assert refused.value.msg.key == "core.error.board_field_changed"


def test_a_space_is_emptied_only_while_it_holds_what_the_phone_drew():
    b = board(start_city())
    assert apply(b, space_move("city_clear", 0, 1, 2, "vegetable-farm"))["players"][0]["city"][1][2] is None
    with pytest.raises(InvalidMove):  # the city was moved meanwhile: that space holds another card now
        apply(apply(b, {"type": "city_shift", "player": 0, "direction": "right"}),
              space_move("city_clear", 0, 1, 2, "vegetable-farm"))


def test_the_whole_city_moves_in_one_move_and_never_off_the_grid():
    b = board(start_city())
    after = apply(b, {"type": "city_shift", "player": 0, "direction": "left"})
    assert after["players"][0]["city"][1][:3] == ["house-2", "vegetable-farm", None]
    with pytest.raises(InvalidMove) as refused:
        apply(after, {"type": "city_shift", "player": 0, "direction": "left"})
    assert refused.value.msg.render("en") == "the city cannot move that way: a card would fall off the 4 × 4"
    with pytest.raises(InvalidMove):
        apply(b, {"type": "city_shift", "player": 0, "direction": "sideways"})


def test_an_influence_card_is_won_or_not_and_never_taken_from_another_player():
    b = board(start_city(), start_city(), start_city(), cards=[[3], [], []])
    after = apply(b, {"type": "influence_card", "player": 0, "card": 6, "won": True})
    assert after["players"][0]["influence_cards"] == [3, 6]
    assert apply(after, {"type": "influence_card", "player": 0, "card": 6, "won": True}) == after  # twice: still won
    assert apply(after, {"type": "influence_card", "player": 0, "card": 3, "won": False})["players"][0][
        "influence_cards"] == [6]
    with pytest.raises(InvalidMove) as refused:
        apply(b, {"type": "influence_card", "player": 1, "card": 3, "won": True})
    assert refused.value.msg.render("en") == "Anna has won influence card 3 already: take it off their board first"
    for bad in ({"card": 4, "won": True}, {"card": 3, "won": 1}, {"card": "3", "won": True}):
        with pytest.raises(InvalidMove):  # card 4 is only in a 2-player game
            apply(b, {"type": "influence_card", "player": 1, **bad})


@pytest.mark.parametrize("event", [
    {"type": "city_set", "player": 0, "row": 4, "column": 0, "card": "market", "expect": None},
    {"type": "city_set", "player": 0, "row": 0, "column": 0, "card": "market"},  # what the phone drew is said
    {"type": "city_set", "player": 0, "row": 0, "column": 0, "card": "palace", "expect": None},
    {"type": "city_set", "player": 0, "row": 0, "column": 0, "card": "temple-juno", "expect": None},  # stack IV
    {"type": "city_set", "player": 5, "row": 0, "column": 0, "card": "market", "expect": None},
    {"type": "city_set", "player": 0, "row": True, "column": 0, "card": "market", "expect": None},
    {"type": "city_set", "player": 0, "row": 0, "column": 0, "card": "market", "expect": None, "markers": 2},
    {"type": "city_clear", "player": 0, "row": 0, "column": 0, "expect": "house-2"},
])
def test_a_move_that_does_not_fit_the_board_is_refused(event):
    b = board(start_city(), start_city(), start_city())
    with pytest.raises(InvalidMove):
        apply(b, event)


def test_a_city_that_is_no_grid_is_not_edited():
    b = board(start_city())
    b["players"][0]["city"] = [["house-2"]]
    with pytest.raises(InvalidMove):
        apply(b, space_move("city_set", 0, 0, 0, "house-2", card="market"))
    with pytest.raises(InvalidMove):
        apply(b, {"type": "city_shift", "player": 0, "direction": "left"})


# ------------------------------------------------------------------ scenarios

def enter_city(table_board, player, target, brush_order=None):
    """The target city entered the way the editor does it: a tap per empty space with the card in hand (a
    therme then its markers if they differ), a filled space selected and then replaced or removed."""
    events = []
    current = copy.deepcopy(table_board)
    for r in range(4):
        for c in range(4):
            want, have = target[r][c], current["players"][player]["city"][r][c]
            if want == have:
                continue
            card = want["card"] if isinstance(want, dict) else want
            if want is None:
                event = space_move("city_clear", player, r, c, have)
            elif have is None:
                event, _ = tap_space(current["players"][player]["city"], player, r, c, card)
            else:
                event = space_move("city_set", player, r, c, have, card=card)
            current = apply(current, event)
            events.append(event)
            now = current["players"][player]["city"][r][c]
            if isinstance(want, dict) and now != want:
                event = space_move("city_markers", player, r, c, now, vp_markers=want["vp_markers"])
                current = apply(current, event)
                events.append(event)
    return current, events


def test_the_rulebook_city_entered_from_the_start_buildings_scores_as_the_rulebook_says():
    """The rulebook's final-scoring example (SCHLUSSWERTUNG): 75 VP, influence card 3 included."""
    example = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    target = example["players"][0]
    table_board = copy.deepcopy(example)
    table_board["players"][0].update(city=start_city(), money=5, influence_tokens=0, influence_cards=[])
    entered, events = enter_city(table_board, 0, target["city"])
    entered = apply(entered, {"type": "board_set", "player": 0, "path": ["money"], "value": 9, "expect": 5},
                    {"type": "board_add", "player": 0, "path": ["influence_tokens"], "delta": 3, "maximum": 999},
                    {"type": "influence_card", "player": 0, "card": 3, "won": True})
    assert entered == example
    assert GAME.end.score(GAME.end.parse_board_state(entered), {}).players[0].total == 75
    # entered in reading order, the therme got its 2 markers from the two cards beside it then; the
    # Kaiser-Therme got 2 + 1 (the house under it was not entered yet) and one tap corrected it to 4
    assert [e for e in events if e["type"] == "city_markers"] == [
        space_move("city_markers", 0, 2, 3, {"card": "imperial-therme", "vp_markers": 3}, vp_markers=4)]


# ------------------------------------------------------------------ through the table hub

@pytest.fixture
def table(tmp_path):
    repo = Repository(tmp_path / "data", GAMES)
    game = Game("g1", GAME, make_config(GAME, copy.deepcopy(PLAYERS), 0))
    repo.save(game)
    hub = TableHub(repo)
    hub.apply("g1", {"type": "stage", "stage": "scoring"})
    return hub


def test_through_the_hub_a_batch_is_all_or_nothing_and_an_edited_board_is_entered_again(table):
    table.apply("g1", {"type": "board_done", "player": 0, "done": True}, {"type": "board_done", "player": 1, "done": True})
    drawn = table.game("g1").board["players"][0]["city"]
    assert drawn[1][1] == "house-2" and drawn[1][2] == "vegetable-farm"  # the start buildings, as they lie
    table.apply("g1", space_move("city_set", 0, 2, 1, None, card="therme"))
    game = Repository(table.repo.dir, GAMES).game("g1")
    assert game.board["players"][0]["city"][2][1] == {"card": "therme", "vp_markers": 1}
    assert game.board_done == [1]  # Anna's board changed: not entered any more; Ben's stays
    with pytest.raises(InvalidMove):  # the second move is stale: neither is applied
        table.apply("g1", space_move("city_set", 0, 0, 1, None, card="market"),
                    space_move("city_clear", 0, 2, 1, {"card": "therme", "vp_markers": 3}))
    assert table.game("g1").board["players"][0]["city"][0][1] is None


def test_two_phones_one_city_the_later_tap_on_a_changed_space_is_refused(table):
    anna_drew = table.game("g1").board["players"][2]["city"][2][2]  # both phones show Carla's empty space
    table.apply("g1", space_move("city_set", 2, 2, 2, anna_drew, card="arena"), by="anna")
    with pytest.raises(InvalidMove) as refused:
        table.apply("g1", space_move("city_set", 2, 2, 2, anna_drew, card="school"), by="ben")
    assert "another phone" in refused.value.msg.render("en")
    table.apply("g1", {"type": "city_shift", "player": 2, "direction": "right"}, by="ben")
    table.apply("g1", {"type": "city_shift", "player": 2, "direction": "down"}, by="anna")  # every tap counts
    city = Repository(table.repo.dir, GAMES).game("g1").board["players"][2]["city"]
    assert city[2][2:] == ["house-2", "vegetable-farm"] and city[3][3] == "arena"


def test_each_edit_says_what_it_did_for_its_undo():
    """Undo on final scoring names the edit it takes back in the game's words (`BoardMove.describe`)."""
    b = board(start_city(), start_city(), start_city())
    events = [space_move("city_set", 1, 2, 1, None, card="imperial-therme"),
              space_move("city_markers", 1, 2, 1, {"card": "imperial-therme", "vp_markers": 2}, vp_markers=3),
              space_move("city_set", 1, 2, 2, None, card="market"),
              space_move("city_clear", 1, 2, 2, "market"),
              {"type": "city_shift", "player": 1, "direction": "left"},
              {"type": "influence_card", "player": 1, "card": 6, "won": True},
              {"type": "influence_card", "player": 1, "card": 6, "won": False}]
    said = []
    for event in events:
        b = apply(b, event)
        said.append(GAME.board_move(event["type"]).describe(event, b))
    assert [m.render("en") for m in said] == [
        "Imperial therme with 2 VP markers on row 3, column 2", "3 VP markers on the Imperial therme on row 3, column 2",
        "Market on row 3, column 3", "row 3, column 3 emptied", "city moved one space left", "influence card 6 won",
        "influence card 6 not won"]
    assert [m.render("de") for m in said][:2] == [
        "Kaiser-Therme mit 2 Siegpunktmarkern auf Reihe 3, Spalte 2",
        "3 Siegpunktmarker auf der Kaiser-Therme auf Reihe 3, Spalte 2"]
    assert said[4].render("de") == "Stadt ein Feld nach links verschoben"
