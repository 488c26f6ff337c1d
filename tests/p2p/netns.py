"""Phones that talk to each other (WebRTC) are tested in a network of their own: a Linux network namespace
(`unshare --net`) holding only loopback and a veth pair with test addresses (198.51.100.0/24, TEST-NET-2,
which no real network uses). Everything of such a test runs in it: the static file server, Chromium and
every phone. The namespace has no way out, so no packet of the test reaches this machine's LAN, whatever
the browser tries (mDNS multicast, STUN, ICE candidates on every interface it finds).

A PID namespace as well (`--pid --fork --kill-child`): when the run ends or is killed on its timeout,
the kernel ends every process in it, the Chromiums too (Playwright starts them in process groups of
their own, which killing the run's group would miss)."""

from __future__ import annotations

import functools
import os
import shutil
import signal
import socket
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# The two ends of the pair: in the run's one network stack every phone has both addresses (its
# candidates name both); Phones.keep_apart moves tabula1, with its address, into a stack of its own.
ADDRESSES = {"tabula0": "198.51.100.1", "tabula1": "198.51.100.2"}
# Run inside the new namespace before the scenario. The default route is needed: without one Chromium
# gathers no ICE candidate at all (it finds its local address by "connecting" a UDP socket to a public
# address). Packets routed by it end at tabula1, which forwards nothing (a new namespace does not).
NETWORK_SETUP = [
    "ip link set lo up",
    "ip link add tabula0 type veth peer name tabula1",
    "ip addr add 198.51.100.1/24 dev tabula0",
    "ip addr add 198.51.100.2/24 dev tabula1",
    "ip link set tabula0 up",
    "ip link set tabula1 up",
    "ip route add default via 198.51.100.2 dev tabula0",
]
UNSHARE = ["unshare", "--net", "--pid", "--fork", "--mount-proc", "--kill-child"]
# Set for the scenario: this machine's network namespace, which the scenario must not be in (isolated()).
OUTSIDE = "TABULA_OUTSIDE_NETNS"


def network_namespace() -> int:
    return os.stat("/proc/self/ns/net").st_ino


def run_in_own_network(argv: list[str], timeout: float, env: dict | None = None) -> subprocess.CompletedProcess:
    """argv run in a network namespace of its own, set up by NETWORK_SETUP, its output captured (text).
    On the timeout every process of the run is killed and subprocess.TimeoutExpired raised with what it
    printed."""
    script = " && ".join(NETWORK_SETUP) + ' && exec "$@"'
    env = dict(os.environ if env is None else env, **{OUTSIDE: str(network_namespace())})
    proc = subprocess.Popen([*UNSHARE, "--", "sh", "-c", script, "sh", *argv], cwd=ROOT, env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)  # unshare: the kernel then ends everything in its namespaces
        out, err = proc.communicate()
        raise subprocess.TimeoutExpired(proc.args, timeout, out, err) from None
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, err)


@functools.cache
def own_network_unavailable() -> str | None:
    """Why a network namespace cannot be made here (the p2p tests skip with it), or None."""
    for tool, package in (("unshare", "util-linux"), ("ip", "iproute2")):
        if not shutil.which(tool):
            return f"`{tool}` is not installed ({package}): the p2p tests need a network namespace"
    try:
        done = run_in_own_network(["true"], timeout=20)
    except (OSError, subprocess.TimeoutExpired) as e:
        return f"no network namespace could be made: {e}"
    if done.returncode != 0:
        return f"no network namespace could be made (root or CAP_SYS_ADMIN needed): {done.stderr.strip()}"
    return None


def isolated() -> str | None:
    """Inside the run: what says this is not the network of its own (None when it is). Its interfaces
    are lo and the pair, nothing else, and it is not the network namespace the run was started from."""
    interfaces = {name for _, name in socket.if_nameindex()}  # this namespace's (/sys shows the outer one's)
    if interfaces != {"lo", *ADDRESSES}:
        return f"interfaces {sorted(interfaces)}, not only lo and {sorted(ADDRESSES)}"
    if os.environ.get(OUTSIDE) in (None, str(network_namespace())):
        return "in this machine's own network namespace (or started without run_in_own_network)"
    return None
