"""Counts only: completed villas by their chimneys (as the overview board's villa table reads), completed
features by kind (filled in as the tracker counted them), frame goals met by their value."""

from __future__ import annotations

import flet as ft

from companion.games.carpe_diem.components import FRAME_VP, GRID, SINGLES, VILLA
from companion.games.carpe_diem.district import (
    QUICK_KINDS, VILLA_COUNTS_SHOWN, frame_met_counts, tracked_district, villa_counts,
)
from companion.games.carpe_diem.scoring import MOST_COMPLETED
from companion.games.carpe_diem.ui.look import NS, cap, quiet
from companion.ui.view import Dispatch, GameView
from companion.ui.widgets import icon_button, section, stepper


def small_stepper(view: GameView, label: str, value: int, on_step, who: str) -> ft.Control:
    """A stepper with its label above it (two fit a phone's row); named as `stepper`'s buttons are."""
    return ft.Column([
        ft.Text(label, size=13),
        ft.Row([icon_button(ft.Icons.REMOVE, view.t("ui.step", counter=label, delta="-1", player=who),
                            lambda e: on_step(-1), disabled=value <= 0),
                ft.Semantics(label=view.t("ui.value", counter=label, player=who, value=value), container=True,
                             content=ft.Text(str(value), size=18, weight=ft.FontWeight.BOLD, width=32,
                                             text_align=ft.TextAlign.CENTER)),
                icon_button(ft.Icons.ADD, view.t("ui.step", counter=label, delta="+1", player=who),
                            lambda e: on_step(1))], spacing=0)], spacing=0)


@ft.component
def CountsForm(view: GameView, player: int, dispatch: Dispatch, problems=()):
    me = view.board["players"][player]
    q, who = me["quick"], me["name"]
    tracked = tracked_district(view.state["players"][player]["counters"])
    return ft.Column([
        ft.Text(view.t(f"{NS}.quick.hint"), size=13),
        *([quiet(view.t(f"{NS}.quick.prefilled"))] if tracked is not None else []),
        villas_section(view, player, dispatch, q.get("villas", []), tracked, who),
        section(view.t(f"{NS}.quick.completed"), [
            stepper(cap(view.t(f"carpe-diem.counter.{k}")), q.get("completed", {}).get(k, 0),
                    lambda d, k=k: dispatch({"type": "board_add", "player": player, "path": ["quick", "completed", k],
                                             "delta": d, "minimum": 0,
                                             "maximum": GRID * GRID if k in SINGLES else MOST_COMPLETED}),
                    who=who, model=view) for k in QUICK_KINDS]),
        frame_met_section(view, player, dispatch, q.get("frame_met", []), who),
        *problems,
    ], spacing=10)


def villas_section(view: GameView, player: int, dispatch: Dispatch, villas: list[int], tracked: dict | None,
                   who: str) -> ft.Control:
    """Two a row, as the overview board's villa table: chimneys -> how many such villas."""
    by_chimneys = villa_counts(villas)
    check = []
    if tracked is not None and VILLA in tracked:
        check.append(ft.Text(view.t(f"{NS}.quick.villas_tracked", villas=tracked[VILLA], chimneys=tracked["chimneys"]),
                             size=13, color=ft.Colors.TERTIARY if tracked[VILLA] != len(villas) else None))
    return section(view.t(f"{NS}.quick.villas", count=len(villas)), [*check, ft.ResponsiveRow([
        ft.Container(small_stepper(
            view, view.t(f"{NS}.quick.villas_with", chimneys=c), by_chimneys.get(c, 0),
            lambda d, c=c: dispatch({"type": "villas_add", "player": player, "chimneys": c, "delta": d}), who),
            col={"xs": 6}) for c in sorted(set(VILLA_COUNTS_SHOWN) | set(by_chimneys))], spacing=8, run_spacing=4)])


def frame_met_section(view: GameView, player: int, dispatch: Dispatch, met: list[int], who: str) -> ft.Control:
    counts = frame_met_counts(met)
    return section(view.t(f"{NS}.quick.frame_met"), [
        stepper(view.t(f"{NS}.quick.goals_worth", vp=vp), counts[vp],
                lambda d, vp=vp: dispatch({"type": "frame_met_add", "player": player, "vp": vp, "delta": d}),
                who=who, model=view) for vp in reversed(FRAME_VP)])
