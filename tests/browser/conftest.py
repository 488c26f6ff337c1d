import os
import shutil
import signal
import sys
import threading
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

from tests.browser import harness
from tests.browser.harness import CHROMIUM, Phones, Server

# Flutter's animations four times faster in the tests: fewer frames drawn (City of Rome's game alone: 1,937
# frames before, 1,163 after; 59 CPU-seconds instead of 68-73), the same screens and the same waits.
harness.ANIMATION_SPEED = 4
# Frames are built and read through the accessibility tree, but drawn into pixels only for a screenshot
# (harness.RASTER): drawing them in software was half of every tap's CPU on this 2-core machine.
harness.RASTER = False


def pytest_collection_modifyitems(config, items):
    for item in items:
        if "tests/browser/" in str(item.fspath).replace("\\", "/"):
            item.add_marker(pytest.mark.browser)
            # One more try for a browser test that failed: on this 2-core machine a loaded moment can still
            # outlast a wait (seen: a first test's typing at a cold start). A failure twice in a row fails.
            item.add_marker(pytest.mark.flaky(reruns=1))
            if not shutil.which("chromium") and not shutil.which(CHROMIUM):
                item.add_marker(pytest.mark.skip(reason="Debian's chromium is not installed (apt-get install chromium)"))


@pytest.fixture(scope="session")
def profiles(tmp_path_factory):
    """The phones' profiles, kept for the whole run of this test process (their cache: harness.Phones)."""
    return tmp_path_factory.mktemp("phones")


@pytest.fixture(scope="module")
def phones(profiles):
    # Module scope: a session-scoped sync Playwright leaves an asyncio loop that breaks later tests.
    with sync_playwright() as p:
        phones = Phones(p, profiles)
        yield phones
        phones.close()


@pytest.fixture
def browser(phones):
    """Each App(browser, url) a phone of its own; every phone's tabs closed after the test."""
    yield phones
    phones.put_away()


@pytest.fixture
def server(tmp_path):
    s = Server(tmp_path / "data").start()
    yield s
    s.stop()


# Far beyond the slowest browser test on a loaded machine (about 150 s).
HANG = 420


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item):
    """A page whose renderer stops answering would block the whole run: Playwright's evaluate and mouse
    calls wait without a time limit (seen once, a tab busy for over ten minutes under heavy load). When a
    browser test's body (not its fixtures: the static web app's build) runs for HANG seconds, the
    renderers this test process started are killed: the waiting call fails, so does the test, and its
    rerun opens fresh pages."""
    timer = threading.Timer(HANG, kill_renderers)
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        timer.cancel()


def kill_renderers() -> None:
    parents = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
                parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                pass

    def mine(pid: int) -> bool:
        while pid > 1:
            pid = parents.get(pid, 0)
            if pid == os.getpid():
                return True
        return False

    for pid in parents:
        try:
            renderer = b"--type=renderer" in Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:
            continue
        if renderer and mine(pid):
            print(f"browser test still running after {HANG} s: killing its renderer {pid}", file=sys.stderr)
            os.kill(pid, signal.SIGKILL)
