"""A tap acts on what that phone showed, however far behind the phone is.

The server draws the latest game for every phone at once, and a phone shows it a moment later. A button
that acts on what it shows (Undo named for its entry, Confirm for the result on the screen) is keyed by
what it shows, so a newer one replaces it instead of taking over its control. A tap from a phone that
still shows the old button names the old control: Flet, which has forgotten it, would drop the tap
without a word. `LateTaps` keeps the handlers of the last such buttons that went away and runs the one a
late tap names; the table hub then takes the tap for what that phone showed, or refuses it with words
("Not undone: … Undo would now take back …").
"""

from __future__ import annotations

import json
import zlib
from collections import OrderedDict
from typing import Callable

import flet as ft

MAX_GONE = 64  # buttons gone from one tab whose late taps still count: far more than a phone falls behind


class LateTaps:
    """One tab's buttons that went away, by control id, the newest MAX_GONE."""

    def __init__(self):
        self.gone: OrderedDict[int, Callable] = OrderedDict()

    def remember(self, control_id: int, handler: Callable) -> None:
        self.gone[control_id] = handler
        self.gone.move_to_end(control_id)
        while len(self.gone) > MAX_GONE:
            self.gone.popitem(last=False)


def hear_late_taps(page: ft.Page) -> LateTaps:
    """Late taps on the buttons of this tab (its page's session) reach the handler the phone showed."""
    late, session = LateTaps(), page.session
    dispatch = session.dispatch_event

    async def dispatch_event(control_id: int, event_name: str, event_data):
        handler = late.gone.get(control_id) if event_name == "click" else None
        if handler is not None and session.index.get(control_id) is None:
            handler(None)
            return
        await dispatch(control_id, event_name, event_data)
    session.dispatch_event = dispatch_event
    return late


class _Remembered:
    """A button whose tap still counts after it went away (see the module's docstring)."""

    def will_unmount(self):
        super().will_unmount()
        late = getattr(self, "late", None)  # not a field of the control: never sent to the phone
        if late is not None and self.on_click is not None and not self.disabled:
            late.remember(self._i, self.on_click)


class ShownIconButton(_Remembered, ft.IconButton):
    pass


class ShownFilledButton(_Remembered, ft.FilledButton):
    pass


class ShownOutlinedButton(_Remembered, ft.OutlinedButton):
    pass


def shown_key(kind: str, what) -> str:
    """A key for a button that shows `what` (JSON: a label, a board): another `what`, another button."""
    return f"{kind}-{zlib.crc32(json.dumps(what, sort_keys=True, ensure_ascii=False).encode())}"


def shown(button, late: LateTaps | None):
    """`button` (a Shown… button, keyed by what it shows) with its late taps heard on this tab."""
    button.late = late
    return button
