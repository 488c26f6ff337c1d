"""A game added from the tests alone: Honey Harvest (tests/fifth_game) is registered in the server by
TABULA_PLUGINS, with no edit of the app, and played in a real browser through New game, the setup
checklist, the scoreboard (a player's sheet: the number pad, a stepper, the game's own moves; Undo; the
game's panel; whose turn: Next player and the turn marker; the score sheet; in English and German, light
and dark), the game's end, final scoring
with its own editor (the shared rows of its declared fields: a typed track, steppers, a typing mistake
said in plain words; the table's preference for the track; its hives, a nested part edited with board
moves), the result with its tie-breaker, and History.

The numbers: Anna's honey on the tracker +5 +1, the +1 undone, a harvest with her 2 bees: 7; she builds
a second hive. At the end her track is corrected to 12, 2 flower cards, hive 1 with 3 frames (hive 2
with 1 frame loses its queen): 12 + 2 x 2 + 3 = 19. Ben 16 on the track, his hive with 3 frames, 1 full
jar: 19. Tied on 19: more full jars win, Ben."""

import re

from playwright.sync_api import expect

from tests.browser.harness import App, Server


def in_german(app: App, path: str) -> None:
    """The generic editor in German (the game's labels from its own catalogue), then English again."""
    for lang, back in (("Deutsch", "Zurück"), ("English", "Back")):
        app.go("settings")
        app.click(lang)
        app.go(path)
        app.find(app.button(back))
        if lang == "Deutsch":
            app.wait_text("Die Auslage von Anna am Spielende")
            app.wait_label("Honig auf der Leiste von Anna")
            app.shot("fifth-game-editor-de")
    app.wait_text("Anna's board at the end of the game")


def scoreboard_in_german(app: App, path: str) -> None:
    """The scoreboard and a sheet in German on the dark theme (the game's words from its catalogue), then
    English on the light theme again."""
    app.go("settings")
    app.click("Deutsch")
    app.click("Dunkel")
    app.go(path)
    app.wait_text("Runde 1 von 3")
    app.wait_label("Anna ist am Zug")
    app.shot("fifth-game-scoreboard-de-dark")
    app.sheet("Ben", sheet="Blatt von {player}", close="Blatt von {player} schließen")
    app.shot("fifth-game-sheet-de-dark")
    app.close_sheet("Ben", close="Blatt von {player} schließen")
    app.go("settings")
    app.click("English")
    app.click("Light")
    app.go(path)
    app.wait_label("Anna is on turn")


def last_key_again_held(app: App, box, before: str) -> None:
    """`box` holding `before`: its last key taken back and "2" typed, while the phone's messages wait
    (four of them: each key sends its text, then its change)."""
    app.focus(box)
    expect(box).to_have_value(before)
    app.page.keyboard.press("End")
    app.hold_sending()
    app.page.keyboard.press("Backspace")
    app.page.keyboard.type("2")
    expect(box).to_have_value(before[:-1] + "2")
    assert app.unsent() == 4


def test_a_made_up_game_from_the_tests_plays_through_the_app(browser, tmp_path):
    server = Server(tmp_path / "data", env={"TABULA_PLUGINS": "tests.fifth_game"}).start()
    try:
        app = App(browser, server.url).open()
        sid = app.new_game("Honey Harvest", ["Anna", "Ben"])

        # The setup checklist, from the game's own catalogue.
        app.wait_text("Give each player a hive board and 2 bees.")
        app.press(app.find(app.page.get_by_role("checkbox",
                                                name="2. Shuffle the flower cards and lay 3 of them face up.")))
        app.wait_text("1 of 3 steps done")
        assert app.has_text("3. Anna starts.")
        app.shot("fifth-game-setup-en")
        app.click("Setup done – start playing")

        # The scoreboard: every beekeeper in large type, who is on turn, who started; a tap opens a sheet.
        app.wait_text("Round 1 of 3")
        app.wait_label("Anna is on turn")
        app.shot("fifth-game-scoreboard-en")
        app.sheet("Anna")
        app.click("5")  # the number pad: its digits, then Add
        app.click("Add 5")
        app.wait_label("Honey of Anna: 5")
        app.click("Honey +1 (Anna)")  # a stepper per counter
        app.wait_label("Honey of Anna: 6")
        app.shot("fifth-game-sheet-en")
        app.close_sheet("Anna")
        app.click("Undo: Anna", exact=False)
        app.wait_label("Honey of Anna: 5")
        app.wait_text("Undone: Anna: Honey \\+1")
        app.sheet("Anna")
        app.click("Harvest (Anna)")  # the game's own move, in the sheet: as much honey as she has bees
        app.wait_label("Honey of Anna: 7")
        app.click("New hive (Anna)")
        app.close_sheet("Anna")
        app.wait_text("Anna: 2 of 4")  # the game's panel, under the scoreboard

        # Whose turn: Next player in the thumb slot (an entry, undone like one); the table may say otherwise.
        app.click("Next: Ben")
        app.wait_label("Ben is on turn")
        app.click("Make it Anna's turn")
        app.wait_label("Anna is on turn")
        scoreboard_in_german(app, f"game/{sid}/play")

        # The score sheet: the round's honey per beekeeper, as on a paper pad.
        app.click("Score sheet")
        app.wait_text("Total")
        app.wait_text("Round 1 of 3")
        app.shot("fifth-game-score-sheet-en")
        app.click("Close", dialog=True)

        app.menu("Final scoring")  # before the game's end: asked first
        app.wait_text("The game isn't over yet")
        app.click("Keep playing", dialog=True)
        for round_ in (1, 2, 3):  # one tap each; the last round's end asks first (it ends the game)
            app.wait_text(f"Round {round_} of 3")
            app.click(f"End round {round_}")
        app.click("End round 3", dialog=True)
        app.wait_text("The harvest is over: on to final scoring.")
        app.click("Final scoring")  # the game's end reached: in the thumb slot

        # Final scoring with the generic editor, prefilled from the tracker.
        app.wait_text("Calculate scores")
        app.wait_text("Anna's board at the end of the game")
        box = app.find(app.page.get_by_role("textbox", name="Honey on the track of Anna"))
        app.focus(box)
        assert box.input_value() == "7"
        app.fill("Honey on the track of Anna", "1x")  # a typing mistake, said in plain words ...
        app.wait_text("“1x” is not a whole number")
        app.shot("fifth-game-editor-mistake-en")
        # ... and corrected key by key while the phone's messages wait, sent in two parts: the server gets
        # "1" and its change first (a number again: the message goes, the move for 1 is on its way) and
        # answers; the field keeps "12" as typed (drawn as the board had it meanwhile, or at the save before
        # the saved board was drawn, it took 7 back).
        last_key_again_held(app, box, "1x")
        sent = app.page.evaluate("() => performance.now()")
        app.send_held(2)
        app.page.wait_for_function("sent => window.__tabula.last_received > sent", arg=sent)
        app.wait_gone("is not a whole number")
        assert box.input_value() == "12"
        app.send_held()
        app.click("Flower cards +1 (Anna)")
        app.click("Flower cards +1 (Anna)")
        app.wait_label("Flower cards of Anna: 2")
        # Typed back to the board's number faster than the round trip: "12", "1", "12". The server hears
        # both keystrokes before it draws the board at 1; the second, drawn 12 by its handler's render,
        # must still go (taken for nothing to send, the board stayed at 1 and the field then showed 1).
        last_key_again_held(app, box, "12")
        app.send_held()
        app.click("Flower cards +1 (Anna)")  # answered after both keystrokes' moves (a tab's go in order)
        app.wait_label("Flower cards of Anna: 3")
        assert box.input_value() == "12"
        app.click("Flower cards -1 (Anna)")
        app.wait_label("Flower cards of Anna: 2")
        # The hives, as built during play: frames counted, one queen lost.
        for _ in range(3):
            app.click("Honey frames in hive 1 +1 (Anna)")
        app.click("Honey frames in hive 2 +1 (Anna)")
        app.wait_label("Honey frames in hive 1 of Anna: 3")
        app.press(app.find(app.page.get_by_role("switch", name="Queen").nth(1)))
        app.shot("fifth-game-editor-en")
        # The table's preference: the track with -/+ (kept for the next game), then typed again.
        app.click("With − and +")
        app.click("Honey on the track +1 (Anna)")
        app.wait_label("Honey on the track of Anna: 13")
        app.click("Honey on the track -1 (Anna)")
        app.click("Typed")
        app.find(app.page.get_by_role("textbox", name="Honey on the track of Anna"))
        app.click("Anna's board is entered")  # confirmed: on to Ben's, the next board not entered
        app.wait_text("1 of 2 boards entered")
        # Typed key by key while the phone's messages wait, then sent in two parts: each keystroke sends the
        # field's text, then its change event; the server gets "1", its change and "16" first, and
        # answers. The field keeps "16" (a render of the board as of "1" once sent "1" back), and 16 is saved.
        box = app.find(app.page.get_by_role("textbox", name="Honey on the track of Ben"))
        app.focus(box)
        app.page.keyboard.press("Control+A")
        app.hold_sending()
        app.page.keyboard.type("16")
        expect(box).to_have_value("16")
        assert app.unsent() == 4
        sent = app.page.evaluate("() => performance.now()")
        app.send_held(3)
        app.page.wait_for_function("sent => window.__tabula.last_received > sent", arg=sent)
        app.frames(2)
        assert box.input_value() == "16"
        app.send_held()  # "16"'s change: nothing more to save (the score below is counted with 16)
        app.click("Full jars +1 (Ben)")
        app.wait_label("Full jars of Ben: 1")
        assert box.input_value() == "16"
        for _ in range(4):
            app.click("Honey frames in hive 1 +1 (Ben)")
        app.wait_label("Honey frames in hive 1 of Ben: 4")
        # Undo on final scoring, named for the last edit; one too many frames taken back.
        app.click("Undo: Ben: hive 1, honey frames +1, now 4")
        app.wait_label("Honey frames in hive 1 of Ben: 3")
        app.wait_text("Undone: Ben: hive 1, honey frames \\+1, now 4")
        in_german(app, f"game/{sid}/score")
        # Ben's board is not confirmed yet: Calculate scores nothing and says whose board it is.
        app.click("Calculate scores")
        app.wait_text("The board of Ben is not confirmed yet")
        app.shot("fifth-game-not-entered-en")
        app.click("Open Ben's board", dialog=True)
        app.wait_text("Not calculated yet: the board of Ben is not confirmed.")
        assert not app.has_text("Winner", timeout=1000)
        app.click("Ben's board is entered")

        # The result: tied on 16, the jars decide.
        app.wait_text("Winner: Ben")
        app.wait_text("1. Ben: 19 points")
        app.wait_text("2. Anna: 19 points")
        assert app.has_text("2 flower cards × 2")
        assert app.has_text("3 frames of honey in 1 hive with their queen")
        assert app.has_text("1 full jar")
        app.shot("fifth-game-result-en")
        app.click("Confirm and save")
        app.page.wait_for_url(re.compile(r"/history/[^/]+$"))
        app.wait_text("Finished play")
        app.wait_text("Winner: Ben")

        # History lists the play under the game's name.
        app.click("Back")
        app.wait_text("^1 play$")
        app.wait_text("Honey Harvest ·")
        app.shot("fifth-game-history-en")
        assert not app.errors
    finally:
        server.stop()
