"""Drive Tabula in Debian's Chromium through Flutter's accessibility tree."""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
SHOTS = ROOT / "test-artifacts" / "screenshots"
LAUNCH_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
               "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PHONE = {"width": 390, "height": 844}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """`python -m companion run` on a free port with its own data directory."""

    def __init__(self, data_dir: Path):
        self.data_dir = Path(data_dir)
        self.port = free_port()
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def start(self) -> "Server":
        env = dict(os.environ, PYTHONUNBUFFERED="1")
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
                time.sleep(0.2)
        raise RuntimeError("server did not start")

    def kill(self, sig=signal.SIGKILL) -> None:
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, sig)
            self.proc.wait(10)

    def stop(self) -> None:
        self.kill(signal.SIGTERM)


def launch(playwright):
    return playwright.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)


class App:
    """One browser tab on Tabula, with helpers that find controls by their accessible names."""

    def __init__(self, browser, url: str, viewport=PHONE):
        # Hermetic without intercepting requests: everything but 127.0.0.1 goes to a proxy that is not there
        # and fails at once. (A page.route() would intercept the History screen's upload of a backup too,
        # and Chromium then holds the request body for 120 s.)
        self.context = browser.new_context(viewport=viewport, accept_downloads=True,
                                           proxy={"server": "http://127.0.0.1:9", "bypass": "127.0.0.1"})
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.url = url

    def open(self, path: str = "") -> "App":
        self.page.goto(self.url + path.lstrip("/"))
        self.page.wait_for_selector("#loading", state="detached", timeout=60_000)
        self.page.wait_for_timeout(800)
        self.page.locator("flt-semantics-placeholder").dispatch_event("click")
        self.page.wait_for_timeout(300)
        return self

    def button(self, name: str, exact: bool = True):
        return self.page.get_by_role("button", name=name, exact=exact)

    def find(self, locator, scrolls: int = 12):
        """Flutter only puts what is near the viewport in the accessibility tree: scroll until found."""
        for attempt in range(scrolls + 1):
            try:
                locator.first.wait_for(timeout=1500 if attempt < scrolls else 5000)
                return locator.first
            except Exception:
                if attempt == scrolls:
                    raise
                self.page.mouse.move(PHONE["width"] / 2, PHONE["height"] / 2)
                self.page.mouse.wheel(0, 350 if attempt < scrolls // 2 else -700)
                self.page.wait_for_timeout(250)

    def click(self, name: str, exact: bool = True, settle: int = 350) -> None:
        self.find(self.button(name, exact)).click()
        self.page.wait_for_timeout(settle)

    def scroll_top(self) -> None:
        self.page.mouse.move(PHONE["width"] / 2, PHONE["height"] / 2)
        for _ in range(6):
            self.page.mouse.wheel(0, -2000)
        self.page.wait_for_timeout(300)

    def click_text(self, text: str, settle: int = 350) -> None:
        self.page.get_by_text(text, exact=True).first.click()
        self.page.wait_for_timeout(settle)

    def fill(self, label: str, text: str) -> None:
        box = self.page.get_by_role("textbox", name=label)
        box.click()
        self.page.wait_for_timeout(300)
        self.page.keyboard.press("Control+A")
        self.page.keyboard.type(text)
        self.page.wait_for_timeout(300)

    def text(self, pattern: str):
        """Text on screen: Flutter puts some of it in nodes, some in labels (checkboxes, buttons)."""
        regex = re.compile(pattern)
        return self.page.get_by_text(regex).or_(self.page.get_by_label(regex)).filter(visible=True)

    def wait_text(self, pattern: str, timeout: int = 10_000):
        loc = self.text(pattern).first
        try:
            loc.wait_for(timeout=timeout)
        except Exception:
            return self.find(self.text(pattern))
        return loc

    def wait_label(self, label: str, timeout: int = 5000):
        """Wait for a control whose accessible name contains `label` (e.g. a counter's value)."""
        return self.wait_text(re.escape(label), timeout)

    def has_text(self, pattern: str) -> bool:
        try:
            self.wait_text(pattern, timeout=2000)
            return True
        except Exception:
            return False

    def shot(self, name: str) -> Path:
        SHOTS.mkdir(parents=True, exist_ok=True)
        self.page.wait_for_timeout(900)
        path = SHOTS / f"{name}.png"
        self.page.screenshot(path=path)
        return path

    def close(self) -> None:
        self.context.close()
