"""A 3-player Milestones game in a real browser, from setup to the saved result: the setup numbers; the
play screen's scoreboard (points, goods and coins, the turn marker, the panel), a player's sheet (goods
stepped, a road, a house, a refused market said on the sheet, grain typed on the number pad after a tap on
its value), Undo and Redo, End turn in the thumb slot (one tap, no question) and the score sheet of rounds (English,
light); then in German on the dark theme a bonus tile and the folded "covered or built over", a worker
tile bought, 60 points typed, the end trigger and the countdown of last turns, the castle's labelled
choices on Anna's sheet, the score sheet with the last turns; the worker rows (one as a row, one in the
count-only entry) with what the tracker knows of the workers, and the result with every category,
checked against totals worked out by hand. The worker buttons not chosen are measured on screen: 3:1
and more on both themes."""

import base64
import re

from companion.core.text import Msg
from tests.browser.harness import App


SHEET_DE, CLOSE_DE = "Blatt von {player}", "Blatt von {player} schließen"


def castle_choice(lang: str, **keep) -> str:
    """The label of one castle choice, as the game words it."""
    from companion.games.milestones.components import goods_msgs
    return Msg("milestones.action.castle_keep", goods=goods_msgs(keep)).render(lang)


# The contrast of what is drawn inside a control's box (its frame left out): the colour most of it has
# (the background) against the pixel furthest from it in luminance (the icon's ink), as WCAG counts it.
INK_JS = """async ([png, r]) => {
  const bitmap = await createImageBitmap(await (await fetch('data:image/png;base64,' + png)).blob());
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const g = canvas.getContext('2d', {willReadFrequently: true});
  g.drawImage(bitmap, 0, 0);
  const d = g.getImageData(Math.round(r.x + 6), Math.round(r.y + 6), Math.round(r.width - 12), Math.round(r.height - 12)).data;
  const lin = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
  const lum = i => 0.2126 * lin(d[i]) + 0.7152 * lin(d[i + 1]) + 0.0722 * lin(d[i + 2]);
  const counts = new Map();
  let mode = 0, best = 0;
  for (let i = 0; i < d.length; i += 4) {
    const key = d[i] << 16 | d[i + 1] << 8 | d[i + 2];
    const n = (counts.get(key) || 0) + 1;
    counts.set(key, n);
    if (n > best) { best = n; mode = i; }
  }
  const back = lum(mode);
  let ratio = 1;
  for (let i = 0; i < d.length; i += 4) {
    const l = lum(i);
    ratio = Math.max(ratio, (Math.max(l, back) + 0.05) / (Math.min(l, back) + 0.05));
  }
  return ratio;
}"""


def ink_contrast(app: App, name: str) -> float:
    """The contrast of the icon of the button named `name` on its background, from a screenshot."""
    button = app.find(app.button(name))
    app.into_view(button, centred=True)
    box = app.box(button)
    png = base64.b64encode(app.picture("milestones-contrast").read_bytes()).decode()
    return app.page.evaluate(INK_JS, [png, box])


def set_space(app: App, number: int, kind: str, bonus: bool = False) -> None:
    """One tap on the worker's kind in the path space's line, one more on its bonus tile."""
    app.click(f"Wegefeld {number}: {kind}")
    if bonus:
        app.click(f"Wegefeld {number}: Bonusplättchen auf dem {kind}")


def test_three_player_game_from_setup_to_result(browser, server):
    app = App(browser, server.url).open()
    try:
        play_game(app)
    except Exception:
        app.picture("milestones-failure")  # what the screen showed when a step did not work
        raise


def play_game(app: App) -> None:

    # ------------------------------------------------------------ English: new game and setup
    app.new_game("Milestones", ["Anna", "Ben", "Carla"])
    app.wait_text("Turn up 7 more worker tiles in a row for 3 players")  # start tiles 5 / 7 / 9
    assert app.has_text("With 3 players the game ends when a score marker reaches or passes field 59")
    # Anna starts: her right neighbour Carla chooses first, Anna last from the 3 left.
    assert app.has_text("Order: Carla takes 2 of 7; Ben takes 2 of 5; Anna takes 2 of 3")
    app.shot("milestones-setup-en")
    app.click("Setup done – start playing")
    sid = re.search(r"/game/([^/]+)/play", app.page.url).group(1)

    # ------------------------------------------------------------ English: the scoreboard and a player's sheet
    app.wait_text("Round 1: Anna's turn")
    assert app.has_text("Target field 59")
    app.wait_label("Points of Anna: 0")
    app.wait_label("Coins of Carla: 1")  # the row's numbers: goods and coins
    app.find(app.button("Anna is on turn"))  # the turn marker
    app.wait_text("Worker tiles left to buy: 28")  # the panel: 5 in the display + 23 in the pile (3 players)
    app.shot("milestones-play-en")
    app.sheet("Anna")
    app.click("Stone +1 (Anna)")
    app.click("Sand +1 (Anna)")
    app.click("Road section: milestone's number (Anna)")
    app.wait_text("Road section: milestone's number")
    app.shot("milestones-value-dialog-en")
    app.click("Road section: milestone's number: 3", dialog=True)
    app.wait_label("Points of Anna: 3")
    app.wait_label("Stone of Anna: 0")
    app.click("Market: its number (Anna)")  # no wood, no sand: refused, said on the sheet, nothing changes
    app.click("Market: its number: 2", dialog=True)
    app.wait_text("Anna has to hand in 1 wood and 1 sand")
    app.wait_label("Points of Anna: 3")
    app.shot("milestones-refused-en")
    app.click("Stone +1 (Anna)")  # the next entry puts the message away
    assert app.wait_gone("Anna has to hand in")
    app.click("Wood +1 (Anna)")
    app.click("House: sum of free corners (Anna)")
    app.click("House: sum of free corners: 4", dialog=True)
    app.wait_label("Points of Anna: 7")
    app.shot("milestones-sheet-en")
    app.close_sheet("Anna")
    app.wait_text("Anna builds a road section .*milestone on 3, \\+3 points")
    app.click("Undo: Anna", exact=False)
    app.wait_label("Points of Anna: 3")
    app.wait_label("Goods of Anna: 2")  # the stone and the wood of the house back
    app.click("Redo: Anna", exact=False)
    app.wait_label("Points of Anna: 7")
    app.wait_label("Goods of Anna: 0")
    app.click("End Anna's turn")  # the thumb slot's next step: one tap, no question (Undo takes it back)
    app.wait_text("Round 1: Ben's turn")
    app.find(app.button("Ben is on turn"))
    # Ben's 2 grain typed: a tap on a count's value gives it the number pad
    app.sheet("Ben")
    app.click("Grain of Ben: 0. Type a number for Grain of Ben")
    app.wait_label("To add to Grain of Ben: +0")
    app.click("2")
    app.click("Add 2")
    app.wait_label("Grain of Ben: 2")
    app.click("Flour delivery: 2 free numbers (Ben)")
    app.click("Flour delivery: 2 free numbers: 7", dialog=True)  # the rulebook's example: 3 + 4
    app.wait_label("Points of Ben: 7")
    app.wait_label("Coins of Ben: 2")  # 1 to start, 1 for the delivery
    app.close_sheet("Ben")
    app.click("Score sheet")  # a row per round, as on a paper pad
    app.wait_text("Round 1")
    app.wait_text("Total")
    app.shot("milestones-score-sheet-en")
    app.click("Close", dialog=True)

    # ------------------------------------------------------------ German from here
    app.click("Back")
    app.click("Settings")
    app.click("Deutsch")
    app.click("Dunkel")
    app.go(f"game/{sid}/setup")
    app.wait_text("Deckt für 3 Spieler 7 weitere Arbeiterplättchen auf")
    assert app.has_text("Reihenfolge: Carla wählt 2 aus 7; Ben wählt 2 aus 5; Anna wählt 2 aus 3")
    assert app.has_text("Bei 3 Spielern endet das Spiel, sobald ein Markierungsstein das Feld 59 erreicht")
    app.shot("milestones-setup-de")
    app.click("Aufbau fertig – los geht's")
    app.wait_text("Runde 1: Ben ist am Zug")
    app.wait_label("Punkte von Ben: 7")
    app.find(app.button("Mehr"))  # the menu named in German only (Flutter's own tooltip said "Show menu")
    assert app.page.get_by_role("button", name=re.compile("Show menu")).count() == 0
    app.shot("milestones-play-de")
    app.sheet("Ben", SHEET_DE, CLOSE_DE)
    app.shot("milestones-sheet-de")
    app.click("Bonusplättchen genommen (+1) (Ben)")
    app.find(app.dialog_button("Bonusplättchen genommen (+1): Sandarbeiter"))
    app.wait_text("Auf welche Sorte Arbeiterfeld kommt das Plättchen\\?")  # asked in words
    app.shot("milestones-bonus-kind-de")
    app.click("Bonusplättchen genommen (+1): Sandarbeiter", dialog=True)  # the kind of worker it is laid on
    app.wait_label("Punkte von Ben: 8")
    # Once a bonus tile lies on a worker, the sheets offer to take one out of the game (covered or built
    # over), folded with the last worker tile: both are seldom needed. It asks on which kind of worker it lay.
    app.unfold("Weitere Aktionen (Ben)")
    app.click("Bonusplättchen abgedeckt oder überbaut (Ben)")
    app.find(app.dialog_button("Bonusplättchen abgedeckt oder überbaut: Sandarbeiter"))
    app.wait_text("Auf welcher Sorte Arbeiter lag das Bonusplättchen\\?")
    app.shot("milestones-bonus-removed-de")
    app.click("Abbrechen", dialog=True)
    app.wait_gone("Auf welcher Sorte Arbeiter lag")
    app.close_sheet("Ben", CLOSE_DE)
    app.wait_text("Ben legt ein Bonusplättchen auf einen Sandarbeiter: \\+1 Punkt")
    app.click("Zug von Ben beenden")  # one tap, no question
    app.wait_text("Runde 1: Carla ist am Zug")
    app.sheet("Carla", SHEET_DE, CLOSE_DE)
    app.click("Münzen +1 (Carla)")  # Carla buys a worker tile: the end form knows it
    app.click("Arbeiterplättchen gekauft (2 Münzen) (Carla)")
    app.wait_label("Münzen von Carla: 0")
    for key in ("6", "0", "60 dazu"):  # the number pad adds to the points
        app.click(key)
    app.wait_label("Punkte von Carla: 60")
    app.close_sheet("Carla", CLOSE_DE)
    app.wait_text("Carla hat das Zielfeld 59 erreicht: Für Carla endet das Spiel nach diesem Zug")
    app.shot("milestones-play-trigger-de")
    app.click("Zug von Carla beenden")  # the end trigger asks nothing either: the others still play
    app.wait_text("Letzte Züge noch für: Anna, Ben")
    app.find(app.button("Anna ist am Zug"))
    app.shot("milestones-countdown-de")

    # Anna's last turn: the castle (5 goods: she keeps 3, chosen by name), a road and a bonus tile.
    app.sheet("Anna", SHEET_DE, CLOSE_DE)
    for good in ("Stein", "Stein", "Stein", "Sand"):
        app.click(f"{good} +1 (Anna)")
    app.click("Burg: 3 Güter behalten, Arbeiter abdecken (Anna)")
    app.wait_text("Welche 3 Güter behält Anna")
    app.shot("milestones-castle-de")
    app.click(castle_choice("de", stone=2, sand=1), dialog=True)
    app.wait_label("Stein von Anna: 2")
    app.wait_label("Münzen von Anna: 0")
    app.click("Straßenabschnitt: Zahl des Meilensteins (Anna)")
    app.click("Straßenabschnitt: Zahl des Meilensteins: 5", dialog=True)
    app.click("Bonusplättchen genommen (+1) (Anna)")
    app.click("Bonusplättchen genommen (+1): Steinhauer", dialog=True)
    app.wait_label("Punkte von Anna: 13")
    app.shot("milestones-sheet-done-de-dark")
    # Her sheet ends with her next step: one tap closes it and ends her turn.
    done = app.find(app.button("Fertig · Zug von Anna beenden"))
    app.press(done)
    done.wait_for(state="detached")
    app.wait_text("Letzte Züge noch für: Ben")
    app.click("Zug von Ben beenden")  # the game's last turn: the one step that asks (it ends the game)
    app.wait_text("Das ist der letzte Zug des Spiels")
    app.shot("milestones-end-confirm-de")
    app.click("Zug von Ben beenden", dialog=True)
    app.wait_text("Das Spiel ist vorbei")
    app.shot("milestones-finished-de")
    app.click("Punkteblatt")  # round 1, then the last turns after Carla's
    app.wait_text("Runde 1")
    app.wait_text("Letzte Züge")
    app.shot("milestones-score-sheet-de")
    app.click("Schließen", dialog=True)

    # ------------------------------------------------------------ German: the worker rows
    app.click("Schlusswertung")
    app.wait_text("Punkte berechnen")
    app.wait_label("Punkte auf der Punktleiste von Anna: 13")  # prefilled from the tracker
    app.wait_label("Stein von Anna: 1")
    # Anna: stone cutter with bonus tile, 2 woodcutters, sand worker, (gap), coin minter. The tracker saw
    # her bonus tile laid on a stone cutter: her first stone cutter entered carries it, with no tap of its own.
    # What the tracker knows of her workers: no worker tile bought, one worker covered at the castle.
    app.wait_text("Aus der Mitschrift: 0 Arbeiterplättchen gekauft und 1 Arbeiter in der Burg abgedeckt, also hat "
                  "Anna höchstens 3 Arbeiter. Die Bonusplättchen von Anna liegen auf 1 Steinhauer. Die ersten "
                  "Arbeiter dieser Sorten, die ihr eintragt, tragen sie.")
    assert ink_contrast(app, "Wegefeld 1: Holzfäller") >= 3  # a kind not chosen still reads (dark theme)
    set_space(app, 1, "Steinhauer")
    set_space(app, 2, "Holzfäller")
    set_space(app, 3, "Holzfäller")
    set_space(app, 4, "Sandarbeiter")
    set_space(app, 6, "Münzpräger")
    app.wait_label("Auf Wegefeld 1: Steinhauer mit Bonusplättchen")
    app.wait_text("Werte für die Mehrheiten: Steinhauer 2, Holzfäller 2, Sandarbeiter 1, Getreidebauern 0 und "
                  "Münzpräger 1")
    # 5 workers, but the tracker knows of no worker tile bought (this table did not enter them): said
    notice = app.wait_text("5 Arbeiter eingetragen, mehr als die 3 laut Mitschrift: bitte die Reihe prüfen")
    app.into_view(notice, centred=True)
    app.shot("milestones-row-notice-de")  # under the row, with the values for the majorities
    app.scroll_top()
    app.shot("milestones-row-de")
    # Ben: 2 stone cutters, a sand worker, a sand worker with bonus tile, a grain farmer. The tracker's
    # tile comes with the first sand worker; at the table it lies on the second: moved by hand.
    app.click("Auslage von Ben", exact=False)
    app.wait_label("Punkte auf der Punktleiste von Ben: 8")
    set_space(app, 1, "Steinhauer")
    set_space(app, 2, "Steinhauer")
    set_space(app, 3, "Sandarbeiter")
    app.wait_label("Auf Wegefeld 3: Sandarbeiter mit Bonusplättchen")
    set_space(app, 4, "Sandarbeiter", bonus=True)
    app.click("Wegefeld 3: Bonusplättchen auf dem Sandarbeiter")
    assert app.wait_gone("Auf Wegefeld 3: Sandarbeiter mit Bonusplättchen")
    app.wait_label("Auf Wegefeld 4: Sandarbeiter mit Bonusplättchen")
    set_space(app, 5, "Getreidebauer")
    # Carla in a hurry: counts only (2 woodcutters, one with bonus tile; a grain farmer; a coin minter)
    app.click("Auslage von Carla", exact=False)
    app.wait_text("1 Arbeiterplättchen gekauft und 0 Arbeiter in der Burg abgedeckt, also hat Carla höchstens 6 "
                  "Arbeiter")
    app.click("Nur zählen")
    for name in ("Holzfäller", "Holzfäller", "Holzfäller mit Bonusplättchen", "Getreidebauern", "Münzpräger"):
        app.click(f"{name} +1 (Carla)")
    app.wait_label("Holzfäller mit Bonusplättchen von Carla: 1")
    app.wait_text("Steinhauer 0, Holzfäller 3, Sandarbeiter 0, Getreidebauern 1 und Münzpräger 1")
    app.shot("milestones-counts-de")

    # By hand (rulebook SPIELENDE: worker 1, with bonus tile 2; highest alone 5, tied highest 2 each):
    # stone cutters Anna 2, Ben 2, Carla 0 » Anna 2, Ben 2; woodcutters 2 / 0 / 3 » Carla 5;
    # sand workers 1 / 3 / 0 » Ben 5; grain farmers 0 / 1 / 1 » Ben 2, Carla 2;
    # coin minters 1 / 0 / 1 » Anna 2, Carla 2.
    # Anna 13 + 2 + 2 = 17; Ben 8 + 2 + 5 + 2 = 17; Carla 60 + 5 + 2 + 2 = 69.
    # Anna and Ben tie: Ben has 2 goods left (2 coins), Anna 1 (1 stone): Ben is second.
    app.calculate("Punkte berechnen")  # the boards as they are
    app.wait_text("Sieger: Carla")
    app.wait_text("1. Carla: 69 Punkte")
    app.wait_text("2. Ben: 17 Punkte")
    app.wait_text("3. Anna: 17 Punkte")
    app.wait_text("höchster Wert, gleichauf mit Ben: 2 Punkte")  # Anna's stone cutters
    app.wait_text("allein höchster Wert: 5 Punkte")
    app.wait_text("Gleichauf mit Anna bei 17 Punkten")  # the tie-break is worded where there is a tie
    app.wait_text("Stichentscheid: 2 übrige Güter \\(2 Münzen\\)")
    app.wait_text("Stichentscheid: 1 übriges Gut \\(1 Stein\\)")
    app.scroll_top()
    app.shot("milestones-result-de")
    for n in range(1, 4):
        app.page.mouse.move(195, 400)
        app.page.mouse.wheel(0, 650)
        app.shot(f"milestones-result-de-{n}")

    # ------------------------------------------------------------ the same screens in English
    app.go("settings")
    app.click("English")
    app.click("Light")
    app.go(f"game/{sid}/score")
    app.wait_text("Winner: Carla")  # every board is entered: the result stays until a board is changed
    app.click("Edit boards")
    app.wait_text("Calculate scores")
    app.wait_label("Path space 1 holds: Stone cutter with bonus tile")
    app.scroll_top()
    app.shot("milestones-row-en")
    assert ink_contrast(app, "Path space 8: Woodcutter") >= 3  # a kind not chosen still reads (light theme)
    app.click("Path space 7: Coin minter")  # a worker put on a space and taken off again: one tap each
    app.wait_label("Path space 7 holds: Coin minter")
    app.click("Path space 7: Coin minter")
    app.wait_label("Path space 7 holds: Empty or covered")
    app.click("Board of Carla", exact=False)
    app.wait_label("Woodcutters with a bonus tile of Carla: 1")
    app.shot("milestones-counts-en")
    app.calculate()  # Anna's board was changed (and changed back): confirmed again
    app.wait_text("Winner: Carla")
    app.wait_text("1. Carla: 69 points")
    app.wait_text("2. Ben: 17 points")
    app.wait_text("3. Anna: 17 points")
    app.wait_text("Ties: the player with more goods left")
    app.scroll_top()
    app.shot("milestones-result-en")
    for n in range(1, 4):
        app.page.mouse.move(195, 400)
        app.page.mouse.wheel(0, 650)
        app.shot(f"milestones-result-en-{n}")
    app.click("Confirm and save")
    app.wait_text("Winner: Carla")
    app.shot("milestones-history-en")
    assert not app.errors
