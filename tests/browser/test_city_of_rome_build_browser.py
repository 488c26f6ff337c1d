"""City of Rome in English (light): the round's order of play on the scoreboard (builders placed through the
thumb slot, the player on turn marked, the action strip in the panel, Next); each build recorded during
play from the player's sheet (Build: a space of the city, then the card), its immediate effect applied, the
city in the player's sheet and on a second phone at the table (German, dark),
and the end-scoring form opening with the city as built (issue 10: "City of Rome prefill what the
tracker recorded"); a player who recorded no build finds the start buildings in the middle of the grid,
moves the whole city in one tap and the table gets its results (issue 20: "every board opens as it lies")."""

from tests.browser.harness import App
from tests.browser.test_app_shell_browser import new_city_of_rome


SHEET_DE, CLOSE_DE = "Blatt von {player}", "Blatt von {player} schließen"


def build(app: App, player: str, space: str, card: str) -> None:
    """Build in the player's open sheet, the space, the card: three taps."""
    app.click(f"Build ({player})")
    app.find(app.dialog_button(space)).click()
    app.find(app.dialog_button(card)).click()
    app.wait_gone(f"{player} builds")


def test_builds_recorded_during_play_fill_the_city_at_the_end(browser, server):
    app = App(browser, server.url).open()
    new_city_of_rome(app, ["Ada", "Bo", "Cy"], start="Ada")
    app.click("Setup done – start playing")
    app.wait_text("Round 1 of 14 · placing builders")

    # The Setzphase through the thumb slot (clockwise from Ada), then the action phase from the emperor:
    # Bo (space 1), Ada (space 2), Cy (space 4).
    for player, space in (("Ada", 2), ("Bo", 1), ("Cy", 4)):
        app.click(f"Place builder: {player}")
        app.press(app.find(app.dialog_button(f"Space {space} for {player}")))
    app.wait_text("Round 1 of 14 · action phase")
    app.wait_label("Bo is on turn")
    app.wait_label("Action strip from the emperor: Space 1: Bo, Space 2: Ada, Space 3: free, Space 4: Cy")
    app.click("Next: Ada")
    app.wait_label("Ada is on turn")
    app.wait_label("Points now of Ada: 5")
    app.wait_text("Ada: take 1 of the 2 buildings left in the offer, then build and produce")  # Bo took one
    app.shot("city-of-rome-play-en")

    # Ada's sheet: her city (the start buildings), Build: the dialog shows the start buildings, a + on
    # every space a card can go (rows and columns counted from the top-left of what it shows: the city
    # and the spaces around it).
    app.sheet("Ada")
    app.wait_label("City of Ada: 2 cards: House 2, Vegetable farm")
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

    # A therme says the markers it will carry; an aqueduct replaces a card.
    app.click("Build (Ada)")
    app.find(app.dialog_button("Row 3, column 3: build here")).click()  # beside the market, under the house
    app.find(app.dialog_button("Therme, 2 VP markers")).click()
    app.wait_label("City of Ada: 4 cards: Vegetable farm, House 2, Market, Therme")
    build(app, "Ada", "Row 2, column 2: Vegetable farm, an aqueduct may replace it", "Aqueduct")
    app.wait_label("City of Ada: 4 cards: Aqueduct, House 2, Market, Therme")
    app.shot("city-of-rome-sheet-en")
    app.close_sheet("Ada")
    app.wait_text("Ada built: Market, \\+1 money")
    app.wait_text("Ada built: Aqueduct in place of the Vegetable farm")
    # the points now: the value-2 house beside the therme, 2 x 1 + its 2 markers, an aqueduct 4, 6 money
    app.wait_label("Points now of Ada: 14")
    app.wait_label("City of Ada: 4")

    # A second phone at the table, in German, sees the city and builds on it.
    path = app.page.url.split(server.url)[1]
    other = App(browser, server.url).open("settings")
    try:
        other.click("Deutsch")
        other.click("Dunkel")
        other.go(path)
        other.wait_label("Stadt von Ada: 4")
        other.wait_label("Ada ist am Zug")
        other.sheet("Ada", SHEET_DE, CLOSE_DE)
        other.wait_label("Stadt von Ada: 4 Karten: Aquädukt, Wohnhaus 2, Markt, Therme")
        other.shot("city-of-rome-build-cities-de-dark")
        other.close_sheet("Ada", CLOSE_DE)
        other.sheet("Bo", SHEET_DE, CLOSE_DE)
        other.click("Bauen (Bo)")
        other.find(other.dialog_button("Reihe 1, Spalte 2: hier bauen"))
        other.shot("city-of-rome-build-space-de-dark")
        other.find(other.dialog_button("Reihe 1, Spalte 2: hier bauen")).click()
        other.find(other.dialog_button("Kolosseum"))
        other.shot("city-of-rome-build-card-de-dark")
        other.find(other.dialog_button("Kolosseum")).click()  # over the house: 1 neighbour, 1 more: +2
        other.wait_label("Einflussmarker von Bo: 2")
        other.shot("city-of-rome-build-done-de-dark")
        other.close_sheet("Bo", CLOSE_DE)
        app.wait_label("City of Bo: 3")  # the first phone is told
        app.sheet("Bo")
        app.wait_label("City of Bo: 3 cards: Colosseum, House 2, Vegetable farm")
        app.close_sheet("Bo")

        # Final scoring (in the bar's menu before the game's end: asked first) opens on a city already
        # there, in the middle of the grid: room on every side for a card not recorded.
        app.press(app.find(app.button("More", exact=False)))
        app.press(app.find(app.page.get_by_role("menuitem", name="Final scoring")))
        app.click("Final scoring now", dialog=True)
        app.wait_text("The city as Ada built it during play")
        app.wait_label("Row 2, column 2: Aqueduct")
        app.wait_label("Row 3, column 2: Market")
        app.wait_label("Row 3, column 3: Therme (2 VP markers)")
        app.wait_label("Row 1, column 1: Empty")
        app.shot("city-of-rome-built-city-at-the-end-en")
        # A tap on a card selects its space: the therme's markers, another card or none (issue 20)
        app.click("Row 3, column 3: Therme (2 VP markers)")
        app.find(app.button("VP markers on the Therme: 2"))
        app.find(app.button("Remove the Therme from row 3, column 3"))
        assert app.button("Replace with House 2").count() == 1  # the card in hand
        app.shot("city-of-rome-space-selected-en")
        app.click("Done with row 3, column 3")
        app.wait_text("House 2 in hand")
        other.go(path.replace("/play", "/score"))
        other.click("Auslage von Bo", exact=False)
        other.wait_text("Die Stadt, wie Bo sie im Spiel gebaut hat")
        other.wait_label("Reihe 2, Spalte 2: Kolosseum")
        other.wait_label("Reihe 3, Spalte 3: Gemüsehof")
        other.shot("city-of-rome-built-city-at-the-end-de-dark")
        other.click("Reihe 2, Spalte 2: Kolosseum")
        other.find(other.button("Kolosseum von Reihe 2, Spalte 2 entfernen"))
        other.shot("city-of-rome-space-selected-de-dark")
        other.click("Auslage von Cy", exact=False)
        other.wait_text("Startgebäude von Cy \\(kein Bau eingetragen\\)")
        other.wait_label("Reihe 2, Spalte 2: Wohnhaus 2")
        other.shot("city-of-rome-start-buildings-at-the-end-de-dark")
    finally:
        other.close()

    # Cy recorded no build: the two start buildings lie in the middle rows and columns, the whole city
    # moves one space in one tap (not off the grid), and the boards score as they are.
    app.click("Board of Cy", exact=False)
    app.wait_text("Cy's start buildings \\(no build recorded\\)")
    app.wait_label("Row 2, column 2: House 2")
    app.wait_label("Row 2, column 3: Vegetable farm")
    app.shot("city-of-rome-start-buildings-at-the-end-en")
    app.click("Move Cy's city one space left")
    app.wait_label("Row 2, column 1: House 2")
    app.wait_label("Row 2, column 3: Empty")
    blocked = app.page.get_by_role(
        "button", name="Move Cy's city one space left (not possible: a card would fall off the 4 × 4)")
    app.find(blocked)
    app.find(app.button("Move Cy's city one space up"))
    app.shot("city-of-rome-start-buildings-moved-en")
    app.calculate()
    # Ada: the house beside the therme 2 x 1 + its 2 markers, 1 aqueduct 4, 6 money; Bo: the house under
    # the Colosseum 2 x 1, 5 money, 2 tokens 1; Cy: a lone house 0, 5 money.
    app.wait_text("Winner: Ada")
    app.wait_text("1. Ada: 14 points")
    app.wait_text("2. Bo: 8 points")
    app.wait_text("3. Cy: 5 points")
    app.scroll_top()
    app.shot("city-of-rome-results-with-start-buildings-en")
    assert not app.errors and not other.errors
