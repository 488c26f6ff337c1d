import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"


def pytest_runtest_setup(item):
    """The browser tests' phones are kept from one test to the next (tests/browser/harness.py, `kept_phones`), and
    put away before a test that does not use them."""
    harness = sys.modules.get("tests.browser.harness")
    if harness and "phones" not in getattr(item, "fixturenames", ()):
        harness.put_away_phones()


@pytest.fixture
def example():
    def load(name: str) -> dict:
        return json.loads((EXAMPLES / name).read_text(encoding="utf-8"))
    return load
