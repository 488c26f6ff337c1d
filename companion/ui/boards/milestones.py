"""Milestones' end-scoring entry: the score track, the goods left and each player's worker row.

The worker row follows the action board: 8 path spaces from left to right, each empty (or covered) or
holding a worker of one kind, with or without a bonus tile. For players in a hurry, a count-only entry
takes just the number of workers (and bonus tiles) per kind. The editing rules are plain functions
below; the values shown come from the game definition (`companion/games/milestones/scoring.py`).
"""

from __future__ import annotations

import copy

import flet as ft

from companion.games.milestones.components import GOODS, PATH_SPACES, WORKER_KINDS
from companion.games.milestones.scoring import row_counts, worker_value
from companion.ui.model import AppModel
from companion.ui.widgets import TOUCH, stepper

NS = "milestones.board"
KIND_ICONS = {"stone": ft.Icons.HARDWARE, "wood": ft.Icons.FOREST, "sand": ft.Icons.GRAIN,
              "grain": ft.Icons.GRASS, "coin": ft.Icons.MONETIZATION_ON}
KIND_TINT = {"stone": "#d5d5d0", "wood": "#dcc1a0", "sand": "#f1e2b0", "grain": "#e3d77a", "coin": "#f3c66b"}
SPACE = 84  # a path space: 4 in a row on a phone, all 8 in one row on a wider screen


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
    entry. At most 8 workers in all, bonus tiles only on workers: fewer workers take bonus tiles off;
    a change beyond that is not made."""
    counts = counts_of(player)
    entry = counts[kind]
    new = entry[part] + delta
    total = sum(c["workers"] for c in counts.values())
    if new < 0 or (part == "workers" and total + delta > PATH_SPACES) or (part == "bonus" and new > entry["workers"]):
        return
    entry[part] = new
    entry["bonus"] = min(entry["bonus"], entry["workers"])
    player["worker_counts"] = counts
    player.pop("workers", None)


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


@ft.component
def MilestonesBoard(model: AppModel, board: dict, player: int, on_change):
    picking, set_picking = ft.use_state(None)  # the path space being chosen
    with_bonus, set_with_bonus = ft.use_state(False)  # the dialog's bonus tick
    me = board["players"][player]
    who = me["name"]
    counting = "worker_counts" in me
    row = row_of(me)

    def update(fn, *args):
        new = copy.deepcopy(board)
        fn(new["players"][player], *args)
        on_change(new)

    def open_space(index):
        set_with_bonus(bool(row[index] and row[index][1]))
        set_picking(index)

    def space_view(index):
        space = row[index]
        label = model.t(f"{NS}.space_is", number=index + 1, content=space_name(model, space))
        if space is None:
            body = [ft.Text(str(index + 1), size=12, color=ft.Colors.ON_SURFACE_VARIANT),
                    ft.Icon(ft.Icons.ADD, size=20, color=ft.Colors.OUTLINE)]
        else:
            kind, bonus = space
            body = [
                ft.Row([ft.Text(str(index + 1), size=12, color="#444444"),
                        *([ft.Icon(ft.Icons.WORKSPACE_PREMIUM, size=16, color="#8c3b2a")] if bonus else [])],
                       alignment=ft.MainAxisAlignment.SPACE_BETWEEN),
                ft.Icon(KIND_ICONS[kind], size=20, color="#333333"),
                ft.Text(model.t(f"milestones.kind.{kind}"), size=11, color="#222222", max_lines=2,
                        text_align=ft.TextAlign.CENTER),
            ]
        return ft.Semantics(
            label=label, button=True, container=True,
            content=ft.Container(
                width=SPACE, height=SPACE, border_radius=6, padding=4,
                bgcolor=KIND_TINT[space[0]] if space else None,
                border=ft.Border.all(3 if space and space[1] else 1,
                                     "#8c3b2a" if space and space[1] else ft.Colors.OUTLINE),
                on_click=lambda e: open_space(index),
                content=ft.Column(body, spacing=0, alignment=ft.MainAxisAlignment.CENTER,
                                  horizontal_alignment=ft.CrossAxisAlignment.CENTER),
            ),
        )

    dialog = None
    if picking is not None and not counting:
        index = picking
        current = row[index]

        def choose(kind):
            set_picking(None)
            update(set_space, index, kind, with_bonus if kind else False)

        def tick_bonus(value):
            set_with_bonus(value)
            if current is not None:
                update(set_bonus, index, value)

        kinds = [
            ft.Semantics(label=model.t(f"milestones.kind.{k}"), button=True, selected=current is not None
                         and current[0] == k, container=True,
                         content=(ft.FilledButton if current and current[0] == k else ft.OutlinedButton)(
                             content=ft.Row([ft.Icon(KIND_ICONS[k], size=18), ft.Text(model.t(f"milestones.kind.{k}"))],
                                            tight=True, spacing=6),
                             on_click=lambda e, k=k: choose(k), height=TOUCH))
            for k in WORKER_KINDS
        ]
        dialog = ft.AlertDialog(
            title=ft.Text(model.t(f"{NS}.space", number=index + 1)),
            content=ft.Column([
                ft.Checkbox(label=model.t(f"{NS}.bonus"), semantics_label=model.t(f"{NS}.bonus"), value=with_bonus,
                            on_change=lambda e: tick_bonus(bool(e.control.value))),
                ft.Text(model.t(f"{NS}.pick_kind"), size=13),
                ft.Row(kinds, wrap=True, spacing=6, run_spacing=6),
            ], tight=True, width=420),
            actions=[ft.TextButton(model.t(f"{NS}.empty"), on_click=lambda e: choose(None)),
                     ft.TextButton(model.t("ui.close"), on_click=lambda e: set_picking(None))],
            on_dismiss=lambda e: set_picking(None),
        )
    ft.use_dialog(dialog)

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
        workers = [ft.Text(model.t(f"{NS}.counts_hint", spaces=PATH_SPACES), size=13)]
        for k in WORKER_KINDS:
            kind = model.t(f"milestones.kind.{k}")
            workers += [
                stepper(model.t(f"{NS}.count_workers", kind=kind), counts[k]["workers"],
                        lambda d, k=k: update(step_count, k, "workers", d), who=who, model=model),
                stepper(model.t(f"{NS}.count_bonus", kind=kind), counts[k]["bonus"],
                        lambda d, k=k: update(step_count, k, "bonus", d), who=who, model=model),
            ]
    else:
        workers = [
            ft.Text(model.t(f"{NS}.row_hint"), size=13),
            ft.Row([space_view(i) for i in range(PATH_SPACES)], wrap=True, spacing=6, run_spacing=6),
        ]

    goods = goods_of(me)
    return ft.Column([
        stepper(model.t(f"{NS}.points"), me["points"], lambda d: update(step_points, d), who=who, model=model,
                steps=(1, 5)),
        ft.Text(model.t(f"{NS}.workers"), weight=ft.FontWeight.BOLD),
        modes,
        *workers,
        ft.Semantics(label=summary, container=True, content=ft.Text(summary, size=13, italic=True)),
        ft.Text(model.t(f"{NS}.goods"), weight=ft.FontWeight.BOLD),
        *[stepper(model.t(f"milestones.counter.{g}"), goods[g], lambda d, g=g: update(step_goods, g, d), who=who,
                  model=model) for g in GOODS],
    ], spacing=8)


def step_points(player: dict, delta: int) -> None:
    player["points"] = max(0, player["points"] + delta)
