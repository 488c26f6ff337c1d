"""A board editor's typed numbers (companion/ui/boards/drafts.py), render by render. `Editor` stands in for
the component (its hooks stood in for by tests/hooks.py), and each render makes a new
`Drafts` for the board and revision the screen handed it, as the editors do. `Field` stands in for the
field drawn: Flet writes what the phone reports into it before that keystroke's change handler runs."""

import pytest

from companion.ui.boards.drafts import Drafts
from tests.hooks import Hooks


class Field:
    def __init__(self, value):
        self.value = value


class Editor(Hooks):
    def draw(self, revision: int, board: int) -> tuple[Drafts, Field]:
        """The editor drawn for the game at `revision`, its track at `board`."""
        self.at = 0
        drafts = Drafts(0, revision)
        return drafts, drafts.drawn("track", Field(drafts.shown("track", board)))


@pytest.fixture
def editor(monkeypatch):
    return Editor(monkeypatch)


def test_a_number_whose_move_is_saved_is_drawn_as_typed_until_the_saved_board_is(editor):
    """The editor is drawn again for its own state at the save, now and then before the screen hands it
    the saved board: drawn as the board was then, the phone (showing "12") was sent 7."""
    sent = []

    def commit(key, value, then):
        sent.append((value, then))
    drafts, field = editor.draw(3, 7)
    field.value = "1x"
    drafts.keystroke("track", "1x", None, 7, commit)
    drafts, field = editor.draw(3, 7)
    assert field.value == "1x" and drafts.get("track") == "1x"
    field.value = "1"
    drafts.keystroke("track", "1", 1, 7, commit)
    field.value = "12"
    drafts.keystroke("track", "12", 12, 7, commit)
    assert [value for value, _ in sent] == [1, 12]
    sent[0][1](type("Saved", (), {"revision": 4})())
    sent[1][1](type("Saved", (), {"revision": 5})())
    drafts, field = editor.draw(3, 7)  # its own state drawn, the screen's board not handed down yet
    assert field.value == "12"
    drafts, field = editor.draw(4, 1)  # the screen one save behind
    assert field.value == "12"
    drafts, field = editor.draw(5, 12)
    assert field.value == "12"
    drafts, field = editor.draw(6, 9)  # another phone's number, later
    assert field.value == "9"


def test_a_number_typed_back_to_the_boards_own_while_another_is_on_its_way_goes_too(editor):
    """"12", "1", "12" faster than the round trip: both keystrokes' handlers drew the board at 12, but the
    board is on its way to 1."""
    sent = []
    drafts, field = editor.draw(5, 12)
    field.value = "1"
    drafts.keystroke("track", "1", 1, 12, lambda key, value, then: sent.append(value))
    field.value = "12"
    drafts.keystroke("track", "12", 12, 12, lambda key, value, then: sent.append(value))
    assert sent == [1, 12]
    drafts, field = editor.draw(6, 1)  # the board at 1, the move for 12 on its way
    assert field.value == "12"


def test_a_number_typed_as_the_board_has_it_sends_nothing(editor):
    sent = []
    drafts, field = editor.draw(2, 7)
    field.value = "7"
    drafts.keystroke("track", "7", 7, 7, lambda key, value, then: sent.append(value))
    assert sent == []
    drafts, field = editor.draw(2, 7)
    assert field.value == "7"
