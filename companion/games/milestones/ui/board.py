"""Milestones' end-scoring editor: the workers first (the tracker cannot know them: the worker row, or
counts only), with what the tracker does know of them (the bonus tiles laid by kind, the worker tiles
bought and the workers covered at the castle), then the score track and the goods left from the
tracker, to check against the table. Each of the board's problems is said beside its part."""

from __future__ import annotations

import flet as ft

from companion.core.text import Msg
from companion.games.milestones.board import counting, goods_of, kind_values, workers_entered
from companion.games.milestones.components import GOODS, WORKER_KINDS, joined
from companion.games.milestones.tracker import worker_fields
from companion.games.milestones.ui.common import NS, add_move, tracked, worker_entry_move
from companion.games.milestones.ui.counts import WorkerCounts
from companion.games.milestones.ui.row import WorkerRow
from companion.ui.boards.problems import Placing
from companion.ui.view import Dispatch, GameView
from companion.ui.widgets import TOUCH, stepper


def entry_choice(view: GameView, player: int, dispatch: Dispatch) -> ft.Control:
    """The worker row or counts only, for this board (one move, keeping every worker entered)."""
    on_counts = counting(view.board["players"][player])
    tiles = tracked(view, player)
    return ft.Row([
        ft.Semantics(label=view.t(f"{NS}.{mode}"), button=True, selected=on_counts == on, container=True, expand=True,
                     content=(ft.FilledButton if on_counts == on else ft.OutlinedButton)(
                         view.t(f"{NS}.{mode}"), height=TOUCH, width=float("inf"),
                         on_click=lambda e, on=on: dispatch(worker_entry_move(player, on, tiles))))
        for mode, on in (("mode_row", False), ("mode_counts", True))
    ], spacing=6)


def tracker_knows(view: GameView, player: int) -> ft.Control:
    """What the tracker knows of this player's workers, in words: the most there can be (worker tiles
    bought, workers covered at the castle) and the bonus tiles by kind (in the row, the first workers of
    a kind entered carry them)."""
    me = view.board["players"][player]
    fields, tiles = worker_fields(view.state, player), tracked(view, player)
    text = view.t(f"{NS}.tracked_fields", name=me["name"], **fields)
    if any(tiles.values()):
        kinds = joined([Msg(f"{NS}.bonus_kinds.{k}", count=n) for k, n in tiles.items() if n])
        text += " " + view.t(f"{NS}.tracked_bonus", name=me["name"], kinds=view.m(kinds))
        text += "" if counting(me) else " " + view.t(f"{NS}.tracked_bonus_row")
    return ft.Text(text, size=13)


def over_fields(view: GameView, player: int) -> list[ft.Control]:
    """A word when more workers are entered than the tracker counted worker fields (a table that did not
    enter every worker tile bought, or a tap too many)."""
    entered, most = workers_entered(view.board["players"][player]), worker_fields(view.state, player)["most"]
    if entered <= most:
        return []
    notice = view.t(f"{NS}.over_fields", count=entered, most=most)
    return [ft.Semantics(label=notice, live_region=True, container=True, content=ft.Row([
        ft.Icon(ft.Icons.INFO_OUTLINE, size=18, color=ft.Colors.ON_SURFACE),
        ft.Text(notice, size=13, weight=ft.FontWeight.BOLD, expand=True),
    ], spacing=6, vertical_alignment=ft.CrossAxisAlignment.START))]


def values_line(view: GameView, player: int) -> ft.Control:
    values = kind_values(view.board["players"][player])
    summary = view.t(f"{NS}.values", values=view.m(joined([
        Msg(f"{NS}.value", kinds=Msg(f"milestones.kinds.{k}"), value=values[k]) for k in WORKER_KINDS])))
    return ft.Semantics(label=summary, container=True, content=ft.Text(summary, size=13, italic=True))


def from_tracker(view: GameView, player: int, dispatch: Dispatch, placing: Placing) -> list[ft.Control]:
    """The score track and the goods left, prefilled from the tracker: steppers to check them."""
    me = view.board["players"][player]
    who, goods = me["name"], goods_of(me)
    return [
        ft.Text(view.t(f"{NS}.from_tracker"), weight=ft.FontWeight.BOLD),
        stepper(view.t(f"{NS}.points"), me["points"], lambda d: dispatch(add_move(player, ["points"], d)), who=who,
                model=view, steps=(1, 5)),
        *placing.at("points"),
        ft.Text(view.t(f"{NS}.goods"), size=13),
        *[stepper(view.t(f"milestones.counter.{g}"), goods[g],
                  lambda d, g=g: dispatch(add_move(player, ["goods", g], d)), who=who, model=view) for g in GOODS],
        *placing.at("goods"),
    ]


@ft.component
def MilestonesBoard(view: GameView, player: int, dispatch: Dispatch, problems=()):
    me = view.board["players"][player]
    placing = Placing(problems)  # this board's problems, once it is entered: each beside its part
    workers = [
        ft.Text(view.t(f"{NS}.workers"), weight=ft.FontWeight.BOLD),
        entry_choice(view, player, dispatch),
        tracker_knows(view, player),
        WorkerCounts(view, player, dispatch) if counting(me) else WorkerRow(view, player, dispatch),
        *placing.at("workers", "worker_counts"),
        *over_fields(view, player),
        values_line(view, player),
    ]
    checked = from_tracker(view, player, dispatch, placing)
    return ft.Column([*placing.rest(), *workers, *checked], spacing=8)
