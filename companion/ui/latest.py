"""A tap acts on what the taps before it did.

Flet runs each event's handler in a task of its own and draws the screens they changed later, in its
scheduler's task: two taps that reach Python together run handlers of one render, and the second would
act on the screen as it was before the first (a start player chosen, then Start game at once; +1 tapped
twice on a card's VP). `use_latest` keeps what the taps set as they arrive."""

from __future__ import annotations

import flet as ft


def use_latest(initial):
    """A state (its value in this render, its setter) and what it was set to last (`latest()`), for the
    taps' handlers, which act on that and not on the render they came from. The setter takes a value,
    not a function of the one before: a handler reads `latest()` for that."""
    value, set_value = ft.use_state(initial)
    kept = ft.use_ref(None)
    if kept.current is None:
        kept.current = [value]

    def set_latest(new) -> None:
        kept.current[0] = new
        set_value(new)
    return value, set_latest, lambda: kept.current[0]
