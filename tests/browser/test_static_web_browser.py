"""Tabula as a static web app (`make web`): dist/ served by a plain static file server on 127.0.0.1,
Python running in the browser, the data in IndexedDB, on a phone's screen. A City of Rome game from
setup to the saved result, a write IndexedDB refuses (said, the last stored state kept, the value that
was not stored never drawn), a second tab that stores nothing until "Use here" takes the storage over
(the first tab then says it was taken over and stores nothing), a reload mid-game that resumes exactly,
a start with the network off (and a memory snapshot that does not start), and the history after the
browser was closed and opened again (a persistent profile)."""

from __future__ import annotations

import copy
import fcntl
import functools
import http.server
import json
import re
import struct
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect, sync_playwright

from tests.browser import harness
from tests.browser.harness import CHROMIUM, IDLE_JS, LAUNCH_ARGS, PHONE, ROOT, SHOTS, init_js, on_screen, screenshot

DIST = ROOT / "dist"
FIRST_LOAD_LIMIT = 15_000_000  # bytes a first visit may fetch (the large files compressed: web/sw.js)
LOAD = 240_000  # ms for a start: Pyodide takes about 10 s here, much more on a busy machine
STEP = 30_000  # ms for a screen to answer a tap (Python runs in the page)
# IndexedDB refusing writes as it does when the site's storage is full: the write transaction aborts with
# QuotaExceededError. (Chromium's own quota override, CDP Storage.overrideQuotaForOrigin with quota 0,
# did not make it refuse these small writes: tried, with 61.7 MB used, every write was still stored.)
REFUSE_WRITES = """() => {
  self.__tabulaPut = self.__tabulaPut || IDBObjectStore.prototype.put;
  IDBObjectStore.prototype.put = function () {
    try { this.transaction.abort(); } catch (e) {}
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  };
}"""
TAKE_WRITES = "() => { IDBObjectStore.prototype.put = self.__tabulaPut; }"
# Every text matching `pattern` that the page's accessibility tree ever holds, old values included: Flutter
# writes the tree at the end of each frame it draws, so a value that no frame drew is never in it.
WATCH_FRAMES = """(pattern) => {
  const regex = new RegExp(pattern, "g");
  const seen = window.__tabulaSeen = [];
  const look = (text) => { if (text) for (const found of text.matchAll(regex)) seen.push(found[0]); };
  const scan = (node) => {
    look(node.textContent);
    if (node.nodeType !== 1) return;
    look(node.getAttribute("aria-label"));
    node.querySelectorAll("[aria-label]").forEach((labelled) => look(labelled.getAttribute("aria-label")));
  };
  window.__tabulaWatch = new MutationObserver((records) => records.forEach((record) => {
    look(record.oldValue);
    scan(record.target);
    record.addedNodes.forEach(scan);
  }));
  window.__tabulaWatch.observe(document.body, { subtree: true, childList: true, attributes: true,
    attributeOldValue: true, characterData: true, characterDataOldValue: true });
}"""
SEEN = "() => { window.__tabulaWatch.disconnect(); return [...new Set(window.__tabulaSeen)]; }"


class StaticSite:
    """`python -m http.server` as a thread, noting the body bytes of every answer. `rate` (bytes per
    second, all answers together) stands in for a phone's network (bench/static_web.py)."""

    def __init__(self, folder: Path, rate: float | None = None):
        self.sent: list[tuple[str, int]] = []
        self.rate = rate
        self._link = threading.Lock()
        self._free_at = 0.0  # when the simulated link has sent everything asked of it so far
        site = self

        class Handler(http.server.SimpleHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def copyfile(self, source, target):
                count = 0
                while chunk := source.read(1 << 16):
                    site.wait_for_link(len(chunk))
                    target.write(chunk)
                    count += len(chunk)
                site.sent.append((self.path, count))

            def send_response(self, code, message=None):
                super().send_response(code, message)
                if code != 200:
                    site.sent.append((self.path, 0))

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=folder))
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def wait_for_link(self, size: int) -> None:
        if self.rate is None:
            return
        with self._link:
            self._free_at = max(self._free_at, time.monotonic()) + size / self.rate
            due = self._free_at
        time.sleep(max(0.0, due - time.monotonic()))  # a bandwidth model, not a wait for a state

    def bytes_since(self, mark: int) -> int:
        return sum(n for _, n in self.sent[mark:])

    def stop(self) -> None:
        """The site goes away: no answer of any kind, as with the network off."""
        if self.httpd is not None:
            self.httpd.shutdown()
            self.httpd.server_close()
            self.httpd = None


def build_dist() -> None:
    """dist/ as `make web` builds it. web/build.py skips the work when dist/ already matches the sources.
    The tests run in parallel (make test): one build at a time into dist/."""
    with open(ROOT / ".web-build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        done = subprocess.run([sys.executable, str(ROOT / "web" / "build.py")], cwd=ROOT, capture_output=True,
                              text=True, timeout=900)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.fixture
def site():
    # Per test, not per module: the test takes the site away (offline), and a rerun needs it back.
    build_dist()
    served = StaticSite(DIST)
    yield served
    served.stop()


class Phone:
    """A phone-sized Chromium with a profile on disk (so closing it and opening it again is a restart)."""

    def __init__(self, playwright, profile: Path, site: StaticSite):
        self.site = site
        # Hermetic without request interception (which would turn off the HTTP cache the service
        # worker relies on): every host name but loopback fails to resolve.
        self.context = playwright.chromium.launch_persistent_context(
            str(profile), executable_path=CHROMIUM, viewport=PHONE, accept_downloads=True,
            args=LAUNCH_ARGS + ["--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"])
        self.context.add_init_script(init_js())  # tells when Flutter has taken a focused field over
        self.page = self.context.pages[0] if self.context.pages else self.context.new_page()
        self.outside: list[str] = []
        self.errors: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.console: list[str] = []
        self.page.on("console", lambda m: self.console.append(m.text))
        self.context.on("request", lambda r: None if r.url.startswith(site.url) or r.url.startswith(("data:", "blob:"))
                        else self.outside.append(r.url))

    def new_tab(self) -> "Phone":
        """Another tab of the same browser (the same profile and storage); closed with `close_tab`."""
        tab = copy.copy(self)
        tab.page = self.context.new_page()
        tab.errors, tab.console = [], []
        tab.page.on("pageerror", lambda e: tab.errors.append(str(e)))
        tab.page.on("console", lambda m: tab.console.append(m.text))
        return tab

    def close_tab(self) -> None:
        self.check_clean()
        self.page.close()

    def start(self, how) -> float:
        """Load the app (`how` navigates) and wait for its first screen; seconds it took."""
        began = time.monotonic()
        how()
        self.page.wait_for_selector("#loading", state="detached", timeout=LOAD)
        # Flutter draws on a canvas; its accessibility tree gives the tests names to find.
        self.page.locator("flt-semantics-placeholder").dispatch_event("click")
        self.page.get_by_role("button", name=re.compile(r"^(New game|Neues Spiel)$")).or_(
            self.page.get_by_role("button", name=re.compile("More$"))).first.wait_for(timeout=LOAD)  # or the play screen's menu
        return time.monotonic() - began

    def find(self, locator, scrolls: int = 10):
        """Flutter puts only what is near the screen in the accessibility tree: scroll until it is there."""
        for attempt in range(scrolls + 1):
            try:
                locator.first.wait_for(timeout=STEP if attempt == 0 else 1500)
                return locator.first
            except Exception:
                if attempt == scrolls:
                    self.picture("not-found")  # what the screen showed instead, and its texts in CI's summary
                    raise AssertionError(f"{locator} is not on the screen\n{on_screen(self.page)}") from None
                self.page.mouse.move(PHONE["width"] / 2, PHONE["height"] / 2)
                self.page.mouse.wheel(0, 350 if attempt < scrolls // 2 else -700)

    def button(self, name: str, exact: bool = True):
        return self.find(self.page.get_by_role("button", name=name, exact=exact))

    def tap(self, name: str, exact: bool = True) -> None:
        self.button(name, exact).click()

    def sheet(self, player: str) -> None:
        """Open `player`'s sheet from the scoreboard (a tap on their row) and wait until it is open."""
        self.tap(f"{player}'s sheet", exact=False)  # the row's name goes on: ", Start player"
        self.button(f"Close {player}'s sheet")

    def close_sheet(self, player: str) -> None:
        close = self.button(f"Close {player}'s sheet")
        close.click()
        close.wait_for(state="detached", timeout=STEP)

    def menu(self, item: str) -> None:
        """Choose `item` in the play screen's menu (More)."""
        self.tap("More", exact=False)  # its icon's name, and the menu's tooltip
        self.find(self.page.get_by_role("menuitem", name=item).or_(self.page.get_by_role("button", name=item))).click()

    def new_game(self, game: str, names: list[str]) -> None:
        """From Home: a new game of `game` for these players, the first of them starting, started."""
        self.tap("New game")
        self.tap(game)
        self.tap(f"{len(names)} players")
        # the form has as many name fields as players once the tap is through
        expect(self.page.get_by_role("textbox", name=f"Player {len(names) + 1}")).to_have_count(0, timeout=STEP)
        for number, name in enumerate(names, 1):
            self.type_into(f"Player {number}", name)
        self.find(self.page.get_by_role("radio", name=names[0])).click()  # who starts
        self.tap("Start game")

    def see(self, pattern: str):
        regex = re.compile(pattern)
        return self.find(self.page.get_by_text(regex).or_(self.page.get_by_label(regex)))

    def type_into(self, label: str, text: str) -> None:
        box = self.find(self.page.get_by_role("textbox", name=label))
        field = self.page.locator("input:focus, textarea:focus")
        for attempt in range(3):
            box.click()
            try:
                # Flutter makes its editing element on focus and then writes its editing state into it;
                # keys sent before that are lost (as App.focus waits for in the harness).
                expect(field).to_have_count(1, timeout=STEP)
                self.page.wait_for_function("() => document.activeElement && document.activeElement.__tabula_synced",
                                            timeout=STEP)
                self.page.keyboard.press("Control+A")
                # Key by key, each waited for: the field is re-rendered from Python, and keys faster than
                # its answers come back wrong on a busy machine (as with the server app).
                for typed in range(1, len(text) + 1):
                    self.page.keyboard.type(text[typed - 1])
                    expect(field).to_have_value(text[:typed], timeout=5000)
                return
            except (AssertionError, PlaywrightTimeoutError):
                if attempt == 2:
                    raise

    def shot(self, name: str) -> None:
        """As App.shot: for people to look at, with `make screenshots`."""
        if harness.SCREENSHOTS:
            self.picture(name)

    def picture(self, name: str) -> None:
        """As App.picture: always taken (what the screen showed when a step failed)."""
        SHOTS.mkdir(parents=True, exist_ok=True)
        screenshot(self.page, SHOTS / f"static-web-{name}.png")

    def offline_ready(self) -> dict:
        return self.page.evaluate("window.tabulaOffline")

    def snapshot_ready(self) -> dict:
        """Once Python's memory snapshot for the next starts is stored: {bytes, ms}, or {skipped} / {error}."""
        return self.page.evaluate("window.tabulaSnapshot")

    def started_from_snapshot(self, since: int = 0) -> bool:
        return any(line.startswith("tabula: Python started from the snapshot") for line in self.console[since:])

    def check_clean(self) -> None:
        """No request left the site (Flutter's Rive script included: web/build.py); no script error."""
        assert not self.outside, f"requests to other sites: {self.outside}"
        assert not self.errors, self.errors

    def close(self) -> None:
        self.context.close()


def test_city_of_rome_on_a_phone_alone(site, tmp_path):
    profile = tmp_path / "profile"
    timings = {}
    with sync_playwright() as p:
        phone = Phone(p, profile, site)
        try:
            # First visit: everything comes from the static server, within the byte budget.
            mark = len(site.sent)
            timings["first"] = phone.start(lambda: phone.page.goto(site.url))
            first_bytes, first_files = site.bytes_since(mark), site.sent[mark:]
            ready = phone.offline_ready()
            assert "error" not in ready, ready
            # Python loaded beside Flutter, not after it (web/tabula-boot.js)
            assert "tabula: Python started with the page" in phone.console, phone.console
            assert "App archive unpacked by tabula-snapshot.js" in phone.console, phone.console
            phone.shot("home-first-visit")
            phone.check_clean()  # the first visit asked no other site
            # Then Python's memory snapshot for the next starts, before any game exists.
            snapshot = phone.snapshot_ready()
            assert snapshot.get("bytes", 0) > 1_000_000, snapshot
            assert not phone.started_from_snapshot(), phone.console

            # A City of Rome game for three.
            phone.new_game("City of Rome", ["Anna", "Ben", "Carla"])
            phone.see(r"lay out stacks I, II, III face down")
            phone.page.get_by_role("checkbox").first.click()
            phone.see(r"1 of \d+ steps done")
            phone.tap("Setup done – start playing")
            phone.see(r"Round 1 of 14")
            phone.sheet("Anna")  # a tap on her row on the scoreboard
            heard = len(phone.console)
            phone.tap("Money +1 (Anna)")
            phone.see(r"Money of Anna: 6")
            # The entry rewrote the game's file, which IndexedDB held: written alone, the folder not compared.
            assert any(re.match(r"tabula: stored in IndexedDB in [\d.]+ ms \(files rewritten\)$", line)
                       for line in phone.console[heard:]), phone.console[heard:]
            phone.page.evaluate(WATCH_FRAMES, r"Money of Anna: \d+")  # every value of hers a frame draws
            phone.tap("Money +1 (Anna)")
            phone.see(r"Money of Anna: 7")
            # IndexedDB refuses a write (the site's storage is full): the phone says "Not saved" and shows
            # the last stored state, which every screen is drawn from before the tap's own update reaches
            # the page: no frame ever draws the 8 that was not stored. The next change stored clears the message.
            python = phone.page.workers[0]  # Python, and so IDBFS's IndexedDB calls, run in Flet's worker
            python.evaluate(REFUSE_WRITES)
            for attempt in range(3):  # before, the 8 was drawn after about every other refusal
                phone.tap("Money +1 (Anna)")
                phone.see(r"^Not saved: the browser's storage for Tabula is full\. Tabula is back at what was last stored")
                phone.see(r"Money of Anna: 7")
                if attempt < 2:
                    phone.tap("Close message")
                    expect(phone.page.get_by_text(re.compile("Not saved"))).to_have_count(0, timeout=STEP)
            phone.shot("not-saved")
            python.evaluate(TAKE_WRITES)
            phone.close_sheet("Anna")
            phone.sheet("Ben")
            phone.tap("Influence tokens +1 (Ben)")
            phone.see(r"Influence tokens of Ben: 1")
            expect(phone.page.get_by_text(re.compile("Not saved"))).to_have_count(0, timeout=STEP)
            phone.close_sheet("Ben")
            phone.see(r"Influence tokens of Ben: 1")  # the scoreboard
            phone.see(r"Money of Anna: 7")
            drawn = phone.page.evaluate(SEEN)
            assert "Money of Anna: 7" in drawn and "Money of Anna: 8" not in drawn, drawn
            phone.shot("tracker")

            # One tab of the browser stores at a time. A second tab shows what is stored, stores nothing and
            # says so on every screen; "Use here" takes the storage over: it reads what is stored afresh.
            second = phone.new_tab()
            second.start(lambda: second.page.goto(site.url))
            second.see(r"^Tabula is open in another tab or window of this browser, and that one stores the games")
            second.shot("other-tab")
            second.tap("Use here")
            # Home is drawn again from what is stored once the storage is this tab's: a tap on the game while
            # that happens is a tap on a row being replaced (CI lost one so). Wait until it is drawn and still.
            expect(second.page.get_by_text(re.compile("in another tab"))).to_have_count(0, timeout=STEP)
            second.page.wait_for_function(IDLE_JS, arg=300, polling=50, timeout=STEP)
            second.find(second.page.get_by_role("button", name=re.compile("City of Rome"))).click()
            second.see(r"Money of Anna: 7")
            # The first tab says so, on every screen, and stores nothing any more.
            phone.see(r"^Tabula was taken over in another tab or window\. Nothing you do here is stored any more")
            phone.shot("taken-over")
            phone.sheet("Anna")
            phone.tap("Money +1 (Anna)")
            phone.see(r"^Not saved: another tab of this browser stores Tabula's games\. The game is as it was before")
            phone.see(r"Money of Anna: 7")
            phone.close_sheet("Anna")
            phone.tap("Back")
            phone.see(r"^Tabula was taken over in another tab or window")  # Home
            # The second tab plays on; a reload mid-game comes back to the same entries (hash routes: the
            # reload asks for index.html, which any static host serves) and fetches nothing from the
            # server. Python starts from the snapshot; the game is read from IndexedDB; the second tab
            # still stores (the first one, taken over, does not take the storage back on its own).
            second.sheet("Anna")
            second.tap("Money +1 (Anna)")
            second.see(r"Money of Anna: 8")
            mark, heard = len(site.sent), len(second.console)
            timings["reload"] = second.start(lambda: second.page.reload())
            assert site.bytes_since(mark) == 0, site.sent[mark:]
            assert second.started_from_snapshot(heard), second.console[heard:]
            # Answered by the service worker, the page is cross-origin isolated (web/sw.js): Flutter draws in
            # a worker of its own, off the page's main thread.
            assert second.page.evaluate("() => crossOriginIsolated")
            second.see(r"Money of Anna: 8")
            second.see(r"Influence tokens of Ben: 1")
            second.sheet("Ben")
            second.tap("Influence tokens +1 (Ben)")
            second.see(r"Influence tokens of Ben: 2")
            expect(second.page.get_by_text(re.compile("Not saved|in another tab"))).to_have_count(0, timeout=STEP)
            second.close_tab()  # no request left the site, no script error

            # With the network off and the site gone, a start reaches the home screen with the game; the
            # snapshot it finds does not start (here: garbage in its place), which is no harm: Python
            # starts anew from what the phone keeps, the game is there, and a new snapshot is made.
            phone.page.evaluate("""async (version) => {
              const cache = await caches.open(`tabula-${version}`);
              await cache.put(`tabula-snapshot-${version}.bin`, new Response(new Uint8Array(4096).fill(7)));
            }""", ready["version"])
            site.stop()
            phone.context.set_offline(True)
            heard = len(phone.console)
            timings["offline"] = phone.start(lambda: phone.page.goto(site.url))
            assert not phone.started_from_snapshot(heard), phone.console[heard:]
            assert any("the snapshot did not start" in line for line in phone.console[heard:]), phone.console[heard:]
            phone.see(r"Anna, Ben, Carla")
            expect(phone.page.get_by_text(re.compile("in another tab"))).to_have_count(0, timeout=STEP)
            # QR codes drawn and read offline too (web/tabula-qr.js; its reader is loaded at the first scan).
            assert phone.page.evaluate("""async () => window.tabulaQR.svg("T").startsWith("<svg")
              && (await fetch("vendor/jsqr/jsQR.js")).ok""")
            phone.shot("home-offline")
            phone.find(phone.page.get_by_role("button", name=re.compile("City of Rome"))).click()
            phone.see(r"Money of Anna: 8")  # what the second tab stored
            phone.see(r"Influence tokens of Ben: 2")
            assert phone.snapshot_ready().get("bytes", 0) > 1_000_000
            phone.tap("Undo: Ben: Influence tokens +1", exact=False)  # named for the entry it takes back
            phone.see(r"Influence tokens of Ben: 1")

            # The end: one card in Anna's city, scores, saved - still offline.
            phone.menu("Final scoring")
            phone.see(r"The game isn't over yet")  # round 1 of 14: the phone asks first
            phone.tap("Final scoring now")
            # A tiny city each: its two start buildings, there from the tracker.
            for player in ("Anna", "Ben", "Carla"):
                if player != "Anna":
                    phone.tap(f"Board of {player}")
                phone.see(r"Row 2, column 2: House 2")
                phone.see(r"Row 2, column 3: Vegetable farm")
            phone.tap("Calculate scores")
            phone.tap("Confirm them as they are")  # the three cities as they lie
            phone.see(r"1\. Anna: \d+ points")  # the same cities; her 8 money against their 5
            phone.shot("results")
            phone.tap("Confirm and save")
            # The finished play's page (the result screen before it says "Winner: Anna" too): it is drawn
            # once the play is stored, so the browser may close now.
            phone.see(r"^Finished play$")
            phone.see(r"Winner: Anna")
            phone.shot("saved-play")
            phone.check_clean()
        finally:
            phone.close()

        # A restart of the browser, still offline: the history is still there.
        phone = Phone(p, profile, site)
        try:
            timings["restart"] = phone.start(lambda: phone.page.goto(site.url))
            assert phone.started_from_snapshot(), phone.console
            # Invite players lets the other phones join this one's games, offline too (tests/p2p/: joining).
            phone.tap("Invite players")
            phone.see(r"^Let the phones at the table join$")
            phone.button("Let a phone join")
            phone.shot("invite")
            phone.page.go_back()  # Home again: the Invite screen gone, then History tapped on Home
            expect(phone.page.get_by_text("Let the phones at the table join", exact=True)).to_have_count(0, timeout=STEP)
            phone.button("New game")
            phone.tap("History")
            phone.see(r"^1 play$")
            phone.find(phone.page.get_by_role("button", name=re.compile("City of Rome ·"))).click()
            phone.see(r"Winner: Anna")
            phone.shot("history-after-restart")
            # The result as a picture, drawn by the phone itself, offline (the tests' phones draw pictures
            # only when asked: harness.RASTER).
            phone.tap("Share as a picture")
            phone.find(phone.page.get_by_label("Picture of the result"))
            phone.page.evaluate("() => { window.__tabula.raster = true; }")
            with phone.page.expect_download(timeout=STEP) as got:
                phone.tap("Download")
            picture = Path(got.value.path()).read_bytes()
            assert picture[:8] == b"\x89PNG\r\n\x1a\n" and struct.unpack(">I", picture[16:20])[0] == 360
            phone.page.evaluate("() => { window.__tabula.raster = false; }")
            phone.page.go_back()
            # Exports are downloads in the browser, as on the server.
            phone.page.go_back()
            with phone.page.expect_download(timeout=STEP) as got:
                phone.tap("Download CSV of all plays", exact=False)
            assert "Anna" in Path(got.value.path()).read_text(encoding="utf-8")
            phone.check_clean()
        finally:
            phone.close()
    # Fonts the app registers itself (page.fonts: the emoji font) load at every start, in the server app
    # too; they are within the budget like everything else, and reported apart (docs/performance.md).
    from companion.ui import app as ui_app
    registered = {f"/{path}" for path in ui_app.FONTS.values()}
    fonts = sum(n for path, n in first_files if path.removesuffix(".gz") in registered)  # compressed: web/sw.js
    print("static web app load times (s):", json.dumps({k: round(v, 1) for k, v in timings.items()}),
          f"first load {first_bytes} bytes, of which registered fonts {fonts}")
    assert fonts, f"the registered fonts {sorted(registered)} were not fetched at start"
    assert first_bytes <= FIRST_LOAD_LIMIT, f"the first load fetched {first_bytes} bytes: {first_files}"
