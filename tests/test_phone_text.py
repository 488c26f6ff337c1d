"""What a text field draws while its phone types (companion/ui/phone_text.py). `Field` stands in for the
field the server drew: Flet writes what the phone reports into it (`report`), before that keystroke's
change handler runs (`PhoneTexts.typed`); each render asks `shown` and draws a new field (`drawn`)."""

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


def test_a_keystrokes_text_drawn_before_its_handler_ran_stays_as_the_phone_shows_it():
    """A render between a keystroke's text and its change event (one made for another field's keystroke,
    or another phone's entry): the field draws what the phone shows, until the handler has run."""
    texts = PhoneTexts()
    field = render(texts, "name", "")
    field.value = "J"  # the first keystroke's text; its change not heard yet
    for _ in range(2):  # renders for other reasons
        field = render(texts, "name", "")
        assert field.value == "J"  # not "": the phone would lose its "J"
    field.value = "Ju"
    texts.typed("name", "J")
    field = render(texts, "name", "J")
    assert field.value == "Ju"


def test_a_keystrokes_text_ahead_of_its_handler_gives_way_to_another_phones_value():
    texts = PhoneTexts()
    field = render(texts, "track", "7")
    field.value = "71"  # typed, its change not heard yet
    field = render(texts, "track", "5")  # another phone's edit came first
    assert field.value == "5"
    texts.typed("track", "71")  # the keystroke's handler: refused, the board keeps 5
    assert render(texts, "track", "5").value == "5"
