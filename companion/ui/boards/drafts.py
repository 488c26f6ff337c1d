"""Numbers typed into a board editor's fields. A text that is not a number (yet) is kept apart, per
player and field, and the field shows it as typed (and says so); the board keeps its last number until
the text is one, so a half-typed entry never reaches the game or the other phones. While a phone types,
its field draws the text as that phone shows it (companion/ui/phone_text.py): `shown`, `drawn` and
`keystroke`, the field's change handler."""

from __future__ import annotations

import flet as ft

from companion.ui.phone_text import use_phone_texts


class Drafts:
    def __init__(self, player: int, revision: int):
        """`revision`: the game's, as the board the editor draws now was saved."""
        self.player, self.revision = player, revision
        # (player, field) -> (text, its number or None, the board's numbers while its move is on its way,
        # the revision that move was saved at, or None); a hook, so made while the editor renders, at the
        # same place each time
        self._texts, self._set = ft.use_state({})
        self.phone = use_phone_texts()
        # (player, field) -> the number this phone sent last, as its keystrokes arrive (a handler's render
        # may be older)
        self._sent = ft.use_ref(None)
        if self._sent.current is None:
            self._sent.current = {}

    def get(self, key: str) -> str | None:
        """The text typed into field `key` that is no number (yet), said under the field; else None."""
        text, value = self._texts.get((self.player, key), (None, None))[:2]
        return text if value is None else None

    def shown(self, key: str, value) -> str:
        """What field `key` draws, the board holding `value`: a text that is no number; a number typed over
        one, while its move is on its way (the board as it was when it was typed, or as this phone's earlier
        numbers made it); else the board's number. And the phone's text while its typing made that.
        A number whose move is saved is drawn as typed until the board drawn is the saved one (or newer):
        the editor is drawn for its own state at the save, now and then before the screen hands it the saved
        board, and the board as it was would go to a phone typing on ("7", then "1", for "12")."""
        text, number, before, saved_at = self._texts.get((self.player, key), (None, None, (), None))
        if text is None or saved_at is not None and self.revision >= saved_at \
                or number is not None and value not in before:
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
        differs from the board's `current` number or from the number this phone sent last, `then(saved)`
        once it is saved. A number typed over a text (a text that is no number, or a number on its way) is
        drawn as typed until its move is saved and the saved board drawn: drawn meanwhile as the board was,
        the field would take an old number back to a phone typing on."""
        mine = (self.player, key)
        if value is None:
            self._set(lambda texts: {**texts, mine: (text, None, (), None)})
            return
        sent = self._sent.current.get(mine)
        made = []  # the text drawn over the board's number while this move is on its way, if one was
        if value == current:
            # The board's number as the handler's render drew it: nothing to send, unless this phone sent
            # another number since ("12", "1", "12" faster than the round trip: the board becomes 1). Then
            # 12 goes too, and the field draws it while the board is at either.
            if sent is None or sent == value:
                self.forget(key)
                return
            made.append((text, value, (current, sent), None))

        def over(texts: dict) -> dict:
            if made:  # typed back to the board's number
                return {**texts, mine: made[0]}
            saved_at = texts[mine][3] if mine in texts else None
            if mine not in texts or saved_at is not None and self.revision >= saved_at:
                return texts  # the field drew the board's number: it goes on drawing it
            earlier, before = texts[mine][1:3]
            made.append((text, value, (*before, *([] if earlier is None else [earlier]), current), None))
            return {**texts, mine: made[0]}

        def saved(game) -> None:  # drawn until the saved board is, unless a later keystroke took its place
            self._set(lambda texts: {**texts, mine: (*made[0][:3], game.revision)}
                      if made and texts.get(mine) is made[0] else texts)
        self._set(over)
        self._sent.current[mine] = value
        commit(key, value, saved)

    def forget(self, key: str) -> None:
        mine = (self.player, key)
        self._set(lambda texts: {k: v for k, v in texts.items() if k != mine} if mine in texts else texts)
