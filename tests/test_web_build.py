"""The static web app's parts that run without a browser: the IndexedDB write-back that holds the
screen's messages until a change is stored, the build's bytecode step (what it leaves out, docstrings),
the large files stored compressed and `make web-serve` sending them so, the page named Tabula, and the
server app's manifest, page and icons."""

from __future__ import annotations

import asyncio
import importlib.util
import json
import re
import shutil
import struct
import sys
import urllib.request
from pathlib import Path

import pytest

from companion import web_main
from companion.storage import atomic
from companion.web_main import DATA_DIR, IndexedDBSync

ROOT = Path(__file__).resolve().parents[1]


def load(name: str):
    spec = importlib.util.spec_from_file_location(f"web_{name}", ROOT / "web" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


build = load("build")
pyc = load("pyc")


# ------------------------------------------------------------------ the write-back to IndexedDB

class FakeFS:
    """FS.syncfs that finishes when the test says so: write-backs (populate=False) and reads back from
    IndexedDB (populate=True) each in their own queue."""

    def __init__(self):
        self.pending = []  # callbacks of write-backs under way
        self.started = 0
        self.reading = []  # callbacks of reads back under way
        self.read_back = 0

    def syncfs(self, populate, callback):
        if populate:
            self.read_back += 1
            self.reading.append(callback)
        else:
            self.started += 1
            self.pending.append(callback)

    def finish(self, error=None):
        self.pending.pop(0)(error)

    def finish_reading(self, error=None):
        self.reading.pop(0)(error)


class FakeConnection:
    def __init__(self):
        self.shown = []
        self.send_callback = self.shown.append


def run_soon():
    """Let the event loop run what was scheduled with call_soon."""
    asyncio.get_event_loop().run_until_complete(asyncio.sleep(0))


@pytest.fixture
def sync():
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    fs, connection = FakeFS(), FakeConnection()
    # several messages in one piece, as the page gets them from Python's worker (one frame)
    s = IndexedDBSync(fs, proxy=lambda f: f, together=lambda messages: connection.shown.append(list(messages)))
    s.attach(connection)
    yield s, fs, connection
    loop.close()
    asyncio.set_event_loop(None)


def test_the_screen_hears_of_a_change_only_once_it_is_stored(sync):
    s, fs, connection = sync
    s.send(b"before")
    assert connection.shown == [b"before"]  # nothing to store: straight through
    s.changed(DATA_DIR / "live" / "g1.json")
    s.send(b"entry shown")  # Flet's update after the click: held
    assert connection.shown == [b"before"] and fs.started == 0
    run_soon()  # the write-back starts on the next turn, with every change of the click
    assert fs.started == 1 and connection.shown == [b"before"]
    fs.finish()
    assert connection.shown == [b"before", b"entry shown"]
    s.send(b"later")
    assert connection.shown[-1] == b"later"


def test_changes_during_a_write_back_are_stored_by_the_next_one_before_anything_shows(sync):
    s, fs, connection = sync
    s.changed(DATA_DIR / "history.jsonl")
    run_soon()
    s.send(b"a")
    s.changed(DATA_DIR / "live" / "g1.json")  # removed while the first write-back runs
    s.send(b"b")
    run_soon()
    assert fs.started == 1  # one at a time
    fs.finish()
    assert fs.started == 2 and connection.shown == []
    fs.finish()
    assert connection.shown == [[b"a", b"b"]]  # in order, in one piece


def test_a_refused_write_back_is_undone_on_every_screen_before_any_held_message_shows(sync, caplog):
    """The unsaved value never reaches the screen on its own: the files are read back, the app reads them
    and draws every screen from them, and only then do the held messages go, together with that drawing,
    in one piece (one frame). Before, the held update (the unsaved value) went out first and the screens
    were drawn again after it: the value flashed."""
    s, fs, connection = sync
    told, redrawn = [], []
    s.on_failed, s.on_stored = lambda error, then: (told.append(error), redrawn.append(then)), \
        lambda: told.append("stored")
    s.changed(DATA_DIR / "settings.json")
    run_soon()
    s.send(b"the unsaved value drawn")
    fs.finish("QuotaExceededError")
    # The files are read back from IndexedDB first; the screen still hears nothing.
    assert fs.read_back == 1 and connection.shown == [] and told == [] and s.failures == 1
    assert "could not store the data in IndexedDB: QuotaExceededError" in caplog.text
    fs.finish_reading()
    assert told == ["QuotaExceededError"] and connection.shown == []  # the app reads them again
    s.send(b"every screen drawn again, Not saved")  # the app's drawing from what was read: held too
    assert connection.shown == []
    redrawn.pop()()  # every screen is drawn
    assert connection.shown == [[b"the unsaved value drawn", b"every screen drawn again, Not saved"]]
    # A later change that IndexedDB takes: the app is told (its "Not saved" is over).
    s.changed(DATA_DIR / "live" / "g1.json")
    run_soon()
    s.send(b"y")
    fs.finish()
    assert told[-1] == "stored" and connection.shown[-1] == b"y"


def test_what_the_app_writes_reading_the_files_back_is_not_written_back_on_its_own(sync):
    """While IndexedDB is full, a write-back of a file the app makes on reading would fail again and again."""
    s, fs, connection = sync

    def reading(error, then):
        s.changed(DATA_DIR / "settings.json")  # the app makes a missing file while it reads
        then()
    s.on_failed = reading
    s.changed(DATA_DIR / "settings.json")
    run_soon()
    s.send(b"x")
    fs.finish("QuotaExceededError")
    fs.finish_reading()
    run_soon()
    assert fs.started == 1 and connection.shown == [b"x"]


def test_a_change_made_while_the_screens_are_drawn_again_is_stored_before_anything_shows(sync):
    s, fs, connection = sync
    redrawn = []
    s.on_failed = lambda error, then: redrawn.append(then)
    s.changed(DATA_DIR / "live" / "g1.json")
    run_soon()
    s.send(b"refused entry")
    fs.finish("QuotaExceededError")
    fs.finish_reading()
    s.changed(DATA_DIR / "live" / "g1.json")  # a tap meanwhile
    s.send(b"the next entry")
    redrawn.pop()()
    assert connection.shown == [] and fs.started == 2  # stored first
    fs.finish()
    assert connection.shown == [[b"refused entry", b"the next entry"]]


def test_when_idle_waits_for_what_is_stored_and_shown(sync):
    s, fs, connection = sync
    heard = []
    s.when_idle(lambda: heard.append("now"))
    assert heard == ["now"]
    s.changed(DATA_DIR / "live" / "g1.json")
    s.send(b"x")
    s.when_idle(lambda: heard.append("later"))
    run_soon()
    assert heard == ["now"]
    fs.finish()
    assert heard == ["now", "later"] and connection.shown == [b"x"]


def test_files_outside_the_data_folder_are_not_written_back(sync):
    s, fs, connection = sync
    s.changed(Path("/home/pyodide/main.py"))
    s.send(b"x")
    run_soon()
    assert fs.started == 0 and connection.shown == [b"x"]


def test_a_file_indexeddb_holds_is_rewritten_alone_anything_else_compares_the_whole_folder(tmp_path, monkeypatch):
    """An entry rewrites its game's file: written straight to IndexedDB, with no FS.syncfs comparing the
    whole folder first. A file made or removed, the first write-back, and the one after a refusal: FS.syncfs."""
    monkeypatch.setattr(web_main, "DATA_DIR", tmp_path)
    (tmp_path / "live").mkdir()
    game, settings = tmp_path / "live" / "g1.json", tmp_path / "settings.json"
    game.write_text("{}")
    settings.write_text("{}")
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    fs, connection, rewrites = FakeFS(), FakeConnection(), []
    s = IndexedDBSync(fs, proxy=lambda f: f, rewrite=lambda paths, done: rewrites.append((paths, done)))
    s.attach(connection)
    try:
        s.changed(game)
        run_soon()
        assert fs.started == 1 and rewrites == []  # what IndexedDB holds is not known yet: the whole folder
        fs.finish()
        s.changed(game)
        s.changed(settings)
        s.send(b"entry")
        run_soon()
        assert fs.started == 1 and [paths for paths, _ in rewrites] == [[str(game), str(settings)]]
        assert connection.shown == []  # held until IndexedDB has them
        rewrites.pop()[1](None)
        assert connection.shown == [b"entry"]
        made = tmp_path / "live" / "g2.json"
        made.write_text("{}")
        s.changed(made)  # a new file: its folder's record and its own are compared and made by FS.syncfs
        run_soon()
        assert fs.started == 2 and rewrites == []
        fs.finish()
        s.changed(made)  # held now: rewritten alone
        run_soon()
        assert fs.started == 2 and len(rewrites) == 1
        rewrites.pop()[1](None)
        game.unlink()
        s.changed(game)  # removed
        run_soon()
        assert fs.started == 3 and rewrites == []
        fs.finish()
        s.changed(made)
        s.send(b"refused")
        run_soon()
        rewrites.pop()[1]("QuotaExceededError")  # refused: read back, and the next compares the whole folder
        assert fs.read_back == 1 and connection.shown == [b"entry"]
        fs.finish_reading()
        assert connection.shown == [b"entry", b"refused"]
        s.changed(made)
        run_soon()
        assert fs.started == 4 and rewrites == []
    finally:
        loop.close()
        asyncio.set_event_loop(None)


def test_every_write_and_removal_of_the_repository_is_reported(tmp_path, monkeypatch):
    from companion.core.game import Game, make_config, new_sid
    from companion.games import GAMES
    from companion.storage import Repository

    seen = []
    repo = Repository(tmp_path, GAMES, watch=atomic.Watch(changed=seen.append))
    definition = GAMES["city-of-rome"]
    players = [{"name": n, "colour": c} for n, c in zip("ABC", definition.colours_for(3))]
    game = Game(new_sid(), definition, make_config(definition, players, 0))
    repo.save(game)
    live = tmp_path / "live" / f"{game.id}.json"
    assert live in seen
    seen.clear()
    repo.discard(game.id)
    assert seen == [live] and not live.exists()


def test_the_web_entry_point_needs_no_browser_to_import():
    assert callable(web_main.run) and DATA_DIR.is_absolute()


# ------------------------------------------------------------------ the build's bytecode step

def test_the_standard_library_keeps_what_the_app_uses():
    for kept in ("asyncio/base_events.py", "encodings/utf_8.py", "encodings/cp437.py", "encodings/idna.py",
                 "json/__init__.py", "email/message.py", "zipfile/__init__.py", "tarfile.py", "logging/__init__.py"):
        assert not pyc.dropped(kept), kept
    for left in ("unittest/case.py", "encodings/cp1250.py", "encodings/shift_jis.py", "pydoc.py",
                 "_pyrepl/reader.py", "multiprocessing/pool.py", "asyncio/windows_events.py", "_pyio.py"):
        assert pyc.dropped(left), left


def test_docstrings_go_and_everything_else_stays():
    source = b'"""Module."""\nfrom __future__ import annotations\n\ndef f():\n    """Only a docstring."""\n\n' \
             b'class C:\n    """Doc."""\n    x = 1\n\nassert f() is None\nLINE = __import__("inspect").currentframe().f_lineno\n'
    namespace = {}
    exec(compile(pyc.without_docstrings(source, "m.py"), "m.py", "exec"), namespace)
    assert namespace["f"].__doc__ is None and namespace["C"].__doc__ is None and namespace["C"].x == 1
    assert namespace["LINE"] == 12  # line numbers as in the source, for tracebacks


# ------------------------------------------------------------------ the Python worker's start

def test_flets_worker_starts_from_the_snapshot_and_unpacks_in_javascript(tmp_path):
    worker = tmp_path / "python-worker.js"
    worker.write_text((build.flet_web_dir() / "python-worker.js").read_text(encoding="utf-8"), encoding="utf-8")
    build.patch_worker(worker)
    text = worker.read_text(encoding="utf-8")
    assert text.startswith('import { loadPyodideFast, forgetSnapshot, unpackApp } from "./tabula-snapshot.js";')
    assert "await loadPyodideFast(loadPyodide, {" in text and "await loadPyodide({" not in text
    assert 'globals.set("tabula_unpacked", await unpackApp(' in text
    # Flet's own download and unpacking stays for a start that JavaScript did not unpack
    assert 'if tabula_unpacked:' in text and 'elif "script" not in py_args:' in text
    assert "return self.initPyodide();" in text  # a failed start from a snapshot starts anew


def test_the_snapshot_holds_the_flet_controls_the_app_names_and_pyodide_restores_it_into_memory_grown_to_fit(tmp_path):
    import flet

    names = build.flet_names()
    # named by Home and the play screen; Flet imports their modules only when they are first named
    assert {"TextField", "Column", "AppBar", "BottomSheet"} <= set(names) <= set(flet.__all__)
    assert set(build.flet_names("tests.fifth_game")) >= set(names)  # a game from outside: its names too
    runtime = tmp_path / "pyodide.asm.mjs"
    runtime.write_text((build.flet_web_dir() / "pyodide" / "pyodide.asm.mjs").read_text(encoding="utf-8"), encoding="utf-8")
    build.patch_pyodide(runtime)
    assert "t.length>Module.HEAP8.length&&Module.growMemory(t.length),Module.HEAP8.set(t)" in runtime.read_text(encoding="utf-8")
    with pytest.raises(build.BuildError, match="a flet-web upgrade changed it"):
        build.patch_pyodide(runtime)  # a runtime it does not know (here: patched already) fails the build


def test_a_worker_it_does_not_know_fails_the_build(tmp_path):
    worker = tmp_path / "python-worker.js"
    worker.write_text("self.pyodide = await loadPyodide({});\n", encoding="utf-8")
    with pytest.raises(build.BuildError, match="a flet-web upgrade changed it"):
        build.patch_worker(worker)


# ------------------------------------------------------------------ the large files compressed

def test_large_files_are_stored_compressed_beside_themselves_and_named_in_the_service_worker(tmp_path):
    import gzip
    import random

    wasm = bytes(range(256)) * 400  # 102 kB that gzip shrinks
    noise = random.Random(1).randbytes(100_000)  # as a font or an archive already compressed: not worth it
    files = {"main.dart.wasm": wasm, "pyodide/pyodide.asm.mjs": b"export const x = 1;\n" * 5000,
             "assets/NOTICES": b"licence text\n" * 5000, "fonts/Emoji.ttf": noise,
             "python-worker.js": b"// small\n" * 100, "index.html": b"<html>" * 10_000, "app.tar.gz": noise}
    for name, data in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(data)
    found = build.compress(tmp_path)
    assert found == {"main.dart.wasm": "application/wasm", "pyodide/pyodide.asm.mjs": "text/javascript",
                     "assets/NOTICES": "text/plain; charset=utf-8"}
    for name in found:
        packed = (tmp_path / f"{name}.gz").read_bytes()
        assert gzip.decompress(packed) == files[name] and len(packed) < len(files[name]) / 2
        assert (tmp_path / name).read_bytes() == files[name]  # kept for pages no service worker answers
    assert not (tmp_path / "fonts/Emoji.ttf.gz").exists() and not (tmp_path / "index.html.gz").exists()
    worker = build.service_worker(tmp_path, "v1", found)
    assert 'const COMPRESSED = {\n"assets/NOTICES": "text/plain; charset=utf-8",' in worker
    listed = json.loads(worker.split("const FILES = ", 1)[1].split(";\n", 1)[0])
    assert "main.dart.wasm.gz" not in listed and "pyodide/pyodide.asm.mjs" in listed  # cached by its own name
    assert "assets/NOTICES" not in listed  # read rarely: cached when read


GUNZIPPED = """
const src = require("fs").readFileSync(process.argv[1], "utf8");
eval(src.slice(src.indexOf("async function gunzipped"), src.indexOf("function sameSite")));
const zlib = require("zlib");
const data = Buffer.from("Tabula ".repeat(1000));
const gz = zlib.gzipSync(data);
const streamOf = (chunks) => new ReadableStream({ start(c) { chunks.forEach((x) => c.enqueue(new Uint8Array(x))); c.close(); } });
(async () => {
  const answers = [];
  // compressed, compressed in chunks of one byte first, and as a host that decoded it itself hands it over
  for (const chunks of [[gz], [gz.subarray(0, 1), gz.subarray(1)], [data], [data.subarray(0, 1), data.subarray(1)]]) {
    answers.push(Buffer.from(await new Response(await gunzipped(streamOf(chunks))).arrayBuffer()).equals(data));
  }
  console.log(JSON.stringify(answers));
})();
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js runs the service worker's unpacking here")
def test_the_service_worker_unpacks_gzip_and_passes_what_a_host_decoded_already():
    import subprocess

    done = subprocess.run(["node", "-e", GUNZIPPED, str(ROOT / "web" / "sw.js")], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == [True, True, True, True]


def test_the_page_loads_flutter_itself_once_the_service_worker_answers_it(tmp_path):
    index = tmp_path / "index.html"
    index.write_text((build.flet_web_dir() / "index.html").read_text(encoding="utf-8"), encoding="utf-8")
    build.patch_index(index, "/", "auto")
    html = index.read_text(encoding="utf-8")
    assert "flutter_bootstrap.js" not in html and '<script src="tabula-boot.js"></script>' in html
    assert 'script.src = "flutter_bootstrap.js"' in (ROOT / "web" / "tabula-boot.js").read_text(encoding="utf-8")


def test_the_qr_module_is_loaded_deferred_and_ships_with_the_libraries_it_imports_and_their_licences(tmp_path):
    index = tmp_path / "index.html"
    index.write_text((build.flet_web_dir() / "index.html").read_text(encoding="utf-8"), encoding="utf-8")
    build.patch_index(index, "/", "auto")
    assert '<script type="module" src="tabula-qr.js"></script>' in index.read_text(encoding="utf-8")  # deferred
    module = (ROOT / "web" / "tabula-qr.js").read_text(encoding="utf-8")
    imported = set(re.findall(r'(?:from|import\()\s*"\./([^"]+)"', module))
    assert imported == {"vendor/lean-qr/index.mjs", "vendor/jsqr/jsQR.js"}
    for name in imported | {"tabula-qr.js", "vendor/lean-qr/LICENSE", "vendor/jsqr/LICENSE"}:
        assert name in build.SITE_FILES and build.SITE_FILES[name].is_file(), name
    notes = (ROOT / "web" / "vendor" / "README.md").read_text(encoding="utf-8")
    assert "jsQR 1.4.0" in notes and "Apache-2.0" in notes and "lean-qr 2.7.4" in notes and "MIT" in notes


def test_web_serve_sends_the_compressed_copy_to_a_browser_that_takes_gzip(tmp_path):
    import gzip
    import threading

    serve = load("serve")
    wasm = b"\0asm" + bytes(200_000)
    (tmp_path / "a.wasm").write_bytes(wasm)
    (tmp_path / "a.wasm.gz").write_bytes(gzip.compress(wasm))
    (tmp_path / "index.html").write_text("<html></html>", encoding="utf-8")
    httpd = serve.server(tmp_path, "127.0.0.1", 0)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{httpd.server_address[1]}/"

    def get(path: str, gzip_ok: bool):
        request = urllib.request.Request(url + path, headers={"Accept-Encoding": "gzip"} if gzip_ok else {})
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.headers, answer.read()
    try:
        headers, body = get("a.wasm", True)
        assert headers["Content-Encoding"] == "gzip" and headers["Content-Type"] == "application/wasm"
        assert gzip.decompress(body) == wasm and headers["Vary"] == "Accept-Encoding"
        headers, body = get("a.wasm", False)  # a client that does not take gzip: the file as it is
        assert body == wasm and headers["Content-Encoding"] is None
        headers, body = get("a.wasm.gz", True)  # the service worker's request: the bytes as stored
        assert gzip.decompress(body) == wasm and headers["Content-Encoding"] is None
        headers, body = get("", True)
        assert body == b"<html></html>" and headers["Content-Encoding"] is None and headers["Vary"] is None
    finally:
        httpd.shutdown()
        httpd.server_close()


# ------------------------------------------------------------------ the pages named Tabula

def test_the_server_page_is_flets_named_tabula():
    flet_index = (build.flet_web_dir() / "index.html").read_text(encoding="utf-8")
    assert (ROOT / "assets" / "index.html").read_text(encoding="utf-8") == build.branded(flet_index), (
        "assets/index.html is not flet-web's page named Tabula: run python web/build.py --pages")


def test_the_bgstats_page_has_its_words_from_the_catalogues():
    assert (ROOT / "assets" / "bgstats.html").read_text(encoding="utf-8") == build.bgstats_page(), (
        "assets/bgstats.html is not web/bgstats.html with the words of assets/i18n: run python web/build.py --pages")
    words = json.loads(re.search(r"const WORDS = (.*);\n", build.bgstats_page()).group(1))
    assert set(words) == {"en", "de"} and words["de"]["bgstats_page.open"] == "In BG Stats öffnen"
    assert build.SITE_FILES["bgstats.html"] == ROOT / "assets" / "bgstats.html"  # the static app's site has it


def test_branding_a_page_it_does_not_know_fails_clearly():
    with pytest.raises(build.BuildError, match="a flet-web upgrade changed the page"):
        build.branded("<html><title>x</title></html>")


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path.name} is not a PNG"
    return struct.unpack(">II", data[16:24])


def test_the_manifest_names_tabula_and_its_icons_exist():
    manifest = json.loads((ROOT / "assets" / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["name"] == manifest["short_name"] == "Tabula"
    assert manifest["theme_color"] == "#8c3b2a"
    for icon in manifest["icons"]:
        side = int(icon["sizes"].split("x")[0])
        assert png_size(ROOT / "assets" / icon["src"]) == (side, side)
    assert {i.get("purpose", "any") for i in manifest["icons"]} == {"any", "maskable"}


def test_the_server_app_offers_tabula_for_the_home_screen(tmp_path):
    from tests.browser.harness import Server

    server = Server(tmp_path / "data").start()
    try:
        def get(path: str) -> bytes:
            with urllib.request.urlopen(server.url + path, timeout=30) as answer:
                return answer.read()
        assert json.loads(get("manifest.json"))["name"] == "Tabula"
        page = get("").decode("utf-8")
        assert "<title>Tabula</title>" in page and 'apple-mobile-web-app-title" content="Tabula"' in page
        assert get("icons/icon-192.png") == (ROOT / "assets" / "icons" / "icon-192.png").read_bytes()
        assert get("icons/apple-touch-icon-192.png") == (ROOT / "assets/icons/apple-touch-icon-192.png").read_bytes()
    finally:
        server.stop()


# ------------------------------------------------------------------ no request to another site

def test_the_client_asks_its_own_site_for_the_rive_script_instead_of_a_cdn(tmp_path):
    from urllib.parse import urljoin

    from flet_web import get_package_web_dir

    from companion.ui import web_client

    client = Path(get_package_web_dir())
    build.patch_rive(tmp_path, "auto")
    for name in web_client.PATCHED:
        original, patched = (client / name).read_bytes(), (tmp_path / name).read_bytes()
        assert web_client.RIVE_CDN in original and b"cdn.jsdelivr" not in patched and b"https://cdn." not in patched
        assert len(patched) == len(original)  # main.dart.wasm: a string constant of fixed length
        assert patched.count(web_client.RIVE_LOCAL) == 1
    # Flutter asks for <base>wasm/rive_native.js: under any base URL, a file of the site itself
    for site in ("http://127.0.0.1:8000/", "https://example.org/tabula/"):
        asked = urljoin(site, (web_client.RIVE_LOCAL + b"wasm/rive_native.js").decode())
        assert asked == site + web_client.STAND_IN
    assert "window.RiveNative" in (tmp_path / web_client.STAND_IN).read_text(encoding="utf-8")
    with pytest.raises(web_client.ClientChanged, match="main.dart.js"):
        web_client.without_cdn(b"a client without the URL", "main.dart.js")


def test_the_server_serves_its_assets_with_the_rewritten_client_from_the_cache(tmp_path):
    import os
    import time

    from flet_web import get_package_web_dir

    from companion.resources import ASSETS_DIR
    from companion.ui.web_client import RIVE_CDN, STAND_IN, UNUSED_FOR, serving_folder

    cache = tmp_path / "cache"
    old = cache / "web-0000000000000000"
    old.mkdir(parents=True)
    os.utime(old, (time.time() - UNUSED_FOR - 60,) * 2)
    folder = serving_folder(ASSETS_DIR, Path(get_package_web_dir()), cache)
    assert RIVE_CDN not in (folder / "main.dart.js").read_bytes() and (folder / STAND_IN).is_file()
    assert (folder / "index.html").read_bytes() == (ASSETS_DIR / "index.html").read_bytes()
    assert (folder / "fonts" / "NotoEmoji-Regular.ttf").is_file() and (folder / "icons" / "icon-192.png").is_file()
    assert not (folder / "i18n").exists()  # read by the server's Python, never by the browser
    assert not old.exists() and [p.name for p in cache.iterdir()] == [folder.name]
    made = (folder / "main.dart.js").stat().st_mtime_ns
    assert serving_folder(ASSETS_DIR, Path(get_package_web_dir()), cache) == folder  # made once
    assert (folder / "main.dart.js").stat().st_mtime_ns == made


# ------------------------------------------------------------------ games from outside the app

def test_a_game_from_outside_goes_into_the_app_archive_and_is_registered_at_start(tmp_path):
    """`make web` with TABULA_PLUGINS (or --plugins): the game's package is in the archive, and the app
    registers it at start, as the server app does. Run here from the staged archive alone: the game comes
    from there, not from this checkout's tests."""
    import subprocess

    app = tmp_path / "app"
    build.stage_app(app, "tests.fifth_game")
    assert (app / "main.py").read_text(encoding="utf-8") == \
        "from companion.web_main import run\n\nrun('tests.fifth_game')\n"
    staged = {p.relative_to(app).as_posix() for p in app.rglob("*") if p.is_file()}
    assert {"tests/fifth_game/__init__.py", "tests/fifth_game/ui.py",
            "tests/fifth_game/i18n/de/honey-harvest.json"} <= staged
    assert not any(name.startswith("tests/test_") for name in staged)  # the game, not the tests around it
    script = ("import sys; sys.path.insert(0, '.'); from companion.games import GAMES, load_plugins; "
              "load_plugins('tests.fifth_game'); import tests.fifth_game as g; "
              "import os; print(GAMES['honey-harvest'].name.render('de'), os.path.realpath(g.__file__).startswith(os.getcwd()))")
    done = subprocess.run([sys.executable, "-S", "-c", f"import site; site.main(); {script}"], cwd=app,
                          capture_output=True, text=True, timeout=120, env={"PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["Honigernte", "True"]
    with pytest.raises(build.BuildError, match="'tests.no_such_game' .* cannot be found"):
        build.plugin_files("tests.no_such_game")
