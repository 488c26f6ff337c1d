"""Numbers typed into a board editor's fields. A text that is not a number (yet) is kept apart, per
player and field, and the field shows it as typed (and says so); the board keeps its last number until
the text is one, so a half-typed entry never reaches the game or the other phones."""

from __future__ import annotations

from typing import Callable

import flet as ft


class Drafts:
    def __init__(self, player: int):
        self.player = player
        # (player, field) -> text; a hook, so made while the editor renders, at the same place each time
        self._texts, self._set = ft.use_state({})

    def get(self, key: str) -> str | None:
        return self._texts.get((self.player, key))

    def typed(self, key: str, text: str, value: int | None, current, commit: Callable[[str, int], None]) -> None:
        """`value` is the text as a number (None when it is not one); `commit(key, value)` when it differs
        from the board's `current` number."""
        if value is None:
            self._set({**self._texts, (self.player, key): text})
            return
        self.forget(key)
        if value != current:
            commit(key, value)

    def forget(self, key: str) -> None:
        if (self.player, key) in self._texts:
            self._set({k: v for k, v in self._texts.items() if k != (self.player, key)})
