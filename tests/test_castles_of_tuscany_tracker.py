"""The Castles of Tuscany during play, against the rulebook (Siegpunkte, Die Plättchen im Einzelnen,
Die 3 Durchgänge, Farbbonus-Plättchen, Wertungen with Anna's scoring example)."""

import pytest

from companion.core.definition import InvalidMove, MissingBoxData
from companion.core.game import Game, make_config
from companion.core.text import Msg
from companion.games import GAMES
from companion.games.castles_of_tuscany import GAME

NAMES = ["Anna", "Ben", "Clara", "Dario"]
# Entries name their choices; the names, spelled out here from the rulebook's lists, not taken from the code.
COLOUR = ("dark_green", "red", "turquoise", "light_green", "grey", "orange", "yellow", "beige")
GOODS = ("card", "marble", "worker", "hexagon", "hexagon_no_space")
TILE = ("quarry", "village", "monastery", "estate", "cart")


def config_for(n=3, start=0, box=None):
    config = make_config(GAME, [{"name": NAMES[i], "colour": GAME.rules.colours[i]} for i in range(n)], start)
    if box is not None:
        config["box"] = box
    return config


def play(events, n=3, start=0, box=None, skip_pick=True):
    """Fold events over a fresh state; by default every player first picks "+1 card" (no points)."""
    config = config_for(n, start, box)
    state = GAME.rules.initial_state(config)
    if skip_pick:
        for k in range(n):
            state = GAME.apply(state, {"type": "bonus_tile", "player": (start + k) % n, "bonus": "card"}, config)
    for event in events:
        state = GAME.apply(state, event, config)
    return state, config


def counters(state, p):
    return state["players"][p]["counters"]


def reveal(p, tiles):
    return {"type": "adjust", "player": p, "counter": "revealed", "delta": tiles}


def rendered(state, lang="en"):
    return [Msg.from_json(line).render(lang) for line in state["log"]]


# ------------------------------------------------------------------ the rulebook's scoring example

def test_rulebook_scoring_example_anna():
    """Anna: green 9 at the end of round 1, red 4 from two yield cards -> 13. Round 2: green on to 22
    and red +2 from a yield card -> 13 + 2 + 22 = 37. Green is not reset."""
    events = [
        {"type": "yield_red", "player": 0, "points": 2},
        {"type": "yield_red", "player": 0, "points": 2},
        {"type": "region", "player": 0, "fields": 3},       # 6 green
        {"type": "region", "player": 0, "fields": 2},       # 3 green -> 9
        reveal(1, 7),                                      # Ben empties stack 1
        {"type": "end_round"},
    ]
    state, config = play(events)
    a = counters(state, 0)
    assert (a["green"], a["red"]) == (9, 13)
    assert state["round"] == 2
    events2 = [
        {"type": "yield_green", "player": 0, "points": 6},  # 15
        {"type": "region", "player": 0, "fields": 3},       # 21
        {"type": "region", "player": 0, "fields": 1},       # 22
        {"type": "yield_red", "player": 0, "points": 2},    # red 15
        reveal(2, 14),                                     # Clara empties stack 2
        {"type": "end_round"},
    ]
    for e in events2:
        state = GAME.apply(state, e, config)
    a = counters(state, 0)
    assert (a["green"], a["red"]) == (22, 37)
    assert state["scorings"][0]["red"][0] == 13 and state["scorings"][1]["red"][0] == 37
    # said in words, never as a formula ("15 + 22 green = 37 red" read as code)
    assert rendered(state)[-2] == ("Scoring 2: Anna: red from 15 to 37 with 22 green points; "
                                   "Ben: no green points, red stays at 0; Clara: no green points, red stays at 0")
    assert rendered(state, "de")[-2].startswith("Wertung 2: Anna: Rot von 15 auf 37 mit 22 grünen Punkten; "
                                                "Ben: keine grünen Punkte, Rot bleibt bei 0")


# ------------------------------------------------------------------ points during play

@pytest.mark.parametrize("size,points", [(1, 1), (2, 3), (3, 6)])
def test_region_completed(size, points):
    state, _ = play([{"type": "region", "player": 1, "fields": size}])
    assert counters(state, 1)["green"] == points
    assert counters(state, 1)["red"] == 0


@pytest.mark.parametrize("size", [0, 4, "3", True, None])
def test_region_sizes_are_1_to_3(size):
    with pytest.raises(InvalidMove):
        play([{"type": "region", "player": 0, "fields": size}])


def test_monastery_example_second_of_three_scores_nothing_the_third_six():
    # Anna: the second yellow field of a 3-region is no completion; the third is: 6 points.
    state, _ = play([{"type": "region", "player": 0, "fields": 3}])
    assert counters(state, 0)["green"] == 6


def test_agriculture_clara_and_benno_examples():
    # Clara: pigs/wine on a region with wine already: 1 new kind = 1 point. Benno's wooden hexagon
    # on a light-green field always counts as one more kind: 1 point. A double tile: up to 2.
    state, _ = play([{"type": "agriculture", "player": 2, "kinds": 1},
                     {"type": "agriculture", "player": 1, "kinds": 1},
                     {"type": "agriculture", "player": 0, "kinds": 2}])
    assert [counters(state, i)["green"] for i in range(3)] == [2, 1, 1]
    with pytest.raises(InvalidMove):
        play([{"type": "agriculture", "player": 0, "kinds": 3}])


def test_yield_cards_points_and_goods():
    state, _ = play([
        {"type": "yield_red", "player": 0, "points": 2},
        {"type": "yield_green", "player": 0, "points": 3},
        {"type": "yield_goods", "player": 0, "goods": "card"},
        {"type": "yield_goods", "player": 0, "goods": "marble"},
        {"type": "yield_goods", "player": 0, "goods": "worker"},
        {"type": "yield_goods", "player": 0, "goods": "hexagon"},
    ])
    c = counters(state, 0)
    assert (c["red"], c["green"], c["cards"], c["marble"], c["workers"], c["hexagons"]) == (2, 3, 6, 1, 1, 1)


def test_second_hexagon_gives_two_red_only_without_a_free_storage_space():
    """Fuhrwerk: "Sollte er mehrere Ertragskarten aufdecken und damit im gleichen Zug auch noch ein zweites
    solches Sechseck erhalten und dafür kein Ablagefeld mehr frei haben, lässt er es im Vorrat liegen und
    erhält stattdessen 2 Siegpunkte auf der roten Zählleiste." With a storage space free, the hexagon is
    laid on it as any other ("legt er es wie gehabt auf das ... Ablagefeld seines Tableaus"), no points."""
    state, config = play([])
    # Ben: the player board's storage space and a "+1 storage space" tile (+2 green at once)
    state = GAME.apply(state, {"type": "bonus_tile", "player": 1, "bonus": "storage"}, config)
    state = GAME.apply(state, adjust(1, "storage", 1), config)  # a tile on one of the 2 spaces
    state = GAME.apply(state, {"type": "yield_goods", "player": 1, "goods": "hexagon_no_space"}, config)
    c = counters(state, 1)
    assert (c["red"], c["hexagons"], c["green"]) == (0, 1, 2)  # onto the free space, no red points
    assert rendered(state)[-1] == ("Ben still has 1 free storage space (of 2): the wooden hexagon goes onto it, "
                                   "no +2 red; 1 wooden hexagon now")
    assert "Ben hat noch 1 freies Ablagefeld (von 2)" in rendered(state, "de")[-1]
    state = GAME.apply(state, {"type": "yield_goods", "player": 1, "goods": "hexagon_no_space"}, config)
    c = counters(state, 1)
    assert (c["red"], c["hexagons"]) == (2, 1)  # both spaces taken now: +2 red, the hexagon stays in the supply
    assert rendered(state)[-1] == "Ben: no free storage space for the wooden hexagon: +2 red (now 2)"


def test_tile_effects_with_bonus_tiles():
    # Quarry with two "+1 marble": 3 marble. Village with one "+1 worker": 2 workers. Estate: 1 wooden
    # hexagon. Cart with one "+1 yield card": 2 yield cards to reveal (three: 4, the rulebook's example).
    # Monastery: 3 cards, "+1 card" does not help.
    config = config_for(2)
    state = GAME.rules.initial_state(config)
    for p, kind in ((0, "marble"), (1, "yield")):
        state = GAME.apply(state, {"type": "bonus_tile", "player": p, "bonus": kind}, config)
    for p, kind in ((0, "marble"), (0, "worker"), (0, "yield"), (1, "yield"), (1, "yield"), (1, "card")):
        state = GAME.apply(state, {"type": "bonus_tile", "player": p, "bonus": kind}, config)
    for tile in ("quarry", "village", "estate", "cart"):
        state = GAME.apply(state, {"type": "tile_effect", "player": 0, "tile": tile}, config)
    c = counters(state, 0)
    assert (c["marble"], c["workers"], c["cards"], c["hexagons"]) == (3, 2, 5, 1)
    assert "reveal 2 yield cards" in rendered(state)[-1]
    for tile in ("monastery", "village", "cart"):
        state = GAME.apply(state, {"type": "tile_effect", "player": 1, "tile": tile}, config)
    assert (counters(state, 1)["cards"], counters(state, 1)["workers"]) == (5 + 3, 1)
    assert "reveal 4 yield cards" in rendered(state)[-1]


# ------------------------------------------------------------------ bonus tiles

def test_bonus_pick_in_turn_order_and_storage_gives_two_green():
    config = config_for(3, start=1)  # Ben starts: Ben, Clara, Anna
    state = GAME.rules.initial_state(config)
    assert "Ben chooses next" in GAME.rules.status(state, config)[1].render("en")
    with pytest.raises(InvalidMove) as refused:
        GAME.apply(state, {"type": "bonus_tile", "player": 0, "bonus": "card"}, config)
    assert "Ben chooses next" in refused.value.msg.render("en")
    state = GAME.apply(state, {"type": "bonus_tile", "player": 1, "bonus": "storage"}, config)
    assert counters(state, 1)["green"] == 2
    state = GAME.apply(state, {"type": "bonus_tile", "player": 2, "bonus": "marble"}, config)
    state = GAME.apply(state, {"type": "bonus_tile", "player": 0, "bonus": "storage"}, config)
    assert [counters(state, i)["green"] for i in range(3)] == [2, 2, 0]
    assert state["bonus_pick"] == []
    # later, from a city: any player, any kind still left
    state = GAME.apply(state, {"type": "bonus_tile", "player": 2, "bonus": "storage"}, config)
    assert counters(state, 2)["green"] == 2
    assert state["players"][2]["bonus"] == {"card": 0, "storage": 1, "marble": 1, "worker": 0, "yield": 0}


def test_only_five_bonus_tiles_of_a_kind():
    events = [{"type": "bonus_tile", "player": p, "bonus": "worker"} for p in (0, 0, 0, 1, 1)]
    state, config = play(events)
    with pytest.raises(InvalidMove) as refused:
        GAME.apply(state, {"type": "bonus_tile", "player": 2, "bonus": "worker"}, config)
    assert "all 5 bonus tiles +1 worker are taken" in refused.value.msg.render("en")
    # the other kinds are still there; "+1 card" has 2 left after the 3 picks
    state = GAME.apply(state, {"type": "bonus_tile", "player": 1, "bonus": "card"}, config)
    state = GAME.apply(state, {"type": "bonus_tile", "player": 2, "bonus": "card"}, config)
    with pytest.raises(InvalidMove) as refused:
        GAME.apply(state, {"type": "bonus_tile", "player": 2, "bonus": "card"}, config)
    assert "all 5 bonus tiles +1 card are taken" in refused.value.msg.render("en")


def test_at_most_four_bonus_tiles_a_player():
    """One from the setup pick and one per city; a board has at most 3 red (city) fields."""
    state, config = play([{"type": "bonus_tile", "player": 0, "bonus": kind} for kind in ("marble", "yield", "worker")])
    assert sum(state["players"][0]["bonus"].values()) == 4  # the setup pick and 3 cities
    with pytest.raises(InvalidMove) as refused:
        GAME.apply(state, {"type": "bonus_tile", "player": 0, "bonus": "storage"}, config)
    assert refused.value.msg.render("en") == (
        "Anna already holds 4 bonus tiles: one from the setup and one per city, and a board has room for at "
        "most 3 cities")
    assert "Anna hat schon 4 Bonuskärtchen" in refused.value.msg.render("de")
    GAME.apply(state, {"type": "bonus_tile", "player": 1, "bonus": "storage"}, config)  # Ben holds 1


# ------------------------------------------------------------------ storage spaces

def adjust(p, counter, delta):
    return {"type": "adjust", "player": p, "counter": counter, "delta": delta}


def test_tiles_in_storage_need_the_storage_bonus_tiles():
    """The player board has one storage space; each "+1 storage space" bonus tile adds one."""
    state, config = play([adjust(0, "storage", 1)])  # the player board's space
    with pytest.raises(InvalidMove) as refused:
        GAME.apply(state, adjust(0, "storage", 1), config)
    assert refused.value.msg.render("en") == (
        "Anna has 1 storage space (the player board's 1 and 0 \"+1 storage space\" bonus tiles): 2 tiles and "
        "0 wooden hexagons do not fit")
    assert "Anna hat 1 Ablagefeld" in refused.value.msg.render("de")
    for _ in range(3):  # three cities, each one more storage space: 4 spaces
        state = GAME.apply(state, {"type": "bonus_tile", "player": 0, "bonus": "storage"}, config)
    state = GAME.apply(state, adjust(0, "storage", 3), config)
    assert counters(state, 0)["storage"] == 4
    with pytest.raises(InvalidMove) as refused:
        GAME.apply(state, adjust(0, "storage", 1), config)
    assert "Anna has 4 storage spaces (the player board's 1 and 3" in refused.value.msg.render("en")
    # Lowering is always possible, and hexagons share the spaces.
    state = GAME.apply(state, adjust(0, "storage", -1), config)
    state = GAME.apply(state, adjust(0, "hexagons", 1), config)
    with pytest.raises(InvalidMove) as refused:
        GAME.apply(state, adjust(0, "hexagons", 1), config)
    assert "3 tiles and 2 wooden hexagons do not fit" in refused.value.msg.render("en")


def test_a_wooden_hexagon_needs_a_free_storage_space():
    """Gutshof: "nimmt er sich 1 Holz-Sechseck aus dem Vorrat und legt es auf die gerade leer gewordene
    Ablagefläche seines Tableaus": the estate placed left its storage space, the hexagon takes it. A second
    hexagon has no space left; an estate whose hexagon finds none means the counters are wrong."""
    state, config = play([adjust(1, "storage", 1)])  # Ben's one storage space holds the estate to place
    state = GAME.apply(state, {"type": "tile_effect", "player": 1, "tile": "estate"}, config)
    assert (counters(state, 1)["storage"], counters(state, 1)["hexagons"]) == (0, 1)
    for goods, tile in (({"type": "yield_goods", "player": 1, "goods": "hexagon"}, "storage_hexagon"),
                        ({"type": "tile_effect", "player": 1, "tile": "estate"}, "storage_estate")):
        with pytest.raises(InvalidMove) as refused:
            GAME.apply(state, goods, config)
        assert refused.value.msg.key == f"castles-of-tuscany.error.{tile}"
        assert "Ben has no free storage space" in refused.value.msg.render("en")
        assert "would hold 0 tiles and 2 wooden hexagons" in refused.value.msg.render("en")
        assert "Ben hat kein freies Ablagefeld" in refused.value.msg.render("de")
    # the rulebook's way out for a second hexagon of a yield card: +2 red instead
    state = GAME.apply(state, {"type": "yield_goods", "player": 1, "goods": "hexagon_no_space"}, config)
    assert (counters(state, 1)["storage"], counters(state, 1)["hexagons"], counters(state, 1)["red"]) == (0, 1, 2)


def test_a_carts_hexagon_goes_onto_the_space_the_cart_left():
    """Fuhrwerk: "Sollte der Spieler hierdurch ein Holz-Sechseck erhalten, legt er es wie gehabt auf das gerade
    leer gewordene Ablagefeld seines Tableaus. Sollte er mehrere Ertragskarten aufdecken und damit im gleichen
    Zug auch noch ein zweites solches Sechseck erhalten und dafür kein Ablagefeld mehr frei haben, lässt er es
    im Vorrat liegen und erhält stattdessen 2 Siegpunkte auf der roten Zählleiste." Anna, one storage space
    holding her cart, a "+1 yield card" bonus tile: 2 yield cards, both with a wooden hexagon. The first goes
    onto the space the cart left (no red points: the cart is no longer counted in storage); only the second
    is worth 2 red."""
    state, config = play([{"type": "bonus_tile", "player": 0, "bonus": "yield"}, adjust(0, "storage", 1)])
    state = GAME.apply(state, {"type": "tile_effect", "player": 0, "tile": "cart"}, config)
    assert counters(state, 0)["storage"] == 0
    assert rendered(state)[-2:] == ["Anna's tile placed leaves its storage space: 0 tiles in storage now",
                                    "Anna places a cart: reveal 2 yield cards and enter each one"]
    assert rendered(state, "de")[-2] == ("Das gelegte Plättchen von Anna verlässt sein Ablagefeld: jetzt 0 Plättchen "
                                         "auf Ablagefeldern")
    state = GAME.apply(state, {"type": "yield_goods", "player": 0, "goods": "hexagon_no_space"}, config)
    assert (counters(state, 0)["hexagons"], counters(state, 0)["red"]) == (1, 0)  # onto the space, no red
    state = GAME.apply(state, {"type": "yield_goods", "player": 0, "goods": "hexagon_no_space"}, config)
    assert (counters(state, 0)["hexagons"], counters(state, 0)["red"]) == (1, 2)  # the second: +2 red
    # the first entered as a plain hexagon is laid there too
    state, config = play([adjust(0, "storage", 1), {"type": "tile_effect", "player": 0, "tile": "cart"},
                          {"type": "yield_goods", "player": 0, "goods": "hexagon"}])
    assert (counters(state, 0)["storage"], counters(state, 0)["hexagons"], counters(state, 0)["red"]) == (0, 1, 0)


@pytest.mark.parametrize("tile", TILE)
def test_every_tile_placed_leaves_its_storage_space(tile):
    """Plättchen legen: "legt 1 Plättchen von einem der Ablagefelder seines Tableaus auf seinen Spielplan":
    whatever it brings, the tile placed is no longer in storage; with none counted there, nothing changes."""
    state, config = play([{"type": "bonus_tile", "player": 0, "bonus": "storage"}, adjust(0, "storage", 2)])
    state = GAME.apply(state, {"type": "tile_effect", "player": 0, "tile": tile}, config)
    assert counters(state, 0)["storage"] == 1
    state, config = play([{"type": "tile_effect", "player": 0, "tile": tile}])
    assert counters(state, 0)["storage"] == 0 and not any("storage space" in line for line in rendered(state))


def test_a_tile_placed_in_a_game_saved_before_schema_3_keeps_the_storage_as_entered():
    """Before event schema 3 the players took the tile placed off "Tiles in storage" themselves: those
    entries are marked when the game is loaded and replay as they were."""
    state, config = play([adjust(0, "storage", 1)])
    old = {"type": "tile_effect", "player": 0, "tile": "quarry"}
    marked = GAME.upgrade(old, 2, state, config)
    assert marked == {**old, "storage_by_hand": True}
    state = GAME.apply(state, marked, config)
    assert (counters(state, 0)["storage"], counters(state, 0)["marble"]) == (1, 1)
    for bad in (1, "yes", None):
        with pytest.raises(InvalidMove):
            GAME.apply(state, {**old, "storage_by_hand": bad}, config)


# ------------------------------------------------------------------ colour bonus (box data)

def test_colour_bonus_needs_box_data_and_says_which():
    state, config = play([])
    with pytest.raises(InvalidMove) as refused:
        GAME.apply(state, {"type": "colour_bonus", "player": 0, "colour": "yellow"}, config)
    assert isinstance(refused.value, MissingBoxData)
    assert refused.value.keys == ["colour_bonus.yellow.I"]
    assert refused.value.game_id == "castles-of-tuscany"
    assert "yellow (monastery), side I" in refused.value.msg.render("en")
    assert state["colour_bonus"]["yellow"] == []  # nothing changed


def test_colour_bonus_first_side_one_second_side_two_then_gone():
    box = {"colour_bonus.yellow.I": 7, "colour_bonus.yellow.II": 4}  # test values, not the real tiles
    state, config = play([{"type": "colour_bonus", "player": 1, "colour": "yellow"}], box=box)
    assert counters(state, 1)["green"] == 7
    with pytest.raises(InvalidMove):  # the same player cannot get it twice
        GAME.apply(state, {"type": "colour_bonus", "player": 1, "colour": "yellow"}, config)
    state = GAME.apply(state, {"type": "colour_bonus", "player": 0, "colour": "yellow"}, config)
    assert counters(state, 0)["green"] == 4
    with pytest.raises(InvalidMove) as refused:
        GAME.apply(state, {"type": "colour_bonus", "player": 2, "colour": "yellow"}, config)
    assert "back in the box" in refused.value.msg.render("en")
    assert any("yellow (monastery) back in the box (done: Ben, Anna)" in line.render("en")
               for line in GAME.rules.status(state, config))  # in words, not "side -"


def test_second_side_value_asked_only_when_needed_and_box_value_event():
    state, config = play([{"type": "colour_bonus", "player": 0, "colour": "red"}],
                         box={"colour_bonus.red.I": 5})
    with pytest.raises(MissingBoxData) as missing:
        GAME.apply(state, {"type": "colour_bonus", "player": 1, "colour": "red"}, config)
    assert missing.value.keys == ["colour_bonus.red.II"]
    state = GAME.apply(state, {"type": "box_value", "key": "colour_bonus.red.II", "value": 3}, config)
    state = GAME.apply(state, {"type": "colour_bonus", "player": 1, "colour": "red"}, config)
    assert (counters(state, 0)["green"], counters(state, 1)["green"]) == (5, 3)
    for bad in ({"type": "box_value", "key": "colour_bonus.pink.I", "value": 3},
                {"type": "box_value", "key": "colour_bonus.red.I", "value": -1},
                {"type": "box_value", "key": "colour_bonus.red.I", "value": "5"}):
        with pytest.raises(InvalidMove):
            GAME.apply(state, bad, config)


def test_game_declares_sixteen_unknown_box_values():
    keys = [b.key for b in GAME.box.values]
    assert len(keys) == len(set(keys)) == 16  # 8 colour-bonus tiles, sides I and II
    assert all(b.known is None for b in GAME.box.values)
    assert "colour_bonus.dark_green.I" in keys and "colour_bonus.beige.II" in keys


# ------------------------------------------------------------------ the rounds

@pytest.mark.parametrize("stack", [1, 2, 3])
def test_round_end_waits_for_the_stack_of_that_round(stack):
    """Round k ends only when someone has emptied stack k (7k tiles revealed); emptying the next
    player's left stack in round 2 does not end it."""
    state, config = play([])
    for k in range(1, stack):
        state = GAME.apply(state, reveal(0, 7), config)
        state = GAME.apply(state, {"type": "end_round"}, config)
    assert state["round"] == stack
    # Ben empties his stack 1 in round 2 (or 3): that is not the end of this round
    state = GAME.apply(state, reveal(1, 7 * (stack - 1) + 6), config)
    assert not any(a.id == "end_round" for a in GAME.actions(state, config))
    with pytest.raises(InvalidMove) as refused:
        GAME.apply(state, {"type": "end_round"}, config)
    assert f"stack {stack}" in refused.value.msg.render("en")
    assert "closest: Ben with 1 tile to go" in GAME.rules.status(state, config)[1].render("en")
    state = GAME.apply(state, reveal(1, 1), config)  # Ben reveals the last tile of stack k
    lines = [line.render("en") for line in GAME.rules.status(state, config)]
    assert f"Ben emptied stack {stack}: play the turn cycle to its end (Clara is last)" in lines[1]
    offered = [a for a in GAME.actions(state, config) if a.id == "end_round"]
    # one tap, asking nothing (issue 39): the game goes on after it, and Undo takes it back
    assert len(offered) == 1 and not offered[0].per_player and offered[0].confirm is None


def test_turn_cycle_ends_with_the_start_players_right_neighbour():
    state, config = play([reveal(3, 7)], n=4, start=2)  # Clara starts; Ben (seat 1) is last
    assert "(Ben is last)" in GAME.rules.status(state, config)[1].render("en")


def test_three_scorings_extra_cycle_then_final():
    state, config = play([{"type": "region", "player": 0, "fields": 1}])  # Anna green 1
    state = GAME.apply(state, reveal(1, 7), config)
    state = GAME.apply(state, {"type": "end_round"}, config)
    assert counters(state, 0)["red"] == 1 and state["round"] == 2
    state = GAME.apply(state, {"type": "region", "player": 0, "fields": 2}, config)  # green 4
    state = GAME.apply(state, reveal(2, 14), config)
    state = GAME.apply(state, {"type": "end_round"}, config)
    assert counters(state, 0)["red"] == 1 + 4 and state["round"] == 3
    state = GAME.apply(state, {"type": "region", "player": 0, "fields": 3}, config)  # green 10
    state = GAME.apply(state, reveal(1, 14), config)  # Ben: 21 revealed, stack 3 empty
    state = GAME.apply(state, {"type": "end_round"}, config)
    # round 3's regular end: no scoring yet, one more full turn cycle
    assert state["extra_cycle"] and not state["finished"]
    assert counters(state, 0)["red"] == 5
    # the extra cycle begins with the start player; its end is the step after the last turn
    assert [a.id for a in GAME.actions(state, config) if not a.per_player] == ["end_extra_cycle", "next_player"]
    assert GAME.rules.player_on_turn(state, config) == 0
    assert "Extra turn cycle: everyone plays once more, Anna first and Clara last" in \
        GAME.rules.status(state, config)[1].render("en")
    with pytest.raises(InvalidMove):
        GAME.apply(state, {"type": "end_round"}, config)
    # green scored in the extra cycle still reaches red at the third scoring
    state = GAME.apply(state, {"type": "region", "player": 0, "fields": 1}, config)  # green 11
    state = GAME.apply(state, {"type": "end_extra_cycle"}, config)
    assert state["finished"]
    assert counters(state, 0)["red"] == 5 + 11 and counters(state, 0)["green"] == 11
    assert [s["round"] for s in state["scorings"]] == [1, 2, 3]
    assert GAME.actions(state, config) == []
    with pytest.raises(InvalidMove):
        GAME.apply(state, {"type": "region", "player": 0, "fields": 1}, config)
    board = GAME.end.board_from_tracker(state, config)
    assert board["players"][0]["red"] == 16 and board["players"][0]["green"] == 11
    GAME.end.score(GAME.end.parse_board_state(board), {})  # the prefilled form is a valid board state


def test_revealed_counter_stops_at_21_and_storage_at_5():
    state, config = play([reveal(0, 21)])
    with pytest.raises(InvalidMove) as refused:
        GAME.apply(state, reveal(0, 1), config)
    assert "cannot go above 21" in refused.value.msg.render("en")
    with pytest.raises(InvalidMove):
        GAME.apply(state, {"type": "adjust", "player": 0, "counter": "storage", "delta": 7}, config)
    assert "all stacks empty" in " ".join(line.render("en") for line in GAME.rules.status(state, config))


def test_initial_state_everyone_at_zero_with_five_cards():
    config = config_for(4)
    state = GAME.rules.initial_state(config)
    for p in state["players"]:
        assert p["counters"] == {"green": 0, "red": 0, "cards": 5, "marble": 0, "workers": 0, "hexagons": 0,
                                 "storage": 0, "revealed": 0}
    assert state["round"] == 1 and state["bonus_pick"] == [0, 1, 2, 3]


@pytest.mark.parametrize("event", [
    {"type": "region", "player": 3, "fields": 1},
    {"type": "region", "player": True, "fields": 1},
    {"type": "region", "fields": 1},
    {"type": "nonsense"},
    {"type": "end_extra_cycle"},
    {"type": "yield_red", "player": 0, "points": 0},
    {"type": "yield_goods", "player": 0, "goods": "silver"},
    {"type": "colour_bonus", "player": 0, "colour": "pink"},
    {"type": "colour_bonus", "player": 0, "colour": 2},     # a position: only games of event schema 1
    {"type": "colour_bonus", "player": 0, "value": 2},
    {"type": "bonus_tile", "player": 0, "value": 1},
    {"type": "region", "player": 0, "value": 2},
])
def test_refused_entries_leave_the_state_alone(event):
    state, config = play([])
    with pytest.raises(InvalidMove):
        GAME.apply(state, event, config)


# ------------------------------------------------------------------ game: replay, undo, redo

def test_undo_and_redo_replay_the_log():
    config = config_for(2)
    game = Game("s", GAMES["castles-of-tuscany"], config)
    game.record({"type": "bonus_tile", "player": 0, "bonus": "storage"})
    game.record({"type": "bonus_tile", "player": 1, "bonus": "marble"})
    game.record({"type": "region", "player": 0, "fields": 3})
    game.record(reveal(1, 7))
    game.record({"type": "end_round"})
    assert counters(game.state, 0)["red"] == 8
    game.undo()
    assert counters(game.state, 0)["red"] == 0 and game.state["round"] == 1
    game.undo()
    assert counters(game.state, 1)["revealed"] == 0
    game.redo()
    game.redo()
    assert counters(game.state, 0)["red"] == 8 and game.state["round"] == 2
    again = Game.from_json(game.to_json(), GAMES)
    assert again.state == game.state
    with pytest.raises(InvalidMove):
        game.record({"type": "end_round"})  # nobody has emptied stack 2
    assert len(game.events) == 5


def test_box_values_from_the_config_are_used_and_unknown_keys_ignored():
    state, config = play([{"type": "colour_bonus", "player": 0, "colour": "grey"}],
                         box={"colour_bonus.grey.I": 6, "something.else": 3})
    assert counters(state, 0)["green"] == 6
    assert "something.else" not in state["box"]


def test_every_message_renders_in_both_languages():
    box = {f"colour_bonus.{c}.{s}": 2 for c in COLOUR for s in ("I", "II")}
    config = config_for(4, start=3, box=box)
    state = GAME.rules.initial_state(config)
    events = [{"type": "bonus_tile", "player": p, "bonus": "storage"} for p in (3, 0, 1, 2)]
    events += [{"type": "tile_effect", "player": 0, "tile": v} for v in TILE]
    events += [{"type": "yield_goods", "player": 1, "goods": v} for v in GOODS]
    events += [{"type": "colour_bonus", "player": p, "colour": "dark_green"} for p in (0, 1)]
    events += [{"type": "agriculture", "player": 2, "kinds": 2}, {"type": "yield_red", "player": 2, "points": 1},
               {"type": "yield_green", "player": 2, "points": 1},
               {"type": "box_value", "key": "colour_bonus.red.I", "value": 3},
               reveal(0, 7), {"type": "end_round"}, reveal(0, 7), {"type": "end_round"}, reveal(0, 7),
               {"type": "end_round"}]
    seen = []
    for event in events:
        state = GAME.apply(state, event, config)
        seen += GAME.rules.status(state, config)
        seen += [a.label for a in GAME.actions(state, config)]
        seen += [a.confirm for a in GAME.actions(state, config) if a.confirm]
        seen += [c for a in GAME.actions(state, config) for c in a.choice_labels]
    state = GAME.apply(state, {"type": "end_extra_cycle"}, config)
    seen += GAME.rules.status(state, config)
    seen += [Msg.from_json(line) for line in state["log"]]
    seen += [c.label for c in GAME.rules.counters] + [b.label for b in GAME.box.values] + [b.source for b in GAME.box.values]
    for lang in ("en", "de"):
        for msg in seen:
            text = msg.render(lang)
            assert "castles-of-tuscany." not in text and "{" not in text, (lang, msg.key, text)


def test_only_the_bonus_pick_is_offered_until_everyone_has_picked():
    config = config_for(2)
    state = GAME.rules.initial_state(config)
    # the thumb slot's "Pick: Anna" and the sheets' Bonus tile
    assert [(a.id, a.per_player, a.player) for a in GAME.actions(state, config)] == [
        ("bonus_tile", False, 0), ("bonus_tile", True, None)]
    pick, bonus = GAME.actions(state, config)
    assert bonus.per_player and [c.render("en") for c in bonus.choice_labels] == [
        "+1 card", "+1 storage space", "+1 marble", "+1 worker", "+1 yield card"]
    assert pick.choice_labels == bonus.choice_labels and pick.value_choices == bonus.value_choices
    state = GAME.apply(state, {"type": "bonus_tile", "player": 0, "bonus": "yield"}, config)
    assert [(a.id, a.player) for a in GAME.actions(state, config)] == [("bonus_tile", 1), ("bonus_tile", None)]
    state = GAME.apply(state, {"type": "bonus_tile", "player": 1, "bonus": "yield"}, config)
    offered = {a.id for a in GAME.actions(state, config)}
    assert offered == {"next_player", "take_tile", "draw_cards", "bonus_tile", "tile_effect", "region",
                       "agriculture", "colour_bonus", "yield_red", "yield_green", "yield_goods"}
    colour = next(a for a in GAME.actions(state, config) if a.id == "colour_bonus")
    assert len(colour.value_choices) == len(colour.choice_labels) == 8
    assert "after 7 tiles revealed" in GAME.rules.status(state, config)[1].render("en")


# ------------------------------------------------------------------ entries by name; games saved before

def test_every_offered_choice_goes_under_the_actions_field():
    """What the tracker screen sends for each offered choice ({type, player, field: value}) is an
    entry the tracker takes; string ids for kinds, numbers for counts."""
    box = {f"colour_bonus.{c}.{s}": 2 for c in COLOUR for s in ("I", "II")}
    state, config = play([], box=box)
    choosing = [a for a in GAME.actions(state, config) if a.value_choices]
    assert {a.id: a.field for a in choosing} == {
        "bonus_tile": "bonus", "region": "fields", "agriculture": "kinds", "colour_bonus": "colour",
        "tile_effect": "tile", "yield_red": "points", "yield_green": "points", "yield_goods": "goods"}
    for action in choosing:
        for value in action.value_choices:
            GAME.apply(state, {"type": action.id, "player": 0, action.field: value}, config)
    colour = next(a for a in choosing if a.id == "colour_bonus")
    assert colour.value_choices == COLOUR


@pytest.mark.parametrize("old, new", [
    ({"type": "bonus_tile", "player": 0, "value": 2}, {"type": "bonus_tile", "player": 0, "bonus": "storage"}),
    ({"type": "bonus_tile", "player": 2, "value": 5}, {"type": "bonus_tile", "player": 2, "bonus": "yield"}),
    ({"type": "colour_bonus", "player": 1, "value": 2}, {"type": "colour_bonus", "player": 1, "colour": "red"}),
    ({"type": "colour_bonus", "player": 1, "value": 8}, {"type": "colour_bonus", "player": 1, "colour": "beige"}),
    ({"type": "tile_effect", "player": 0, "value": 1}, {"type": "tile_effect", "player": 0, "tile": "quarry"}),
    ({"type": "tile_effect", "player": 0, "value": 5}, {"type": "tile_effect", "player": 0, "tile": "cart"}),
    ({"type": "yield_goods", "player": 3, "value": 5},
     {"type": "yield_goods", "player": 3, "goods": "hexagon_no_space"}),
    ({"type": "region", "player": 0, "value": 3}, {"type": "region", "player": 0, "fields": 3}),
    ({"type": "agriculture", "player": 0, "value": 1}, {"type": "agriculture", "player": 0, "kinds": 1}),
    ({"type": "yield_red", "player": 1, "value": 4}, {"type": "yield_red", "player": 1, "points": 4}),
    ({"type": "yield_green", "player": 1, "value": 6}, {"type": "yield_green", "player": 1, "points": 6}),
    # already named, or nothing to name: unchanged
    ({"type": "box_value", "key": "colour_bonus.red.I", "value": 5},) * 2,
    ({"type": "adjust", "player": 0, "counter": "revealed", "delta": 1},) * 2,
    ({"type": "end_round"},) * 2,
    ({"type": "colour_bonus", "player": 1, "colour": "red"},) * 2,
    # a position that never existed stays as it was: the replay refuses it
    ({"type": "colour_bonus", "player": 1, "value": 9},) * 2,
])
def test_upgrade_from_event_schema_1(old, new):
    """Each entry's own move upgrades it from schema 1 (the state before it is not needed); a tile placed
    is marked on the way through schema 2 (see the test of schema 3 above)."""
    state, config = play([])
    if new["type"] == "tile_effect":
        new = {**new, "storage_by_hand": True}
    assert GAME.upgrade(old, 1, state, config) == new
    assert GAME.upgrade(new, GAME.rules.event_schema, state, config) == new  # today's form: nothing to do


def test_the_end_form_prefills_every_value_the_tracker_knows():
    """From a tracker fed by real entries: both tracks, the tiles and wooden hexagons in storage, marble,
    workers and hand cards. The empty fields of each board are not tracked: they start at 0, to count."""
    state, config = play([
        {"type": "bonus_tile", "player": 0, "bonus": "storage"},     # 2 storage spaces, +2 green
        {"type": "region", "player": 0, "fields": 2},                 # +3 green
        {"type": "yield_red", "player": 0, "points": 4},
        {"type": "tile_effect", "player": 0, "tile": "quarry"},       # 1 marble
        {"type": "tile_effect", "player": 0, "tile": "village"},      # 1 worker
        {"type": "tile_effect", "player": 0, "tile": "monastery"},    # 3 cards
        {"type": "tile_effect", "player": 0, "tile": "estate"},       # 1 wooden hexagon
        adjust(0, "storage", 1),                                      # a tile taken to storage
        adjust(0, "cards", -2),                                       # two cards played
        {"type": "yield_goods", "player": 1, "goods": "marble"},
    ])
    board = GAME.end.board_from_tracker(state, config)
    assert board["players"][0] == {"name": "Anna", "red": 4, "green": 5, "storage_spaces": 2, "tiles": 1,
                                   "hexagons": 1, "marble": 1, "workers": 1, "cards": 5 + 3 - 2, "empty_fields": 0}
    assert board["players"][1] == {"name": "Ben", "red": 0, "green": 0, "storage_spaces": 1, "tiles": 0,
                                   "hexagons": 0, "marble": 1, "workers": 0, "cards": 5, "empty_fields": 0}


# ------------------------------------------------------------------ the moves one by one, and through the hub

def test_every_move_takes_exactly_its_params():
    """Each kind of entry declares its keys: a misspelt or extra key is refused, never ignored."""
    box = {f"colour_bonus.{c}.{s}": 2 for c in COLOUR for s in ("I", "II")}
    state, config = play([], box=box)
    good = {"bonus_tile": {"player": 0, "bonus": "marble"}, "region": {"player": 0, "fields": 1},
            "agriculture": {"player": 0, "kinds": 1}, "colour_bonus": {"player": 0, "colour": "red"},
            "tile_effect": {"player": 0, "tile": "quarry"}, "yield_red": {"player": 0, "points": 1},
            "yield_green": {"player": 0, "points": 1}, "yield_goods": {"player": 0, "goods": "card"},
            "box_value": {"key": "colour_bonus.red.I", "value": 4}, "take_tile": {"player": 0},
            "draw_cards": {"player": 0}, "next_player": {}}
    assert set(good) | {"end_round", "end_extra_cycle"} == {m.name for m in GAME.rules.moves}
    for name, params in good.items():
        GAME.apply(state, {"type": name, **params}, config)  # taken as it is
        with pytest.raises(InvalidMove):
            GAME.apply(state, {"type": name, **params, "colour_": "red"}, config)
    with pytest.raises(InvalidMove):
        GAME.apply(state, {"type": "end_round", "player": 0}, config)


def test_the_offers_come_in_the_order_the_table_needs_them():
    """The game's steps first, the round's end before the next turn, the step the game waits for; then a
    player's entries, the turn's actions first; nothing once the game is over. Only the step that ends the
    game (the extra cycle's end: "Das Spiel endet nach der 3. Wertung") asks first."""
    state, config = play([reveal(0, 7)])
    assert [a.id for a in GAME.actions(state, config)] == [
        "end_round", "next_player", "take_tile", "draw_cards", "region", "agriculture", "colour_bonus",
        "tile_effect", "yield_red", "yield_green", "yield_goods", "bonus_tile"]
    assert GAME.actions(state, config)[0].confirm is None
    for event in ({"type": "end_round"}, reveal(0, 7), {"type": "end_round"}, reveal(0, 7), {"type": "end_round"}):
        state = GAME.apply(state, event, config)
    assert [a.id for a in GAME.actions(state, config)][0] == "end_extra_cycle"
    assert GAME.actions(state, config)[0].confirm.render("en").startswith("Has Clara finished the extra turn cycle?")
    state = GAME.apply(state, {"type": "end_extra_cycle"}, config)
    assert GAME.actions(state, config) == []
    with pytest.raises(InvalidMove) as refused:
        GAME.apply(state, {"type": "region", "player": 0, "fields": 1}, config)
    assert refused.value.msg.key == "castles-of-tuscany.error.game_over"


def test_through_the_hub_a_batch_is_all_or_nothing(tmp_path):
    """A tile's value and the colour bonus that needs it, sent together, are both applied; a batch with one
    refused entry leaves the game and its file as they were."""
    from companion.core.table import TableHub
    from companion.storage import Repository

    repo = Repository(tmp_path / "data", GAMES)
    game = Game("c1", GAME, config_for(2))
    game.record({"type": "bonus_tile", "player": 0, "bonus": "card"})
    game.record({"type": "bonus_tile", "player": 1, "bonus": "card"})
    repo.save(game)
    hub = TableHub(repo)
    hub.apply("c1", {"type": "box_value", "key": "colour_bonus.red.I", "value": 5},
              {"type": "colour_bonus", "player": 1, "colour": "red"})
    assert counters(hub.game("c1").state, 1)["green"] == 5
    with pytest.raises(InvalidMove):
        hub.apply("c1", {"type": "box_value", "key": "colour_bonus.grey.I", "value": 2},
                  {"type": "colour_bonus", "player": 1, "colour": "red"})  # Ben has red already
    for seen in (hub.game("c1"), Repository(tmp_path / "data", GAMES).game("c1")):
        assert "colour_bonus.grey.I" not in seen.state["box"] and counters(seen.state, 1)["green"] == 5


def test_a_colour_bonus_value_the_tracker_would_refuse_is_not_kept_as_box_data():
    """The box data's check (Settings, a tile's dialog, a backup) and the tracker agree: 0 to 99."""
    from companion.core.box import check_box_values
    from companion.core.definition import BoardStateError

    assert check_box_values(GAME, {"colour_bonus.red.I": 99, "colour_bonus.red.II": 0}) == {
        "colour_bonus.red.I": 99, "colour_bonus.red.II": 0}
    with pytest.raises(BoardStateError) as refused:
        check_box_values(GAME, {"colour_bonus.red.I": 150})
    assert refused.value.field == "box.colour_bonus.red.I"
    assert refused.value.msg.render("en") == "colour-bonus tile red (city), side I: at most 99 points, found 150"
    with pytest.raises(BoardStateError):  # not a number: the core's check still says so
        check_box_values(GAME, {"colour_bonus.red.I": "3"})
    state, config = play([])
    with pytest.raises(InvalidMove):
        GAME.apply(state, {"type": "box_value", "key": "colour_bonus.red.I", "value": 100}, config)
