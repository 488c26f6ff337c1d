"""Entry effort: how much a player does to get the final board into Tabula.

For each game, one example end-of-game table from examples/ is entered through the real UI in
Chromium on a 390 x 844 phone viewport, the way a new player would with the board editor, starting
at the end-scoring screen of a prepared game whose tracker already knows what a real game's tracker
would know (money, points, goods, the banderole bar, ...: only what a player still has to enter is
entered). Counted per player board: taps (every click: a cell, a card in a dialog, Close, a stepper,
a player tab), typed characters (key presses, deletions included) and seconds from the first tap to
the last change seen on screen; scroll gestures are counted apart. Then "Calculate scores" is
tapped once per game, and in its question the boards nobody confirmed one by one are confirmed as they
are (one tap: the table has just entered them on this phone); the saved game's board (the live file in the data folder) is read back and
compared with the example, both read by the game's `parse_board_state`: the figures are those of a
correct entry, or the run fails.

The way a board is entered is a *procedure* (a function per game, below). An editor's author who
builds a faster way adds it to PROCEDURES[game] under its own name next to "today"; the benchmark
runs every procedure of a game and prints them side by side.

    python bench/entry_effort.py [GAME ...] [--procedure NAME]   (default: all games, all procedures)

`run(quick=True)` (`bench/run_all.py --quick entry`) enters only each table's last board (and builds only
the last city during play), the others entered and confirmed on another phone before: a quick check that
every procedure still runs, not the benchmark's figures.
"""

from __future__ import annotations

import json
import re
import shutil
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from common import ROOT, chromium, header, load_average, tabula
from tests.browser.harness import PHONE, App

from companion.core.game import Game, make_config
from companion.core.text import tr
from companion.games import GAMES

LANG = "en"
EXAMPLES = ROOT / "examples"
WAIT = 30_000  # ms: the longest a screen may take to show what a tap leads to (on a busy machine)


def t(key: str, **params) -> str:
    return tr(LANG, key, **params)


# ====================================================================== the prepared game

def reach_counters(game: Game, targets: list[dict[str, int]]) -> None:
    """Generic `adjust` entries that bring each player's tracker counters to `targets`."""
    for seat, wanted in enumerate(targets):
        for counter, value in wanted.items():
            delta = value - game.state["players"][seat]["counters"][counter]
            if delta:
                game.record({"type": "adjust", "player": seat, "counter": counter, "delta": delta})


def play_city_of_rome(game: Game, example: dict) -> None:
    """All 14 rounds (3 players), each influence card won in its scoring by the player whose city
    holds it; money and the tokens left at the end as in the example."""
    from companion.games.city_of_rome.cards import reveal_round
    players = example["players"]
    owner = {card: seat for seat, p in enumerate(players) for card in p["influence_cards"]}
    final_tokens = [p["influence_tokens"] for p in players]
    while not game.state["finished"]:
        state = game.state
        last = state["round"] == state["rounds"]
        winners = {owner[c] for c in state["waiting_cards"] if c in owner
                   and reveal_round(c, len(players)) <= state["round"]}
        if last:  # the tokens left over; the last card's winner needs more than anyone
            reach_counters(game, [{"influence_tokens": n} for n in final_tokens])
        for seat in winners:
            best = max(p["counters"]["influence_tokens"] for i, p in enumerate(game.state["players"]) if i != seat)
            reach_counters(game, [{} if i != seat else {"influence_tokens": best + 1}
                                     for i in range(len(players))])
        game.record({"type": "end_round"})
    reach_counters(game, [{"money": p["money"], "influence_tokens": p["influence_tokens"]} for p in players])


def city_of_rome_builds(city: list[list]) -> list[dict]:
    """Tracker entries that build a 4 x 4 city of the board state from its two start buildings, in an
    order the rules allow: each card touching the city, each therme built when it has as many
    neighbours as it carries VP markers (the Kaiser-Therme one fewer), an aqueduct in place of a start
    building where the city has neither there. `swap_start` comes first when the farm lies on the left."""
    from companion.games.city_of_rome.cards import AQUEDUCT, CARDS
    from companion.games.city_of_rome.tracker import START_CITY, around

    want = {(r, c): rome_cell(city[r][c]) for r in range(4) for c in range(4) if city[r][c] is not None}

    def could_be(space, card):  # the start building there, or an aqueduct built over it later
        return space in want and (want[space][0] == card or CARDS[want[space][0]].kind == AQUEDUCT)

    def order(placed, todo):
        if not todo:
            return []
        for space in sorted(todo):
            card, markers = want[space]
            if space in placed and CARDS[card].kind != AQUEDUCT:
                continue
            if space not in placed and not any(n in placed for n in around(space)):
                continue
            if CARDS[card].public_type == "therme":
                if sum(1 for n in around(space) if n in placed) + CARDS[card].extra_vp_marker != markers:
                    continue
            rest = order({**placed, space: card}, todo - {space})
            if rest is not None:
                return [(space, card), *rest]
        return None

    for (r, c) in sorted(want):
        for left, right in (START_CITY, START_CITY[::-1]):
            if could_be((r, c), left) and could_be((r, c + 1), right):
                placed = {(r, c): left, (r, c + 1): right}
                builds = order(placed, {s for s in want if placed.get(s) != want[s][0]})
                if builds is not None:
                    swap = [{"type": "swap_start"}] if (left, right) != START_CITY else []
                    return swap + [{"type": "build", "card": card, "space": [sr - r, sc - c]}
                                   for (sr, sc), card in builds]
    raise ValueError("no order of builds makes this city")


def play_city_of_rome_built(game: Game, example: dict) -> None:
    """As `play_city_of_rome`, with every building of the example's cities recorded as it was built
    (the tracker's Build), so the end scoring opens with the cities prefilled."""
    for seat, p in enumerate(example["players"]):
        for event in city_of_rome_builds(p["city"]):
            game.record({**event, "player": seat})
    play_city_of_rome(game, example)


def carpe_diem_district_counts(p: dict) -> dict[str, int]:
    """What the tracker's district counters would say at the end (completed features, the chimneys of
    all villas as its counter counts them, fountain cards), from a board state of either form (the
    counts know only the completed villas' chimneys)."""
    counts: dict[str, int] = {"fountain_cards": len(p.get("fountain_cards", []))}
    if "quick" in p:
        q = p["quick"]
        counts.update(villa=len(q["villas"]), chimneys=sum(q["villas"]), **q["completed"])
        return counts
    for f in p["district"]["features"]:
        if f.get("completed", True):
            counts[f["kind"]] = counts.get(f["kind"], 0) + 1
        counts["chimneys"] = counts.get("chimneys", 0) + (f.get("chimneys", 0) if f["kind"] == "villa" else 0)
    return counts


def play_carpe_diem(game: Game, example: dict) -> None:
    """4 phases of 7 rounds with a scoring period each (simple cards, the advisor's choice); the discs
    moved to their banderole spaces during phase 1; VP, storage and district counts as in the example."""
    from companion.games.carpe_diem import tracker
    from companion.games.carpe_diem.components import card_spaces
    cards = [{"letter": "A", "mode": "pay", "requirement": {"herbs": 2}, "reward": {"vp": 4}},
             {"letter": "C", "mode": "own", "requirement": {"chimneys": 2}, "reward": {"bread": 1}},
             {"letter": "D", "mode": "own", "requirement": {"pond": 1, "garden": 1}, "reward": {"vp": 7}},
             {"letter": "B", "mode": "pay", "requirement": {"chicken": 1, "grapes": 1, "fish": 1}, "reward": {"vp": 5}}]
    players = example["players"]
    for i, space in enumerate(card_spaces(len(players))):
        game.record({"type": "set_card", "space": space, "card": cards[i % len(cards)]})
    for seat, p in enumerate(players):
        steps = p["banderole"]["space"] if isinstance(p["banderole"], dict) else p["banderole"]
        while steps:
            n = min(steps, max(tracker.STEP_CHOICES))
            game.record({"type": "banderole", "player": seat, "steps": n})
            steps -= n
    while game.state["stage"] != "finished":
        for _ in range(7):
            game.record({"type": "end_round"})
        while game.state["stage"] == "scoring":
            seat = tracker.next_scorer(game.state)
            circle = min(tracker.free_circles(game.state, game.config))
            game.record(tracker.advised_event(game.state, game.config, seat, circle))
    reach_counters(game, [{"vp": p["vp"], **p["storage"], **carpe_diem_district_counts(p)} for p in players])


def play_milestones(game: Game, example: dict) -> None:
    """The worker tiles the example's workers need beyond the 4 of the start tiles bought, and each bonus
    tile of the example taken on the kind of worker it lies on; twelve rounds of turns, then points and
    goods as in the example, then turns until the end that the target field triggers."""
    for seat, p in enumerate(example["players"]):
        workers = sum(1 for v in p.get("workers") or [] if milestones_space(v) is not None) + sum(
            e if isinstance(e, int) else e["workers"] for e in (p.get("worker_counts") or {}).values())
        for _ in range(max(0, workers - 3) // 2):  # 2 workers a tile
            game.record({"type": "adjust", "player": seat, "counter": "coins", "delta": 2})
            game.record({"type": "buy_worker", "player": seat})
        for value in p.get("workers") or []:
            space = milestones_space(value)
            if space is not None and space[1]:
                game.record({"type": "bonus_taken", "player": seat, "kind": space[0]})
        for kind, entry in (p.get("worker_counts") or {}).items():
            for _ in range(entry.get("bonus", 0) if isinstance(entry, dict) else 0):
                game.record({"type": "bonus_taken", "player": seat, "kind": kind})
    while game.state["round"] < 12:
        game.record({"type": "end_turn"})
    reach_counters(game, [{"points": p["points"], **{g: p["goods"].get(g, 0) for g in
                                                         ("stone", "wood", "sand", "grain", "coins")}}
                             for p in example["players"]])
    while not game.state["finished"]:
        game.record({"type": "end_turn"})


def play_castles_of_tuscany(game: Game, example: dict) -> None:
    """The setup pick and the cities' bonus tiles ("+1 storage space" as often as the example's tiles
    and wooden hexagons need spaces beyond the player board's one: the tracker holds them to it), the
    three rounds (someone empties a stack each) and the extra turn cycle with its scoring; then the
    tracks, storage and goods as in the example. The empty fields are not tracked."""
    from companion.games.castles_of_tuscany.components import STACK_TILES, turn_order
    extra = [max(0, p["tiles"] + p["hexagons"] - 1) for p in example["players"]]
    for seat in turn_order(len(extra), game.config["start_player"]):
        game.record({"type": "bonus_tile", "player": seat, "bonus": "storage" if extra[seat] else "card"})
    for seat, spaces in enumerate(extra):
        for _ in range(spaces - 1):
            game.record({"type": "bonus_tile", "player": seat, "bonus": "storage"})
    while not game.state["finished"]:
        if game.state["extra_cycle"]:
            game.record({"type": "end_extra_cycle"})
            continue
        reach_counters(game, [{"revealed": STACK_TILES}])
        game.record({"type": "end_round"})
    reach_counters(game, [{"red": p["red"], "green": p["green"], "storage": p["tiles"], "hexagons": p["hexagons"],
                              "marble": p["marble"], "workers": p["workers"], "cards": p["cards"]}
                             for p in example["players"]])


def prepare(data_dir: Path, sid: str, game_id: str, example: dict, play: Callable[[Game, dict], None],
            stage: str = "scoring") -> Game:
    """The game saved in `data_dir` as it stands when the table reaches the end scoring: the example's
    players, the tracker's entries of a whole game, the stage at the end scoring, no board entered
    (or at another `stage`)."""
    from companion.storage import Repository

    definition = GAMES[game_id]
    repo = Repository(Path(data_dir), GAMES)
    box = json.loads((EXAMPLES / "carpe-diem-box.json").read_text(encoding="utf-8"))
    if game_id in box:  # entered once, before: not part of entering a board
        repo.set_box_data(game_id, box[game_id])
    players = example["players"]
    config = make_config(definition, [{"name": p["name"], "colour": c}
                                for p, c in zip(players, definition.colours_for(len(players)))], 0)
    if definition.box.values:
        config["box"] = repo.box_data(game_id)
    game = Game(sid, definition, config, stage="play")
    play(game, example)
    game.stage = stage
    repo.save(game)
    return game


# ====================================================================== a player at the phone

# An element's part that can be seen: its rectangle clipped by every scrolling ancestor and the
# window; and where the nearest scrolling ancestor is, to scroll it by the right amount.
VISIBLE_JS = """(e) => {
  const r = e.getBoundingClientRect();
  let top = Math.max(r.top, 0), bottom = Math.min(r.bottom, window.innerHeight), box = null;
  for (let a = e.parentElement; a; a = a.parentElement) {
    const s = getComputedStyle(a);
    if (s.overflowY === 'scroll' || s.overflowY === 'auto' || s.overflowY === 'hidden') {
      const ar = a.getBoundingClientRect();
      top = Math.max(top, ar.top); bottom = Math.min(bottom, ar.bottom);
      if (!box) box = {x: ar.left + ar.width / 2, y: (Math.max(ar.top, 0) + Math.min(ar.bottom, window.innerHeight)) / 2};
    }
  }
  if (!box) box = {x: window.innerWidth / 2, y: window.innerHeight / 2};
  return {whole: bottom - top >= r.height - 1, centre: r.top + r.height / 2, box: box, top: r.top};
}"""

# Whether the screen shows `target`: a node named so (aria-label) or showing that text; `selected`:
# only a selected one (a chosen tab or choice); `prefix`: a name that starts so.
SHOWN_JS = """([target, selected, prefix]) => {
  for (const e of document.querySelectorAll('flt-semantics')) {
    const own = Array.from(e.childNodes).filter(n => n.nodeType === 3 || n.tagName === 'SPAN')
      .map(n => n.textContent).join('');
    const names = [(e.getAttribute('aria-label') || '').split('\\n')[0], own.split('\\n')[0]];
    const hit = names.some(n => n === target || (prefix && n.startsWith(target)));
    if (hit && (!selected || e.getAttribute('aria-current') === 'true' || e.getAttribute('aria-selected') === 'true'
                || e.getAttribute('aria-checked') === 'true')) return true;
  }
  return false;
}"""
# A selector engine for controls by exact name: Flutter names a labelled control by its label and
# then, on a second line, its visible text ("Row 2, column 4: Therme (0 VP markers)\nTherme +0");
# Playwright joins the lines, so `get_by_role(name=..., exact=True)` misses it. Tappable nodes first.
NAME_ENGINE = "tabula-name"
NAME_ENGINE_JS = """{
  matches(e, name) {
    const own = Array.from(e.childNodes).filter(n => n.nodeType === 3 || n.tagName === 'SPAN')
      .map(n => n.textContent).join('');
    return (e.getAttribute('aria-label') || '').split('\\n')[0] === name || own.split('\\n')[0] === name;
  },
  queryAll(root, name) {
    const all = Array.from(root.querySelectorAll('flt-semantics')).filter(e => this.matches(e, name));
    const tappable = all.filter(e => e.hasAttribute('flt-tappable') || e.getAttribute('role') === 'button'
                                     || e.getAttribute('role') === 'checkbox');
    return tappable.length ? tappable : all;
  },
  query(root, name) { return this.queryAll(root, name)[0] || null; }
}"""
# Counts the app's websocket frames, so that typing can wait for the server's answer to each key
# (a text field the server re-renders on every change may otherwise get an older value back).
WS_JS = """(() => {
  const Native = window.WebSocket;
  window.__ws = {lastSent: 0, lastReceived: 0};
  window.WebSocket = function (...args) {
    const socket = new Native(...args), send = socket.send.bind(socket);
    socket.send = (data) => { window.__ws.lastSent = performance.now(); return send(data); };
    socket.addEventListener('message', () => { window.__ws.lastReceived = performance.now(); });
    return socket;
  };
  window.WebSocket.prototype = Native.prototype;
  Object.assign(window.WebSocket, Native);
})()"""
NO_DIALOG_JS = "() => !document.querySelector('flt-semantics[role=alertdialog]')"


@dataclass
class Effort:
    taps: int = 0
    chars: int = 0
    scrolls: int = 0
    seconds: float = 0.0

    def add(self, other: "Effort") -> None:
        self.taps += other.taps
        self.chars += other.chars
        self.scrolls += other.scrolls
        self.seconds += other.seconds


class Phone:
    """The player's hands on a 390 x 844 phone: every tap, typed character and scroll gesture is
    counted in `effort`; after each tap the benchmark waits for what the screen must show next."""

    def __init__(self, app: App):
        self.app, self.page = app, app.page
        self.effort = Effort()

    def accessibility_on(self, attempts: int = 10) -> None:
        """Flutter builds its accessibility tree after a click on its placeholder; on a busy machine
        App.open's click may come before the placeholder is there: click again until the tree is."""
        for _ in range(attempts):
            try:
                self.page.wait_for_function("() => document.querySelectorAll('flt-semantics').length > 0",
                                            timeout=3000)
                return
            except Exception:
                placeholder = self.page.locator("flt-semantics-placeholder")
                if placeholder.count():
                    placeholder.dispatch_event("click")
        raise AssertionError("Flutter's accessibility tree did not appear")

    # -------------------------------------------------------------- finding things
    def button(self, name: str):
        """A control by its exact accessible name (see NAME_ENGINE)."""
        return self.page.locator(f"{NAME_ENGINE}={name}")

    def reach(self, locator, timeout: float = 30):
        """Scroll (each wheel turn counted as a gesture) until the control is wholly on screen."""
        deadline = time.time() + timeout
        blind = 0
        while True:
            target = locator.first
            try:
                info = target.evaluate(VISIBLE_JS, timeout=2000)
            except Exception:
                info = None
            if info and info["whole"]:
                return target
            if time.time() > deadline:
                raise AssertionError(f"not reachable on screen: {locator}; the screen shows: {self.names()}")
            if info:
                x, y, dy = info["box"]["x"], info["box"]["y"], info["centre"] - info["box"]["y"]
            else:  # not in the accessibility tree at all: look further down, then back up
                blind += 1
                x, y, dy = PHONE["width"] / 2, PHONE["height"] / 2, 600 if blind <= 4 else -3000
            self.page.mouse.move(x, y)
            self.page.mouse.wheel(0, dy)
            self.effort.scrolls += 1
            if info:  # wait until the page has moved (it may not: already at its end)
                try:
                    self.page.wait_for_function(
                        "([e, top]) => Math.abs(e.getBoundingClientRect().top - top) > 0.5",
                        arg=[target.element_handle(), info["top"]], timeout=2000)
                except Exception:
                    pass

    def names(self) -> list[str]:
        """Every name and text in the accessibility tree (for a message when something is missing)."""
        return self.page.evaluate("""() => Array.from(document.querySelectorAll('flt-semantics'))
            .map(e => e.getAttribute('aria-label') || Array.from(e.childNodes).filter(n => n.nodeType === 3
              || n.tagName === 'SPAN').map(n => n.textContent).join('')).filter(n => n)""")

    # -------------------------------------------------------------- acting
    def tap(self, locator, *, then: str | Callable[[], None] | None = None, selected: bool = False,
            prefix: bool = False) -> None:
        """One tap on a control (found by accessible name when given a string), then wait for `then`:
        a name or text the screen must show (optionally selected), or a function that waits."""
        if isinstance(locator, str):
            locator = self.button(locator)
        self.reach(locator).click()
        self.effort.taps += 1
        if isinstance(then, str):
            self.shows(then, selected=selected, prefix=prefix)
        elif then is not None:
            then()

    def type_into(self, locator, old: str, new: str, *, then: str | None = None) -> None:
        """Tap a text field, delete what it holds (one key press per character) and type `new`."""
        self.reach(locator).click()
        self.effort.taps += 1
        # Flutter types into an <input> of its own once the field has the focus; keys before are lost.
        self.page.wait_for_function("() => ['INPUT', 'TEXTAREA'].includes(document.activeElement?.tagName)",
                                    timeout=WAIT)
        self.page.keyboard.press("End")  # the caret after the text, where a tap at its end puts it
        value = old
        for key in ["Backspace"] * len(old) + list(new):
            self.page.keyboard.press(key)
            value = value[:-1] if key == "Backspace" else value + key
            self.effort.chars += 1
            self.page.wait_for_function("(v) => document.activeElement?.value === v", arg=value, timeout=WAIT)
            self.answered()
        if then:
            self.shows(then)

    # -------------------------------------------------------------- waiting
    def shows(self, target: str, *, selected: bool = False, prefix: bool = False, timeout: int = WAIT) -> None:
        self.page.wait_for_function(SHOWN_JS, arg=[target, selected, prefix], timeout=timeout)

    def value_of(self, counter: str, who: str, most: int = 99) -> int:
        """The number a stepper shows now (read off the screen, not assumed)."""
        for value in range(most + 1):
            if self.page.evaluate(SHOWN_JS, [t("ui.value", counter=counter, player=who, value=value), False, False]):
                return value
        raise AssertionError(f"{counter} of {who}: no value shown")

    def gone(self, target: str) -> None:
        """Wait until nothing named `target` is on the screen any more."""
        self.page.wait_for_function(f"(a) => !({SHOWN_JS})(a)", arg=[target, False, False], timeout=WAIT)

    def answered(self, timeout: int = 3000) -> None:
        """Wait until the server has answered the last message the page sent (a change that the
        server has nothing to answer to lets this run out after `timeout` ms)."""
        try:
            self.page.wait_for_function("() => !window.__ws || window.__ws.lastReceived >= window.__ws.lastSent",
                                        timeout=timeout)
        except Exception:
            pass

    def no_dialog(self) -> None:
        self.page.wait_for_function(NO_DIALOG_JS, timeout=WAIT)

    def checked(self, locator, value: bool) -> None:
        """Wait until a checkbox or chip shows `value`."""
        self.page.wait_for_function("([e, v]) => (e.getAttribute('aria-checked') === 'true') === v",
                                    arg=[locator.first.element_handle(), value], timeout=WAIT)


def step_to(phone: Phone, counter: str, who: str, have: int, want: int, steps: tuple[int, ...] = (1,),
            down: tuple[int, ...] = (1,)) -> None:
    """A stepper brought from `have` to `want` with the fewest taps its buttons allow (big steps first),
    waiting after each for the value shown."""
    while have != want:
        gap = want - have
        options = steps if gap > 0 else down
        step = next((s for s in sorted(options, reverse=True) if s <= abs(gap)), min(options))
        have += step if gap > 0 else -step
        phone.tap(t("ui.step", counter=counter, delta=f"{'+' if gap > 0 else '-'}{step}", player=who),
                  then=t("ui.value", counter=counter, player=who, value=have))


# ====================================================================== today's editors, as a new player uses them

def rome_cell(cell) -> tuple[str | None, int]:
    if cell is None:
        return None, 0
    if isinstance(cell, str):
        return cell, 0
    return cell["card"], cell.get("vp_markers", 0)


def rome_cell_label(r: int, c: int, card: str | None, markers: int) -> str:
    from companion.games.city_of_rome.cards import CARDS
    if card is None:
        return t("city-of-rome.board.cell", row=r + 1, column=c + 1, card=t("city-of-rome.board.empty"))
    name = t(f"city-of-rome.card.{card}")
    if CARDS[card].public_type == "therme":
        name += " " + t("city-of-rome.board.markers_short", markers=markers)
    return t("city-of-rome.board.cell", row=r + 1, column=c + 1, card=name)


def rome_selected(phone: Phone, name: str) -> bool:
    """Whether the screen shows `name` selected right now (a palette card or marker count)."""
    return phone.page.evaluate(SHOWN_JS, [name, True, False])


def rome_unselected(phone: Phone, name: str) -> None:
    phone.page.wait_for_function(f"(a) => !({SHOWN_JS})(a)", arg=[name, True, False], timeout=WAIT)


def city_of_rome_palette(phone: Phone, seat: int, start: dict, target: dict) -> None:
    """The palette editor (issue 10; the dialog per space it replaced is the baseline; issue 20: a tap on
    a space with a card selects it): per card of the city, the one in hand first, then in reading order of
    its first space, tap it in the palette, then every space it goes to: an empty space one tap (a therme
    lays the VP markers its neighbours give; where the table's differ, one tap on the marker count), a
    space holding another card two (the space, then "Replace with"), a space to empty two (the space, then
    "Remove the card"); then money and influence tokens by -5/-1/+1/+5 where the tracker's value is not
    the board's, and each influence card that differs, one tap."""
    from companion.games.city_of_rome.board import cell_value, is_therme, therme_markers
    wanted: dict[tuple[str | None, int], list[tuple[int, int]]] = {}
    for r in range(4):
        for c in range(4):
            have, want = rome_cell(start["city"][r][c]), rome_cell(target["city"][r][c])
            if have != want:
                wanted.setdefault(want, []).append((r, c))
    shown = {(r, c): rome_cell(start["city"][r][c]) for r in range(4) for c in range(4)}

    def tool(card):
        return t(f"city-of-rome.card.{card}")
    # The card already in hand first (a value-2 house when the editor opens, else the board before's last).
    for (card, markers), cells in sorted(wanted.items(), key=lambda group: not (
            group[0][0] and rome_selected(phone, tool(group[0][0])))):
        if card and not rome_selected(phone, tool(card)):
            phone.tap(tool(card), then=tool(card), selected=True)
        for r, c in cells:
            have = shown[(r, c)]
            if card is None:  # the space emptied: selected, then the card removed
                remove = t("city-of-rome.board.remove", card=tool(have[0]),
                           space=t("city-of-rome.board.space", row=r + 1, column=c + 1))
                phone.tap(rome_cell_label(r, c, *have), then=remove)
                phone.tap(remove, then=rome_cell_label(r, c, None, 0))
                shown[(r, c)] = (None, 0)
                continue
            city = [[cell_value(*shown[(i, j)]) for j in range(4)] for i in range(4)]
            laid = therme_markers(city, r, c, card) if is_therme(card) else 0
            if have[0] is None:
                phone.tap(rome_cell_label(r, c, *have), then=rome_cell_label(r, c, card, laid))
            else:  # another card lies there: selected, then replaced by the card in hand
                replace = t("city-of-rome.board.replace", card=tool(card))
                phone.tap(rome_cell_label(r, c, *have), then=replace)
                phone.tap(replace, then=rome_cell_label(r, c, card, laid))
            if laid != markers:
                chip = t("city-of-rome.board.markers_choice", card=tool(card), markers=markers)
                phone.tap(chip, then=rome_cell_label(r, c, card, markers))
            shown[(r, c)] = (card, markers)
    for key in ("money", "influence_tokens"):
        step_to(phone, t(f"city-of-rome.board.{key}"), target["name"], start[key], target[key], steps=(1, 5),
                down=(1, 5))
    for card in sorted(set(start["influence_cards"]) ^ set(target["influence_cards"])):
        name = t("city-of-rome.board.influence_card", value=card)
        phone.tap(name, then=lambda name=name, card=card: phone.shows(
            name, selected=True) if card in target["influence_cards"] else rome_unselected(phone, name))


def city_of_rome_built(phone: Phone, seat: int, start: dict, target: dict) -> None:
    """The cities recorded during play (the tracker's Build, see `play_city_of_rome_built`): a board is
    opened only where what the tracker prefilled differs from the table, and then entered as with the
    palette. Where a city lies in the 4 x 4 grid does not matter (the table has no frame)."""
    wanted = {**target, "city": top_left(target["city"])}
    have = {**start, "city": top_left(start["city"])}
    if all(have[key] == wanted[key] for key in ("city", "money", "influence_tokens", "influence_cards")):
        return
    if seat:
        tab = t("ui.score.board_of", name=target["name"])
        phone.tap(tab, then=tab, selected=True)
    city_of_rome_palette(phone, seat, have, wanted)


def city_of_rome_builds_in_play(browser, url: str, data: Path, sid: str, example: dict,
                                quick: bool = False) -> Result:
    """What "built" costs during play: the example's cities built through the tracker's Build dialog
    on the phone, from the start buildings on, each build from the scoreboard at rest as in a player's
    turn (the player's sheet, Build, the space, the card: one tap each; Swap in the same dialog; closing
    the sheet again is not counted, as in bench/play_effort.py), counted per city; the cities the
    tracker then holds must be the example's. `quick`: the last city only."""
    from companion.games.city_of_rome.tracker import around, build_options, city_map, grid_corner
    from companion.storage import Repository

    mirror = Repository(data, GAMES).game(sid)  # prepared at round 1, nothing built (see `run`)
    players = len(example["players"])
    result = Result("city-of-rome", "built: Build during play")
    phone = phone_at(browser, url, f"game/{sid}/play")
    app = phone.app
    try:
        phone.shows(t("core.status.round", round=1, rounds=14), prefix=True, timeout=2 * WAIT)
        for seat in entered(example["players"], quick):
            target = example["players"][seat]
            name = target["name"]
            title = t("city-of-rome.build.title", player=name)
            # the row's name goes on with what the row shows ("Anna's sheet, Start player")
            sheet = phone.page.get_by_role(
                "button", name=re.compile("^" + re.escape(t("ui.play.open_sheet", player=name))))
            close = t("ui.play.close_sheet", player=name)

            def enter(seat=seat, target=target, name=name, title=title):
                dialog_open = False
                for event in city_of_rome_builds(target["city"]):
                    event = {**event, "player": seat}
                    if not dialog_open:
                        phone.tap(sheet, then=close)  # the player's sheet, where Build is
                        phone.tap(t("ui.play.action_for", action=t("city-of-rome.action.build"), player=name),
                                  then=title)
                    options = build_options(mirror.state, seat, players)
                    city = city_map(mirror.state["cities"][seat])
                    top, left = grid_corner(city, options)
                    if event["type"] == "swap_start":
                        mirror.record(event)
                        first = city_map(mirror.state["cities"][seat])[(0, 0)]["card"]
                        phone.tap(t("city-of-rome.build.swap"), then=t(
                            "city-of-rome.build.card_replace", row=1 - top, column=1 - left,
                            card=t(f"city-of-rome.card.{first}")))
                        dialog_open = True
                        continue
                    space = tuple(event["space"])
                    row, column = space[0] - top + 1, space[1] - left + 1
                    label = (t("city-of-rome.build.card_replace", row=row, column=column,
                               card=t(f"city-of-rome.card.{city[space]['card']}")) if space in city
                             else t("city-of-rome.build.space", row=row, column=column))
                    card = t(f"city-of-rome.card.{event['card']}")
                    if event["card"] in ("therme", "imperial-therme"):
                        markers = sum(1 for n in around(space) if n in city)
                        card = t("city-of-rome.build.with_markers", card=card,
                                 markers=markers + (event["card"] == "imperial-therme"))
                    phone.tap(label, then=t("city-of-rome.build.which", row=row, column=column))
                    phone.tap(card, then=lambda: phone.gone(title))
                    dialog_open = False
                    mirror.record(event)
                    phone.page.get_by_role("button", name=close, exact=True).click()  # not counted (see above)
                    phone.gone(close)
                    app.idle()  # the sheet has slid away: the next tap lands where it is meant to
                phone.answered()
            result.boards.append((name, measure(phone, enter)))
        built = Repository(data, GAMES).game(sid)
        cities = GAMES["city-of-rome"].end.board_from_tracker(built.state, built.config)["players"]
        wrong = [f"{example['players'][seat]['name']}: the tracker's city is not the example's"
                 for seat in entered(example["players"], quick)
                 if top_left(cities[seat]["city"]) != top_left(example["players"][seat]["city"])]
        if wrong or app.errors:
            raise AssertionError(f"city-of-rome (Build during play): {wrong} {app.errors}")
    except Exception:
        app.picture("entry-effort-city-of-rome-builds-failed")
        print(f"the screen showed: {Phone(app).names()}", file=sys.stderr)
        raise
    finally:
        app.close()
    return result


city_of_rome_built.opens_boards = True
city_of_rome_built.play = play_city_of_rome_built
city_of_rome_built.during_play = city_of_rome_builds_in_play


def milestones_space(value) -> tuple[str, bool] | None:
    """A path space of the board state as (kind, bonus), or None (empty or covered)."""
    if value in (None, "empty", "covered"):
        return None
    return (value, False) if isinstance(value, str) else (value["kind"], bool(value.get("bonus", False)))


def milestones_grid(phone: Phone, seat: int, start: dict, target: dict) -> None:
    """Points and goods come from the tracker (steppers only where they differ); the worker row as
    a grid, one line per path space: tap the worker's kind on its line (one tap, no dialog; it brings
    a bonus tile the tracker saw laid on that kind), then the bonus tile next to it where the screen
    shows it otherwise than the table. A count-only board: "Count only" (which counts the tracker's bonus
    tiles with their workers), then per kind the workers and those with a bonus tile stepped to the table's."""
    who = target["name"]
    step_to(phone, t("milestones.board.points"), who, start["points"], target["points"], steps=(1, 5))
    goods = target["goods"] if isinstance(target["goods"], dict) else {}
    for good in ("stone", "wood", "sand", "grain", "coins"):
        step_to(phone, t(f"milestones.counter.{good}"), who, start["goods"].get(good, 0), goods.get(good, 0))
    if "worker_counts" in target:
        phone.tap(t("milestones.board.mode_counts"), then=t("milestones.board.mode_counts"), selected=True)
        for kind in ("stone", "wood", "sand", "grain", "coin"):
            entry = target["worker_counts"].get(kind, 0)
            workers, bonus = (entry, 0) if isinstance(entry, int) else (entry["workers"], entry.get("bonus", 0))
            kinds = t(f"milestones.kinds.{kind}")  # the tracker's bonus tiles are counted already
            shown = phone.value_of(kinds, who, most=8)
            step_to(phone, kinds, who, shown, workers)
            shown = phone.value_of(t("milestones.board.count_bonus", kinds=kinds), who, most=8)
            step_to(phone, t("milestones.board.count_bonus", kinds=kinds), who, shown, bonus)
        return
    have_row = [milestones_space(v) for v in start.get("workers") or []] + [None] * 8
    for index, value in enumerate((list(target["workers"]) + [None] * 8)[:8]):
        have, want = have_row[index], milestones_space(value)
        if have == want:
            continue
        if want is None:  # the worker's kind tapped again empties the space
            name = t("milestones.board.put", number=index + 1, kind=t(f"milestones.kind.{have[0]}"))
            phone.tap(name, then=lambda name=name: phone.page.wait_for_function(
                f"(a) => !({SHOWN_JS})(a)", arg=[name, True, False], timeout=WAIT))
            continue
        kind = t(f"milestones.kind.{want[0]}")
        bonus = t("milestones.board.bonus_on", number=index + 1, kind=kind)
        if have is None or have[0] != want[0]:
            name = t("milestones.board.put", number=index + 1, kind=kind)
            phone.tap(name, then=name, selected=True)
            # the same answer from the server draws the kind and any bonus tile it brought along
            have = (want[0], phone.page.evaluate(SHOWN_JS, [bonus, True, False]))
        if want[1] != have[1]:
            phone.tap(bonus, then=bonus, selected=want[1])


def castles_of_tuscany_today(phone: Phone, seat: int, start: dict, target: dict) -> None:
    """The two tracks typed over (only where the tracker's value is wrong), the rest by steppers, the empty
    fields in the table's list."""
    castles_of_tuscany_prefilled(phone, target, start)
    castles_of_tuscany_empty_fields(phone, start, target)


def castles_of_tuscany_empty_fields(phone: Phone, start: dict, target: dict) -> None:
    """A player's empty fields in the table's list: 0 to 9 in one tap, "more" first for 10 to 29."""
    who, empty = target["name"], target["empty_fields"]
    if empty == start["empty_fields"]:
        return
    if empty > 9:
        more = t("castles-of-tuscany.board.empty_fields_more", name=who)
        phone.tap(more, then=t("castles-of-tuscany.board.empty_fields_pick", count=empty, name=who))
    name = t("castles-of-tuscany.board.empty_fields_pick", count=empty, name=who)
    phone.tap(name, then=name, selected=True)


def castles_of_tuscany_prefilled(phone: Phone, target: dict, start: dict) -> None:
    """What the tracker prefilled, typed or stepped only where it differs from the table."""
    who = target["name"]
    for track in ("red", "green"):
        if start[track] != target[track]:
            field = phone.page.get_by_role("textbox", name=t(f"castles-of-tuscany.board.{track}", name=who))
            phone.type_into(field, str(start[track]), str(target[track]))
    for key, steps in (("tiles", (1,)), ("hexagons", (1,)), ("marble", (1,)), ("workers", (1,)), ("cards", (1, 5))):
        step_to(phone, t(f"castles-of-tuscany.board.{key}"), who, start[key], target[key], steps=steps)


def castles_of_tuscany_table(phone: Phone, seat: int, start: dict, target: dict) -> None:
    """Every player's empty fields in the table's list at the top of the screen, in one tap each (0 to 9;
    "more" first for 10 to 29), no player tab; a player's board is opened (its tab) only where what the
    tracker prefilled differs from the table."""
    who = target["name"]
    castles_of_tuscany_empty_fields(phone, start, target)
    if any(start[k] != target[k] for k in ("red", "green", "tiles", "hexagons", "marble", "workers", "cards")):
        if seat:  # the first board is open already
            tab = t("ui.score.board_of", name=who)
            phone.tap(tab, then=tab, selected=True)
        castles_of_tuscany_prefilled(phone, target, start)


castles_of_tuscany_table.opens_boards = True  # run_case taps no player tab for it


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def cd_kind(kind: str) -> str:
    return t(f"carpe-diem.kind.{kind}")


def shown_value(phone: Phone, counter: str, who: str) -> int:
    """The value a stepper shows now ("Completed gardens of Sophie: 2"), as a player reads it."""
    prefix = t("ui.value", counter=counter, player=who, value="")
    phone.shows(prefix, prefix=True)
    return int(phone.page.evaluate("""(prefix) => {
      for (const e of document.querySelectorAll('flt-semantics')) {
        const own = Array.from(e.childNodes).filter(n => n.nodeType === 3 || n.tagName === 'SPAN')
          .map(n => n.textContent).join('');
        for (const name of [(e.getAttribute('aria-label') || '').split('\\n')[0], own.split('\\n')[0]])
          if (name.startsWith(prefix)) return name.slice(prefix.length);
      }
    }""", prefix))


def carpe_diem_palette(phone: Phone, seat: int, start: dict, target: dict) -> None:
    """The palette editor (issue 10; the dialogs per cell and per goal it replaced are the baseline).
    District grid: per feature, its kind in the palette when another kind is picked (or the same kind
    again, for a new one right beside the one drawn before), then its cells; "Completed" ticked or
    unticked and a villa's chimneys (one tap) only where the editor's first guess (from what the tracker
    counted, and the villa before) is not the board's; each frame goal: its arrow's place, then feature
    and VP in one choice; each fountain card: one tap on what it rewards. Counts only: the mode (for
    every board still empty), then the villas by chimneys, the completed features and the goals met by
    steppers from what the form shows. VP, banderole and storage where the tracker's value is not the
    board's."""
    from companion.games.carpe_diem.components import DWELLINGS, LANDSCAPES, SINGLES, VILLA
    who = target["name"]

    def selected(name: str) -> bool:
        return phone.page.evaluate(SHOWN_JS, [name, True, False])

    if "quick" in target:
        q = target["quick"]
        mode = t("carpe-diem-ui.mode.counts")
        if not selected(mode):
            phone.tap(mode, then=mode, selected=True)
        by_chimneys: dict[int, int] = {}
        for chimneys in q["villas"]:
            by_chimneys[chimneys] = by_chimneys.get(chimneys, 0) + 1
        for chimneys, count in sorted(by_chimneys.items()):
            label = t("carpe-diem-ui.quick.villas_with", chimneys=chimneys)
            step_to(phone, label, who, shown_value(phone, label, who), count)
        for kind in (k for k in ("vineyard", "garden", "chicken_yard", "pond", *DWELLINGS, *SINGLES)):
            label = cap(t(f"carpe-diem.counter.{kind}"))
            step_to(phone, label, who, shown_value(phone, label, who), q["completed"].get(kind, 0))
        for vp in (5, 4, 3):
            label = t("carpe-diem-ui.quick.goals_worth", vp=vp)
            step_to(phone, label, who, shown_value(phone, label, who), q["frame_met"].count(vp))
    else:
        on_cell: dict[tuple[int, int], list[str]] = {}  # the features the grid shows on each cell, in order
        numbers: dict[str, int] = {}
        tool, drawing = VILLA, None  # the palette starts on the villa
        limit = {**{k: 1 for k in SINGLES}, **{k: 2 for k in DWELLINGS}, **{k: 4 for k in LANDSCAPES}}

        def cell(r, c):
            names = on_cell.get((r, c), [])
            return t("carpe-diem-ui.grid.cell", row=r, column=c,
                     content=", ".join(names) if names else t("carpe-diem-ui.grid.cell_empty"))

        for feature in target["district"]["features"]:
            kind, cells = feature["kind"], [tuple(x) for x in feature["cells"]]
            r0, c0 = cells[0]
            beside = drawing is not None and drawing[0] == kind and len(drawing[1]) < limit.get(kind, 36) and any(
                abs(r - r0) + abs(c - c0) == 1 for r, c in drawing[1])
            if kind != tool or beside:
                name = t("carpe-diem-ui.grid.draw", kind=cd_kind(kind))
                phone.tap(name, then=name, selected=True)
                tool = kind
            numbers[kind] = numbers.get(kind, 0) + 1
            me = f"{cap(cd_kind(kind))} {numbers[kind]}"
            for r, c in cells:
                before = cell(r, c)
                on_cell.setdefault((r, c), []).append(me)
                phone.tap(before, then=cell(r, c))
            drawing = (kind, cells) if kind not in SINGLES else None
            if kind in SINGLES:
                continue
            if kind == VILLA or kind in LANDSCAPES:
                box = phone.button(t("carpe-diem-ui.grid.completed"))
                box.first.wait_for(timeout=WAIT)
                if (box.first.get_attribute("aria-checked") == "true") != feature["completed"]:
                    phone.tap(box, then=lambda box=box, on=feature["completed"]: phone.checked(box, on))
            if kind == VILLA:
                chip = t("carpe-diem-ui.grid.chimneys_choice", feature=me, count=feature.get("chimneys", 0))
                if not selected(chip):
                    phone.tap(chip, then=chip, selected=True)
        for goal in target["frame"]:
            side = cap(t(f"carpe-diem.side.{goal['side']}"))
            along = "column" if goal["side"] in ("top", "bottom") else "row"
            phone.tap(t(f"carpe-diem-ui.frame.slot_{along}_empty", side=side, line=goal["line"]),
                      then=t(f"carpe-diem-ui.frame.at_{along}", side=side, line=goal["line"]))
            phone.tap(t("carpe-diem-ui.frame.choice", kind=cap(cd_kind(goal["kind"])), vp=goal["vp"]),
                      then=phone.no_dialog)
            phone.shows(t(f"carpe-diem-ui.frame.at_{along}", side=side, line=goal["line"]) + ": "
                        + cd_kind(goal["kind"]), prefix=True)
    for number, card in enumerate(target["fountain_cards"][len(start["fountain_cards"]):],
                                  len(start["fountain_cards"]) + 1):
        kind = card if isinstance(card, str) else card["kind"]
        phone.tap(t("carpe-diem-ui.fountain.add", kind=cd_kind(kind)),
                  then=t("carpe-diem-ui.fountain.remove", number=number, kind=cd_kind(kind)))
    step_to(phone, t("carpe-diem.counter.vp"), who, start["vp"], target["vp"], steps=(1, 5))
    have = start["banderole"] if isinstance(start["banderole"], dict) else {"space": start["banderole"]}
    want = target["banderole"] if isinstance(target["banderole"], dict) else {"space": target["banderole"]}
    step_to(phone, t("carpe-diem-ui.board.banderole_space"), who, have["space"], want["space"])
    step_to(phone, t("carpe-diem-ui.board.banderole_level"), who, have.get("level") or 0, want.get("level") or 0)
    for ware in ("grapes", "herbs", "chicken", "fish", "coins", "bread", "tiles"):
        step_to(phone, t(f"carpe-diem.counter.{ware}"), who, start["storage"].get(ware, 0),
                target["storage"].get(ware, 0))


# ====================================================================== the run

Procedure = Callable[[Phone, int, dict, dict], None]


@dataclass(frozen=True)
class Case:
    game: str
    example: str  # file in examples/
    play: Callable[[Game, dict], None]  # the tracker's entries of the whole game


CASES = {
    "city-of-rome": Case("city-of-rome", "city-of-rome-rulebook.json", play_city_of_rome),
    "carpe-diem": Case("carpe-diem", "carpe-diem-2p-district.json", play_carpe_diem),
    "milestones": Case("milestones", "milestones-4-players.json", play_milestones),
    "castles-of-tuscany": Case("castles-of-tuscany", "castles-of-tuscany-three-players.json", play_castles_of_tuscany),
}
# game -> procedure name -> how a player enters one board. "today": the editors as they were when
# this benchmark was written (the baseline in docs/performance.md); add a faster way next to it.
PROCEDURES: dict[str, dict[str, Procedure]] = {
    # The dialog-per-space editor measured as "today" is gone: its figures are in BASELINE.
    # "built": the cities recorded during play (Build), a board opened only where it differs from the table.
    "city-of-rome": {"palette": city_of_rome_palette, "built": city_of_rome_built},
    # The editor with a dialog per cell and per goal measured as "today" is gone: its figures are in BASELINE.
    "carpe-diem": {"palette": carpe_diem_palette},
    # The dialog-per-space worker row measured as "today" is gone: its figures are in BASELINE.
    "milestones": {"grid": milestones_grid},
    # "quick" (each board's empty fields in one tap on that board, 5 taps) is gone with the empty fields
    # moving into one list for the table: "table".
    "castles-of-tuscany": {"today": castles_of_tuscany_today, "table": castles_of_tuscany_table},
}

# Procedure "today" as first measured (commit c5ad313, the editors before issue 10's rebuild): taps,
# typed characters, scroll gestures per board and in all ("Calculate scores" included). Kept here so
# that every run prints the comparison, also once an old editor and its procedure are gone.
BASELINE: dict[str, dict[str, tuple[int, int, int]]] = {
    "city-of-rome": {"Rulebook example": (42, 0, 6), "Second city": (15, 0, 2), "Third city": (12, 0, 1),
                     "total": (70, 0, 9)},
    "carpe-diem": {"Nick": (107, 0, 12), "Sophie": (19, 0, 3), "total": (127, 0, 15)},
    "milestones": {"Anna": (15, 0, 0), "Ben": (12, 0, 0), "Cleo": (17, 0, 0), "Dora": (11, 0, 0),
                   "total": (56, 0, 0)},
    "castles-of-tuscany": {"Anna": (2, 0, 1), "Ben": (5, 0, 2), "Clara": (1, 0, 1), "total": (9, 0, 4)},
}

# Lists whose order the players do not see on the table (the order they are entered in may differ).
UNORDERED = {"district", "frame", "fountain_cards", "villas"}


def normalised(value, key: str = ""):
    if key == "city":  # a City of Rome city is as good anywhere in the 4 x 4 grid: the table has no frame
        value = top_left(value)
    if isinstance(value, dict):
        return {k: normalised(v, k) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        items = [normalised(v) for v in value]
        return sorted(items, key=repr) if key in UNORDERED else items
    return value


def top_left(rows: list[list]) -> list[list]:
    """A grid moved up and left until its first row and column hold something (same size)."""
    filled = [(r, c) for r, row in enumerate(rows) for c, cell in enumerate(row) if cell is not None]
    if not filled:
        return rows
    top, left = min(r for r, _ in filled), min(c for _, c in filled)
    size, width = len(rows), len(rows[0])
    return [[rows[r + top][c + left] if r + top < size and c + left < width else None for c in range(width)]
            for r in range(size)]


def saved_board(data_dir: Path, sid: str) -> dict | None:
    """The board of the saved game, read from its live file as the server wrote it."""
    doc = json.loads((data_dir / "live" / f"{sid}.json").read_text(encoding="utf-8"))
    return next(iter(doc["session"].values()))["board"]


def differences(game_id: str, example: dict, board: dict | None) -> list[str]:
    """Where the saved board differs from the example, per player, both as the game reads them."""
    definition = GAMES[game_id]
    if board is None:
        return ["nothing was saved"]
    try:
        got = normalised(definition.end.parse_board_state(board))
    except Exception as error:  # a board the game refuses: say so with the game's own words
        return [f"the saved board does not read: {getattr(error, 'field', '')} "
                f"{error.msg.render(LANG) if hasattr(error, 'msg') else error}"]
    want = normalised(definition.end.parse_board_state(example))
    out = []
    for g, w in zip(got["players"], want["players"]):
        for key in sorted(set(g) | set(w)):
            if g.get(key) != w.get(key):
                out.append(f"{w['name']}: {key}: entered {g.get(key)!r}, example {w.get(key)!r}")
    return out


@dataclass
class Result:
    game: str
    procedure: str
    boards: list[tuple[str, Effort]] = field(default_factory=list)
    finish: Effort = field(default_factory=Effort)  # "Calculate scores", its question, the results appearing

    @property
    def total(self) -> Effort:
        total = Effort()
        for _, effort in self.boards:
            total.add(effort)
        total.add(self.finish)
        return total


def measure(phone: Phone, work: Callable[[], None]) -> Effort:
    before = Effort(phone.effort.taps, phone.effort.chars, phone.effort.scrolls)
    started = time.perf_counter()
    work()
    return Effort(phone.effort.taps - before.taps, phone.effort.chars - before.chars,
                  phone.effort.scrolls - before.scrolls, time.perf_counter() - started)


def calculate(phone: Phone, boards: int) -> None:
    """Calculate scores. No procedure confirms a board one by one: Calculate asks about them, and they are
    confirmed as they are (two taps in all, until then the results)."""
    phone.tap(t("ui.score.calculate"), then=t("ui.score.as_they_are", count=boards))
    phone.tap(t("ui.score.as_they_are", count=boards), then=t("ui.score.confirm"))


def phone_at(browser, url: str, path: str) -> Phone:
    """A new phone (its own browser context) on `path`, its accessibility tree on, its socket watched."""
    app = App(browser, url)
    app.page.add_init_script(WS_JS)
    app.open(path)
    phone = Phone(app)
    phone.accessibility_on()
    return phone


def entered(players: list, quick: bool) -> list[int]:
    """The seats whose boards are entered: every seat, the last only in the quick run."""
    seats = list(range(len(players)))
    return seats[-1:] if quick else seats


def entered_elsewhere(data_dir: Path, game: Game, example: dict, seats: list[int]) -> None:
    """The boards of `seats` entered as on the table and confirmed, on another phone at the table."""
    from companion.storage import Repository

    board = game.definition.end.board_from_tracker(game.state, game.config)
    for seat in seats:
        board["players"][seat] = example["players"][seat]
    game.board, game.board_done = board, sorted(seats)
    Repository(data_dir, GAMES).save(game)


def run_case(browser, url: str, data: Path, sid: str, case: Case, name: str, procedure: Procedure,
             start: dict, quick: bool = False) -> Result:
    """One table entered with one procedure: `sid`, prepared in `data`, served at `url`; `quick`: the last
    board only, the others entered before (`entered_elsewhere`)."""
    example = json.loads((EXAMPLES / case.example).read_text(encoding="utf-8"))
    seats = entered(example["players"], quick)
    result = Result(case.game, name)
    phone = phone_at(browser, url, f"game/{sid}/score")
    app = phone.app
    try:
        names = [p["name"] for p in example["players"]]
        # the boards' tabs, the first board open (the quick run's table may open on another)
        phone.shows(t("ui.score.board_of", name=names[0]), selected=not quick, timeout=2 * WAIT)

        for seat in seats:
            target, prefilled = example["players"][seat], start["players"][seat]

            def enter(seat=seat, target=target, prefilled=prefilled):
                if seat and not getattr(procedure, "opens_boards", False):  # the player tabs at the top
                    tab = t("ui.score.board_of", name=target["name"])
                    phone.tap(tab, then=tab, selected=True)
                procedure(phone, seat, prefilled, target)
            result.boards.append((target["name"], measure(phone, enter)))

        # What the app scores: the board as edited, or the tracker's prefill when nothing needed an edit.
        wrong = differences(case.game, example, saved_board(data, sid) or start)
        if wrong:
            app.picture(f"entry-effort-{case.game}-{name}-wrong")
            raise AssertionError(f"{case.game} ({name}): the entered board differs from {case.example}:\n  "
                                 + "\n  ".join(wrong))
        result.finish = measure(phone, lambda: calculate(phone, len(seats)))
        if app.errors:
            raise AssertionError(f"{case.game} ({name}): page errors {app.errors}")
    except Exception:
        app.picture(f"entry-effort-{case.game}-{name}-failed")
        print(f"the screen showed: {Phone(app).names()}", file=sys.stderr)
        raise
    finally:
        app.close()
    return result


def table(result: Result, log=print) -> None:
    log(f"  {'board':<22}{'taps':>6}{'typed':>7}{'scrolls':>9}{'seconds':>9}")
    for name, e in result.boards:
        log(f"  {name:<22}{e.taps:>6}{e.chars:>7}{e.scrolls:>9}{e.seconds:>9.1f}")
    f = result.finish
    if f.taps:  # (the builds during play end with no "Calculate scores")
        log(f"  {'Calculate scores':<22}{f.taps:>6}{f.chars:>7}{f.scrolls:>9}{f.seconds:>9.1f}")
    tot = result.total
    log(f"  {'total':<22}{tot.taps:>6}{tot.chars:>7}{tot.scrolls:>9}{tot.seconds:>9.1f}")


def drive(url: str, data: Path, runs: list, prepared: list, log=print, quick: bool = False,
          browser=None) -> list[Result]:
    """Every run in its own browser context (a phone of its own) on the one server."""
    results: list[Result] = []
    with chromium(browser, {NAME_ENGINE: NAME_ENGINE_JS}) as b:
        for (case, name, procedure), (sid, start) in zip(runs, prepared):
            started = time.perf_counter()
            result = run_case(b, url, data, sid, case, name, procedure, start, quick)
            results.append(result)
            log(f"\n{case.game}, examples/{case.example}, procedure \"{name}\" "
                f"({time.perf_counter() - started:.0f} s with loading the page)")
            table(result, log)
            if hasattr(procedure, "during_play"):  # what the procedure's prefill cost during play
                example = json.loads((EXAMPLES / case.example).read_text(encoding="utf-8"))
                played = procedure.during_play(b, url, data, f"{sid}-play", example, quick)
                results.append(played)
                log(f"\n{case.game}, examples/{case.example}, {played.procedure}")
                table(played, log)
    return results


def run(games: list[str] | None = None, procedures: list[str] | None = None, log=print, quick: bool = False,
        browser=None) -> dict:
    """Every procedure of `games` (None: all) named in `procedures` (None: all); `quick`: only each table's
    last board is entered (see above); `browser`: see common.chromium."""
    header("Entry effort: each game's example end-of-game table entered on a 390 x 844 phone")
    log(f"load average before: {load_average()}")
    runs = [(CASES[g], name, procedure) for g in games or list(CASES)
            for name, procedure in PROCEDURES.get(g, {}).items() if not procedures or name in procedures]
    # One server and data folder, one prepared game per run: every run starts from the same state.
    tmp = Path(tempfile.mkdtemp(prefix="tabula-entry-"))
    data = tmp / "data"
    try:
        prepared = []
        for n, (case, name, procedure) in enumerate(runs):
            sid = f"20250101-1200{n:02d}-entry"
            example = json.loads((EXAMPLES / case.example).read_text(encoding="utf-8"))
            # a procedure may need a game played otherwise (City of Rome's "built": the builds recorded)
            game = prepare(data, sid, case.game, example, getattr(procedure, "play", case.play))
            prepared.append((sid, GAMES[case.game].end.board_from_tracker(game.state, game.config)))
            if quick:  # the boards before the last are entered already
                entered_elsewhere(data, game, example, list(range(len(example["players"]) - 1)))
            if hasattr(procedure, "during_play"):  # and the same table at its first round, nothing entered
                prepare(data, f"{sid}-play", case.game, example, lambda game, example: None, stage="play")
        server = tabula(data).start()
        try:
            results = drive(server.url, data, runs, prepared, log, quick, browser)
        finally:
            server.stop()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    log(f"\nload average after: {load_average()}")
    log("\nper game, every procedure next to the baseline (taps / typed / scrolls in all)")
    for game_id in dict.fromkeys(r.game for r in results):
        if game_id in BASELINE:
            log(f"  {game_id:<20}{'baseline':<12}{' / '.join(map(str, BASELINE[game_id]['total']))}")
        for r in results:
            if r.game == game_id:
                tot = r.total
                log(f"  {game_id:<20}{r.procedure + ' ':<12}{tot.taps} / {tot.chars} / {tot.scrolls}  ({tot.seconds:.1f} s)")
    return {f"{r.game}/{r.procedure}": {
        "boards": {name: vars(e) | {"seconds": round(e.seconds, 1)} for name, e in r.boards},
        "finish": vars(r.finish) | {"seconds": round(r.finish.seconds, 1)},
        "total": vars(r.total) | {"seconds": round(r.total.seconds, 1)},
    } for r in results}


def main(argv: list[str]) -> int:
    procedures = []
    if "--procedure" in argv:
        i = argv.index("--procedure")
        procedures = argv[i + 1:i + 2]
        argv = argv[:i] + argv[i + 2:]
    unknown = [g for g in argv if g not in CASES]
    if unknown:
        print(f"unknown game(s) {unknown}; known: {', '.join(CASES)}", file=sys.stderr)
        return 2
    run(argv or None, procedures or None)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
