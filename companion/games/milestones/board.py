"""Milestones' end board as the players enter it, and the board moves that edit it.

A player's workers are entered as the worker row (`"workers"`: the 8 path spaces of the action board
from left to right, each empty or covered, or a worker of one kind, with or without a bonus tile) or,
for players in a hurry, as counts only (`"worker_counts"`: per kind the visible workers and how many of
them carry a bonus tile). The score track and the goods left come from the tracker (the core's
`board_add` changes them).

The board moves (each applied by the table hub to the latest board, see companion/core/moves.py):
- `{"type": "path_space", "player": p, "space": i, "kind": k | None, "expect": drawn, "tracked": {k: n}}`:
  a worker of kind k on path space i (None: the space is empty or covered), refused if the space no
  longer holds `drawn` (what the phone showed there, in the board's form) or the board is entered as
  counts now. The bonus tile: where the tracker knows the kinds of the player's bonus tiles (`tracked`:
  the tiles it saw laid, by kind), a worker of a kind with more tiles than the rest of the row carries
  brings one along, and one of another kind has none; otherwise a tile on the space stays on its worker.
- `{"type": "bonus_tile", "player": p, "space": i, "bonus": b, "expect": drawn}`: a bonus tile laid on
  (or taken off) the worker on path space i.
- `{"type": "worker_count", "player": p, "kind": k, "part": "workers" | "bonus", "delta": 1 | -1,
  "tracked": {k: n}}`: a -/+ on the count-only entry, on the counts as they are by then. At most 8 workers
  in all, a bonus tile only on a worker (fewer workers take bonus tiles off; a bonus tile more than there
  are workers brings its worker along); a worker more of a kind the tracker saw more bonus tiles on than
  the counts show brings its tile along.
- `{"type": "worker_entry", "player": p, "counts": b, "tracked": {k: n}}`: the row or the counts for this
  board, keeping every worker entered; the counts start with the tracker's bonus tiles.
"""

from __future__ import annotations

import random

from companion.core.definition import BoardMove, InvalidMove
from companion.core.moves import is_int, player_board
from companion.core.text import Msg
from companion.games.milestones.components import (
    BONUS_TILES, CASTLE_KEEPS_WORKERS, GOODS, PATH_SPACES, WORKER_KINDS,
)
from companion.games.milestones.scoring import NO_WORKER, row_counts, worker_value

NS = "milestones"
PARTS = ("workers", "bonus")


# ---------------------------------------------------------------- reading a player's board

def space_of(value) -> tuple[str, bool] | None:
    """One path space as (kind, bonus), or None when it is empty or covered."""
    if value in NO_WORKER:
        return None
    if isinstance(value, str):
        return value, False
    return value["kind"], bool(value.get("bonus", False))


def row_of(player: dict) -> list:
    """The player's 8 path spaces, left to right, as (kind, bonus) or None."""
    spaces = [space_of(v) for v in player.get("workers") or []]
    return (spaces + [None] * PATH_SPACES)[:PATH_SPACES]


def row_json(row: list) -> list:
    """The board-state form of a row (see docs/board-state-milestones.md)."""
    return [None if s is None else {"kind": s[0], "bonus": s[1]} for s in row]


def counting(player: dict) -> bool:
    """Whether the player's workers are entered as counts only."""
    return "worker_counts" in player


def counts_of(player: dict) -> dict[str, dict[str, int]]:
    """The count-only form {kind: {"workers": n, "bonus": b}}, from the counts or from the row."""
    if counting(player):
        out = {}
        for kind in WORKER_KINDS:
            entry = player["worker_counts"].get(kind, 0)
            out[kind] = dict(entry) if isinstance(entry, dict) else {"workers": entry, "bonus": 0}
            out[kind].setdefault("bonus", 0)
        return out
    counts = row_counts(row_of(player))
    return {k: {"workers": plain + bonus, "bonus": bonus} for k, (plain, bonus) in counts.items()}


def workers_entered(player: dict) -> int:
    return sum(c["workers"] for c in counts_of(player).values())


def row_from_counts(counts: dict[str, dict[str, int]]) -> list:
    """Workers of the counts laid out from the left, kind by kind, bonus tiles first."""
    row = []
    for kind in WORKER_KINDS:
        entry = counts[kind]
        row += [(kind, True)] * entry["bonus"] + [(kind, False)] * (entry["workers"] - entry["bonus"])
    return (row + [None] * PATH_SPACES)[:PATH_SPACES]


def kind_values(player: dict) -> dict[str, int]:
    """Each kind's value for the majorities as the game scores it (worker 1, with bonus tile 2)."""
    return {k: worker_value(c["workers"] - c["bonus"], c["bonus"]) for k, c in counts_of(player).items()}


def goods_of(player: dict) -> dict[str, int]:
    goods = player.get("goods")
    return {g: goods.get(g, 0) for g in GOODS} if isinstance(goods, dict) else {g: 0 for g in GOODS}


def bonus_owed(row: list, index: int, kind: str, tracked: dict[str, int]) -> bool:
    """Whether a worker of `kind` put on path space `index` gets a bonus tile by itself: the tracker saw
    more bonus tiles laid on that kind than the rest of the row carries. On which worker of its kind a
    tile lies does not change the score (each counts 2), so the first one entered takes it."""
    carried = sum(1 for i, s in enumerate(row) if i != index and s is not None and s[0] == kind and s[1])
    return tracked.get(kind, 0) > carried


def count_step_blocked(player: dict, kind: str, part: str) -> bool:
    """Whether "+1" on a count cannot act: at most 8 workers in all ("+1 with bonus tile" on a kind
    without a worker left to carry it adds the worker too)."""
    counts = counts_of(player)
    total = sum(c["workers"] for c in counts.values())
    entry = counts[kind]
    return total >= PATH_SPACES and (part == "workers" or entry["bonus"] >= entry["workers"])


# ---------------------------------------------------------------- the board moves

def _tracked(event: dict) -> dict[str, int]:
    tracked = event.get("tracked", {})
    if not isinstance(tracked, dict) or any(k not in WORKER_KINDS or not is_int(n) or not 0 <= n <= BONUS_TILES
                                            for k, n in tracked.items()):
        raise InvalidMove(Msg("core.error.bad_event"))
    return tracked


def _row_space(me: dict, event: dict) -> tuple[list, int]:
    """The row and the path space an edit names, refused when the board is entered as counts now or the
    space no longer holds what the phone drew there (`expect`)."""
    index = event.get("space")
    if not is_int(index) or not 0 <= index < PATH_SPACES:
        raise InvalidMove(Msg("core.error.bad_event"))
    if counting(me):
        raise InvalidMove(Msg("core.error.board_changed"))
    row = row_of(me)
    if "expect" in event and _drawn_space(event["expect"]) != row[index]:
        raise InvalidMove(Msg("core.error.board_changed"))
    return row, index


def _drawn_space(value) -> tuple[str, bool] | None:
    try:
        space = space_of(value)
    except (AttributeError, KeyError, TypeError):
        raise InvalidMove(Msg("core.error.bad_event")) from None
    if space is not None and (space[0] not in WORKER_KINDS):
        raise InvalidMove(Msg("core.error.bad_event"))
    return space


def put_on_path_space(board: dict, event: dict, config: dict) -> None:
    me = player_board(board, event)
    row, index = _row_space(me, event)
    kind, tracked = event.get("kind"), _tracked(event)
    if kind is not None and kind not in WORKER_KINDS:
        raise InvalidMove(Msg("core.error.bad_event"))
    if kind is None:
        row[index] = None
    elif tracked:  # the tracker knows where the player's tiles lie: they follow it
        row[index] = (kind, bonus_owed(row, index, kind, tracked))
    else:  # a tile on the space stays on its worker (a kind corrected)
        row[index] = (kind, bool(row[index] and row[index][1]))
    me["workers"] = row_json(row)


def lay_bonus_tile(board: dict, event: dict, config: dict) -> None:
    me = player_board(board, event)
    row, index = _row_space(me, event)
    if not isinstance(event.get("bonus"), bool):
        raise InvalidMove(Msg("core.error.bad_event"))
    if row[index] is None:  # a bonus tile only lies on a worker
        raise InvalidMove(Msg("core.error.board_changed"))
    row[index] = (row[index][0], event["bonus"])
    me["workers"] = row_json(row)


def step_worker_count(board: dict, event: dict, config: dict) -> None:
    me = player_board(board, event)
    kind, part, delta, tracked = event.get("kind"), event.get("part"), event.get("delta"), _tracked(event)
    if kind not in WORKER_KINDS or part not in PARTS or delta not in (-1, 1) or not is_int(delta):
        raise InvalidMove(Msg("core.error.bad_event"))
    if not counting(me):
        raise InvalidMove(Msg("core.error.board_changed"))
    counts = counts_of(me)
    entry = counts[kind]
    if delta > 0 and count_step_blocked(me, kind, part):
        raise InvalidMove(Msg(f"{NS}.board.full", spaces=PATH_SPACES))
    if delta < 0:
        entry[part] = max(0, entry[part] - 1)
        entry["bonus"] = min(entry["bonus"], entry["workers"])  # fewer workers take their tiles off
    elif part == "workers":
        # one worker more brings along a bonus tile the tracker saw laid on that kind
        entry["bonus"] += 1 if tracked.get(kind, 0) > entry["bonus"] else 0
        entry["workers"] += 1
    else:
        entry["bonus"] += 1
        entry["workers"] = max(entry["workers"], entry["bonus"])  # a bonus tile needs a worker: it comes with one
    me["worker_counts"] = counts


def choose_worker_entry(board: dict, event: dict, config: dict) -> None:
    me = player_board(board, event)
    on, tracked = event.get("counts"), _tracked(event)
    if not isinstance(on, bool):
        raise InvalidMove(Msg("core.error.bad_event"))
    if on and not counting(me):
        me["worker_counts"] = with_tracked_bonus(counts_of(me), tracked)
        me.pop("workers", None)
    elif not on and counting(me):
        me["workers"] = row_json(row_from_counts(counts_of(me)))
        me.pop("worker_counts")


def with_tracked_bonus(counts: dict[str, dict[str, int]], tracked: dict[str, int]) -> dict[str, dict[str, int]]:
    """The counts with the bonus tiles the tracker saw laid, each on a worker of its kind: a worker
    without a tile takes it, or a worker comes with it while fewer than 8 are counted."""
    total = sum(c["workers"] for c in counts.values())
    for kind in WORKER_KINDS:
        entry = counts[kind]
        while entry["bonus"] < tracked.get(kind, 0) and (entry["bonus"] < entry["workers"] or total < PATH_SPACES):
            if entry["bonus"] == entry["workers"]:
                entry["workers"] += 1
                total += 1
            entry["bonus"] += 1
    return counts


BOARD_MOVES = (
    BoardMove("path_space", put_on_path_space, params=("space", "kind", "expect", "tracked")),
    BoardMove("bonus_tile", lay_bonus_tile, params=("space", "bonus", "expect")),
    BoardMove("worker_count", step_worker_count, params=("kind", "part", "delta", "tracked")),
    BoardMove("worker_entry", choose_worker_entry, params=("counts", "tracked")),
)


# ---------------------------------------------------------------- random end states (fuzz tests, benchmarks)

NAMES = ["Anna", "Ben", "Cleo", "Dora"]


def _random_row(rng: random.Random, bonus_left: list[int]) -> list:
    size = rng.randint(CASTLE_KEEPS_WORKERS, PATH_SPACES)
    kept = rng.sample(range(size), CASTLE_KEEPS_WORKERS)  # a board always shows at least 2 workers
    row = []
    for i in range(size):
        x = rng.random()
        if x < 0.2 and i not in kept:
            row.append(rng.choice([None, "empty", "covered"]))
        elif x < 0.35 and bonus_left[0]:
            bonus_left[0] -= 1
            row.append({"kind": rng.choice(WORKER_KINDS), "bonus": True})
        else:
            row.append(rng.choice(WORKER_KINDS))
    return row


def _random_counts(rng: random.Random, bonus_left: list[int]) -> dict:
    workers = {kind: 0 for kind in WORKER_KINDS}
    for kind in rng.sample(WORKER_KINDS, rng.randint(0, len(WORKER_KINDS))):
        workers[kind] = rng.randint(0, PATH_SPACES - sum(workers.values()))
    while sum(workers.values()) < CASTLE_KEEPS_WORKERS:  # a board always shows at least 2 workers
        workers[rng.choice(WORKER_KINDS)] += 1
    counts = {}
    for kind, n in workers.items():
        if n or rng.random() < 0.3:  # a kind without workers is left out, or given as 0
            b = min(rng.randint(0, n), bonus_left[0])
            bonus_left[0] -= b
            counts[kind] = {"workers": n, "bonus": b} if b else n
    return counts


def random_board(rng: random.Random, players: int) -> tuple[dict, dict]:
    """A random end state in the board format, rows and counts mixed, at least 2 workers on each board, at
    most the 15 bonus tiles; scoring needs no box data."""
    bonus_left = [BONUS_TILES]
    out = []
    for i in range(players):
        p = {"name": NAMES[i], "points": rng.randint(0, 120)}
        p["goods"] = ({g: rng.randint(0, 3) for g in GOODS if rng.random() < 0.5} if rng.random() < 0.7
                      else rng.randint(0, 3))
        if rng.random() < 0.7:
            p["workers"] = _random_row(rng, bonus_left)
        else:
            p["worker_counts"] = _random_counts(rng, bonus_left)
        out.append(p)
    return {"game": "milestones", "players": out}, {}
