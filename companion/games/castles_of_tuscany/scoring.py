"""The Castles of Tuscany's final scoring (rulebook: Wertungen, the "kurze Schlusswertung").

After the third scoring every player adds 1 red point per tile they still own (on their storage
spaces), per wooden hexagon, per marble block and per worker, and 1 red point per 5 hand cards.
Most red points wins; ties: more empty fields on the player's board, then more green points.
"""

from __future__ import annotations

import random

from companion.core.board import Problems, field, read_table, reject_unknown, require_int
from companion.core.definition import BoardStateError
from companion.core.result import Category, PlayerScore, Result
from companion.core.text import Msg
from companion.games.castles_of_tuscany.components import (
    BOARD_FIELDS, CARDS_PER_POINT, GAME_ID, MAX_PLAYERS, STORAGE_SPACES_BASE, STORAGE_SPACES_MAX,
)

NS = GAME_ID
CATEGORIES = ("red", "tiles", "hexagons", "marble", "workers", "cards")
CATEGORY_LABELS = {c: Msg(f"{NS}.category.{c}") for c in CATEGORIES}
FIELDS = ("name", "red", "green", "tiles", "hexagons", "marble", "workers", "cards", "empty_fields")
MAX_EMPTY_FIELDS = BOARD_FIELDS - 1  # the start castle always lies on the board


def m(key: str, **params) -> Msg:
    return Msg(f"{NS}.{key}", **params)


def parse_player(p: dict, path: str, problems: Problems | None = None) -> dict:
    """One player's board; each field on its own, so that a collecting reader notes every problem."""
    problems = problems or Problems()
    problems.read(reject_unknown, p, {*FIELDS, "storage_spaces"}, path)
    out = {"name": p["name"].strip()}
    for key in FIELDS[1:]:
        out[key] = problems.read(lambda key=key: require_int(field(p, key, path), f"{path}.{key}", 0))
    if out["empty_fields"] is not None and out["empty_fields"] > MAX_EMPTY_FIELDS:
        problems.note(BoardStateError(f"{path}.empty_fields", m("error.empty_fields", value=out["empty_fields"],
                                                                fields=BOARD_FIELDS, maximum=MAX_EMPTY_FIELDS)))
    if "storage_spaces" in p:
        spaces = problems.read(lambda: require_int(p["storage_spaces"], f"{path}.storage_spaces", STORAGE_SPACES_BASE,
                                                   STORAGE_SPACES_MAX))
        if spaces is not None:
            problems.read(check_storage, out, spaces, path)
    else:
        problems.read(check_storage_max, out, path)
    if None not in (out["red"], out["green"]) and out["red"] < out["green"]:
        # The third scoring moved the red marker on by all green points, and red never goes back.
        problems.note(BoardStateError(f"{path}.red", m("error.red_below_green", red=out["red"], green=out["green"])))
    return out


def check_storage(out: dict, spaces: int, path: str) -> None:
    """The tiles and wooden hexagons still owned lie on the player's storage spaces (the player board's one
    and one per "+1 storage space" bonus tile): never more of them than spaces."""
    tiles, hexagons = out["tiles"], out["hexagons"]
    if tiles is None or hexagons is None or tiles + hexagons <= spaces:
        return
    raise BoardStateError(f"{path}.tiles" if tiles > spaces else f"{path}.hexagons", m(
        "error.storage_full", player=out["name"], spaces=spaces, bonus=spaces - STORAGE_SPACES_BASE, tiles=tiles,
        hexagons=hexagons))


def check_storage_max(out: dict, path: str) -> None:
    """A board that does not say its storage spaces (a file): at most the 5 a player can have."""
    if out["tiles"] is not None and out["tiles"] > STORAGE_SPACES_MAX:
        raise BoardStateError(f"{path}.tiles", m("error.storage", value=out["tiles"], maximum=STORAGE_SPACES_MAX))
    if None not in (out["tiles"], out["hexagons"]) and out["tiles"] + out["hexagons"] > STORAGE_SPACES_MAX:
        raise BoardStateError(f"{path}.hexagons", m("error.storage_hexagons", tiles=out["tiles"],
                                                    hexagons=out["hexagons"], maximum=STORAGE_SPACES_MAX))


def parse_board_state(data, problems: Problems | None = None) -> dict:
    """Validate a table's end state (see docs/board-state-castles-of-tuscany.md); `problems` collecting:
    every problem is noted (see core.board.Problems)."""
    players = read_table(data, GAME_ID, 2, MAX_PLAYERS)
    return {"game": GAME_ID, "players": [parse_player(p, f"$.players[{i}]", problems) for i, p in enumerate(players)]}


def score_player(p: dict) -> PlayerScore:
    cards_points = p["cards"] // CARDS_PER_POINT
    categories = [
        Category("red", p["red"], m("explain.red", red=p["red"])),
        Category("tiles", p["tiles"], m("explain.tiles", count=p["tiles"])),
        Category("hexagons", p["hexagons"], m("explain.hexagons", count=p["hexagons"])),
        Category("marble", p["marble"], m("explain.marble", count=p["marble"])),
        Category("workers", p["workers"], m("explain.workers", count=p["workers"])),
        Category("cards", cards_points, m("explain.cards", cards=p["cards"], per=CARDS_PER_POINT,
                                          points=cards_points)),
    ]
    return PlayerScore(p["name"], categories, tiebreak=(p["empty_fields"], p["green"]),
                       tiebreak_note=m("tiebreak", empty=p["empty_fields"], green=p["green"]))


def score(board: dict, box: dict | None = None) -> Result:
    """Score a parsed board state. The final scoring needs no box data (the colour bonuses were
    scored on the green track during play and reached red at the scorings)."""
    return Result(GAME_ID, [score_player(p) for p in board["players"]], CATEGORY_LABELS,
                      notes=[m("tiebreak_rule")])


def tied_with(board: dict, player: int) -> tuple[int, list[str]] | None:
    """The player's total as the game scores the board now and who has the same total; None while the
    table cannot be scored yet. The empty fields only ever decide such a tie."""
    try:
        sheet = score(parse_board_state(board))
    except BoardStateError:
        return None
    me = sheet.players[player]
    return me.total, [p.name for i, p in enumerate(sheet.players) if i != player and p.total == me.total]


def random_board(rng: random.Random, players: int) -> tuple[dict, dict]:
    """A random end state of this game's format for the fuzz tests and benchmarks (red at least green, tiles
    and hexagons within the storage spaces, given or not); its scoring needs no box data."""
    names = ("Anna", "Ben", "Cleo", "Dora")
    out = []
    for i in range(players):
        green = rng.randint(0, 60)
        tiles = rng.randint(0, STORAGE_SPACES_MAX)
        hexagons = rng.randint(0, STORAGE_SPACES_MAX - tiles)
        p = {"name": names[i], "red": green + rng.randint(0, 80), "green": green, "tiles": tiles,
             "hexagons": hexagons, "marble": rng.randint(0, 6), "workers": rng.randint(0, 8),
             "cards": rng.randint(0, 25), "empty_fields": rng.randint(0, MAX_EMPTY_FIELDS)}
        if rng.random() < 0.5:  # as the app's board carries them
            p["storage_spaces"] = rng.randint(max(STORAGE_SPACES_BASE, tiles + hexagons), STORAGE_SPACES_MAX)
        out.append(p)
    return {"game": GAME_ID, "players": out}, {}
