"""Issue 10's polish in a real browser on a phone, in English and German, with screenshots: emoji in
names render (the bundled Noto Emoji font is loaded), the name field counts to 30 characters, radio
rows and dialog buttons are 48 px high, full game names in the app bar, History and Statistics
filters have accessible names; at the end scoring a board that cannot be scored says so in words once
it is said to be entered (never before, never a JSON path), the tie-break is worded where a tie was
broken, and Milestones' count-only "+1 with bonus tile" adds the worker or says why it cannot."""

import json
import re
import sys

import pytest

from tests.browser.harness import ROOT, SENT_JS, App, Server

sys.path.insert(0, str(ROOT / "bench"))
import entry_effort  # noqa: E402

LONG_NAME = "Bartholomäus Maximilian von Hohenzollern"  # 40 characters: the field keeps 30

RECTS_JS = """(role) => Array.from(document.querySelectorAll('flt-semantics[role="' + role + '"]'))
    .map(e => { const r = e.getBoundingClientRect();
                return {name: e.getAttribute('aria-label') || e.textContent, height: r.height, width: r.width}; })
    .filter(r => r.height > 0)"""


def rects(app: App, role: str) -> list[dict]:
    return app.page.evaluate(RECTS_JS, role)


def radio_heights(app: App) -> dict[str, float]:
    """Each radio button's height, measured in the middle of the screen (at an edge only the part on the
    screen would be measured)."""
    heights = {}
    for radio in app.page.get_by_role("radio").all():
        app.into_view(radio, centred=True)
        heights[radio.get_attribute("aria-label")] = app.box(radio)["height"]
    return heights


def type_over(app: App, label: str, text: str, keeps: int) -> None:
    """Type `text` into a field that keeps only `keeps` characters: up to one short of the limit with
    `fill`, then key by key past it, as a person does, each key once the field has taken the last (and the
    server has answered it, where the key changed the field)."""
    app.fill(label, text[:keeps - 1])
    for typed in range(keeps, len(text) + 1):
        sent = app.page.evaluate(SENT_JS)
        app.page.keyboard.press(text[typed - 1])
        app.page.wait_for_function("(v) => document.activeElement?.value === v", arg=text[:min(typed, keeps)])
        if app.page.evaluate(SENT_JS) > sent:  # past the limit the field does not change: nothing is sent
            app.answered(sent)


def settings_lang(app: App, lang: str) -> None:
    app.go("settings")
    app.click({"en": "English", "de": "Deutsch"}[lang])


def prepared(tmp_path, game_id: str, sid: str) -> None:
    case = entry_effort.CASES[game_id]
    example = json.loads((entry_effort.EXAMPLES / case.example).read_text(encoding="utf-8"))
    entry_effort.prepare(tmp_path / "data", sid, game_id, example, case.play)


@pytest.fixture
def prepared_server(tmp_path):
    prepared(tmp_path, "castles-of-tuscany", "20250101-120000-cast")
    prepared(tmp_path, "milestones", "20250101-120000-mile")
    s = Server(tmp_path / "data").start()
    yield s
    s.stop()


def test_new_game_names_emoji_counter_touch_sizes_and_the_app_bar(browser, server):
    app = App(browser, server.url)
    fonts = []
    app.page.on("response", lambda r: fonts.append(r.status) if r.url.endswith("fonts/NotoEmoji-Regular.ttf") else None)
    app.open()
    app.click("New game")
    app.click("The Castles of Tuscany")
    app.click("2 players")
    app.fill("Player 1", "Zoë 🎲")
    type_over(app, "Player 2", LONG_NAME, keeps=30)
    box = app.page.get_by_role("textbox", name="Player 2")
    app.page.wait_for_function("(v) => document.activeElement?.value === v", arg=LONG_NAME[:30])
    assert box.input_value() == LONG_NAME[:30]
    app.wait_text("30 of 30 characters: a name ends here")  # said while typing; the field keeps 30
    app.wait_text("5 of 30 characters")  # "Zoë 🎲": Z, o, ë, space, die
    app.press(app.page.get_by_role("radio", name="Zoë 🎲"))
    app.wait_label("Zoë 🎲")
    radios = radio_heights(app)
    assert radios and all(h >= 47.5 for h in radios.values()), radios  # the start-player rows
    app.shot("polish-new-game-en")
    assert fonts and all(status in (200, 304) for status in fonts), fonts  # the emoji font is served, offline

    app.click("Start game")
    app.wait_text("Setup done – start playing")
    app.click("Setup done – start playing")
    app.wait_text("Bonus-tile pick")
    app.scroll_top()
    app.shot("polish-play-title-en")  # "The Castles of Tuscany" in two lines, "Zoë 🎲" on the cards
    sid = re.search(r"/game/([^/]+)/", app.page.url).group(1)

    # Final scoring too early (in the bar's menu) asks first: its dialog buttons are 48 px high.
    app.menu("Final scoring")
    app.page.wait_for_selector("flt-semantics[role=alertdialog]")
    app.shot("polish-dialog-en")
    buttons = [r for r in rects(app, "button") if r["name"]]
    assert len(buttons) >= 2 and all(r["height"] >= 47.5 for r in buttons), buttons
    app.click("Keep playing")
    app.page.wait_for_selector("flt-semantics[role=alertdialog]", state="detached")

    # Home's discard dialog: Cancel (a text button) and Discard (a filled button).
    app.go("")
    app.click(f"Discard The Castles of Tuscany (Zoë 🎲, {LONG_NAME[:30]})")
    app.page.wait_for_selector("flt-semantics[role=alertdialog]")
    buttons = {r["name"]: r["height"] for r in rects(app, "button") if r["name"] in ("Cancel", "Discard")}
    assert set(buttons) == {"Cancel", "Discard"} and min(buttons.values()) >= 47.5, buttons
    app.click("Cancel")

    settings_lang(app, "de")
    app.go(f"game/{sid}/play")
    app.wait_text("Bonuskärtchen-Wahl")
    app.shot("polish-play-title-de")
    app.go("new")
    app.click("Rom – Die Stadt der Baumeister")
    app.fill("Spieler 1", "Zoë 🎲")
    app.wait_text("5 von 30 Zeichen")
    app.fill("Spieler 2", "Ben")
    app.fill("Spieler 3", "Carla")
    app.press(app.page.get_by_role("radio", name="Carla"))
    radios = radio_heights(app)
    assert len(radios) == 4 and all(h >= 47.5 for h in radios.values()), radios  # 3 players and the draw
    app.shot("polish-new-game-de")
    app.click("Spiel starten")
    app.click("Aufbau fertig – los geht's")
    app.find(app.button("Blatt von Zoë 🎲", exact=False))  # the scoreboard, in German
    app.scroll_top()
    app.shot("polish-play-title-rome-de")  # "Rom – Die Stadt der Baumeister" in two lines
    assert not app.errors


def test_end_scoring_says_in_words_what_cannot_score_or_was_tied_and_what_a_count_cannot_do(browser, prepared_server):
    """One server and tab: The Castles of Tuscany's end scoring, its saved play in History and Statistics,
    then Milestones' end scoring."""
    app = App(browser, prepared_server.url)
    app.open("game/20250101-120000-cast/score")
    board_that_cannot_score(app)
    app.go("game/20250101-120000-mile/score")
    milestones_grid_and_counts(app)
    assert not app.errors


def board_that_cannot_score(app: App) -> None:
    app.wait_text("Calculate scores")
    app.fill("Red track (inner) of Anna", "30")  # below green 41: the table cannot be scored
    app.wait_label("Anna's board is entered")
    assert not app.has_text("red 30 is less than green", timeout=1500)  # not while it is being entered
    app.click("Anna's board is entered")
    # whose board at the top; on the board, where in words, then what
    app.wait_text("Anna's board cannot be scored yet: 1 thing to put right")
    problem = app.wait_text("red track: red 30 is less than green 41")
    assert "$" not in problem.text_content() and "players[" not in problem.text_content()
    app.into_view(problem)  # on Anna's board, below the table's list of empty fields
    app.shot("polish-score-error-board-en")
    app.scroll_top()
    app.shot("polish-score-error-en")
    app.fill("Red track (inner) of Anna", "112")
    assert not app.has_text("red 112 is less than", timeout=1500)

    # Anna and Ben tie on 117: the tie-break is worded on their cards.
    app.calculate()
    app.wait_text("Tied with Ben on 117 points")
    app.wait_text("Tied with Anna on 117 points")
    app.wait_text("Ties: more empty fields")
    app.scroll_top()
    app.shot("polish-result-tie-en")

    settings_lang(app, "de")
    app.go("game/20250101-120000-cast/score")
    app.wait_text("Gleichauf mit Ben bei 117 Punkten")
    app.shot("polish-result-tie-de")
    app.click("Ergebnis speichern")
    app.page.wait_for_url(re.compile(r"/history/"))

    # History and Statistics: the filters are named by what they filter and show.
    app.go("history")
    app.find(app.button("Spiel: Alle Spiele"))
    app.find(app.button("Spieler: Alle Spieler"))
    app.wait_text("The Castles of Tuscany")
    app.shot("polish-history-de")
    settings_lang(app, "en")
    app.go("history")
    # The menu opens on the page (the server is not asked): its entry is one more "The Castles of Tuscany".
    shown = app.page.get_by_text("The Castles of Tuscany", exact=True)
    before = shown.count()
    app.find(app.button("Game: All games")).click()
    app.page.wait_for_function("([t, n]) => Array.from(document.querySelectorAll('flt-semantics'))"
                               ".filter(e => e.textContent === t).length > n", arg=["The Castles of Tuscany", before])
    app.press(shown.last)
    app.find(app.button("Game: The Castles of Tuscany"))
    app.go("stats")
    app.find(app.button("Game: All games"))
    app.find(app.button("Player: All players"))
    app.shot("polish-stats-en")


def milestones_grid_and_counts(app: App) -> None:
    app.wait_text("Calculate scores")
    # The prepared game's tracker saw Anna lay her bonus tile on a stone cutter: it comes with the worker.
    app.click("Path space 1: Stone cutter")
    app.wait_label("Path space 1 holds: Stone cutter with bonus tile")
    app.scroll_top()
    app.shot("polish-milestones-grid-en")

    app.click("Count only")
    app.click("Woodcutters with a bonus tile +1 (Anna)")  # at 0 woodcutters: adds one
    app.wait_label("Woodcutters of Anna: 1")
    app.wait_label("Woodcutters with a bonus tile of Anna: 1")
    for _ in range(6):
        app.click("Sand workers +1 (Anna)")
    app.wait_label("Sand workers of Anna: 6")  # 1 stone cutter, 1 woodcutter, 6 sand workers: 8
    full = "All 8 path spaces hold a worker: take one off first."
    app.wait_text(re.escape(full))
    blocked = app.page.get_by_role("button", name=f"Grain farmers +1 (Anna) ({full})")
    assert blocked.count() == 1 and blocked.get_attribute("aria-disabled") == "true"
    app.shot("polish-milestones-counts-full-en")

    settings_lang(app, "de")
    app.go("game/20250101-120000-mile/score")
    app.wait_text("Alle 8 Wegefelder haben einen Arbeiter")
    app.shot("polish-milestones-counts-full-de")
    app.click("Arbeiterreihe")
    app.wait_label("Auf Wegefeld 1: Steinhauer mit Bonusplättchen")
    app.scroll_top()
    app.shot("polish-milestones-grid-de")
