"""A game's moves: every kind of entry is a named move the game declares (boardgame.io's `moves`).

A tracker move (`Move`) is the event `{"type": name, **params}`: its parameters, its `apply` (changes
the tracker state it is given in place and nothing else, from the entry and the config alone: no clock,
no file, no chance; or raises `InvalidMove` and changes nothing that is kept), the actions
it offers the screens now (`offer`), and how an entry saved under an older event schema of its game
becomes today's (`upgrades`, one step per schema version).

A board move (`BoardMove`) is an edit of the end-scoring board: a cell set, a count added to, a disc
placed, the city shifted. It changes the board (the whole table's: a move may touch several players'
boards at once, as a shared banderole space does) and is applied by the table hub to the latest board
under the game's lock, so two phones never overwrite each other. Every game has the core board moves
`board_set` and `board_add` (one field of one player's board); a game declares its own for edits that
are more than one field.

Moves are applied in batches: `dispatch(*moves)` from a screen is all or nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping

from companion.core.text import Msg

# An upgrade: (the entry as saved under schema n, the tracker state before it, the config) -> the
# entry in schema n + 1. The state lets an upgrade resolve a choice the old schema left open.
Upgrade = Callable[[dict, dict, dict], dict]


@dataclass(frozen=True)
class Move:
    """One kind of tracker entry."""

    name: str
    # (state, event, config): change `state` in place; InvalidMove refuses the entry.
    apply: Callable[[dict, dict, dict], None]
    # The event's keys besides "type"; an entry with another key is refused (a typo is never ignored).
    params: tuple[str, ...] = ()
    # (state, config) -> the actions this move offers the tracker now (none: the screens never offer it
    # as a button, e.g. an entry a panel makes itself).
    offer: Callable[[dict, dict], Iterable[Any]] | None = None
    # schema version n -> the step from n to n + 1 (an entry of a version without a step is unchanged).
    upgrades: Mapping[int, Upgrade] = field(default_factory=dict)
    # Parameters only an upgrade writes (what an entry saved under an older schema meant): an entry a
    # phone makes now carrying one is refused (`check_new`), so no phone can claim an old entry's leeway.
    upgraded: tuple[str, ...] = ()

    def check(self, event: dict) -> None:
        if "*" not in self.params and any(k != "type" and k not in self.params for k in event):
            raise InvalidMove(Msg("core.error.bad_event"))

    def check_new(self, event: dict) -> None:
        """An entry made now (not replayed from a saved game)."""
        self.check(event)
        if any(k in event for k in self.upgraded):
            raise InvalidMove(Msg("core.error.bad_event"))


@dataclass(frozen=True)
class BoardMove:
    """One kind of end-scoring board edit."""

    name: str
    # (board, event, config): change `board` (the whole table's, {"game", "players": [...]}) in place;
    # InvalidMove refuses the edit. The event names the player whose board it edits ("player").
    apply: Callable[[dict, dict, dict], None]
    params: tuple[str, ...] = ()
    # (event, board after it) -> what it did, in the game's words, for Undo on final scoring ("Undo: Ben's
    # city: Therme in row 2, column 3"); None: "a change of Ben's board".
    describe: Callable[[dict, dict], Msg] | None = None

    def check(self, event: dict) -> None:
        if any(k not in ("type", "player") and k not in self.params for k in event):
            raise InvalidMove(Msg("core.error.bad_event"))


class InvalidMove(Exception):
    """An entry the rules do not allow in the current state, or of a shape no move has; the state is
    left unchanged."""

    def __init__(self, msg: Msg):
        super().__init__(msg.key)
        self.msg = msg


def by_name(moves: Iterable[Move | BoardMove]) -> dict[str, Move | BoardMove]:
    table: dict[str, Move | BoardMove] = {}
    for move in moves:
        if move.name in table:
            raise ValueError(f"two moves are named {move.name!r}")
        table[move.name] = move
    return table


# ---------------------------------------------------------------- the core board moves

MISSING = object()  # a board field that is not there (yet)


def board_set(board: dict, event: dict, config: dict) -> None:
    """`{"type": "board_set", "player": i, "path": [...], "value": v, "expect": w}` (or `"delete": true`):
    one field of player i's board (a cell, a typed number), set only if it still holds `w`, the value the
    phone drew (None: not there); without `expect`, whatever it holds."""
    target, path = player_board(board, event), field_path(event)
    now = value_at(target, path)
    if "expect" in event and (None if now is MISSING else now) != event["expect"]:
        raise InvalidMove(Msg("core.error.board_field_changed"))
    set_at(target, path, event.get("value"), event.get("delete") is True)


def board_add(board: dict, event: dict, config: dict) -> None:
    """`{"type": "board_add", "player": i, "path": [...], "delta": n, "minimum": a, "maximum": b}`: a -/+ tap
    on a count of player i's board, added to the count as it is now, within the bounds (None: none)."""
    target, path = player_board(board, event), field_path(event)
    delta, low, high = event.get("delta"), event.get("minimum", 0), event.get("maximum")
    if not is_int(delta) or not all(bound is None or is_int(bound) for bound in (low, high)):
        raise InvalidMove(Msg("core.error.bad_event"))
    value = value_at(target, path)
    value = (low or 0) if value is MISSING else value
    if not is_int(value):
        raise InvalidMove(Msg("core.error.board_changed"))
    set_at(target, path, added(value, delta, low, high))


CORE_BOARD_MOVES = (
    BoardMove("board_set", board_set, params=("path", "value", "expect", "delete")),
    BoardMove("board_add", board_add, params=("path", "delta", "minimum", "maximum")),
)


def added(value: int, delta: int, minimum: int | None, maximum: int | None) -> int:
    """A count after a -/+ tap, within its bounds (None: none that way); a + never lowers a count that is
    above them already (a maximum the board learned after the count was entered)."""
    new = value + delta if minimum is None else max(minimum, value + delta)
    return max(value, min(new, maximum)) if maximum is not None and delta > 0 else new


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def seat_of(event: dict, config: dict) -> int:
    """The seat an entry names ("player"), refused unless it is a player of this table."""
    player = event.get("player")
    if not is_int(player) or not 0 <= player < len(config["players"]):
        raise InvalidMove(Msg("core.error.no_such_player"))
    return player


def player_board(board: dict, event: dict) -> dict:
    """The board of the player an edit names."""
    player, players = event.get("player"), board.get("players") or []
    if not is_int(player) or not 0 <= player < len(players):
        raise InvalidMove(Msg("core.error.no_such_player"))
    return players[player]


def field_path(event: dict) -> list:
    path = event.get("path")
    if not isinstance(path, list) or not path:
        raise InvalidMove(Msg("core.error.bad_event"))
    return path


def value_at(target: Any, path: list) -> Any:
    """The value at `path` inside `target`, MISSING where the path ends early."""
    for step in path:
        try:
            target = _step(target, step)
        except InvalidMove:
            return MISSING
    return target


def set_at(target: Any, path: list, value: Any, delete: bool = False) -> None:
    """Set `value` at `path` inside `target` (dict keys and list indices), or delete that dict key; the
    path must exist up to its last step, so a field is set only where the board the screen drew still has it."""
    for step in path[:-1]:
        target = _step(target, step)
    last = path[-1]
    if delete:
        if not (isinstance(target, dict) and isinstance(last, str)):
            raise InvalidMove(Msg("core.error.board_changed"))
        target.pop(last, None)
    elif isinstance(target, dict) and isinstance(last, str):
        target[last] = value
    elif isinstance(target, list) and is_int(last) and 0 <= last < len(target):
        target[last] = value
    else:
        raise InvalidMove(Msg("core.error.board_changed"))


def _step(target: Any, step: Any) -> Any:
    if isinstance(target, dict) and isinstance(step, str) and step in target:
        return target[step]
    if isinstance(target, list) and is_int(step) and 0 <= step < len(target):
        return target[step]
    raise InvalidMove(Msg("core.error.board_changed"))
