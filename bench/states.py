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

from companion.core.definition import BoardStateError
from companion.games import GAMES

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
NAMES = ["Anna", "Ben", "Cleo", "Dora"]


def box_for(game_id: str) -> dict:
    """The box values a game's random end states are scored with (the same for every draw)."""
    definition = GAMES[game_id]
    return definition.end.random_board(random.Random(0), definition.min_players)[1] if definition.end.random_board is not None else {}



def drawable() -> list[str]:
    """The registered games that random end states can be drawn for: each brings its `random_board`
    (a game without one is left out of the fuzz tests and benchmarks)."""
    return sorted(g for g, definition in GAMES.items() if definition.end.random_board is not None)


def random_state(game_id: str, rng: random.Random, players: int | None = None) -> dict:
    return random_board_and_box(game_id, rng, players)[0]


def random_board_and_box(game_id: str, rng: random.Random, players: int | None = None) -> tuple[dict, dict]:
    definition = GAMES[game_id]
    if game_id not in drawable():
        raise LookupError(f"no random end states for {game_id!r}: its GameDefinition has no random_board")
    return definition.end.random_board(rng, players or rng.randint(definition.min_players, definition.max_players))


def valid_state(game_id: str, rng: random.Random, players: int | None = None,
                stats: dict | None = None) -> dict:
    """A random state the game's reader accepts (draws again on a refused one)."""
    definition = GAMES[game_id]
    for _ in range(10_000):
        data = random_state(game_id, rng, players)
        try:
            definition.end.parse_board_state(data)
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
    """A full 4-player end state: the players of the game's own example boards (`examples/<game id>-*.json`:
    City of Rome's rulebook city, a full 16-card city, is the costly case) topped up with players drawn at
    random, the first such board the game's reader accepts (players of different examples may break a
    rule across players, such as two discs on one banderole space: then fewer examples are taken)."""
    definition = GAMES[game_id]
    examples = example_players(game_id)
    rng = random.Random(4)
    for taken in range(min(4, len(examples)), -1, -1):
        for _ in range(50):
            drawn = valid_state(game_id, rng, 4)
            players = [*examples[:taken], *drawn["players"][taken:]]
            candidate = dict(drawn, players=[dict(p, name=n) for p, n in zip(players, NAMES)])
            try:
                definition.end.parse_board_state(candidate)
                return candidate
            except BoardStateError:
                continue
    raise RuntimeError(f"no 4-player {game_id} state built")


def example_players(game_id: str) -> list[dict]:
    """The players of a game's example end boards, in the files' order (a file that is no end board of
    the game, such as Carpe Diem's box data, is skipped)."""
    players = []
    for path in sorted(EXAMPLES.glob(f"{game_id}-*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(data, dict) and data.get("game") == game_id and isinstance(data.get("players"), list):
            players += data["players"]
    return players
