"""A 3-player City of Rome game in German, in a real browser: setup, rounds with an influence
scoring, undo/redo, the end scoring of a prepared city, and the saved result."""

import json

from tests.browser.harness import ROOT, App

RULEBOOK_CITY = [
    ["luxury-house-2", "arena", "luxury-house-3", "house-3"],
    ["aqueduct", "house-2", "house-2", ("therme", 2)],
    ["vegetable-farm", "school", "house-2", ("imperial-therme", 4)],
    ["temple-fortuna", "great-aqueduct", "temple-luna", "house-4"],
]
DE_CARD = json.loads((ROOT / "assets/i18n/de/city-of-rome.json").read_text(encoding="utf-8"))


def card_name(card_id: str) -> str:
    return DE_CARD[f"city-of-rome.card.{card_id}"]


def test_three_player_game_in_german(browser, server):
    app = App(browser, server.url).open()
    app.click("Settings")
    app.click("Deutsch")
    app.shot("settings-de")
    app.click("Zurück")
    app.shot("home-de-empty")

    app.click("Neues Spiel")
    app.click(DE_CARD["city-of-rome.name"])
    app.click("3 Spieler")
    for number, name in enumerate(["Anna", "Ben", "Carla"], 1):
        app.fill(f"Spieler {number}", name)
    app.page.get_by_role("radio", name="Anna").click()
    app.shot("new-game-de")
    app.click("Spiel starten", settle=800)

    # Setup checklist: 3 players play without stack IV; influence cards 3/6/10/14; Ben drafts first? No:
    # the start player's right neighbour (Carla, seated before Anna clockwise) draws first.
    app.wait_text("Stapel I, II, III verdeckt auslegen")
    assert app.has_text("Stapel IV zurück in die Schachtel")
    assert app.has_text("Einflusswertungskarten 3, 6, 10, 14")
    assert app.has_text("Reihenfolge der Wahl: Carla, Ben, Anna")
    assert app.has_text("Jeder Spieler erhält 5 Geld")
    app.page.get_by_role("checkbox").first.click()
    app.page.wait_for_timeout(300)
    app.wait_text("1 von 9 Schritten erledigt")
    app.shot("setup-de")
    app.click("Aufbau fertig – los geht's", settle=800)

    # Round 1-3; Ben collects influence; card 3 comes out in round 3 and Ben takes it.
    app.wait_text("Runde 1 von 14")
    app.click("Einflussmarker +1 (Ben)")
    app.click("Einflussmarker +1 (Ben)")
    app.click("Einflussmarker +1 (Carla)")
    app.click("Geld +1 (Anna)")
    app.wait_label("Geld von Anna: 6")
    app.click("Rückgängig: Anna: Geld +1 » 6")
    app.wait_label("Geld von Anna: 5")
    app.click("Wiederholen: Anna: Geld +1 » 6")
    app.wait_label("Geld von Anna: 6")
    for expected_round in (2, 3):
        app.click("Runde beenden")
        app.click("Runde beenden", settle=600)  # the confirmation dialog's button
        app.wait_text(f"Runde {expected_round} von 14")
    assert app.has_text("Wartende Einflusswertungskarten: 3")
    assert app.has_text("Startspieler: Carla")
    app.shot("play-round3-de")
    app.click("Runde beenden")
    app.click("Runde beenden", settle=600)
    app.wait_text("Runde 4 von 14")
    app.wait_text("Ben gewinnt die Einflusswertung mit 2 Markern")
    app.wait_label("Einflussmarker von Ben: 0")
    app.wait_label("Einflussmarker von Carla: 1")
    app.shot("play-after-scoring-de")

    # The end scoring: Anna's city is the rulebook's example city.
    app.click("Schlusswertung")
    app.wait_text("Stand laut Tabula: Runde 4 von 14")  # before the game's end: asked first
    app.click("Jetzt zur Schlusswertung", settle=800)
    app.wait_text("Punkte berechnen")
    for r, row in enumerate(RULEBOOK_CITY):
        for c, cell in enumerate(row):
            card, markers = (cell, 0) if isinstance(cell, str) else cell
            app.click(f"Reihe {r + 1}, Spalte {c + 1}: Leer")
            app.click(card_name(card))
            if markers:
                app.click(f"Reihe {r + 1}, Spalte {c + 1}: {card_name(card)} (0 Siegpunktmarker)", exact=False)
                for _ in range(markers):
                    app.click(f"Siegpunktmarker auf dieser Therme +1 (Karte in Reihe {r + 1}, Spalte {c + 1})")
                app.click("Schließen")
    # Anna: 6 money from the tracker, +3 = 9; 3 influence tokens; influence card 3 belongs to Ben.
    for _ in range(3):
        app.click("Geld +1 (Anna)")
    for _ in range(3):
        app.click("Einflussmarker +1 (Anna)")
    app.shot("score-entry-de")

    # Ben's city: first an impossible one (two aqueducts in row 1), which is refused with a clear message.
    app.click("Auslage von Ben")
    app.click("Reihe 1, Spalte 1: Leer")
    app.click(card_name("aqueduct"))
    app.click("Reihe 1, Spalte 2: Leer")
    app.click(card_name("aqueduct"))
    app.click("Punkte berechnen", settle=800)
    app.wait_text("Ben: Reihe 1 hat zwei Aquädukte")
    app.shot("score-error-de")
    app.click(f"Reihe 1, Spalte 2: {card_name('aqueduct')}", exact=False)
    app.click(card_name("house-2"))
    app.click("Auslage von Carla")  # her start buildings, never removed
    app.click("Reihe 1, Spalte 1: Leer")
    app.click(card_name("vegetable-farm"))
    app.click("Reihe 1, Spalte 2: Leer")
    app.click(card_name("house-2"))
    app.click("Punkte berechnen", settle=800)
    app.wait_text("1. Anna: 72 Punkte")  # the rulebook's 75 less the influence card 3 that Ben won
    # Ben: aqueduct 4 + 5 money + influence card 3 (his lone house touches no public building);
    # Carla: 5 money, 1 token = 0.
    app.wait_text("2. Ben: 12 Punkte")
    app.wait_text("3. Carla: 5 Punkte")
    app.scroll_top()
    app.shot("score-result-de")
    app.click("Bestätigen und speichern", settle=1000)
    app.wait_text("Sieger: Anna")
    app.shot("history-play-de")
    assert not app.errors
