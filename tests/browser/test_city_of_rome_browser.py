"""A 3-player City of Rome game in German (dark), in a real browser: setup; the scoreboard (points if the
game ended now, money, influence tokens, the city), the round's order of play (builders placed clockwise
from the start player through the thumb slot, the action phase in the strip's order with "Weiter"), a
player's sheet (steppers, the number pad), undo/redo, rounds ending with an influence scoring and the
card in the winner's sheet, the score sheet; the end scoring of a prepared city, and the saved result."""

import json

from tests.browser.harness import PHONE, RECEIVED_JS, ROOT, App

RULEBOOK_CITY = [
    ["luxury-house-2", "arena", "luxury-house-3", "house-3"],
    ["aqueduct", "house-2", "house-2", ("therme", 2)],
    ["vegetable-farm", "school", "house-2", ("imperial-therme", 4)],
    ["temple-fortuna", "great-aqueduct", "temple-luna", "house-4"],
]
START_HOUSE, START_FARM = (1, 1), (1, 2)  # where a city nobody built on opens: the middle of the grid
DE_CARD = json.loads((ROOT / "assets/i18n/de/city-of-rome.json").read_text(encoding="utf-8"))


SHEET, CLOSE = "Blatt von {player}", "Blatt von {player} schließen"


# The sheet's scrolling parts (the only scrolling group on the screen while it is open) begin below `y`.
SHEET_TOP_JS = """y => { const g = document.querySelector('flt-semantics[role=group]');
                        return !!g && g.getBoundingClientRect().top > y; }"""


def place(app: App, player: str, space: int, shot: str | None = None) -> None:
    """The thumb slot's next step: the player's builder on a free space of the action strip."""
    app.click(f"Setzen: {player}")
    if shot:
        app.find(app.dialog_button(f"Feld {space} für {player}"))
        app.shot(shot)
    app.press(app.find(app.dialog_button(f"Feld {space} für {player}")))
    app.wait_label(f"Feld {space}: {player}")


def end_round(app: App, round_: int) -> None:
    """End round `round_`: one tap in the thumb slot, asking nothing (issue 39; Undo takes it back)."""
    app.click(f"Runde {round_} beenden")
    app.wait_text(f"Runde {round_ + 1} von 14")


def card_name(card_id: str) -> str:
    return DE_CARD[f"city-of-rome.card.{card_id}"]


# How far a control is from being wholly inside the scrolling page (whose box ends above the bottom
# bar, which would take a tap meant for a palette card half under it): 0 when it is, else the pixels
# to scroll.
OFF_SCREEN_JS = """(e) => {
  const r = e.getBoundingClientRect();
  let top = Math.max(r.top, 0), bottom = Math.min(r.bottom, window.innerHeight);
  for (let a = e.parentElement; a; a = a.parentElement) {
    const s = getComputedStyle(a);
    if (['scroll', 'auto', 'hidden'].includes(s.overflowY)) {
      const ar = a.getBoundingClientRect();
      top = Math.max(top, ar.top); bottom = Math.min(bottom, ar.bottom);
    }
  }
  if (bottom - top >= r.height - 1) return 0;
  return r.top < top ? r.top - top - 24 : r.bottom - bottom + 24;
}"""


# The names of the controls shown as chosen (a chosen palette card is named by its text).
SELECTED_JS = """() => Array.from(document.querySelectorAll(
    'flt-semantics[aria-selected=true], flt-semantics[aria-current=true], flt-semantics[aria-checked=true]'))
  .map(e => e.getAttribute('aria-label') || e.textContent)"""


def on_screen(app: App, locator):
    """The control, scrolled wholly on screen (a tap on one that is not lands on whatever Flutter
    draws there once Playwright's own scrolling has moved the page)."""
    target = app.find(locator)
    for _ in range(6):
        dy = target.evaluate(OFF_SCREEN_JS)
        if not dy:
            break
        app.wheel(dy)
    return target


def tap(app: App, name: str, then: str | None = None) -> None:
    """Tap a control of the end-scoring form once it is wholly on screen, then wait for `then`."""
    app.press(on_screen(app, app.button(name)))
    if then:
        app.wait_label(then)


def cell(r: int, c: int, card: str | None = None, markers: int | None = None) -> str:
    """A space's name: "Reihe 2, Spalte 4: Therme (2 Siegpunktmarker)"."""
    what = card_name(card) if card else "Leer"
    return f"Reihe {r + 1}, Spalte {c + 1}: {what}" + (f" ({markers} Siegpunktmarker)" if markers is not None else "")


def test_three_player_game_in_german(browser, server):
    app = App(browser, server.url).open()
    app.click("Settings")
    app.click("Deutsch")
    app.click("Dunkel")
    app.shot("settings-de")
    app.click("Zurück")
    app.shot("home-de-empty")

    app.click("Neues Spiel")
    app.click(DE_CARD["city-of-rome.name"])
    app.click("3 Spieler")
    for number, name in enumerate(["Anna", "Ben", "Carla"], 1):
        app.fill(f"Spieler {number}", name)
    app.press(app.page.get_by_role("radio", name="Anna"))
    app.shot("new-game-de")
    app.click("Spiel starten")

    # Setup checklist: 3 players play without stack IV; influence cards 3/6/10/14; Ben drafts first? No:
    # the start player's right neighbour (Carla, seated before Anna clockwise) draws first.
    app.wait_text("Stapel I, II, III verdeckt auslegen")
    assert app.has_text("Stapel IV zurück in die Schachtel")
    assert app.has_text("Einflusswertungskarten 3, 6, 10, 14")
    assert app.has_text("Reihenfolge der Wahl: Carla, Ben, Anna")
    assert app.has_text("Jeder Spieler erhält 5 Geld")
    app.press(app.page.get_by_role("checkbox").first)
    app.wait_text("1 von 9 Schritten erledigt")
    app.shot("setup-de")
    app.click("Aufbau fertig – los geht's")

    # The scoreboard (German, dark): a row per player with the points if the game ended now (5 money
    # each), money, influence tokens and the city; Anna, the start player, places her builder first.
    app.wait_text("Runde 1 von 14 · Setzphase")
    app.wait_label("Punkte jetzt von Anna: 5")
    app.wait_label("Stadt von Carla: 2")
    app.wait_label("Anna ist am Zug")
    # Under the strip, what the player on turn does: nearer the emperor a building sooner, farther more points.
    app.wait_text("Anna setzt einen Baumeister: näher am Kaiser wählt früher ein Gebäude")
    app.shot("city-of-rome-play-de-dark")
    # The sheet of the player on turn was built before anyone opened it (closed, after the screen): its
    # first opening sends little more than `open` (built then, it is 8 kB).
    received = app.page.evaluate(RECEIVED_JS)
    app.sheet("Anna", SHEET, CLOSE)
    assert app.page.evaluate(RECEIVED_JS) - received < 2000
    app.close_sheet("Anna", CLOSE)
    # The Setzphase: clockwise from the start player, each a free space of the strip (1 at the emperor).
    place(app, "Anna", 2, shot="city-of-rome-place-de-dark")
    place(app, "Ben", 1)
    place(app, "Carla", 3)
    # The Aktionsphase in the strip's order: Ben (space 1) first, then Anna, then Carla.
    app.wait_text("Runde 1 von 14 · Aktionsphase")
    app.wait_label("Ben ist am Zug")
    app.wait_text("Ben: 1 der 3 Gebäude aus dem Angebot nehmen, dann bauen und produzieren")  # the round's draft
    round_line = app.box(app.text("Runde 1 von 14 · Aktionsphase"))
    app.sheet("Ben", SHEET, CLOSE)
    app.click("Einflussmarker +1 (Ben)")
    app.wait_label("Einflussmarker von Ben: 1")
    app.click("Einflussmarker +1 (Ben)")
    app.wait_label("Einflussmarker von Ben: 2")
    # The sheet is as tall as its content, near the thumb: the scoreboard's top stays in view above it
    # (the sheet's parts start below the round's line), and a tap there, outside the sheet, closes it.
    app.page.wait_for_function(SHEET_TOP_JS, arg=round_line["y"] + round_line["height"], polling=50)
    app.shot("city-of-rome-sheet-de-dark")
    app.page.mouse.click(PHONE["width"] / 2, round_line["y"] + round_line["height"] / 2)
    app.button(CLOSE.format(player="Ben")).wait_for(state="detached")
    app.click("Weiter: Anna")
    app.wait_label("Anna ist am Zug")
    # Anna's sheet: the number pad adds to money (+12), takes away (−11): 5 + 12 − 11 = 6.
    app.sheet("Anna", SHEET, CLOSE)
    for key in ("1", "2"):
        app.click(key)
    app.click("12 dazu")
    app.wait_label("Geld von Anna: 17")
    for key in ("1", "1", "Plus oder minus"):
        app.click(key)
    app.click("11 weg")
    app.wait_label("Geld von Anna: 6")
    app.click("Einflussmarker von Anna: 0. Zahl eintippen für Einflussmarker von Anna")  # the pad to the tokens
    app.click("3")
    app.wait_label("Zu Einflussmarker von Anna: +3")
    app.close_sheet("Anna", CLOSE)
    # The game changes while her sheet is closed (a closed sheet is not drawn at each entry) ...
    app.click("Rückgängig: Anna: Geld -11 (jetzt 6)")
    app.wait_label("Geld von Anna: 17")
    # ... and opened again, Anna's sheet is the one kept since (told to open and given only what changed:
    # not sent again, 8 kB) and begins as a new one did, on the game as it is now: the pad on money,
    # nothing typed, her money 17. The screen behind it is out of reach, of a screen reader too, the bar's
    # buttons included (so the money read here is the sheet's).
    received = app.page.evaluate(RECEIVED_JS)
    app.sheet("Anna", SHEET, CLOSE)
    app.wait_label("Zu Geld von Anna: +0")
    app.wait_label("Geld von Anna: 17. ")
    assert app.page.evaluate(RECEIVED_JS) - received < 2000  # the pad and her money: about 1 kB
    assert app.button(SHEET.format(player="Ben"), exact=False).count() == 0
    assert app.button("Rückgängig", exact=False).count() == 0
    app.close_sheet("Anna", CLOSE)
    # Every row as tall as the others, whoever is on turn (a thicker border) and whatever the numbers
    rows = [app.box(app.button(SHEET.format(player=p), exact=False))["height"]
            for p in ("Anna", "Ben", "Carla")]
    assert max(rows) - min(rows) < 1, rows
    # Changed again while closed, the sheet as new otherwise (nothing typed, the pad on money): still
    # drawn on the game as it is when it opens.
    app.click("Wiederholen: Anna: Geld -11 (jetzt 6)")
    app.wait_label("Geld von Anna: 6")
    app.sheet("Anna", SHEET, CLOSE)
    app.wait_label("Geld von Anna: 6. ")
    app.click("4")  # typed and left: the next sheet opened (another player's) begins with nothing typed
    app.wait_label("Zu Geld von Anna: +4")
    app.close_sheet("Anna", CLOSE)
    app.click("Weiter: Carla")
    app.sheet("Carla", SHEET, CLOSE)
    app.wait_label("Zu Geld von Carla: +0")
    app.click("Einflussmarker +1 (Carla)")
    app.wait_label("Einflussmarker von Carla: 1")
    app.close_sheet("Carla", CLOSE)
    app.wait_label("Carla ist am Zug")
    app.wait_text("Carla: das letzte Gebäude des Angebots nehmen, dann bauen und produzieren")
    app.shot("city-of-rome-acting-de-dark")
    # Carla acts last: the round's next step is its end; the start player passes clockwise to Ben.
    assert app.button("Weiter: Anna").count() == 0
    end_round(app, 1)
    app.wait_text("Runde 2 von 14 · Setzphase")
    assert app.has_text("Startspieler: Ben")
    app.wait_label("Ben ist am Zug")
    # Ended before everyone acted: the table decides, one tap as well.
    place(app, "Ben", 4)
    end_round(app, 2)
    assert app.has_text("Wartende Einflusswertungskarten: 3")
    app.wait_text("Endete die Runde jetzt, erhielte Ben die wartenden Karten")
    # Round 3's end scores card 3: Ben has the most influence tokens (2) and takes it.
    end_round(app, 3)
    # Announced where the table looks; the card in Ben's sheet and his points: 5 money + card 3.
    app.wait_text(r"Ende von Runde 3: Ben hat die meisten Einflussmarker \(2\) und erhält die "
                  r"Einflusswertungskarte 3\.")
    app.wait_label("Punkte jetzt von Ben: 8")
    app.wait_label("Einflussmarker von Ben: 0")
    app.wait_label("Einflussmarker von Carla: 1")
    app.shot("city-of-rome-after-scoring-de-dark")
    app.sheet("Ben", SHEET, CLOSE)
    app.wait_label("Ben: Einflusswertungskarten 3, 3 SP")
    app.close_sheet("Ben", CLOSE)
    # The score sheet: the rows of the game's score pad (Wertungsblock), the totals the points now (Anna 6,
    # Ben 8, Carla 5).
    app.click("Punkteblatt")
    ys = [app.box(app.text(f"^{row}$"))["y"] for row in (
        "Wohngebiete Wert\\s2", "Aquädukte", "Tempel", "Geld", "Einflussmarker", "Einflusswertungskarten", "Summe")]
    assert ys == sorted(ys)
    app.shot("city-of-rome-score-sheet-de-dark")
    app.click("Schließen", dialog=True)

    # The end scoring: Anna's city is the rulebook's example city.
    app.press(app.find(app.button("Mehr", exact=False)))  # the bar's menu: "Menü anzeigen, Mehr"
    app.press(app.find(app.page.get_by_role("menuitem", name="Schlusswertung")))
    app.wait_text("Stand laut Tabula: Runde 4 von 14")  # before the game's end: asked first
    app.click("Jetzt zur Schlusswertung")
    app.wait_text("Punkte berechnen")
    # The palette: a card picked once, then every empty space it goes to; a board opens with the value-2
    # house (every city has one) in hand, and nobody recorded a build: the start buildings lie in the
    # middle of the grid. A space with a card is selected by a tap, never overwritten: its card is
    # replaced by the one in hand on purpose. A therme lays the VP markers its neighbours give (issue 20).
    cards = {name for key, name in DE_CARD.items() if key.startswith("city-of-rome.card.")}
    app.wait_text("Wohnhaus 2 in der Hand: Tippt auf ein leeres Feld")
    app.wait_text("Startgebäude von Anna")
    assert [n for n in app.page.evaluate(SELECTED_JS) if n in cards] == [card_name("house-2")]
    shown = {START_HOUSE: ("house-2", 0), START_FARM: ("vegetable-farm", 0)}  # the city as the screen has it
    spaces = {}
    for r, row in enumerate(RULEBOOK_CITY):
        for c, lies in enumerate(row):
            want = (lies, 0) if isinstance(lies, str) else lies
            if shown.get((r, c)) != want:
                spaces.setdefault(want, []).append((r, c))
    for (card, markers), where in spaces.items():
        tap(app, card_name(card))
        therme = "therme" in card
        for r, c in where:
            if (r, c) in shown:  # a start building where the rulebook city has another card
                tap(app, cell(r, c, shown[(r, c)][0]))
                tap(app, f"Durch {card_name(card)} ersetzen", then=cell(r, c, card))
            else:
                near = sum((r + dr, c + dc) in shown for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)))
                laid = max(1, near) + (card == "imperial-therme")
                tap(app, cell(r, c), then=cell(r, c, card, laid if therme else None))
                if therme and laid != markers:  # the markers of the space just laid: one tap, at once
                    tap(app, f"Siegpunktmarker auf der {card_name(card)}: {markers}",
                        then=cell(r, c, card, markers))
            shown[(r, c)] = (card, markers)
    app.wait_text("Stadt: 16 von 16 Feldern belegt")
    # Anna: 6 money from the tracker, typed over to 9; 3 influence tokens; influence card 3 belongs to Ben.
    app.wait_label("Geld von Anna: 6")
    money = on_screen(app, app.page.get_by_role("textbox", name="Geld", exact=True))
    app.focus(money)  # Flutter has taken the field over: no key is lost
    app.page.keyboard.press("End")
    app.page.keyboard.press("Backspace")
    app.page.keyboard.type("9")
    app.wait_label("Geld von Anna: 9")
    for tokens in (1, 2, 3):
        tap(app, "Einflussmarker +1 (Anna)", then=f"Einflussmarker von Anna: {tokens}")
    assert [n for n in app.page.evaluate(SELECTED_JS) if n in cards] == [card_name("house-4")]  # the card in hand
    app.shot("score-entry-de")

    # Ben's city: first an impossible one (two aqueducts in row 2, either side of the start buildings).
    app.click("Auslage von Ben")
    tap(app, card_name("aqueduct"))
    tap(app, cell(1, 0), then=cell(1, 0, "aqueduct"))
    tap(app, cell(1, 3), then=cell(1, 3, "aqueduct"))
    # Carla's: a therme under her value-2 house gets 1 marker; with the Temple of Minerva in hand, a tap
    # on the therme selects it (it was replaced by the temple before), and 2 markers go on it in one tap.
    app.click("Auslage von Carla")
    tap(app, card_name("therme"))
    tap(app, cell(2, 1), then=cell(2, 1, "therme", 1))
    tap(app, card_name("temple-minerva"))
    tap(app, cell(2, 1, "therme", 1))
    app.wait_label(cell(2, 1, "therme", 1))
    tap(app, "Siegpunktmarker auf der Therme: 2", then=cell(2, 1, "therme", 2))
    app.shot("score-space-selected-de")
    app.calculate("Punkte berechnen")  # both boards are refused, each problem said where it is, in words
    app.wait_text("Stadt, Reihe 2: Reihe 2 hat zwei Aquädukte")  # on Ben's board, which opens
    app.shot("score-error-de")
    app.idle()  # Ben's board jumps to its top after it is drawn: Carla's tab is tapped once all is still
    app.click("Auslage von Carla", exact=False)
    app.idle()
    app.wait_text("Stadt, Reihe 3, Spalte 2: auf der Therme liegen 2 Siegpunktmarker, beim Bau kam aber je 1 "
                  "pro angrenzender Karte darauf, hier also höchstens 1")
    app.shot("score-error-space-de")
    tap(app, cell(2, 1, "therme", 2))
    tap(app, "Therme von Reihe 3, Spalte 2 entfernen", then=cell(2, 1))
    tap(app, cell(*START_FARM, "vegetable-farm"))  # her start buildings: removed and laid again
    tap(app, "Gemüsehof von Reihe 2, Spalte 3 entfernen", then=cell(*START_FARM))
    tap(app, card_name("vegetable-farm"))
    tap(app, cell(*START_FARM), then=cell(*START_FARM, "vegetable-farm"))
    app.click("Auslage von Ben", exact=False)
    tap(app, card_name("house-2"))
    tap(app, cell(1, 3, "aqueduct"))
    tap(app, "Durch Wohnhaus 2 ersetzen", then=cell(1, 3, "house-2"))
    app.calculate("Punkte berechnen")  # the boards corrected: confirmed again
    app.wait_text("1. Anna: 72 Punkte")  # the rulebook's 75 less the influence card 3 that Ben won
    # Ben: aqueduct 4 + 5 money + influence card 3 (his two houses touch no public building);
    # Carla: 5 money, 1 token = 0.
    app.wait_text("2. Ben: 12 Punkte")
    app.wait_text("3. Carla: 5 Punkte")
    app.scroll_top()
    app.shot("score-result-de")
    app.click("Ergebnis speichern")
    app.wait_text("Sieger: Anna")
    app.shot("history-play-de")
    assert not app.errors
