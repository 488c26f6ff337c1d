"""Numbers typed into a board editor's fields. A text that is not a number (yet) is kept apart, per
player and field, and the field shows it as typed (and says so); the board keeps its last number until
the text is one, so a half-typed entry never reaches the game or the other phones. While a phone types,
its field draws the text as that phone shows it (companion/ui/phone_text.py): `shown`, `drawn` and
`keystroke`, the field's change handler."""

from __future__ import annotations

import flet as ft

from companion.ui.phone_text import use_phone_texts


class Drafts:
    def __init__(self, player: int):
        self.player = player
        # (player, field) -> (text, its number or None, the board's numbers while its move is on its way);
        # a hook, so made while the editor renders, at the same place each time
        self._texts, self._set = ft.use_state({})
        self.phone = use_phone_texts()

    def get(self, key: str) -> str | None:
        """The text typed into field `key` that is no number (yet), said under the field; else None."""
        text, value, _ = self._texts.get((self.player, key), (None, None, ()))
        return text if value is None else None

    def shown(self, key: str, value) -> str:
        """What field `key` draws, the board holding `value`: a text that is no number; a number typed over
        one, while its move is on its way (the board as it was when it was typed, or as this phone's earlier
        numbers made it); else the board's number. And the phone's text while its typing made that."""
        text, number, before = self._texts.get((self.player, key), (None, None, ()))
        if text is None or number is not None and value not in before:
            text = str(value)
        return self.phone.shown(key, text)

    def drawn(self, key: str, field: ft.TextField) -> ft.TextField:
        return self.phone.drawn(key, field)

    def keystroke(self, key: str, text: str, value: int | None, current, commit) -> None:
        """A field's change handler: `typed`, the text as its phone sent it."""
        self.phone.typed(key, text if value is None else str(value))
        self.typed(key, text, value, current, commit)

    def typed(self, key: str, text: str, value: int | None, current, commit) -> None:
        """`value` is the text as a number (None when it is not one); `commit(key, value, then)` when it
        differs from the board's `current` number, `then(saved)` once it is saved. A number typed over a
        text (a text that is no number, or a number on its way) is drawn as typed until its move is saved:
        drawn meanwhile as the board was, the field would take an old number back to a phone typing on."""
        mine = (self.player, key)
        if value is None:
            self._set(lambda texts: {**texts, mine: (text, None, ())})
            return
        if value == current:
            self.forget(key)
            return
        made = []  # the text drawn over the board's number while this move is on its way, if one was

        def over(texts: dict) -> dict:
            if mine not in texts:  # the field drew the board's number: it goes on drawing it
                return texts
            _, earlier, before = texts[mine]
            made.append((text, value, (*before, *([] if earlier is None else [earlier]), current)))
            return {**texts, mine: made[0]}

        def saved(game) -> None:  # the text goes, unless a later keystroke's took its place
            self._set(lambda texts: {k: v for k, v in texts.items() if k != mine}
                      if made and texts.get(mine) is made[0] else texts)
        self._set(over)
        commit(key, value, saved)

    def forget(self, key: str) -> None:
        mine = (self.player, key)
        self._set(lambda texts: {k: v for k, v in texts.items() if k != mine} if mine in texts else texts)
