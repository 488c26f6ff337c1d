"""The app shell in English: new game with each rulebook's start-player question (City of Rome asks who
is the oldest, Milestones draws), earlier names and fixed 2-player colours, the setup and tracker
screens, dark theme, discarding a game in progress, and a server killed with SIGKILL mid-game that comes
back exactly."""

import json
import re
from pathlib import Path

from playwright.sync_api import expect

from tests.browser.harness import App, Server


def saved_names(data: Path, url: str) -> list[str]:
    """The names the game at `url` (/game/<id>/...) was saved with, read from its file."""
    sid = re.search(r"/game/([^/]+)/", url).group(1)
    game = json.loads((data / "live" / f"{sid}.json").read_text(encoding="utf-8"))["session"]["1"]
    return [p["name"] for p in game["config"]["players"]]


def new_city_of_rome(app: App, names: list[str], start: str | None = None) -> None:
    # The rule's question (who is the oldest?) has no default answer: new_game answers it.
    app.new_game("City of Rome", names, start)
    app.find(app.button("Setup done – start playing"))  # the setup screen is there


def test_kill_minus_nine_mid_game_brings_back_every_entry(browser, tmp_path):
    server = Server(tmp_path / "data").start()
    try:
        app = App(browser, server.url).open()
        app.shot("home-en-empty")
        new_city_of_rome(app, ["Dora", "Emil", "Finn", "Gabi"], start="Emil")
        app.wait_text("Emil is the start player")
        app.wait_text("lay out stacks I, II, III, IV face down")
        app.wait_text("Order of picking: Dora, Gabi, Finn, Emil")
        app.shot("setup-en")
        app.click("Setup done – start playing")
        app.wait_text("Round 1 of 14")
        app.sheet("Finn")  # a tap on Finn's row: his sheet
        app.click("Money of Finn: 5. Type a number for Money of Finn")  # the number pad, for his money
        app.click("3")
        app.click("Add 3")
        app.wait_label("Money of Finn: 8")
        app.close_sheet("Finn")
        app.sheet("Gabi")
        app.click("Influence tokens +1 (Gabi)")  # a stepper
        app.close_sheet("Gabi")
        app.wait_label("Influence tokens of Gabi: 1")  # the scoreboard follows
        app.click("End round 1")  # the game's next step, in the thumb slot: one tap, no question
        app.wait_text("Round 2 of 14")
        app.wait_label("Money of Finn: 8")  # 5 + 3
        app.shot("play-en")
        server.kill()  # SIGKILL: no chance to flush anything that was not already on disk
        app.close()

        server = Server(tmp_path / "data")
        server.start()
        app = App(browser, server.url).open()
        app.wait_text("Games in progress")
        app.shot("home-en-resume")
        app.press(app.find(app.page.get_by_role("button", name=re.compile(r"^City of Rome"))))
        app.wait_text("Round 2 of 14")
        app.wait_text("Start player: Finn")
        app.wait_label("Money of Finn: 8")
        app.wait_label("Influence tokens of Gabi: 1")
        # Undo still reaches back over the restart.
        app.click("Undo: ", exact=False)  # named for the entry it takes back (the round's end)
        app.wait_text("Round 1 of 14")
        app.click("Redo: ", exact=False)
        app.wait_text("Round 2 of 14")
        assert not app.errors
    finally:
        server.stop()


def test_start_player_earlier_names_two_player_colours_dark_theme_and_discarding(browser, server):
    app = App(browser, server.url).open()
    # The rulebook's start-player question, not a default: City of Rome asks who is the oldest, with the
    # names as answers, and starts no game before an answer.
    app.click("New game")
    app.click("City of Rome")
    app.click("3 players")
    # Typed at full speed while the phone's messages wait, then sent together: a name is saved as typed
    # (a keystroke's handler from a render before the last keystroke once kept "Be" for "Ben").
    boxes = [app.find(app.page.get_by_role("textbox", name=f"Player {number}")) for number in (1, 2, 3)]
    app.hold_sending()
    for box, name in zip(boxes, ["Hanna", "Ivo", "Jule"]):
        app.focus(box)
        app.page.keyboard.type(name)
        expect(box).to_have_value(name)
    assert app.unsent() == 2 * len("HannaIvoJule")  # each key: the text, then its change
    # Each keystroke sends the field's value, then its change event. The server first gets them up to
    # Jule's "J" without its change, and draws the names Ivo's changes made: the third field keeps "Jule"
    # (its "J" was sent back as "" once: the text had come, its handler had not run), the third answer
    # is "J".
    app.send_held(app.unsent() - 7)
    app.find(app.page.get_by_role("radio", name="J", exact=True))
    assert boxes[2].input_value() == "Jule"
    # Then "J"'s change and the value "Ju" after it: the field keeps "Jule", as typed (a render of the
    # name as of "J" once sent "J" back, and the renders after the other keystrokes found nothing to send).
    app.send_held(2)
    app.find(app.page.get_by_role("radio", name=re.compile("^Ju?$")))
    assert boxes[2].input_value() == "Jule"
    app.send_held()
    for name in ("Hanna", "Ivo", "Jule"):  # the start player's answers are the names as typed
        app.find(app.page.get_by_role("radio", name=name))
    assert [box.input_value() for box in boxes] == ["Hanna", "Ivo", "Jule"]
    app.wait_text("Who is the oldest\\? The oldest player starts.")
    assert not app.page.get_by_role("radio", name="Hanna").is_checked()
    app.click("Start game")
    app.wait_text("Choose the start player first: Who is the oldest\\?")
    app.shot("new-game-en-start-question")
    # The answer and Start game tapped at once, both on their way when the server hears the answer: the
    # note going must leave Start game the button that was tapped (a button built anew would leave the
    # tap naming one the server no longer has, and Flet drops it without a word).
    app.hold_sending()
    app.press(app.page.get_by_role("radio", name="Jule"))
    app.find(app.button("Start game")).click()
    app.page.wait_for_function("() => window.__tabula.unsent.length >= 2")
    app.send_held()
    app.wait_text("Jule is the start player")
    assert saved_names(server.data_dir, app.page.url) == ["Hanna", "Ivo", "Jule"]
    app.click("Back")
    app.wait_text("Games in progress")
    # The second game offers the names entered before; 2 players must be white and brown.
    app.click("New game")
    app.click("2 players")
    assert app.has_text("Earlier players:")
    app.click("Ivo")
    app.click("Hanna")
    app.find(app.button("Colour brown for player 2"))  # the 2-player colours are drawn
    assert app.button("Colour white for player 1").count() == 1
    assert app.button("Colour brown for player 2").count() == 1
    assert app.button("Colour violet for player 1").count() == 0
    app.shot("new-game-en-2p")
    app.click("Start game")
    app.wait_text("Choose the start player first")
    # A phone a round trip behind: the oldest chosen, and Start game tapped while the phone still draws the
    # note, whose going the server has drawn already. The note comes and goes above the same button: the
    # tap names a button the server still has (built anew, it would be dropped without a word).
    app.hold()
    app.press(app.page.get_by_role("radio", name="Ivo"))
    app.page.wait_for_function("() => window.__tabula.held.length > 0")
    assert app.has_text("Choose the start player first", timeout=2000)
    app.find(app.button("Start game")).click()
    app.release()
    app.wait_text("Ivo plays white, Hanna brown")  # the colours the app gave them, not "picks a colour"
    app.wait_text("lay out stacks I, II face down")
    app.wait_text("influence cards 4, 8, 14")
    app.click("Back")
    app.click("Settings")
    app.click("Dark")
    app.shot("settings-en-dark")
    app.click("Back")
    app.shot("home-en-dark")
    # Milestones' rules draw the start player: the draw is chosen.
    app.click("New game")
    app.click("Milestones")
    app.click("2 players")
    app.fill("Player 1", "Dora")
    app.fill("Player 2", "Emil")
    drawn = app.page.get_by_role("radio", name="Draw at random (as the rules say)")
    app.find(drawn)
    assert drawn.is_checked()
    app.click("Start game")
    app.wait_text("The app drew (Dora|Emil) as start player")
    app.click("Back")

    # A game in progress is discarded only after the question is answered.
    app.click("Discard City of Rome (Ivo, Hanna)")
    app.wait_text("Discard this game?")
    app.shot("home-en-discard")
    app.click("Cancel")
    assert app.has_text("Ivo, Hanna")
    for game in ("City of Rome (Ivo, Hanna)", "City of Rome (Hanna, Ivo, Jule)", "Milestones (Dora, Emil)"):
        app.click(f"Discard {game}")
        app.click("Discard")
    app.wait_text("No game in progress.")
    assert not list((server.data_dir / "live").glob("*.json"))
    assert not app.errors
