"""Readers for board-state JSON that name the field and what is wrong (never a bare KeyError)."""

from __future__ import annotations

import inspect
import json
from typing import Any

from companion.core.definition import BoardStateError
from companion.core.stats import player_key
from companion.core.text import Msg

MAX_BOARD_FILE_BYTES = 1_000_000
# No count on any board comes near this; without a bound a total could outgrow what Python prints
# (4,300 digits) and the output itself would fail.
MAX_NUMBER = 999_999


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
        raise BoardStateError(path, Msg("core.board.not_integer", value=_short(value)))
    minimum = -MAX_NUMBER if minimum is None else minimum
    maximum = MAX_NUMBER if maximum is None else min(maximum, MAX_NUMBER)
    if value < minimum:
        raise BoardStateError(path, Msg("core.board.below", minimum=minimum, value=_short(value)))
    if value > maximum:
        raise BoardStateError(path, Msg("core.board.above", maximum=maximum, value=_short(value)))
    return value


def _short(value: Any) -> str:
    """A wrong value as shown in a message: never thousands of characters (or digits) long."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**12:
        sign = "-" if value < 0 else ""
        if value.bit_length() < 14_000:  # str() works up to 4,300 digits
            digits = str(abs(value))
            return f"{sign}{digits[0]}.{digits[1:4]}e+{len(digits) - 1}"
        return f"{sign}1e+{int(value.bit_length() * 0.30103)}"
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def check_text(data: Any, path: str = "$") -> None:
    """Every text in `data` (values and keys) is valid Unicode: JSON's `\\ud800` escape gives a lone
    surrogate that no file or terminal can take. Raises BoardStateError naming the field (for a bad
    key: the object that holds it). Iterative: the nesting depth is whatever the JSON reader allowed."""
    try:  # the common case in one pass at C speed: nothing to find (JSON joins a surrogate pair into one)
        json.dumps(data, ensure_ascii=False).encode("utf-8")
        return
    except (UnicodeEncodeError, TypeError, ValueError, RecursionError):
        pass  # something to find, or not JSON data (a Python caller's): look at every text
    stack = [(data, path)]
    while stack:
        node, at = stack.pop()
        if isinstance(node, str):
            if not _encodable(node):
                raise BoardStateError(at, Msg("core.board.bad_unicode"))
        elif isinstance(node, dict):
            if not all(_encodable(key) for key in node):
                raise BoardStateError(at, Msg("core.board.bad_unicode_key"))
            stack.extend((node[key], f"{at}.{key}") for key in reversed(node))  # the first field first
        elif isinstance(node, list):
            stack.extend((node[i], f"{at}[{i}]") for i in reversed(range(len(node))))


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


class Problems:
    """What a board reader does with a problem it finds. By default it raises it: the first problem ends
    the reading (the command line, files, scoring). Collecting (`collect=True`), it notes the problem and
    reads on with the next part of the board, so the app can say every problem of a board at once; a part
    whose problem was noted is left out of the checks across parts (they would only repeat it)."""

    def __init__(self, collect: bool = False):
        self.collect = collect
        self.found: list[BoardStateError] = []

    def note(self, error: BoardStateError) -> None:
        if not self.collect:
            raise error
        self.found.append(error)

    def read(self, reader, *args, default: Any = None) -> Any:
        """`reader(*args)`, or `default` when it found a problem (noted, when collecting)."""
        try:
            return reader(*args)
        except BoardStateError as error:
            self.note(error)
            return default


def every_problem(parse, data: Any) -> list[BoardStateError]:
    """Every problem a game's `parse_board_state(data, problems)` finds, in the order the reader meets
    them (the first is the one it raises when not collecting); [] for a board that can be scored."""
    problems = Problems(collect=True)
    try:
        if len(inspect.signature(parse).parameters) > 1:
            parse(data, problems)
        else:  # a reader that does not collect: its first problem is all it can say
            parse(data)
    except BoardStateError as error:  # the table as a whole cannot be read (not a table, no players)
        problems.found.append(error)
    return problems.found


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


def read_fields(player: dict, path: str, fields) -> dict:
    """A player's board given as the game's declared `BoardField`s (the generic editor's board): the
    name and each field, a whole number within its bounds; nothing else."""
    reject_unknown(player, {"name", *(f.id for f in fields)}, path)
    return {"name": player["name"].strip(),
            **{f.id: require_int(field(player, f.id, path), f"{path}.{f.id}", f.minimum, f.maximum) for f in fields}}


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
        if player_key(name) in seen:
            raise BoardStateError(f"{path}.name", Msg("core.board.name_twice", name=name))
        seen.add(player_key(name))
    return players


def read_table(data: Any, game_id: str, min_players: int, max_players: int) -> list[dict]:
    """The top of every board state: an object with `game` (which must match) and `players`.
    `game` is required in every game's file: it is how a file says which game it is."""
    require_dict(data, "$")
    reject_unknown(data, {"game", "players"}, "$")
    if field(data, "game", "$") != game_id:
        raise BoardStateError("$.game", Msg("core.board.wrong_game", expected=game_id))
    return read_players(data, min_players, max_players)
