"""Issue 10: every control is a 48 px tap target and has an accessible name, on every main screen.

One server, one tab, one walk through the app on a screen as wide as a phone (390 px) and twice as tall
(TALL): Home, New game, the setup checklist, the tracker of a game in play (its menu, Final scoring asked
early, a player's sheet with its number pad), the tracker of each game at its
end (a player's sheet, the score sheet, the game's own dialogs), box values asked during play, the end
scoring of each game, a result, History, a played game, Statistics, Settings with the box data, Invite.
On each screen every control in Chromium's accessibility tree (buttons, checkboxes, radios, switches,
tabs, links, text fields, menus) is measured, scrolling the screen down in steps, and the test names
every control that is smaller than 48×48 CSS px or has no name, with its screen. The walk runs twice: in
English on the light theme, and in German on the dark theme (its screenshots, in
test-artifacts/screenshots/walk-*, are the dark-mode check)."""

from __future__ import annotations

import base64
import json
import re
import sys
from dataclasses import dataclass, field

import pytest

from tests.browser.harness import ROOT, App, Server

sys.path.insert(0, str(ROOT / "bench"))
import entry_effort  # noqa: E402
from common import make_game  # noqa: E402

TOUCH = 48
TOLERANCE = 0.5  # Flutter lays out in fractions of a pixel
CONTROL_ROLES = {"button", "checkbox", "radio", "switch", "tab", "link", "menuitem", "menuitemcheckbox",
                 "menuitemradio", "option", "combobox", "slider", "spinbutton", "textbox", "searchbox",
                 "togglebutton", "popupbutton"}
# A phone's width and twice its height: how large a control is depends on the width (that is where labels
# wrap), the height only on how much of a screen is seen at once, i.e. how often the walk scrolls.
TALL = {"width": 390, "height": 1688}
# px scrolled between two measurements: the part of the screen seen before and after (about 340 px under the
# app bar) is taller than any control, so that every control is seen whole once
STEP = 1200
MAX_STEPS = 16

SIDS = {game_id: f"20250101-120000-{game_id[:4]}" for game_id in entry_effort.CASES}
# Castles of Tuscany with every board entered: the result screen (one for each walk, which saves it)
FINISHED = ("20250101-130000-done", "20250101-140000-done")
# Castles of Tuscany in play after the bonus-tile pick, its colour-bonus points not entered yet: a colour
# completed asks for the points printed on that tile (box data during play)
BOX_DURING_PLAY = "20250101-150000-tile"
FIRST_PLAYER = {game_id: json.loads((entry_effort.EXAMPLES / case.example).read_text(encoding="utf-8"))
                ["players"][0]["name"] for game_id, case in entry_effort.CASES.items()}

# Every semantics element's box, and whether a scrolling ancestor cuts it (Flutter gives a control that
# is partly scrolled out of view the visible part as its box: measured again further down or up).
BOXES_JS = """() => {
  const out = {};
  for (const e of document.querySelectorAll('flt-semantics[id]')) {
    const r = e.getBoundingClientRect();
    let cut = r.width === 0 || r.height === 0;
    for (let a = e.parentElement; a && !cut; a = a.parentElement) {
      const s = getComputedStyle(a);
      const scrolls = (v) => v === 'scroll' || v === 'auto';
      if (scrolls(s.overflowY) || scrolls(s.overflowX)) {
        const ar = a.getBoundingClientRect();
        cut = r.top <= ar.top + 0.5 || r.bottom >= ar.bottom - 0.5 || r.left <= ar.left - 0.5 || r.right >= ar.right + 0.5;
        if (!scrolls(s.overflowX)) cut = r.top <= ar.top + 0.5 || r.bottom >= ar.bottom - 0.5;
      }
    }
    out[e.id] = {w: r.width, h: r.height, y: r.top, cut: cut};
  }
  return out;
}"""


# Text that can be read: for each piece of text on screen (a semantics node with text of its own), the
# colour most of its box has (its background) and the pixel furthest from it in luminance (the ink of its
# glyphs); their contrast ratio (WCAG). Disabled controls are meant to be faint and are left out.
CONTRAST_JS = """async ([png, minimum]) => {
  const bitmap = await createImageBitmap(await (await fetch('data:image/png;base64,' + png)).blob());
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const g = canvas.getContext('2d', {willReadFrequently: true});
  g.drawImage(bitmap, 0, 0);
  const lin = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
  const lum = (d, i) => 0.2126 * lin(d[i]) + 0.7152 * lin(d[i + 1]) + 0.0722 * lin(d[i + 2]);
  const low = [];
  // The bottom bar: the row of buttons along the bottom edge. A text of the page partly under it (its
  // edge or shadow the only "second colour" in the text's box) is not a faint text: it is not in view.
  const bottom = window.innerHeight;
  const bar = Math.min(bottom, ...Array.from(document.querySelectorAll('flt-semantics[role=button]'),
    b => b.getBoundingClientRect()).filter(r => r.height > 0 && r.bottom > bottom - 80).map(r => r.top - 16));
  for (const e of document.querySelectorAll('flt-semantics')) {
    const own = Array.from(e.children).filter(c => c.tagName === 'SPAN').map(c => c.textContent).join('').trim();
    if (!own || e.closest('[aria-disabled="true"]')) continue;
    const r = e.getBoundingClientRect();
    if (r.top < bar && r.bottom > bar) continue;
    const x = Math.max(0, Math.floor(r.left)), y = Math.max(0, Math.floor(r.top));
    const w = Math.min(bitmap.width, Math.ceil(r.right)) - x, h = Math.min(bitmap.height, Math.ceil(r.bottom)) - y;
    if (w < 8 || h < 8) continue;
    const d = g.getImageData(x, y, w, h).data;
    const counts = new Map();
    let mode = 0, best = 0;
    for (let i = 0; i < d.length; i += 4) {
      const key = (d[i] >> 3) << 10 | (d[i + 1] >> 3) << 5 | (d[i + 2] >> 3);
      const n = (counts.get(key) || 0) + 1;
      counts.set(key, n);
      if (n > best) { best = n; mode = i; }
    }
    const back = lum(d, mode);
    let ratio = 1;
    for (let i = 0; i < d.length; i += 4) {
      const l = lum(d, i);
      ratio = Math.max(ratio, (Math.max(l, back) + 0.05) / (Math.min(l, back) + 0.05));
    }
    // No second colour at all: the text is not drawn there (under the bottom bar, behind a panel).
    if (ratio < minimum && ratio > 1.05) low.push({text: own.split('\\n')[0].slice(0, 60), ratio: Math.round(ratio * 10) / 10});
  }
  return low;
}"""
MIN_CONTRAST = 3.0  # WCAG's minimum for large text and for controls; the ink pixel is a glyph's darkest or brightest


@dataclass
class Control:
    screen: str
    role: str
    name: str
    width: float = 0
    height: float = 0

    def __str__(self) -> str:
        return f"{self.screen}: {self.role} {self.name!r} {self.width:.0f}×{self.height:.0f} px"


@dataclass
class Walk:
    app: App
    tag: str
    seen: dict = field(default_factory=dict)  # (screen, role, name, element id) -> Control (largest box seen)
    screens: list = field(default_factory=list)
    faint: list = field(default_factory=list)  # text too close to its background, with its screen

    def controls(self, screen: str) -> str:
        """The controls of Chromium's accessibility tree and their boxes; a signature of the positions."""
        cdp = self.app.context.new_cdp_session(self.app.page)
        try:
            doc = cdp.send("DOM.getDocument", {"depth": -1, "pierce": False})
            ids = {}  # element -> its semantics node's id (a text field's <input> has none of its own)
            stack = [(doc["root"], None)]
            while stack:
                node, owner = stack.pop()
                attrs = node.get("attributes", [])
                owner = dict(zip(attrs[::2], attrs[1::2])).get("id", owner)
                if owner:
                    ids[node["backendNodeId"]] = owner
                stack.extend((child, owner) for child in node.get("children", []))
            tree = cdp.send("Accessibility.getFullAXTree")["nodes"]
        finally:
            cdp.detach()
        boxes = self.app.page.evaluate(BOXES_JS)
        for node in tree:
            role = node.get("role", {}).get("value")
            if node.get("ignored") or role not in CONTROL_ROLES:
                continue
            element = ids.get(node.get("backendDOMNodeId"))
            box = boxes.get(element)
            if box is None or box["cut"]:
                continue
            name = (node.get("name", {}).get("value") or "").strip()
            key = (screen, role, name, element)
            found = self.seen.setdefault(key, Control(screen, role, name.split("\n")[0][:80]))
            found.width, found.height = max(found.width, box["w"]), max(found.height, box["h"])
        return json.dumps(sorted((k, round(v["y"])) for k, v in boxes.items()))

    def screen(self, screen: str, scroll: bool = True) -> None:
        """Measure the screen as it is, then page by page down to its end; screenshot the top."""
        self.app.idle()
        self.screens.append(screen)
        shot = self.app.picture(f"walk-{self.tag}-{screen}")
        png = base64.b64encode(shot.read_bytes()).decode()
        self.faint += [f"{screen}: {t['text']!r} at {t['ratio']}:1"
                       for t in self.app.page.evaluate(CONTRAST_JS, [png, MIN_CONTRAST])]
        before = self.controls(screen)
        if not scroll:
            return
        for _ in range(MAX_STEPS):
            self.app.wheel(STEP)
            self.app.idle(quiet=100)
            now = self.controls(screen)
            if now == before:
                break
            before = now
        self.app.scroll_top()

    def counts(self) -> dict[str, int]:
        return {screen: sum(1 for c in self.seen.values() if c.screen == screen) for screen in self.screens}

    def offenders(self) -> list[str]:
        small = [str(c) for c in self.seen.values()
                 if c.width < TOUCH - TOLERANCE or c.height < TOUCH - TOLERANCE]
        nameless = [f"{c.screen}: a {c.role} without a name ({c.width:.0f}×{c.height:.0f} px)"
                    for c in self.seen.values() if not c.name]
        return small + nameless


def prepare(data) -> None:
    for game_id, case in entry_effort.CASES.items():
        example = json.loads((entry_effort.EXAMPLES / case.example).read_text(encoding="utf-8"))
        entry_effort.prepare(data, SIDS[game_id], game_id, example, case.play)
    # A game whose boards are all entered: its end scoring shows the result.
    from companion.games import GAMES
    from companion.storage import Repository
    case = entry_effort.CASES["castles-of-tuscany"]
    example = json.loads((entry_effort.EXAMPLES / case.example).read_text(encoding="utf-8"))
    for sid in FINISHED:
        game = entry_effort.prepare(data, sid, case.game, example, case.play)
        game.board = example
        game.board_done = list(range(len(example["players"])))
        Repository(data, GAMES).save(game)
    make_game(data, "castles-of-tuscany", BOX_DURING_PLAY, players=2)  # Anna and Ben
    repo = Repository(data, GAMES)
    game = repo.game(BOX_DURING_PLAY)
    for seat in (0, 1):  # each picks a bonus tile: the round's actions are offered
        pick = game.definition.actions(game.state, game.config)[0]
        game.record({"type": pick.id, "player": seat, pick.field: pick.value_choices[0]})
    repo.save(game)


@pytest.fixture
def walk_server(tmp_path):
    prepare(tmp_path / "data")
    s = Server(tmp_path / "data").start()
    yield s
    s.stop()


def sheet(app: App, w: Walk, t: dict, player: str, screen: str) -> None:
    """A player's sheet, opened from the scoreboard, measured (its actions, number pad and steppers),
    and closed again."""
    app.sheet(player, t["sheet"], t["close_sheet"])
    # As it opens, not scrolled: the sheet's scrolling is not an element the boxes' check sees, so a
    # control cut at the sheet's top edge (its Close, scrolled half out) would count as a small target.
    w.screen(screen, scroll=False)
    app.close_sheet(player, t["close_sheet"])


def walk(app: App, tag: str, t: dict, finished: str) -> Walk:
    """Every main screen once, measured; `t` holds the few labels the walk taps, in the walk's language.
    Loaded once, then from screen to screen inside the app (as the browser's back and forward do)."""
    w = Walk(app, tag)
    app.open()
    app.wait_text(t["in_progress"])
    w.screen("home")
    app.press(app.find(app.page.get_by_role("button", name=re.compile(t["discard"]))))
    w.screen("home-discard-dialog", scroll=False)
    app.click(t["cancel"], dialog=True)
    app.click(t["new_game"])
    app.click(t["city_of_rome"])
    app.click(t["two_players"])
    app.fill(t["player"] + " 1", "Ada")
    app.fill(t["player"] + " 2", "Bo")
    app.press(app.find(app.page.get_by_role("radio", name="Bo")))
    w.screen("new-game")
    app.click(t["start"])
    app.find(app.button(t["setup_done"]))
    app.press(app.find(app.page.get_by_role("checkbox").first))  # one step ticked
    w.screen("setup")
    # The tracker of a game in play: its menu, Final scoring asked early, a sheet.
    app.click(t["setup_done"])
    app.press(app.find(app.button(t["menu"], exact=False)))
    app.find(app.page.get_by_role("menuitem", name=t["to_scoring"]))
    w.screen("tracker-menu", scroll=False)
    app.press(app.page.get_by_role("menuitem", name=t["to_scoring"]))
    app.find(app.dialog_button(t["keep_playing"]))
    w.screen("tracker-final-scoring-early-dialog", scroll=False)
    app.click(t["keep_playing"], dialog=True)
    sheet(app, w, t, "Ada", "tracker-sheet-in-play")
    for game_id, sid in SIDS.items():
        app.go(f"game/{sid}/play")
        app.find(app.button(t["to_scoring"]))  # the game's end reached: Final scoring in the thumb slot
        w.screen(f"tracker-{game_id}")
        app.scroll_top()
        app.press(app.find(app.button(re.compile(t["which_player"]))))
        w.screen(f"tracker-{game_id}-this-phone", scroll=False)
        app.click(t["cancel"], dialog=True)
        sheet(app, w, t, FIRST_PLAYER[game_id], f"tracker-{game_id}-sheet")
        app.click(t["score_sheet"])  # the score sheet: each game's paper pad, 390 px wide
        app.find(app.dialog_button(t["close"]))
        w.screen(f"tracker-{game_id}-score-sheet")
        app.click(t["close"], dialog=True)
        if game_id == "castles-of-tuscany":  # a game's own dialog: the points of a colour-bonus tile
            app.press(app.find(app.page.get_by_role("button", name=re.compile(t["bonus_tile"]))))
            w.screen("tracker-castles-of-tuscany-tile-dialog", scroll=False)
            app.click(t["close"], dialog=True)
        app.go(f"game/{sid}/score")
        app.find(app.button(t["calculate"]))
        w.screen(f"scoring-{game_id}")
    # Box values asked during play: a colour completed whose tile's points nobody has entered yet.
    app.go(f"game/{BOX_DURING_PLAY}/play")
    app.sheet("Anna", t["sheet"], t["close_sheet"])
    app.click(t["colour_bonus"].format(player="Anna"))
    choice = app.find(app.page.get_by_role("button", name=re.compile("^" + re.escape(t["colour_bonus_choice"]))))
    w.screen("tracker-colour-choice-dialog", scroll=False)
    app.press(choice)
    app.find(app.dialog_button(t["cancel"]))
    app.wait_text(t["box_needed"])
    w.screen("tracker-box-data-dialog")
    app.click(t["cancel"], dialog=True)
    app.close_sheet("Anna", t["close_sheet"])
    app.go(f"game/{finished}/score")
    app.find(app.button(t["confirm"]))
    w.screen("result")
    app.click(t["confirm"])
    app.find(app.button(t["delete"]))
    w.screen("history-play")
    app.click(t["picture"])
    app.find(app.button(t["share"]))
    w.screen("history-picture")
    app.go("history")
    app.find(app.button(t["statistics"]))
    w.screen("history")
    app.go("stats")
    app.find(app.button(t["back_history"]))
    w.screen("statistics")
    app.go("settings")
    w.screen("settings")
    app.unfold(t["carpe_diem"], exact=False)  # the box data of a game
    w.screen("box-data")
    app.go("invite")
    w.screen("invite")
    return w


EN = {"in_progress": "Games in progress", "discard": "^Discard ", "new_game": "New game",
      "city_of_rome": "City of Rome", "two_players": "2 players", "player": "Player", "start": "Start game",
      "setup_done": "Setup done – start playing", "to_scoring": "Final scoring", "menu": "More",
      "keep_playing": "Keep playing", "end_round": "End round", "sheet": "{player}'s sheet",
      "close_sheet": "Close {player}'s sheet", "score_sheet": "Score sheet",
      "colour_bonus": "Colour completed (colour bonus) ({player})", "colour_bonus_choice": "Colour completed (colour bonus): ",
      "box_needed": "Points printed on your box",
      "which_player": "^Which player is this phone\\?$", "cancel": "Cancel", "close": "Close", "bonus_tile": "^Colour-bonus tile",
      "calculate": "Calculate scores", "confirm": "Confirm and save", "delete": "Delete play", "picture": "Share as a picture", "share": "Share",
      "statistics": "Statistics", "back_history": "History", "carpe_diem": "Carpe Diem"}
DE = {"in_progress": "Laufende Spiele", "discard": " verwerfen ", "new_game": "Neues Spiel",
      "city_of_rome": "Rom – Die Stadt der Baumeister", "two_players": "2 Spieler", "player": "Spieler",
      "start": "Spiel starten", "setup_done": "Aufbau fertig – los geht's", "to_scoring": "Schlusswertung",
      "menu": "Mehr", "keep_playing": "Weiterspielen", "end_round": "Runde beenden", "sheet": "Blatt von {player}",
      "close_sheet": "Blatt von {player} schließen", "score_sheet": "Punkteblatt",
      "colour_bonus": "Farbe vollendet (Farbbonus) ({player})", "colour_bonus_choice": "Farbe vollendet (Farbbonus): ",
      "box_needed": "Auf dem Spielmaterial gedruckte Punkte",
      "which_player": "Wer spielt an diesem Handy\\?$", "cancel": "Abbrechen", "close": "Schließen", "bonus_tile": "^Farbbonus-Plättchen",
      "calculate": "Punkte berechnen", "confirm": "Ergebnis speichern", "delete": "Partie löschen", "picture": "Als Bild teilen", "share": "Teilen",
      "statistics": "Statistik", "back_history": "Verlauf", "carpe_diem": "Carpe Diem"}


def check(w: Walk) -> None:
    counts = w.counts()
    print(f"{w.tag}: controls measured per screen:", counts)
    assert all(counts.values()), counts  # a screen where nothing was measured was not reached
    problems = w.offenders() + [f"faint text, {line}" for line in w.faint]
    assert not problems, f"{len(problems)} controls too small or without a name, or faint texts:\n" + "\n".join(problems)


def test_every_control_is_a_named_48px_target_on_every_screen(browser, walk_server):
    app = App(browser, walk_server.url, viewport=TALL)
    check(walk(app, "light-en", EN, FINISHED[0]))
    # Again in German (longer words wrap) on the dark theme: its screenshots are the dark-mode check.
    app.go("settings")
    app.click("Deutsch")
    app.click("Dunkel")
    check(walk(app, "dark-de", DE, FINISHED[1]))
    assert not app.errors, app.errors
