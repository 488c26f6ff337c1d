"""The count-only entry, for players in a hurry: per worker kind the visible workers and how many of them
carry a bonus tile, with -/+ (at most 8 workers in all; a "+" that cannot act is disabled and says why)."""

from __future__ import annotations

import flet as ft

from companion.games.milestones.board import count_step_blocked, counts_of
from companion.games.milestones.components import PATH_SPACES, WORKER_KINDS
from companion.games.milestones.ui.common import NS, tracked, worker_count_move
from companion.ui.view import Dispatch, GameView
from companion.ui.widgets import icon_button


def count_row(view: GameView, label: str, value: int, who: str, on_step, blocked: bool) -> ft.Control:
    """`label  [-] value [+]` like the shared stepper, but a "+" that cannot act is disabled and its name
    says why (never a tap that does nothing)."""
    full = view.t(f"{NS}.full", spaces=PATH_SPACES)
    minus = icon_button(ft.Icons.REMOVE, view.t("ui.step", counter=label, delta="-1", player=who),
                        lambda e: on_step(-1), disabled=value <= 0)
    plus = icon_button(ft.Icons.ADD, view.t("ui.step", counter=label, delta="+1", player=who)
                       + (f" ({full})" if blocked else ""), lambda e: on_step(1), disabled=blocked)
    return ft.Row([
        ft.Text(label, expand=True, size=15),
        minus,
        ft.Semantics(label=view.t("ui.value", counter=label, player=who, value=value), container=True,
                     content=ft.Text(str(value), size=20, weight=ft.FontWeight.BOLD, width=44,
                                     text_align=ft.TextAlign.CENTER)),
        plus,
    ], spacing=0, vertical_alignment=ft.CrossAxisAlignment.CENTER)


@ft.component
def WorkerCounts(view: GameView, player: int, dispatch: Dispatch):
    me = view.board["players"][player]
    counts, tiles, who = counts_of(me), tracked(view, player), me["name"]

    def step(kind, part, delta):
        dispatch(worker_count_move(player, kind, part, delta, tiles))

    lines = [ft.Text(view.t(f"{NS}.counts_hint", spaces=PATH_SPACES), size=13)]
    if sum(c["workers"] for c in counts.values()) >= PATH_SPACES:  # say once, above them, why "+" is off
        full = view.t(f"{NS}.full", spaces=PATH_SPACES)
        lines.append(ft.Semantics(label=full, live_region=True, container=True,
                                  content=ft.Text(full, size=13, weight=ft.FontWeight.BOLD)))
    for k in WORKER_KINDS:
        kinds = view.t(f"milestones.kinds.{k}")
        lines += [
            count_row(view, kinds, counts[k]["workers"], who, lambda d, k=k: step(k, "workers", d),
                      count_step_blocked(me, k, "workers")),
            count_row(view, view.t(f"{NS}.count_bonus", kinds=kinds), counts[k]["bonus"], who,
                      lambda d, k=k: step(k, "bonus", d), count_step_blocked(me, k, "bonus")),
        ]
    return ft.Column(lines, spacing=8)
