"""Milestones' final scoring (rulebook: SPIELENDE, Schlusswertung).

Each player keeps the points of the score track. Then, kind by kind (stone cutters, woodcutters,
sand workers, grain farmers, coin minters), each player's workers of that kind add up: a worker is
worth 1, a worker carrying a bonus tile 2. The single highest total gets 5 points; several players
tied for the highest get 2 each; if every player has the same total (0 included), nobody scores
for that kind. Ties for the win: more goods left (coins included), then a shared victory.
"""

from __future__ import annotations

from companion.core.board import Problems, field, read_table, reject_unknown, require_dict, require_int, require_list
from companion.core.definition import BoardStateError
from companion.core.result import Category, PlayerScore, Result
from companion.core.text import Msg
from companion.games.milestones.components import (
    BONUS_TILES, CASTLE_KEEPS_WORKERS, GOODS, MAJORITY_SHARED, MAJORITY_SOLE, PATH_SPACES, WORKER_KINDS, WORKER_VALUE,
    WORKER_WITH_BONUS_VALUE, goods_msgs,
)

NS = "milestones"
GAME_ID = "milestones"
CATEGORIES = ("track", *(f"majority_{k}" for k in WORKER_KINDS))
CATEGORY_LABELS = {c: Msg(f"{NS}.category.{c}") for c in CATEGORIES}
NO_WORKER = (None, "empty", "covered")
PLAYER_FIELDS = {"name", "points", "goods", "workers", "worker_counts"}


# ---------------------------------------------------------------- reading and validating

def parse_worker(value, path: str) -> tuple[str, bool] | None:
    """One path space: null / "empty" / "covered", a kind ("wood"), or {"kind": "wood", "bonus": true}."""
    if value in NO_WORKER:
        return None
    if isinstance(value, str):
        value = {"kind": value}
    if not isinstance(value, dict):
        raise BoardStateError(path, Msg(f"{NS}.error.worker_shape", kinds=list(WORKER_KINDS)))
    reject_unknown(value, {"kind", "bonus"}, path)
    kind = field(value, "kind", path)
    if kind not in WORKER_KINDS:
        raise BoardStateError(f"{path}.kind", Msg(f"{NS}.error.unknown_kind", kind=repr(kind),
                                                  kinds=list(WORKER_KINDS)))
    bonus = field(value, "bonus", path, False)
    if not isinstance(bonus, bool):
        raise BoardStateError(f"{path}.bonus", Msg(f"{NS}.error.not_bool", value=repr(bonus)))
    return kind, bonus


def parse_row(value, path: str) -> list[tuple[str, bool] | None]:
    spaces = require_list(value, path)
    if len(spaces) > PATH_SPACES:
        raise BoardStateError(path, Msg(f"{NS}.error.too_many_spaces", spaces=PATH_SPACES, count=len(spaces)))
    row = [parse_worker(v, f"{path}[{i}]") for i, v in enumerate(spaces)]
    return row + [None] * (PATH_SPACES - len(row))


def row_counts(row) -> dict[str, list[int]]:
    counts = {k: [0, 0] for k in WORKER_KINDS}
    for space in row:
        if space:
            counts[space[0]][1 if space[1] else 0] += 1
    return counts


def parse_counts(value, path: str) -> dict[str, list[int]]:
    """The count-only entry: {"stone": {"workers": 2, "bonus": 1}, "wood": 1, ...} (a number: no bonus)."""
    require_dict(value, path)
    reject_unknown(value, set(WORKER_KINDS), path)
    counts = {k: [0, 0] for k in WORKER_KINDS}
    total = 0
    for kind, entry in value.items():
        where = f"{path}.{kind}"
        if isinstance(entry, dict):
            reject_unknown(entry, {"workers", "bonus"}, where)
            workers = require_int(field(entry, "workers", where), f"{where}.workers", 0, PATH_SPACES)
            bonus = require_int(field(entry, "bonus", where, 0), f"{where}.bonus", 0, PATH_SPACES)
            if bonus > workers:
                raise BoardStateError(f"{where}.bonus", Msg(f"{NS}.error.bonus_over_workers", bonus=bonus,
                                                            workers=workers))
        else:
            workers, bonus = require_int(entry, where, 0, PATH_SPACES), 0
        counts[kind] = [workers - bonus, bonus]
        total += workers
        if total > PATH_SPACES:
            raise BoardStateError(path, Msg(f"{NS}.error.too_many_workers", spaces=PATH_SPACES, count=total))
    return counts


def check_workers_kept(counts: dict[str, list[int]], name: str, path: str) -> None:
    """Every player starts with the 4 workers of 2 start tiles, a worker tile bought lays 2 more, and the
    castle covers one only while more than 2 are left ("Besitzt du insgesamt nur noch 2 Arbeiterfelder,
    musst du davon keines abdecken"): a board always shows at least 2 workers."""
    workers = sum(plain + bonus for plain, bonus in counts.values())
    if workers < CASTLE_KEEPS_WORKERS:
        raise BoardStateError(path, Msg(f"{NS}.error.too_few_workers", name=name, count=workers,
                                        least=CASTLE_KEEPS_WORKERS))


def parse_goods(value, path: str) -> tuple[dict[str, int] | None, int]:
    """Goods left: {"stone": 1, "coins": 2, ...} (missing kinds 0) or just their number."""
    if not isinstance(value, dict):
        return None, require_int(value, path)
    reject_unknown(value, set(GOODS), path)
    goods = {g: require_int(value.get(g, 0), f"{path}.{g}") for g in GOODS}
    return goods, sum(goods.values())


def parse_board_state(data, problems: Problems | None = None) -> dict:
    """Validate a whole table's end state; returns it normalised (worker counts per kind). `problems`
    collecting: every problem is noted, each part of a board read on its own (see core.board.Problems)."""
    problems = problems or Problems()
    players = read_table(data, GAME_ID, 2, 4)
    out = []
    bonus_seen, bonus_told = 0, False
    for i, p in enumerate(players):
        path = f"$.players[{i}]"
        problems.read(reject_unknown, p, PLAYER_FIELDS, path)
        points = problems.read(lambda: require_int(field(p, "points", path), f"{path}.points"))
        goods, goods_left = problems.read(lambda: parse_goods(field(p, "goods", path), f"{path}.goods"),
                                          default=(None, None))
        row, counts, where = None, None, f"{path}.workers"
        if "workers" in p and "worker_counts" in p:
            problems.note(BoardStateError(f"{path}.worker_counts", Msg(f"{NS}.error.rows_twice")))
        elif "worker_counts" in p:
            counts = problems.read(parse_counts, p["worker_counts"], f"{path}.worker_counts")
            where = f"{path}.worker_counts"
        else:
            row = problems.read(lambda: parse_row(field(p, "workers", path), f"{path}.workers"))
            counts = row_counts(row) if row is not None else None
        if counts is not None:
            problems.read(check_workers_kept, counts, p["name"].strip(), where)
        if counts is not None and not bonus_told:  # the table's 15 bonus tiles: said once, where they run out
            bonus_seen += sum(c[1] for c in counts.values())
            if bonus_seen > BONUS_TILES:
                bonus_told = True
                problems.note(BoardStateError(where, Msg(f"{NS}.error.too_many_bonus", count=bonus_seen,
                                                         total=BONUS_TILES)))
        out.append({"name": p["name"].strip(), "points": points, "goods": goods, "goods_left": goods_left,
                    "row": row, "workers": counts})
    return {"game": GAME_ID, "players": out}


# ---------------------------------------------------------------- scoring

def worker_value(plain: int, bonus: int) -> int:
    return plain * WORKER_VALUE + bonus * WORKER_WITH_BONUS_VALUE


def majority_points(values: list[int]) -> list[int]:
    """Points for one worker kind: the single highest 5; several tied for the highest 2 each;
    all players equal (0 included): nobody."""
    best = max(values)
    if all(v == best for v in values):
        return [0] * len(values)
    leaders = [i for i, v in enumerate(values) if v == best]
    award = MAJORITY_SOLE if len(leaders) == 1 else MAJORITY_SHARED
    return [award if i in leaders else 0 for i in range(len(values))]


def _workers_msg(plain: int, bonus: int) -> Msg:
    if plain + bonus == 0:
        return Msg(f"{NS}.explain.no_workers")
    return Msg(f"{NS}.explain.workers", workers=plain + bonus, bonus=bonus, value=worker_value(plain, bonus))


def score(board: dict, box: dict | None = None) -> Result:
    """Score a parsed board state (see `parse_board_state`). Milestones needs no box data."""
    players = board["players"]
    names = [p["name"] for p in players]
    categories: list[list[Category]] = [
        [Category("track", p["points"], Msg(f"{NS}.explain.track", points=p["points"]))] for p in players]
    for kind in WORKER_KINDS:
        counts = [p["workers"][kind] for p in players]
        values = [worker_value(*c) for c in counts]
        awards = majority_points(values)
        best = max(values)
        leaders = [i for i, v in enumerate(values) if v == best]
        for i, (plain, bonus) in enumerate(counts):
            workers = _workers_msg(plain, bonus)
            if all(v == best for v in values):
                msg = Msg(f"{NS}.explain.all_equal", workers=workers, value=best)
            elif awards[i] == MAJORITY_SOLE:
                msg = Msg(f"{NS}.explain.sole", workers=workers, points=awards[i])
            elif awards[i]:
                msg = Msg(f"{NS}.explain.shared", workers=workers, points=awards[i],
                          others=[names[j] for j in leaders if j != i])
            else:
                msg = Msg(f"{NS}.explain.below", workers=workers, best=best, leaders=[names[j] for j in leaders])
            categories[i].append(Category(f"majority_{kind}", awards[i], msg))
    sheet_players = []
    for p, cats in zip(players, categories):
        goods = p["goods"]
        note = (Msg(f"{NS}.tiebreak", count=p["goods_left"],
                    goods=goods_msgs(goods) or Msg(f"{NS}.goods.none"))
                if goods is not None else Msg(f"{NS}.tiebreak_total", count=p["goods_left"]))
        sheet_players.append(PlayerScore(p["name"], cats, tiebreak=(p["goods_left"],), tiebreak_note=note))
    return Result(GAME_ID, sheet_players, CATEGORY_LABELS, notes=[Msg(f"{NS}.tiebreak_rule")])
