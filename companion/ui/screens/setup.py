"""The setup checklist for this table: every step tickable, numbers worked out."""

from __future__ import annotations

import flet as ft

from companion.ui.box_data import BoxDataForm
from companion.ui.model import AppModel
from companion.ui.screens.common import missing_game, players_line, use_game
from companion.ui.widgets import TOUCH, screen, tick_box


@ft.component
def SetupScreen(model: AppModel):
    page = ft.context.page
    sid = ft.use_route_params().get("sid", "")
    route = f"/game/{sid}/setup"
    game = use_game(model, sid)
    if game is None:
        return missing_game(model, route, sid)
    steps = game.definition.rules.setup_checklist(game.config)
    done = set(game.setup_done)

    def tick(step_id, value):
        model.dispatch(sid, {"type": "setup_tick", "step": step_id, "done": bool(value)})

    def begin(e):
        model.dispatch(sid, {"type": "stage", "stage": "play"}, then=lambda saved: page.navigate(f"/game/{sid}/play"))

    rows = []
    for number, step in enumerate(steps, 1):
        text = f"{number}. {model.m(step.text)}"
        rows.append(ft.Container(
            content=ft.Column([
                ft.Row([
                    tick_box(text, step.id in done, lambda e, s=step.id: tick(s, e.control.value)),
                    # The text itself is a tap target too, and wraps on a phone.
                    ft.Container(ft.Text(text), expand=True, padding=ft.Padding.only(top=14),
                                 on_click=lambda e, s=step.id: tick(s, s not in done)),
                ], vertical_alignment=ft.CrossAxisAlignment.START, spacing=4),
                # The sub-steps under the step's text, right of its tick box: they belong to it.
                *[ft.Container(ft.Text(f"• {model.m(d)}", size=13), padding=ft.Padding.only(left=TOUCH + 4))
                  for d in step.details],
                # values printed only on the components, asked here so that the final scoring never stops
                *([ft.Container(BoxDataForm(model, game.definition.id, step.box), padding=ft.Padding.only(top=8))]
                  if step.box else []),
            ], spacing=2),
            padding=ft.Padding.only(left=4, bottom=8, right=4),
        ))
    controls = [
        ft.Text(model.m(game.definition.name), theme_style=ft.TextThemeStyle.TITLE_LARGE),
        players_line(model, game),
        ft.Text(model.t("ui.setup.progress", done=len(done & {s.id for s in steps}), total=len(steps))),
        *rows,
    ]
    return screen(model, route, model.t("ui.setup.title"), controls, back="/",
                  error=model.error_for(game), on_dismiss=model.dismiss_message,
                  bottom=ft.FilledButton(model.t("ui.setup.begin"), icon=ft.Icons.PLAY_ARROW, on_click=begin,
                                         height=TOUCH, width=float("inf")))
