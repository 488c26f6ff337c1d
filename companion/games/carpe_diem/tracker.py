"""Carpe Diem during play: 4 phases × 7 rounds, rewards, the banderole bar and the scoring periods.

State (plain JSON):
    phase 1-4, round 1-7, stage "play" | "scoring" | "finished", start_player,
    turn (the seat on turn while the phase is played; None during a scoring period and after the end),
    players[i].counters (see COUNTERS), banderole {space: [players bottom → top]},
    cards {space: card JSON} (entered once), circles_used {circle: {player, phase}},
    scoring {order: [players], done: [players]} while a scoring period runs, log.

Entries (besides core's generic "adjust"), each a move of `MOVES` with its parameters, its apply, what it
offers the tracker screen and its upgrade from event schema 1:
    {"type": "next_player"}                                 the next player's turn (clockwise from the
                                                            start player; the last one's ends the round)
    {"type": "set_turn", "player": p}                       the table says whose turn it is (a correction)
    {"type": "end_round"}                                   round +1 (the start player's turn); after
                                                            round 7 the scoring starts
    {"type": "set_card", "space": s, "card": {...}|null}     enter / correct / clear a scoring card
    {"type": "score_circle", "player": p, "circle": c,        place a disc and resolve both cards with
     "order": [s1, s2], "bread": [b1, b2], "sets": [k1, k2],  the choices made, always all three (as
     "coins_for": [{ware: n}, {...}], "owned": {...}}         `scoring_period.evaluate` takes them; a
                                                              choice the advisor made is stored as made:
                                                              `advised_event`); `coins_for` (optional,
                                                              following `order`) names the wares paid
                                                              with coins instead, as many of each
                                                              (without it: wares first, coins for what
                                                              is missing); `owned` (optional) gives
                                                              district counts, default the counters
    {"type": "complete_<landscape>", "player": p, "tiles": n} a landscape of n tiles (2-4) completed
    {"type": "banderole", "player": p, "steps": n}           the disc moves n spaces on
    {"type": "<other reward action id>", "player": p}        one-tap rewards (`REWARD_ACTIONS`)
Per-player actions send {"type": action.id, "player": p} plus their `field` for value_choices. Games
saved before event schema 2 stored "value" and scorings left to the advisor: the upgrades of the
landscapes, `banderole` and `score_circle` (`upgrade_score_circle`).
"""

from __future__ import annotations

from companion.core.definition import Action, BoardStateError, Counter, InvalidMove, Move, Standing
from companion.core.moves import seat_of
from companion.core.text import Msg
from companion.core.turns import clockwise, on_turn, turn_moves
from companion.games.carpe_diem import district
from companion.games.carpe_diem import scoring_period as sp
from companion.games.carpe_diem.components import (
    DWELLINGS, LANDSCAPE_WARE, LANDSCAPES, PHASES, ROUNDS, SINGLES, STARTING_VP, WARES, card_spaces,
    circles, turn_order,
)

RESOURCES = ("vp", *WARES, "coins", "bread", "fountain_cards", "tiles")
DISTRICT = ("chimneys", "villa", *LANDSCAPES, *DWELLINGS, *SINGLES)
COUNTERS = (
    # VP may go below 0 on paper: the rules take 4 VP for an unmet card and say nothing of a floor.
    Counter("vp", Msg("carpe-diem.counter.vp"), minimum=-99, steps=(1, 5)),
    *(Counter(k, Msg(f"carpe-diem.counter.{k}")) for k in RESOURCES[1:]),
    # District counts feed the "own" scoring cards: checked at a scoring, not changed every turn.
    *(Counter(k, Msg(f"carpe-diem.counter.{k}"), secondary=True) for k in DISTRICT),
)
LANDSCAPE_ACTIONS = {f"complete_{k}": k for k in LANDSCAPES}
SINGLE_TILE_REWARDS = {"place_market": ("market", "coins"), "place_bakery": ("bakery", "bread"),
                       "place_fountain": ("fountain", "fountain_cards")}
REWARD_ACTIONS = ("complete_merchant", "complete_baker", "complete_administrator", "complete_craftsman",
                  "place_market", "place_bakery", "place_fountain", "banderole_space")
STEP_CHOICES = (1, 2, 3, 4, 5, 6)
LANDSCAPE_TILES = (2, 3, 4)  # a completed landscape has 2 to 4 tiles


def names(config: dict) -> list[str]:
    return [p["name"] for p in config["players"]]


def initial_state(config: dict) -> dict:
    n, start = len(config["players"]), config["start_player"]
    order = turn_order(n, start)
    players = [{"counters": {c.id: 0 for c in COUNTERS}} for _ in range(n)]
    for vp, p in zip(STARTING_VP[n], order):
        players[p]["counters"]["vp"] = vp
    return {
        "phase": 1, "round": 1, "stage": "play", "start_player": start, "turn": start,
        "players": players,
        # The start player's disc lies at the bottom of space 0, the others on top in turn order.
        "banderole": {"0": order},
        "cards": {},
        "circles_used": {},
        "scoring": None,
        "log": [],
    }


# ---------------------------------------------------------------- the banderole bar

def banderole_position(state: dict, player: int) -> tuple[int, int]:
    """(space, level): level 0 is the bottom of the stack on that space."""
    for space, stack in state["banderole"].items():
        if player in stack:
            return int(space), stack.index(player)
    raise KeyError(player)


def move_banderole(state: dict, player: int, steps: int) -> None:
    """Move forward; on an occupied space the disc goes on top."""
    space, _ = banderole_position(state, player)
    state["banderole"][str(space)].remove(player)
    if not state["banderole"][str(space)]:
        del state["banderole"][str(space)]
    state["banderole"].setdefault(str(space + steps), []).append(player)


def banderole_order(state: dict) -> list[int]:
    """Furthest first; on a shared space the top disc first (the scoring order)."""
    positions = {p: banderole_position(state, p) for p in range(len(state["players"]))}
    return sorted(positions, key=lambda p: positions[p], reverse=True)


# ---------------------------------------------------------------- events

def _value(event: dict, key: str, choices: tuple[int, ...]) -> int:
    value = event.get(key)
    if isinstance(value, bool) or value not in choices:
        raise InvalidMove(Msg("core.error.bad_event"))
    return value


def _log(state: dict, key: str, **params) -> None:
    state["log"].append(Msg(f"carpe-diem.log.{key}", **params).to_json())


def _playing(state: dict) -> None:
    """Every entry but a scoring card's waits for the game to go on."""
    if state["stage"] == "finished":
        raise InvalidMove(Msg("carpe-diem.error.game_over"))


def end_round(state: dict, event: dict, config: dict) -> None:
    """Round +1; after round 7 the scoring period starts, furthest on the banderole bar first."""
    _playing(state)
    if state["stage"] != "play":
        raise InvalidMove(Msg("carpe-diem.error.scoring_running"))
    if state["round"] < ROUNDS:
        state["round"] += 1
        state["turn"] = state["start_player"]  # "The starting player starts with their turn"
        _log(state, "round", phase=state["phase"], round=state["round"])
        return
    order = banderole_order(state)
    state["stage"], state["turn"] = "scoring", None  # the banderole bar says who scores (`next_scorer`)
    state["scoring"] = {"order": order, "done": []}
    _log(state, "scoring_start", phase=state["phase"], order=[names(config)[p] for p in order])


def set_card(state: dict, event: dict, config: dict) -> None:
    space = event.get("space")
    if isinstance(space, bool) or space not in card_spaces(len(config["players"])):
        raise InvalidMove(Msg("carpe-diem.error.no_card_space", space=repr(space),
                              spaces=[str(s) for s in card_spaces(len(config["players"]))]))
    data = event.get("card")
    if data is None:
        state["cards"].pop(str(space), None)
        _log(state, "card_cleared", space=space)
        return
    try:
        card = sp.card_from_json(data, "card")
    except BoardStateError as error:
        raise InvalidMove(Msg("carpe-diem.error.card_field", field=error.field, problem=error.msg))
    state["cards"][str(space)] = card.to_json()
    _log(state, "card_set", space=space, card=sp.card_msg(card))


def entered_cards(state: dict) -> dict[int, sp.ScoringCard]:
    return {int(s): sp.card_from_json(c) for s, c in state["cards"].items()}


def holdings(state: dict, player: int) -> sp.Holdings:
    return sp.Holdings.from_counters(state["players"][player]["counters"])


def owned_counts(state: dict, player: int) -> dict[str, int]:
    """The district counts the tracker knows (kept up by the reward actions and the counters)."""
    counters = state["players"][player]["counters"]
    return {k: counters[k] for k in DISTRICT}


def free_circles(state: dict, config: dict) -> dict[int, tuple[int, int]]:
    return {c: pair for c, pair in circles(len(config["players"])).items() if str(c) not in state["circles_used"]}


def next_scorer(state: dict) -> int | None:
    scoring = state.get("scoring")
    if state["stage"] != "scoring" or not scoring:
        return None
    return scoring["order"][len(scoring["done"])]


def circle_cards(state: dict, config: dict, circle: int) -> tuple[tuple[int, sp.ScoringCard], ...]:
    """The circle's two cards, or InvalidMove naming what is missing."""
    all_circles = circles(len(config["players"]))
    if not isinstance(circle, int) or isinstance(circle, bool) or circle not in all_circles:
        raise InvalidMove(Msg("carpe-diem.error.no_circle", circle=repr(circle), count=len(all_circles)))
    if str(circle) in state["circles_used"]:
        raise InvalidMove(Msg("carpe-diem.error.circle_used", circle=circle))
    cards = entered_cards(state)
    missing = [s for s in all_circles[circle] if s not in cards]
    if missing:
        raise InvalidMove(Msg("carpe-diem.error.cards_missing", spaces=[str(s) for s in missing]))
    return tuple((s, cards[s]) for s in all_circles[circle])


def advice_for(state: dict, config: dict, player: int, circle: int, owned: dict | None = None) -> sp.Advice:
    """The advisor at a circle for a player, with the tracker's holdings and counts."""
    cards = circle_cards(state, config, circle)
    return sp.advise(cards, holdings(state, player), owned if owned is not None else owned_counts(state, player))


def score_circle(state: dict, event: dict, config: dict) -> None:
    """A disc on a free circle, both cards resolved with the choices the entry carries."""
    _playing(state)
    player = seat_of(event, config)
    if state["stage"] != "scoring":
        raise InvalidMove(Msg("carpe-diem.error.no_scoring"))
    who = names(config)
    if player != next_scorer(state):
        raise InvalidMove(Msg("carpe-diem.error.not_your_turn", player=who[next_scorer(state)]))
    circle = event.get("circle")
    cards = circle_cards(state, config, circle)
    owned = _owned(state, player, event)
    if not resolved(event):
        raise InvalidMove(Msg("core.error.bad_event"))
    try:
        option = sp.evaluate(cards, holdings(state, player), owned, event["order"], event["bread"], event["sets"],
                             _coins_for(event))
    except sp.PeriodError as error:
        raise InvalidMove(error.msg)
    counters = state["players"][player]["counters"]
    counters.update(option.after.to_json())
    counters["vp"] += option.vp
    if option.steps:
        move_banderole(state, player, option.steps)
    state["circles_used"][str(circle)] = {"player": player, "phase": state["phase"]}
    state["scoring"]["done"].append(player)
    _log(state, "scored", player=who[player], circle=circle, outcome=option.explain())
    if len(state["scoring"]["done"]) == len(who):
        end_scoring(state, config)


def _owned(state: dict, player: int, event: dict) -> dict[str, int]:
    """The district counts for a scoring: the counters, with what the event gives (`owned`) on top."""
    owned = owned_counts(state, player)
    extra = event.get("owned") or {}
    if not isinstance(extra, dict) or any(
            k not in sp.OWN_ITEMS or isinstance(v, bool) or not isinstance(v, int) or v < 0 for k, v in extra.items()):
        raise InvalidMove(Msg("core.error.bad_event"))
    owned.update(extra)
    return owned


def _coins_for(event: dict) -> list[dict] | None:
    """The entry's `coins_for`: per card (following `order`) ware -> how many were paid with coins;
    a ware the card does not ask for is named by `scoring_period.evaluate`."""
    value = event.get("coins_for")
    if value is None:
        return None
    if not (isinstance(value, list) and len(value) == 2 and all(
            isinstance(d, dict) and all(isinstance(k, str) and isinstance(v, int) and not isinstance(v, bool) and v >= 0
                                        for k, v in d.items()) for d in value)):
        raise InvalidMove(Msg("core.error.bad_event"))
    return value


def resolved(event: dict) -> bool:
    """Whether a score_circle entry carries every choice: the order of the two cards, bread on each,
    sets on each (a number, not "as many as possible")."""
    order, bread, sets = event.get("order"), event.get("bread"), event.get("sets")
    return (isinstance(order, list) and len(order) == 2
            and isinstance(bread, list) and len(bread) == 2 and all(isinstance(b, bool) for b in bread)
            and isinstance(sets, list) and len(sets) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in sets))


def advised_event(state: dict, config: dict, player: int, circle: int, owned: dict | None = None) -> dict:
    """The score_circle entry for the advisor's recommendation at `circle`, every choice resolved
    (what is stored is what was applied, whatever the advisor would say later). Raises InvalidMove
    where the entry would be refused."""
    event = {"type": "score_circle", "player": player, "circle": circle, **({"owned": owned} if owned else {})}
    cards = circle_cards(state, config, circle)
    try:
        option = sp.advise(cards, holdings(state, player), _owned(state, player, event)).recommended
    except sp.PeriodError as error:
        raise InvalidMove(error.msg)
    return {**event, **option.choice()}


def end_scoring(state: dict, config: dict) -> None:
    state["scoring"] = None
    if state["phase"] == PHASES:
        state["stage"] = "finished"
        _log(state, "game_over")
        return
    state["phase"] += 1
    state["round"] = 1
    state["stage"] = "play"
    # "Pass the starting player token to the left": the next seat clockwise, who opens the new phase.
    state["start_player"] = state["turn"] = (state["start_player"] + 1) % len(config["players"])
    _log(state, "phase_start", phase=state["phase"], player=names(config)[state["start_player"]],
         tiles=Msg("carpe-diem.log.tiles_dark" if state["phase"] == PHASES else "carpe-diem.log.tiles_light"))


# ---------------------------------------------------------------- rewards during play

def complete_landscape(landscape: str):
    """`complete_<landscape>`: a landscape of `tiles` tiles (2-4) completed gives tiles - 1 of its ware."""
    def apply(state: dict, event: dict, config: dict) -> None:
        _playing(state)
        player = seat_of(event, config)
        tiles = _value(event, "tiles", LANDSCAPE_TILES)
        c, ware = state["players"][player]["counters"], LANDSCAPE_WARE[landscape]
        c[landscape] += 1
        c[ware] += tiles - 1
        _log(state, "landscape", player=names(config)[player], landscape=Msg(f"carpe-diem.kind.{landscape}"),
             tiles=tiles, wares=sp.item_msg(ware, tiles - 1))
    return apply


def _rewarded(state: dict, event: dict, config: dict) -> tuple[dict, str, int]:
    """(the player's counters, name, seat) of a one-tap reward, once the game goes on."""
    _playing(state)
    player = seat_of(event, config)
    return state["players"][player]["counters"], names(config)[player], player


def complete_merchant(state: dict, event: dict, config: dict) -> None:
    """All wares into coins, plus one."""
    c, name, _ = _rewarded(state, event, config)
    wares = sum(c[w] for w in WARES)
    for w in WARES:
        c[w] = 0
    c["coins"] += wares + 1
    c["merchant"] += 1
    _log(state, "merchant", player=name, wares=wares, coins=wares + 1)


def complete_baker(state: dict, event: dict, config: dict) -> None:
    c, name, _ = _rewarded(state, event, config)
    c["bread"] += 2
    c["baker"] += 1
    _log(state, "baker", player=name)


def complete_administrator(state: dict, event: dict, config: dict) -> None:
    """Two steps on the banderole bar (on top of a disc there)."""
    c, name, player = _rewarded(state, event, config)
    c["administrator"] += 1
    move_banderole(state, player, 2)
    _log(state, "administrator", player=name, space=banderole_position(state, player)[0])


def complete_craftsman(state: dict, event: dict, config: dict) -> None:
    c, name, _ = _rewarded(state, event, config)
    c["craftsman"] += 1
    _log(state, "craftsman", player=name)


def place_single(kind: str):
    """`place_market` +1 coin, `place_bakery` +1 bread, `place_fountain` +1 fountain card."""
    feature, gain = SINGLE_TILE_REWARDS[kind]

    def apply(state: dict, event: dict, config: dict) -> None:
        c, name, _ = _rewarded(state, event, config)
        c[feature] += 1
        c[gain] += 1
        _log(state, feature, player=name)
    return apply


def banderole_space(state: dict, event: dict, config: dict) -> None:
    """A tile laid on a banderole space: one step on the bar."""
    _, name, player = _rewarded(state, event, config)
    move_banderole(state, player, 1)
    _log(state, "banderole", player=name, steps=1, space=banderole_position(state, player)[0])


def banderole(state: dict, event: dict, config: dict) -> None:
    """The disc moves `steps` spaces on (a scoring card's steps, corrections)."""
    _, name, player = _rewarded(state, event, config)
    steps = _value(event, "steps", STEP_CHOICES)
    move_banderole(state, player, steps)
    _log(state, "banderole", player=name, steps=steps, space=banderole_position(state, player)[0])


# ---------------------------------------------------------------- what each move offers the screens

def offer_end_round(state: dict, config: dict) -> list[Action]:
    """End round, the step the game waits for once the last player of the round is on turn; offered before
    that too (a table may not follow the turns here). It acts at once: Undo takes it back, as any entry."""
    if state["stage"] != "play":
        return []
    last = state["round"] == ROUNDS
    return [Action("end_round", Msg("carpe-diem.action.end_round_last" if last else "carpe-diem.action.end_round",
                                    round=state["round"]))]


def offer_score_circle(state: dict, config: dict) -> list[Action]:
    """The scoring period's next step: the next player on the banderole bar places a disc (the screen asks
    for the circle and the choices there: an entry without them is refused). Offered as the game's step,
    not per player: the banderole bar says who."""
    scorer = next_scorer(state)
    if scorer is None:
        return []
    return [Action("score_circle", Msg("carpe-diem.action.score_circle", player=names(config)[scorer]),
                   value_choices=tuple(sorted(free_circles(state, config))), field="circle")]


def offer_reward(kind: str, choices: tuple[int, ...] = (), field: str = ""):
    def offer(state: dict, config: dict) -> list[Action]:
        if state["stage"] == "finished":
            return []
        return [Action(kind, Msg(f"carpe-diem.action.{kind}"), per_player=True, value_choices=choices, field=field)]
    return offer


# ---------------------------------------------------------------- games saved before event schema 2

def value_named(key: str):
    """Schema 1 -> 2 of a landscape's tiles and the banderole steps: "value" became `key`."""
    def upgrade(event: dict, state: dict, config: dict) -> dict:
        if "value" not in event:
            return event
        return {**{k: v for k, v in event.items() if k != "value"}, key: event["value"]}
    return upgrade


def upgrade_score_circle(event: dict, state: dict | None = None, config: dict | None = None) -> dict:
    """Schema 1 -> 2 of a scoring: it named its circle as "circle" or "value" and could leave its choices
    to the advisor (or "sets" as null: as many as possible). Those choices are resolved here as schema 1
    resolved them, which needs the tracker `state` just before the entry and the `config`; without them
    such an entry keeps its choices open and the replay refuses it."""
    named = {k: v for k, v in event.items() if k != "value"}
    named["circle"] = event.get("circle", event.get("value"))
    if resolved(named) or not state or not config or not open_choices_shaped(event):
        return named  # a choice of the wrong shape: refused by the replay, in words
    try:
        player = seat_of(event, config)
        cards = circle_cards(state, config, named["circle"])
        owned = _owned(state, player, event)
        have = holdings(state, player)
        if any(k in event for k in ("order", "bread", "sets")):
            option = sp.evaluate(cards, have, owned, event.get("order"), event.get("bread", [False, False]),
                                 event.get("sets", [None, None]))
        else:
            option = sp.advise(cards, have, owned).recommended
    except (InvalidMove, sp.PeriodError):
        return named  # refused then as now: the replay says so
    return {**named, **option.choice()}


def open_choices_shaped(event: dict) -> bool:
    """Whether a schema 1 scoring's choices, those it made, have their shape (two cards' order, bread on
    each, sets on each or null: as many as possible): only then can the advisor resolve the rest."""
    order, bread, sets = event.get("order"), event.get("bread", [False, False]), event.get("sets", [None, None])
    return ((order is None or isinstance(order, list) and len(order) == 2
             and all(isinstance(s, int) and not isinstance(s, bool) for s in order))
            and isinstance(bread, list) and len(bread) == 2
            and isinstance(sets, list) and len(sets) == 2
            and all(v is None or isinstance(v, int) and not isinstance(v, bool) for v in sets))


# ---------------------------------------------------------------- whose turn

def round_order(state: dict, config: dict) -> list[int]:
    """"The starting player starts with their turn, then the other players follow in turn order"
    (clockwise); the start player token passes on after each phase."""
    return clockwise(state["start_player"], len(config["players"]))


def still_to_play(state: dict, config: dict) -> list[int]:
    """The players after the one on turn in this round (none once the last one is on turn)."""
    order, now = round_order(state, config), on_turn(state)
    return order[order.index(now) + 1:] if state["stage"] == "play" and now in order else []


def player_on_turn(state: dict, config: dict) -> int | None:
    """While a phase is played, the player whose turn it is; in a scoring period, the next to place a disc
    (furthest on the banderole bar first); nobody after the end."""
    return next_scorer(state) if state["stage"] == "scoring" else on_turn(state)


def _turns_now(state: dict, config: dict) -> None:
    """Turns are taken while a phase is played; a scoring period goes by the banderole bar."""
    _playing(state)
    if state["stage"] == "scoring":
        raise InvalidMove(Msg("carpe-diem.error.scoring_order", player=names(config)[next_scorer(state)]))


_NEXT, _SET = turn_moves(round_order, playing=lambda state: state["stage"] == "play")


def next_player(state: dict, event: dict, config: dict) -> None:
    """The next player's turn; after the last one of a round it is End round's ("Once the last player has
    completed their turn, the current round ends")."""
    _turns_now(state, config)
    if on_turn(state) == round_order(state, config)[-1]:
        raise InvalidMove(Msg("carpe-diem.error.round_complete", player=names(config)[on_turn(state)],
                              round=state["round"]))
    _NEXT.apply(state, event, config)


def set_turn(state: dict, event: dict, config: dict) -> None:
    """The table says whose turn it is: the tracker follows what happened at the table (a Next not
    tapped), it does not change the order of the rules."""
    _turns_now(state, config)
    _SET.apply(state, event, config)


def offer_next_player(state: dict, config: dict) -> list[Action]:
    return _NEXT.offer(state, config) if still_to_play(state, config) else []


def standing(state: dict, config: dict, seat: int) -> Standing:
    """VP in large type (the number pad adds to them); what a scoring card asks for: the wares, the coins
    that stand in for any ware, the bread that fulfils a card."""
    c = state["players"][seat]["counters"]
    return Standing(c["vp"], COUNTERS[0].label, "vp", (
        (Msg("carpe-diem.counter.wares"), sum(c[w] for w in WARES)),
        (Msg("carpe-diem.counter.coins"), c["coins"]), (Msg("carpe-diem.counter.bread"), c["bread"])))


def period(state: dict, config: dict, event: dict | None = None) -> Msg:
    """The score sheet's row: a phase, then the scoring period that ends it. VP are won and lost in the
    scoring periods ("Over four scoring periods your accomplishments will be turned into victory
    points"); a VP entered during a phase (a correction) stays in that phase's row."""
    if state["stage"] == "play":
        return Msg("carpe-diem.period.phase", phase=state["phase"])
    return Msg("carpe-diem.period", phase=state["phase"])


# Every kind of entry, in the order the screens offer them (End round before Next: the step the game
# waits for comes last).
MOVES = (
    Move("end_round", end_round, offer=offer_end_round),
    Move("next_player", next_player, offer=offer_next_player),
    Move("set_turn", set_turn, params=("player",)),
    Move("score_circle", score_circle, params=("player", "circle", "order", "bread", "sets", "coins_for", "owned"),
         offer=offer_score_circle, upgrades={1: upgrade_score_circle}),
    Move("set_card", set_card, params=("space", "card")),
    *(Move(kind, complete_landscape(landscape), params=("player", "tiles"),
           offer=offer_reward(kind, LANDSCAPE_TILES, "tiles"), upgrades={1: value_named("tiles")})
      for kind, landscape in LANDSCAPE_ACTIONS.items()),
    *(Move(kind, apply, params=("player",), offer=offer_reward(kind)) for kind, apply in (
        ("complete_merchant", complete_merchant), ("complete_baker", complete_baker),
        ("complete_administrator", complete_administrator), ("complete_craftsman", complete_craftsman),
        *((kind, place_single(kind)) for kind in SINGLE_TILE_REWARDS), ("banderole_space", banderole_space))),
    Move("banderole", banderole, params=("player", "steps"), offer=offer_reward("banderole", STEP_CHOICES, "steps"),
         upgrades={1: value_named("steps")}),
)


def progress(state: dict) -> float:
    """How far the game is, 0 to 1, over its 4 × 7 rounds."""
    if state["stage"] == "finished":
        return 1.0
    return ((state["phase"] - 1) * ROUNDS + state["round"] - 1) / (PHASES * ROUNDS)


def status(state: dict, config: dict) -> list[Msg]:
    who = names(config)
    n = len(who)
    if state["stage"] == "finished":
        return [Msg("carpe-diem.status.finished")]
    lines = [Msg("carpe-diem.status.phase", phase=state["phase"], phases=PHASES, round=state["round"],
                 rounds=ROUNDS)]
    if state["stage"] == "scoring":  # second: the play screen shows the first two lines
        scoring = state["scoring"]
        lines.append(Msg("carpe-diem.status.scoring", phase=state["phase"], order=[who[p] for p in scoring["order"]],
                         player=who[next_scorer(state)]))
    lines.append(Msg("core.status.start_player", name=who[state["start_player"]]))
    lines.append(Msg("carpe-diem.status.circles", free=len(free_circles(state, config)),
                     total=len(circles(n))))
    entered, total = len(state["cards"]), len(card_spaces(n))
    if entered < total:
        lines.append(Msg("carpe-diem.status.cards", entered=entered, total=total))
    lines.append(Msg("carpe-diem.status.banderole", order=[
        Msg("carpe-diem.status.banderole_player", player=who[p], space=banderole_position(state, p)[0])
        for p in banderole_order(state)]))
    return lines


def board_from_tracker(state: dict, config: dict) -> dict:
    """The end-scoring form, prefilled with what the tracker knows (storage, VP, banderole bar); the
    district, the fountain cards and the frame goals are entered at the table. The district in the form
    the table chose (`config["preferences"]["entry"]`, as it was when the game began): a grid, or the
    counts as the tracker counted them."""
    counts = (config.get("preferences") or {}).get("entry") == "counts"
    players = []
    for p, (player, s) in enumerate(zip(config["players"], state["players"])):
        c = s["counters"]
        space, level = banderole_position(state, p)
        players.append({
            "name": player["name"],
            "vp": c["vp"],
            "storage": {k: c[k] for k in (*WARES, "coins", "bread", "tiles")},
            "banderole": {"space": space, "level": level},
            **({"quick": district.quick_prefill(district.tracked_district(c))} if counts
               else {"district": {"features": []}, "frame": []}),
            "fountain_cards": [],
        })
    return {"game": "carpe-diem", "players": players}
