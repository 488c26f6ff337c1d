"""Carpe Diem's scoring period in a real browser: a player pays coins in place of wares he holds on a
red card ("Any wares can be replaced by coins"), and the counters follow the table."""

from companion.core.game import Game, make_config
from companion.games import GAMES
from companion.storage.repository import Repository
from tests.browser.harness import App, Server

HERBS_2 = {"letter": "A", "mode": "pay", "requirement": {"herbs": 2}, "reward": {"vp": 4}}
CHIMNEYS_3 = {"letter": "C", "mode": "own", "requirement": {"chimneys": 3}, "reward": {"coins": 1, "steps": 1}}
SID = "20250101-120000-c01n5"


def game_at_the_first_scoring(data) -> None:
    """Anna and Ben; Ben (top of the banderole stack) scores first, with 4 herbs and 3 coins. Circle 1
    lies between "pay 2 herbs -> 4 VP" (space 2) and "per 3 chimneys" (space 5, unmet); every other
    space holds a chimneys card too, so circle 1 is the advisor's."""
    definition = GAMES["carpe-diem"]
    config = make_config(definition, [{"name": "Anna", "colour": "red"}, {"name": "Ben", "colour": "blue"}], 0)
    game = Game(SID, definition, config)
    game.setup_done = [step.id for step in definition.rules.setup_checklist(config)]
    game.stage = "play"
    for space, card in zip((2, 4, 5, 6, 7, 8, 9, 11), [HERBS_2] + [CHIMNEYS_3] * 7):
        game.record({"type": "set_card", "space": space, "card": card})
    for counter, delta in (("herbs", 4), ("coins", 3)):
        game.record({"type": "adjust", "player": 1, "counter": counter, "delta": delta})
    for _ in range(7):
        game.record({"type": "end_round"})
    Repository(data, GAMES).save(game)


def test_coins_in_place_of_a_ware_on_a_red_card(browser, tmp_path):
    game_at_the_first_scoring(tmp_path / "data")
    server = Server(tmp_path / "data").start()
    try:
        app = App(browser, server.url).open(f"/game/{SID}/play")
        app.click("Ben: place a disc")  # the scoring period's step, in the thumb slot
        # The advisor's choice at circle 1: 3 sets of herbs (4 herbs and 2 coins), 12 - 4 = +8 VP.
        app.wait_text("Coins in place of wares")
        app.wait_label("Card 2: Herbs paid with coins of Ben: 2")
        # At the table Ben paid one more herb with a coin and kept that herb.
        app.click("Card 2: Herbs paid with coins +1 (Ben)")
        app.wait_label("Card 2: Herbs paid with coins of Ben: 3")
        app.wait_text("Paid so: storage Herbs -3, Coins -3; left: 1 herb")
        app.shot("carpe-diem-coins-for-wares")
        app.click("Place disc on circle 1 for Ben (+8 VP)")
        app.wait_label("Wares of Ben: 1")  # the herb he kept
        app.wait_label("Coins of Ben: 0")
        app.wait_label("Anna is on turn")  # next on the banderole bar
        assert not app.errors
    finally:
        server.stop()
