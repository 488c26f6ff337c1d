"""Milestones during play (rulebook: DAS BAUAMT, DIE MÜHLE, die Bonusplättchen, DAS HANDELSHAUS,
DIE BURG, SPIELENDE): quick scoring, the castle, the end trigger and its countdown, undo by replay."""

import copy
import itertools
import json
import shutil
import threading
from pathlib import Path

import pytest

from companion.core.board import every_problem
from companion.core.definition import InvalidMove
from companion.core.game import Game, make_config
from companion.core.table import TableHub
from companion.core.text import Msg
from companion.games.milestones import GAME
from companion.games.milestones.components import WORKER_KINDS
from companion.storage.repository import Repository
from companion.games.milestones.board import row_of
from companion.games.milestones.moves import castle_choices, castle_confirm
from companion.games.milestones.tracker import bonus_by_kind, keep_options

NAMES = ["Anna", "Ben", "Cleo", "Dora"]
END_TURN = {"type": "end_turn"}
GOODS = ["stone", "wood", "sand", "grain", "coins"]


def new_game(n=3, start=0):
    config = make_config(GAME, [{"name": NAMES[i], "colour": GAME.colours_for(n)[i]} for i in range(n)], start)
    return Game(id="t", definition=GAME, config=config)


def give(s, player, **amounts):
    for counter, delta in amounts.items():
        if delta:
            s.record({"type": "adjust", "player": player, "counter": counter, "delta": delta})


def counters(s, player):
    return s.state["players"][player]["counters"]


def last_log(s, lang="en"):
    return Msg.from_json(s.state["log"][-1]).render(lang)


def unchanged_after(s, event):
    before = (copy.deepcopy(s.state), list(s.events))
    with pytest.raises(InvalidMove) as raised:
        s.record(event)
    assert (s.state, s.events) == before
    return raised.value.msg


# ------------------------------------------------------------------ start of play

@pytest.mark.parametrize("n, target", [(2, 67), (3, 59), (4, 51)])
def test_initial_state(n, target):
    s = new_game(n, start=1)
    assert s.state["target"] == target
    assert s.state["turn"] == 1 and s.state["round"] == 1
    for p in range(n):
        assert counters(s, p) == {"points": 0, "stone": 0, "wood": 0, "sand": 0, "grain": 0, "coins": 1}
    assert [c.id for c in GAME.rules.counters] == ["points"] + GOODS


# ------------------------------------------------------------------ quick scoring, the rulebook's examples

def test_road_section_example():
    """Philipp hands in 1 stone and 1 sand and builds a road section: 2 points."""
    s = new_game()
    give(s, 0, stone=1, sand=1)
    s.record({"type": "road", "player": 0, "number": 2})
    assert counters(s, 0) == {"points": 2, "stone": 0, "wood": 0, "sand": 0, "grain": 0, "coins": 1}
    text = last_log(s)
    assert "Anna builds a road section" in text and "1 stone and 1 sand" in text and "+2" in text
    assert "Straßenabschnitt" in last_log(s, "de")


def test_house_examples():
    """1 stone and 1 wood: the free corners 2 + 1 = 3 points; in the triangle without free number
    fields: no points."""
    s = new_game()
    give(s, 0, stone=2, wood=2)
    s.record({"type": "house", "player": 0, "points": 2 + 1})
    assert counters(s, 0)["points"] == 3
    s.record({"type": "house", "player": 0, "points": 0})
    assert counters(s, 0)["points"] == 3
    assert counters(s, 0)["stone"] == 0 and counters(s, 0)["wood"] == 0
    house = [a for a in GAME.actions(s.state, s.config) if a.id == "house"][0]
    assert 0 in house.value_choices and 3 in house.value_choices


def test_market_example():
    """1 wood and 1 sand: a market between two road sections on a 2 gives 2 points."""
    s = new_game()
    give(s, 1, wood=1, sand=1)
    s.record({"type": "market", "player": 1, "number": 2})
    assert counters(s, 1)["points"] == 2 and counters(s, 1)["wood"] == 0 and counters(s, 1)["sand"] == 0


def test_flour_delivery_example():
    """2 grain: the free fields 3 and 4 give 7 points, and 1 coin from the supply."""
    s = new_game()
    give(s, 0, grain=2)
    s.record({"type": "flour", "player": 0, "points": 3 + 4})
    assert counters(s, 0) == {"points": 7, "stone": 0, "wood": 0, "sand": 0, "grain": 0, "coins": 2}
    assert "+7 points and 1 coin" in last_log(s)


def test_bonus_tiles():
    """+1 when taken; the woodcutter example: 3 wood, and 1 point for the skipped bonus woodcutter."""
    s = new_game()
    s.record({"type": "bonus_taken", "player": 2})
    assert counters(s, 2)["points"] == 1
    give(s, 2, wood=3)
    s.record({"type": "bonus_produced", "player": 2, "workers": 1})
    assert counters(s, 2)["points"] == 2 and counters(s, 2)["wood"] == 3


def test_a_bonus_tile_records_the_worker_kind_it_is_laid_on():
    """"Du musst das Bonusplättchen auf deinem Tableau auf ein Arbeiterfeld der gleichen Sorte legen": the
    tracker asks for that kind and keeps it per player, for the end scoring's worker row."""
    s = new_game()
    action = {a.id: a for a in GAME.actions(s.state, s.config)}["bonus_taken"]
    assert action.field == "kind" and action.value_choices == WORKER_KINDS
    s.record({"type": "bonus_taken", "player": 1, "kind": "wood"})
    s.record({"type": "bonus_taken", "player": 1, "kind": "wood"})
    s.record({"type": "bonus_taken", "player": 1, "kind": "coin"})
    assert s.state["players"][1]["bonus_kinds"] == {"wood": 2, "coin": 1}
    assert s.state["players"][1]["bonus_tiles"] == 3 and counters(s, 1)["points"] == 3
    assert "takes" not in last_log(s) and "Coin minter" in last_log(s)
    for bad in ("marble", 3, ["wood"], {"kind": "wood"}):
        assert unchanged_after(s, {"type": "bonus_taken", "player": 1, "kind": bad}).key == "milestones.error.bonus_kind"


def test_only_15_bonus_tiles():
    s = new_game(4)
    for i in range(15):
        s.record({"type": "bonus_taken", "player": i % 4})
    assert unchanged_after(s, {"type": "bonus_taken", "player": 0}).key == "milestones.error.no_bonus_tiles"


# ------------------------------------------------------------------ a bonus tile needs a worker field
# Die Bonusplättchen: "1. Du musst das Bonusplättchen auf deinem Tableau auf ein Arbeiterfeld der gleichen
# Sorte legen. 2. Auf jedem Arbeiter kann maximal ein Bonusplättchen liegen. 3. Hast du kein freies
# Arbeiterfeld in der Sorte des Bonusplättchens, darfst du es auch nicht aufnehmen!"
# The tracker does not know the kinds of a player's workers (start tiles, tiles bought, the castle's
# covers are not asked), only how many worker fields there can be at most.

def buy_tiles(s, player, count):
    for _ in range(count):
        give(s, player, coins=2)
        s.record({"type": "buy_worker", "player": player})


def test_a_bonus_tile_needs_a_worker_field_without_one():
    """The 2 start tiles show 4 workers ("Diese bilden die Startplättchen, von denen jeder 2 erhält";
    "Jedes Plättchen zeigt 2 Arbeiter"): a fifth bonus tile has no worker left to lie on."""
    s = new_game(3)
    for kind in ("wood", "wood", "stone", "coin"):
        s.record({"type": "bonus_taken", "player": 1, "kind": kind})
    msg = unchanged_after(s, {"type": "bonus_taken", "player": 1, "kind": "sand"})
    assert msg.key == "milestones.error.bonus_no_worker"
    assert msg.render("en") == (
        "Ben has no free worker field for another bonus tile: 4 bonus tiles already lie on workers, at most one "
        "on each, and Ben has at most 4 worker fields (4 from the start tiles, 2 more for each of the 0 worker "
        "tiles bought, never more than the 8 path spaces, one fewer for each of the 0 workers covered at the "
        "castle). If a bonus tile was covered or built over, enter that first.")
    assert "Ben hat kein freies Arbeiterfeld" in msg.render("de")
    buy_tiles(s, 1, 1)  # two more workers
    s.record({"type": "bonus_taken", "player": 1, "kind": "sand"})
    assert s.state["players"][1]["bonus_tiles"] == 5 and counters(s, 1)["points"] == 5


def test_no_ninth_bonus_tile_on_the_8_path_spaces():
    """"Auf den oberen 8 Wegefeldern könnt ihr Arbeiter einstellen": however many worker tiles a player
    buys, 8 workers carry at most 8 bonus tiles (one player was given a 9th)."""
    s = new_game(2)
    buy_tiles(s, 0, 5)  # 4 + 10 workers bought, on 8 path spaces
    assert s.state["worker_fields"][0] == {"bought": 5, "covered": 0, "most": 8}
    for i in range(8):
        s.record({"type": "bonus_taken", "player": 0, "kind": WORKER_KINDS[i % 5]})
    msg = unchanged_after(s, {"type": "bonus_taken", "player": 0, "kind": "grain"})
    assert msg.key == "milestones.error.bonus_no_worker" and "at most 8 worker fields" in msg.render("en")
    s.record({"type": "bonus_taken", "player": 1, "kind": "grain"})  # the other player's board has room


def test_the_castle_covers_a_worker_field_but_leaves_two():
    """DIE BURG: "Du musst eines deiner Arbeiterfelder mit einem Abdeckplättchen abdecken ... Ausnahme:
    Besitzt du insgesamt nur noch 2 Arbeiterfelder, musst du davon keines abdecken." One visit covers one,
    also when the goods are given back in a second entry."""
    s = new_game(2)
    give(s, 0, stone=3, grain=2)  # 6 goods: the castle waits for the choice
    s.record({"type": "castle", "player": 0})
    s.record({"type": "castle", "player": 0, "keep": {"stone": 3}})  # the same visit
    assert s.state["worker_fields"][0] == {"bought": 0, "covered": 1, "most": 3}
    for _ in range(3):
        s.record(END_TURN)
        s.record(END_TURN)
        s.record({"type": "castle", "player": 0})
    assert s.state["worker_fields"][0] == {"bought": 0, "covered": 2, "most": 2}  # 2 left: none covered
    s.record({"type": "bonus_taken", "player": 0, "kind": "wood"})
    s.record({"type": "bonus_taken", "player": 0, "kind": "wood"})
    msg = unchanged_after(s, {"type": "bonus_taken", "player": 0, "kind": "wood"})
    assert "at most 2 worker fields" in msg.render("en") and "each of the 2 workers covered" in msg.render("en")


def test_a_covered_or_built_over_bonus_tile_leaves_the_game():
    """"Achtung: Wenn du ein Arbeiterfeld, auf dem ein Bonusplättchen liegt, mit einem neuen
    Arbeiterplättchen überbaust oder es mit einem Abdeckplättchen abdeckst (siehe Abschnitt „Die Burg“),
    wird das Bonusplättchen sofort aus dem Spiel genommen!" It no longer scores when its worker produces,
    its worker field takes a new tile, the end scoring no longer counts it; the point it brought stays.
    Undo brings it back."""
    s = new_game(3)
    assert "bonus_removed" not in {a.id for a in GAME.actions(s.state, s.config)}  # no tile lies anywhere yet
    for kind in ("wood", "wood", "stone", "coin"):
        s.record({"type": "bonus_taken", "player": 0, "kind": kind})
    action = {a.id: a for a in GAME.actions(s.state, s.config)}["bonus_removed"]
    assert action.per_player and action.field == "kind" and action.value_choices == WORKER_KINDS
    assert [m.render("en") for m in action.choice_labels][:2] == ["Stone cutter", "Woodcutter"]
    s.record({"type": "bonus_removed", "player": 0, "kind": "wood"})
    me = s.state["players"][0]
    assert me["bonus_kinds"] == {"wood": 1, "stone": 1, "coin": 1} and me["bonus_tiles"] == 3
    assert counters(s, 0)["points"] == 4  # the points of taking them stay
    assert last_log(s) == ("Anna's bonus tile on a Woodcutter is covered or built over: it leaves the game "
                           "(that worker no longer scores +1 when it produces)")
    assert s.state["bonus_taken"] == 4  # out of the game, not back on the board
    msg = unchanged_after(s, {"type": "bonus_produced", "player": 0, "workers": 4})
    assert "Anna has 3 bonus tiles on workers" in msg.render("en")
    s.record({"type": "bonus_taken", "player": 0, "kind": "sand"})  # the freed worker field takes one
    msg = unchanged_after(s, {"type": "bonus_removed", "player": 0, "kind": "grain"})
    assert msg.render("en") == ("Anna has no bonus tile on a Grain farmer (bonus tiles of Anna: Woodcutter: 1; "
                                "Stone cutter: 1; Coin minter: 1; Sand worker: 1)")
    assert unchanged_after(s, {"type": "bonus_removed", "player": 1, "kind": "wood"}).render("en") == (
        "Ben has no bonus tile on a Woodcutter (bonus tiles of Ben: none)")
    assert unchanged_after(s, {"type": "bonus_removed", "player": 0, "kind": "gold"}).key == "milestones.error.bonus_kind"
    s.record({"type": "bonus_removed", "player": 0, "kind": "wood"})
    assert "wood" not in s.state["players"][0]["bonus_kinds"]
    s.undo()
    assert s.state["players"][0]["bonus_kinds"]["wood"] == 1 and s.state["players"][0]["bonus_tiles"] == 4


def test_a_bonus_tile_taken_before_the_kind_was_asked_can_leave_the_game():
    """Games saved before the tracker asked for the kind: such a tile lay on some worker; naming the kind
    when it is covered takes it off."""
    s = new_game(2)
    s.record({"type": "bonus_taken", "player": 0})
    s.record({"type": "bonus_removed", "player": 0, "kind": "grain"})
    assert s.state["players"][0]["bonus_tiles"] == 0
    assert unchanged_after(s, {"type": "bonus_removed", "player": 0, "kind": "grain"}).key == \
        "milestones.error.bonus_not_there"


# ------------------------------------------------------------------ what the box holds
# "Es können nur so viele Straßenabschnitte, Häuser und Marktplätze gebaut werden, wie vorhanden sind":
# 48 road pieces and 24 milestones, 12 houses, 12 markets (one on the market stand from the start),
# 12 flour sacks, one per market.

def build_all(s, kind, count, value, n=4):
    cost = {"road": {"stone": 1, "sand": 1}, "house": {"stone": 1, "wood": 1},
            "market": {"wood": 1, "sand": 1}, "flour": {"grain": 2}}[kind]
    field = "number" if kind in ("road", "market") else "points"
    for i in range(count):
        give(s, i % n, **cost)
        s.record({"type": kind, "player": i % n, field: value})


@pytest.mark.parametrize("kind, limit, key", [
    ("road", 24, "milestones.error.limit_road"),
    ("house", 12, "milestones.error.limit_house"),
    ("market", 11, "milestones.error.limit_market"),
])
def test_the_box_limits_road_sections_houses_and_markets(kind, limit, key):
    s = new_game(4)
    build_all(s, kind, limit, 1)  # the last piece in the box can be built
    assert s.state["built"][kind] == limit
    give(s, 0, stone=1, wood=1, sand=1)
    field = "number" if kind in ("road", "market") else "points"
    msg = unchanged_after(s, {"type": kind, "player": 0, field: 1})
    assert msg.key == key
    text = msg.render("en")
    assert f"all {limit}" in text and "Anna" in text
    assert f"alle {limit}" in msg.render("de")
    # the goods stay with the player: nothing was built
    assert counters(s, 0)["stone"] == 1 and counters(s, 0)["wood"] == 1 and counters(s, 0)["sand"] == 1


def test_a_flour_sack_needs_a_market_without_one():
    """The start market takes the first sack; every further delivery needs a built market."""
    s = new_game(2)
    build_all(s, "flour", 1, 3, n=2)  # the market on the market stand
    give(s, 1, grain=2)
    msg = unchanged_after(s, {"type": "flour", "player": 1, "points": 3})
    assert msg.key == "milestones.error.limit_flour"
    assert "each of the 1 markets on the board (the start market and 0 built)" in msg.render("en")
    give(s, 0, wood=1, sand=1)
    s.record({"type": "market", "player": 0, "number": 2})
    s.record({"type": "flour", "player": 1, "points": 3})  # the new market's sack
    assert s.state["built"] == {"road": 0, "house": 0, "market": 1, "flour": 2}


def test_twelve_flour_deliveries_and_no_thirteenth():
    s = new_game(4)
    build_all(s, "market", 11, 1)
    build_all(s, "flour", 12, 2)  # every market of the box, the start market included, has a sack
    give(s, 0, grain=2)
    msg = unchanged_after(s, {"type": "flour", "player": 0, "points": 2})
    assert msg.key == "milestones.error.limit_flour"
    assert "each of the 12 markets on the board (the start market and 11 built)" in msg.render("en")
    assert "jeder der 12 Marktplätze" in msg.render("de")


def test_undo_gives_the_piece_back_to_the_box():
    s = new_game(4)
    build_all(s, "house", 12, 0)
    s.undo()
    give(s, 3, stone=1, wood=1)
    s.record({"type": "house", "player": 3, "points": 2})
    assert s.state["built"]["house"] == 12


def test_bonus_production_needs_as_many_bonus_tiles():
    """Only a worker that carries a bonus tile scores when it produces, at most one tile per worker."""
    s = new_game()
    msg = unchanged_after(s, {"type": "bonus_produced", "player": 1, "workers": 1})
    assert msg.key == "milestones.error.bonus_workers"
    assert msg.render("en") == ("Ben has 0 bonus tiles on workers (at most one per worker): 1 worker with a bonus tile "
                                "cannot have produced")
    assert "1 Arbeiter mit Bonusplättchen kann nicht" in msg.render("de")
    s.record({"type": "bonus_taken", "player": 1})
    s.record({"type": "bonus_taken", "player": 1})
    s.record({"type": "bonus_produced", "player": 1, "workers": 2})  # both bonus workers at once
    assert counters(s, 1)["points"] == 4
    msg = unchanged_after(s, {"type": "bonus_produced", "player": 1, "workers": 3})
    assert "Ben has 2 bonus tiles on workers" in msg.render("en") and "3 workers" in msg.render("en")


def test_worker_tile_costs_2_coins():
    """Philipp pays 2 coins for a worker tile of the display."""
    s = new_game()
    assert unchanged_after(s, {"type": "buy_worker", "player": 0}).key == "milestones.error.missing_goods"
    give(s, 0, coins=1)
    s.record({"type": "buy_worker", "player": 0})
    assert counters(s, 0)["coins"] == 0
    assert s.state["tiles_left"] == 28 - 1


@pytest.mark.parametrize("event, goods", [
    ({"type": "road", "number": 3}, {"stone": 1}),  # no sand
    ({"type": "house", "points": 3}, {"wood": 1}),  # no stone
    ({"type": "market", "number": 3}, {"sand": 1}),  # no wood
    ({"type": "flour", "points": 3}, {"grain": 1}),  # 1 grain of 2
])
def test_building_without_the_goods_is_refused(event, goods):
    s = new_game()
    give(s, 0, **goods)
    msg = unchanged_after(s, {**event, "player": 0})
    assert msg.key == "milestones.error.missing_goods"
    assert "Anna has to hand in" in msg.render("en")


@pytest.mark.parametrize("event", [
    {"type": "road", "player": 0, "number": 0},  # a milestone stands on a number
    {"type": "road", "player": 0, "number": "3"},
    {"type": "road", "player": 0},
    {"type": "road", "player": 5, "number": 3},
    {"type": "road", "player": True, "number": 3},
    {"type": "bonus_produced", "player": 0, "workers": 9},
    {"type": "road", "player": 0, "value": 3},  # event schema 1: only `upgrade_event` reads "value"
    {"type": "castle", "player": 0, "value": 10002},
    {"type": "teleport", "player": 0},
])
def test_malformed_events_are_refused(event):
    s = new_game()
    give(s, 0, stone=1, sand=1)
    unchanged_after(s, event)


def test_actions_offer_one_tap_plus_the_number():
    s = new_game()
    actions = {a.id: a for a in GAME.actions(s.state, s.config)}
    for action_id in ("road", "house", "market", "flour", "bonus_taken", "bonus_produced", "buy_worker"):
        assert actions[action_id].per_player
    for action_id in ("road", "market"):
        assert {1, 2, 3, 4} <= set(actions[action_id].value_choices)  # the rulebook's examples
    assert 7 in actions["flour"].value_choices  # 3 + 4


def test_the_sheet_offers_a_players_actions_and_the_thumb_slot_end_turn_alone():
    """End turn is the game's one next step (not a player's); the castle is on each player's sheet (DIE
    BURG: the player who stops there), after the builds, the bonus tiles and the worker tile, two a row;
    a bonus tile covered and the last worker tile ("Seltener Sonderfall") are folded."""
    s = new_game()
    give(s, 0, stone=1, wood=1)
    s.record({"type": "house", "player": 0, "points": 2})
    s.record({"type": "bonus_taken", "player": 0, "kind": "stone"})  # a tile lies: "covered" is offered
    actions = GAME.actions(s.state, s.config)
    assert [a.id for a in actions if not a.per_player] == ["end_turn"]
    sheet = [a for a in actions if a.per_player]
    assert [a.id for a in sheet if not a.secondary] == [
        "road", "house", "market", "flour", "bonus_taken", "bonus_produced", "buy_worker", "castle"]
    assert [a.id for a in sheet if a.secondary] == ["bonus_removed", "last_worker_tile"]


# ------------------------------------------------------------------ the castle

def test_castle_with_3_goods_or_fewer_keeps_everything():
    s = new_game()
    give(s, 0, stone=2)  # 2 stone + 1 coin = 3
    s.record({"type": "castle"})
    assert counters(s, 0)["stone"] == 2 and counters(s, 0)["coins"] == 1
    assert "keeps all 3 goods" in last_log(s)


def test_castle_counts_all_goods_together_coins_included():
    """Not 3 of each kind: more than 3 goods in all are reduced to 3. 2 stone + 1 wood + 1 coin = 4."""
    s = new_game()
    give(s, 0, stone=2, wood=1)
    kept, labels = castle_choices(s.state, 0)  # the goods kept, as the entry names them
    assert castle_choices(s.state, 1) == ((), ())  # Ben's 1 coin: nothing to choose
    assert all(sum(k.values()) == 3 for k in kept)
    # the ways to keep 3 of {stone, stone, wood, coin}
    assert sorted(map(sorted_items, kept)) == sorted(map(sorted_items, [
        {"stone": 2, "wood": 1}, {"stone": 2, "coins": 1}, {"stone": 1, "wood": 1, "coins": 1}]))
    assert [m.render("en") for m in labels][kept.index({"stone": 1, "wood": 1, "coins": 1})] == \
        "keep 1 stone, 1 wood and 1 coin"
    s.record({"type": "castle", "player": 0, "keep": {"stone": 1, "wood": 1, "coins": 1}})
    c = counters(s, 0)
    assert (c["stone"], c["wood"], c["coins"]) == (1, 1, 1)
    assert "gives back 1 stone and keeps 1 stone, 1 wood and 1 coin" in last_log(s)


def sorted_items(d):
    return tuple(sorted(d.items()))


def test_castle_of_one_kind_needs_no_choice():
    s = new_game()
    give(s, 1, coins=6)  # 7 coins
    s.record(END_TURN)
    assert castle_choices(s.state, 1) == ((), ())
    assert castle_confirm(s.state, s.config, 1).render("en") == (
        "Ben keeps 3 coins and gives back 4 coins, then covers a worker with a cover tile (none with only 2 "
        "workers left).")
    assert castle_confirm(s.state, s.config, 0).render("en") == (
        "Anna has 1 good (coins included), not more than 3: all of them stay. Anna covers a worker with a cover "
        "tile (none with only 2 workers left).")
    s.record({"type": "castle"})  # the player on turn: Ben (as entries saved before the castle was per player)
    assert counters(s, 1)["coins"] == 3
    s.record({"type": "castle", "player": 0})  # a player's sheet names the player
    assert s.state["worker_fields"][0]["covered"] == 1


def test_castle_without_a_choice_waits_for_the_goods_to_be_given_back():
    s = new_game()
    give(s, 0, stone=3, grain=2)  # 6 goods
    s.record({"type": "castle", "player": 0})
    assert any(m.key == "milestones.status.castle" for m in GAME.rules.status(s.state, s.config))
    assert unchanged_after(s, END_TURN).key == "milestones.error.castle_pending"
    give(s, 0, stone=-2, grain=-1)
    assert not any(m.key == "milestones.status.castle" for m in GAME.rules.status(s.state, s.config))
    s.record(END_TURN)
    assert s.state["turn"] == 1


@pytest.mark.parametrize("keep", [
    {"stone": 2},  # only 2
    {"stone": 4},  # holds 3
    {"wood": 3},  # holds none
    {"stone": 1, "grain": 1, "coins": 2},  # 4
])
def test_castle_rejects_impossible_choices(keep):
    s = new_game()
    give(s, 0, stone=3, grain=2)
    unchanged_after(s, {"type": "castle", "keep": keep})


@pytest.mark.parametrize("held", [
    {"stone": 2, "wood": 2}, {"stone": 1, "wood": 1, "sand": 1, "grain": 1, "coins": 3},
    {"grain": 5, "coins": 2}, {"sand": 1, "coins": 1},
])
def test_keep_options_are_every_way_to_keep_3(held):
    c = {g: held.get(g, 0) for g in GOODS}
    c["coins"] = held.get("coins", 0)
    units = [g for g in GOODS for _ in range(c[g])]
    expected = set() if len(units) <= 3 else {
        tuple(sorted((g, combo.count(g)) for g in set(combo))) for combo in itertools.combinations(units, 3)}
    got = {sorted_items(k) for k in keep_options(c)}
    assert got == expected


# ------------------------------------------------------------------ turns and the end of the game

def test_turns_go_clockwise_and_rounds_count():
    s = new_game(3, start=1)
    seen = []
    for _ in range(7):
        seen.append((s.state["round"], s.state["turn"]))
        s.record(END_TURN)
    assert seen == [(1, 1), (1, 2), (1, 0), (2, 1), (2, 2), (2, 0), (3, 1)]


@pytest.mark.parametrize("n, target", [(2, 67), (3, 59), (4, 51)])
def test_one_below_the_target_does_not_end_the_game(n, target):
    s = new_game(n)
    give(s, 0, points=target - 1)
    s.record(END_TURN)
    assert s.state["end"] is None and s.state["turn"] == 1


@pytest.mark.parametrize("n, start", [(2, 0), (3, 0), (3, 2), (4, 1), (4, 3)])
def test_reaching_the_target_ends_the_game_after_one_more_turn_each(n, start):
    s = new_game(n, start)
    target = s.state["target"]
    s.record(END_TURN)  # the start player's first turn
    trigger = (start + 1) % n
    give(s, trigger, stone=1, sand=1, points=target - 3)
    s.record({"type": "road", "player": trigger, "number": 3})  # exactly the target field
    assert any(m.key == "milestones.status.ends_after_turn_target" for m in GAME.rules.status(s.state, s.config))
    assert GAME.actions(s.state, s.config)[0].confirm is None  # the others still play: one tap, Undo takes it back
    s.record(END_TURN)
    others = [(trigger + k) % n for k in range(1, n)]
    assert s.state["end"] == {"by": trigger, "reason": "target", "pending": others}
    assert s.state["players"][trigger]["done"]
    # the game is over for the trigger: no more scoring for them
    assert unchanged_after(s, {"type": "bonus_taken", "player": trigger}).key == "milestones.error.player_done"
    played = []
    while not s.state["finished"]:
        played.append(s.state["turn"])
        s.record({"type": "bonus_taken", "player": s.state["turn"]})  # the others may still score
        s.record(END_TURN)
    assert played == others
    assert GAME.actions(s.state, s.config) == []
    assert [m.key for m in GAME.rules.status(s.state, s.config)] == ["milestones.status.finished"]
    assert unchanged_after(s, END_TURN).key == "milestones.error.game_over"


def test_passing_the_target_with_the_points_counter_counts_too():
    s = new_game(2)
    give(s, 0, points=70)
    s.record(END_TURN)
    assert s.state["end"]["by"] == 0 and s.state["turn"] == 1
    s.record(END_TURN)
    assert s.state["finished"]


def test_countdown_shows_who_is_still_to_play():
    s = new_game(4)
    give(s, 0, points=51)
    s.record(END_TURN)
    lines = [m.render("en") for m in GAME.rules.status(s.state, s.config)]
    assert "Anna reached the target field 51. Last turns still to play: Ben, Cleo, Dora" == lines[0]
    assert "Ben's turn" in lines[1]
    s.record(END_TURN)
    s.record(END_TURN)
    assert GAME.actions(s.state, s.config)[0].confirm.key == "milestones.confirm.end_turn_last"


def test_buying_the_last_worker_tile_ends_the_game_like_the_target():
    s = new_game(2)  # 5 in the display + 25 in the draw pile
    assert s.state["tiles_left"] == 30
    give(s, 0, coins=2 * 30)
    for _ in range(29):
        s.record({"type": "buy_worker", "player": 0})
    assert s.state["last_tile_by"] is None
    s.record({"type": "buy_worker", "player": 0})
    assert s.state["last_tile_by"] == 0
    assert "the last worker tile" in last_log(s)
    assert not any(a.id in ("buy_worker", "last_worker_tile") for a in GAME.actions(s.state, s.config))
    s.record(END_TURN)
    assert s.state["end"] == {"by": 0, "reason": "last_tile", "pending": [1]}
    s.record(END_TURN)
    assert s.state["finished"]


def test_last_worker_tile_action():
    s = new_game(3)
    s.record(END_TURN)
    give(s, 1, coins=1)
    action = [a for a in GAME.actions(s.state, s.config) if a.id == "last_worker_tile"][0]
    assert action.confirm is not None
    s.record({"type": "last_worker_tile", "player": 1})
    assert s.state["tiles_left"] == 0 and counters(s, 1)["coins"] == 0
    s.record(END_TURN)
    assert s.state["end"] == {"by": 1, "reason": "last_tile", "pending": [2, 0]}


def test_late_entry_for_a_player_whose_turn_is_over():
    """Ben's points, entered during Cleo's turn, reach the target: counted from Ben's last turn, Cleo
    (playing now) has had her last turn; Dora and Anna still play once."""
    s = new_game(4)
    s.record(END_TURN)  # Anna
    s.record(END_TURN)  # Ben
    give(s, 1, points=51)
    assert any(m.key == "milestones.status.late_trigger" for m in GAME.rules.status(s.state, s.config))
    s.record(END_TURN)  # Cleo
    assert s.state["end"] == {"by": 1, "reason": "target", "pending": [3, 0]}
    assert [p["done"] for p in s.state["players"]] == [False, True, True, False]
    assert s.state["turn"] == 3
    s.record(END_TURN)
    s.record(END_TURN)
    assert s.state["finished"]


@pytest.mark.parametrize("late_first", [True, False])
def test_the_player_on_turn_and_a_late_entry_both_on_the_target_the_player_on_turn_ends_it(late_first):
    """SPIELENDE: "Für den Spieler, der das Spielende auslöst, ist das Spiel beendet. ... Jeder der anderen
    Spieler kommt dann noch genau ein Mal dran." Ben's points, entered late during Cleo's turn, and Cleo's
    own both reach 51: the one on turn, Cleo, is taken as the trigger, whichever was entered first; Ben,
    whose turn is over, plays once more like Dora and Anna."""
    s = new_game(4)
    s.record(END_TURN)  # Anna
    s.record(END_TURN)  # Ben
    entries = [(1, 51), (2, 51)] if late_first else [(2, 51), (1, 51)]
    for player, points in entries:
        give(s, player, points=points)
    status = [m.key for m in GAME.rules.status(s.state, s.config)]
    assert "milestones.status.ends_after_turn_target" in status and "milestones.status.late_trigger" not in status
    assert GAME.actions(s.state, s.config)[0].confirm is None
    s.record(END_TURN)  # Cleo
    assert s.state["end"] == {"by": 2, "reason": "target", "pending": [3, 0, 1]}
    assert [p["done"] for p in s.state["players"]] == [False, False, True, False]
    played = []
    while not s.state["finished"]:
        played.append(s.state["turn"])
        s.record(END_TURN)
    assert played == [3, 0, 1]


def test_the_player_on_turn_on_the_target_ends_it_before_a_late_last_worker_tile():
    """"Sollte ein Spieler das letzte Arbeiterplättchen aus der Auslage kaufen, löst er damit das Spielende in
    gleicher Weise aus": Ben's purchase of the last tile, entered late, and Cleo on the target in her own
    turn: the player on turn ends the game."""
    s = new_game(4)
    s.record(END_TURN)  # Anna
    s.record(END_TURN)  # Ben
    give(s, 1, coins=1)
    s.record({"type": "last_worker_tile", "player": 1})
    give(s, 2, points=51)
    s.record(END_TURN)  # Cleo
    assert s.state["end"] == {"by": 2, "reason": "target", "pending": [3, 0, 1]}


def test_undo_and_redo_replay_the_end_trigger():
    s = new_game(3)
    give(s, 0, points=58)
    s.record(END_TURN)
    before_trigger = copy.deepcopy(s.state)
    s.record(END_TURN)  # Ben
    s.record(END_TURN)  # Cleo
    give(s, 0, points=1)  # Anna on 59
    s.record(END_TURN)
    assert s.state["end"]["by"] == 0
    triggered = copy.deepcopy(s.state)
    for _ in range(4):
        s.undo()
    assert s.state == before_trigger
    for _ in range(4):
        s.redo()
    assert s.state == triggered
    # a game read back from its JSON replays to the same state
    again = Game.from_json(s.to_json(), {"milestones": GAME})
    assert again.state == triggered


def test_board_from_tracker_prefills_points_and_goods():
    """The score track and every good left, from real entries. The worker row is not prefilled: the
    tracker knows neither the kinds of the start tiles and the tiles bought nor which workers were
    covered; its bonus tiles come along when the workers are entered (see the next tests)."""
    s = new_game(2)
    give(s, 0, stone=2, sand=2, wood=2, grain=4, coins=2)
    s.record({"type": "road", "player": 0, "number": 3})     # 1 stone + 1 sand: +3
    s.record({"type": "market", "player": 0, "number": 2})   # 1 wood + 1 sand: +2
    data = GAME.end.board_from_tracker(s.state, s.config)
    assert data["players"][0] == {"name": "Anna", "points": 5,
                                  "goods": {"stone": 1, "wood": 1, "sand": 0, "grain": 4, "coins": 3},
                                  "workers": [None] * 8}
    s.record({"type": "flour", "player": 0, "points": 7})    # 2 grain: +7 and 1 coin
    s.record({"type": "buy_worker", "player": 0})            # 2 coins
    s.record({"type": "bonus_taken", "player": 1, "kind": "sand"})  # +1
    data = GAME.end.board_from_tracker(s.state, s.config)
    assert [(p["name"], p["points"], p["goods"]) for p in data["players"]] == [
        ("Anna", 12, {"stone": 1, "wood": 1, "sand": 0, "grain": 2, "coins": 2}),
        ("Ben", 1, {"stone": 0, "wood": 0, "sand": 0, "grain": 0, "coins": 1})]
    # the empty rows are for the players to fill in: not a board that can be scored yet (2 workers at least)
    assert [e.msg.key for e in every_problem(GAME.end.parse_board_state, data)] == ["milestones.error.too_few_workers"] * 2
    data["players"][0]["workers"][:2] = ["wood", "wood"]
    data["players"][1]["workers"][:2] = [{"kind": "sand", "bonus": True}, "stone"]
    sheet = GAME.end.score(GAME.end.parse_board_state(data), {})
    assert [p.total for p in sheet.players] == [12 + 5, 1 + 5 + 5]  # wood for Anna; sand and stone for Ben


def test_every_log_and_status_line_is_translated():
    s = new_game(3)
    give(s, 0, stone=3, wood=2, sand=2, grain=2, coins=3)
    for event in ({"type": "road", "player": 0, "number": 1}, {"type": "house", "player": 0, "points": 4},
                  {"type": "market", "player": 0, "number": 2}, {"type": "flour", "player": 0, "points": 5},
                  {"type": "bonus_taken", "player": 0}, {"type": "bonus_taken", "player": 0},
                  {"type": "bonus_produced", "player": 0, "workers": 2},
                  {"type": "buy_worker", "player": 0}, {"type": "castle"}):
        s.record(event)
    # 1 stone and 3 coins left: 4 goods of two kinds, so the castle waits for a choice
    assert counters(s, 0)["stone"] == 1 and counters(s, 0)["coins"] == 3
    castle_lines = [m for m in GAME.rules.status(s.state, s.config) if m.key == "milestones.status.castle"]
    assert len(castle_lines) == 1
    lines = list(castle_lines) + [Msg.from_json(m) for m in s.state["log"]]
    s.record({"type": "castle", "keep": {"coins": 3}})
    give(s, 0, points=60)
    s.record(END_TURN)
    lines += [Msg.from_json(m) for m in s.state["log"]] + GAME.rules.status(s.state, s.config)
    lines += [a.label for a in GAME.actions(s.state, s.config)]
    for lang in ("en", "de"):
        for m in lines:
            text = m.render(lang)
            assert "milestones." not in text and "{" not in text, text


def test_the_round_goes_on_counting_during_the_last_turns():
    s = new_game(3, start=0)
    s.record(END_TURN)  # Anna -> Ben
    s.record(END_TURN)  # Ben -> Carla
    assert s.state["round"] == 1 and s.state["turn"] == 2
    give(s, 2, points=59)
    s.record(END_TURN)  # Carla triggers; play passes the start player: round 2, Anna's last turn
    assert s.state["end"]["pending"] == [0, 1]
    assert (s.state["turn"], s.state["round"]) == (0, 2)
    s.record(END_TURN)  # Anna -> Ben, same round
    assert (s.state["turn"], s.state["round"]) == (1, 2)


# ------------------------------------------------------------------ games saved before event schema 2

@pytest.mark.parametrize("old, new", [
    ({"type": "road", "player": 0, "value": 3}, {"type": "road", "player": 0, "number": 3}),
    ({"type": "market", "player": 1, "value": 5}, {"type": "market", "player": 1, "number": 5}),
    ({"type": "house", "player": 2, "value": 0}, {"type": "house", "player": 2, "points": 0}),
    ({"type": "flour", "player": 0, "value": 7}, {"type": "flour", "player": 0, "points": 7}),
    ({"type": "bonus_produced", "player": 0, "value": 2}, {"type": "bonus_produced", "player": 0, "workers": 2}),
    # the castle's choice was packed digits: stone, wood, sand, grain, coins
    ({"type": "castle", "value": 10002}, {"type": "castle", "keep": {"stone": 1, "coins": 2}}),
    ({"type": "castle", "player": 2, "value": 1011}, {"type": "castle", "player": 2,
                                                      "keep": {"wood": 1, "grain": 1, "coins": 1}}),
    ({"type": "castle", "value": 300}, {"type": "castle", "keep": {"sand": 3}}),
    # already named, or nothing to name: unchanged
    ({"type": "castle", "keep": {"grain": 2, "stone": 1}},) * 2,
    ({"type": "castle"},) * 2,
    ({"type": "end_turn"},) * 2,
    ({"type": "buy_worker", "player": 1},) * 2,
    ({"type": "adjust", "player": 0, "counter": "coins", "delta": 2},) * 2,
    ({"type": "castle", "value": -1},) * 2,  # never valid: the replay refuses it
])
def test_upgrade_from_event_schema_1(old, new):
    s = new_game()
    assert GAME.upgrade(old, 1, s.state, s.config) == new


def test_offered_numbers_go_under_their_names():
    s = new_game()
    fields = {a.id: a.field for a in GAME.actions(s.state, s.config) if a.value_choices}
    assert fields == {"road": "number", "house": "points", "market": "number", "flour": "points",
                      "bonus_produced": "workers", "bonus_taken": "kind"}
    s.record({"type": "bonus_taken", "player": 0, "kind": "wood"})
    assert {a.id: a.field for a in GAME.actions(s.state, s.config) if a.value_choices}["bonus_removed"] == "kind"


def test_a_bonus_tile_that_left_the_game_is_not_on_the_end_board():
    """The end-scoring form lays the tracker's bonus tiles on the first workers of their kind entered: a
    tile covered or built over during play is not among them."""
    s = new_game(2)
    s.record({"type": "bonus_taken", "player": 0, "kind": "wood"})
    s.record({"type": "bonus_taken", "player": 0, "kind": "wood"})
    s.record({"type": "bonus_removed", "player": 0, "kind": "wood"})
    tracked = bonus_by_kind(s.state, 0)
    assert tracked == {"wood": 1}
    board = GAME.end.board_from_tracker(s.state, s.config)
    for index in (0, 1):
        GAME.board_move("path_space").apply(board, {"type": "path_space", "player": 0, "space": index, "kind": "wood",
                                                    "expect": None, "tracked": tracked}, s.config)
    assert row_of(board["players"][0])[:2] == [("wood", True), ("wood", False)]


# ------------------------------------------------------------------ every entry is a move of its own

def test_each_kind_of_entry_is_a_move_with_its_own_parameters():
    """A move per event type, with exactly its parameters: a key another move has is refused as a typo."""
    params = {name: GAME.move(name).params for name in (
        "end_turn", "castle", "road", "house", "market", "flour", "bonus_taken", "bonus_produced", "bonus_removed",
        "buy_worker", "last_worker_tile")}
    assert params == {"end_turn": (), "castle": ("player", "keep"), "road": ("player", "number"),
                      "house": ("player", "points"), "market": ("player", "number"), "flour": ("player", "points"),
                      "bonus_taken": ("player", "kind", "before_bound"), "bonus_produced": ("player", "workers"),
                      "bonus_removed": ("player", "kind"), "buy_worker": ("player",), "last_worker_tile": ("player",)}
    s = new_game()
    give(s, 0, stone=1, sand=1)
    for event in ({"type": "road", "player": 0, "points": 3}, {"type": "end_turn", "player": 0},
                  {"type": "buy_worker", "player": 0, "kind": "wood"}):
        assert unchanged_after(s, event).key == "core.error.bad_event"


def test_the_offers_follow_the_declared_moves_and_end_with_the_game():
    s = new_game(2)
    assert [a.id for a in GAME.actions(s.state, s.config)] == [
        "end_turn", "road", "house", "market", "flour", "bonus_taken", "bonus_produced", "buy_worker", "castle",
        "last_worker_tile"]
    give(s, 0, points=67)
    s.record(END_TURN)
    s.record(END_TURN)
    assert s.state["finished"] and GAME.actions(s.state, s.config) == []
    assert unchanged_after(s, {"type": "bonus_taken", "player": 1}).key == "milestones.error.game_over"


# ------------------------------------------------------------------ End turn asks only at the game's end

def end_turn_question(s, lang="en"):
    action = next(a for a in GAME.actions(s.state, s.config) if a.id == "end_turn")
    return action.confirm.render(lang) if action.confirm is not None else None


def test_end_turn_acts_at_once_and_asks_only_on_the_last_turn_of_the_game():
    """Issue 39: End turn is the most frequent step, one tap, undone from the bar like any entry; an
    ordinary turn, the end trigger and the last turns ask nothing. Only the game's last turn asks first,
    since it ends the game (SPIELENDE: "Jeder der anderen Spieler kommt dann noch genau ein Mal dran")."""
    s = new_game(3, start=1)
    for _ in range(3):
        assert end_turn_question(s) is None
        assert GAME.actions(s.state, s.config)[0].ends_turn  # the sheet's "Done · End Ben's turn"
        s.record(END_TURN)
    give(s, 1, points=59)
    assert end_turn_question(s) is None  # Ben triggers the end: Cleo and Anna play once more
    s.record(END_TURN)
    assert end_turn_question(s) is None
    s.record(END_TURN)
    assert end_turn_question(s) == "This is the last turn of the game. End it and go to the final scoring?"
    assert end_turn_question(s, "de") is not None
    s.record(END_TURN)
    assert s.state["finished"]
    s.undo()
    assert not s.state["finished"]


# ------------------------------------------------------------------ games saved under event schema 2
# Die Bonusplättchen: "Auf jedem Arbeiter kann maximal ein Bonusplättchen liegen." Since event schema 3
# a bonus tile needs a worker field without one; games saved before may hold more tiles than that.

BEFORE_BOUND = Path(__file__).parent / "data" / "milestones-before-bound"


def test_a_bonus_tile_saved_under_schema_2_is_marked_and_replays_beyond_the_bound():
    s = new_game(2)
    for kind in ("wood", "wood", "stone", "sand"):
        s.record({"type": "bonus_taken", "player": 0, "kind": kind})
    old = {"type": "bonus_taken", "player": 0, "kind": "coin"}
    assert unchanged_after(s, old).key == "milestones.error.bonus_no_worker"  # as a new entry: refused
    for schema in (1, 2):  # a tile of schema 1 (without its kind) the same, chained
        assert GAME.upgrade(old, schema, s.state, s.config) == {**old, "before_bound": True}
    s.record(GAME.upgrade(old, 2, s.state, s.config))
    assert s.state["players"][0]["bonus_tiles"] == 5 and counters(s, 0)["points"] == 5
    # the tiles from now on are held to the bound, the old ones counted
    assert unchanged_after(s, {"type": "bonus_taken", "player": 0, "kind": "grain"}).key == "milestones.error.bonus_no_worker"
    assert GAME.upgrade({"type": "bonus_removed", "player": 0, "kind": "coin"}, 2, s.state, s.config) == {
        "type": "bonus_removed", "player": 0, "kind": "coin"}  # nothing else changes its meaning
    for bad in (1, "yes", None):
        assert unchanged_after(s, {**old, "before_bound": bad}).key == "core.error.bad_event"


def test_a_tile_marked_before_the_bound_still_needs_one_of_the_8_path_spaces():
    """"Auf den oberen 8 Wegefeldern könnt ihr Arbeiter einstellen" and "Auf jedem Arbeiter kann maximal ein
    Bonusplättchen liegen": an entry marked `before_bound` skips the worker-field count the tracker keeps,
    never the board. A ninth tile on one board is refused, in the game's words, whoever sends it."""
    s = new_game(2)
    for i in range(8):
        s.record({"type": "bonus_taken", "player": 0, "kind": WORKER_KINDS[i % 5], "before_bound": True})
    msg = unchanged_after(s, {"type": "bonus_taken", "player": 0, "kind": "wood", "before_bound": True})
    assert msg.key == "milestones.error.bonus_board_full"
    assert msg.render("en") == ("Anna has no free worker field for another bonus tile: 8 bonus tiles already lie on "
                                "the workers of the 8 path spaces, at most one on each. If a bonus tile was covered "
                                "or built over, enter that first.")
    assert msg.render("de").startswith("Anna hat kein freies Arbeiterfeld für ein weiteres Bonusplättchen: 8 liegen")
    s.record({"type": "bonus_removed", "player": 0, "kind": "wood"})  # one built over: its field is free again
    s.record({"type": "bonus_taken", "player": 0, "kind": "wood", "before_bound": True})
    assert s.state["players"][0]["bonus_tiles"] == 8


def test_two_phones_taking_the_last_free_worker_field_at_once_lay_one_tile(tmp_path):
    """Two phones enter a bonus tile for Anna at the same moment, one worker field left for it ("Hast du kein
    freies Arbeiterfeld in der Sorte des Bonusplättchens, darfst du es auch nicht aufnehmen"): the hub
    applies each to the latest game under its lock, so one is laid and the other refused (3 of the 4 start
    workers carry one)."""
    game = new_game(2)
    for i in range(3):
        game.record({"type": "bonus_taken", "player": 0, "kind": WORKER_KINDS[i % 5]})
    repo = Repository(tmp_path, {"milestones": GAME})
    repo.save(game)
    table = TableHub(repo)
    entry = {"type": "bonus_taken", "player": 0, "kind": "coin"}
    start, outcomes = threading.Barrier(2), []

    def phone(name):
        start.wait()
        try:
            table.apply(game.id, dict(entry), by=name)
            outcomes.append("laid")
        except InvalidMove as refused:
            outcomes.append(refused.msg.key)
    phones = [threading.Thread(target=phone, args=(name,)) for name in ("anna", "ben")]
    for t in phones:
        t.start()
    for t in phones:
        t.join()
    assert sorted(outcomes) == sorted(["laid", "milestones.error.bonus_no_worker"])
    saved = Repository(tmp_path, {"milestones": GAME}).game(game.id)
    assert saved.state["players"][0]["bonus_tiles"] == 4
    assert sum(e["type"] == "bonus_taken" for e in saved.events) == 4


def test_no_phone_can_mark_a_new_tile_as_taken_before_the_bound(tmp_path):
    """`before_bound` is what the upgrade of a game saved under event schema 2 writes (its tiles were taken
    before the worker fields bound them); an entry a phone makes now carrying it is refused by the hub, so
    no phone can lay a tile beyond its free worker fields by claiming an old entry's leeway."""
    game = new_game(2)
    repo = Repository(tmp_path, {"milestones": GAME})
    repo.save(game)
    table = TableHub(repo)
    with pytest.raises(InvalidMove) as refused:
        table.apply(game.id, {"type": "bonus_taken", "player": 0, "kind": "coin", "before_bound": True})
    assert refused.value.msg.key == "core.error.bad_event"
    table.apply(game.id, {"type": "bonus_taken", "player": 0, "kind": "coin"})
    assert Repository(tmp_path, {"milestones": GAME}).game(game.id).state["players"][0]["bonus_tiles"] == 1


def test_a_game_saved_under_schema_2_with_more_tiles_than_workers_resumes_whole(tmp_path):
    """tests/data/milestones-before-bound/milestones.json, saved by the code before the bound (see its
    make_fixtures.py): Anna took 5 bonus tiles with the 4 workers of her start tiles (and 7 with one worker
    tile bought), Ben 4 after a worker was covered at the castle. Loaded today, no entry is set aside, the
    state is the one the old code had, and the game goes on under today's rules."""
    doc = json.loads((BEFORE_BOUND / "milestones.json").read_text(encoding="utf-8"))["session"]["1"]
    expected = json.loads((BEFORE_BOUND / "milestones.state.json").read_text(encoding="utf-8"))
    assert doc["event_schema"] == 2
    (tmp_path / "live").mkdir()
    shutil.copyfile(BEFORE_BOUND / "milestones.json", tmp_path / "live" / f"{doc['id']}.json")
    repo = Repository(tmp_path, {"milestones": GAME})
    loaded = repo.game(doc["id"])
    assert repo.notices == [] and not loaded.set_aside
    assert (loaded.cursor, len(loaded.events)) == (expected["cursor"], expected["events"])
    assert as_then(loaded.state) == kept(expected["at_cursor"])
    redone = Game(loaded.id, GAME, loaded.config, list(loaded.events), len(loaded.events))
    assert as_then(redone.state) == kept(expected["all_redone"])
    # Anna 7 tiles, Ben 4 and the one left undone: every one marked
    assert [e.get("before_bound") for e in loaded.events if e["type"] == "bonus_taken"] == [True] * 12
    assert loaded.state["players"][0]["bonus_tiles"] == 7 > loaded.state["worker_fields"][0]["most"] == 6
    # Without the mark, today's rules would cut the game at Anna's fifth tile.
    bare = [{k: v for k, v in e.items() if k != "before_bound"} for e in loaded.events]
    with pytest.raises(InvalidMove):
        Game(loaded.id, GAME, loaded.config, bare, loaded.cursor).state
    # Saved again, it is a file of schema 3 that loads the same; a new tile is held to the bound.
    repo.save(loaded)
    again = Repository(tmp_path, {"milestones": GAME}).game(doc["id"])
    assert again.to_json()["event_schema"] == 3 and again.events == loaded.events and again.state == loaded.state
    assert unchanged_after(again, {"type": "bonus_taken", "player": 0, "kind": "wood"}).key == \
        "milestones.error.bonus_no_worker"


def as_then(state):
    """A state as the fixture keeps it: what the code of then had (the worker fields are newer), the log
    as messages."""
    return {"state": {k: v for k, v in state.items() if k not in ("log", "worker_fields")},
            "log": json.loads(json.dumps(state["log"]))}


def kept(expected):
    return {"state": expected["state"], "log": expected["log"]}
