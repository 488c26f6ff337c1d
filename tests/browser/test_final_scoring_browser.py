"""Final scoring as a table goes through it (issue 39), two City of Rome games of 3 players in one tab:
a number set on the number pad the play screen has ("Set to 17"), read back from the game's file; after
"Anna's board is entered" Ben's board opens at its top with his name in view, wherever the page was
scrolled; and the next game's final scoring starts with the palette's first card in hand, not the card
picked in the game before."""

from __future__ import annotations

import pytest

from companion.core.game import Game, make_config
from companion.games import GAMES
from companion.storage import Repository
from tests.browser.harness import PHONE, App, Server

SIDS = ("20250101-120000-final-a", "20250101-120000-final-b")
SELECTED_JS = """() => Array.from(document.querySelectorAll(
    'flt-semantics[aria-selected=true], flt-semantics[aria-current=true], flt-semantics[aria-checked=true]'))
  .map(e => e.getAttribute('aria-label') || e.textContent)"""


@pytest.fixture
def server(tmp_path):
    repo, definition = Repository(tmp_path / "data", GAMES), GAMES["city-of-rome"]
    config = make_config(definition, [{"name": n, "colour": c} for n, c in zip(("Anna", "Ben", "Cleo"), definition.colours_for(3))], 0)
    for sid in SIDS:
        repo.save(Game(sid, definition, config, stage="scoring"))
    del repo
    s = Server(tmp_path / "data").start()
    yield s
    s.stop()


def saved_money(server: Server, sid: str, seat: int) -> int:
    board = Repository(server.data_dir, GAMES, read_only=True).game(sid).board
    return board["players"][seat]["money"]


IN_VIEW_JS = """(text) => Array.from(document.querySelectorAll('flt-semantics span, flt-semantics'))
  .some(e => e.textContent === text && e.getBoundingClientRect().top >= 0
             && e.getBoundingClientRect().bottom <= innerHeight)"""


def in_view(app: App, text: str) -> bool:
    """Whether `text` is on screen now, wholly inside the viewport (Flutter's tree also holds nodes near it)."""
    return app.page.evaluate(IN_VIEW_JS, text)


def test_a_board_opens_at_its_top_a_number_goes_in_on_the_pad_and_a_game_starts_afresh(browser, server):
    app = App(browser, server.url).open(f"game/{SIDS[0]}/score")
    app.wait_text("^Board of Anna$")
    app.into_view(app.find(app.button("Market")))  # the palette, under the city
    assert app.page.evaluate(SELECTED_JS).count("House 2") == 1  # the palette's first card in hand
    app.click("Market")  # another card in hand, for this game
    app.page.wait_for_function(f"() => ({SELECTED_JS})().includes('Market')")

    # Anna's money on the number pad: her 5 set to 17, in three taps after the pad's button.
    app.click("Number pad for Money of Anna")
    app.wait_label("To set Money of Anna to: 0")
    app.shot("final-scoring-pad-en")
    for key in ("1", "7", "Set to 17"):
        app.click(key)
    app.wait_label("Money of Anna: 17")
    assert saved_money(server, SIDS[0], 0) == 17

    # Scrolled down to the end of Anna's board, her board confirmed: Ben's opens at its top.
    app.turn_wheel(PHONE["height"] * 0.6, 4)
    app.idle()
    assert not in_view(app, "Board of Anna")  # the page was scrolled: the board's top out of sight
    app.click("Anna's board is entered")
    app.wait_text("^Board of Ben$")
    app.page.wait_for_function(IN_VIEW_JS, arg="Board of Ben")
    app.shot("final-scoring-next-board-en")

    # The next game: its own palette, the first card in hand again.
    app.go(f"game/{SIDS[1]}/score")
    app.wait_text("^Board of Anna$")
    app.wait_label("Money of Anna: 5")
    app.into_view(app.find(app.button("Market")))
    chosen = app.page.evaluate(SELECTED_JS)
    assert "Market" not in chosen and chosen.count("House 2") == 1, chosen
    assert not app.errors
