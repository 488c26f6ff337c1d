"""A 2-player game of The Castles of Tuscany in a real browser, on the scoreboard: round 1 in English and
the rest in German on the dark theme. The scoreboard (the red track in large type, the green track beside
it, the turn marker, the start player), the bonus-tile pick from the thumb slot ("Pick: Anna") and from a
player's sheet, a player's sheet (the entries of a turn, a
colour bonus whose printed points are asked for on the spot, the number pad), the turns clockwise with
"Next" in the thumb slot and the round's end as the next step once the turn cycle is complete, the three
scorings (green added onto red and never reset), the extra turn cycle, the score sheet (both tracks, a
row per round and per scoring), and the final scoring with both tie-breaks.

The numbers, worked by hand from the rulebook (Siegpunkte, Wertungen, Schlusswertung):
  pick: Anna +1 card, Ben +1 storage space (+2 green).
  Round 1: Anna 2 yield cards of 2 red (red 4), colour bonus dark green side I (3, entered when
    asked) and a 3-field region (6): green 9. Ben 2 new agriculture kinds: green 4.
    Scoring 1 (the rulebook's example): Anna 4 + 9 = 13, Ben 0 + 4 = 4.
  Round 2: Anna yield 6 green, regions of 3 and 1 fields: green 9 + 6 + 6 + 1 = 22; yield 2 red: 15.
    Ben colour bonus dark green side II (2, asked for in German): green 6.
    Scoring 2 (the rulebook's example): Anna 15 + 22 = 37, Ben 4 + 6 = 10.
  Round 3: Ben yield 6 red and +30 red (number pad): 46. Extra turn cycle: Ben 3-field region: green 12.
    Scoring 3: Anna 37 + 22 = 59, Ben 46 + 12 = 58.
  Score sheet (red/green per round, then per scoring): Anna 4/9, 9, 2/13, 22, 0, 0, 22 = 59/22;
    Ben 0/4, 4, 0/2, 6, 36/0, 0/6, 12 = 58/12.
  Final: Anna 59 + 1 marble + 5 cards (1) = 61; Ben 58 + 2 workers + 5 cards (1) = 61. Tied:
    empty fields Ben 3 > Anna 2: Ben wins; with Ben's empty fields corrected to 2, green 22 > 12: Anna.
"""

import json
import re
import sys

import pytest
from playwright.sync_api import expect

from companion.games import GAMES
from companion.storage import Repository
from tests.browser.harness import ROOT, TIMEOUT, App, Server

sys.path.insert(0, str(ROOT / "bench"))
import entry_effort  # noqa: E402

TABLE_SID = "20250101-120000-cast3"
BAD_SID = "20250101-120000-cast31"  # the same table, Ben's board saved with 31 empty fields

LANG_BUTTON = {"en": "English", "de": "Deutsch"}
BACK = {"en": "Back", "de": "Zurück"}
SHEET = {"en": ("{player}'s sheet", "Close {player}'s sheet"), "de": ("Blatt von {player}", "Blatt von {player} schließen")}
SCORE_SHEET = {"en": "Score sheet", "de": "Punkteblatt"}


def field_holds(app: App, label: str, value: str) -> None:
    """A text field holds `value`: Flutter fills the input element once it has the focus, on a loaded
    machine some seconds after the focus (the input is read as it is filled, not before)."""
    box = app.find(app.page.get_by_role("textbox", name=label))
    app.focus(box)
    expect(box).to_have_value(value, timeout=TIMEOUT)


def switch(app: App, lang: str, path: str, theme: str | None = None) -> None:
    """The language (and `theme`) chosen in Settings, then back to `path` (inside the app: no reload)."""
    app.go("settings")
    app.click(LANG_BUTTON[lang])
    if theme:
        app.click(theme)
    app.go(path)
    app.find(app.button(BACK[lang]))
    app.idle()


def sheet(app: App, lang: str, player: str) -> None:
    """Open `player`'s sheet with a tap on their name, in the page's language (`App.sheet`: the tap waits
    for the server's answer, the sheet for its slide)."""
    app.sheet(player, *SHEET[lang])


def entries(app: App, lang: str, player: str, *made, close: bool = True) -> None:
    """Entries in `player`'s sheet: each (action, choice or None) tapped there, its choice in the dialog. The
    scoreboard is at the top of the page (a wait for a text further down may have scrolled it)."""
    app.scroll_top()
    sheet(app, lang, player)
    for action, choice in made:
        app.click(f"{action} ({player})")
        if choice is not None:
            app.click(f"{action}: {choice}", dialog=True)
    if close:
        app.close_sheet(player, SHEET[lang][1])


def take_tiles(app: App, lang: str, player: str, tiles: int) -> None:
    name = {"en": "Tile taken", "de": "Plättchen genommen"}[lang]
    entries(app, lang, player, *[(name, None)] * tiles)


def in_thumb_slot(app: App, start: str) -> bool:
    """Whether a button whose name begins with `start` is there: the thumb slot is always on screen, so
    the tree as it is says it (no scrolling through the page, as `absent` does)."""
    return app.page.get_by_role("button", name=re.compile("^" + re.escape(start))).count() > 0


def next_player(app: App, name: str, on_turn: str) -> None:
    """The thumb slot's "Next: …", then the scoreboard marks that player."""
    app.click(name)
    app.scroll_top()
    app.wait_label(on_turn)


def score_sheet(app: App, lang: str, rows: list[str], totals: tuple[str, str], shot: str | None = None) -> None:
    """The score sheet, one tap from the scoreboard: its rows in order and the totals."""
    app.click(SCORE_SHEET[lang])
    app.wait_text({"en": "Total", "de": "Summe"}[lang])
    ys = [app.box(app.text(f"^{re.escape(row)}$"))["y"] for row in rows]
    assert ys == sorted(ys)
    for total in totals:
        app.wait_text(f"^{total}$")
    if shot:
        app.shot(f"castles-{shot}-{lang}")
    app.click({"en": "Close", "de": "Schließen"}[lang], dialog=True)


def test_two_player_game_through_three_scorings(browser, server):
    app = App(browser, server.url).open()
    sid = app.new_game("The Castles of Tuscany", ["Anna", "Ben"])
    play = f"game/{sid}/play"

    app.wait_text("Shuffle the 122 cards")
    assert app.has_text("Anna, the youngest player, is start player")
    app.shot("castles-setup-en")
    app.click("Setup done – start playing")

    # The bonus-tile pick, in turn order; the scoreboard marks the player choosing; no turns yet.
    app.wait_text("Bonus-tile pick: Anna chooses next")
    app.wait_label("Anna is on turn")
    app.wait_label("Red track (inner) of Anna: 0")
    assert not in_thumb_slot(app, "Next: ")
    app.shot("castles-play-pick-en")
    # The pick is the thumb slot's step, named for whose it is (issue 39); the bonus tiles in its dialog.
    app.click("Pick: Anna")
    app.click("Pick: Anna: +1 card", dialog=True)
    app.wait_label("Ben is on turn")
    assert in_thumb_slot(app, "Pick: Ben")
    entries(app, "en", "Ben", ("Bonus tile", "+1 storage space"))
    app.wait_label("Green track of Ben: 2")  # beside his score: "+1 storage space" is +2 green at once
    app.wait_label("Anna is on turn")  # the start player takes the first turn

    # Round 1: Anna's turn entries in her sheet.
    entries(app, "en", "Anna", ("Yield card: red points", "2"), ("Yield card: red points", "2"), close=False)
    app.wait_label("Red track (inner) of Anna: 4")
    app.shot("castles-sheet-en")
    app.click("Colour completed (colour bonus) (Anna)")
    app.wait_text("dark green \\(castle\\)")
    # Nobody has entered the tile's points yet: the entry is refused and the value asked for right here.
    app.click("Colour completed (colour bonus): dark green (castle)", dialog=True)
    app.wait_text("are not entered yet")
    app.shot("castles-box-prompt-en")
    app.fill("Colour-bonus tile dark green (castle), side I: points", "3")
    app.click("Save")
    app.wait_label("Green track (outer) of Anna: 3")  # the entry was repeated with the value
    app.click("Region completed (Anna)")
    app.click("Region completed: 3 fields: 6 green", dialog=True)
    app.close_sheet("Anna")
    app.wait_label("Green track of Anna: 9")
    next_player(app, "Next: Ben", "Ben is on turn")
    entries(app, "en", "Ben", ("New agriculture kinds", "2 new kinds: +2 green"))
    app.wait_label("Green track of Ben: 4")
    next_player(app, "Next: Anna", "Anna is on turn")  # a turn cycle after another

    # Anna empties stack 1 on her turn: the round ends with this turn cycle (Ben plays last).
    take_tiles(app, "en", "Anna", 6)
    app.wait_text(r"Anna: stack 1, 1 left \(6 of 21\)")
    assert app.absent("Round 1 complete")
    take_tiles(app, "en", "Anna", 1)
    app.wait_text(r"Anna emptied stack 1: play the turn cycle to its end \(Ben is last\)")
    app.wait_text("Anna takes a tile and empties stack 1")
    app.find(app.button("Round 1 complete: scoring 1"))  # offered, but Ben still plays: "Next" is the main step
    next_player(app, "Next: Ben", "Ben is on turn")
    assert not in_thumb_slot(app, "Next: ")  # after Ben's turn comes the scoring, the one step left
    app.shot("castles-round-end-en")
    app.click("Round 1 complete: scoring 1")  # one tap, no question: Undo takes it back
    app.wait_label("Red track (inner) of Anna: 13")  # the rulebook: green 9 onto red 4
    app.wait_label("Green track of Anna: 9")  # green is not reset
    app.wait_label("Red track (inner) of Ben: 4")
    app.wait_label("Anna is on turn")  # round 2 begins with the start player
    app.wait_text("Scoring 1: Anna: red from 4 to 13 with 9 green points; Ben: red from 0 to 4 with 4 green points")
    assert app.has_text("Round 2 of 3")
    app.shot("castles-scoring1-en")
    score_sheet(app, "en", ["Red track (inner)", "Green track (outer)", "Round 1", "Scoring 1", "Round 2", "Total"],
                ("13", "4", "9"), shot="score-sheet")

    # Round 2 and on, in German on the dark theme (the walk over every screen shoots the scoreboard, a
    # sheet, the tile dialog and the end scoring in both languages and both themes).
    switch(app, "de", play, "Dunkel")
    app.wait_text("Durchgang 2 von 3")
    entries(app, "de", "Anna", ("Ertragskarte: grüne Punkte", "6"), ("Farbgebiet komplettiert", "3 Felder: 6 grün"),
            ("Farbgebiet komplettiert", "1 Feld: 1 grün"), ("Ertragskarte: rote Punkte", "2"))
    app.wait_label("Grüne Leiste von Anna: 22")
    app.wait_label("Rote Leiste (innen) von Anna: 15")
    next_player(app, "Weiter: Ben", "Ben ist am Zug")
    # Ben completes dark green second: side II's points are asked for, in German.
    entries(app, "de", "Ben", ("Farbe vollendet (Farbbonus)", "Dunkelgrün (Kastell)"), close=False)
    app.wait_text("noch nicht")
    app.shot("castles-box-prompt-side2-de")
    app.fill("Farbbonus-Plättchen Dunkelgrün (Kastell), Seite II: Punkte", "2")
    app.click("Speichern")
    app.wait_label("Grüne Leiste (außen) von Ben: 6")
    app.close_sheet("Ben", SHEET["de"][1])

    # The colour-bonus tiles in the panel: dark green is back in the box; a tile's dialog enters or corrects points.
    app.wait_text("Farbbonus-Plättchen Dunkelgrün \\(Kastell\\): zurück in der Schachtel")
    app.wait_text("In der Schachtel")  # the tile's own words: no "–", no "I · ?"
    app.wait_text("Seite I: Punkte eingeben")  # red: nobody has entered its points yet
    red = app.find(app.button("Farbbonus-Plättchen Rot (Stadt)", exact=False))
    app.into_view(red, centred=True)
    app.shot("castles-panel-de")
    app.press(red)
    app.wait_text("Seite II: Punkte")
    app.shot("castles-tile-dialog-de")
    # Red's side I entered from its tile: kept with the box data and handed to the tracker at once.
    app.fill("Farbbonus-Plättchen Rot (Stadt), Seite I: Punkte", "4")
    app.click("Speichern")
    app.wait_text("Seite I: 4 Punkte")
    app.wait_label("Farbbonus-Plättchen Rot (Stadt): Seite I oben, 4 Punkte")
    kept = Repository(server.data_dir, GAMES, read_only=True).box_data("castles-of-tuscany")
    assert kept["colour_bonus.red.I"] == 4

    # Anna is on stack 2 already; Ben empties stack 2 (14 tiles) on his turn, the last of the cycle.
    take_tiles(app, "de", "Ben", 14)
    app.wait_text("Ben hat Stapel 2 geleert|Stapel 2 geleert von: Ben")
    assert not in_thumb_slot(app, "Weiter: ")
    app.click("Durchgang 2 zu Ende: Wertung 2")
    app.wait_label("Rote Leiste (innen) von Anna: 37")  # the rulebook: 13 + 2 + 22
    app.wait_label("Grüne Leiste von Anna: 22")
    app.wait_label("Rote Leiste (innen) von Ben: 10")
    app.wait_text("Wertung 2: Anna: Rot von 15 auf 37 mit 22 grünen Punkten; Ben: Rot von 4 auf 10 mit 6 grünen Punkten")
    app.shot("castles-scorings-de")

    # Round 3: Ben scores red (a yield card, then +30 typed on the number pad), empties stack 3; one more
    # full turn cycle follows.
    next_player(app, "Weiter: Ben", "Ben ist am Zug")
    entries(app, "de", "Ben", ("Ertragskarte: rote Punkte", "6"), close=False)
    for typed in ("3", "30"):  # each digit shown before the next is typed
        app.click(typed[-1])
        app.wait_label(f"Zu Rote Leiste (innen) von Ben: +{typed}")
    app.click("30 dazu")
    app.wait_label("Rote Leiste (innen) von Ben: 46")
    app.close_sheet("Ben", SHEET["de"][1])
    take_tiles(app, "de", "Ben", 7)
    app.wait_text("Stapel 3 geleert von: Ben")
    app.click("Durchgang 3 zu Ende: weitere Runde spielen")
    app.wait_text("Weitere Runde: alle sind noch einmal dran, Anna zuerst und Ben zuletzt")
    app.wait_label("Anna ist am Zug")  # the extra cycle begins with the start player
    app.wait_label("Rote Leiste (innen) von Ben: 46")  # no scoring before the extra turn cycle
    app.shot("castles-extra-cycle-de")
    next_player(app, "Weiter: Ben", "Ben ist am Zug")
    entries(app, "de", "Ben", ("Farbgebiet komplettiert", "3 Felder: 6 grün"))
    assert not in_thumb_slot(app, "Weiter: ")
    app.click("Weitere Runde gespielt: dritte Wertung")  # it ends the game: the one step that asks
    app.click("Weitere Runde gespielt: dritte Wertung", dialog=True)
    app.wait_label("Rote Leiste (innen) von Anna: 59")
    app.wait_label("Rote Leiste (innen) von Ben: 58")
    app.wait_text("Wertung 3: Anna: Rot von 37 auf 59 mit 22 grünen Punkten; Ben: Rot von 46 auf 58 mit 12 grünen Punkten")
    app.wait_text("Die dritte Wertung ist erfolgt")
    app.scroll_top()
    app.wait_label("Anna an den Zug setzen")  # nobody is on turn after the end: no marker is filled
    assert app.button("Anna ist am Zug").count() == app.button("Ben ist am Zug").count() == 0
    score_sheet(app, "de", ["Rote Leiste (innen)", "Grüne Leiste (außen)", "Durchgang 1", "Wertung 1", "Durchgang 2",
                            "Wertung 2", "Durchgang 3", "Weitere Runde", "Wertung 3", "Summe"], ("59", "58", "22", "12"),
                shot="score-sheet")
    app.shot("castles-finished-de")

    # The final scoring (the thumb slot's step now), prefilled from the tracker.
    app.click("Schlusswertung")
    score = f"game/{sid}/score"
    app.wait_text("Punkte berechnen")
    field_holds(app, "Rote Leiste (innen) von Anna", "59")
    field_holds(app, "Grüne Leiste (außen) von Anna", "22")
    app.wait_label("Handkarten von Anna: 5")
    # the storage spaces as the tracker counted them: Anna took "+1 card", Ben "+1 storage space"
    app.wait_label("Ablagefelder von Anna: 1")
    app.click("Marmor +1 (Anna)")
    app.wait_text("Anna liegt gerade mit niemandem gleichauf")  # Ben's workers are not entered yet
    app.click("Anna: 2 leere Felder")  # the empty fields in one tap
    app.wait_label("Leere Felder von Anna: 2")
    app.scroll_top()
    app.click("Auslage von Ben", exact=False)
    field_holds(app, "Rote Leiste (innen) von Ben", "58")
    app.wait_label("Ablagefelder von Ben: 2")
    app.fill("Rote Leiste (innen) von Ben", "5")  # a typo on the way ...
    app.fill("Rote Leiste (innen) von Ben", "58")  # ... corrected
    app.click("Arbeiter +1 (Ben)")
    app.click("Arbeiter +1 (Ben)")
    app.wait_text("Ben liegt mit Anna gleichauf bei 61 Punkten")  # 61 each: the empty fields decide
    app.click("Ben: 3 leere Felder")  # one control: the count itself
    app.wait_label("Leere Felder von Ben: 3")
    assert app.absent(re.escape("Leere Felder +1 (Ben)"))  # no second control for the same count
    app.shot("castles-score-entry-de")
    app.calculate("Punkte berechnen")  # both boards as they are now
    # 61 each; Ben has more empty fields.
    app.wait_text("1. Ben: 61 Punkte")
    app.wait_text("2. Anna: 61 Punkte")
    assert app.has_text("Sieger: Ben")
    assert app.has_text("Gleichauf mit Anna bei 61 Punkten")  # the tie-break worded where a tie was broken
    assert app.has_text("Stichentscheid: 3 leere Felder, 12 grüne Punkte")
    assert app.has_text("5 Karte")
    app.shot("castles-result-de")

    # Corrected: Ben has 2 empty fields too, so the green track decides (Anna 22, Ben 12). In the table's
    # list of empty fields, without opening Ben's board.
    app.click("Auslagen ändern")
    app.click("Ben: 2 leere Felder")
    app.wait_label("Leere Felder von Ben: 2")
    app.calculate("Punkte berechnen")  # Ben's board changed: confirmed again
    app.wait_text("1. Anna: 61 Punkte")
    app.wait_text("2. Ben: 61 Punkte")
    assert app.has_text("Sieger: Anna")
    app.shot("castles-result-green-de")
    switch(app, "en", score)  # every board is entered: the result stays until a board is changed
    app.wait_text("1. Anna: 61 points")
    app.wait_text("Red track")
    app.shot("castles-result-green-en")
    switch(app, "de", score)
    app.click("Ergebnis speichern")
    app.wait_text("Sieger: Anna")
    app.shot("castles-history-de")
    assert not app.errors


@pytest.fixture
def table_server(tmp_path):
    """The example table (examples/castles-of-tuscany-three-players.json) played through the tracker, at
    its final scoring: everything but the empty fields prefilled."""
    case = entry_effort.CASES["castles-of-tuscany"]
    example = json.loads((entry_effort.EXAMPLES / case.example).read_text(encoding="utf-8"))
    entry_effort.prepare(tmp_path / "data", TABLE_SID, case.game, example, case.play)
    bad = entry_effort.prepare(tmp_path / "data", BAD_SID, case.game, example, case.play)
    bad.board = bad.definition.end.board_from_tracker(bad.state, bad.config)
    bad.board["players"][1]["empty_fields"] = 31  # from a file or an older version: the list cannot make it
    Repository(tmp_path / "data", GAMES).save(bad)
    s = Server(tmp_path / "data").start()
    yield s
    s.stop()


def test_every_players_empty_fields_on_one_screen_and_on_every_phone(browser, table_server):
    """The empty fields of the whole table in one list above the boards: a count chosen there for another
    player is on that player's board and on the other phone; it is that player's board changed (entered
    again), and "…'s board is entered" still goes board by board."""
    score = f"game/{TABLE_SID}/score"
    anna = App(browser, table_server.url).open(score)
    ben = App(browser, table_server.url).open(score)
    anna.wait_text("0 of 3 boards entered")
    ben.wait_text("0 of 3 boards entered")
    anna.wait_label("Board of Anna")  # Anna's board open; the list holds every player's count
    anna.wait_label("Empty fields of Clara: 0")
    anna.wait_text("Anna is tied with Ben on 117 points")  # the one tie the empty fields decide
    anna.wait_text("Clara is not tied with anyone")

    # Ben's board is entered on his phone (which then opens the next board still to be entered) ...
    ben.click("Board of Ben", exact=False)
    ben.click("Ben's board is entered")
    anna.wait_text("1 of 3 boards entered")
    # ... and Anna counts his empty fields from her phone, with her own board open: it is his board changed.
    anna.click("Ben: 4 empty fields")
    anna.wait_label("Empty fields of Ben: 4")
    ben.wait_label("Empty fields of Ben: 4")  # the other phone's list
    ben.wait_text("0 of 3 boards entered")  # a changed board is not entered any more
    anna.wait_text("0 of 3 boards entered")
    ben.click("Board of Ben", exact=False)
    ben.wait_text("Empty fields: 4, entered above for the whole table")  # on Ben's board there
    anna.wait_text("Empty fields: 0, entered above for the whole table")  # Anna's own board: hers
    anna.click("Board of Ben", exact=False)
    anna.wait_text("Empty fields: 4, entered above for the whole table")  # Ben's board on Anna's phone
    anna.scroll_top()
    anna.shot("castles-table-empty-fields-en")

    # Anna's own count, and the boards entered one by one.
    anna.click("Anna: 2 empty fields")
    ben.wait_label("Empty fields of Anna: 2")
    ben.click("Ben's board is entered")
    anna.wait_text("1 of 3 boards entered")
    anna.click("Board of Anna", exact=False)
    anna.click("Anna's board is entered")
    ben.wait_text("2 of 3 boards entered")
    ben.calculate()  # Clara's board as it is
    for phone in (anna, ben):  # 117 each: Ben's 4 empty fields beat Anna's 2
        phone.wait_text("1. Ben: 117 points")
        phone.wait_text("2. Anna: 117 points")

    # The same list in German.
    ben.go("settings")
    ben.click("Deutsch")
    ben.click("Dunkel")
    ben.go(score)
    ben.click("Auslagen ändern")
    ben.wait_label("Leere Felder von Ben: 4")
    ben.wait_text("Anna liegt mit Ben gleichauf bei 117 Punkten")
    ben.scroll_top()
    ben.shot("castles-table-empty-fields-de")

    # A count the board cannot have is said in the list, on Ben's line, not on his board below. Ben's board
    # cannot be confirmed: Calculate's question confirms the other two.
    anna.go(f"game/{BAD_SID}/score")
    anna.calculate(rest=False)
    anna.click("Confirm the boards of Anna and Clara as they are", dialog=True)
    problem = anna.wait_text("empty fields: a board has 30 fields and the start castle covers one, so at most 29 "
                             "can be empty, found 31")
    anna.into_view(problem)
    anna.idle()
    y = {name: anna.box(anna.text(name))["y"] for name in ("Empty fields of Ben", "Empty fields of Clara")}
    assert y["Empty fields of Ben"] < anna.box(problem)["y"] < y["Empty fields of Clara"]
    anna.shot("castles-table-empty-fields-problem-en")
    assert anna.absent("cannot be scored yet")  # nothing on a board to point to
    assert not anna.errors and not ben.errors, (anna.errors, ben.errors)
