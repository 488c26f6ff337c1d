import shutil

import pytest
from playwright.sync_api import sync_playwright

from tests.browser.harness import CHROMIUM, Server, launch


def pytest_collection_modifyitems(config, items):
    for item in items:
        if "tests/browser/" in str(item.fspath).replace("\\", "/"):
            item.add_marker(pytest.mark.browser)
            # One more try for a browser test that failed: on this 2-core machine a loaded moment can still
            # outlast a wait (seen: a first test's typing at a cold start). A failure twice in a row fails.
            item.add_marker(pytest.mark.flaky(reruns=1))
            if not shutil.which("chromium") and not shutil.which(CHROMIUM):
                item.add_marker(pytest.mark.skip(reason="Debian's chromium is not installed (apt-get install chromium)"))


@pytest.fixture(scope="module")
def browser():
    # Module scope: a session-scoped sync Playwright leaves an asyncio loop that breaks later tests.
    with sync_playwright() as p:
        b = launch(p)
        yield b
        b.close()


@pytest.fixture
def server(tmp_path):
    s = Server(tmp_path / "data").start()
    yield s
    s.stop()
