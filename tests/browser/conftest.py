import os
import shutil
import signal
import sys
import threading
from pathlib import Path

import pytest

from tests.browser import harness
from tests.browser.harness import CHROMIUM, Server

# Flutter's animations four times faster in the tests: fewer frames drawn (City of Rome's game alone: 1,937
# frames before, 1,163 after; 59 CPU-seconds instead of 68-73), the same screens and the same waits.
harness.ANIMATION_SPEED = 4
# Frames are built and read through the accessibility tree, but drawn into pixels only for a screenshot
# (harness.RASTER): drawing them in software was half of every tap's CPU on this 2-core machine.
harness.RASTER = False
# The screenshots for people to look at (App.shot, about 200) only with `make screenshots` (TABULA_SHOTS=1):
# each is a frame drawn in software, about 0.4 s of the suite's time. The ones a check reads or
# that show what a failed step saw (App.picture) are always taken.
harness.SCREENSHOTS = os.environ.get("TABULA_SHOTS") == "1"


# The longest browser tests' files (docs/performance.md, test suite duration), longest first.
LONGEST_FIRST = ["test_touch_targets_browser.py", "test_castles_of_tuscany_browser.py", "test_carpe_diem_browser.py",
                 "test_milestones_browser.py", "test_static_web_browser.py", "test_city_of_rome_browser.py",
                 "test_reliability_browser.py"]


def in_browser_tests(item) -> bool:
    return "tests/browser/" in str(item.fspath).replace("\\", "/")


def run_order(item) -> int:
    name = Path(str(item.fspath)).name
    return LONGEST_FIRST.index(name) if name in LONGEST_FIRST else len(LONGEST_FIRST)


def deal(items: list) -> None:
    """Order the run for two workers taking tests by xdist's worksteal: it gives the first worker the first
    half of the list and the second the rest, and a worker that is done takes the end of the other's
    queue. The browser tests, longest first, are dealt to the two halves in turn, each half then filled
    with the other tests: both workers start on long tests and end on short ones (in the order
    collected, the 90-second walk came last and one worker waited for it)."""
    browser = sorted(filter(in_browser_tests, items), key=run_order)
    others = [i for i in items if not in_browser_tests(i)]
    first, second = browser[0::2], browser[1::2]
    fill = max(0, len(items) // 2 - len(first))
    items[:] = first + others[:fill] + second + others[fill:]


def pytest_collection_modifyitems(config, items):
    deal(items)
    for item in items:
        if in_browser_tests(item):
            item.add_marker(pytest.mark.browser)
            if not shutil.which("chromium") and not shutil.which(CHROMIUM):
                item.add_marker(pytest.mark.skip(reason="Debian's chromium is not installed (apt-get install chromium)"))


@pytest.fixture(scope="session")
def profiles(tmp_path_factory):
    """The phones' profiles, kept for the whole run of this test process (their cache: harness.Phones)."""
    yield tmp_path_factory.mktemp("phones")
    harness.put_away_phones()


@pytest.fixture
def phones(profiles):
    return harness.kept_phones(profiles)


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
    renderers this test process started are killed: the waiting call fails, so does the test (said, not
    hung), and the next test opens fresh pages."""
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
