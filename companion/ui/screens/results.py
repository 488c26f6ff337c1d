"""The ranking and the per-player breakdown, for a fresh score sheet or a saved play."""

from __future__ import annotations

import flet as ft

from companion.core.result import Result
from companion.core.text import Msg
from companion.ui.model import AppModel


def results_view(model: AppModel, definition, sheet: Result, notes=()) -> ft.Control:
    players = [{"name": p.name, "total": p.total, "rank": p.rank,
                "lines": [(c.id, c.points, c.explanation) for c in p.categories],
                "tiebreak": p.tiebreak_note} for p in sheet.players]
    return ranking(model, sheet.category_labels, players, sheet.winners, list(notes), sheet.provisional)


def ranking(model: AppModel, labels: dict[str, Msg], players: list[dict], winners: list[str],
            notes: list[Msg], provisional: bool = False) -> ft.Control:
    """`provisional`: points of box values nobody has entered are not counted: said above the winner."""
    ordered = sorted(players, key=lambda p: (p["rank"], p["name"]))
    shared = len(winners) > 1
    # The tie-break is worded only where a tie on points was there to break (not on every card).
    tied = {p["name"]: [q["name"] for q in players if q is not p and q["total"] == p["total"]] for p in players}
    if not any(tied.values()):
        notes = [n for n in notes if not n.key.endswith(".tiebreak_rule")]
    head = model.t("ui.results.shared_win" if shared else "ui.results.winner", names=winners)
    blocks = [*([provisional_banner(model)] if provisional else []),
              ft.Semantics(label=head, container=True, live_region=True,
                           content=ft.Row([ft.Icon(ft.Icons.EMOJI_EVENTS, color=ft.Colors.AMBER),
                                           ft.Text(head, theme_style=ft.TextThemeStyle.TITLE_LARGE, expand=True)]))]
    for p in ordered:
        lines = [
            ft.Container(
                content=ft.Column([
                    ft.Row([ft.Text(model.m(labels[cid]) if cid in labels else cid, expand=True),
                            ft.Text(str(points), weight=ft.FontWeight.BOLD)]),
                    ft.Text(model.m(explanation), size=12, color=ft.Colors.ON_SURFACE_VARIANT),
                ], spacing=0),
                padding=ft.Padding.only(bottom=6),
            )
            for cid, points, explanation in p["lines"]
        ]
        if tied[p["name"]]:
            lines.append(ft.Text(model.t("ui.results.tied", names=tied[p["name"]], total=p["total"]), size=12,
                                 italic=True, weight=ft.FontWeight.BOLD))
            if p.get("tiebreak"):
                lines.append(ft.Text(model.m(p["tiebreak"]), size=12, italic=True))
        title = model.t("ui.results.line", rank=p["rank"], name=p["name"], total=p["total"])
        blocks.append(ft.Card(content=ft.Container(padding=12, content=ft.Column([
            ft.Semantics(label=title, container=True,
                         content=ft.Text(title, theme_style=ft.TextThemeStyle.TITLE_MEDIUM,
                                         weight=ft.FontWeight.BOLD)),
            *lines,
        ], spacing=4))))
    blocks += [ft.Text(model.m(n), size=12, italic=True) for n in notes]
    return ft.Column(blocks, spacing=8)


def provisional_banner(model: AppModel) -> ft.Control:
    """A result that does not count every point yet (values printed on the box not entered)."""
    text = model.t("ui.results.provisional")
    return ft.Semantics(label=text, container=True, live_region=True, content=ft.Container(
        ft.Row([ft.Icon(ft.Icons.HOURGLASS_TOP, color=ft.Colors.ON_TERTIARY_CONTAINER),
                ft.Text(text, color=ft.Colors.ON_TERTIARY_CONTAINER, expand=True, weight=ft.FontWeight.BOLD)],
               vertical_alignment=ft.CrossAxisAlignment.START),
        bgcolor=ft.Colors.TERTIARY_CONTAINER, border_radius=8, padding=12))
