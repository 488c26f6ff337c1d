"""Table mode in a real browser: two phones (browser contexts) in one City of Rome game.
Every change on one phone shows on the other without a reload (setup ticks, the game clock's pause and
resume, tracker entries, undo,
boards entered in parallel, the result, the saved play); Undo says what it takes back; a save that
fails (the server's files may not grow: "disk full") shows a plain message over the page, keeps the last
saved state on both phones and starts no new game, until a change saved from the other phone clears it;
a reload mid-game resumes exactly."""

from __future__ import annotations

import re
import resource
import sys
from pathlib import Path

import pytest

from tests.browser.harness import App, Server

BENCH = Path(__file__).resolve().parents[2] / "bench"
if str(BENCH) not in sys.path:
    sys.path.insert(0, str(BENCH))

from common import make_game  # noqa: E402

SID = "20250101-120000-rome3"
NAMES = ["Anna", "Ben", "Cleo"]


def disk_full(server, full: bool) -> None:
    """Make the server unable to write any file (EFBIG on every write), or able again."""
    _, hard = resource.prlimit(server.proc.pid, resource.RLIMIT_FSIZE)
    resource.prlimit(server.proc.pid, resource.RLIMIT_FSIZE, (0 if full else hard, hard))


def new_tab(app: App) -> App:
    """The same phone (browser context, its storage) in a new tab: a new session on the server."""
    app.page.close()
    app.page = app.context.new_page()  # nothing leaves this machine: the phone's proxy (harness.PROXY)
    app.page.on("pageerror", lambda e: app.errors.append(str(e)))
    return app


def start_buildings(app: App) -> None:
    """A city nobody built on during play: its two start buildings, there when the board opens."""
    app.wait_label("Row 2, column 2: House 2")
    app.wait_label("Row 2, column 3: Vegetable farm")


@pytest.fixture
def server(tmp_path):
    """A server with a 3-player City of Rome game waiting at its setup checklist."""
    make_game(tmp_path / "data", "city-of-rome", SID, players=3, stage="setup")
    s = Server(tmp_path / "data").start()
    yield s
    s.stop()


def test_two_phones_share_one_game_live(browser, server):
    anna = App(browser, server.url).open(f"game/{SID}/setup")
    ben = App(browser, server.url).open(f"game/{SID}/setup")

    # Setup ticks from both phones: each sees the other's.
    anna.page.get_by_role("checkbox").first.click()
    ben.wait_text("1 of 9 steps done")
    ben.page.get_by_role("checkbox").nth(1).click()
    anna.wait_text("2 of 9 steps done")
    anna.click("Setup done – start playing")
    ben.click("Setup done – start playing")

    # The game clock started with the play and is the game's: paused on one phone, paused on both;
    # resumed on the other, running on both.
    anna.wait_text(r"Game clock \d:\d\d, running")
    ben.wait_text(r"Game clock \d:\d\d, running")
    anna.click("Pause the game clock")
    ben.wait_text(r"Game clock \d:\d\d, paused")
    ben.shot("table-clock-paused")
    ben.click("Resume the game clock")
    anna.wait_text(r"Game clock \d:\d\d, running")

    # Tracker entries travel both ways: each phone taps in its player's sheet, the other's scoreboard follows.
    anna.sheet("Anna")
    anna.click("Money +1 (Anna)")
    anna.close_sheet("Anna")  # back at the scoreboard as it was
    ben.wait_label("Money of Anna: 6")
    ben.sheet("Ben")
    ben.click("Money +1 (Ben)")
    ben.close_sheet("Ben")
    anna.wait_label("Money of Ben: 6")
    anna.shot("table-tracker-anna")

    # Undo names the entry it takes back (Ben's, made on the other phone) and both phones follow.
    undo = anna.find(anna.page.get_by_role("button", name="Undo: Ben", exact=False))
    # the name is the button's label or its text, depending on how Flutter's tree carries it
    assert "Money +1" in (undo.get_attribute("aria-label") or undo.text_content() or "")
    undo.click()
    anna.wait_text("Undone: Ben")
    ben.wait_label("Money of Ben: 5")
    anna.wait_label("Money of Ben: 5")

    # A save that fails: a plain message floating over the sheet (nothing under it moves), and the last
    # saved state on both phones; a new game is not started, and the phone's session lives on.
    anna.sheet("Anna")
    card = anna.box(anna.text(re.escape("Money of Anna: 6")))
    disk_full(server, True)
    try:
        anna.click("Money +1 (Anna)")
        anna.wait_text("Not saved: the file would be larger than this system allows. The game is as it was before")
        anna.shot("table-save-failed")
        assert anna.box(anna.text(re.escape("Money of Anna: 6"))) == card
        ben.wait_label("Money of Anna: 6")
        ben.go("new")
        ben.click("2 players")
        ben.fill("Player 1", "Ida")
        ben.fill("Player 2", "Jon")
        ben.press(ben.page.get_by_role("radio", name="Ida"))
        ben.click("Start game")
        ben.wait_text("Not saved: the file would be larger than this system allows. The game was not started")
        ben.shot("table-new-game-not-saved")
    finally:
        disk_full(server, False)
    # The next change saved, from the other phone: every phone shows it, and "Not saved" is gone.
    ben.go(f"game/{SID}/play")
    ben.sheet("Anna")
    ben.click("Money +1 (Anna)")
    ben.close_sheet("Anna")
    anna.wait_label("Money of Anna: 7")  # in Anna's sheet, still open on her phone
    assert anna.wait_gone("Not saved")
    anna.close_sheet("Anna")

    # A reload mid-game resumes exactly.
    ben.open(f"game/{SID}/play")
    ben.wait_label("Money of Anna: 7")
    ben.wait_label("Money of Ben: 5")

    # This phone is Ben's: his row says so, and final scoring opens on his board.
    ben.click("Which player is this phone?")
    ben.click("Ben")
    ben.close_sheet("Ben")  # his own sheet opened
    ben.wait_label("This phone is Ben's")
    ben.shot("table-tracker-ben-first")
    # The browser keeps it: a new tab on Ben's phone (a new session) knows it is Ben's.
    new_tab(ben).open(f"game/{SID}/play")
    ben.wait_label("This phone is Ben's")

    # End scoring in parallel: each phone enters a board; both see how many are in.
    anna.menu("Final scoring")
    anna.wait_text("The tracker says: Round 1 of 14")  # the game isn't over yet: asked first
    anna.shot("table-not-over-yet")
    anna.click("Final scoring now")
    anna.wait_text("0 of 3 boards entered")
    ben.menu("Final scoring")  # not asked again: final scoring has begun at this table
    ben.wait_label("Money +1 (Ben)")  # Ben's board is the one open on his phone
    start_buildings(ben)
    ben.click("Ben's board is entered")
    anna.wait_text("1 of 3 boards entered")
    start_buildings(anna)
    anna.click("Anna's board is entered")
    ben.wait_text("2 of 3 boards entered")
    anna.wait_label("Board of Cleo")
    start_buildings(anna)
    anna.shot("table-score-anna")
    anna.click("Cleo's board is entered")  # the last board confirmed: the result, with no Calculate
    # The results appear on both phones.
    anna.wait_text("Winner")
    ben.wait_text("Winner")
    ben.shot("table-results-ben")

    # Anna confirms; Ben's phone learns that the game is saved and where to see it.
    anna.click("Confirm and save")
    ben.wait_text("This game is finished")
    ben.click("See the result")
    ben.wait_text("Winner")
    assert not anna.errors and not ben.errors
