"""The phones of a p2p scenario, inside its network of its own (tests/p2p/netns.py): a static file server
(web/serve.py, as `make web-serve` serves dist/) on 127.0.0.1 and phones, each a Chromium of its own.

A Chromium per phone, not a browser context per phone in one Chromium: the contexts of one Chromium
share its network service, which knows the `<uuid>.local` names (mDNS) its contexts gave their WebRTC
candidates. Two contexts of one Chromium connected with no mDNS query going out (1 multicast packet
after the answer was taken, against 4-12 between two Chromiums, whose queries and answers cross the
veth pair); a phone's browser must also be killable alone (the host killed mid-game). Each phone has a
profile on disk, so a phone started again on it is the same phone restarted (its IndexedDB kept).
Phones.keep_apart gives phones a network stack of their own, so that their packets cross the veth pair."""

from __future__ import annotations

import contextlib
import ctypes
import functools
import importlib.util
import os
import signal
import subprocess
import threading
from pathlib import Path

import segno
from playwright.sync_api import sync_playwright

from tests.browser.harness import CHROMIUM, LAUNCH_ARGS, PHONE, ROOT

PAGES = Path(__file__).resolve().parent / "pages"
DIST = ROOT / "dist"
# A camera that films what the test gives it (a Y4M file, see y4m_of_qr) and a permission prompt that
# says yes by itself. The site then has the camera's permission, and Chromium shows such a site the
# phone's addresses in its WebRTC candidates (198.51.100.x), where a site without it gets `<uuid>.local`
# names (mDNS): a phone with a camera is a phone that allowed the camera, as the scanning host has.
FAKE_MEDIA = ["--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"]
# setns(2), to open the site's socket in the stack of the phones kept apart (Python 3.11 has no os.setns).
CLONE_NEWNET = 0x40000000
_libc = ctypes.CDLL(None, use_errno=True)


def _load_web_serve():
    spec = importlib.util.spec_from_file_location("web_serve", ROOT / "web" / "serve.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


web_serve = _load_web_serve()


class QuietHandler(web_serve.Handler):
    def log_message(self, *args) -> None:  # the run's stderr is for what went wrong
        pass


# The network stack of the phones kept apart (Phones.keep_apart), once tabula1 is moved into it.
APART_SETUP = [
    "ip link set lo up",
    "ip addr add 198.51.100.2/24 dev tabula1",
    "ip link set tabula1 up",
    "ip route add default via 198.51.100.1 dev tabula1",
]
# Luma of the camera's picture (video levels, as cameras send them: 16 black, 235 white).
DARK, LIGHT, GREY = 16, 235, 128


def y4m_of_qr(text: str, out_path: Path, width: int = 1280, height: int = 720, frames: int = 1) -> dict:
    """A Y4M video (Chromium's fake capture file) of a still picture: the QR code of `text` (segno's),
    as large as the picture's short side allows with its white quiet zone (4 modules), each module a
    square of whole pixels (sharp), on mid-grey. Returns where each module is: the QR code's matrix
    (quiet zone included, 1 dark), the side of a module in pixels and the top left corner."""
    matrix = [list(row) for row in segno.make(text, micro=False).matrix_iter(scale=1, border=4)]
    module = min(width, height) // len(matrix)
    left, top = (width - module * len(matrix)) // 2, (height - module * len(matrix)) // 2
    luma = bytearray([GREY]) * (width * height)
    for r, row in enumerate(matrix):
        line = bytes(DARK if dark else LIGHT for dark in row for _ in range(module))
        for y in range(top + r * module, top + (r + 1) * module):
            luma[y * width + left:y * width + left + len(line)] = line
    colour = bytes([128]) * (2 * (width // 2) * (height // 2))  # 4:2:0, no colour
    # A new file each time, put in place whole: a camera that still has the last one open films that one
    # to its end, never half of each.
    written = Path(out_path).with_suffix(".new")
    with open(written, "wb") as video:
        video.write(f"YUV4MPEG2 W{width} H{height} F30:1 Ip A1:1 C420jpeg\n".encode())
        for _ in range(frames):
            video.write(b"FRAME\n" + luma + colour)
    os.replace(written, out_path)
    return {"matrix": matrix, "module": module, "left": left, "top": top, "width": width, "height": height}


@contextlib.contextmanager
def network_of(namespace: str):
    """This thread in the network namespace `namespace` (a /proc/PID/ns/net), and back: a socket made
    meanwhile stays in it."""
    with open("/proc/self/ns/net") as own, open(namespace) as other:
        if _libc.setns(other.fileno(), CLONE_NEWNET) != 0:
            raise OSError(ctypes.get_errno(), f"setns {namespace}")
        try:
            yield
        finally:
            _libc.setns(own.fileno(), CLONE_NEWNET)


class Site:
    """A folder served on 127.0.0.1 by web/serve.py (dist/ for the static app, PAGES for the harness's own
    pages), on a port of the namespace's own: no other test can hold it. Served at the same address in
    each of `apart` (namespaces of phones kept apart, Phones.keep_apart): every phone has the site at
    one origin, as real phones have it from one host."""

    def __init__(self, folder: Path, apart: tuple = ()):
        self.servers = [web_serve.server(Path(folder), "127.0.0.1", 0)]
        port = self.servers[0].server_address[1]
        for namespace in apart:
            with network_of(namespace):
                self.servers.append(web_serve.server(Path(folder), "127.0.0.1", port))
        for httpd in self.servers:
            httpd.RequestHandlerClass = functools.partial(QuietHandler, directory=str(folder))
            threading.Thread(target=httpd.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{port}/"

    def stop(self) -> None:
        for httpd in self.servers:
            httpd.shutdown()
            httpd.server_close()


class Phone:
    """A phone-sized Chromium with a profile of its own. With a `camera` (a Y4M file, y4m_of_qr) the site
    has the camera's permission and the camera films that file; `args`: more of Chromium's flags."""

    def __init__(self, playwright, name: str, profile: Path, camera: Path | None = None, args: tuple = (),
                 shots: Path | None = None, executable: str = CHROMIUM):
        self.playwright, self.name, self.profile, self.shots = playwright, name, Path(profile), shots
        self.executable = executable
        self.args = LAUNCH_ARGS + list(args)
        if camera is not None:
            self.args += FAKE_MEDIA + [f"--use-file-for-fake-video-capture={camera}"]
        self.start()

    def start(self) -> None:
        """The phone's Chromium started (again, after kill(): the same profile, its storage kept)."""
        self.context = self.playwright.chromium.launch_persistent_context(
            str(self.profile), executable_path=self.executable, args=self.args, viewport=PHONE)
        self.page = self.context.pages[0] if self.context.pages else self.context.new_page()

    def browser_pid(self) -> int:
        """The process of this phone's Chromium (the one started with its profile that is no child type)."""
        for entry in Path("/proc").iterdir():
            try:
                argv = (entry / "cmdline").read_bytes().split(b"\0")
            except OSError:  # gone, or not a process
                continue
            if f"--user-data-dir={self.profile}".encode() in argv and not any(a.startswith(b"--type=") for a in argv):
                return int(entry.name)
        raise LookupError(f"no Chromium runs with the profile {self.profile}")

    def kill(self) -> None:
        """The phone's browser killed at once (SIGKILL), as a phone that dies or is swiped away."""
        os.kill(self.browser_pid(), signal.SIGKILL)

    def shot(self, name: str) -> None:
        if self.shots is not None:
            self.shots.mkdir(parents=True, exist_ok=True)
            self.page.screenshot(path=str(self.shots / f"p2p-{name}-{self.name}.png"))

    def close(self) -> None:
        try:
            self.context.close()
        except Exception:  # killed: there is nothing left to close
            pass


class Phones:
    """Playwright, the sites and the phones of one scenario run; everything closed on exit."""

    def __init__(self, profiles: Path, shots: Path | None = None):
        self.profiles, self.shots = Path(profiles), shots
        self.playwright = sync_playwright().start()
        self.sites: list[Site] = []
        self.phones: list[Phone] = []
        self.apart: subprocess.Popen | None = None  # holds the namespace of the phones kept apart

    def keep_apart(self) -> None:
        """From now on a phone made with apart=True runs in a network stack of its own, holding tabula1 and
        198.51.100.2 (its default route via 198.51.100.1), and the others keep tabula0 and 198.51.100.1:
        two phones on one Wi-Fi, whose every packet crosses the veth pair (in the one stack of the run's
        namespace, its phones reach each other's addresses over lo, whatever the pair does). Call it
        before serve()."""
        self.apart = subprocess.Popen(["unshare", "--net", "--", "sh", "-c", "echo && exec sleep infinity"],
                                      stdout=subprocess.PIPE, text=True)
        self.apart.stdout.readline()  # said once its namespace is made
        namespace = f"/proc/{self.apart.pid}/ns/net"
        subprocess.run(["ip", "link", "set", "tabula1", "netns", str(self.apart.pid)], check=True)
        subprocess.run(["nsenter", f"--net={namespace}", "sh", "-c", " && ".join(APART_SETUP)], check=True)
        wrapper = self.profiles / "chromium-apart"
        wrapper.write_text(f'#!/bin/sh\nexec nsenter --net={namespace} {CHROMIUM} "$@"\n')
        wrapper.chmod(0o755)

    def serve(self, folder: Path) -> str:
        apart = (f"/proc/{self.apart.pid}/ns/net",) if self.apart else ()
        self.sites.append(Site(folder, apart))
        return self.sites[-1].url

    def phone(self, name: str, camera: Path | None = None, args: tuple = (), apart: bool = False) -> Phone:
        if apart and self.apart is None:
            raise ValueError("a phone kept apart needs Phones.keep_apart() first")
        executable = str(self.profiles / "chromium-apart") if apart else CHROMIUM
        self.phones.append(Phone(self.playwright, name, self.profiles / name, camera, args, self.shots, executable))
        return self.phones[-1]

    def __enter__(self) -> "Phones":
        return self

    def __exit__(self, *exc) -> None:
        try:
            for phone in self.phones:
                phone.close()
            for site in self.sites:
                site.stop()
            if self.apart:
                self.apart.kill()
                self.apart.wait()
        finally:
            self.playwright.stop()
