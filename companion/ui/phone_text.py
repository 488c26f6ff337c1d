"""What a text field draws while its phone is typing: what the phone reported last, never an older value.

A phone sends each keystroke as two messages: the field's new text, then its change event. Flet writes
the text into the field the server drew last as soon as it arrives, and runs the change handler a moment
later; a render then compares its new field with that one, and sends the value only where they differ.
So a render made after one keystroke's handler, once the next keystroke's text had come in, drew the
text as of the earlier keystroke: it went to the phone and replaced what the player had typed since
("J" for "Jule", "1" for "16"), and the renders after the later keystrokes found nothing to send.

`PhoneTexts` keeps, per field, the field as last drawn, the app's value then and whether what it holds
is the phone's text (reported since it was drawn, or drawn as reported), and the app's value the last
keystroke made. While the app's value is the one the typing made, a field draws the phone's text (ahead
of the handlers). So it does while the phone's text has come and its change handler has not run yet,
the app's value as it was at the last draw (a render for another field's keystroke or another phone's
entry, between a keystroke's text and its change: the first keystroke in a field would otherwise be
sent back as the text before it). Else the field draws the app's value (another phone's edit, an Undo, a
name put in by the app, a value refused, or a keystroke's move not applied yet), which the phone then
gets.
"""

from __future__ import annotations

import flet as ft


class PhoneTexts:
    """The text fields of one component, by a key of the caller's (a seat, a board field's id)."""

    def __init__(self):
        # key -> (the field as last drawn, the value drawn in it, whether that was the phone's text, the
        # app's value then); Flet writes what the phone reports into the field
        self.fields: dict = {}
        self.typed_to: dict = {}  # key -> the app's value (as the field draws it) the last keystroke made
        self.handled: set = set()  # the keys whose change handler ran since their field was drawn
        self._echoed: dict = {}  # key -> whether the value `shown` gave last is the phone's text
        self._app: dict = {}  # key -> the app's value `shown` was given last

    def typed(self, key, value: str) -> None:
        """In a field's change handler: the app's value (as the field draws it) after this keystroke."""
        self.typed_to[key] = value
        self.handled.add(key)

    def shown(self, key, value: str) -> str:
        """What the field drawn now for `key` holds, the app's value being `value`."""
        field, drawn, echoed, app = self.fields.get(key, (None, None, False, None))
        phones = field is not None and (field.value != drawn or echoed)
        ahead = key not in self.handled and value == app  # its handler yet to run, the app's value as drawn
        self._echoed[key] = phones and (self.typed_to.get(key) == value or ahead)
        self._app[key] = value
        return field.value if self._echoed[key] else value

    def drawn(self, key, field: ft.TextField) -> ft.TextField:
        """The field drawn now for `key` (returned), its value from `shown`."""
        self.fields[key] = (field, field.value, self._echoed.pop(key, False), self._app.pop(key, None))
        self.handled.discard(key)
        return field


def use_phone_texts() -> PhoneTexts:
    """A component's PhoneTexts, kept from one render to the next (a hook)."""
    return ft.use_memo(PhoneTexts, [])
