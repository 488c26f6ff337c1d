import pytest
from playwright.sync_api import sync_playwright

from tests.browser.harness import Server, launch


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
