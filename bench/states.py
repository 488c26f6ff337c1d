"""Random end states for the scoring benchmark and the fuzz tests.

`random_state(game_id, rng, players)` draws a board state of the documented JSON format from the
shapes each game allows; `valid_state(...)` keeps drawing until the game's own reader accepts one
(most draws are accepted; the rest break a cross-field rule such as card copies or connectivity). A
game that brings its own `random_board` draws its states there, with the box data they are scored with.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from companion.core.game import BoardStateError
from companion.games import GAMES

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
NAMES = ["Anna", "Ben", "Cleo", "Dora"]


def box_for(game_id: str) -> dict:
    """The box values a game's random end states are scored with (the same for every draw)."""
    game = GAMES[game_id]
    if game.random_board is not None:
        return game.random_board(random.Random(0), game.min_players)[1]
    return {}


# ---------------------------------------------------------------- City of Rome

def _connected_cells(rng: random.Random, size: int) -> list[tuple[int, int]]:
    cells = [(rng.randrange(4), rng.randrange(4))]
    while len(cells) < size:
        r, c = rng.choice(cells)
        dr, dc = rng.choice(((1, 0), (-1, 0), (0, 1), (0, -1)))
        cell = (r + dr, c + dc)
        if 0 <= cell[0] < 4 and 0 <= cell[1] < 4 and cell not in cells:
            cells.append(cell)
    return cells


def city_of_rome(rng: random.Random, players: int) -> dict:
    from companion.games.city_of_rome.cards import AQUEDUCT, CARDS, copies_in_play, influence_cards

    pool = {cid: copies_in_play(card, players) for cid, card in CARDS.items()}
    # Influence cards come up in order and a winner takes every card waiting: the cards won are the
    # first k, each with one player; whoever won the last one returned every influence token.
    cards = influence_cards(players)
    holder = {v: rng.randrange(players) for v in cards[:rng.randint(0, len(cards))]}
    out = []
    for i in range(players):
        city: list[list] = [[None] * 4 for _ in range(4)]
        cells = _connected_cells(rng, rng.randint(2, 16))
        for (r, c), start in zip(cells, ("vegetable-farm", "house-2")):  # never removed, only replaced
            pool[start] -= 1
            city[r][c] = start
        for r, c in cells[2:]:
            for _ in range(20):
                cid = rng.choice([k for k, n in pool.items() if n > 0])
                if CARDS[cid].kind == AQUEDUCT and any(
                        isinstance(x, str) and CARDS[x].kind == AQUEDUCT for x in city[r] + [row[c] for row in city]):
                    continue
                pool[cid] -= 1
                city[r][c] = cid
                break
        for r in range(4):
            for c in range(4):
                cid = city[r][c]
                if cid in ("therme", "imperial-therme"):
                    neighbours = sum(1 for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
                                     if 0 <= r + dr < 4 and 0 <= c + dc < 4 and city[r + dr][c + dc])
                    extra = CARDS[cid].extra_vp_marker  # built touching the city: at least one marker
                    city[r][c] = {"card": cid, "vp_markers": rng.randint(1 + extra, neighbours + extra)}
        won = [v for v, p in holder.items() if p == i]
        out.append({"name": NAMES[i], "city": city, "money": rng.randint(0, 40),
                    "influence_tokens": 0 if cards[-1] in won else rng.randint(0, 15), "influence_cards": won})
    return {"game": "city-of-rome", "players": out}


# ---------------------------------------------------------------- Milestones

def milestones(rng: random.Random, players: int) -> dict:
    from companion.games.milestones.components import GOODS, WORKER_KINDS

    bonus_left = 15
    out = []
    for i in range(players):
        p = {"name": NAMES[i], "points": rng.randint(0, 120)}
        p["goods"] = ({g: rng.randint(0, 3) for g in GOODS if rng.random() < 0.5} if rng.random() < 0.7
                      else rng.randint(0, 3))
        if rng.random() < 0.7:
            row = []
            for _ in range(rng.randint(0, 8)):
                x = rng.random()
                if x < 0.2:
                    row.append(rng.choice([None, "empty", "covered"]))
                elif x < 0.35 and bonus_left:
                    bonus_left -= 1
                    row.append({"kind": rng.choice(WORKER_KINDS), "bonus": True})
                else:
                    row.append(rng.choice(WORKER_KINDS))
            p["workers"] = row
        else:
            counts, total = {}, 0
            for kind in rng.sample(WORKER_KINDS, rng.randint(0, 5)):
                n = rng.randint(0, 8 - total)
                total += n
                b = min(rng.randint(0, n), bonus_left)
                bonus_left -= b
                counts[kind] = {"workers": n, "bonus": b} if b else n
            p["worker_counts"] = counts
        out.append(p)
    return {"game": "milestones", "players": out}


# ---------------------------------------------------------------- The Castles of Tuscany

def castles_of_tuscany(rng: random.Random, players: int) -> dict:
    out = []
    for i in range(players):
        green = rng.randint(0, 60)
        tiles = rng.randint(0, 3)
        out.append({"name": NAMES[i], "red": green + rng.randint(0, 80), "green": green, "tiles": tiles,
                    "hexagons": rng.randint(0, 3 - tiles), "marble": rng.randint(0, 6),
                    "workers": rng.randint(0, 8), "cards": rng.randint(0, 25),
                    "empty_fields": rng.randint(0, 10)})
    return {"game": "castles-of-tuscany", "players": out}


# `(rng, players) -> board state` of the games that do not bring their own `random_board` yet.
GENERATORS = {"city-of-rome": city_of_rome, "milestones": milestones,
              "castles-of-tuscany": castles_of_tuscany}


def drawable() -> list[str]:
    """The registered games that random end states can be drawn for: each brings its `random_board`
    (a game without one is left out of the fuzz tests and benchmarks)."""
    return sorted(g for g, game in GAMES.items() if game.random_board is not None or g in GENERATORS)


def random_state(game_id: str, rng: random.Random, players: int | None = None) -> dict:
    return random_board_and_box(game_id, rng, players)[0]


def random_board_and_box(game_id: str, rng: random.Random, players: int | None = None) -> tuple[dict, dict]:
    game = GAMES[game_id]
    if game_id not in drawable():
        raise LookupError(f"no random end states for {game_id!r}: its GameDefinition has no random_board")
    players = players or rng.randint(game.min_players, game.max_players)
    if game.random_board is not None:
        return game.random_board(rng, players)
    return GENERATORS[game_id](rng, players), box_for(game_id)


def valid_state(game_id: str, rng: random.Random, players: int | None = None,
                stats: dict | None = None) -> dict:
    """A random state the game's reader accepts (draws again on a refused one)."""
    game = GAMES[game_id]
    for _ in range(10_000):
        data = random_state(game_id, rng, players)
        try:
            game.parse_board_state(data)
        except BoardStateError as error:
            if stats is not None:
                stats["refused"] = stats.get("refused", 0) + 1
                stats.setdefault("reasons", {}).setdefault(error.msg.key, 0)
                stats["reasons"][error.msg.key] += 1
            continue
        if stats is not None:
            stats["accepted"] = stats.get("accepted", 0) + 1
        return data
    raise RuntimeError(f"no valid {game_id} state drawn")


def four_player_end_state(game_id: str) -> dict:
    """A full 4-player end state built from the examples (the 4th player copies an example's)."""
    files = {"city-of-rome": "city-of-rome-rulebook.json", "milestones": "milestones-4-players.json",
             "castles-of-tuscany": "castles-of-tuscany-three-players.json",
             "carpe-diem": "carpe-diem-2p-district.json"}
    if game_id not in files:  # a game without an example here: four players drawn at random
        return valid_state(game_id, random.Random(4), 4)
    data = json.loads((EXAMPLES / files[game_id]).read_text(encoding="utf-8"))
    players = data["players"]
    if game_id == "city-of-rome":
        # The rulebook city, plus three other legal cities: a full 16-card city is the costly case.
        rng = random.Random(4)
        while True:
            extra = valid_state("city-of-rome", rng, 4)
            candidate = dict(data, players=[players[0], *extra["players"][1:]])
            try:
                GAMES[game_id].parse_board_state(candidate)
                return candidate
            except BoardStateError:
                continue
    if game_id == "carpe-diem":
        quick = json.loads((EXAMPLES / "carpe-diem-3p-quick-tie.json").read_text(encoding="utf-8"))["players"]
        district = players[0]
        players = [district, players[1], quick[0], quick[1]]
        players = [dict(p, name=n) for p, n in zip(players, NAMES)]
        # four different banderole positions the example box data knows
        for p, (space, level) in zip(players, [(9, 0), (7, 0), (7, 1), (9, 1)]):
            p["banderole"] = {"space": space, "level": level}
        return {"game": game_id, "players": players}
    while len(players) < 4:
        players.append(dict(players[len(players) % len(players)], name=NAMES[len(players)]))
    return {"game": game_id, "players": [dict(p, name=n) for p, n in zip(players, NAMES)]}
