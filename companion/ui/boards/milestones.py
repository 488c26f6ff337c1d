"""Milestones' end-scoring entry: the score track, the goods left and each player's worker row.

The worker row follows the action board: 8 path spaces from left to right, each empty (or covered) or
holding a worker of one kind, with or without a bonus tile. For players in a hurry, a count-only entry
takes just the number of workers (and bonus tiles) per kind. The editing rules are plain functions
below; the values shown come from the game definition (`companion/games/milestones/scoring.py`).
"""

from __future__ import annotations

import copy

import flet as ft

from companion.games.milestones.components import GOODS, PATH_SPACES, PRODUCES, WORKER_KINDS
from companion.games.milestones.scoring import row_counts, worker_value
from companion.ui.boards.problems import Placing
from companion.ui.boards.session import game_session, use_sid
from companion.ui.model import AppModel
from companion.ui.widgets import TOUCH, icon_button, stepper

NS = "milestones.board"
KIND_ICONS = {"stone": ft.Icons.HARDWARE, "wood": ft.Icons.FOREST, "sand": ft.Icons.GRAIN,
              "grain": ft.Icons.GRASS, "coin": ft.Icons.MONETIZATION_ON}
BONUS = "#b34c36"  # 3.5:1 or more on the light and the dark background, and under a white icon
KIND_TINT = {"stone": "#d5d5d0", "wood": "#dcc1a0", "sand": "#f1e2b0", "grain": "#e3d77a", "coin": "#f3c66b"}
# One line per path space on a 390 px phone: its number and 6 buttons of 48 px (5 kinds, bonus tile).
CELL, NUMBER, GAP = TOUCH, 24, 4


# ---------------------------------------------------------------- plain editing rules

def space_of(value) -> tuple[str, bool] | None:
    """One path space as (kind, bonus), or None when it is empty or covered."""
    if value in (None, "empty", "covered"):
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


def set_space(player: dict, index: int, kind: str | None, bonus: bool = False) -> None:
    """Put a worker (or nothing) on path space `index`; a bonus tile only lies on a worker."""
    use_counts(player, False)
    row = row_of(player)
    row[index] = None if kind is None else (kind, bonus)
    player["workers"] = row_json(row)


def set_bonus(player: dict, index: int, bonus: bool) -> None:
    """Put a bonus tile on the worker of path space `index` (or take it off); no worker: nothing."""
    use_counts(player, False)
    row = row_of(player)
    if row[index] is not None:
        row[index] = (row[index][0], bonus)
        player["workers"] = row_json(row)


def counts_of(player: dict) -> dict[str, dict[str, int]]:
    """The count-only form {kind: {"workers": n, "bonus": b}}, from the counts or from the row."""
    if "worker_counts" in player:
        out = {}
        for kind in WORKER_KINDS:
            entry = player["worker_counts"].get(kind, 0)
            out[kind] = dict(entry) if isinstance(entry, dict) else {"workers": entry, "bonus": 0}
            out[kind].setdefault("bonus", 0)
        return out
    counts = row_counts(row_of(player))
    return {k: {"workers": plain + bonus, "bonus": bonus} for k, (plain, bonus) in counts.items()}


def row_from_counts(counts: dict[str, dict[str, int]]) -> list:
    """Workers of the counts laid out from the left, kind by kind, bonus tiles first."""
    row = []
    for kind in WORKER_KINDS:
        entry = counts[kind]
        row += [(kind, True)] * entry["bonus"] + [(kind, False)] * (entry["workers"] - entry["bonus"])
    return (row + [None] * PATH_SPACES)[:PATH_SPACES]


def use_counts(player: dict, on: bool) -> None:
    """Switch between the worker row and the count-only entry, keeping the workers entered."""
    if on and "worker_counts" not in player:
        player["worker_counts"] = counts_of(player)
        player.pop("workers", None)
    elif not on and "worker_counts" in player:
        player["workers"] = row_json(row_from_counts(counts_of(player)))
        player.pop("worker_counts")


def step_count(player: dict, kind: str, part: str, delta: int) -> None:
    """Change the workers (`part="workers"`) or bonus tiles (`"bonus"`) of one kind in the count-only
    entry. At most 8 workers in all, bonus tiles only on workers: fewer workers take bonus tiles off,
    a bonus tile more than there are workers brings its worker along; a change beyond 8 workers is not
    made (the editor disables that button and says why: `count_step_blocked`)."""
    counts = counts_of(player)
    entry = counts[kind]
    new = entry[part] + delta
    total = sum(c["workers"] for c in counts.values())
    grows = part == "bonus" and new > entry["workers"]  # a bonus tile needs a worker: it comes with one
    if new < 0 or ((part == "workers" or grows) and total + delta > PATH_SPACES):
        return
    entry[part] = new
    if grows:
        entry["workers"] = new
    entry["bonus"] = min(entry["bonus"], entry["workers"])
    player["worker_counts"] = counts
    player.pop("workers", None)


def bonus_owed(row: list, index: int, kind: str, tracked: dict[str, int]) -> bool:
    """Whether a worker of `kind` put on path space `index` gets a bonus tile by itself: the tracker saw
    more bonus tiles laid on that kind than the rest of the row carries. On which worker of its kind a
    tile lies does not change the score (each counts 2), so the first one entered takes it."""
    carried = sum(1 for i, s in enumerate(row) if i != index and s is not None and s[0] == kind and s[1])
    return tracked.get(kind, 0) > carried


def count_part_owed(player: dict, kind: str, tracked: dict[str, int]) -> str:
    """What "+1 worker" of a kind adds in the count-only entry: a worker with one of the tracker's bonus
    tiles while there are some the counts do not show yet ("bonus"), else a plain worker ("workers")."""
    return "bonus" if tracked.get(kind, 0) > counts_of(player)[kind]["bonus"] else "workers"


def tracked_bonus(session, player: int) -> dict[str, int]:
    """The bonus tiles the tracker saw the player lay, by worker kind ({} without a game to read)."""
    if session is None or player >= len(session.state["players"]):
        return {}
    return dict(session.state["players"][player].get("bonus_kinds", {}))


def kind_values(player: dict) -> dict[str, int]:
    """Each kind's value for the majorities as the game scores it (worker 1, with bonus tile 2)."""
    return {k: worker_value(c["workers"] - c["bonus"], c["bonus"]) for k, c in counts_of(player).items()}


def goods_of(player: dict) -> dict[str, int]:
    goods = player.get("goods")
    return {g: goods.get(g, 0) for g in GOODS} if isinstance(goods, dict) else {g: 0 for g in GOODS}


def step_goods(player: dict, good: str, delta: int) -> None:
    goods = goods_of(player)
    goods[good] = max(0, goods[good] + delta)
    player["goods"] = goods


# ---------------------------------------------------------------- the editor

def space_name(model: AppModel, space) -> str:
    if space is None:
        return model.t(f"{NS}.empty")
    kind, bonus = space
    return model.t(f"{NS}.worker_bonus" if bonus else f"{NS}.worker", kind=model.t(f"milestones.kind.{kind}"))


def count_step_blocked(player: dict, kind: str, part: str) -> str | None:
    """Why "+1" on a count cannot act now (a message key), or None when it can: at most 8 workers in
    all; "+1 with bonus tile" on a kind without a worker left to carry it adds the worker too."""
    counts = counts_of(player)
    total = sum(c["workers"] for c in counts.values())
    entry = counts[kind]
    if part == "workers" and total >= PATH_SPACES:
        return f"{NS}.full"
    if part == "bonus" and entry["bonus"] >= entry["workers"] and total >= PATH_SPACES:
        return f"{NS}.full"
    return None


def count_row(model: AppModel, label: str, value: int, who: str, on_step, blocked: str | None) -> ft.Control:
    """`label  [-] value [+]` like the shared stepper, but a "+" that cannot act is disabled and the
    line says why (never a tap that does nothing)."""
    minus = icon_button(ft.Icons.REMOVE, model.t("ui.step", counter=label, delta="-1", player=who),
                        lambda e: on_step(-1), disabled=value <= 0)
    plus = icon_button(ft.Icons.ADD, model.t("ui.step", counter=label, delta="+1", player=who)
                       + (f" ({model.t(blocked, spaces=PATH_SPACES)})" if blocked else ""),
                       lambda e: on_step(1), disabled=blocked is not None)
    return ft.Row([
        ft.Text(label, expand=True, size=15),
        minus,
        ft.Semantics(label=model.t("ui.value", counter=label, player=who, value=value), container=True,
                     content=ft.Text(str(value), size=20, weight=ft.FontWeight.BOLD, width=44,
                                     text_align=ft.TextAlign.CENTER)),
        plus,
    ], spacing=0, vertical_alignment=ft.CrossAxisAlignment.CENTER)


@ft.component
def MilestonesBoard(model: AppModel, board: dict, player: int, on_change, problems=()):
    """The worker row as a grid on the phone: one line per path space, one button per worker kind and
    the bonus tile: a worker is one tap (no dialog), a bonus tile one more, none when the tracker saw it
    laid on that kind."""
    me = board["players"][player]
    who = me["name"]
    counting = "worker_counts" in me
    row = row_of(me)
    tracked = tracked_bonus(game_session(model, use_sid(), "milestones"), player)

    def update(fn, *args):
        new = copy.deepcopy(board)
        fn(new["players"][player], *args)
        on_change(new)

    def put(index, kind):
        space = row[index]
        if space is not None and space[0] == kind:
            update(set_space, index, None)  # the same kind again: the space is empty (or covered) again
        else:
            # a bonus tile stays on the space's worker; a new one comes from the tracker
            update(set_space, index, kind, bool(space and space[1]) or bonus_owed(row, index, kind, tracked))

    def step_workers(kind, delta):
        # one worker more brings along a bonus tile the tracker saw laid on that kind
        update(step_count, kind, count_part_owed(me, kind, tracked) if delta > 0 else "workers", delta)

    def kind_cell(index, kind):
        space = row[index]
        chosen = space is not None and space[0] == kind
        name = model.t(f"milestones.kind.{kind}")
        return ft.Semantics(
            label=model.t(f"{NS}.put", number=index + 1, kind=name), button=True, selected=chosen, container=True,
            content=ft.Container(
                width=CELL, height=CELL, border_radius=6, alignment=ft.Alignment.CENTER,
                bgcolor=KIND_TINT[kind] if chosen else None,
                border=ft.Border.all(2 if chosen else 1, "#333333" if chosen else ft.Colors.OUTLINE_VARIANT),
                on_click=lambda e: put(index, kind),
                content=ft.Icon(KIND_ICONS[kind], size=22,
                                color="#222222" if chosen else ft.Colors.with_opacity(0.45, ft.Colors.ON_SURFACE)),
            ),
        )

    def bonus_cell(index):
        space = row[index]
        if space is None:  # a bonus tile only lies on a worker: nothing to tap on an empty space
            return ft.Container(width=CELL, height=CELL)
        kind, bonus = space
        return ft.Semantics(
            label=model.t(f"{NS}.bonus_on", number=index + 1, kind=model.t(f"milestones.kind.{kind}")), button=True,
            selected=bonus, container=True,
            content=ft.Container(
                width=CELL, height=CELL, border_radius=6, alignment=ft.Alignment.CENTER,
                bgcolor=BONUS if bonus else None,
                border=ft.Border.all(1, BONUS),
                on_click=lambda e: update(set_bonus, index, not bonus),
                content=ft.Icon(ft.Icons.WORKSPACE_PREMIUM, size=22, color="#ffffff" if bonus else BONUS),
            ),
        )

    def space_line(index):
        return ft.Row([
            ft.Semantics(label=model.t(f"{NS}.space_is", number=index + 1, content=space_name(model, row[index])),
                         container=True,
                         content=ft.Text(str(index + 1), width=NUMBER, text_align=ft.TextAlign.CENTER,
                                         weight=ft.FontWeight.BOLD)),
            *[kind_cell(index, k) for k in WORKER_KINDS],
            bonus_cell(index),
        ], spacing=GAP, tight=True)

    heads = ft.Row([
        ft.Container(width=NUMBER),
        *[ft.Container(width=CELL, content=ft.Text(model.t(f"milestones.counter.{PRODUCES[k]}"), size=10,
                                                   text_align=ft.TextAlign.CENTER, max_lines=1,
                                                   overflow=ft.TextOverflow.ELLIPSIS))
          for k in WORKER_KINDS],
        ft.Container(width=CELL, content=ft.Text(model.t(f"{NS}.bonus_head"), size=10,
                                                 text_align=ft.TextAlign.CENTER, max_lines=1,
                                                 overflow=ft.TextOverflow.ELLIPSIS)),
    ], spacing=GAP, tight=True)

    values = kind_values(me)
    summary = model.t(f"{NS}.values", values=" · ".join(
        f"{model.t(f'milestones.kind.{k}')} {v}" for k, v in values.items()))
    modes = ft.Row([
        ft.Semantics(label=model.t(f"{NS}.{mode}"), button=True, selected=counting == on, container=True, expand=True,
                     content=(ft.FilledButton if counting == on else ft.OutlinedButton)(
                         model.t(f"{NS}.{mode}"), height=TOUCH, width=float("inf"),
                         on_click=lambda e, on=on: update(use_counts, on)))
        for mode, on in (("mode_row", False), ("mode_counts", True))
    ], spacing=6)

    if counting:
        counts = counts_of(me)
        full = count_step_blocked(me, WORKER_KINDS[0], "workers") is not None
        workers = [ft.Text(model.t(f"{NS}.counts_hint", spaces=PATH_SPACES), size=13)]
        if full:  # say once, above them, why the "+" buttons are off
            workers.append(ft.Semantics(label=model.t(f"{NS}.full", spaces=PATH_SPACES), live_region=True,
                                        container=True,
                                        content=ft.Text(model.t(f"{NS}.full", spaces=PATH_SPACES), size=13,
                                                        weight=ft.FontWeight.BOLD)))
        for k in WORKER_KINDS:
            kind = model.t(f"milestones.kind.{k}")
            workers += [
                count_row(model, model.t(f"{NS}.count_workers", kind=kind), counts[k]["workers"], who,
                          lambda d, k=k: step_workers(k, d), count_step_blocked(me, k, "workers")),
                count_row(model, model.t(f"{NS}.count_bonus", kind=kind), counts[k]["bonus"], who,
                          lambda d, k=k: update(step_count, k, "bonus", d), count_step_blocked(me, k, "bonus")),
            ]
    else:
        workers = [
            ft.Text(model.t(f"{NS}.row_hint"), size=13),
            ft.Column([heads, *[space_line(i) for i in range(PATH_SPACES)]], spacing=GAP),
        ]

    goods = goods_of(me)
    placing = Placing(problems)  # this board's problems, once it is entered: each beside its part
    row_problems, points_problems = placing.at("workers", "worker_counts"), placing.at("points")
    goods_problems = placing.at("goods")
    # The workers first: the tracker cannot know them. Points and goods come from the tracker, to check.
    if tracked:  # say where the bonus tiles a tap brings along come from
        kinds = " · ".join(f"{model.t(f'milestones.kind.{k}')} {n}" for k, n in tracked.items() if n)
        workers.insert(1, ft.Text(model.t(f"{NS}.tracked_bonus", kinds=kinds), size=13))
    return ft.Column([
        *placing.rest(),
        ft.Text(model.t(f"{NS}.workers"), weight=ft.FontWeight.BOLD),
        modes,
        *workers,
        *row_problems,
        ft.Semantics(label=summary, container=True, content=ft.Text(summary, size=13, italic=True)),
        ft.Text(model.t(f"{NS}.from_tracker"), weight=ft.FontWeight.BOLD),
        stepper(model.t(f"{NS}.points"), me["points"], lambda d: on_change.add(["points"], d), who=who, model=model,
                steps=(1, 5)),
        *points_problems,
        ft.Text(model.t(f"{NS}.goods"), size=13),
        *[stepper(model.t(f"milestones.counter.{g}"), goods[g], lambda d, g=g: on_change.add(["goods", g], d), who=who,
                  model=model) for g in GOODS],
        *goods_problems,
    ], spacing=8)


def step_points(player: dict, delta: int) -> None:
    player["points"] = max(0, player["points"] + delta)
