"""Milestones during play (rulebook: SPIELABLAUF, DAS BAUAMT, DIE MÜHLE, DIE BURG, SPIELENDE): the
tracker's state and the rules each move applies (the moves themselves, their parameters, what they offer
and their upgrades are declared in moves.py).

Quick scoring hands in the goods the rules ask for and refuses when a player does not have them,
and refuses what the box cannot hold (`BUILD_LIMITS`): a 25th road section, a 13th house, a 12th
market built (the 12th lies on the market stand from the start), a flour delivery with no market
left without a flour sack, and bonus production by more workers than the player has bonus tiles.

The worker fields (`state["worker_fields"]`, per player: the tiles bought, the workers covered, the
most worker fields there can be): the tracker never learns which kinds the workers of a worker tile
are, nor where a tile goes, nor which worker the castle covers. It knows how many worker fields a
player can have at most: 4 from the 2 start tiles, 2 more per worker tile bought (never more than the
8 path spaces), one fewer per castle visit while more than 2 are left. "Auf jedem Arbeiter kann
maximal ein Bonusplättchen liegen": a bonus tile is refused when the player's bonus tiles already lie
on that many workers (a tile saved before that bound, `before_bound`, when they lie on all 8). Whether a free worker of the tile's kind is left is up to the table ("Hast du
kein freies Arbeiterfeld in der Sorte des Bonusplättchens, darfst du es auch nicht aufnehmen"): the
tracker cannot see the kinds.

The end: a player who reaches the target field (or buys the last worker tile) ends the game for
themselves after their turn; then every other player has exactly one more turn. The trigger is
checked when a turn ends, so points entered with the generic counter count too.
"""

from __future__ import annotations

from companion.core.definition import Counter, InvalidMove, Standing
from companion.core.moves import seat_of
from companion.core.text import Msg
from companion.games.milestones.components import (
    BONUS_TILES, BUILD_LIMITS, CASTLE_GOODS_LIMIT, CASTLE_KEEPS_WORKERS, FLOUR_COINS, FLOUR_COST, GOODS, HOUSE_COST,
    MARKET_COST, MAX_ENTRY, PATH_SPACES, ROAD_COST, START_COINS, START_MARKETS, START_TILES_PER_PLAYER, WORKER_KINDS,
    WORKER_TILE_COST, WORKERS_PER_TILE, goods_msgs, target_field, tiles_to_buy,
)

NS = "milestones"

COUNTERS = (
    Counter("points", Msg(f"{NS}.counter.points"), steps=(1, 5)),
    Counter("stone", Msg(f"{NS}.counter.stone")),
    Counter("wood", Msg(f"{NS}.counter.wood")),
    Counter("sand", Msg(f"{NS}.counter.sand")),
    Counter("grain", Msg(f"{NS}.counter.grain")),
    Counter("coins", Msg(f"{NS}.counter.coins")),
)

# Quick scoring: action id -> (goods handed in, coins received besides the points)
BUILDS = {
    "road": (ROAD_COST, 0),
    "house": (HOUSE_COST, 0),
    "market": (MARKET_COST, 0),
    "flour": (FLOUR_COST, FLOUR_COINS),
}
# The event key of each action's number, in the rulebook's terms: a milestone or a market stands on
# a number field; a house and a flour sack score the free numbers around them added up.
VALUE_FIELDS = {"road": "number", "house": "points", "market": "number", "flour": "points",
                "bonus_produced": "workers"}
START_WORKERS = START_TILES_PER_PLAYER * WORKERS_PER_TILE


def initial_state(config: dict) -> dict:
    n = len(config["players"])
    start = config["start_player"]
    return {
        "round": 1,
        "start_player": start,
        "turn": start,
        "target": target_field(n),
        "tiles_left": tiles_to_buy(n),
        "bonus_taken": 0,
        "built": {kind: 0 for kind in BUILD_LIMITS},  # by all players together: the box limits them
        "players": [{"counters": {"points": 0, "stone": 0, "wood": 0, "sand": 0, "grain": 0,
                                  "coins": START_COINS},
                     "bonus_tiles": 0, "done": False} for _ in range(n)],
        "last_tile_by": None,
        # per player: worker tiles bought, workers covered at the castle, worker fields at most
        "worker_fields": [{"bought": 0, "covered": 0, "most": START_WORKERS} for _ in range(n)],
        "castle": [],  # players who still have to give goods back at the castle
        "end": None,  # {"by": p, "reason": "target" | "last_tile", "pending": [p, ...]} once triggered
        "finished": False,
        "log": [],
    }


def goods_total(counters: dict) -> int:
    return sum(counters[g] for g in GOODS)


def _log(state: dict, key: str, **params) -> None:
    state["log"].append(Msg(f"{NS}.log.{key}", **params).to_json())


def _player(event: dict, state: dict, config: dict) -> int:
    player = seat_of(event, config)
    if state["players"][player]["done"]:
        raise InvalidMove(Msg(f"{NS}.error.player_done", name=config["players"][player]["name"]))
    return player


def _value(event: dict, key: str, minimum: int) -> int:
    value = event.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not minimum <= value <= MAX_ENTRY:
        raise InvalidMove(Msg(f"{NS}.error.bad_value", minimum=minimum, maximum=MAX_ENTRY))
    return value


def _add_points(state: dict, player: int, points: int, name: str) -> None:
    counters = state["players"][player]["counters"]
    before = counters["points"]
    counters["points"] += points
    if before < state["target"] <= counters["points"] and state["end"] is None:
        _log(state, "target_reached", name=name, points=counters["points"], target=state["target"])


def _hand_in(state: dict, player: int, cost: dict, name: str) -> None:
    counters = state["players"][player]["counters"]
    if any(counters[g] < c for g, c in cost.items()):
        raise InvalidMove(Msg(f"{NS}.error.missing_goods", name=name, goods=goods_msgs(cost),
                              have=goods_msgs({g: counters[g] for g in cost}, zeros=True)))
    for g, c in cost.items():
        counters[g] -= c


def _worker_tile_bought(state: dict, player: int) -> None:
    """A worker tile bought lies on 2 path spaces and may cover workers ("Dabei ist es erlaubt, andere
    Arbeiter und leere Felder zu überdecken"): at most 2 worker fields more, never more than the 8."""
    fields = state["worker_fields"][player]
    fields["bought"] += 1
    fields["most"] = min(PATH_SPACES, fields["most"] + WORKERS_PER_TILE)


def _worker_covered(state: dict, player: int) -> None:
    """The castle covers a worker ("Ausnahme: Besitzt du insgesamt nur noch 2 Arbeiterfelder, musst du
    davon keines abdecken"): at most one worker field fewer."""
    fields = state["worker_fields"][player]
    if fields["most"] > CASTLE_KEEPS_WORKERS:
        fields["most"] -= 1
        fields["covered"] += 1


def take_bonus(state: dict, player: int, tile: str | None, name: str, bounded: bool = True) -> None:
    """A bonus tile laid on a worker of kind `tile` (None: a game saved before the kind was asked);
    `bounded`: held to the player's worker fields (not an entry saved before that bound)."""
    me = state["players"][player]
    if tile is not None and tile not in WORKER_KINDS:
        raise InvalidMove(Msg(f"{NS}.error.bonus_kind", kind=str(tile)[:40]))
    if state["bonus_taken"] >= BONUS_TILES:
        raise InvalidMove(Msg(f"{NS}.error.no_bonus_tiles", count=BONUS_TILES))
    # "Auf jedem Arbeiter kann maximal ein Bonusplättchen liegen": no worker field left without one.
    fields = state["worker_fields"][player]
    if bounded and me["bonus_tiles"] >= fields["most"]:
        raise InvalidMove(Msg(f"{NS}.error.bonus_no_worker", name=name, tiles=me["bonus_tiles"], most=fields["most"],
                              start=START_WORKERS, bought=fields["bought"], spaces=PATH_SPACES,
                              covered=fields["covered"]))
    # A tile from before that bound still needs a worker on one of the 8 path spaces: no entry, whoever
    # sends it, lays a ninth on a board.
    if me["bonus_tiles"] >= PATH_SPACES:
        raise InvalidMove(Msg(f"{NS}.error.bonus_board_full", name=name, tiles=me["bonus_tiles"], spaces=PATH_SPACES))
    state["bonus_taken"] += 1
    me["bonus_tiles"] += 1
    if tile is None:
        _log(state, "bonus_taken", name=name)
    else:
        kinds = me.setdefault("bonus_kinds", {})  # {kind: tiles}, from the first tile with its kind
        kinds[tile] = kinds.get(tile, 0) + 1
        _log(state, "bonus_taken_on", name=name, kind=Msg(f"{NS}.kind.{tile}"))
    _add_points(state, player, 1, name)


def remove_bonus(state: dict, player: int, tile, name: str) -> None:
    """"Wenn du ein Arbeiterfeld, auf dem ein Bonusplättchen liegt, mit einem neuen Arbeiterplättchen
    überbaust oder es mit einem Abdeckplättchen abdeckst, wird das Bonusplättchen sofort aus dem Spiel
    genommen": it no longer produces a point, and its worker field takes a new one. The point it brought
    when taken stays; it does not go back among the 15 (it is out of the game)."""
    if tile not in WORKER_KINDS:
        raise InvalidMove(Msg(f"{NS}.error.bonus_kind", kind=str(tile)[:40]))
    me = state["players"][player]
    kinds = me.get("bonus_kinds", {})
    if kinds.get(tile, 0) > 0:
        kinds[tile] -= 1
        if not kinds[tile]:
            del kinds[tile]
    elif me["bonus_tiles"] <= sum(kinds.values()):  # none of the tiles recorded without their kind either
        held = [Msg(f"{NS}.bonus_count", kind=Msg(f"{NS}.kind.{k}"), count=c) for k, c in kinds.items()]
        raise InvalidMove(Msg(f"{NS}.error.bonus_not_there", name=name, kind=Msg(f"{NS}.kind.{tile}"),
                              held=held or Msg(f"{NS}.bonus_none")))
    me["bonus_tiles"] -= 1
    _log(state, "bonus_removed", name=name, kind=Msg(f"{NS}.kind.{tile}"))


def _check_box_limit(state: dict, kind: str, name: str) -> None:
    """Refuse a build the box has no piece left for (see `BUILD_LIMITS`)."""
    built = state["built"]
    if kind == "flour":
        markets = START_MARKETS + built["market"]
        # Each market takes one flour sack; with at most 12 markets the 12 sacks never run out first.
        if built["flour"] >= min(markets, BUILD_LIMITS["flour"]):
            raise InvalidMove(Msg(f"{NS}.error.limit_flour", name=name, markets=markets, built=built["market"]))
    elif built[kind] >= BUILD_LIMITS[kind]:
        raise InvalidMove(Msg(f"{NS}.error.limit_{kind}", name=name, count=BUILD_LIMITS[kind]))


def keep_options(counters: dict) -> list[dict]:
    """Every way to keep exactly 3 of the goods held (when more are held), in a stable order."""
    if goods_total(counters) <= CASTLE_GOODS_LIMIT:
        return []
    options: list[dict] = []

    def extend(i: int, left: int, chosen: dict) -> None:
        if i == len(GOODS):
            if left == 0:
                options.append(dict(chosen))
            return
        g = GOODS[i]
        for count in range(min(left, counters[g]), -1, -1):
            if count:
                chosen[g] = count
            extend(i + 1, left - count, chosen)
            chosen.pop(g, None)

    extend(0, CASTLE_GOODS_LIMIT, {})
    return options


def castle(state: dict, player: int, event: dict, name: str) -> None:
    """DIE BURG: more than 3 goods (coins included) are reduced to 3; the player chooses which 3
    (`keep`: {good: count}, one of `keep_options`). Without a choice and with more than one way to
    keep 3, the player is asked to give goods back with the counters."""
    counters = state["players"][player]["counters"]
    total = goods_total(counters)
    if player in state["castle"]:  # the same visit: the goods given back now, the worker covered before
        state["castle"].remove(player)
    else:
        _worker_covered(state, player)
    keep = event.get("keep")
    if keep is not None and (not isinstance(keep, dict) or any(g not in GOODS for g in keep) or any(
            isinstance(c, bool) or not isinstance(c, int) or c < 0 for c in keep.values())):
        raise InvalidMove(Msg("core.error.bad_event"))
    if keep is not None:
        keep = {g: c for g, c in keep.items() if c}
    if total <= CASTLE_GOODS_LIMIT:
        if keep is not None and keep != {g: counters[g] for g in GOODS if counters[g]}:
            raise InvalidMove(Msg(f"{NS}.error.keep_all", name=name, total=total))
        _log(state, "castle_keeps_all", name=name, total=total, limit=CASTLE_GOODS_LIMIT)
        return
    options = keep_options(counters)
    if keep is None and len(options) == 1:
        keep = options[0]
    if keep is None:
        state["castle"].append(player)
        _log(state, "castle_reduce", name=name, total=total, back=total - CASTLE_GOODS_LIMIT,
             limit=CASTLE_GOODS_LIMIT)
        return
    if keep not in options:
        raise InvalidMove(Msg(f"{NS}.error.keep_invalid", name=name, limit=CASTLE_GOODS_LIMIT,
                              goods=goods_msgs(keep) or Msg(f"{NS}.goods.none"),
                              have=goods_msgs({g: counters[g] for g in GOODS}) or Msg(f"{NS}.goods.none")))
    back = {g: counters[g] - keep.get(g, 0) for g in GOODS}
    for g in GOODS:
        counters[g] = keep.get(g, 0)
    _log(state, "castle_reduced", name=name, back=goods_msgs(back), kept=goods_msgs(keep))


def _pending_castle(state: dict) -> list[int]:
    return [p for p in state["castle"] if goods_total(state["players"][p]["counters"]) > CASTLE_GOODS_LIMIT]


def trigger_candidate(state: dict) -> tuple[int, str] | None:
    """Who ends the game when the current turn ends: the player on turn first; otherwise (an entry made
    late, for a player whose turn is over) the player whose last turn lies furthest back."""
    n, current = len(state["players"]), state["turn"]
    for k in range(n):
        p = (current + k) % n
        if state["last_tile_by"] == p:
            return p, "last_tile"
        if state["players"][p]["counters"]["points"] >= state["target"]:
            return p, "target"
    return None


def next_on_turn(state: dict) -> int | None:
    """Who plays next when the current turn ends without triggering the end (None: nobody, the game is
    over then): the left neighbour, or during the last turns the next player still to play."""
    current = state["turn"]
    if state["end"] is None:
        return (current + 1) % len(state["players"])
    pending = [p for p in state["end"]["pending"] if p != current]
    return pending[0] if pending else None


def end_turn(state: dict, names: list[str]) -> None:
    n, current = len(names), state["turn"]
    waiting = _pending_castle(state)
    if waiting:
        raise InvalidMove(Msg(f"{NS}.error.castle_pending", names=[names[p] for p in waiting],
                              limit=CASTLE_GOODS_LIMIT))
    state["castle"] = []
    _log(state, "turn_end", name=names[current])
    if state["end"] is None:
        candidate = trigger_candidate(state)
        if candidate is None:
            state["turn"] = (current + 1) % n
            if state["turn"] == state["start_player"]:
                state["round"] += 1
            _log(state, "turn_start", name=names[state["turn"]], round=state["round"])
            return
        by, reason = candidate
        # Everyone who has played since the trigger has had their last turn: with the player on turn
        # that is nobody else; with a late entry for `by` it is everyone from `by`'s left up to now.
        steps = (by - current) % n or n
        pending = [(current + k) % n for k in range(1, steps)]
        for p in range(n):
            state["players"][p]["done"] = p not in pending
        state["end"] = {"by": by, "reason": reason, "pending": pending}
        key = "end_triggered" if by == current else "end_triggered_late"
        _log(state, f"{key}_{reason}", name=names[by], points=state["players"][by]["counters"]["points"],
             target=state["target"], others=[names[p] for p in pending])
    else:
        state["players"][current]["done"] = True
        state["end"]["pending"] = [p for p in state["end"]["pending"] if p != current]
    pending = state["end"]["pending"]
    if not pending:
        state["finished"] = True
        _log(state, "game_over")
        return
    # A new round starts whenever play passes the start player, during the last turns too.
    if state["start_player"] in [(current + k) % n for k in range(1, (pending[0] - current) % n + 1)]:
        state["round"] += 1
    state["turn"] = pending[0]
    _log(state, "last_turn", name=names[pending[0]], left=len(pending))


# ---------------------------------------------------------------- each move's apply (see moves.py)

def _playing(state: dict) -> None:
    if state["finished"]:
        raise InvalidMove(Msg(f"{NS}.error.game_over"))


def _names(config: dict) -> list[str]:
    return [p["name"] for p in config["players"]]


def apply_end_turn(state: dict, event: dict, config: dict) -> None:
    _playing(state)
    end_turn(state, _names(config))


def apply_build(state: dict, event: dict, config: dict) -> None:
    """Quick scoring: a road section, a house, a market or a flour delivery worth the event's number."""
    _playing(state)
    kind = event["type"]
    player = _player(event, state, config)
    name = _names(config)[player]
    cost, coins = BUILDS[kind]
    points = _value(event, VALUE_FIELDS[kind], 0 if kind in ("house", "flour") else 1)
    _check_box_limit(state, kind, name)
    _hand_in(state, player, cost, name)
    state["built"][kind] += 1
    state["players"][player]["counters"]["coins"] += coins
    _log(state, kind, name=name, points=points, goods=goods_msgs(cost))
    _add_points(state, player, points, name)


def apply_bonus_taken(state: dict, event: dict, config: dict) -> None:
    """"Du musst das Bonusplättchen auf deinem Tableau auf ein Arbeiterfeld der gleichen Sorte legen": the
    kind it lies on is what the end scoring needs (a worker with a bonus tile is worth 2). An entry saved
    before the bound (`before_bound`, written by the upgrade from event schema 2 only) is not held to it,
    but, like every entry, to the 8 path spaces: the move is applied to the latest state under the hub's
    lock, so two phones taking the last free worker field at once cannot both lay a tile."""
    _playing(state)
    player = _player(event, state, config)
    before_bound = event.get("before_bound", False)
    if not isinstance(before_bound, bool):
        raise InvalidMove(Msg("core.error.bad_event"))
    take_bonus(state, player, event.get("kind"), _names(config)[player], bounded=not before_bound)


def apply_bonus_removed(state: dict, event: dict, config: dict) -> None:
    _playing(state)
    player = _player(event, state, config)
    remove_bonus(state, player, event.get("kind"), _names(config)[player])


def apply_bonus_produced(state: dict, event: dict, config: dict) -> None:
    _playing(state)
    player = _player(event, state, config)
    name, me = _names(config)[player], state["players"][player]
    count = _value(event, VALUE_FIELDS["bonus_produced"], 1)
    if count > PATH_SPACES:
        raise InvalidMove(Msg(f"{NS}.error.bad_value", minimum=1, maximum=PATH_SPACES))
    # "Auf jedem Arbeiter kann maximal ein Bonusplättchen liegen": only as many workers as the
    # player has taken bonus tiles can score for one (fewer once one is covered or built over).
    if count > me["bonus_tiles"]:
        raise InvalidMove(Msg(f"{NS}.error.bonus_workers", name=name, count=count, tiles=me["bonus_tiles"]))
    _log(state, "bonus_produced", name=name, count=count)
    _add_points(state, player, count, name)


def apply_buy_worker(state: dict, event: dict, config: dict) -> None:
    """A worker tile bought ("buy_worker"), or the last one of the display ("last_worker_tile")."""
    _playing(state)
    player = _player(event, state, config)
    name = _names(config)[player]
    if state["tiles_left"] <= 0:
        raise InvalidMove(Msg(f"{NS}.error.no_worker_tiles"))
    _hand_in(state, player, {"coins": WORKER_TILE_COST}, name)
    state["tiles_left"] = 0 if event["type"] == "last_worker_tile" else state["tiles_left"] - 1
    _worker_tile_bought(state, player)
    if state["tiles_left"] == 0:
        if state["end"] is None:
            state["last_tile_by"] = player
        _log(state, "last_worker_tile", name=name, cost=WORKER_TILE_COST)
    else:
        _log(state, "buy_worker", name=name, cost=WORKER_TILE_COST, left=state["tiles_left"])


def apply_castle(state: dict, event: dict, config: dict) -> None:
    _playing(state)
    if "player" not in event:
        event = {**event, "player": state["turn"]}  # the castle is on the moving player's board
    player = _player(event, state, config)
    castle(state, player, event, _names(config)[player])


def status(state: dict, config: dict) -> list[Msg]:
    names = [p["name"] for p in config["players"]]
    if state["finished"]:
        return [Msg(f"{NS}.status.finished")]
    current = state["turn"]
    points = [p["counters"]["points"] for p in state["players"]]
    best = max(points)
    lines = [Msg(f"{NS}.status.turn", round=state["round"], name=names[current])]
    end = state["end"]
    if end is None:
        lines.append(Msg(f"{NS}.status.target", target=state["target"], points=best,
                         leaders=[names[i] for i, v in enumerate(points) if v == best],
                         missing=max(state["target"] - best, 0)))
        candidate = trigger_candidate(state)
        if candidate is not None:
            by, reason = candidate
            if by == current:
                lines.insert(0, Msg(f"{NS}.status.ends_after_turn_{reason}", name=names[by], target=state["target"]))
            else:
                lines.insert(0, Msg(f"{NS}.status.late_trigger", name=names[by], target=state["target"]))
    else:
        lines.insert(0, Msg(f"{NS}.status.countdown_{end['reason']}", name=names[end["by"]],
                            target=state["target"], left=len(end["pending"]),
                            others=[names[p] for p in end["pending"]]))
    # A castle waiting for goods given back holds End turn: said right after whose turn it is.
    turn_line = next(i for i, line in enumerate(lines) if line.key == f"{NS}.status.turn")
    for p in reversed(_pending_castle(state)):
        total = goods_total(state["players"][p]["counters"])
        lines.insert(turn_line + 1, Msg(f"{NS}.status.castle", name=names[p], total=total,
                                        back=total - CASTLE_GOODS_LIMIT, limit=CASTLE_GOODS_LIMIT))
    lines.append(Msg(f"{NS}.status.tiles_left", count=state["tiles_left"]))
    return lines


def standing(state: dict, config: dict, seat: int) -> Standing:
    """A player on the scoreboard: the score track in large type (the counter the number pad adds to), the
    goods to build with and the coins (what the castle, a worker tile and the tie-break count)."""
    counters = state["players"][seat]["counters"]
    return Standing(counters["points"], Msg(f"{NS}.counter.points"), "points",
                    ((Msg(f"{NS}.standing.goods"), goods_total(counters) - counters["coins"]),
                     (Msg(f"{NS}.counter.coins"), counters["coins"])))


def period(state: dict, config: dict, event: dict | None = None) -> Msg:
    """The score sheet's row: a round each (SPIELABLAUF: from the start player clockwise, every player's
    turn once), then the last turns once the end is triggered (SPIELENDE: "Jeder der anderen Spieler
    kommt dann noch genau ein Mal dran"), which may run into the next round."""
    if state["end"] is not None:
        return Msg(f"{NS}.period.last_turns")
    return Msg(f"{NS}.period.round", round=state["round"])


def board_from_tracker(state: dict, config: dict) -> dict:
    """The end-scoring form, prefilled with the score track and the goods left. The worker row starts
    empty: the tracker knows no worker's kind nor where a tile lies (see `bonus_by_kind` and
    `worker_fields` for what it knows of the workers, which the form uses as they are entered)."""
    return {
        "game": "milestones",
        "players": [
            {"name": p["name"], "points": s["counters"]["points"],
             "goods": {g: s["counters"][g] for g in GOODS},
             "workers": [None] * PATH_SPACES}
            for p, s in zip(config["players"], state["players"])
        ],
    }


def bonus_by_kind(state: dict, player: int) -> dict[str, int]:
    """The bonus tiles the player laid on workers, by worker kind, as far as the tracker knows their kinds
    (a tile covered or built over is gone; one taken before the kind was asked is not among them)."""
    players = state["players"]
    return dict(players[player].get("bonus_kinds", {})) if 0 <= player < len(players) else {}


def worker_fields(state: dict, player: int) -> dict[str, int]:
    """What the tracker knows of the player's worker fields: the worker tiles bought, the workers covered
    at the castle, the most worker fields the player can have ("start": those of the start tiles)."""
    fields = state["worker_fields"][player]
    return {"start": START_WORKERS, "bought": fields["bought"], "covered": fields["covered"], "most": fields["most"]}
