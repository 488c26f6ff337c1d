"""City of Rome during play: rounds, the start player, the influence scorings (RUNDENENDE) and each
city as it is built.

Events:
- `{"type": "end_round"}`: the round's influence scoring, then the next round;
- `{"type": "build", "player": p, "card": id, "space": [row, column]}`: a building built (Aktion Bauen)
  on that space, its immediate effect applied (below);
- `{"type": "swap_start", "player": p}`: the two start buildings lie the other way round (allowed while
  nothing else is built);
- `place_builder` and `next_player`: who is on turn in the round (turns.py);
- core's generic `{"type": "adjust", "player": p, "counter": id, "delta": n}` for money, influence
  tokens and build markers.

A city during play has no fixed 4 x 4 frame yet: it grows from the start buildings in any direction
while it stays within 4 x 4 cards. Spaces are therefore counted from the start buildings, which lie
side by side on row 0, columns 0 and 1 (the value-2 house on the left until `swap_start`); rows below
them are 1, 2, ..., above them -1, -2, ... `state["cities"][p]` lists a player's cards in the order
built: `{"card": id, "space": [row, column]}`, a therme with `"vp_markers"`. The end-scoring form gets
the city moved into the middle of the 4 x 4 grid (`board_from_tracker`).

A build does what the building overview says happens at once, so nobody counts it by hand: a therme
gets a VP marker per neighbouring card (the Kaiser-Therme one more), a market money per neighbouring
card (the Forum Romanum 1 more), an arena an influence token per neighbouring card (the Kolosseum 1
more), and a card with stars an influence token per star. A school's cards drawn are not tracked.

`state["last_scoring"]` keeps the outcome of the influence scoring at the last round's end (None when
no card was waiting then), so the tracker can announce it during the whole next round, not only in
the log: `{"round", "winner" (seat or None), "tied" (seats), "tokens", "cards", "lapsed"}`.
"""

from __future__ import annotations

from companion.core.definition import Action, Counter, InvalidMove, Move
from companion.core.moves import seat_of
from companion.core.text import Msg, tr
from companion.games.city_of_rome import turns
from companion.games.city_of_rome.cards import (
    AQUEDUCT, CARDS, copies_in_play, influence_cards, reveal_round, rounds,
)

COUNTERS = (
    Counter("money", Msg("city-of-rome.counter.money"), steps=(1, 5)),
    Counter("influence_tokens", Msg("city-of-rome.counter.influence_tokens")),
    Counter("build_markers", Msg("city-of-rome.counter.build_markers")),
)


SIZE = 4  # "maximal 4 Karten in der Länge und 4 Karten in der Breite"
START_CITY = ("house-2", "vegetable-farm")  # left to right, until swapped


def _revealed_in(round_: int, players: int) -> list[int]:
    return [c for c in influence_cards(players) if reveal_round(c, players) == round_]


def initial_state(config: dict) -> dict:
    n = len(config["players"])
    state = {
        "round": 1,
        "rounds": rounds(n),
        "start_player": config["start_player"],
        "players": [{"counters": {"money": 5, "influence_tokens": 0, "build_markers": 0},
                     "influence_cards": []} for _ in range(n)],
        "waiting_cards": _revealed_in(1, n),
        "last_scoring": None,
        "cities": [[{"card": card, "space": [0, col]} for col, card in enumerate(START_CITY)] for _ in range(n)],
        "buildings_built": [0] * n,
        "replaced": [],  # cards an aqueduct replaced: "zurück in die Schachtel", never built again
        "finished": False,
        "log": [],
    }
    turns.new_round(state)
    return state


def influence_scoring(state: dict, names: list[str]) -> None:
    """The single player with most influence tokens takes every waiting card and returns all
    their tokens; on a tie the cards stay waiting."""
    tokens = [p["counters"]["influence_tokens"] for p in state["players"]]
    best = max(tokens)
    leaders = [i for i, t in enumerate(tokens) if t == best]
    cards = [str(c) for c in state["waiting_cards"]]
    state["last_scoring"] = {"round": state["round"], "winner": leaders[0] if len(leaders) == 1 else None,
                             "tied": leaders if len(leaders) > 1 else [], "tokens": best,
                             "cards": list(state["waiting_cards"]), "lapsed": []}
    if len(leaders) == 1:
        winner = state["players"][leaders[0]]
        winner["influence_cards"] += state["waiting_cards"]
        winner["counters"]["influence_tokens"] = 0
        state["waiting_cards"] = []
        state["log"].append(Msg("city-of-rome.log.influence_won", player=names[leaders[0]],
                                cards=cards, tokens=best).to_json())
    else:
        state["log"].append(Msg("city-of-rome.log.influence_tie", players=[names[i] for i in leaders],
                                tokens=best, cards=cards).to_json())


def end_round(state: dict, event: dict, config: dict) -> None:
    """The round's influence scoring (when a card is waiting), then the next round with the start player
    passed on; after the last round the game is over and cards still waiting are not awarded."""
    if state["finished"]:
        raise InvalidMove(Msg("city-of-rome.error.game_over"))
    names = [p["name"] for p in config["players"]]
    state["log"].append(Msg("city-of-rome.log.round_end", round=state["round"]).to_json())
    state["last_scoring"] = None
    if state["waiting_cards"]:
        influence_scoring(state, names)
    if state["round"] == state["rounds"]:
        if state["waiting_cards"]:
            state["log"].append(Msg("city-of-rome.log.cards_lapse",
                                    cards=[str(c) for c in state["waiting_cards"]]).to_json())
            state["last_scoring"]["lapsed"] = list(state["waiting_cards"])
            state["waiting_cards"] = []
        state["finished"] = True
        turns.new_round(state)
        state["log"].append(Msg("city-of-rome.log.game_over").to_json())
        return
    turns.new_round(state)
    state["round"] += 1
    state["start_player"] = (state["start_player"] + 1) % len(names)
    state["waiting_cards"] += _revealed_in(state["round"], len(names))
    state["log"].append(Msg("city-of-rome.log.round_start", round=state["round"],
                            player=names[state["start_player"]]).to_json())


# ---------------------------------------------------------------- the cities

def city_map(city: list[dict]) -> dict[tuple[int, int], dict]:
    return {tuple(entry["space"]): entry for entry in city}


def around(space: tuple[int, int]):
    r, c = space
    return ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))


def fits(spaces) -> bool:
    """Whether cards on these spaces stay within 4 x 4."""
    rows, cols = [r for r, _ in spaces], [c for _, c in spaces]
    return max(rows) - min(rows) < SIZE and max(cols) - min(cols) < SIZE


def copies_left(state: dict, card_id: str, players: int) -> int:
    """Copies of a card not yet in a city nor replaced (start buildings included in both counts)."""
    used = sum(1 for city in state["cities"] for entry in city if entry["card"] == card_id)
    used += state["replaced"].count(card_id)
    return copies_in_play(CARDS[card_id], players) - used


def build_problem(state: dict, player: int, card_id, space, players: int) -> Msg | None:
    """Why this card cannot be built on this space of the player's city now (None: it can)."""
    if not isinstance(card_id, str) or card_id not in CARDS:
        return Msg("city-of-rome.error.unknown_card", card=repr(card_id))
    card_name = Msg(f"city-of-rome.card.{card_id}")
    if copies_in_play(CARDS[card_id], players) == 0:
        return Msg("city-of-rome.error.card_not_in_play", card=card_name, players=players)
    if copies_left(state, card_id, players) <= 0:
        return Msg("city-of-rome.error.no_copy_left", card=card_name, copies=copies_in_play(CARDS[card_id], players))
    if (not isinstance(space, (list, tuple)) or len(space) != 2
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in space)):
        return Msg("core.error.bad_event")
    space = tuple(space)
    city = city_map(state["cities"][player])
    aqueduct = CARDS[card_id].kind == AQUEDUCT
    if space in city and not aqueduct:  # "Sie muss auf einen freien Platz gebaut werden"
        return Msg("city-of-rome.error.space_taken", card=Msg(f"city-of-rome.card.{city[space]['card']}"))
    if space not in city and not any(n in city for n in around(space)):
        return Msg("city-of-rome.error.not_touching")
    if not fits([*city, space]):
        return Msg("city-of-rome.error.beyond_4x4")
    if aqueduct:  # "In jeder Reihe oder Spalte einer Stadt darf nur genau 1 Aquädukt gebaut werden"
        for (r, c), entry in city.items():
            if CARDS[entry["card"]].kind == AQUEDUCT and (r, c) != space and (r == space[0] or c == space[1]):
                return Msg("city-of-rome.error.aqueduct_in_line")
        if space in city and CARDS[city[space]["card"]].kind == AQUEDUCT:
            return Msg("city-of-rome.error.aqueduct_in_line")
    return None


def build(state: dict, event: dict, config: dict) -> None:
    """A building built on a space of the player's city, with what it does at once (see the module)."""
    player = seat_of(event, config)
    names = [p["name"] for p in config["players"]]
    card_id, space = event.get("card"), event.get("space")
    problem = build_problem(state, player, card_id, space, len(names))
    if problem is not None:
        raise InvalidMove(problem)
    space = (space[0], space[1])
    city = state["cities"][player]
    here = city_map(city)
    card = CARDS[card_id]
    gone = here.get(space)
    if gone is not None:  # an aqueduct built in its place: the card goes back into the box
        city.remove(gone)
        state["replaced"].append(gone["card"])
    neighbours = sum(1 for n in around(space) if n in here)
    entry = {"card": card_id, "space": [space[0], space[1]]}
    counters = state["players"][player]["counters"]
    gains = []
    if card.public_type == "therme":
        entry["vp_markers"] = neighbours + card.extra_vp_marker
        gains.append(Msg("city-of-rome.gain.vp_markers", count=entry["vp_markers"]))
    money = neighbours + (1 if card_id == "forum-romanum" else 0) if card.public_type == "market" else 0
    tokens = neighbours + (1 if card_id == "colosseum" else 0) if card.public_type == "arena" else 0
    tokens += card.stars
    if money:
        counters["money"] += money
        gains.append(Msg("city-of-rome.gain.money", count=money))
    if tokens:
        counters["influence_tokens"] += tokens
        gains.append(Msg("city-of-rome.gain.tokens", count=tokens))
    city.append(entry)
    state["buildings_built"][player] += 1
    key = "city-of-rome.log.built" + ("_replacing" if gone else "") + ("_gains" if gains else "")
    state["log"].append(Msg(key, player=names[player], card=Msg(f"city-of-rome.card.{card_id}"), gains=gains,
                            replaced=Msg(f"city-of-rome.card.{gone['card']}") if gone else None).to_json())


def swap_start(state: dict, event: dict, config: dict) -> None:
    """The two start buildings the other way round: allowed while nothing else is built."""
    player = seat_of(event, config)
    if state["buildings_built"][player]:  # nothing built yet: the city is the two start buildings
        raise InvalidMove(Msg("city-of-rome.error.swap_too_late"))
    city = state["cities"][player]
    city[0]["card"], city[1]["card"] = city[1]["card"], city[0]["card"]
    state["log"].append(Msg("city-of-rome.log.start_swapped", player=config["players"][player]["name"],
                            left=Msg(f"city-of-rome.card.{city[0]['card']}")).to_json())


def build_options(state: dict, player: int, players: int) -> dict[tuple[int, int], list[str]]:
    """Every space of the player's city where a card can be built now (top to bottom, left to right),
    with the cards that can go there (an aqueduct also over a card); a space where none can is left out."""
    city = city_map(state["cities"][player])
    options = {}
    for space in sorted(set(city) | {n for s in city for n in around(s)}):
        cards = [card_id for card_id in CARDS
                 if build_problem(state, player, card_id, list(space), players) is None]
        if cards:
            options[space] = cards
    return options


def city_grid(city: list[dict]) -> list[list[dict | None]]:
    """The city as rows of its bounding box (top-left first): the entry on each space, or None."""
    here = city_map(city)
    top, left = min(r for r, _ in here), min(c for _, c in here)
    rows = max(r for r, _ in here) - top + 1
    cols = max(c for _, c in here) - left + 1
    return [[here.get((top + r, left + c)) for c in range(cols)] for r in range(rows)]


def _end_round_offer(state: dict, config: dict) -> list[Action]:
    """End round acts at once (Undo takes it back, as any entry); the last round's end asks first: it
    ends the game."""
    if state["finished"]:
        return []
    last = state["round"] == state["rounds"]
    confirm = None
    if last:
        key = "city-of-rome.confirm.end_round" + ("_scoring" if state["waiting_cards"] else "")
        names = [p["name"] for p in config["players"]]
        waiting = turns.still_to_act(state)  # a table that follows the turns: who has not acted yet
        confirm = Msg(key + "_early", players=[names[s] for s in waiting]) if waiting else Msg(key)
    return [Action("end_round", Msg("city-of-rome.action.end_round_last" if last else "city-of-rome.action.end_round",
                                    round=state["round"]), confirm=confirm)]


def _build_offer(state: dict, config: dict) -> list[Action]:
    # Build stays after the last round: a build forgotten then is entered without undoing the round.
    return [Action("build", Msg("city-of-rome.action.build"), per_player=True)]


# Every kind of entry (and core's "adjust" for the counters). Their schema-1 form is today's: City of
# Rome's entries never stored a position, so no move has an upgrade step.
MOVES = (
    Move("end_round", end_round, offer=_end_round_offer),  # first: the round's next step comes after it
    *turns.MOVES,
    Move("build", build, params=("player", "card", "space"), offer=_build_offer),
    # offered inside the Build dialog, not as a button of its own
    Move("swap_start", swap_start, params=("player",)),
)


def status(state: dict, config: dict) -> list[Msg]:
    names = [p["name"] for p in config["players"]]
    if state["finished"]:
        return [Msg("city-of-rome.status.finished")]
    phase = "placing" if turns.placing(state) else "acting"  # Setzphase, Aktionsphase
    lines = [Msg(f"city-of-rome.status.round_{phase}", round=state["round"], rounds=state["rounds"]),
             Msg("core.status.start_player", name=names[state["start_player"]])]
    if state["waiting_cards"]:
        lines.append(Msg("city-of-rome.status.waiting", cards=[str(c) for c in state["waiting_cards"]]))
    upcoming = [c for c in influence_cards(len(names))
                if reveal_round(c, len(names)) > state["round"]]
    if upcoming:
        lines.append(Msg("city-of-rome.status.next_card", card=upcoming[0],
                         round=reveal_round(upcoming[0], len(names))))
    return lines


def _cards(key: str, cards: list[int], **params) -> Msg:
    """One card or several: the texts differ (no "card(s)")."""
    if len(cards) == 1:
        return Msg(f"{key}_one", card=cards[0], **params)
    return Msg(f"{key}_many", cards=[str(c) for c in cards], **params)


def scoring_announcement(state: dict, config: dict) -> list[Msg]:
    """What the influence scoring at the last round's end did, in the players' words (empty when
    there was none): who won which cards, or who tied and which cards stay waiting or lapse."""
    last = state.get("last_scoring")
    if not last:
        return []
    names = [p["name"] for p in config["players"]]
    if last["winner"] is not None:
        return [_cards("city-of-rome.announce.won", last["cards"], round=last["round"],
                       player=names[last["winner"]], tokens=last["tokens"]),
                Msg("city-of-rome.announce.tokens_back", player=names[last["winner"]])]
    tied = [names[i] for i in last["tied"]]
    lines = [Msg("city-of-rome.announce.tie", round=last["round"], players=tied, tokens=last["tokens"])
             if last["tokens"] else Msg("city-of-rome.announce.nobody", round=last["round"])]
    lapsed = last.get("lapsed") or []
    waiting = [c for c in last["cards"] if c not in lapsed]
    if waiting:
        lines.append(_cards("city-of-rome.announce.stay", waiting))
    if lapsed:
        lines.append(_cards("city-of-rome.announce.lapse", lapsed))
    return lines


def influence_leader(state: dict) -> tuple[int | None, list[int], int]:
    """Who would take the waiting cards if the round ended now: (seat or None, tied seats, tokens)."""
    tokens = [p["counters"]["influence_tokens"] for p in state["players"]]
    best = max(tokens)
    leaders = [i for i, t in enumerate(tokens) if t == best]
    return (leaders[0], [], best) if len(leaders) == 1 else (None, leaders, best)


def board_from_tracker(state: dict, config: dict) -> dict:
    """The end-scoring form, prefilled with what the tracker knows: each city as it lies (with no build
    recorded, the two start buildings as the setup lays them), money, influence tokens, the cards won."""
    return {
        "game": "city-of-rome",
        "players": [
            {"name": p["name"], "city": board_city(state["cities"][i]),
             "money": s["counters"]["money"], "influence_tokens": s["counters"]["influence_tokens"],
             "influence_cards": list(s["influence_cards"])}
            for i, (p, s) in enumerate(zip(config["players"], state["players"]))
        ],
    }


def board_city(city: list[dict]) -> list[list]:
    """A city in the 4 x 4 grid of the board state, in its middle: a city smaller than 4 x 4 keeps room on
    each side it can still grow to, so a card not recorded during play goes where it lies on the table
    (the two start buildings: row 2, columns 2 and 3). Where a city lies in the grid changes no score."""
    grid = [[None] * SIZE for _ in range(SIZE)]
    rows = city_grid(city)
    top, left = (SIZE - len(rows)) // 2, (SIZE - len(rows[0])) // 2
    for r, row in enumerate(rows):
        for c, entry in enumerate(row):
            if entry is not None:
                grid[top + r][left + c] = ({"card": entry["card"], "vp_markers": entry["vp_markers"]}
                                           if "vp_markers" in entry else entry["card"])
    return grid


# ---------------------------------------------------------------- what the tracker's panel and cards say

def player_line(name: str, cards: list[int]) -> Msg:
    """A player's won influence cards, for screen readers (the card values and what they are worth)."""
    if not cards:
        return Msg("city-of-rome.panel.player_none", player=name)
    return Msg("city-of-rome.panel.player_cards", player=name, cards=[str(c) for c in cards], points=sum(cards))


def leader_line(state: dict, names: list[str]) -> Msg | None:
    """Who would take the waiting cards now; None when no card is waiting or the game is over."""
    if not state["waiting_cards"] or state["finished"]:
        return None
    seat, tied, tokens = influence_leader(state)
    if seat is not None:
        return Msg("city-of-rome.panel.leader", player=names[seat], tokens=tokens)
    if not tokens:
        return Msg("city-of-rome.panel.leader_nobody")
    return Msg("city-of-rome.panel.leader_tie", players=[names[i] for i in tied], tokens=tokens)


def city_rows(state: dict, seat: int) -> tuple:
    """A player's city as built so far, row by row: (card, VP markers) or None per space (plain values a
    memoized tracker card can compare)."""
    return tuple(tuple((e["card"], e.get("vp_markers", 0)) if e else None for e in row)
                 for row in city_grid(state["cities"][seat]))


def city_line(lang: str, name: str, rows) -> str:
    """A city (as `city_rows` gives it) for screen readers, in `lang`: its cards row by row, as a list of
    words ("House 2, Market", not sentences)."""
    cards = [tr(lang, f"city-of-rome.card.{cell[0]}") for row in rows for cell in row if cell]
    return tr(lang, "city-of-rome.panel.city", player=name, count=len(cards), cards=cards)


def grid_corner(city: dict, options: dict) -> tuple[int, int]:
    """The top-left space of what the Build dialog shows (the city and where it can grow): its row and
    column 1."""
    shown = set(city) | set(options)
    return min(r for r, _ in shown), min(c for _, c in shown)
