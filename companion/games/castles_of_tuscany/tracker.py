"""The Castles of Tuscany during play: the two tracks, goods, bonus tiles, stack progress and the
three scorings (rulebook: Siegpunkte, Die Plättchen im Einzelnen, Die 3 Durchgänge,
Farbbonus-Plättchen, Wertungen).

Its moves (`MOVES`, besides core's generic `adjust` of a counter), each entry naming its choice (see
`named_choice` for the positions that games saved before event schema 2 stored):
- `{"type": "bonus_tile", "player": p, "bonus": kind}`: p takes a bonus tile (`BONUS_KINDS`: "card",
  "storage", "marble", "worker", "yield"); the first one each player takes is the setup pick, in
  turn order. "+1 storage space" also moves the green marker 2 on. A player holds at most 4 (the setup
  pick and one per city, at most 3 cities).
- `{"type": "region", "player": p, "fields": n}`: a region of 1/2/3 fields completed: 1/3/6 green.
- `{"type": "agriculture", "player": p, "kinds": k}`: k agriculture kinds new to the region (1-2).
- `{"type": "colour_bonus", "player": p, "colour": c}`: p filled every field of colour c (`COLOURS`,
  e.g. "dark_green"). The tracker keeps the tiles: the first player gets side I, the second side II,
  then the tile leaves the game. Their points are box data: `state["box"]` (copied from
  `config["box"]` when the game starts, and set or corrected with the `box_value` event). A
  missing value refuses the entry with `BoxValueNeeded`, an InvalidMove that is also a
  MissingBoxData naming the keys.
- `{"type": "tile_effect", "player": p, "tile": t}`: p placed a tile of kind t (`TILE_EFFECTS`):
  quarry 1 marble (+1 per "+1 marble" bonus tile), village 1 worker (+1 per "+1 worker"),
  monastery 3 cards (the "+1 card" bonus does not count), estate 1 wooden hexagon, cart: says how
  many yield cards to reveal (1 + 1 per "+1 yield card"), each then entered as a yield event.
  The tile placed leaves its storage space ("Tiles in storage" one lower, while it counts one), so
  the wooden hexagon of an estate or of a cart's yield card goes onto the space it left; a wooden
  hexagon needs a free storage space: tiles and hexagons in storage never outnumber the spaces (the
  player board's one plus one per "+1 storage space" bonus tile), for the counters too
  (`counter_limit`). Entries saved before event schema 3 carry `"storage_by_hand": true` (the
  players took the tile off the counter themselves then): they replay as they were.
- `{"type": "yield_red" | "yield_green", "player": p, "points": n}`: a yield card's points.
- `{"type": "yield_goods", "player": p, "goods": g}`: a yield card's goods (`GOODS`, one item each;
  "hexagon_no_space": a second wooden hexagon with no free storage space: +2 red, but only when the
  tracker's storage has no free space; with one, the hexagon goes onto it).
- `{"type": "take_tile", "player": p}`: p took a tile from the display and refilled it from their
  leftmost stack ("Plättchen nehmen"): one more tile revealed; once all 21 are out the refill comes
  from the neutral stacks and the stacks stay as they are.
- `{"type": "draw_cards", "player": p}`: p drew cards ("Karten nachziehen"): 3, plus 1 per "+1 card"
  bonus tile.
- `{"type": "box_value", "key": key, "value": points}`: enter or correct a colour-bonus value.
- `{"type": "end_round"}`: the turn cycle in which someone emptied the round's stack is complete.
  Rounds 1 and 2: the scoring (green added onto red, green kept). Round 3: the extra full turn
  cycle starts. Either way the start player has the next turn.
- `{"type": "end_extra_cycle"}`: the extra turn cycle is complete: the third scoring; then the
  final scoring is entered as a board state.
- `{"type": "next_player"}` (core/turns.py): the turn passes clockwise ("Der Startspieler macht den
  ersten Zug, danach geht es im Uhrzeigersinn reihum"); every turn cycle runs from the start player
  to their right neighbour. When the right neighbour is on turn and the cycle ends the round (or is
  the extra cycle), the next step is the round's end, not another turn: "Next" is refused then.
  The order is fixed by the rulebook: the table cannot give the turn to anyone else (no "set_turn").
  `state["turn"]` is the seat on turn (kept since the scoreboard; games saved before start with the
  start player on turn, as every round does).

Reading of "Im 3. Durchgang wird ... nach dem eigentlichen Durchgangsende noch eine komplette
weitere Runde gespielt": the extra turn cycle belongs to round 3, so the third scoring (green onto
red) happens after it, and green points scored in the extra cycle count. The final scoring follows.
"""

from __future__ import annotations

from companion.core.definition import Action, BoardStateError, Counter, InvalidMove, MissingBoxData, Move
from companion.core.moves import seat_of
from companion.core.text import Msg
from companion.core.turns import clockwise, on_turn, turn_moves
from companion.games.castles_of_tuscany.components import (
    BONUS_KINDS, BONUS_TILES_PER_KIND, BONUS_TILES_PER_PLAYER_MAX, BOX_KEYS, CARDS_DRAWN, CITIES_MAX, COLOURS, GAME_ID, HAND,
    MAX_AGRICULTURE_KINDS_PER_TILE,
    NO_SPACE_HEXAGON_RED, REGION_POINTS, SIDES, STACK_SIZE, STACK_TILES, STACKS, STORAGE_BONUS_GREEN,
    STORAGE_SPACES_BASE, STORAGE_SPACES_MAX, box_key, last_in_cycle, left_in_stack, stack_of, turn_order,
)

NS = GAME_ID
ROUNDS = STACKS
YIELD_POINT_CHOICES = (1, 2, 3, 4, 5, 6)
MAX_COLOUR_BONUS = 99  # far above what a tile can show (its points are box data, never guessed)
# What one tap of "yield card: goods" gives; the last is the rulebook's case of a second wooden
# hexagon in the same turn with no free storage space: it stays in the supply, +2 red instead.
GOODS = ("card", "marble", "worker", "hexagon", "hexagon_no_space")
TILE_EFFECTS = ("quarry", "village", "monastery", "estate", "cart")
MONASTERY_CARDS = 3
GOODS_COUNTER = {"card": "cards", "marble": "marble", "worker": "workers", "hexagon": "hexagons"}


def m(key: str, **params) -> Msg:
    return Msg(f"{NS}.{key}", **params)


# In the order a player's sheet shows them: the red track (the score) and the green track, the hand,
# what lies on the player board; the tiles revealed are moved by "Tile taken" and only corrected by hand.
COUNTERS = (
    Counter("red", m("counter.red"), steps=(1, 5)),
    Counter("green", m("counter.green"), steps=(1, 5)),
    Counter("cards", m("counter.cards"), steps=(1, 3)),
    Counter("storage", m("counter.storage"), maximum=STORAGE_SPACES_MAX),
    Counter("marble", m("counter.marble")),
    Counter("workers", m("counter.workers")),
    Counter("hexagons", m("counter.hexagons")),
    Counter("revealed", m("counter.revealed"), maximum=STACK_TILES, secondary=True),
)


class BoxValueNeeded(InvalidMove, MissingBoxData):
    """An entry that needs a colour-bonus value nobody has entered yet.

    It is an InvalidMove (the generic tracker shows its message and nothing changes) and a
    MissingBoxData (a screen that can ask for box values finds the keys in `keys`)."""

    def __init__(self, keys: list[str], msg: Msg):
        Exception.__init__(self, f"{GAME_ID}: box data needed: {', '.join(keys)}")
        self.msg = msg
        self.game_id = GAME_ID
        self.keys = keys


def initial_state(config: dict) -> dict:
    n = len(config["players"])
    box = {k: v for k, v in (config.get("box") or {}).items() if k in BOX_KEYS}
    return {
        "round": 1,
        "extra_cycle": False,
        "finished": False,
        "start_player": config["start_player"],
        "turn": config["start_player"],  # the seat on turn: the start player takes the first turn
        "players": [{"counters": {"green": 0, "red": 0, "cards": HAND, "marble": 0, "workers": 0,
                                  "hexagons": 0, "storage": 0, "revealed": 0},
                     "bonus": {k: 0 for k in BONUS_KINDS}}
                    for _ in range(n)],
        "bonus_pick": turn_order(n, config["start_player"]),
        "colour_bonus": {c: [] for c in COLOURS},
        "box": box,
        "scorings": [],
        "log": [],
    }


# ---------------------------------------------------------------- helpers

def _names(config: dict) -> list[str]:
    return [p["name"] for p in config["players"]]


def _choice(event: dict, key: str, choices):
    """The event's choice under `key`: one of `choices` (numbers or string ids, never a bool)."""
    v = event.get(key)
    if isinstance(v, bool) or not isinstance(v, (int, str)) or v not in choices:
        raise InvalidMove(m("error.bad_value", value=repr(v), allowed=[str(c) for c in choices]))
    return v


def _log(state: dict, msg: Msg) -> None:
    state["log"].append(msg.to_json())


def _add(state: dict, p: int, counter: str, points: int) -> int:
    values = state["players"][p]["counters"]
    values[counter] += points
    return values[counter]


def colour_msg(colour: str) -> Msg:
    return m(f"colour.{colour}")


def bonus_msg(kind: str) -> Msg:
    return m(f"bonus.{kind}")


def emptied(state: dict, stack: int) -> list[int]:
    """The players who have emptied their stack `stack` (revealed its last tile)."""
    return [i for i, p in enumerate(state["players"]) if p["counters"]["revealed"] >= stack * STACK_SIZE]


def round_over(state: dict) -> bool:
    """Someone emptied this round's stack: the round ends when the current turn cycle is complete."""
    return (not state["finished"] and not state["extra_cycle"] and bool(emptied(state, state["round"])))


def taken_of_kind(state: dict, kind: str) -> int:
    return sum(p["bonus"][kind] for p in state["players"])


def storage_spaces(state: dict, p: int) -> int:
    return STORAGE_SPACES_BASE + state["players"][p]["bonus"]["storage"]


def storage_problem(state: dict, config: dict, p: int, tiles: int, hexagons: int, key: str = "error.storage_full"):
    """The message when `tiles` and `hexagons` do not fit on player p's storage spaces, else None."""
    spaces = storage_spaces(state, p)
    if tiles + hexagons <= spaces:
        return None
    return m(key, player=_names(config)[p], spaces=spaces, bonus=spaces - STORAGE_SPACES_BASE,
             tiles=tiles, hexagons=hexagons)


def counter_limit(state: dict, config: dict, p: int, counter: str, value: int):
    """A raised "tiles in storage" or "wooden hexagons" counter must still fit on the storage spaces."""
    if counter not in ("storage", "hexagons"):
        return None
    c = {**state["players"][p]["counters"], counter: value}
    return storage_problem(state, config, p, c["storage"], c["hexagons"])


# ---------------------------------------------------------------- the moves, one per kind of entry

def _player_choice(event: dict, config: dict, key: str, choices) -> tuple[int, list[str], object]:
    """The seat an entry names, the players' names and its choice under `key`."""
    return seat_of(event, config), _names(config), _choice(event, key, choices)


def bonus_tile(state: dict, event: dict, config: dict) -> None:
    p, names, kind = _player_choice(event, config, "bonus", BONUS_KINDS)
    if state["bonus_pick"] and state["bonus_pick"][0] != p:
        raise InvalidMove(m("error.pick_order", player=names[p], next=names[state["bonus_pick"][0]],
                            order=[names[i] for i in state["bonus_pick"]]))
    if taken_of_kind(state, kind) >= BONUS_TILES_PER_KIND:
        raise InvalidMove(m("error.bonus_gone", kind=bonus_msg(kind), tiles=BONUS_TILES_PER_KIND))
    held = sum(state["players"][p]["bonus"].values())
    if held >= BONUS_TILES_PER_PLAYER_MAX:
        raise InvalidMove(m("error.bonus_limit", player=names[p], count=held, cities=CITIES_MAX))
    state["players"][p]["bonus"][kind] += 1
    picking = bool(state["bonus_pick"])
    if picking:
        state["bonus_pick"].pop(0)
    if kind == "storage":
        green = _add(state, p, "green", STORAGE_BONUS_GREEN)
        _log(state, m("log.bonus_storage", player=names[p], points=STORAGE_BONUS_GREEN, green=green))
    else:
        _log(state, m("log.bonus", player=names[p], kind=bonus_msg(kind)))
    if picking and not state["bonus_pick"]:
        _log(state, m("log.pick_done", first=names[state["start_player"]]))


def region(state: dict, event: dict, config: dict) -> None:
    p, names, size = _player_choice(event, config, "fields", tuple(REGION_POINTS))
    green = _add(state, p, "green", REGION_POINTS[size])
    _log(state, m("log.region", player=names[p], size=size, points=REGION_POINTS[size], green=green))


def agriculture(state: dict, event: dict, config: dict) -> None:
    p, names, kinds = _player_choice(event, config, "kinds", range(1, MAX_AGRICULTURE_KINDS_PER_TILE + 1))
    green = _add(state, p, "green", kinds)
    _log(state, m("log.agriculture", player=names[p], kinds=kinds, points=kinds, green=green))


def colour_bonus_points(state: dict, colour: str, side: str) -> int:
    key = box_key(colour, side)
    if key not in state["box"]:
        raise BoxValueNeeded([key], m("error.box_missing", colour=colour_msg(colour), side=side, entry=key))
    return state["box"][key]


def colour_bonus(state: dict, event: dict, config: dict) -> None:
    p, names, colour = _player_choice(event, config, "colour", COLOURS)
    got = state["colour_bonus"][colour]
    if p in got:
        raise InvalidMove(m("error.colour_twice", player=names[p], colour=colour_msg(colour)))
    if len(got) >= len(SIDES):
        raise InvalidMove(m("error.colour_gone", colour=colour_msg(colour), players=[names[i] for i in got]))
    side = SIDES[len(got)]
    points = colour_bonus_points(state, colour, side)
    got.append(p)
    green = _add(state, p, "green", points)
    _log(state, m("log.colour_bonus_first" if side == "I" else "log.colour_bonus_second",
                  player=names[p], colour=colour_msg(colour), points=points, green=green))


def tile_leaves_storage(state: dict, p: int, name: str) -> None:
    """Plättchen legen: "legt 1 Plättchen von einem der Ablagefelder seines Tableaus auf seinen Spielplan":
    the tile placed is no longer in storage (while the tracker counts one there), so its space is free
    for what the tile brings ("legt es auf die gerade leer gewordene Ablagefläche")."""
    c = state["players"][p]["counters"]
    if c["storage"] > 0:
        c["storage"] -= 1
        _log(state, m("log.tile_leaves_storage", player=name, value=c["storage"]))


def tile_effect(state: dict, event: dict, config: dict) -> None:
    p, names, kind = _player_choice(event, config, "tile", TILE_EFFECTS)
    by_hand = event.get("storage_by_hand", False)
    if not isinstance(by_hand, bool):
        raise InvalidMove(Msg("core.error.bad_event"))
    if not by_hand:  # (games saved before event schema 3: the players took the tile off by hand)
        tile_leaves_storage(state, p, names[p])
    bonus = state["players"][p]["bonus"]
    if kind == "cart":
        cards = 1 + bonus["yield"]
        _log(state, m("log.cart", player=names[p], cards=cards))
        return
    counter, amount = {"quarry": ("marble", 1 + bonus["marble"]), "village": ("workers", 1 + bonus["worker"]),
                       "monastery": ("cards", MONASTERY_CARDS), "estate": ("hexagons", 1)}[kind]
    if kind == "estate":  # the hexagon goes onto the storage space the placed tile has just left
        c = state["players"][p]["counters"]
        problem = storage_problem(state, config, p, c["storage"], c["hexagons"] + 1, "error.storage_estate")
        if problem is not None:
            raise InvalidMove(problem)
    value = _add(state, p, counter, amount)
    _log(state, m(f"log.tile_{kind}", player=names[p], amount=amount, value=value))


def yield_points(track: str):
    """A yield card's red or green points."""
    def apply(state: dict, event: dict, config: dict) -> None:
        p, names, points = _player_choice(event, config, "points", YIELD_POINT_CHOICES)
        total = _add(state, p, track, points)
        _log(state, m(f"log.yield_{track}", player=names[p], points=points, total=total))
    return apply


def free_storage(state: dict, p: int) -> int:
    """Storage spaces of player p that hold neither a tile nor a wooden hexagon."""
    c = state["players"][p]["counters"]
    return max(0, storage_spaces(state, p) - c["storage"] - c["hexagons"])


def yield_goods(state: dict, event: dict, config: dict) -> None:
    p, names, goods = _player_choice(event, config, "goods", GOODS)
    if goods == "hexagon_no_space":
        # "Sollte er ... ein zweites solches Sechseck erhalten und dafür kein Ablagefeld mehr frei haben,
        # lässt er es im Vorrat liegen und erhält stattdessen 2 Siegpunkte": only without a free space;
        # with one, the hexagon goes onto it ("legt er es wie gehabt auf das ... Ablagefeld").
        free = free_storage(state, p)
        if free:
            value = _add(state, p, "hexagons", 1)
            _log(state, m("log.yield_space_free", player=names[p], free=free, spaces=storage_spaces(state, p),
                          points=NO_SPACE_HEXAGON_RED, value=value))
            return
        red = _add(state, p, "red", NO_SPACE_HEXAGON_RED)
        _log(state, m("log.yield_no_space", player=names[p], points=NO_SPACE_HEXAGON_RED, red=red))
        return
    if goods == "hexagon":
        c = state["players"][p]["counters"]
        problem = storage_problem(state, config, p, c["storage"], c["hexagons"] + 1, "error.storage_hexagon")
        if problem is not None:
            raise InvalidMove(problem)
    value = _add(state, p, GOODS_COUNTER[goods], 1)
    _log(state, m("log.yield_goods", player=names[p], goods=m(f"goods.{goods}"), value=value))


def take_tile(state: dict, event: dict, config: dict) -> None:
    """Plättchen nehmen: the gap in the display is refilled "von seinem linken Stapel"; "Hat man keine
    eigenen Plättchen mehr zum Nachlegen ..., nimmt man eines vom neutralen Vorrat"."""
    p, names = seat_of(event, config), _names(config)
    c = state["players"][p]["counters"]
    if c["revealed"] >= STACK_TILES:
        _log(state, m("log.take_tile_neutral", player=names[p]))
        return
    c["revealed"] += 1
    revealed = c["revealed"]
    if revealed % STACK_SIZE == 0:
        _log(state, m("log.take_tile_emptied", player=names[p], stack=revealed // STACK_SIZE, revealed=revealed))
    else:
        _log(state, m("log.take_tile", player=names[p], stack=stack_of(revealed), left=left_in_stack(revealed),
                      revealed=revealed))


def draw_cards(state: dict, event: dict, config: dict) -> None:
    p, names = seat_of(event, config), _names(config)
    bonus = state["players"][p]["bonus"]["card"]
    value = _add(state, p, "cards", CARDS_DRAWN + bonus)
    if bonus:
        _log(state, m("log.draw_cards_bonus", player=names[p], cards=CARDS_DRAWN + bonus, bonus=bonus, value=value))
    else:
        _log(state, m("log.draw_cards", player=names[p], cards=CARDS_DRAWN, value=value))


def box_value(state: dict, event: dict, config: dict) -> None:
    key, value = event.get("key"), event.get("value")
    if key not in BOX_KEYS:
        raise InvalidMove(m("error.box_key", entry=repr(key)))
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_COLOUR_BONUS:
        raise InvalidMove(m("error.box_number", value=repr(value)))
    state["box"][key] = value
    colour, side = key.split(".")[1:]
    _log(state, m("log.box_value", colour=colour_msg(colour), side=side, points=value))


def validate_box(box: dict) -> None:
    """The box data's own check (Settings, a tile's dialog, a backup): a colour-bonus value the tracker
    would refuse is refused before it is kept. Other shapes are the core check's (companion/core/box.py)."""
    for key, value in box.items():
        if key in BOX_KEYS and isinstance(value, int) and not isinstance(value, bool) and value > MAX_COLOUR_BONUS:
            colour, side = key.split(".")[1:]
            raise BoardStateError(f"box.{key}", m("error.box_points", colour=colour_msg(colour), side=side,
                                                  value=value, maximum=MAX_COLOUR_BONUS))


def box_value_entries(state: dict, values: dict) -> list[dict]:
    """The `box_value` entries that hand the tracker the colour-bonus values just kept with the box data,
    each one it does not hold yet or holds otherwise."""
    return [{"type": "box_value", "key": k, "value": v} for k, v in values.items()
            if k in BOX_KEYS and state["box"].get(k) != v]


def scoring(state: dict, names: list[str]) -> None:
    """Wertung: every red marker moves on by the green points; the green track is not reset."""
    record = {"round": state["round"], "green": [], "red": []}
    parts = []
    for i, p in enumerate(state["players"]):
        c = p["counters"]
        before = c["red"]
        c["red"] += c["green"]
        record["green"].append(c["green"])
        record["red"].append(c["red"])
        parts.append(scoring_part(names[i], before, c["green"], c["red"]))
    state["scorings"].append(record)
    _log(state, m("log.scoring", round=state["round"], parts=parts))


def scoring_part(player: str, before: int, green: int, red: int) -> Msg:
    """One player's scoring in words, never a formula: "Anna: red from 4 to 13 with 9 green points"."""
    if green == 0:
        return m("log.scoring_player_none", player=player, red=red)
    return m("log.scoring_player", player=player, before=before, green=green, red=red)


def end_round(state: dict, event: dict, config: dict) -> None:
    names = _names(config)
    if state["finished"] or state["extra_cycle"]:
        raise InvalidMove(m("error.not_now"))
    who = emptied(state, state["round"])
    if not who:
        raise InvalidMove(m("error.no_stack_emptied", stack=state["round"], tiles=state["round"] * STACK_SIZE))
    _log(state, m("log.round_end", round=state["round"], stack=state["round"], players=[names[i] for i in who]))
    state["turn"] = state["start_player"]  # the next turn cycle begins with the start player again
    if state["round"] < ROUNDS:
        scoring(state, names)
        state["round"] += 1
        _log(state, m("log.round_start", round=state["round"], stack=state["round"]))
    else:
        state["extra_cycle"] = True
        _log(state, m("log.extra_cycle", first=names[state["start_player"]],
                      last=names[last_in_cycle(len(names), state["start_player"])]))


def end_extra_cycle(state: dict, event: dict, config: dict) -> None:
    if state["finished"] or not state["extra_cycle"]:
        raise InvalidMove(m("error.not_now"))
    scoring(state, _names(config))
    state["extra_cycle"] = False
    state["finished"] = True
    state["turn"] = None
    _log(state, m("log.game_over"))


def during_play(apply):
    """An entry of what happens at the table: refused once the game is over."""
    def checked(state: dict, event: dict, config: dict) -> None:
        if state["finished"]:
            raise InvalidMove(m("error.game_over"))
        apply(state, event, config)
    return checked


# ---------------------------------------------------------------- whose turn

def cycle(state: dict, config: dict) -> list[int]:
    """A turn cycle ("Runde"): clockwise from the start player to their right neighbour."""
    return clockwise(state["start_player"], len(config["players"]))


def taking_turns(state: dict) -> bool:
    """Turns are taken once every player has picked a bonus tile, until the third scoring."""
    return not state["finished"] and not state["bonus_pick"]


def player_on_turn(state: dict, config: dict) -> int | None:
    """The seat on turn; during the setup pick the player choosing a bonus tile; nobody after the end."""
    if state["finished"]:
        return None
    return state["bonus_pick"][0] if state["bonus_pick"] else on_turn(state)


def cycle_complete(state: dict, config: dict) -> bool:
    """The start player's right neighbour is on turn in the turn cycle that ends the round ("Die laufende
    Runde wird noch zu Ende gespielt (also bis zum rechten Nachbarn des Startspielers), danach kommt es
    zu der ... Wertung") or in the extra cycle: after this turn comes the round's end, not another turn."""
    last = last_in_cycle(len(config["players"]), state["start_player"])
    return taking_turns(state) and (round_over(state) or state["extra_cycle"]) and on_turn(state) == last


NEXT_PLAYER = turn_moves(cycle, playing=taking_turns)[0]


def next_player(state: dict, event: dict, config: dict) -> None:
    if cycle_complete(state, config):
        key = "error.extra_cycle_complete" if state["extra_cycle"] else "error.cycle_complete"
        raise InvalidMove(m(key, player=_names(config)[on_turn(state)], round=state["round"]))
    NEXT_PLAYER.apply(state, event, config)


def offer_next_player(state: dict, config: dict) -> list[Action]:
    return [] if cycle_complete(state, config) else list(NEXT_PLAYER.offer(state, config))


# ---------------------------------------------------------------- games saved before event schema 2

# Event schema 1 stored a choice as "value": a 1-based position in these tuples, as they were then
# (spelled out here so that a later change of the tuples above cannot misread an old game).
SCHEMA_1_POSITIONS = {
    "bonus_tile": ("bonus", ("card", "storage", "marble", "worker", "yield")),
    "colour_bonus": ("colour", ("dark_green", "red", "turquoise", "light_green", "grey", "orange", "yellow",
                                "beige")),
    "tile_effect": ("tile", ("quarry", "village", "monastery", "estate", "cart")),
    "yield_goods": ("goods", ("card", "marble", "worker", "hexagon", "hexagon_no_space")),
}
SCHEMA_1_NUMBERS = {"region": "fields", "agriculture": "kinds", "yield_red": "points", "yield_green": "points"}


def named_choice(event: dict, state: dict | None = None, config: dict | None = None) -> dict:
    """An entry of event schema 1 in schema 2's form: `{"type": "colour_bonus", "player": 1, "value": 2}`
    becomes `{"type": "colour_bonus", "player": 1, "colour": "red"}`. A position that never existed
    is left as it was (the replay then refuses that entry). Needs neither the state before the
    entry nor the config."""
    kind = event.get("type")
    if "value" not in event or kind not in (*SCHEMA_1_POSITIONS, *SCHEMA_1_NUMBERS):
        return event
    rest = {k: v for k, v in event.items() if k != "value"}
    value = event["value"]
    if kind in SCHEMA_1_NUMBERS:
        return {**rest, SCHEMA_1_NUMBERS[kind]: value}
    key, names = SCHEMA_1_POSITIONS[kind]
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= len(names):
        return event
    return {**rest, key: names[value - 1]}


# ---------------------------------------------------------------- what the tracker offers

def offer_end_extra_cycle(state: dict, config: dict) -> list[Action]:
    if state["finished"] or not state["extra_cycle"]:
        return []
    last = _names(config)[last_in_cycle(len(config["players"]), state["start_player"])]
    return [Action("end_extra_cycle", m("action.end_extra_cycle"), confirm=m("confirm.end_extra_cycle", last=last))]


def offer_end_round(state: dict, config: dict) -> list[Action]:
    if not round_over(state):
        return []
    # At once, undone from the bar like any entry: the game goes on after it (the extra cycle's end asks)
    third = state["round"] == ROUNDS
    return [Action("end_round", m("action.end_round_3" if third else "action.end_round", round=state["round"]))]


def offer_choice(move: str, field: str, choices: tuple, labels: tuple[Msg, ...] = (), in_pick: bool = False):
    """A per-player entry with a choice, offered while the game runs; only the bonus tile during the setup
    pick ("nothing else happens before it is done")."""
    action = Action(move, m(f"action.{move}"), per_player=True, field=field, value_choices=choices,
                    choice_labels=labels)

    def offer(state: dict, config: dict) -> list[Action]:
        return [] if state["finished"] or (state["bonus_pick"] and not in_pick) else [action]
    return offer


def offer_bonus_tile(state: dict, config: dict) -> list[Action]:
    """A bonus tile on each sheet; during the setup pick also the thumb slot's step for the player who
    picks next ("Pick: Jürgen"): the game waits for it and shows whose it is."""
    labels = tuple(bonus_msg(k) for k in BONUS_KINDS)
    offered = offer_choice("bonus_tile", "bonus", BONUS_KINDS, labels, True)(state, config)
    if state["finished"] or not state["bonus_pick"]:
        return offered
    seat = state["bonus_pick"][0]
    name = _names(config)[seat]
    return [Action("bonus_tile", m("action.pick", player=name), field="bonus", value_choices=BONUS_KINDS,
                   choice_labels=labels, question=m("question.pick", player=name), player=seat), *offered]


def offer_entry(move: str):
    """A per-player entry without a choice, offered while turns are taken."""
    action = Action(move, m(f"action.{move}"), per_player=True)
    return lambda state, config: [action] if taking_turns(state) else []


AGRICULTURE_KINDS = tuple(range(1, MAX_AGRICULTURE_KINDS_PER_TILE + 1))
UPGRADES = {1: named_choice}


def storage_by_hand(event: dict, state: dict | None = None, config: dict | None = None) -> dict:
    """Schema 2 -> 3: a tile placed before the tracker took it off "Tiles in storage" itself (the players
    did, with -1, before or after): marked, so that the game replays as it was entered."""
    return {**event, "storage_by_hand": True}

# In the order the tracker offers them. The game's steps: the round's end, then the next turn (the step
# the game waits for comes last). A player's entries: the turn's actions first (take a tile, draw
# cards), then what placing a tile brings, the yield cards, and the bonus tile (the setup pick; later
# only from a city).
MOVES = (
    Move("end_extra_cycle", end_extra_cycle, offer=offer_end_extra_cycle),
    Move("end_round", end_round, offer=offer_end_round),
    Move("next_player", next_player, offer=offer_next_player),
    Move("take_tile", during_play(take_tile), params=("player",), offer=offer_entry("take_tile")),
    Move("draw_cards", during_play(draw_cards), params=("player",), offer=offer_entry("draw_cards")),
    Move("region", during_play(region), params=("player", "fields"), upgrades=UPGRADES,
         offer=offer_choice("region", "fields", tuple(REGION_POINTS),
                            tuple(m("choice.region", size=s, points=p) for s, p in REGION_POINTS.items()))),
    Move("agriculture", during_play(agriculture), params=("player", "kinds"), upgrades=UPGRADES,
         offer=offer_choice("agriculture", "kinds", AGRICULTURE_KINDS,
                            tuple(m("choice.agriculture", kinds=k) for k in AGRICULTURE_KINDS))),
    Move("colour_bonus", during_play(colour_bonus), params=("player", "colour"), upgrades=UPGRADES,
         offer=offer_choice("colour_bonus", "colour", COLOURS, tuple(colour_msg(c) for c in COLOURS))),
    Move("tile_effect", during_play(tile_effect), params=("player", "tile", "storage_by_hand"),
         upgrades={**UPGRADES, 2: storage_by_hand},
         offer=offer_choice("tile_effect", "tile", TILE_EFFECTS, tuple(m(f"choice.tile_{t}") for t in TILE_EFFECTS))),
    Move("yield_red", during_play(yield_points("red")), params=("player", "points"), upgrades=UPGRADES,
         offer=offer_choice("yield_red", "points", YIELD_POINT_CHOICES)),
    Move("yield_green", during_play(yield_points("green")), params=("player", "points"), upgrades=UPGRADES,
         offer=offer_choice("yield_green", "points", YIELD_POINT_CHOICES)),
    Move("yield_goods", during_play(yield_goods), params=("player", "goods"), upgrades=UPGRADES,
         offer=offer_choice("yield_goods", "goods", GOODS, tuple(m(f"goods.{g}") for g in GOODS))),
    Move("bonus_tile", during_play(bonus_tile), params=("player", "bonus"), upgrades=UPGRADES,
         offer=offer_bonus_tile),
    Move("box_value", box_value, params=("key", "value")),  # from the box-data prompt: never offered as a button
)


def _player_line(state: dict, i: int, name: str) -> Msg:
    p = state["players"][i]
    revealed = p["counters"]["revealed"]
    bonus = [m("status.bonus_count", kind=bonus_msg(k), count=c) for k, c in p["bonus"].items() if c]
    if revealed >= STACK_TILES:
        stacks = m("status.stacks_empty", revealed=revealed)
    else:
        stacks = m("status.stack", stack=stack_of(revealed), left=left_in_stack(revealed), revealed=revealed)
    return m("status.player", player=name, stacks=stacks,
             bonus=m("status.bonus", tiles=bonus) if bonus else m("status.no_bonus"))


def status(state: dict, config: dict) -> list[Msg]:
    names = _names(config)
    n, start = len(names), state["start_player"]
    last = names[last_in_cycle(n, start)]
    if state["finished"]:
        lines = [m("status.finished")]
    elif state["extra_cycle"]:
        lines = [m("status.round", round=state["round"], rounds=ROUNDS),
                 m("status.extra_cycle", first=names[start], last=last)]
    else:
        lines = [m("status.round", round=state["round"], rounds=ROUNDS)]
        if state["bonus_pick"]:
            lines.append(m("status.pick", next=names[state["bonus_pick"][0]],
                           order=[names[i] for i in state["bonus_pick"]]))
        who = emptied(state, state["round"])
        if who:
            key = "status.round_over_3" if state["round"] == ROUNDS else "status.round_over"
            lines.append(m(key, players=[names[i] for i in who], stack=state["round"], round=state["round"],
                           last=last))
        else:
            closest = max(range(n), key=lambda i: state["players"][i]["counters"]["revealed"])
            revealed = state["players"][closest]["counters"]["revealed"]
            if revealed:
                lines.append(m("status.round_ends", stack=state["round"], player=names[closest],
                               left=state["round"] * STACK_SIZE - revealed))
            else:
                lines.append(m("status.round_ends_start", stack=state["round"], tiles=STACK_SIZE))
    lines.append(Msg("core.status.start_player", name=names[start]))
    if not state["finished"]:
        lines += [_player_line(state, i, names[i]) for i in range(n)]
    taken = [m("status.colour_tile", colour=colour_msg(c), side=SIDES[len(got)], players=[names[i] for i in got])
             if len(got) < len(SIDES) else
             m("status.colour_tile_gone", colour=colour_msg(c), players=[names[i] for i in got])
             for c, got in state["colour_bonus"].items() if got]
    if taken:
        lines.append(m("status.colour_tiles", tiles=taken))
    return lines


def board_from_tracker(state: dict, config: dict) -> dict:
    """The end-scoring form, prefilled with what the tracker knows. The red points are the red
    track as it stands (after the third scoring once the tracker has run it); the storage spaces are
    the player board's one and one per "+1 storage space" bonus tile taken (the board holds the tiles
    and wooden hexagons to them); the empty fields are not tracked and start at 0: count them on the
    board."""
    return {
        "game": GAME_ID,
        "players": [
            {"name": p["name"], "red": s["counters"]["red"], "green": s["counters"]["green"],
             "storage_spaces": storage_spaces(state, i),
             "tiles": s["counters"]["storage"], "hexagons": s["counters"]["hexagons"],
             "marble": s["counters"]["marble"], "workers": s["counters"]["workers"],
             "cards": s["counters"]["cards"], "empty_fields": 0}
            for i, (p, s) in enumerate(zip(config["players"], state["players"]))
        ],
    }
