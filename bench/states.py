"""Random end states for the scoring benchmark and the fuzz tests.

`random_state(game_id, rng, players)` draws a board state of the documented JSON format: each game
draws its own (`EndBoard.random_board`, with the box data they are scored with; a game without
one is left out). `valid_state(...)` keeps drawing until the game's own reader accepts one (most draws
are accepted; the rest break a cross-field rule such as card copies or connectivity).
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
    return game.end.random_board(random.Random(0), game.min_players)[1] if game.end.random_board is not None else {}



def drawable() -> list[str]:
    """The registered games that random end states can be drawn for: each brings its `random_board`
    (a game without one is left out of the fuzz tests and benchmarks)."""
    return sorted(g for g, game in GAMES.items() if game.end.random_board is not None)


def random_state(game_id: str, rng: random.Random, players: int | None = None) -> dict:
    return random_board_and_box(game_id, rng, players)[0]


def random_board_and_box(game_id: str, rng: random.Random, players: int | None = None) -> tuple[dict, dict]:
    game = GAMES[game_id]
    if game_id not in drawable():
        raise LookupError(f"no random end states for {game_id!r}: its GameDefinition has no random_board")
    return game.end.random_board(rng, players or rng.randint(game.min_players, game.max_players))


def valid_state(game_id: str, rng: random.Random, players: int | None = None,
                stats: dict | None = None) -> dict:
    """A random state the game's reader accepts (draws again on a refused one)."""
    game = GAMES[game_id]
    for _ in range(10_000):
        data = random_state(game_id, rng, players)
        try:
            game.end.parse_board_state(data)
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
                GAMES[game_id].end.parse_board_state(candidate)
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
