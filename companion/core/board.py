"""Readers for board-state JSON that name the field and what is wrong (never a bare KeyError)."""

from __future__ import annotations

from typing import Any

from companion.core.game import BoardStateError
from companion.core.text import Msg

MAX_BOARD_FILE_BYTES = 1_000_000


def require_dict(value: Any, path: str) -> dict:
    if not isinstance(value, dict):
        raise BoardStateError(path, Msg("core.board.not_object"))
    return value


def require_list(value: Any, path: str, min_len: int | None = None, max_len: int | None = None) -> list:
    if not isinstance(value, list):
        raise BoardStateError(path, Msg("core.board.not_list"))
    if min_len is not None and len(value) < min_len:
        raise BoardStateError(path, Msg("core.board.too_few", minimum=min_len, count=len(value)))
    if max_len is not None and len(value) > max_len:
        raise BoardStateError(path, Msg("core.board.too_many", maximum=max_len, count=len(value)))
    return value


def require_int(value: Any, path: str, minimum: int | None = 0, maximum: int | None = None) -> int:
    # bool is an int subclass in Python; true/false in a count field is an entry error.
    if isinstance(value, bool) or not isinstance(value, int):
        raise BoardStateError(path, Msg("core.board.not_integer", value=repr(value)))
    if minimum is not None and value < minimum:
        raise BoardStateError(path, Msg("core.board.below", minimum=minimum, value=value))
    if maximum is not None and value > maximum:
        raise BoardStateError(path, Msg("core.board.above", maximum=maximum, value=value))
    return value


def field(obj: dict, key: str, path: str, default: Any = ...) -> Any:
    if key not in obj:
        if default is ...:
            raise BoardStateError(f"{path}.{key}", Msg("core.board.missing"))
        return default
    return obj[key]


def reject_unknown(obj: dict, allowed: set[str], path: str) -> None:
    for key in obj:
        if key not in allowed:
            raise BoardStateError(f"{path}.{key}", Msg("core.board.unknown_field", allowed=sorted(allowed)))


def read_players(data: dict, min_players: int, max_players: int) -> list[dict]:
    """The common top of every board state: `players`, a list of objects with unique names."""
    players = require_list(field(data, "players", "$"), "$.players", min_players, max_players)
    seen: set[str] = set()
    for index, player in enumerate(players):
        path = f"$.players[{index}]"
        require_dict(player, path)
        name = field(player, "name", path)
        if not isinstance(name, str) or not name.strip():
            raise BoardStateError(f"{path}.name", Msg("core.board.name_missing"))
        if name.strip().casefold() in seen:
            raise BoardStateError(f"{path}.name", Msg("core.board.name_twice", name=name))
        seen.add(name.strip().casefold())
    return players


def read_table(data: Any, game_id: str, min_players: int, max_players: int) -> list[dict]:
    """The top of every board state: an object with `players` (and `game`, which must match)."""
    require_dict(data, "$")
    reject_unknown(data, {"game", "players"}, "$")
    if data.get("game", game_id) != game_id:
        raise BoardStateError("$.game", Msg("core.board.wrong_game", expected=game_id))
    return read_players(data, min_players, max_players)
