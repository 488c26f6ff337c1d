"""What a text field draws while its phone types (companion/ui/phone_text.py), and a board editor's typed
field (companion/ui/boards/drafts.py). `Field` stands in for the field the server drew: Flet writes what the
phone reports into it (`report`), before that keystroke's change handler runs (`PhoneTexts.typed`); each
render asks `shown` and draws a new field (`drawn`)."""

from types import SimpleNamespace

from companion.ui.boards import drafts as drafts_module
from companion.ui.boards.drafts import Drafts
from companion.ui.phone_text import PhoneTexts


class Field:
    def __init__(self, value):
        self.value = value


def render(texts: PhoneTexts, key, app_value: str) -> Field:
    return texts.drawn(key, Field(texts.shown(key, app_value)))


def test_a_render_between_keystrokes_draws_what_the_phone_reported_not_the_handlers_older_name():
    texts = PhoneTexts()
    field = render(texts, 0, "")
    field.value = "J"  # the phone's messages, held, come in together: "J", its change, "Ju", ...
    field.value = "Ju"
    texts.typed(0, "J")  # "J"'s handler runs once "Ju" is in
    field = render(texts, 0, "J")
    assert field.value == "Ju"  # not "J": the phone, showing "Jule", would have been sent "J"
    field.value = "Jul"
    field.value = "Jule"
    for name in ("Ju", "Jul", "Jule"):  # the later handlers, each a render behind the phone
        texts.typed(0, name)
        field = render(texts, 0, name)
        assert field.value == "Jule"


def test_a_value_the_app_puts_in_or_changes_is_drawn_as_the_app_has_it():
    texts = PhoneTexts()
    field = render(texts, "track", "7")
    field.value = "12"
    texts.typed("track", "12")
    field = render(texts, "track", "12")
    assert field.value == "12"
    field = render(texts, "track", "5")  # another phone's edit
    assert field.value == "5"
    field = render(texts, "track", "12")  # taken back to what this phone typed: drawn as the app has it
    assert field.value == "12"
    assert render(texts, "name", "Anna").value == "Anna"  # never typed in: the app's


def test_a_keystroke_whose_move_is_not_applied_yet_draws_the_app_value_then_the_phones_text():
    """A number typed after a draft: the draft goes at once, the move a moment later. Meanwhile the field
    draws the board's value; once the move is in, the phone's text (typed on meanwhile), never the
    board's value as of the earlier keystroke."""
    texts = PhoneTexts()
    field = render(texts, "track", "1x")  # a draft, said to be no number
    field.value = "12"
    texts.typed("track", "12")
    field = render(texts, "track", "7")  # the draft forgotten, the move for 12 not applied yet
    assert field.value == "7"
    field.value = "123"  # typed on
    field = render(texts, "track", "12")  # the move for 12 applied
    assert field.value == "123"
    texts.typed("track", "123")
    field = render(texts, "track", "123")
    assert field.value == "123"
    field = render(texts, "track", "7")  # Undo
    assert field.value == "7"


# ------------------------------------------------------------------ a board editor's typed field (Drafts)

class Hooks:
    """Flet's hooks for one component, kept from one Drafts (one render) to the next."""

    def __init__(self):
        self.ref, self.texts, self.redraws = SimpleNamespace(current=None), PhoneTexts(), 0

    def drafts(self, monkeypatch) -> Drafts:
        monkeypatch.setattr(drafts_module.ft, "use_ref", lambda initial: self.ref)
        monkeypatch.setattr(drafts_module.ft, "use_state", lambda initial: (0, self.redraw))
        monkeypatch.setattr(drafts_module, "use_phone_texts", lambda: self.texts)
        return Drafts(0)

    def redraw(self, change) -> None:
        self.redraws += 1


def test_a_number_typed_back_to_the_boards_own_while_one_is_on_its_way_is_sent(monkeypatch):
    """"1x", then "1" (its move on its way, the board still 7), then "7" again: the board would end at 1
    if "7" (the board's number as the render drew it) were taken for nothing to send."""
    hooks, sent = Hooks(), []
    drafts = hooks.drafts(monkeypatch)

    def commit(key, value, then):
        sent.append((value, then))
    drafts.typed("track", "1x", None, 7, commit)
    assert drafts.get("track") == "1x" and drafts.shown("track", 7) == "1x" and sent == []
    drafts.typed("track", "1", 1, 7, commit)
    assert drafts.get("track") is None  # a number: nothing said under the field
    assert drafts.shown("track", 7) == "1"  # on its way: drawn as typed, not as the board still is
    drafts.typed("track", "7", 7, 7, commit)  # the render's board number, with "1" on its way
    assert [value for value, _ in sent] == [1, 7]
    assert drafts.shown("track", 1) == "7"  # "1" saved first: the board as this phone's earlier number made it
    sent[0][1]("saved")  # "1" saved: "7" is still on its way
    assert drafts.shown("track", 1) == "7"
    sent[1][1]("saved")
    assert drafts.shown("track", 7) == "7" and hooks.ref.current == {}
    drafts.typed("track", "7", 7, 7, commit)  # nothing on its way: the board's own number, nothing to send
    assert len(sent) == 2
    drafts.typed("track", "9", 9, 7, commit)  # no text was drawn over the board: drawn from the board
    assert hooks.ref.current == {} and sent[-1][0] == 9
    assert drafts.shown("track", 5) == "5"  # another phone's number: drawn as the board has it
