"""The new-game screen asks each game's start-player question instead of defaulting to player 1 or a
draw: City of Rome "Who is the oldest?" with the names as answers (no game before an answer);
Milestones, whose rules draw the start player, has the draw chosen."""

from tests.browser.harness import App


def test_the_start_player_follows_the_rulebook(browser, server):
    app = App(browser, server.url).open()
    app.click("New game")
    app.click("City of Rome")
    app.click("3 players")
    for number, name in enumerate(["Anna", "Ben", "Carla"], 1):
        app.fill(f"Player {number}", name)
    app.wait_text("Who is the oldest\\? The oldest player starts.")
    assert not app.page.get_by_role("radio", name="Anna").is_checked()
    app.click("Start game")
    app.wait_text("Choose the start player first: Who is the oldest\\?")
    app.shot("new-game-en-start-question")
    app.press(app.page.get_by_role("radio", name="Ben"))
    app.click("Start game")
    app.wait_text("Ben is the start player")
    app.click("Back")
    app.wait_text("Games in progress")

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
    assert not app.errors
