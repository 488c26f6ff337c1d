"""Numbers typed into a board editor's fields. A text that is not a number (yet) is kept apart, per
player and field, and the field shows it as typed (and says so); the board keeps its last number until
the text is one, so a half-typed entry never reaches the game or the other phones. While a phone types,
its field draws the text as that phone shows it (companion/ui/phone_text.py): `shown`, `drawn` and
`keystroke`, the field's change handler."""

from __future__ import annotations

from typing import Callable

import flet as ft

from companion.ui.phone_text import use_phone_texts


class Drafts:
    def __init__(self, player: int):
        self.player = player
        # (player, field) -> text; a hook, so made while the editor renders, at the same place each time
        self._texts, self._set = ft.use_state({})
        self.phone = use_phone_texts()

    def get(self, key: str) -> str | None:
        return self._texts.get((self.player, key))

    def shown(self, key: str, value) -> str:
        """What field `key` draws: the draft, else the board's `value`; the phone's text while its typing
        made that."""
        draft = self.get(key)
        return self.phone.shown(key, draft if draft is not None else str(value))

    def drawn(self, key: str, field: ft.TextField) -> ft.TextField:
        return self.phone.drawn(key, field)

    def keystroke(self, key: str, text: str, value: int | None, current, commit: Callable[[str, int], None]) -> None:
        """A field's change handler: `typed`, the text as its phone sent it."""
        self.phone.typed(key, text if value is None else str(value))
        self.typed(key, text, value, current, commit)

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
