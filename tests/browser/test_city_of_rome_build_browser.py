"""City of Rome: each build recorded during play (the tracker's Build: a space of the city, then the
card), its immediate effect applied, the city on the player's card and on a second phone at the table,
and the end-scoring form opening with the city as built (issue 10: "City of Rome prefill what the
tracker recorded")."""

from tests.browser.harness import App
from tests.browser.test_app_shell_browser import new_city_of_rome


def build(app: App, player: str, space: str, card: str) -> None:
    """Build, the space, the card: three taps."""
    app.click(f"Build ({player})")
    app.find(app.dialog_button(space)).click()
    app.find(app.dialog_button(card)).click()
    app.wait_gone(f"{player} builds")


def test_builds_recorded_during_play_fill_the_city_at_the_end(browser, server):
    app = App(browser, server.url).open()
    new_city_of_rome(app, ["Ada", "Bo", "Cy"], start="Ada")
    app.click("Setup done – start playing")
    app.wait_text("Round 1 of 14")
    app.wait_label("City of Ada: 2 cards: House 2, Vegetable farm")

    # The dialog: the start buildings, a + on every space a card can go (rows and columns counted from
    # the top-left of what it shows: the city and the spaces around it).
    app.click("Build (Ada)")
    app.find(app.dialog_button("Row 3, column 2: build here"))
    app.find(app.dialog_button("Row 2, column 2: House 2, an aqueduct may replace it"))
    app.shot("city-of-rome-build-space-en")
    app.find(app.dialog_button("Swap the start buildings")).click()
    app.find(app.dialog_button("Row 2, column 2: Vegetable farm, an aqueduct may replace it"))  # swapped
    app.find(app.dialog_button("Row 3, column 2: build here")).click()
    app.find(app.dialog_button("Market"))
    assert app.dialog_button("Temple of Juno").count() == 0  # stack IV: not with 3 players
    app.shot("city-of-rome-build-card-en")
    app.find(app.dialog_button("Market")).click()  # under the farm: 1 neighbour, +1 money
    app.wait_label("Money of Ada: 6")
    app.wait_text("Ada built: Market, \\+1 money")

    # A therme says the markers it will carry; an aqueduct replaces a card.
    app.click("Build (Ada)")
    app.find(app.dialog_button("Row 3, column 3: build here")).click()  # beside the market, under the house
    app.find(app.dialog_button("Therme, 2 VP markers")).click()
    app.wait_label("City of Ada: 4 cards: Vegetable farm, House 2, Market, Therme")
    build(app, "Ada", "Row 2, column 2: Vegetable farm, an aqueduct may replace it", "Aqueduct")
    app.wait_text("Ada built: Aqueduct in place of the Vegetable farm")
    app.wait_label("City of Ada: 4 cards: Aqueduct, House 2, Market, Therme")

    # A second phone at the table, in German, sees the city and builds on it.
    path = app.page.url.split(server.url)[1]
    other = App(browser, server.url).open("settings")
    try:
        other.click("Deutsch")
        other.click("Dunkel")
        other.go(path)
        other.wait_label("Stadt von Ada: 4 Karten: Aquädukt, Wohnhaus 2, Markt, Therme")
        other.shot("city-of-rome-build-cities-de-dark")
        other.click("Bauen (Bo)")
        other.find(other.dialog_button("Reihe 1, Spalte 2: hier bauen"))
        other.shot("city-of-rome-build-space-de-dark")
        other.find(other.dialog_button("Reihe 1, Spalte 2: hier bauen")).click()
        other.find(other.dialog_button("Kolosseum"))
        other.shot("city-of-rome-build-card-de-dark")
        other.find(other.dialog_button("Kolosseum")).click()  # over the house: 1 neighbour, 1 more: +2
        other.wait_label("Einflussmarker von Bo: 2")
        other.shot("city-of-rome-build-done-de-dark")
        app.wait_label("City of Bo: 3 cards: Colosseum, House 2, Vegetable farm")  # the first phone is told

        # Final scoring (before the game's end: asked first) opens on a city already there.
        app.click("Final scoring")
        app.click("Final scoring now", dialog=True)
        app.wait_text("The city as Ada built it during play")
        app.wait_label("Row 1, column 1: Aqueduct")
        app.wait_label("Row 2, column 1: Market")
        app.wait_label("Row 2, column 2: Therme (2 VP markers)")
        app.wait_label("Row 3, column 1: Empty")
        app.shot("city-of-rome-built-city-at-the-end-en")
        other.go(path.replace("/play", "/score"))
        other.click("Auslage von Bo", exact=False)
        other.wait_text("Die Stadt, wie Bo sie im Spiel gebaut hat")
        other.wait_label("Reihe 1, Spalte 1: Kolosseum")
        other.shot("city-of-rome-built-city-at-the-end-de-dark")
    finally:
        other.close()
    assert not app.errors and not other.errors
