"""The phone bench (issue 37): Tabula on a mid-range phone, in headless Chromium slowed as a whole
(bench/phone_device.py: a CPU cgroup holding every process of the browser, the render worker and Python's
worker included, with Chromium's own CPU throttle for what the cgroup leaves, calibrated at the start of
each run so that a fixed JavaScript loop on the page and a fixed Python loop in the static app's worker
both run SLOWDOWN times slower than unslowed).

Timed without the accessibility tree (a phone has it off unless a screen reader runs, and it costs work
in every frame): taps go to points found beforehand on a copy of the screen with the tree on (`scout`),
and the new value counts as drawn at the browser's frame after the first frame Flutter draws once the
message from Python that carries the value has reached the page (bench/phone_probe.js; the method's
check, `method_check`, times the same taps on a page with the tree on, where its own watch sees the
value appear too).

For every game (a 4-player game in play, on a 390 x 844 screen), in the server app (the table's
computer runs the server, unslowed; the phone draws) and in the static app (Python in the phone's
browser): the game's most frequent action in a player's sheet (`tap`), opening the sheet from the
scoreboard (`sheet_open`; `sheet_settled_ms`: until its slide is over), the game's next step
(`next`: Next / End round / End turn, the tap that makes the entry where a question comes first) and
Undo in the bar (`undo`, taking back that step), each with p50/p95/max and the load average. The static
app's first visit (bytes; time on a 9 Mbit/s, 40 ms network by CDP's network emulation), cached start
(a reload, from the service worker's cache and Python's memory snapshot) and offline start (the network
off), to the Home screen drawn and settled. Where a tap's time goes (`where`): the tap until its event
leaves for Python, Python (the server, or the worker) until the message with the new value reaches the
page, the wait for Flutter's next frame, the frame (build, layout and paint: one callback), the render
worker drawing its pictures, the browser's next frame; and on the Python side (bench/phone_hooks.py)
the entry (the move applied and saved), components rendered, Flet's diff, encoding and sending.

Headline figures (worst game, p95): static_tap_p95_ms, server_tap_p95_ms (the worst of tap, undo and
next), sheet_open_p95_ms (the worst of both apps), cached_start_s (p95), first_visit_mb (median).

    python bench/phone.py [--quick]      # or bench/run_all.py phone
    python bench/phone.py --starts       # the static app's starts only (test-artifacts/phone-starts.json)
"""

from __future__ import annotations

import json
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from cgroup import CpuCgroup, where  # noqa: E402
from common import NAMES, PY, ROOT, Proc, free_port, header, load_average, make_game, percentile  # noqa: E402
from phone_device import GPU_PROCESS, Phone, calibrate  # noqa: E402

BENCH = Path(__file__).resolve().parent
PHONE_SCREEN = {"width": 390, "height": 844}
PROBE = (Path(__file__).resolve().parent / "phone_probe.js").read_text(encoding="utf-8")
WHO = NAMES[0]
QUIET_MS = 200  # no frame asked for, no message from Python this long, no pictures at the render worker: at rest
SETTLE_MS = 600  # the same, after a tap whose answer has no text to watch for (a sheet closed)
TAP_TIMEOUT = 30_000
START_TIMEOUT = 240_000
# What a page had seen when a wait for it failed.
SEEN = """() => { const P = window.__phone; return {url: location.href, watching: String(P.watch && P.watch.pattern),
  hit: P.watch && P.watch.hit, since: P.watch && P.watch.since, now: performance.now(), frame_asked: P.requested,
  renders: P.renders, messages_in: P.ins, messages_out: P.outs}; }"""
# The watch as it ended, with when the screen last changed and the page's time origin (epoch ms).
WATCH = "() => ({...window.__phone.watch, pattern: '', settled: window.__phone.settled(), origin: performance.timeOrigin})"
NETWORK = {"offline": False, "latency": 40, "downloadThroughput": 9e6 / 8, "uploadThroughput": 9e6 / 8}


@dataclass(frozen=True)
class Plan:
    """What is tapped in a game. `counter`: the most frequent action's button in the player's sheet and
    the text that then shows its value ({v}); `next`: the next step's button, then the question's answer
    if it asks one (`question`: a text of the question); `after`/`before`: a text the screen shows after
    the step and again after Undo."""

    counter: str
    shows: str
    start: int
    next: tuple[str, ...]
    after: str
    before: str
    question: str | None = None
    played: tuple[dict, ...] = ()  # entries made before (Castles: the setup pick of bonus tiles)


PLANS = {
    "city-of-rome": Plan("Money +1 ({p})", "Money of {p}: {v}", 5, ("End round 1",),
                         "Round 2 of 14", "Round 1 of 14"),
    # a turn's tile placed on a banderole space: the disc one step on
    "carpe-diem": Plan("Tile on a banderole space: +1 step ({p})", "Banderole bar of {p}: space {v}", 0,
                       ("Next: Ben",), "Next: Cleo", "Next: Ben"),
    # a worker field's goods: every turn has one or two such moves
    "milestones": Plan("Stone +1 ({p})", "Stone of {p}: {v}", 0, ("End Anna's turn",),
                       "End Ben's turn", "End Anna's turn"),
    # points on the red track, the scoreboard's main number
    "castles-of-tuscany": Plan("Red track (inner) +1 ({p})", "Red track (inner) of {p}: {v}", 0, ("Next: Ben",),
                               "Next: Cleo", "Next: Ben",
                               played=tuple({"type": "bonus_tile", "player": p, "bonus": b}
                                            for p, b in enumerate(("card", "storage", "marble", "worker")))),
}


def probe(start: str = "") -> str:
    """The probe for every page; `start`: a pattern of the first screen, watched from the page's start."""
    return PROBE.replace("__START__", start.replace("\\", "\\\\").replace('"', '\\"'))


def pattern(text: "str | re.Pattern") -> str:
    """A regular expression for `text` as it is sent (UTF-8 bytes read one character per byte), not
    followed by another digit when it ends in one (Money 6 is not Money 60); a `re.Pattern` as it is."""
    if isinstance(text, re.Pattern):
        return text.pattern
    latin = text.encode("utf-8").decode("latin-1")
    return re.escape(latin) + (r"(?!\d)" if text[-1:].isdigit() else "")


# The sheet opened: its first opening on a page sends it whole (its Close named in the message), a later
# one only tells the sheet kept since to open (`open: true` in msgpack: the key's 4 bytes, then 0xc3).
SHEET_OPENED = re.compile(pattern(f"Close {WHO}'s sheet") + r"|\xa4open\xc3")


def stats(values: list[float], load: list[str]) -> dict:
    if not values:
        return {"p50_ms": None, "p95_ms": None, "max_ms": None, "n": 0, "load_average": load}
    return {"p50_ms": round(statistics.median(values), 1), "p95_ms": round(percentile(values, 95), 1),
            "max_ms": round(max(values), 1), "n": len(values), "load_average": load}


# ------------------------------------------------------------------------------------------ a screen

class Screen:
    """A tab of the slowed phone without the accessibility tree: taps at points, timed by the probe."""

    def __init__(self, page):
        self.page = page
        self.errors: list[str] = []
        page.on("pageerror", lambda e: self.errors.append(str(e)))

    def rest(self, timeout: int = TAP_TIMEOUT) -> None:
        self.page.wait_for_function("q => window.__phone.idle(q)", arg=QUIET_MS, polling=50, timeout=timeout)

    def arm(self, text: str, tree: str | None = None) -> None:
        self.page.evaluate("([s, t]) => window.__phone.arm(s, t)", [pattern(text), tree])

    def wait_drawn(self, timeout: int = TAP_TIMEOUT) -> dict:
        """Once the watched value is drawn and the screen at rest again: the watch, its times relative to
        the tap (ms)."""
        try:
            self.page.wait_for_function("q => window.__phone.watch.drawn !== null && window.__phone.idle(q)",
                                        arg=QUIET_MS, polling=50, timeout=timeout)
        except Exception as error:
            shot = ROOT / "test-artifacts" / "phone-not-drawn.png"
            shot.parent.mkdir(parents=True, exist_ok=True)
            self.page.screenshot(path=str(shot))
            raise RuntimeError(f"not drawn at rest within {timeout / 1000:.0f} s (the screen: {shot.name}): "
                               f"{self.page.evaluate(SEEN)}") from error
        return timings(self.page.evaluate(WATCH))

    def tap(self, point: tuple[float, float], shows: str, tree: str | None = None, timeout: int = TAP_TIMEOUT) -> dict:
        """Tap `point` and time it until `shows` is drawn (the screen was at rest before); `tree`: also when
        the accessibility tree shows it (only where the tree is on: the method's check)."""
        self.arm(shows, tree)
        self.page.mouse.click(*point)
        return self.wait_drawn(timeout)

    def tap_and_rest(self, point: tuple[float, float]) -> None:
        """A tap whose answer is not timed and has no text to watch for (a sheet closed): until Python has
        answered and the screen has been at rest for SETTLE_MS (a sheet may close in more than one
        answer: told to close, then taken away when its slide has ended)."""
        heard = self.page.evaluate("() => window.__phone.ins")
        self.page.mouse.click(*point)
        self.page.wait_for_function("([n, q]) => window.__phone.ins > n && window.__phone.idle(q)",
                                    arg=[heard, SETTLE_MS], polling=50, timeout=TAP_TIMEOUT)


def timings(w: dict) -> dict:
    """A watch's times, in ms from the tap (or the page's start): when the tap's event left for Python,
    the value's message arrived, Flutter's frame began and ended, its pictures were drawn and put on screen,
    and the screen was at rest; `frames`: Flutter's frames meanwhile and their time together."""
    down = w["down"]
    frame = w["frame"] or [None, None]

    def rel(t):
        return None if t is None else round(t - down, 1)
    window = [f for f in w["frames"] if f[0] >= down and (w["drawn"] is None or f[0] <= w["drawn"])]
    later = [f[0] for f in w["frames"] if frame[1] is not None and f[0] >= frame[1]]
    until = w["drawn"] if w["drawn"] is not None else w["settled"]
    return {"at": round(w["origin"] + down), "until": round(w["origin"] + until),  # epoch ms: Python's records
            "drawn": rel(w["drawn"]), "sent": rel(w["sent"]), "hit": rel(w["hit"]), "frame_start": rel(frame[0]),
            "frame_end": rel(frame[1]), "next_frame": rel(later[0] if later else None),
            "raster": rel(w["raster"]), "settled": rel(w["settled"]), "tree": rel(w.get("tree")),
            "frames": len(window), "first_frame": rel(w["frames"][0][0] if w["frames"] else None),
            "frames_ms": round(sum(b - a for a, b in window), 1)}


# ------------------------------------------------------------------------------------------ scouting

def scout(page, plan: Plan, with_undo: str) -> dict:
    """The points of a game's play screen to tap, found in the accessibility tree (turned on here: this page
    is not timed). Opens and closes the sheet, and makes the next step and takes it back (`with_undo`:
    the Undo button's name once it has something to take back)."""
    settle = lambda: page.wait_for_function("q => window.__phone.idle(q)", arg=400, polling=50,  # noqa: E731
                                            timeout=TAP_TIMEOUT)

    def centre(locator, dx=None, dy=None):
        """Where to tap it, once the screen is at rest (not mid-slide), and its node is there to measure."""
        settle()
        for _ in range(100):
            locator.first.wait_for(timeout=TAP_TIMEOUT)
            box = locator.first.bounding_box()  # None when the tree replaced the node meanwhile
            if box:
                return (box["x"] + (dx if dx is not None else box["width"] / 2),
                        box["y"] + (dy if dy is not None else box["height"] / 2))
            page.wait_for_timeout(50)  # polling: no event says when the tree is written again
        raise RuntimeError(f"no place on the screen for {locator}")
    button = lambda name, exact=True: page.get_by_role("button", name=name, exact=exact)  # noqa: E731
    points = {"row": centre(button(f"{WHO}'s sheet", exact=False), 24, 20)}  # where the name is (harness.sheet)
    page.mouse.click(*points["row"])
    points["close"] = centre(button(f"Close {WHO}'s sheet"))
    points["counter"] = centre(button(plan.counter.format(p=WHO)))
    page.mouse.click(*points["close"])
    button(f"Close {WHO}'s sheet").first.wait_for(state="detached", timeout=TAP_TIMEOUT)
    points["next"] = centre(button(plan.next[0]))
    page.mouse.click(*points["next"])
    if len(plan.next) > 1:
        dialog = page.locator("flt-semantics[role=dialog], flt-semantics[role=alertdialog]")
        points["answer"] = centre(dialog.get_by_role("button", name=plan.next[1], exact=True))
        page.mouse.click(*points["answer"])
    points["undo"] = centre(button(with_undo, exact=False))
    page.mouse.click(*points["undo"])
    button(plan.next[0]).first.wait_for(timeout=TAP_TIMEOUT)
    settle()
    return {k: (round(x, 1), round(y, 1)) for k, (x, y) in points.items()}


def turn_on_tree(page) -> None:
    page.wait_for_function("""() => {
      const placeholder = document.querySelector('flt-semantics-placeholder');
      if (placeholder) placeholder.click();
      return document.querySelectorAll('flt-semantics[role]').length > 3;
    }""", polling=200, timeout=START_TIMEOUT)


# ------------------------------------------------------------------------------------------ the taps

@dataclass(frozen=True)
class Counts:
    """How many of each are timed: per game and app, `rounds` rounds of the sheet opened, `taps` taps, the
    next step and Undo (`steps` times); the taps of the method's check (0: none)."""

    rounds: int
    taps: int
    steps: int
    check: int


# A full run's (14 timed taps and 2 sheets per game and app: 13 minutes at load average 12-16) and a quick run's.
FULL, QUICK = Counts(rounds=2, taps=3, steps=2, check=3), Counts(rounds=1, taps=1, steps=1, check=0)
FIRST_VISITS, CACHED_STARTS, OFFLINE_STARTS = 1, 3, 2  # the static app's starts (a full run only)


def cycles(screen: Screen, points: dict, plan: Plan, counts: Counts, value: int | None = None) -> dict:
    """`rounds` times: the sheet opened, `taps` taps of the frequent action, the sheet closed, `steps` times the
    next step and Undo. Returns the samples (the timings of each) by what was timed. `value`: the counter's value before
    (else the plan's start)."""
    found = {"sheet_open": [], "tap": [], "next": [], "undo": []}
    value = plan.start if value is None else value
    for _ in range(counts.rounds):
        found["sheet_open"].append(screen.tap(points["row"], SHEET_OPENED))
        for _ in range(counts.taps):
            value += 1
            found["tap"].append(screen.tap(points["counter"], plan.shows.format(p=WHO, v=value)))
        screen.tap_and_rest(points["close"])
        for _ in range(counts.steps):
            if plan.question:
                screen.arm(plan.question)
                screen.page.mouse.click(*points["next"])
                screen.wait_drawn()
                found["next"].append(screen.tap(points["answer"], plan.after))
            else:
                found["next"].append(screen.tap(points["next"], plan.after))
            found["undo"].append(screen.tap(points["undo"], plan.before))
    return found


def attribute(samples: dict, taken: dict) -> None:
    """Each sample's Python-side parts (bench/phone_hooks.py): the own ms of each timed kind of call that
    began between the tap and the value drawn. A function of phone_hooks.TIMED that is not there (renamed)
    stops the bench: the figures would leave its time out without a word."""
    if taken["missing"]:
        raise RuntimeError(f"bench/phone_hooks.py times what is not there (renamed?): {taken['missing']}")
    for found in samples.values():
        for sample in found:
            parts = {}
            for name, start, ms in taken["records"]:
                if sample["at"] - 2 <= start * 1000 <= sample["until"]:
                    parts[name] = parts.get(name, 0.0) + ms
            sample["py"] = {name: round(ms, 1) for name, ms in parts.items()}


def summary(samples: dict, load: list[str]) -> dict:
    """p50/p95/max of each kind of tap (tap -> drawn), the sheet's settling, and the parts of the time."""
    result = {kind: stats([s["drawn"] for s in found], load) for kind, found in samples.items()}
    if samples.get("sheet_open"):
        result["sheet_open"]["settled_p50_ms"] = round(statistics.median(s["settled"] for s in samples["sheet_open"]), 1)
        result["sheet_open"]["settled_p95_ms"] = round(percentile([s["settled"] for s in samples["sheet_open"]], 95), 1)
    for kind, found in samples.items():
        if found:
            result[kind]["parts_p50_ms"] = parts(found)
            names = sorted({name for s in found for name in s.get("py", {})})
            if names:
                result[kind]["python_p50_ms"] = {name: _median([s["py"].get(name, 0.0) for s in found])
                                                 for name in names}
    return result


def parts(found: list[dict]) -> dict:
    """Medians of the parts of a tap's time: to Python (the tap handled, its event sent), Python (until the
    message with the value is on the page), to the frame (Flutter applies it and waits for the next
    frame), the frame, the render worker, to the screen (the browser's next frame)."""
    def med(key_a, key_b):
        values = [s[key_b] - s[key_a] for s in found if s[key_a] is not None and s[key_b] is not None]
        return round(statistics.median(values), 1) if values else None
    return {"to_python": _median([s["sent"] for s in found]),
            "python": med("sent", "hit"), "to_frame": med("hit", "frame_start"), "frame": med("frame_start", "frame_end"),
            "render_worker": med("frame_end", "raster"), "to_screen": med("raster", "drawn"),
            "frames": _median([s["frames"] for s in found]), "frames_ms": _median([s["frames_ms"] for s in found])}


def _median(values: list) -> float | None:
    values = [v for v in values if v is not None]
    return round(statistics.median(values), 1) if values else None


def method_check(screen: Screen, points: dict, plan: Plan, taps: int) -> dict:
    """The probe against the accessibility tree, on a page where it is on: the same taps of the frequent
    action, each timed both ways. Flutter writes the tree at the end of the frame that draws the change,
    so the tree shows the value after the end of the frame the probe takes and before the next frame
    begins (`tree_in_frame_taken` of `tree_seen`); `tree_after_frame_ms`: how long after its end;
    `drawn_after_tree_ms`: how much later the probe counts it as on screen (its pictures drawn by the
    render worker, then the browser's next frame)."""
    screen.tap(points["row"], SHEET_OPENED)  # the sheet drawn (Python may answer in parts)
    found = []
    value = plan.start
    for _ in range(taps):
        value += 1
        text = plan.shows.format(p=WHO, v=value)
        found.append(screen.tap(points["counter"], text, tree=text))
    screen.tap_and_rest(points["close"])
    seen = [s for s in found if s["tree"] is not None]
    return {"taps": len(found), "tree_seen": len(seen),
            "tree_after_frame_ms": [round(s["tree"] - s["frame_end"], 1) for s in seen],
            "drawn_after_tree_ms": [round(s["drawn"] - s["tree"], 1) for s in seen],
            # the tree shows it after the frame taken ends and before the next one begins: that frame drew it
            "tree_in_frame_taken": sum(1 for s in seen if s["tree"] >= s["frame_end"]
                                       and (s["next_frame"] is None or s["tree"] <= s["next_frame"]))}


# ------------------------------------------------------------------------------------------ the server app

def server_games(phone: Phone, games: list[str], counts: Counts, tmp: Path) -> dict:
    """Each game in the server app: its points scouted on a copy of the game (unslowed, tree on), then the
    timed rounds on the game itself in a page without the tree. `check`: taps of the method's check, on
    the first game's copy (`method_check`)."""
    data = tmp / "server-data"
    for game in games:
        for sid in (f"20250101-120000-{game}", f"20250101-120000-scout-{game}"):
            seed(data, game, sid, PLANS[game])
    hooks = free_port()
    server = Proc([PY, str(BENCH / "phone_hooks.py"), "run", "--port", str(free_port()), "--data", str(data)],
                  0, env={"PHONE_HOOKS_PORT": str(hooks)})
    server.port = int(server.argv[server.argv.index("--port") + 1])
    server.start()
    taken = lambda: json.loads(urllib.request.urlopen(f"http://127.0.0.1:{hooks}/", timeout=30).read())  # noqa: E731
    browser = phone.launch()
    result = {}
    try:
        for game in games:
            plan = PLANS[game]
            context = browser.new_context(viewport=PHONE_SCREEN)
            context.add_init_script(probe(f"{WHO}'s sheet"))
            page = context.new_page()
            page.goto(server.url + f"game/20250101-120000-scout-{game}/play")
            turn_on_tree(page)
            points = scout(page, plan, "Undo: ")
            if counts.check and game == games[0]:
                phone.attach(context, page)
                phone.slow()
                try:
                    result["method_check"] = method_check(Screen(page), points, plan, counts.check)
                finally:
                    phone.unslow()
            page.close()
            page = context.new_page()
            phone.attach(context, page)
            screen = Screen(page)
            page.goto(server.url + f"game/20250101-120000-{game}/play")
            page.wait_for_function("q => window.__phone.watch.hit !== null && window.__phone.idle(q)", arg=500,
                                   polling=100, timeout=START_TIMEOUT)
            load = [load_average()]
            taken()  # what came before
            phone.slow()
            try:
                samples = cycles(screen, points, plan, counts)
            finally:
                phone.unslow()
            load.append(load_average())
            attribute(samples, taken())
            assert not screen.errors, screen.errors
            result[game] = {**summary(samples, load), "points": points, "samples": samples}
            progress(f"server {game}", result[game])
            context.close()
    finally:
        browser.close()
        server.stop()
    return result


def seed(data: Path, game: str, sid: str, plan: Plan) -> None:
    """A 4-player game in play saved in `data`, with the plan's entries made before."""
    make_game(data, game, sid)
    if plan.played:
        from companion.games import GAMES
        from companion.storage import Repository
        repo = Repository(data, GAMES)
        game = repo.game(sid)
        for event in plan.played:
            game.record(event)
        repo.save(game)


# ------------------------------------------------------------------------------------------ the static app

HOME = "New game"  # on the Home screen (the bench's browser is English)
PLAY = f"{WHO}'s sheet"  # on a game's play screen
# bench/phone_hooks.py in the static app's Python worker (its timers; the IndexedDB write-backs too).
HOOKS = (Path(__file__).resolve().parent / "phone_hooks.py").read_text(encoding="utf-8")
INSTALL_HOOKS = """(source) => {
  self.pyodide.globals.set("phone_hooks_source", source);
  self.pyodide.runPython(`
import sys, types
module = types.ModuleType("phone_hooks")
exec(phone_hooks_source, module.__dict__)
sys.modules["phone_hooks"] = module
module.install(spans=True)
`);
}"""
TAKE_HOOKS = "() => self.pyodide.runPython('import phone_hooks; phone_hooks.take()')"
INJECT = """async (files) => {
  const FS = self.pyodide.FS;
  FS.mkdirTree('/tabula/live');
  for (const [name, text] of files) FS.writeFile('/tabula/' + name, text);
  await new Promise((done, failed) => FS.syncfs(false, (error) => (error ? failed(error) : done())));
}"""


def started(page, timeout: int = START_TIMEOUT) -> dict:
    """Once the page's first screen is drawn and at rest (the probe's start watch): ms from the navigation
    to the message with the first screen, to the first frame after it, and until the screen was at rest
    (`settled`: the start's time; held messages may reach Flutter after the first frame)."""
    try:
        page.wait_for_function("q => window.__phone.watch.hit !== null && window.__phone.idle(q)", arg=500,
                               polling=100, timeout=timeout)
    except Exception as error:
        raise RuntimeError(f"the first screen was not drawn at rest within {timeout / 1000:.0f} s: "
                           f"{page.evaluate(SEEN)}") from error
    return timings(page.evaluate(WATCH))


def python_worker(page, timeout: float = 120):
    """The static app's Python worker, once Pyodide runs in it."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for worker in page.workers:
            if "python-worker" in worker.url and worker.evaluate("() => !!self.pyodide"):
                return worker
        page.wait_for_timeout(200)  # polling: no event says when Pyodide is up in the worker
    raise RuntimeError("the static app's Python worker did not start")


def play(screen: Screen, game: str, first: bool) -> None:
    """To a game's play screen in the static app, through Home (but the `first` time: at Home already): the
    rows' names are watched, and Flet sends only what changed, so from another game's play screen (rows of
    the same names) they would never come."""
    if not first:
        go(screen, "", HOME)
    go(screen, f"game/20250101-120000-{game}/play", PLAY)


def go(screen: Screen, route: str, shows: str) -> None:
    """To a route of the static app (its hash), as a link would, until `shows` is drawn and at rest: a text
    that the screen before did not show (Flet's patch carries only what changed)."""
    screen.arm(shows)
    screen.page.evaluate("r => { window.__phone.watch.down = performance.now(); location.hash = '#/' + r; }", route)
    screen.wait_drawn(START_TIMEOUT)


# What Python's start imports and what the memory snapshot holds: Pyodide started again on the page (its
# main thread, slowed as the worker is), bare, then with the app archive unpacked and the snapshot's own
# preload run (PRELOAD of the built tabula-snapshot.js: the build writes in the names of Flet's the app
# uses), each import's own time noted (without the imports inside it), grouped by top-level package; the
# Wasm memory's size after each (the snapshot is that memory).


def preload_code() -> str:
    return re.search(r"const PRELOAD = `(.*?)`;", (ROOT / "dist" / "tabula-snapshot.js").read_text(encoding="utf-8"),
                     re.S).group(1)


IMPORT_TIMER = """
import builtins, sys, time
_import, _stack, own = builtins.__import__, [], {}
def _timed(name, globals=None, locals=None, fromlist=(), level=0):
    if level and globals:  # a relative import: the absolute name
        base = (globals.get("__package__") or "").rsplit(".", level - 1)[0]
        name = f"{base}.{name}" if name else base
    began = time.perf_counter()
    _stack.append(0.0)
    try:
        return _import(name, globals, locals, fromlist, 0) if level else _import(name, globals, locals, fromlist, level)
    finally:
        took = time.perf_counter() - began
        inner = _stack.pop()
        if _stack:
            _stack[-1] += took
        own[name] = own.get(name, 0.0) + took - inner
builtins.__import__ = _timed
"""
START_CONTENTS = """async ([preload, timer]) => {
  const t0 = performance.now();
  const {loadPyodide} = await import(new URL('pyodide/pyodide.mjs', document.baseURI).href);
  const py = await loadPyodide();
  const memory = () => py._module.HEAP8.length;  // the Wasm memory: what the snapshot stores
  const modules = () => JSON.parse(py.runPython('import sys, json; json.dumps(sorted(sys.modules))'));
  const bare = {ms: performance.now() - t0, modules: modules(), memory: memory()};
  const t1 = performance.now();
  py.unpackArchive(await (await fetch('app.tar.gz')).arrayBuffer(), 'gztar');
  const unpack_ms = performance.now() - t1;
  py.runPython(timer);
  const t2 = performance.now();
  py.runPython(preload);
  const preload_ms = performance.now() - t2;
  const own = JSON.parse(py.runPython('import json, builtins; builtins.__import__ = _import; json.dumps(own)'));
  const stdlib = JSON.parse(py.runPython('import sys, json; json.dumps(sorted(sys.stdlib_module_names))'));
  return {bare, unpack_ms, preload_ms, modules: modules(), memory: memory(), own, stdlib};
}"""


def start_contents(phone: Phone, page) -> dict:
    """What the snapshot holds (slowed, on the page's main thread): modules by group (standard library, each
    package, Tabula), their count and own import time, the memory, against a bare Pyodide."""
    phone.slow()
    try:
        found = page.evaluate(START_CONTENTS, [preload_code(), IMPORT_TIMER])
    finally:
        phone.unslow()
    stdlib = set(found["stdlib"])
    group = lambda name: ("standard library" if name.split(".")[0] in stdlib or name.startswith("_")  # noqa: E731
                          else name.split(".")[0])
    groups: dict[str, dict] = {}
    for name in found["modules"]:
        g = groups.setdefault(group(name), {"modules": 0, "bare": 0, "import_ms": 0.0})
        g["modules"] += 1
        g["bare"] += name in found["bare"]["modules"]
    for name, seconds in found["own"].items():
        groups.setdefault(group(name), {"modules": 0, "bare": 0, "import_ms": 0.0})["import_ms"] += seconds * 1000
    slowest = sorted(found["own"].items(), key=lambda item: -item[1])[:15]
    return {"pyodide_start_ms": round(found["bare"]["ms"]), "unpack_ms": round(found["unpack_ms"]),
            "preload_ms": round(found["preload_ms"]), "memory_mb_bare": round(found["bare"]["memory"] / 1e6, 1),
            "memory_mb": round(found["memory"] / 1e6, 1), "modules_bare": len(found["bare"]["modules"]),
            "modules": len(found["modules"]),
            "groups": {g: {**v, "import_ms": round(v["import_ms"])} for g, v in
                       sorted(groups.items(), key=lambda item: -item[1]["import_ms"])},
            "slowest_imports_ms": {name: round(seconds * 1000, 1) for name, seconds in slowest}}


def first_visits(phone: Phone, site, runs: int, tmp: Path) -> dict:
    """`runs` first visits, each a browser with a fresh profile on the slowed phone and the network
    emulated (NETWORK): the bytes the site sent until the Home screen was at rest and until the app was
    ready offline (the service worker's cache filled), the time to the Home screen at rest, and how long the
    page waited for the service worker to answer it (web/tabula-boot.js)."""
    found = {"home_s": [], "home_mb": [], "offline_ready_mb": [], "requests": [], "service_worker_ms": [],
             "load_average": [load_average()]}
    for run in range(runs):
        context = phone.persistent(tmp / f"first-{run}", PHONE_SCREEN)
        try:
            context.add_init_script(probe(HOME))
            page = context.pages[0]
            # what waiting for the service worker cost (web/tabula-boot.js: the page waits for it to answer)
            page.on("console", lambda m: found["service_worker_ms"].extend(
                int(ms) for ms in re.findall(r"^tabula: the service worker answers the page after (\d+) ms", m.text)))
            cdp = phone.attach(context, page)
            cdp.send("Network.enable")
            cdp.send("Network.emulateNetworkConditions", NETWORK)
            mark = len(site.sent)
            phone.slow()
            page.goto(site.url, timeout=START_TIMEOUT)
            home = started(page)
            found["home_s"].append(home["settled"] / 1000)
            found["home_mb"].append(site.bytes_since(mark) / 1e6)
            ready = page.evaluate("window.tabulaOffline")
            assert "error" not in ready, ready
            found["offline_ready_mb"].append(site.bytes_since(mark) / 1e6)
            found["requests"].append(len(site.sent) - mark)
        finally:
            phone.unslow()
            context.close()
    found["load_average"].append(load_average())
    return found


def starts(phone: Phone, page, runs: int, offline: bool) -> dict:
    """`runs` reloads of a page that has the app cached (its service worker, Python's snapshot), timed to
    the Home screen at rest; `offline`: with the network off. Whether each started from the snapshot."""
    heard: list[str] = []
    page.on("console", lambda m: heard.append(m.text))
    found = {"settled_s": [], "first_frame_s": [], "home_message_s": [], "flutter_first_frame_s": [],
             "python_from_snapshot_ms": [], "from_snapshot": 0, "load_average": [load_average()]}
    page.context.set_offline(offline)
    phone.slow()
    try:
        for _ in range(runs):
            mark = len(heard)
            page.reload(timeout=START_TIMEOUT)
            home = started(page)
            found["settled_s"].append(home["settled"] / 1000)
            found["first_frame_s"].append((home["drawn"] or home["settled"]) / 1000)
            found["home_message_s"].append(home["hit"] / 1000)
            found["flutter_first_frame_s"].append(home["first_frame"] / 1000)
            snapshot = [re.search(r"in (\d+) ms", line) for line in heard[mark:]
                        if line.startswith("tabula: Python started from the snapshot")]
            found["from_snapshot"] += bool(snapshot)
            found["python_from_snapshot_ms"] += [int(m.group(1)) for m in snapshot if m]
    finally:
        phone.unslow()
        page.context.set_offline(False)
    found["load_average"].append(load_average())
    return found


def static_games(phone: Phone, page, games: list[str], counts: Counts, tmp: Path) -> dict:
    """The games saved into the static app's storage (IndexedDB, through Python's worker), their points
    scouted with the tree on (and the method's check on the first, `check` taps), then (after a reload:
    the tree off) the timed rounds, game by game."""
    data = tmp / "static-data"
    files = []
    for game in games:
        sid = f"20250101-120000-{game}"
        seed(data, game, sid, PLANS[game])
        files.append((f"live/{sid}.json", (data / "live" / f"{sid}.json").read_text(encoding="utf-8")))
    python_worker(page).evaluate(INJECT, files)
    page.reload(timeout=START_TIMEOUT)
    started(page)
    turn_on_tree(page)
    screen = Screen(page)
    points, result, value = {}, {}, {}
    for game in games:
        play(screen, game, first=game == games[0])
        points[game] = scout(page, PLANS[game], "Undo: ")
        value[game] = PLANS[game].start
        if counts.check and game == games[0]:
            phone.slow()
            try:
                result["method_check"] = method_check(screen, points[game], PLANS[game], counts.check)
            finally:
                phone.unslow()
            value[game] += counts.check
    page.goto(page.url.split("#")[0], timeout=START_TIMEOUT)  # Home again, the tree off again
    started(page)
    worker = python_worker(page)
    worker.evaluate(INSTALL_HOOKS, HOOKS)
    for game in games:
        play(screen, game, first=game == games[0])
        load = [load_average()]
        worker.evaluate(TAKE_HOOKS)  # what came before
        phone.slow()
        try:
            samples = cycles(screen, points[game], PLANS[game], counts, value[game])
        finally:
            phone.unslow()
        load.append(load_average())
        attribute(samples, json.loads(worker.evaluate(TAKE_HOOKS)))
        result[game] = {**summary(samples, load), "points": points[game], "samples": samples}
        progress(f"static {game}", result[game])
    assert not screen.errors, screen.errors
    return result


# ------------------------------------------------------------------------------------------ the run

def run(quick: bool = False, games: list[str] | None = None) -> dict:
    """The phone bench's figures (see the module's docstring). `quick` (bench/run_all.py --quick, and
    make test through tests/browser/test_bench_parts_browser.py: the bench runs, it measures nothing): the
    server app only (the static app's start alone takes longer than a quick run may), one game, one round
    of one tap, no method check, and the phone at the nominal share without calibrating (the loops need the
    static app's Python worker); where no cgroup can be made, only the CDP throttle slows, and it says so."""
    games = games or ([next(iter(PLANS))] if quick else list(PLANS))
    counts = QUICK if quick else FULL
    header(f"Phone (issue 37): Tabula in Chromium slowed as a whole to a mid-range phone; {', '.join(games)}")
    from playwright.sync_api import sync_playwright
    began, load = time.monotonic(), [load_average()]
    cgroup = CpuCgroup("threads", exclude=(GPU_PROCESS,)) if where() or not quick else None
    tmp = Path(tempfile.mkdtemp(prefix="tabula-bench-phone-"))
    try:
        with (cgroup or _Nothing()), sync_playwright() as playwright:
            phone = Phone(playwright, tmp, cgroup)
            if quick:
                static, calibration = {}, {**phone.describe(), "calibrated": False}
            else:
                static, calibration = static_app(phone, games, counts, tmp)
            server = server_games(phone, games, counts, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    load.append(load_average())
    result = {**headline(static, server), "calibration": calibration, "static": static, "server": server,
              "samples": {"rounds": counts.rounds, "taps_per_round": counts.taps, "steps_per_round": counts.steps,
                          "method_check_taps": counts.check, "first_visits": 0 if quick else FIRST_VISITS,
                          "cached_starts": 0 if quick else CACHED_STARTS,
                          "offline_starts": 0 if quick else OFFLINE_STARTS},
              "network": NETWORK, "load_average": load, "seconds": round(time.monotonic() - began)}
    report(result)
    return result


class _Nothing:
    def __enter__(self):
        return None

    def __exit__(self, *exc):
        return None


def static_app(phone: Phone, games: list[str], counts: Counts, tmp: Path, first_visits_n: int = FIRST_VISITS):
    """The static app (built by web/build.py into dist/ if the sources changed) on one phone (a profile
    kept from start to start): the calibration, once the app has started unslowed; the cached and offline
    starts, once the snapshot is made; what Python's start holds and the games (unless `games` is empty:
    `--starts`); then the first visits, each on a fresh profile."""
    build = subprocess.run([PY, str(ROOT / "web" / "build.py")], cwd=ROOT, capture_output=True, text=True)
    if build.returncode:
        raise RuntimeError(build.stdout + build.stderr)
    from tests.browser.test_static_web_browser import DIST, StaticSite
    site = StaticSite(DIST)
    context = phone.persistent(tmp / "phone", PHONE_SCREEN)
    try:
        context.add_init_script(probe(HOME))
        page = context.pages[0]
        phone.attach(context, page)
        page.goto(site.url, timeout=START_TIMEOUT)
        started(page)
        calibration = {**calibrate(phone, page, python_worker(page)), "calibrated": True}
        progress("calibrated", {k: calibration[k] for k in ("share", "cdp_rate", "js_loop", "python_loop")})
        ready, snapshot = page.evaluate("window.tabulaOffline"), page.evaluate("window.tabulaSnapshot")
        assert "error" not in ready and "bytes" in snapshot, (ready, snapshot)
        result = {"snapshot_bytes": snapshot["bytes"], "snapshot_made_ms": snapshot["ms"],
                  "cached_start": starts(phone, page, CACHED_STARTS, offline=False),
                  "offline_start": starts(phone, page, OFFLINE_STARTS, offline=True)}
        progress("starts", {k: result[k]["settled_s"] for k in ("cached_start", "offline_start")})
        if games:
            result["python_start"] = start_contents(phone, page)
            result.update(static_games(phone, page, games, counts, tmp))
        context.close()
        result["first_visit"] = first_visits(phone, site, first_visits_n, tmp)
        progress("first visit", {k: result["first_visit"][k] for k in ("home_s", "offline_ready_mb", "requests",
                                                                       "service_worker_ms")})
    finally:
        context.close()
        site.stop()
    return result, calibration


def progress(what: str, figures: dict) -> None:
    """A line while the bench runs (a full run takes minutes)."""
    shown = {k: v["p95_ms"] if isinstance(v, dict) and "p95_ms" in v else v for k, v in figures.items()
             if k not in ("points", "samples")}
    print(f"  {what}: {shown} (load average {load_average()})", flush=True)


def worst(app: dict, kinds: tuple[str, ...]) -> float | None:
    values = [app[game][kind]["p95_ms"] for game in PLANS if game in app for kind in kinds
              if app[game][kind]["p95_ms"] is not None]
    return max(values) if values else None


def headline(static: dict, server: dict) -> dict:
    """The plain keys of "phone": the worst game's p95 (the worst of its frequent action, Undo and next
    step for the taps; of both apps for the sheet), the cached start's p95, the first visit's bytes."""
    opens = [v for v in (worst(static, ("sheet_open",)), worst(server, ("sheet_open",))) if v is not None]
    cached = static.get("cached_start", {}).get("settled_s", [])
    first = static.get("first_visit", {}).get("offline_ready_mb", [])
    return {"static_tap_p95_ms": worst(static, ("tap", "undo", "next")),
            "server_tap_p95_ms": worst(server, ("tap", "undo", "next")),
            "sheet_open_p95_ms": max(opens) if opens else None,
            "cached_start_s": round(percentile(cached, 95), 2) if cached else None,
            "first_visit_mb": round(statistics.median(first), 1) if first else None}


def report(result: dict) -> None:
    c = result["calibration"]
    found = (f": JavaScript loop x{c['js_loop']['slowdown']}, Python loop x{c['python_loop']['slowdown']} "
             f"(target x{c['target_slowdown']})") if c["calibrated"] else " (not calibrated: a quick run)"
    print(f"phone: {c['cgroup']}, share {c['share']} of a core per thread ({c['quota_us']} us every "
          f"{c['period_us']} us), CDP rate {c['cdp_rate']}{found}")
    for app in ("static", "server"):
        for game in PLANS:
            if game in result[app]:
                g = result[app][game]
                print(f"{app} {game}: " + ", ".join(f"{kind} p50 {g[kind]['p50_ms']} / p95 {g[kind]['p95_ms']} ms"
                                                    for kind in ("tap", "sheet_open", "next", "undo")))
    s = result["static"]
    if s:
        print(f"static starts: cached p50 {_median(s['cached_start']['settled_s'])} s "
              f"({s['cached_start']['from_snapshot']} of {len(s['cached_start']['settled_s'])} from the snapshot); "
              f"offline {s['offline_start']['settled_s']} s; first visit {s['first_visit']['home_s']} s, "
              f"{s['first_visit']['offline_ready_mb']} MB")
    print("headline: " + ", ".join(f"{k} {result[k]}" for k in ("static_tap_p95_ms", "server_tap_p95_ms",
                                                                 "sheet_open_p95_ms", "cached_start_s",
                                                                 "first_visit_mb")))
    print(f"load average {result['load_average']}, {result['seconds']} s", flush=True)


def starts_only(first: int = 2) -> dict:
    """`--starts`: the static app's starts alone (cached, offline, `first` first visits) on the calibrated
    phone, without the games and the server app: minutes where a full run takes a quarter of an hour."""
    header("Phone (issue 37): the static app's starts on a slowed mid-range phone")
    from playwright.sync_api import sync_playwright
    began, load = time.monotonic(), [load_average()]
    tmp = Path(tempfile.mkdtemp(prefix="tabula-bench-phone-"))
    try:
        with CpuCgroup("threads", exclude=(GPU_PROCESS,)) as cgroup, sync_playwright() as playwright:
            static, calibration = static_app(Phone(playwright, tmp, cgroup), [], FULL, tmp, first)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    load.append(load_average())
    cached, visit = static["cached_start"]["settled_s"], static["first_visit"]
    print(f"cached start {cached} s, offline start {static['offline_start']['settled_s']} s, first visit "
          f"{visit['home_s']} s, {visit['offline_ready_mb']} MB in {visit['requests']} requests; "
          f"load average {load}", flush=True)
    return {"calibration": calibration, "static": static, "network": NETWORK, "load_average": load,
            "seconds": round(time.monotonic() - began)}


if __name__ == "__main__":
    if "--starts" in sys.argv:
        figures, name = starts_only(), "phone-starts.json"
    else:
        figures, name = run(quick="--quick" in sys.argv, games=[a for a in sys.argv[1:] if a in PLANS] or None), "phone.json"
    out = ROOT / "test-artifacts" / name
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(figures, indent=2), encoding="utf-8")
