"""Milestones' tracker moves (companion/core/moves.py), besides the core's `adjust` of a counter:
- `{"type": "end_turn"}`: the player on turn has made both moves (always asked first);
- `{"type": "castle", "player": p, "keep": {"stone": 1, "coins": 2}}`: DIE BURG, the goods kept (`player`
  defaults to the player on turn, as entries saved before the castle was a player's action have it;
  `keep` may be left out when there is nothing to choose, or when the player gives goods back with the
  counters);
- `{"type": "road" | "market", "player": p, "number": n}`: a road section (its milestone) or a market on
  a number field worth n; `{"type": "house" | "flour", "player": p, "points": n}`: a house (the free
  corners add up to n) or a flour delivery (the 2 free numbers add up to n);
- `{"type": "bonus_taken", "player": p, "kind": k}`: a bonus tile laid on a worker of kind k (one of
  `WORKER_KINDS`; games saved before the kind was asked have none). `"before_bound": true` marks a tile
  recorded under event schema 2 or earlier, before a tile needed a worker field without one: only the
  upgrade writes it (the screens never offer it), so that a game saved then replays as it was played;
  such a tile is still refused on a board whose 8 path spaces all carry one;
- `{"type": "bonus_produced", "player": p, "workers": n}`: n workers with a bonus tile produced;
- `{"type": "bonus_removed", "player": p, "kind": k}`: the bonus tile on a worker of kind k was covered
  (at the castle) or built over (by a worker tile bought) and leaves the game;
- `{"type": "buy_worker" | "last_worker_tile", "player": p}`: a worker tile bought (the last one ends the
  game like the target field).

Event schemas: 1 stored the numbers as "value" (the castle's goods as packed digits); 2 named them;
3 holds the bonus tiles to the worker fields (`before_bound` on the tiles saved before).
"""

from __future__ import annotations

from companion.core.definition import Action, Move
from companion.core.text import Msg
from companion.games.milestones.components import (
    BONUS_PRODUCTION_CHOICES, FIELD_CHOICES, FLOUR_CHOICES, GOODS, HOUSE_CHOICES, WORKER_KINDS, WORKER_TILE_COST,
    goods_msgs,
)
from companion.games.milestones.tracker import (
    VALUE_FIELDS, apply_bonus_produced, apply_bonus_removed, apply_bonus_taken, apply_build, apply_buy_worker,
    apply_castle, apply_end_turn, goods_total, keep_options, next_on_turn,
)

NS = "milestones"
EVENT_SCHEMA = 3
VALUE_CHOICES = {"road": FIELD_CHOICES, "house": HOUSE_CHOICES, "market": FIELD_CHOICES, "flour": FLOUR_CHOICES,
                 "bonus_produced": BONUS_PRODUCTION_CHOICES}
KIND_LABELS = tuple(Msg(f"{NS}.kind.{k}") for k in WORKER_KINDS)


def _names(config: dict) -> list[str]:
    return [p["name"] for p in config["players"]]


def _while_playing(offer):
    """An offer that is made only until the game is over."""
    return lambda state, config: [] if state["finished"] else offer(state, config)


# ---------------------------------------------------------------- what each move offers the tracker

def end_turn_confirm(state: dict, config: dict) -> Msg | None:
    """End turn acts at once (Undo takes it back, as any entry); only the last turn of the game asks
    first, since it ends the game."""
    if state["end"] is not None and next_on_turn(state) is None:
        return Msg(f"{NS}.confirm.end_turn_last", name=_names(config)[state["turn"]])
    return None


def offer_end_turn(state: dict, config: dict) -> list[Action]:
    return [Action("end_turn", Msg(f"{NS}.action.end_turn", name=_names(config)[state["turn"]]),
                   confirm=end_turn_confirm(state, config), ends_turn=True)]


def offer_castle(state: dict, config: dict) -> list[Action]:
    """DIE BURG, on a player's sheet: the goods that player may keep differ from player to player, so the
    screen's castle dialog asks them (`castle_choices`)."""
    return [Action("castle", Msg(f"{NS}.action.castle_visit"), per_player=True)]


def castle_choices(state: dict, player: int) -> tuple[tuple[dict, ...], tuple[Msg, ...]]:
    """The ways `player` can keep 3 goods at the castle, with their labels; none when there is nothing to
    choose (3 goods or fewer, or goods of one kind)."""
    options = keep_options(state["players"][player]["counters"])
    if len(options) <= 1:
        return (), ()
    return tuple(options), tuple(Msg(f"{NS}.action.castle_keep", goods=goods_msgs(o)) for o in options)


def castle_confirm(state: dict, config: dict, player: int) -> Msg:
    """What the castle does when there is nothing to choose: every good kept, or the one way to keep 3."""
    counters, name = state["players"][player]["counters"], _names(config)[player]
    options = keep_options(counters)
    if not options:
        return Msg(f"{NS}.confirm.castle_all", name=name, total=goods_total(counters))
    back = {g: counters[g] - options[0].get(g, 0) for g in GOODS}
    return Msg(f"{NS}.confirm.castle_one", name=name, kept=goods_msgs(options[0]), back=goods_msgs(back))


def offer_number(kind: str):
    """A per-player action with the numbers to choose from, named by what they are (`VALUE_FIELDS`)."""
    return lambda state, config: [Action(kind, Msg(f"{NS}.action.{kind}"), per_player=True,
                                         value_choices=VALUE_CHOICES[kind], field=VALUE_FIELDS[kind])]


def offer_bonus_taken(state: dict, config: dict) -> list[Action]:
    return [Action("bonus_taken", Msg(f"{NS}.action.bonus_taken"), per_player=True, value_choices=WORKER_KINDS,
                   field="kind", choice_labels=KIND_LABELS, question=Msg(f"{NS}.question.bonus_kind"))]


def offer_bonus_removed(state: dict, config: dict) -> list[Action]:
    if not any(p["bonus_tiles"] for p in state["players"]):  # only once a bonus tile lies on a worker
        return []
    return [Action("bonus_removed", Msg(f"{NS}.action.bonus_removed"), per_player=True, value_choices=WORKER_KINDS,
                   field="kind", choice_labels=KIND_LABELS, question=Msg(f"{NS}.question.bonus_removed"),
                   secondary=True)]


def offer_buy_worker(state: dict, config: dict) -> list[Action]:
    if state["tiles_left"] <= 0:
        return []
    return [Action("buy_worker", Msg(f"{NS}.action.buy_worker", cost=WORKER_TILE_COST), per_player=True)]


def offer_last_worker_tile(state: dict, config: dict) -> list[Action]:
    if state["tiles_left"] <= 0 or state["end"] is not None:
        return []
    # "Seltener Sonderfall": folded on the sheet
    return [Action("last_worker_tile", Msg(f"{NS}.action.last_worker_tile"), per_player=True, secondary=True,
                   confirm=Msg(f"{NS}.confirm.last_worker_tile", cost=WORKER_TILE_COST))]


# ---------------------------------------------------------------- games saved under older event schemas

SCHEMA_1_GOODS = ("stone", "wood", "sand", "grain", "coins")  # the castle's digits, in this order


def named_number(event: dict, state: dict, config: dict) -> dict:
    """Schema 1 -> 2: a quick scoring's "value" under its name (`{"type": "road", "value": 3}` ->
    `"number": 3`)."""
    if "value" not in event:
        return event
    rest = {k: v for k, v in event.items() if k != "value"}
    return {**rest, VALUE_FIELDS[event["type"]]: event["value"]}


def named_keep(event: dict, state: dict, config: dict) -> dict:
    """Schema 1 -> 2: the castle's choice, packed as digits (1 stone and 2 coins -> 10002), as the goods
    kept: `"keep": {"stone": 1, "coins": 2}`. A value that was never valid is left as it was (the replay
    then refuses that entry)."""
    value = event.get("value")
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 10 ** len(SCHEMA_1_GOODS):
        return event
    digits = f"{value:0{len(SCHEMA_1_GOODS)}d}"
    rest = {k: v for k, v in event.items() if k != "value"}
    return {**rest, "keep": {g: int(d) for g, d in zip(SCHEMA_1_GOODS, digits) if int(d)}}


def before_bound(event: dict, state: dict, config: dict) -> dict:
    """Schema 2 -> 3: a bonus tile taken before a tile needed a worker field without one (a table that
    never entered the worker tiles it bought may hold more): marked, so that it replays as it was taken.
    The tiles taken from now on are held to the bound."""
    return {**event, "before_bound": True}


# In the order the sheet shows a player's actions, two a row: the builds (road, house; market, flour), the
# bonus tiles (taken, producing), the worker tile and the castle; folded: a bonus tile covered, the last tile.
MOVES = (
    Move("end_turn", apply_end_turn, offer=_while_playing(offer_end_turn)),
    *(Move(kind, apply_build, params=("player", VALUE_FIELDS[kind]), offer=_while_playing(offer_number(kind)),
           upgrades={1: named_number}) for kind in ("road", "house", "market", "flour")),
    Move("bonus_taken", apply_bonus_taken, params=("player", "kind", "before_bound"),
         offer=_while_playing(offer_bonus_taken), upgrades={2: before_bound}, upgraded=("before_bound",)),
    Move("bonus_produced", apply_bonus_produced, params=("player", "workers"),
         offer=_while_playing(offer_number("bonus_produced")), upgrades={1: named_number}),
    Move("buy_worker", apply_buy_worker, params=("player",), offer=_while_playing(offer_buy_worker)),
    Move("castle", apply_castle, params=("player", "keep"), offer=_while_playing(offer_castle),
         upgrades={1: named_keep}),
    Move("bonus_removed", apply_bonus_removed, params=("player", "kind"), offer=_while_playing(offer_bonus_removed)),
    Move("last_worker_tile", apply_buy_worker, params=("player",), offer=_while_playing(offer_last_worker_tile)),
)
