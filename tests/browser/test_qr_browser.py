"""QR codes in the static web app's page (web/tabula-qr.js): a code drawn as SVG reads back as its text
through the vendored jsQR, short or as long as a table's invite; a scan reads the code Chromium's fake
camera films (a Y4M picture written here), Cancel and stop() end a scan, and a camera the site may not use
is said plainly. The page is web/ served on 127.0.0.1 as dist/ has it (tabula-qr.js beside vendor/)."""

from __future__ import annotations

import base64
import functools
import http.server
import random
import threading
from pathlib import Path

import pytest
import segno
from playwright.sync_api import sync_playwright

from tests.browser.harness import CHROMIUM, LAUNCH_ARGS, PHONE, ROOT, SHOTS
from tests.browser import harness

WEB = ROOT / "web"
PAGE = b"""<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Tabula</title>
<script type="module" src="tabula-qr.js"></script></head><body style="margin:0"></body></html>"""
PROXY = {"server": "http://127.0.0.1:9", "bypass": "127.0.0.1"}  # nothing but loopback (harness.PROXY)
FRAME = (640, 480)  # the fake camera's picture, as a phone's camera gives (the page asks for more, ideally)
STEP = 10_000  # ms: a scan reads a code filmed from the start a few times a second
# A scan, or what it resolves to by then: a scan that never ends fails the test instead of hanging it.
SCAN = """(labels) => Promise.race([window.tabulaQR.scan(labels),
  new Promise((resolve) => setTimeout(() => resolve({ unfinished: true }), %d))])""" % STEP
# About as long as a table's invite (issue 38: 612 characters deflated and base64-encoded).
LONG = base64.urlsafe_b64encode(random.Random(38).randbytes(525)).decode().rstrip("=")
SHORT = "T"
ENGLISH = {"title": "Scan the guest's code", "hint": "Hold the phone that joins so that its code fills the square.",
           "cancel": "Cancel"}
GERMAN = {"title": "Code des Gasts scannen",
          "hint": "Halte das Handy, das beitritt, so, dass sein Code das Quadrat füllt.",
          "cancel": "Abbrechen"}
# The svg drawn into a canvas (4 px a module, as a phone's screen shows it) and read by the vendored jsQR.
READ_BACK = r"""async ([text, error]) => {
  const markup = window.tabulaQR.svg(text, { error });
  const image = new Image();
  image.src = URL.createObjectURL(new Blob([markup], { type: "image/svg+xml" }));
  await image.decode();
  const side = image.naturalWidth * 4;
  const canvas = Object.assign(document.createElement("canvas"), { width: side, height: side });
  const context = canvas.getContext("2d");
  context.imageSmoothingEnabled = false;
  context.drawImage(image, 0, 0, side, side);
  await import("./vendor/jsqr/jsQR.js");
  const code = self.jsQR(context.getImageData(0, 0, side, side).data, side, side);
  const corner = context.getImageData(0, 0, 1, 1).data;
  return { text: code && code.data, viewBox: markup.match(/viewBox="([^"]*)"/)[1], corner: [...corner],
           first: markup.match(/ d="M(\d+) (\d+)h1/).slice(1).map(Number) };
}"""
# Every camera stream the page opens, to see that a finished scan stopped it.
WATCH_CAMERA = """() => {
  window.__streams = [];
  const open = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
  navigator.mediaDevices.getUserMedia = async (constraints) => {
    const stream = await open(constraints);
    window.__streams.push(stream);
    return stream;
  };
}"""
CAMERA_ENDED = """() => window.__streams.length > 0
  && window.__streams.every((s) => s.getTracks().every((t) => t.readyState === "ended"))"""
FILMING = """() => { const video = document.querySelector("#tabula-qr-scan video");
  return !!video && video.videoWidth > 0 && !video.paused; }"""


def y4m(luma: bytes, chroma: tuple[int, int] = (128, 128), size: tuple[int, int] = FRAME) -> bytes:
    """A Y4M video of one still picture (Chromium's fake camera repeats it): a header, then one frame of
    planar YUV 4:2:0, the luma `luma` (width x height bytes) and one colour all over (`chroma`: U, V)."""
    width, height = size
    assert len(luma) == width * height
    quarter = (width // 2) * (height // 2)
    return (f"YUV4MPEG2 W{width} H{height} F15:1 Ip A1:1 C420jpeg\n".encode() + b"FRAME\n" + bytes(luma)
            + bytes([chroma[0]]) * quarter + bytes([chroma[1]]) * quarter)


def y4m_of_qr(text: str, size: tuple[int, int] = FRAME) -> bytes:
    """The QR code of `text` (segno, a library other than the page's) black on white, as large as the
    picture's height allows with its 4-module quiet zone, in the middle of a grey picture."""
    matrix = segno.make_qr(text, error="l").matrix
    width, height = size
    modules = len(matrix) + 8
    scale = height * 9 // 10 // modules
    left, top = (width - modules * scale) // 2, (height - modules * scale) // 2
    luma = bytearray([128]) * (width * height)
    for y in range(modules * scale):
        row = (y // scale) - 4
        for x in range(modules * scale):
            column = (x // scale) - 4
            dark = 0 <= row < len(matrix) and 0 <= column < len(matrix) and matrix[row][column]
            luma[(top + y) * width + left + x] = 16 if dark else 235
    return y4m(bytes(luma))


@functools.cache
def y4m_of_a_table(size: tuple[int, int] = FRAME) -> bytes:
    """No code: a wooden table lit from above (a gradient), as the camera sees before a code is held up."""
    width, height = size
    luma = bytes(90 + (60 * (width - abs(2 * x - width)) // width) for _ in range(height) for x in range(width))
    return y4m(luma, chroma=(112, 150))


class Site:
    """web/ on 127.0.0.1 with a test page at /, and Flutter's Roboto where dist/ has it (the overlay's font)."""

    def __init__(self):
        import flet_web

        roboto = (Path(flet_web.get_package_web_dir()) / "assets" / "fonts" / "roboto.woff2").read_bytes()

        class Handler(http.server.SimpleHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_GET(self):
                answers = {"/": (PAGE, "text/html"), "/assets/fonts/roboto.woff2": (roboto, "font/woff2")}
                if self.path not in answers:
                    return super().do_GET()
                body, kind = answers[self.path]
                self.send_response(200)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=WEB))
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def stop(self):
        self.httpd.shutdown()
        self.httpd.server_close()


class Camera:
    """A Chromium (0.3 s to start) whose fake camera films the still picture `video` (the file is read when
    the browser starts); `deny`: the site may not use the camera, as after "Block" in the browser's question."""

    def __init__(self, playwright, site: Site, folder: Path, video: bytes, deny: bool = False):
        self.site = site
        path = folder / f"camera-{abs(hash(video))}.y4m"
        path.write_bytes(video)
        self.browser = playwright.chromium.launch(
            executable_path=CHROMIUM, proxy=PROXY,
            args=LAUNCH_ARGS + ["--use-fake-device-for-media-stream", f"--use-file-for-fake-video-capture={path}",
                                "--use-fake-ui-for-media-stream" + ("=deny" if deny else "")])

    def page(self, color_scheme: str = "light"):
        page = self.browser.new_page(viewport=PHONE, color_scheme=color_scheme)
        page.set_default_timeout(STEP)
        page.goto(self.site.url)
        page.wait_for_function("() => !!window.tabulaQR")
        page.evaluate(WATCH_CAMERA)
        return page


@pytest.fixture(scope="module")
def phone(tmp_path_factory):
    """A phone's camera filming what a test asks: phone(video, deny=False) -> a page of the QR test site."""
    site = Site()
    folder = tmp_path_factory.mktemp("qr")
    with sync_playwright() as playwright:
        cameras = []

        def open_page(video: bytes, deny: bool = False, color_scheme: str = "light"):
            cameras.append(Camera(playwright, site, folder, video, deny))
            return cameras[-1].page(color_scheme)

        try:
            yield open_page
        finally:
            for camera in cameras:
                camera.browser.close()
            site.stop()


def test_a_code_drawn_reads_back_as_its_text_short_or_as_long_as_an_invite(phone):
    page = phone(y4m_of_a_table())
    for text, error in [(SHORT, "M"), (LONG, "L"), (LONG, "M")]:
        read = page.evaluate(READ_BACK, [text, error])
        assert read["text"] == text, (text[:20], error, read["text"])
        side = int(read["viewBox"].split()[2])
        assert read["corner"] == [255, 255, 255, 255]  # the quiet zone is white,
        assert read["first"] == [4, 4]  # 4 modules wide (the finder pattern's corner is the code's first module)
        assert (side - 8 - 17) % 4 == 0  # and as wide on the other side: a code is 4 x version + 17 modules
    long_l, long_m = (int(page.evaluate(READ_BACK, [LONG, e])["viewBox"].split()[2]) for e in "LM")
    assert long_m > long_l  # more correction, more modules


def test_a_scan_reads_the_code_the_camera_films_and_closes_the_camera(phone):
    page = phone(y4m_of_qr(LONG))
    result = page.evaluate(SCAN, ENGLISH)  # the camera starts, jsQR loads, a frame or two are read
    assert result.get("text") == LONG, result
    assert page.locator("#tabula-qr-scan").count() == 0
    page.wait_for_function(CAMERA_ENDED)


def test_cancel_and_stop_end_a_scan_that_found_no_code(phone):
    # In German and dark as well for the screenshots (make screenshots): the overlay to look at.
    looks = [("light", ENGLISH)]
    if harness.SCREENSHOTS:
        looks += [("dark", GERMAN), ("dark", ENGLISH), ("light", GERMAN)]
    video = y4m_of_a_table()
    for scheme, labels in looks:
        page = phone(video, color_scheme=scheme)
        page.evaluate("(labels) => { window.__scan = window.tabulaQR.scan(labels); }", labels)
        page.wait_for_function(FILMING)
        overlay = page.locator("#tabula-qr-scan")
        assert overlay.get_by_role("heading").inner_text() == labels["title"]
        button = overlay.get_by_role("button", name=labels["cancel"])
        box = button.bounding_box()
        assert box["height"] >= 48 and box["y"] + box["height"] > PHONE["height"] * 0.85  # big, in the thumb zone
        if harness.SCREENSHOTS:
            SHOTS.mkdir(parents=True, exist_ok=True)
            language = "de" if labels is GERMAN else "en"
            page.screenshot(path=SHOTS / f"qr-scan-{language}-{scheme}.png")
        background = "getComputedStyle(document.getElementById('tabula-qr-scan')).backgroundColor"
        assert page.evaluate(background) == ("rgb(255, 248, 246)" if scheme == "light" else "rgb(26, 17, 15)")
        button.click()
        assert page.evaluate("window.__scan") == {"cancelled": True}
        assert page.locator("#tabula-qr-scan").count() == 0
        page.wait_for_function(CAMERA_ENDED)
    # stop() from outside (the channel opened some other way) ends a scan as Cancel does. Here in the
    # app's dark theme (a setting of Tabula's) on a phone that is light.
    page.evaluate("(labels) => { window.__scan = window.tabulaQR.scan({ ...labels, theme: 'dark' }); }", labels)
    page.wait_for_function(FILMING)
    assert page.evaluate(background) == "rgb(26, 17, 15)"
    page.evaluate("window.tabulaQR.stop()")
    assert page.evaluate("window.__scan") == {"cancelled": True}
    assert page.locator("#tabula-qr-scan").count() == 0
    page.wait_for_function(CAMERA_ENDED)


def test_a_camera_the_site_may_not_use_or_a_reader_that_did_not_load_is_said_plainly(phone):
    page = phone(y4m_of_a_table(), deny=True)
    result = page.evaluate(SCAN, {"title": "Scan", "cancel": "Cancel", "denied": "Die Kamera ist gesperrt."})
    assert result == {"error": "Die Kamera ist gesperrt.", "reason": "denied"}
    assert page.locator("#tabula-qr-scan").count() == 0
    # Without the caller's words: the English default, saying what to do.
    result = page.evaluate(SCAN, {})
    assert result["reason"] == "denied" and "allow it for this site" in result["error"], result
    # The reader cannot be loaded (here: its file refused): said, and the camera that was opened is closed.
    page = phone(y4m_of_a_table())
    page.route("**/vendor/jsqr/jsQR.js", lambda route: route.abort())
    result = page.evaluate(SCAN, {"failed": "Kamera oder Codeleser starten nicht."})
    assert result == {"error": "Kamera oder Codeleser starten nicht.", "reason": "failed"}
    page.wait_for_function(CAMERA_ENDED)
    assert page.locator("#tabula-qr-scan").count() == 0
