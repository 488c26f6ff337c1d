"""Phones that talk to each other (WebRTC), tested in a network of their own (tests/p2p/netns.py): the
namespace is what it says, a scenario refuses to run outside one, and two phones, each with a network
stack of its own, open a data channel in it, the host's camera filming the guest's answer as a QR code; the
static app's table with a guest, and with three guests tapping at once (bench/table_p2p.py's quick run)."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

import pytest

from tests.browser.harness import CHROMIUM
from tests.browser.test_bench_parts_browser import check
from tests.browser.test_static_web_browser import build_dist
from tests.p2p import netns

import run_all  # noqa: E402  (bench/, put on the path by test_bench_parts_browser)

pytestmark = pytest.mark.skipif(netns.own_network_unavailable() is not None,
                                reason=netns.own_network_unavailable() or "")
MDNS_NAME = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.local$")
INSIDE = """
import json, pathlib, socket, subprocess
from tests.p2p import netns
routes = subprocess.run(["ip", "route"], capture_output=True, text=True).stdout.splitlines()
print(json.dumps({"isolated": netns.isolated(), "interfaces": sorted(n for _, n in socket.if_nameindex()),
                  "forwarding": pathlib.Path("/proc/sys/net/ipv4/ip_forward").read_text().strip(),
                  "routes": [route.strip() for route in routes]}))
"""


def scenario(name: str) -> dict:
    # The phones' profiles in a folder that this process removes, also after a run killed on its timeout;
    # a short path (not the test's own folder): Chromium's profile lock is a socket, whose path has a limit.
    with tempfile.TemporaryDirectory(prefix="tabula-p2p-") as tmp:
        done = netns.run_in_own_network([sys.executable, "-m", "tests.p2p.run", name], timeout=300,
                                        env=dict(os.environ, TMPDIR=tmp))
    assert done.returncode == 0, done.stdout + done.stderr
    return json.loads(done.stdout.splitlines()[-1])


def test_the_network_of_its_own_has_lo_and_the_pair_and_no_way_out():
    done = netns.run_in_own_network([sys.executable, "-c", INSIDE], timeout=60)
    assert done.returncode == 0, done.stderr
    inside = json.loads(done.stdout)
    assert inside["isolated"] is None
    assert inside["interfaces"] == ["lo", "tabula0", "tabula1"]
    assert "default via 198.51.100.2 dev tabula0" in inside["routes"]
    assert inside["forwarding"] == "0"  # what the default route sends ends at tabula1
    assert netns.isolated() is not None  # the tests' own network is not one of its own


def test_a_scenario_refuses_to_run_on_this_machines_network():
    done = subprocess.run([sys.executable, "-m", "tests.p2p.run", "datachannel"], cwd=netns.ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert json.loads(done.stdout)["error"].startswith("not in a network of its own: ")


@pytest.mark.browser
@pytest.mark.skipif(not shutil.which("chromium") and not shutil.which(CHROMIUM),
                    reason="Debian's chromium is not installed (apt-get install chromium)")
def test_two_phones_open_a_data_channel_and_the_host_films_the_answer():
    result = scenario("datachannel")
    assert result["heard"] == {"a": ["from b"], "b": ["from a"]}
    # The host (camera allowed) offers its address, and only its own: the guest is in a stack of its own
    # (Phones.keep_apart) with the other. The guest hides its address behind an mDNS name.
    assert {c["address"] for c in result["offer"]["candidates"]} == {netns.ADDRESSES["tabula0"]}
    assert [c["type"] for c in result["answer"]["candidates"]] == ["host"]
    assert all(MDNS_NAME.match(c["address"]) for c in result["answer"]["candidates"])
    assert result["chosen"]["a"]["local"]["address"] == netns.ADDRESSES["tabula0"]
    # The camera's frame is the QR code of the guest's answer, module for module.
    scanned = result["scanned"]
    assert scanned["frame"] == scanned["picture"]
    assert scanned["wrong"] == 0 and scanned["lightest_dark"] < 64 and scanned["darkest_light"] > 192
    assert 0 < result["offer"]["packed_length"] < 1000 and 0 < result["answer"]["packed_length"] < 1000


@pytest.mark.browser
@pytest.mark.skipif(not shutil.which("chromium") and not shutil.which(CHROMIUM),
                    reason="Debian's chromium is not installed (apt-get install chromium)")
def test_a_phone_joins_the_static_apps_table_and_nothing_it_showed_is_lost():
    build_dist()
    result = scenario("table")
    assert result["stored"] >= result["shown"] >= 6
    assert 9 < result["unreachable_s"] < 20  # the host's own 10 s, not ICE's failure half a minute on
    assert result["errors"] == []


@pytest.mark.browser
@pytest.mark.skipif(not shutil.which("chromium") and not shutil.which(CHROMIUM),
                    reason="Debian's chromium is not installed (apt-get install chromium)")
def test_four_phones_tap_at_once_and_nothing_is_lost_and_every_phone_agrees():
    # A host and 3 guests, each joined by the host's camera scanning its answer; 1 entry each in turns (seen on
    # the three others), then 2 each with the four phones' taps in flight together (the full size: make bench).
    summary = run_all.run_part("p2p", quick=True)
    check("p2p", summary)
    assert len(summary["joins_s"]) == 3 and summary["observations"] == 12
    assert summary["entries"] == 12
    assert summary["lost"] == 0 and summary["converged"] and summary["page_errors"] == 0
