"""Shared pieces of the benchmarks and reliability harnesses: servers started as real processes,
a headless Chromium, medians and percentiles, the machine description."""

from __future__ import annotations

import os
import platform
import re
import signal
import socket
import statistics
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.browser.harness import CHROMIUM, LAUNCH_ARGS, SEMANTICS_JS, App, free_port, launch  # noqa: E402,F401

PY = sys.executable


class Proc:
    """A server started as its own process (group); `started` is the time just before the spawn."""

    def __init__(self, argv: list[str], port: int, env: dict | None = None):
        self.argv, self.port, self.env = argv, port, env or {}
        self.proc: subprocess.Popen | None = None
        self.started = 0.0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def spawn(self) -> "Proc":
        env = dict(os.environ, PYTHONUNBUFFERED="1", **self.env)
        env.pop("DISPLAY", None)
        self.started = time.perf_counter()
        self.proc = subprocess.Popen(self.argv, cwd=ROOT, env=env, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, text=True, start_new_session=True)
        return self

    def wait_port(self, timeout: float = 30) -> "Proc":
        deadline = time.time() + timeout
        while time.time() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return self
            except OSError:
                if self.proc.poll() is not None:
                    raise RuntimeError(f"server exited: {self.proc.stdout.read()}")
                time.sleep(0.01)  # polling the port: no event tells when it opens
        raise RuntimeError("server did not open its port")

    def start(self) -> "Proc":
        return self.spawn().wait_port()

    def kill(self, sig=signal.SIGKILL) -> None:
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, sig)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(10)

    def stop(self) -> None:
        self.kill(signal.SIGTERM)

    def output(self) -> str:
        """What the server printed (only after it stopped)."""
        return self.proc.stdout.read() if self.proc and self.proc.poll() is not None else ""

    def rss_mb(self) -> float:
        """Resident memory of the server's whole process group, in MB (Linux /proc)."""
        total = 0
        for pid in group_pids(self.proc.pid):
            try:
                status = Path(f"/proc/{pid}/status").read_text()
            except OSError:
                continue
            m = re.search(r"VmRSS:\s+(\d+) kB", status)
            if m:
                total += int(m.group(1))
        return total / 1024


def group_pids(pgid: int) -> list[int]:
    pids = []
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                if os.getpgid(int(d.name)) == pgid:
                    pids.append(int(d.name))
            except OSError:
                pass
    return pids


def tabula(data_dir: Path, port: int | None = None, extra: list[str] = ()) -> Proc:
    port = port or free_port()
    return Proc([PY, "-m", "companion", "run", "--port", str(port), "--data", str(data_dir), *extra], port)


def hello_world(port: int | None = None) -> Proc:
    port = port or free_port()
    return Proc([PY, str(ROOT / "bench" / "hello_world.py"), str(port)], port)


def percentile(values: list[float], p: float) -> float:
    """Nearest-rank percentile."""
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, int(round(p / 100 * len(ordered) + 0.5)) - 1))
    return ordered[k]


def median(values: list[float]) -> float:
    return statistics.median(values)


def chromium_version() -> str:
    try:
        out = subprocess.run([CHROMIUM, "--version"], capture_output=True, text=True, timeout=30).stdout
    except OSError:
        return "not installed"
    m = re.search(r"(\d+\.\d+\.\d+\.\d+)", out)
    return f"Chromium {m.group(1)}" if m else out.strip()


def machine() -> str:
    mem = ""
    try:
        kb = int(re.search(r"MemTotal:\s+(\d+)", Path("/proc/meminfo").read_text()).group(1))
        mem = f"{kb / 1024 / 1024:.1f} GiB RAM"
    except (OSError, AttributeError):
        pass
    cpu = ""
    try:
        m = re.search(r"model name\s*:\s*(.+)", Path("/proc/cpuinfo").read_text())
        cpu = m.group(1).strip() if m else ""
    except OSError:
        pass
    import flet
    return (f"{os.cpu_count()} cores ({cpu or platform.machine()}), {mem}, {platform.system()} "
            f"{platform.release().split('-')[0]}, Python {platform.python_version()}, Flet {flet.__version__}, "
            f"{chromium_version()}")


@contextmanager
def chromium(phones=None, engines: dict[str, str] | None = None):
    """The browser a bench opens its Apps in: `phones`, the tests' kept phones when a test runs the bench
    (tests/browser/harness.py, `Phones`: running already), else a headless Chromium of the bench's own,
    closed at the end. Each App is closed by the bench once it is done.
    `engines`: selector engines the bench's locators use (name: script), registered for its pages."""
    if phones is not None:
        register(phones.playwright, engines or {})
        yield phones
        return
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        register(p, engines or {})
        browser = launch(p)
        try:
            yield browser
        finally:
            browser.close()


def register(playwright, engines: dict[str, str]) -> None:
    for name, script in engines.items():
        try:
            playwright.selectors.register(name, script)
        except Exception as error:  # registered already by this Playwright (kept phones, a bench run twice)
            if "already registered" not in str(error):
                raise


def header(title: str) -> None:
    print(f"\n== {title}", flush=True)


def open_page(browser, url: str, viewport=None):
    """A fresh context (no cache) and page, limited to the local server."""
    from tests.browser.harness import PHONE
    context = browser.new_context(viewport=viewport or PHONE)
    page = context.new_page()
    page.route(lambda u: not u.startswith("http://127.0.0.1"), lambda r: r.abort())
    return context, page


NAMES = ["Anna", "Ben", "Cleo", "Dora"]


def make_game(data_dir: Path, game_id: str, sid: str, players: int = 4, stage: str = "play") -> None:
    """A game in progress saved in `data_dir`, as the new-game screen would start it."""
    from companion.core.game import Game, make_config
    from companion.games import GAMES
    from companion.storage import Repository

    definition = GAMES[game_id]
    repo = Repository(Path(data_dir), GAMES)
    config = make_config(definition, [{"name": n, "colour": c} for n, c in zip(NAMES[:players], definition.colours_for(players))], 0)
    if definition.box.values:
        config["box"] = repo.box_data(game_id)
    repo.save(Game(sid, definition, config, stage=stage))


# Whether the accessibility tree shows `target` ("Money of Anna: 6"): a node's label or text, or a
# player's sheet's value button, which goes on with what a tap on it does ("Money of Anna: 6. Type a …").
SHOWS_JS = """(target) => {
  for (const e of document.querySelectorAll('flt-semantics, flt-semantics span')) {
    const label = e.getAttribute('aria-label') || '';
    if (label === target || label.startsWith(target + '. ')) return true;
    const t = e.textContent || '';
    if (e.tagName === 'SPAN' && (t === target || t.startsWith(target + '\\n'))) return true;
    if (e.tagName !== 'SPAN' && t.startsWith(target + '. ')) return true;
  }
  return false;
}"""


def load_average() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "?"
