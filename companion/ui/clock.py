"""The game clock on the play screen: the time played (hours:minutes) with its pause and resume.

The times come from the game (core/clock.py: the hub keeps them, so every phone at the table shows the
same clock); a tap sends `{"type": "clock", "run": ...}`. The component ticks by itself once a minute
while the clock runs: the play screen is not drawn again for it, and a tick redraws this row only."""

from __future__ import annotations

import asyncio
import time

import flet as ft

from companion.core.clock import elapsed, running
from companion.ui.screens.common import use_subscription
from companion.ui.widgets import TOUCH, Texts, icon_button


def shown_time(seconds: float) -> str:
    """Hours and minutes, as a kitchen clock: "0:07", "1:32"."""
    minutes = int(seconds // 60)
    return f"{minutes // 60}:{minutes % 60:02d}"


@ft.component
def GameClockView(texts: Texts, times: tuple, run):
    """`times`: the game's clock (a tuple: the memo compares it); `run(bool)`: start or pause it."""
    page = ft.context.page
    _, set_tick = ft.use_state(0)
    on = running(times)

    def tick_every_minute():
        alive = [on]

        async def tick():
            while alive[0]:
                await asyncio.sleep(60.05 - elapsed(times, time.time()) % 60)  # just past the next minute
                if alive[0] and page.session.connection is not None:
                    set_tick(lambda n: n + 1)
        if on:
            page.run_task(tick)
        return lambda: alive.__setitem__(0, False)
    use_subscription(tick_every_minute, [times])

    shown = shown_time(elapsed(times, time.time()))
    said = texts.t("ui.clock.running" if on else "ui.clock.paused" if times else "ui.clock.not_started", time=shown)
    return ft.Row([
        ft.Semantics(label=said, container=True, content=ft.Row([
            ft.Icon(ft.Icons.TIMER_OUTLINED if on else ft.Icons.TIMER_OFF_OUTLINED, size=18,
                    color=None if on else ft.Colors.ON_SURFACE_VARIANT),
            ft.Text(shown, size=16, weight=ft.FontWeight.W_500, color=None if on else ft.Colors.ON_SURFACE_VARIANT),
        ], spacing=4, tight=True)),
        icon_button(ft.Icons.PAUSE if on else ft.Icons.PLAY_ARROW,
                    texts.t("ui.clock.pause" if on else "ui.clock.start" if not times else "ui.clock.resume"),
                    lambda e: run(not on)),
    ], spacing=0, tight=True, height=TOUCH)


GameClock = ft.memo(GameClockView)
