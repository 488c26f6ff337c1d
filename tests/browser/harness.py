"""Drive Tabula in Debian's Chromium through Flutter's accessibility tree."""

from __future__ import annotations

import base64
import fcntl
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
SHOTS = ROOT / "test-artifacts" / "screenshots"
# Whether App.shot takes its screenshot (the tests: only with `make screenshots`, see conftest.py).
SCREENSHOTS = True
# A name for this machine's loopback address, as a phone at the table has the host's LAN address: opened by
# it, the app links other phones to it (invite.shared_site takes 127.0.0.1 for this device alone). Chromium
# resolves it to 127.0.0.1 itself (and the proxy below lets it through): nothing leaves the machine.
SITE_NAME = "tabula.test"
LAUNCH_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
               "--disable-background-networking", "--disable-component-update", "--disable-sync",
               f"--host-resolver-rules=MAP {SITE_NAME} 127.0.0.1"]
PHONE = {"width": 390, "height": 844}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# The ports a test process gives its servers: its own range (xdist's worker gw<n> the n-th), the first free
# one of it. A test's server then mostly has the address the previous test's server had, and the phones'
# cache of the app's files (kept by address, see Phones) serves it. Another test run on this machine (a
# second checkout's suite) has the same ranges: a port is taken only with its lock file, held while its
# server runs. (Without it two runs started servers on one port: the second failed to bind, and its
# test's phone talked to the other run's server, "This game is no longer in progress".)
SERVER_PORTS = 20000
PORTS_PER_PROCESS = 100


def server_port() -> tuple[int, object | None]:
    """A port of this process's range that no other test process holds and that is free now, with the
    lock that holds it (None for a port outside the ranges)."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
    first = SERVER_PORTS + PORTS_PER_PROCESS * int(worker.removeprefix("gw") or 0)
    for port in range(first, first + PORTS_PER_PROCESS):
        lock = open(Path(tempfile.gettempdir()) / f"tabula-test-port-{port}.lock", "w")
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:  # another test process's server has it
            lock.close()
            continue
        with socket.socket() as s:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server binds (a closed
            try:                                                     # connection's TIME_WAIT is no obstacle)
                s.bind(("127.0.0.1", port))
                return port, lock
            except OSError:
                lock.close()
    return free_port(), None


class Server:
    """`python -m companion run` on a free port with its own data directory."""

    def __init__(self, data_dir: Path, env: dict | None = None):
        self.data_dir = Path(data_dir)
        self.env = env or {}  # e.g. TABULA_PLUGINS: a game registered from the tests
        self.port, self._port_lock = server_port()
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def start(self) -> "Server":
        env = dict(os.environ, PYTHONUNBUFFERED="1", **self.env)
        env.pop("DISPLAY", None)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "companion", "run", "--port", str(self.port), "--data", str(self.data_dir)],
            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)
        deadline = time.time() + 30
        while time.time() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return self
            except OSError:
                if self.proc.poll() is not None:
                    raise RuntimeError(f"server exited: {self.proc.stdout.read()}")
                time.sleep(0.05)  # polling the port: no event tells when it opens
        raise RuntimeError("server did not start")

    def kill(self, sig=signal.SIGKILL) -> None:
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, sig)
            self.proc.wait(10)

    def release_port(self) -> None:
        """The port given back to the other test processes (the server is gone)."""
        if self._port_lock is not None:
            self._port_lock.close()
            self._port_lock = None

    def stop(self) -> None:
        """Done with it: killed at once. What it answered is on disk already (the reliability tests kill it
        mid-game to check that); a graceful exit on SIGTERM took half a second more, two dozen times a run."""
        self.kill()
        self.release_port()


def launch(playwright):
    return playwright.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)


# Hermetic without intercepting requests: everything but 127.0.0.1 (and SITE_NAME) goes to a proxy that is not there and
# fails at once. (A page.route() would intercept the History screen's upload of a backup too, and
# Chromium then holds the request body for 120 s.)
PROXY = {"server": "http://127.0.0.1:9", "bypass": f"127.0.0.1,{SITE_NAME}"}
# What the app keeps in the browser (this phone's player, the invite token), cleared for a new tab.
SITE_STORAGE = "cookies,local_storage,indexeddb,service_workers,cache_storage,file_systems,websql"


class Phones:
    """The phones of the browser tests: each a Chromium (kept from one browser test to the next, see
    `kept_phones`) with a profile of its own on disk (kept for the whole test process). An App is a tab on the first phone that
    has no tab open (a test's second App is a second phone, as before each App had a browser context of
    its own), and every tab is closed after its test (`put_away`).

    The profile's cache is the point: a page load fetched the app's files and compiled Flutter's
    WebAssembly (its 8.5 MB program and its renderer) each time, over 3 CPU-seconds on this 2-core
    machine; from the cache, where Chromium also keeps the compiled code, a load is about a third
    cheaper and the code is optimised from the start. What the app itself keeps in the browser is
    cleared as an App opens its tab (SITE_STORAGE): every App starts as a phone that never saw the app."""

    def __init__(self, profiles: Path):
        self.playwright = sync_playwright().start()
        self.profiles = Path(profiles)
        self.contexts: dict = {}  # n -> the running phone with the profile phone-<n>
        self.apps: list = []  # the tests' Apps, closed after each test

    def context(self):
        """A phone with no tab open, started if every phone has one (with the first profile no running
        phone has: a phone whose Chromium died is dropped)."""
        for context in self.contexts.values():
            if not context.pages:
                return context
        number = next(n for n in range(len(self.contexts) + 1) if n not in self.contexts)
        context = self.playwright.chromium.launch_persistent_context(
            self.profiles / f"phone-{number}", executable_path=CHROMIUM, args=LAUNCH_ARGS,
            viewport=PHONE, accept_downloads=True, proxy=PROXY)
        context.on("close", lambda _: self.contexts.pop(number, None))
        for page in context.pages:  # the blank tab a browser starts with
            page.close()
        context.add_init_script(init_js())
        context.set_default_timeout(TIMEOUT)
        self.contexts[number] = context
        return context

    def put_away(self) -> None:
        for app in list(self.apps):
            app.close()
        for context in self.contexts.values():  # a tab a test opened itself
            for page in context.pages:
                page.close()

    def close(self) -> None:
        try:
            for context in list(self.contexts.values()):
                context.close()
        finally:
            self.playwright.stop()


# The tests' phones, kept from one browser test to the next in a test process: starting Playwright's driver
# and a phone's Chromium took over a second for each test module. Put away before a test that does not use
# them (tests/conftest.py): a sync Playwright left running keeps an asyncio loop that breaks other tests,
# and the static web app's test starts a Playwright of its own.
_kept: Phones | None = None


def kept_phones(profiles: Path) -> Phones:
    global _kept
    if _kept is None:
        _kept = Phones(profiles)
    return _kept


def put_away_phones() -> None:
    global _kept
    phones, _kept = _kept, None
    if phones is not None:
        phones.close()


# Every wait below returns as soon as the state it waits for is there; TIMEOUT is only the upper bound
# (generous, so that a loaded CI machine does not fail a test that is merely slow).
TIMEOUT = 30_000

# How many times faster than real time Flutter's animations run (ripples, transitions, sheets sliding in):
# 1 in the benchmarks, which time what a player sees; the tests set 4 (tests/browser/conftest.py): drawing
# the frames of every animation is a large part of what a browser test costs on two cores.
ANIMATION_SPEED = 1

# Whether every frame's pictures are drawn into pixels (True in the benchmarks, which time what a player
# sees). The tests set False (tests/browser/conftest.py): Flutter still builds, lays out and writes its
# accessibility tree for every frame, which is all a test reads, but the render worker is not asked to
# draw the pictures (it is told they are drawn). Here, without a GPU, Chromium draws them in software
# (SwiftShader), and that was half of every tap's CPU. A screenshot first has a frame drawn in full
# (`screenshot`).
RASTER = True

# Runs in every page before Flutter: counts what the harness needs to know when the page has settled.
# - frame: when Flutter last asked for a frame (an animation or a transition asks for one every frame);
# - renders: pictures the render worker has not drawn yet;
# - sends/last_received/received: the WebSocket to the Flet server (when each message went out, when the last
#   came in, the bytes that came in);
# - busy: images being decoded (Flutter paints an image once the browser has decoded it);
# - synced: set on a text input when Flutter writes its editing state into it (after focusing a field,
#   Flutter overwrites the input once; a key typed before that is lost);
# - drawless: set by a benchmark on a phone whose drawing is not what it measures: no frame is drawn any more;
# - raster: whether a frame's pictures go to the render worker (RASTER); painted counts those drawn; worker:
#   whether there is a render worker (a page that is not cross-origin isolated draws on its main thread).
INIT_JS = """(() => {
  const t = window.__tabula = {frame: 0, sends: [], last_received: 0, received: 0};
  const raf = window.requestAnimationFrame.bind(window);
  t.raf = raf;
  // Flutter's animations run on the frames' timestamps: ANIMATION_SPEED times faster, fewer frames.
  const speed = Number("__SPEED__");
  let start;
  window.requestAnimationFrame = (cb) => {
    if (t.drawless) return 0;
    t.frame = performance.now();
    if (speed === 1) return raf(cb);
    return raf((ts) => { if (start === undefined) start = ts; return cb(start + (ts - start) * speed); });
  };
  // The multi-threaded renderer draws in a worker: a frame's pictures go there ('renderPictures') and
  // come back as bitmaps ('onRenderComplete'), on a busy machine well after the tree shows the frame.
  t.renders = 0; t.painted = 0; t.worker = false; t.raster = "__RASTER__" === "True";
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    if (!message || message.l !== 'renderPictures') return post.call(this, message, ...rest);
    t.renders += 1; t.worker = true;
    if (t.raster) return post.call(this, message, ...rest);
    // Not drawn: the worker's answer as it would come, with an empty bitmap for each picture (V of them).
    const blank = new ImageData(1, 1);
    Promise.all(Array.from({length: message.V}, () => createImageBitmap(blank))).then((bitmaps) => {
      const data = {l: 'onRenderComplete', g: message.g, h: message.h, S: bitmaps, Y: performance.now(),
                    X: performance.now(), skipped: true};
      this.dispatchEvent(new MessageEvent('message', {data}));
    });
  };
  const RenderWorker = window.Worker;
  window.Worker = class extends RenderWorker {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (e) => {
        if (!e.data || e.data.l !== 'onRenderComplete') return;
        t.renders -= 1;
        if (!e.data.skipped) t.painted += 1;
      });
    }
  };
  // hold(): the server's messages wait here (a phone on a slow network) until release() hands them on.
  t.held = []; t.holding = false;
  const WS = window.WebSocket;
  window.WebSocket = class extends WS {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (e) => {
        if (t.holding && !e.__released) { e.stopImmediatePropagation(); t.held.push([this, e.data]); return; }
        t.last_received = performance.now();
        t.received += e.data.byteLength ?? e.data.size ?? e.data.length ?? 0;
      });
    }
    send(data) {
      t.sends.push(performance.now());
      if (t.holding_sends) { t.unsent.push([this, data]); return; }
      return super.send(data);
    }
  };
  // hold_sending(): this tab's messages wait (a phone whose uplink stalls) and go out together on send_held().
  t.unsent = []; t.holding_sends = false;
  t.send_held = (count) => {  // the first `count` held (the rest still held), or all
    if (count === undefined) t.holding_sends = false;
    for (const [ws, data] of t.unsent.splice(0, count ?? t.unsent.length)) WS.prototype.send.call(ws, data);
  };
  t.release = () => {
    t.holding = false;
    for (const [ws, data] of t.held.splice(0)) {
      const e = new MessageEvent('message', {data});
      e.__released = true;
      ws.dispatchEvent(e);
    }
  };
  t.busy = 0;  // images being decoded: Flutter paints them once the browser has decoded them
  const done = () => { t.busy -= 1; };
  const track = (owner, name) => {
    const original = owner && owner[name];
    if (!original) return;
    owner[name] = function (...args) {
      const result = original.apply(this, args);
      t.busy += 1;
      Promise.resolve(result).then(done, done);
      return result;
    };
  };
  if (window.ImageDecoder) {
    track(ImageDecoder.prototype, 'decode');
    const Decoder = window.ImageDecoder;  // busy from construction until its tracks are known (then decode)
    window.ImageDecoder = class extends Decoder {
      constructor(...args) { super(...args); t.busy += 1; this.tracks.ready.then(done, done); }
    };
  }
  track(window, 'createImageBitmap');
  track(HTMLImageElement.prototype, 'decode');
  for (const C of [HTMLInputElement, HTMLTextAreaElement]) {
    const select = C.prototype.setSelectionRange;
    C.prototype.setSelectionRange = function (...args) { this.__tabula_synced = true; return select.apply(this, args); };
  }
})();"""


def init_js(speed: float | None = None) -> str:
    """INIT_JS with Flutter's animations `speed` times faster (ANIMATION_SPEED when not given), drawing
    pictures as RASTER says."""
    return INIT_JS.replace("__SPEED__", str(ANIMATION_SPEED if speed is None else speed)).replace(
        "__RASTER__", str(RASTER))


# The texts and names the accessibility tree holds within the screen, in its order: what a phone showed
# when a step did not find what it waited for (the screenshot stays behind on the machine that ran it).
ON_SCREEN_JS = """() => {
  const seen = [];
  for (const node of document.querySelectorAll("flt-semantics-host [aria-label], flt-semantics-host *")) {
    const box = node.getBoundingClientRect();
    if (box.width === 0 || box.bottom < 0 || box.top > innerHeight) continue;
    const text = (node.getAttribute("aria-label") || (node.children.length ? "" : node.textContent) || "").trim();
    if (text && !seen.includes(text)) seen.push(text);
  }
  return seen;
}"""


# What a phone's camera reads of a screenshot (web/vendor/jsqr: the QR reader the static app ships), the
# picture taken at twice the screen's pixels, as a camera a hand's width away sees it: the app draws its
# codes as shapes, and at a fractional size a module's edges fall between pixels (grey), which jsQR does
# not always read at 1:1.
READ_QR_JS = """async (png) => {
  const image = new Image();
  image.src = "data:image/png;base64," + png;
  await image.decode();
  const [width, height] = [image.width * 2, image.height * 2];
  const canvas = Object.assign(document.createElement("canvas"), {width, height});
  const context = canvas.getContext("2d");
  context.drawImage(image, 0, 0, width, height);
  const code = jsQR(context.getImageData(0, 0, width, height).data, width, height);
  return code && code.data;
}"""


def read_qr(context, shot: Path) -> str | None:
    """The text of the QR code in the screenshot `shot`, read in a blank tab of `context`; None if none."""
    page = context.new_page()
    try:
        page.add_script_tag(path=str(ROOT / "web" / "vendor" / "jsqr" / "jsQR.js"))
        return page.evaluate(READ_QR_JS, base64.b64encode(shot.read_bytes()).decode())
    finally:
        page.close()


def on_screen(page) -> str:
    try:
        return "On screen: " + " | ".join(page.evaluate(ON_SCREEN_JS))
    except Exception as error:  # a closed page, a page mid-navigation
        return f"On screen: not known ({error})"


def screenshot(page, path: Path) -> None:
    """Screenshot the page as it is. When frames are not drawn (RASTER False), one is drawn first: drawing
    on, then a resize event of the same size, on which Flutter draws a new frame (every picture of the
    scene, as each frame does) without laying anything out again; drawing stays on until the shot is taken
    (a frame in between, a cursor blinking, would otherwise leave blank pictures on the page)."""
    if page.evaluate("() => window.__tabula.raster || !window.__tabula.worker"):
        page.screenshot(path=path)
        return
    painted = page.evaluate("""() => {
      window.__tabula.raster = true;
      window.visualViewport.dispatchEvent(new Event('resize'));
      return window.__tabula.painted;
    }""")
    try:
        page.wait_for_function("n => window.__tabula.painted > n && window.__tabula.renders === 0",
                               arg=painted, polling=50, timeout=TIMEOUT)
        page.screenshot(path=path)
    finally:
        page.evaluate("() => { window.__tabula.raster = false; }")


# Clicks Flutter's "enable accessibility" placeholder until the semantics tree shows the first screen.
SEMANTICS_JS = """() => {
  const placeholder = document.querySelector('flt-semantics-placeholder');
  if (placeholder) placeholder.click();
  for (const node of document.querySelectorAll('flt-semantics')) {
    if (node.getAttribute('role') || node.getAttribute('aria-label') || (node.textContent || '').trim()) return true;
  }
  return false;
}"""

FRAMES_JS = """n => new Promise(done => {
  const raf = (window.__tabula && window.__tabula.raf) || window.requestAnimationFrame.bind(window);
  const next = k => k ? raf(() => next(k - 1)) : done();
  next(n);
})"""

# A control changed on the page itself: its attribute `key` is no longer `before` (and more than `n`
# messages went to the server, unless n is -1).
LOCAL_CHANGE_JS = """([id, key, before, n]) => {
  const e = document.getElementById(id);
  return !!e && e.getAttribute(key) !== before && (n < 0 || window.__tabula.sends.length > n);
}"""

# A menu button was tapped: its menu's items are there (or the button says it is expanded).
MENU_OPEN_JS = """id => {
  const button = document.getElementById(id);
  return !!document.querySelector('[role=menuitem]') || (!!button && button.getAttribute('aria-expanded') === 'true');
}"""

# The server has answered: a message came in after the first one this page sent once `n` had been sent.
ANSWERED_JS = "n => { const t = window.__tabula; return t.sends.length > n && t.last_received > t.sends[n]; }"
SENT_JS = "() => window.__tabula.sends.length"
RECEIVED_JS = "() => window.__tabula.received"  # the bytes the server has sent this page
# `times` wheel events of `dy` px at (x, y), as the mouse sends them; Flutter listens on its view, which they
# bubble up to.
WHEEL_JS = """([x, y, dy, times]) => {
  const target = document.elementFromPoint(x, y);
  for (let i = 0; i < times; i++) {
    target.dispatchEvent(new WheelEvent('wheel', {deltaY: dy, deltaMode: 0, clientX: x, clientY: y,
                                                  bubbles: true, cancelable: true, composed: true}));
  }
}"""
# Where the accessibility tree's elements are: the same after a wheel when the screen did not scroll.
POSITIONS_JS = """() => Array.from(document.querySelectorAll('flt-semantics[id]'),
  e => e.id + ':' + Math.round(e.getBoundingClientRect().top)).join(' ')"""

# Flutter has asked for no frame for `quiet` ms (transitions and fades are over), no image is being
# decoded, every frame's picture is drawn, and the screen is not "Working...".
IDLE_JS = """quiet => {
  const t = window.__tabula;
  if (t.busy > 0 || performance.now() - t.frame < quiet) return false;
  if (t.renders > 0) return false;
  const host = document.querySelector('flt-semantics-host');
  return !(host && (host.textContent || '').includes('Working...'));
}"""

# Calculate's question, its answer for the boards not confirmed yet: "Confirm them as they are".
AS_THEY_ARE = re.compile(r"^Confirm (it|them) as (it is|they are)$|so bestätigen, wie sie (ist|sind)$")
SWEEP = [350] * 6 + [-700] * 6  # find: down about two and a half screens, then up as far again
MIDDLE = (PHONE["width"] / 2, PHONE["height"] / 2)


class App:
    """One browser tab on Tabula, with helpers that find controls by their accessible names.

    Nothing here sleeps for a fixed time: each helper waits for the state it needs (the accessibility
    tree, the control, the server's answer to a click, Flutter being idle), up to TIMEOUT."""

    def __init__(self, browser, url: str, viewport=PHONE):
        """`browser`: the tests' Phones (a tab on a phone of its own), or a Playwright browser (the
        benchmarks: a new browser context, nothing cached)."""
        self.browser = browser
        if isinstance(browser, Phones):
            self.context = browser.context()
            self.page = self.context.new_page()
            self.page.set_viewport_size(viewport)
            origin = "/".join(url.split("/", 3)[:3])  # http://127.0.0.1:port
            cdp = self.context.new_cdp_session(self.page)
            cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": SITE_STORAGE})
            cdp.detach()
            browser.apps.append(self)
        else:
            self.context = browser.new_context(viewport=viewport, accept_downloads=True, proxy=PROXY)
            self.context.add_init_script(init_js())
            self.context.set_default_timeout(TIMEOUT)
            self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.url = url
        # Requests to any other host (the proxy makes them fail): the app asks none (ui/web_client.py).
        self.outside: list[str] = []
        self.on_request = lambda r: None if r.url.startswith((url, "data:", "blob:")) else self.outside.append(r.url)
        self.context.on("request", self.on_request)

    def open(self, path: str = "") -> "App":
        self.page.goto(self.url + path.lstrip("/"))
        self.semantics()
        return self

    def go(self, path: str = "") -> "App":
        """Go to `path` inside the running app, as the browser's back and forward buttons do (no reload:
        the tab keeps its session and language), and wait for the server's answer to be drawn."""
        sent = self.page.evaluate(SENT_JS)
        self.page.evaluate("p => { history.pushState(null, '', p); dispatchEvent(new PopStateEvent('popstate')); }",
                           "/" + path.lstrip("/"))
        self.answered(sent)
        return self

    def semantics(self) -> None:
        """After a (re)load: wait for Flutter's first frame, turn on its accessibility tree and wait for
        the first screen in it (the placeholder only takes the click once Flutter has put it there)."""
        self.page.wait_for_selector("#loading", state="detached", timeout=60_000)
        self.page.wait_for_function(SEMANTICS_JS, polling=100, timeout=60_000)

    def frames(self, n: int = 2) -> None:
        """Let the browser draw `n` frames (what Flutter was asked to show is then in the tree)."""
        self.page.evaluate(FRAMES_JS, n)

    def idle(self, quiet: int = 150, timeout: int = 5000) -> bool:
        """Wait until Flutter draws nothing more for `quiet` ms. False if something keeps moving (a spinner)."""
        try:
            self.page.wait_for_function(IDLE_JS, arg=quiet, polling=50, timeout=timeout)
            return True
        except PlaywrightTimeoutError:
            return False

    def button(self, name: str, exact: bool = True):
        return self.page.get_by_role("button", name=name, exact=exact)

    def dialog_button(self, name: str, exact: bool = True):
        """A button inside the open dialog (the screen under a dialog leaves the tree while it is open)."""
        dialog = self.page.locator("flt-semantics[role=dialog], flt-semantics[role=alertdialog]")
        return dialog.get_by_role("button", name=name, exact=exact)

    def wheel(self, dy: float) -> None:
        """One turn of the mouse wheel by `dy` px over the middle of the screen."""
        self.turn_wheel(dy, 1)

    def turn_wheel(self, dy: float, times: int) -> None:
        """Turn the mouse wheel `times` times by `dy` px over the middle of the screen (the innermost list
        there that can still move scrolls). Dispatched in the page, not through Playwright's mouse, which
        waits for the renderer to acknowledge each event: the six wheels of `scroll_top` took 260 ms, here 40."""
        self.page.evaluate(WHEEL_JS, [*MIDDLE, dy, times])
        self.frames(3)  # Flutter scrolls on the wheel event and updates the tree in the frame after

    def find(self, locator, timeout: int = TIMEOUT, grace: int = 1000):
        """The first match once it is in the accessibility tree. Flutter keeps only what is near the
        viewport in the tree: when it is not there within `grace` ms (and the page has settled), scroll
        down and up in steps, looking after each, until it is found or `timeout` is over."""
        first = locator.first
        deadline = time.monotonic() + timeout / 1000
        try:
            first.wait_for(timeout=min(grace, timeout))
            return first
        except PlaywrightTimeoutError:
            pass
        self.idle(timeout=3000)  # an answer still being drawn is not a reason to scroll
        step = 0
        while True:
            if first.count() and first.is_visible():
                return first
            if time.monotonic() > deadline:
                try:
                    first.wait_for(timeout=1)
                except PlaywrightTimeoutError as error:  # what the screen showed instead, in CI's summary
                    raise PlaywrightTimeoutError(f"{error.message}\n{on_screen(self.page)}") from None
            self.wheel(SWEEP[step % len(SWEEP)])
            step += 1

    def box(self, locator, timeout: int = TIMEOUT) -> dict:
        """Where a control is drawn, once it is: Flutter may replace a node of the accessibility tree
        between finding it and measuring it (Playwright then measures nothing), so measure again."""
        deadline = time.monotonic() + timeout / 1000
        while True:
            box = self.find(locator, timeout=timeout).bounding_box()
            if box or time.monotonic() > deadline:
                assert box, f"{locator} is not drawn"
                return box
            self.frames(1)

    def into_view(self, locator, centred: bool = False) -> None:
        """Flutter keeps controls a little outside the viewport in the tree, and Playwright's own scrolling
        does not move Flutter's lists: wheel until the control is inside the viewport (or stops moving).
        `centred`: near the middle of it, so that nothing of the control is cut off at an edge (the tree
        gives a control cut off by the edge only its visible part)."""
        height = (self.page.viewport_size or PHONE)["height"]
        for _ in range(12):
            box = locator.bounding_box()
            middle = box["y"] + box["height"] / 2 if box else height / 2
            if (abs(middle - height / 2) <= height / 4) if centred else (0 <= middle <= height):
                return
            self.wheel(max(-height * 0.6, min(height * 0.6, middle - height / 2)))
            moved = locator.bounding_box()
            if moved and box and moved["y"] == box["y"]:
                return  # it does not scroll with the page

    def press(self, locator, position: dict | None = None) -> None:
        """Click a control (Playwright waits until it is visible, stable and enabled) and wait for the
        server's answer to be drawn, so that the next step sees the screen this click led to. Choosing
        the option that is already chosen (aria-current, a checked radio button) changes nothing, and
        nothing comes back. A radio button is checked on the page itself, and the server often has
        nothing to redraw: wait for the check and for the message telling the server instead (the next
        message goes after it on the same connection). A menu button opens its menu on the page itself:
        wait for the menu's items."""
        self.into_view(locator)
        role, checked, current, expanded, element = locator.evaluate(
            "e => [e.getAttribute('role'), e.getAttribute('aria-checked'), e.getAttribute('aria-current'),"
            " e.getAttribute('aria-expanded'), e.id]")
        radio = role == "radio"
        sent = self.page.evaluate(SENT_JS)
        locator.click(position=position)
        if current == "true" or (radio and checked == "true"):
            return
        if expanded == "false":  # a menu opens on the page itself: wait for its items
            self.page.wait_for_function(MENU_OPEN_JS, arg=element)
            return
        if radio:
            self.page.wait_for_function(LOCAL_CHANGE_JS, arg=[element, "aria-checked", checked, sent])
            return
        self.answered(sent)

    def unfold(self, name: str, exact: bool = True) -> None:
        """Open (or close) a fold: it changes on the page itself, and the server is not asked. Waits
        until it says it is expanded (collapsed)."""
        fold = self.find(self.button(name, exact))
        self.into_view(fold)
        element, before = fold.evaluate("e => [e.id, e.getAttribute('aria-description')]")
        fold.click()
        self.page.wait_for_function(LOCAL_CHANGE_JS, arg=[element, "aria-description", before, -1])

    def click(self, name: str, exact: bool = True, dialog: bool = False) -> None:
        """Click the button named `name`; `dialog=True`: the one in the dialog the last click opened
        (e.g. the confirmation that repeats the name of the button that opened it)."""
        self.press(self.find(self.dialog_button(name, exact) if dialog else self.button(name, exact)))

    def scroll_top(self) -> None:
        self.turn_wheel(-2000, 6)  # six: a list inside a list moves first, then the one around it

    def click_text(self, text: str) -> None:
        self.press(self.find(self.page.get_by_text(text, exact=True)))

    def focus(self, box) -> None:
        """Focus a text field and wait until Flutter has taken it over (it writes its editing state into
        the input once focused; a key typed before that is lost). A tap while the list still scrolls
        (Flutter scrolls a newly focused field into view) can miss the field: it is tapped again. Flutter
        may also have taken the field over before the tap (it got the focus as the tap came): then the
        focus is enough, and `fill` checks what the keys did."""
        if box.evaluate("e => document.activeElement === e"):
            return
        for _ in range(3):
            self.into_view(box)
            box.evaluate("e => { e.__tabula_synced = false; }")
            handle = box.element_handle()
            box.click()
            try:
                self.page.wait_for_function("e => document.activeElement === e && e.__tabula_synced", arg=handle,
                                            timeout=3000)
                return
            except PlaywrightTimeoutError:
                if handle.evaluate("e => document.activeElement === e"):
                    return
        raise AssertionError(f"{box} did not take the focus")

    def fill(self, label: str, text: str) -> None:
        """Put `text` into the field labelled `label`, replacing what it holds, in one input (as a paste or
        a keyboard's suggestion does): the server hears one change and answers it once. (Typing key by key,
        with the server's answers to earlier keys coming in between, is tested where it is the point: a
        new game's names, the fifth game's track; companion/ui/phone_text.py.) The field is checked at
        the end, and filled again if it does not hold exactly `text`."""
        box = self.find(self.page.get_by_role("textbox", name=label))
        for _ in range(3):
            self.focus(box)
            self.page.keyboard.press("Control+A")
            sent = self.page.evaluate(SENT_JS)
            if text:
                self.page.keyboard.insert_text(text)
            else:
                self.page.keyboard.press("Backspace")  # nothing to put in: the field emptied
            # A field that tells the server nothing gets no answer, nor one the server has nothing to
            # redraw for: not waited for long (an answer that comes later and resets the field is caught below).
            if self.sent_since(sent):
                self.answered(sent, timeout=1000)
            if box.input_value() == text:
                return
        raise AssertionError(f"the field {label!r} holds {box.input_value()!r} instead of {text!r}")

    def new_game(self, game: str, names: list[str], start: str | None = None) -> str:
        """From Home: a new game of `game` for `names`, `start` (else the first) starting. Returns the
        game's id once its setup checklist is open."""
        self.click("New game")
        self.click(game)
        self.click(f"{len(names)} players")
        for number, name in enumerate(names, 1):
            self.fill(f"Player {number}", name)
        self.press(self.page.get_by_role("radio", name=start or names[0]))
        self.click("Start game")
        self.page.wait_for_url(re.compile(r"/game/[^/]+/setup"))
        return re.search(r"/game/([^/]+)/setup", self.page.url).group(1)

    def sent_since(self, sent: int) -> bool:
        """Whether this page has sent the server anything since the count `sent` (a key typed into a field
        with no handler sends nothing; one with a handler goes out before the next frame)."""
        self.frames(2)
        return self.page.evaluate(SENT_JS) > sent

    def answered(self, sent: int, timeout: int = 5000) -> bool:
        """Wait until the server has answered what this page sent after the count `sent`, and the answer
        is drawn. False if nothing came back within `timeout` ms (the next step still waits for its
        own state; this guards it against acting on the screen from before the click)."""
        try:
            self.page.wait_for_function(ANSWERED_JS, arg=sent, polling="raf", timeout=timeout)
        except PlaywrightTimeoutError:
            return False
        self.frames(2)
        return True

    def text(self, pattern: str):
        """Text on screen: Flutter puts some of it in nodes, some in labels (checkboxes, buttons)."""
        regex = re.compile(pattern)
        return self.page.get_by_text(regex).or_(self.page.get_by_label(regex)).filter(visible=True)

    def wait_text(self, pattern: str, timeout: int = TIMEOUT):
        return self.find(self.text(pattern), timeout=timeout, grace=2000)

    def wait_label(self, label: str, timeout: int = TIMEOUT):
        """Wait for a control whose accessible name contains `label` (e.g. a counter's value)."""
        return self.wait_text(re.escape(label), timeout)

    def has_text(self, pattern: str, timeout: int = TIMEOUT) -> bool:
        """Whether the text is (or comes) on screen; for its absence use `absent`, which does not wait."""
        try:
            self.wait_text(pattern, timeout=timeout)
            return True
        except PlaywrightTimeoutError:
            return False

    def absent(self, pattern: str, pages: int = 8) -> bool:
        """True if no text matches `pattern` anywhere on the current screen: checked in the tree as it is,
        then page by page from the top until the screen stops moving (Flutter's tree holds only what is near
        the viewport). Wait for the state the screen should be in before asking; this checks, it does not
        wait. Ends at the top."""
        matches = self.text(pattern)
        if matches.count():
            return False
        self.scroll_top()
        seen = None
        for _ in range(pages):
            if matches.count():
                return False
            self.wheel(PHONE["height"] * 0.6)
            where = self.page.evaluate(POSITIONS_JS)
            if where == seen:
                break  # the screen did not move: its end was reached
            seen = where
        found = matches.count() > 0
        self.scroll_top()
        return not found

    def wait_gone(self, pattern: str, timeout: int = TIMEOUT) -> bool:
        """Wait until no text matching `pattern` is on screen (e.g. a notice after it was dismissed)."""
        try:
            self.text(pattern).first.wait_for(state="detached", timeout=timeout)
            return True
        except PlaywrightTimeoutError:
            return False

    def sheet(self, player: str, sheet: str = "{player}'s sheet", close: str = "Close {player}'s sheet") -> None:
        """Open `player`'s sheet from the scoreboard (`sheet`, `close`: the names in the page's language,
        e.g. "Blatt von {player}", "Blatt von {player} schließen") and wait until it is open."""
        # Tapped where the name is: a bar button's long name (Undo's) hangs down over the rows' middle in
        # the tree, a 48 px wide column of wrapped text that would take a tap there.
        self.press(self.find(self.button(sheet.format(player=player), exact=False)), position={"x": 24, "y": 20})
        self.find(self.button(close.format(player=player)))
        self.idle()  # the sheet has slid up

    def menu(self, item: str, menu: str = "More") -> None:
        """Choose `item` in the bar's menu (`menu`: its name in the page's language)."""
        self.press(self.find(self.button(menu, exact=False)))
        self.press(self.find(self.page.get_by_role("menuitem", name=item).or_(self.button(item))))

    def close_sheet(self, player: str, close: str = "Close {player}'s sheet") -> None:
        button = self.find(self.button(close.format(player=player)))
        button.click()
        button.wait_for(state="detached")

    def calculate(self, name: str = "Calculate scores", rest: bool = True) -> None:
        """Tap Calculate (`name`: its label in the page's language). `rest`: the boards nobody confirmed
        yet are then confirmed as they are, in Calculate's question (a table entering every board on one
        phone); without, every board is confirmed already and the result comes at once."""
        self.click(name)
        if rest:
            self.press(self.find(self.dialog_button(AS_THEY_ARE)))

    def hold(self) -> None:
        """From now on the server's messages to this tab wait (a phone on a slow network): the screen
        stays as it is, taps still go out."""
        self.page.evaluate("() => { window.__tabula.holding = true; }")

    def hold_sending(self) -> None:
        """From now on this tab's messages to the server wait (a phone whose connection stalls while its
        player goes on typing); `send_held` sends them all at once, in their order."""
        self.page.evaluate("() => { window.__tabula.holding_sends = true; }")

    def fill_and_tap_held(self, label: str, text: str, button: str):
        """`text` put into the field labelled `label` (replacing what it holds) and the button `button`
        tapped right after, both while this tab's messages wait (a phone whose connection stalls):
        `send_held` sends them together. Returns the field."""
        box = self.find(self.page.get_by_role("textbox", name=label))
        self.focus(box)
        self.page.keyboard.press("Control+A")
        tapped = self.find(self.button(button))
        self.hold_sending()
        self.page.keyboard.insert_text(text)
        if box.input_value() != text:
            raise AssertionError(f"the field {label!r} holds {box.input_value()!r} instead of {text!r}")
        tapped.click()
        return box

    def send_held(self, count: int | None = None) -> None:
        """All held messages, sent and no longer held; or the first `count`, the rest still held."""
        self.page.evaluate("(count) => window.__tabula.send_held(count ?? undefined)", count)

    def unsent(self) -> int:
        return self.page.evaluate("() => window.__tabula.unsent.length")

    def held(self) -> int:
        return self.page.evaluate("() => window.__tabula.held.length")

    def release(self) -> None:
        self.page.evaluate("() => window.__tabula.release()")

    def shot(self, name: str) -> Path | None:
        """A screenshot for people to look at (test-artifacts/screenshots/), when SCREENSHOTS."""
        return self.picture(name) if SCREENSHOTS else None

    def picture(self, name: str) -> Path:
        """A screenshot, always taken (a check reads its pixels, or it shows what a failed step saw), once
        the screen has settled (see `idle`: not mid-transition, images decoded, the picture of the last
        frame drawn, no "Working..." overlay)."""
        SHOTS.mkdir(parents=True, exist_ok=True)
        self.idle()
        path = SHOTS / f"{name}.png"
        screenshot(self.page, path)
        return path

    def close(self) -> None:
        """Done with this phone: its tabs closed (on the tests' Phones), or its browser context."""
        if isinstance(self.browser, Phones):
            if self in self.browser.apps:  # a test may close it before its end
                self.browser.apps.remove(self)
                self.context.remove_listener("request", self.on_request)
            for page in self.context.pages:
                page.close()
        else:
            self.context.close()

