"""An undo or a board tap acts on what *that* phone showed. Two phones in one City of Rome game; Ben's
phone is slow: the server's messages to it are held (hold/release in the harness), so it shows an
older game than the server has drawn for it.
- Undo from the slow phone takes back only the entry its button showed: after Anna's two entries it
  takes back nothing and says what Undo would take back now; the same after Anna undid Ben's entry and
  made her own in its place (ABA).
- Board taps count, every one: ten -/+ taps at machine speed from one phone, then ten from each of two
  phones on the same field.
- A board is confirmed as the phone showed it: the slow phone's "Anna's board is entered", tapped after
  Anna changed her board, is refused; a number typed and the board confirmed within one round trip on
  one phone is that phone's own, and its board is entered with it."""

from __future__ import annotations

import re

import pytest

from tests.browser.harness import App, Server
from tests.browser.test_table_mode_browser import SID

from common import make_game  # noqa: E402  (bench/ is on the path: test_table_mode_browser puts it there)


@pytest.fixture
def server(tmp_path):
    make_game(tmp_path / "data", "city-of-rome", SID, players=3)
    s = Server(tmp_path / "data").start()
    yield s
    s.stop()


def undo_button(app: App, who: str):
    return app.find(app.page.get_by_role("button", name=re.compile(f"^Undo: {who}")))


def money(app: App, who: str, times: int = 1) -> None:
    """Money +1 for `who` in their sheet, `times` times, back at the scoreboard."""
    app.sheet(who)
    for _ in range(times):
        app.click(f"Money +1 ({who})")
    app.close_sheet(who)


def test_undo_and_board_taps_act_on_what_the_phone_showed(browser, server):
    anna = App(browser, server.url).open(f"game/{SID}/play")
    ben = App(browser, server.url).open(f"game/{SID}/play")

    # Ben's entry; then his phone falls behind while Anna enters twice.
    money(ben, "Ben")
    anna.wait_label("Money of Ben: 6")
    undo_button(ben, "Ben")
    ben.hold()
    money(anna, "Anna", times=2)
    anna.wait_label("Money of Anna: 7")
    undo_button(ben, "Ben").click()  # Ben's phone still says "Undo: Ben: Money +1"
    anna.wait_label("Money of Anna: 7")
    ben.release()
    ben.wait_text("Not undone: the game changed on another phone. Undo would now take back: Anna: Money")
    ben.wait_label("Money of Anna: 7")
    ben.wait_label("Money of Ben: 6")
    ben.shot("undo-behind-refused")
    anna.wait_label("Money of Ben: 6")

    # ABA: Anna takes back her entries and Ben's, then enters in its place; Ben's phone, behind again,
    # still offers to undo his own entry: refused, Anna's entry stays.
    for who in ("Anna", "Anna", "Ben"):
        undo_button(anna, who)
        anna.press(undo_button(anna, who))
    anna.wait_label("Money of Ben: 5")
    ben.wait_label("Money of Ben: 5")
    money(ben, "Ben")
    anna.wait_label("Money of Ben: 6")
    undo_button(ben, "Ben")
    ben.hold()
    anna.press(undo_button(anna, "Ben"))
    money(anna, "Anna")
    anna.wait_label("Money of Anna: 6")
    undo_button(ben, "Ben").click()
    ben.release()
    ben.wait_text("Not undone: the game changed on another phone. Undo would now take back: Anna: Money")
    anna.wait_label("Money of Anna: 6")
    anna.wait_label("Money of Ben: 5")
    ben.wait_label("Money of Anna: 6")

    # Final scoring: board taps at machine speed all count.
    anna.menu("Final scoring")
    anna.click("Final scoring now")
    ben.go(f"game/{SID}/score")
    plus = anna.find(anna.button("Money +1 (Anna)"))
    anna.into_view(plus)
    for _ in range(10):
        plus.click()  # no wait: the phone has not redrawn between taps
    anna.wait_label("Money of Anna: 16")
    ben.click("Board of Anna")
    plus_on_ben = ben.find(ben.button("Money +1 (Anna)"))
    ben.into_view(plus_on_ben)
    for _ in range(10):
        plus.click()
        plus_on_ben.click()
    anna.wait_label("Money of Anna: 36")
    ben.wait_label("Money of Anna: 36")

    # Ben's phone, behind again, confirms Anna's board as it shows it (money 36) after Anna made it 37:
    # refused, her board stays not entered; confirmed again as it is now, it is entered.
    entered = ben.find(ben.button("Anna's board is entered"))
    ben.hold()
    plus.click()
    anna.wait_label("Money of Anna: 37")
    entered.click()
    ben.release()
    ben.wait_text("Not confirmed: Anna's board changed after this phone showed it")
    ben.shot("board-confirm-behind-refused")
    ben.wait_label("Money of Anna: 37")
    anna.wait_text("0 of 3 boards entered")
    ben.click("Anna's board is entered")
    anna.wait_text("1 of 3 boards entered")
    # Anna's own number typed, and her board confirmed, within one round trip: her tap's render did not
    # have the number yet, but it was her phone's: entered, with it.
    anna.click("Board of Ben")
    anna.fill_and_tap_held("Money", "9", "Ben's board is entered")
    anna.send_held()
    ben.wait_text("2 of 3 boards entered")
    ben.click("Board of Ben")
    ben.wait_label("Money of Ben: 9")
    assert not anna.errors and not ben.errors


def test_undo_far_behind_says_why_and_undo_and_redo_keep_their_places(browser, server):
    """A phone six entries behind taps the Undo it shows: refused with words, like one entry behind (its
    button was replaced long ago: its late tap still counts). Then Undo twice on one spot takes back two
    entries: Redo appears beside Undo, never in its place."""
    anna = App(browser, server.url).open(f"game/{SID}/play")
    ben = App(browser, server.url).open(f"game/{SID}/play")
    money(ben, "Ben")
    anna.wait_label("Money of Ben: 6")
    undo_button(ben, "Ben")
    ben.hold()
    money(anna, "Anna", times=6)
    anna.wait_label("Money of Anna: 11")
    undo_button(ben, "Ben").click()
    ben.release()
    ben.wait_text("Not undone: the game changed on another phone. Undo would now take back: Anna: Money")
    anna.wait_label("Money of Anna: 11")
    ben.wait_label("Money of Ben: 6")

    first = undo_button(anna, "Anna")
    place = anna.box(first)
    redo = anna.find(anna.button("Redo"))  # there before anything can be redone, not to be tapped yet
    assert redo.is_disabled()
    anna.page.mouse.click(place["x"] + place["width"] / 2, place["y"] + place["height"] / 2)
    anna.wait_label("Money of Anna: 10")
    anna.find(anna.page.get_by_role("button", name=re.compile("^Redo: Anna")))
    assert anna.box(undo_button(anna, "Anna")) == place  # Undo where it was, Redo beside it
    anna.page.mouse.click(place["x"] + place["width"] / 2, place["y"] + place["height"] / 2)
    anna.wait_label("Money of Anna: 9")  # undone again, not redone
    assert not anna.errors and not ben.errors
