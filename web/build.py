"""`make web`: Tabula as a static web app in dist/, in which Python runs in the browser (Pyodide).

What `flet publish --no-cdn` does, without its downloads: flet-cli fetches a Python build manifest from
the internet before anything else, while everything the page needs is already on this machine. The
Flutter client, CanvasKit and the Pyodide runtime come from the installed `flet-web` package, the
Python packages from the project's own virtual environment (the same versions the server app runs),
and index.html and manifest.json are patched by flet-web's own functions. Nothing is downloaded.

Then, what the published site lacks:
- only the files the CanvasKit renderer uses (Flutter's skwasm/wasm builds, debug symbols, Pyodide's
  command-line files and unused fonts stay out);
- no micropip step at start: every package is already in the app archive's __pypackages__;
- Flet 1.0.5's `pyodideUrl` bug repaired (a bare "pyodide/pyodide.mjs" that the worker's import()
  rejects);
- no request to another site: Flutter's client asks a CDN for a Rive script at every start; the URL
  in main.dart.js/.wasm is rewritten to a stand-in script of the site (companion/ui/web_client.py);
- our service worker (sw.js) caching every file for offline starts, and Flutter's self-unregistering
  one taken out of the loader;
- the large files also stored gzip-compressed (`NAME.gz` beside `NAME`): the service worker fetches
  those and unpacks them, so that a first visit transfers about half the bytes whether the host
  compresses or not (many do not compress .wasm); the page waits for the worker on a first visit
  (web/tabula-boot.js). Without a service worker (plain http on a LAN address) the page fetches the
  files as they are; `make web-serve` (web/serve.py) then sends the compressed copies itself;
- Python started from a memory snapshot after the first start (tabula-snapshot.js; Flet's
  python-worker.js patched to use it; Pyodide's restore patched to grow the memory to the snapshot's
  size, as the snapshot holds the Flet controls the app uses);
- the web-app manifest and icons of Tabula (assets/manifest.json, assets/icons/).

The build is skipped when dist/ was built from the same inputs (a content hash in dist/build.json).
Games from outside the app (TABULA_PLUGINS, or --plugins module[,module]) go into the app archive with
their package and are registered when the app starts, as the server app does.
Usage: python web/build.py [--out DIR] [--base-url /path/] [--force] [--plugins MODULES]
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import importlib.util
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # companion (web_client.py), with or without an editable install
WEB_SRC = ROOT / "web"
BUILD = ROOT / "build" / "web"
ASSETS = ROOT / "assets"
APP_NAME = "Tabula"
APP_DESCRIPTION = "Scoring companion for board games at the table"
BACKGROUND = "#fbf7f2"
THEME = "#8c3b2a"

# Flet's web client files that the page fetches with the CanvasKit renderer. An explicit list: a
# flet-web upgrade that renames one fails here, loudly, instead of shipping a page that never starts.
CLIENT_FILES = [
    "index.html", "flutter_bootstrap.js", "main.dart.js", "python.js", "python-worker.js",
    # CanvasKit: the full build for Safari and Firefox, the smaller Chromium build for Chrome and Edge.
    "canvaskit/canvaskit.js", "canvaskit/canvaskit.wasm",
    "canvaskit/chromium/canvaskit.js", "canvaskit/chromium/canvaskit.wasm",
    "assets/AssetManifest.bin", "assets/AssetManifest.bin.json", "assets/FontManifest.json", "assets/NOTICES",
    "assets/fonts/MaterialIcons-Regular.otf", "assets/fonts/roboto.woff2",
    "assets/shaders/ink_sparkle.frag", "assets/shaders/stretch_effect.frag",
    "pyodide/pyodide.mjs", "pyodide/pyodide.asm.mjs", "pyodide/pyodide.asm.wasm",
    "pyodide/python_stdlib.zip", "pyodide/pyodide-lock.json",
]
# With the "auto" renderer Chromium (WasmGC) takes Flutter's WebAssembly build and skwasm instead.
SKWASM_FILES = ["main.dart.wasm", "main.dart.mjs", "canvaskit/skwasm.js", "canvaskit/skwasm.wasm"]
# Fonts Flutter loads at start (every family in FontManifest.json): Tabula uses Material icons and
# Roboto only, not the KaTeX and Cupertino fonts of Flet's math and iOS-style controls.
FONT_FAMILIES = {"MaterialIcons"}
# Python distributions the app imports, with what flet needs on Emscripten (repath, six, msgpack).
DISTRIBUTIONS = ["flet", "flet-charts", "tinydb", "segno", "repath", "six", "msgpack"]
# Tabula's own files in the app archive (the app reads its texts from assets/i18n).
APP_SOURCES = ["companion", "assets/i18n"]
# Files of ours on the site: manifest and icons (shared with the server app), page additions.
SITE_FILES = {"manifest.json": ASSETS / "manifest.json", "favicon.png": ASSETS / "favicon.png",
              "tabula-boot.js": WEB_SRC / "tabula-boot.js", "tabula-table.js": WEB_SRC / "tabula-table.js",
              # QR codes drawn and read in the page, with the libraries it uses and their licences
              "tabula-qr.js": WEB_SRC / "tabula-qr.js",
              "bgstats.html": ASSETS / "bgstats.html",  # a play to log in BG Stats, opened by another phone
              **{f"vendor/{p.relative_to(WEB_SRC / 'vendor').as_posix()}": p
                 for p in sorted((WEB_SRC / "vendor").rglob("*")) if p.is_file()},
              # the emoji font the app registers (page.fonts, served from the app's assets as on the server)
              "fonts/NotoEmoji-Regular.ttf": ASSETS / "fonts" / "NotoEmoji-Regular.ttf", "fonts/OFL.txt": ASSETS / "fonts" / "OFL.txt"}
ICONS = ASSETS / "icons"
ENTRY = "from companion.web_main import run\n\nrun({plugins!r})\n"  # the games from outside, registered at start
SNAPSHOT_JS = "tabula-snapshot.js"  # written with the build's version, as sw.js
LAZY = {"sw.js", "build.json", "assets/NOTICES"}  # not fetched when the service worker installs
FLUTTER_BUILDS = ("main.dart.", "canvaskit/")  # which of them a browser loads depends on the browser
# Files stored compressed as well (NAME.gz), by kind, with the type the service worker answers with (a
# WebAssembly module compiles while it streams only as application/wasm); only where that saves a tenth
# of a file of at least COMPRESS_FROM bytes (python_stdlib.zip and app.tar.gz are compressed already).
COMPRESSED_TYPES = {".wasm": "application/wasm", ".js": "text/javascript", ".mjs": "text/javascript",
                    ".otf": "font/otf", ".ttf": "font/ttf", "NOTICES": "text/plain; charset=utf-8"}
COMPRESS_FROM = 32_000


class BuildError(Exception):
    pass


def flet_web_dir() -> Path:
    import flet_web

    return Path(flet_web.get_package_web_dir())


# ---------------------------------------------------------------------------------- inputs and hash

def app_files() -> list[tuple[str, Path]]:
    """(path in the archive, file) for Tabula's own code and texts."""
    found = []
    for top in APP_SOURCES:
        for path in sorted((ROOT / top).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix not in (".pyc", ".pyo"):
                found.append((path.relative_to(ROOT).as_posix(), path))
    return found


def vendored_files() -> list[tuple[str, Path]]:
    """(path under __pypackages__, file) of each distribution as installed in this environment, without
    compiled extensions: in the browser msgpack then uses its pure-Python implementation."""
    found = []
    for name in DISTRIBUTIONS:
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            raise BuildError(f"the Python package {name!r} is not installed here; run this with the "
                             "project's environment (.venv/bin/python, set up by make)")
        for entry in dist.files or []:
            rel = entry.as_posix()
            if rel.startswith("..") or "__pycache__" in rel or rel.endswith((".so", ".pyd", ".pyc", ".dll")):
                continue
            if rel.endswith((".dist-info/RECORD", ".dist-info/INSTALLER", ".pyi")):  # .pyi: for type checkers
                continue
            path = Path(dist.locate_file(entry))
            if path.is_file():
                found.append((f"__pypackages__/{rel}", path))
    return sorted(found)


def plugin_files(plugins: str) -> list[tuple[str, Path]]:
    """(path in the archive, file) of each module named in `plugins` (comma-separated, as TABULA_PLUGINS):
    a package whole, with the `__init__.py` of the packages around it."""
    found = []
    for name in (n.strip() for n in plugins.split(",") if n.strip()):
        spec = importlib.util.find_spec(name)
        if spec is None or spec.origin is None:
            raise BuildError(f"the game module {name!r} (TABULA_PLUGINS, --plugins) cannot be found")
        parts, origin = name.split("."), Path(spec.origin)
        package = spec.submodule_search_locations is not None
        top = (origin.parent if package else origin).parents[len(parts) - 1]
        files = sorted(f for f in origin.parent.rglob("*") if f.is_file() and "__pycache__" not in f.parts) \
            if package else [origin]
        files += [top.joinpath(*parts[:i], "__init__.py") for i in range(1, len(parts))
                  if top.joinpath(*parts[:i], "__init__.py").is_file()]
        found += [(f.relative_to(top).as_posix(), f) for f in files if f.suffix not in (".pyc", ".pyo")]
    return sorted(set(found))


def input_hash(base_url: str, renderer: str, plugins: str = "") -> str:
    """Everything dist/ is made of: a change in any of it rebuilds."""
    digest = hashlib.sha256()
    web = flet_web_dir()
    parts = [(f"client/{name}", web / name) for name in client_files(renderer)]
    parts += app_files() + vendored_files() + plugin_files(plugins)
    digest.update(f"plugins={plugins}".encode())
    parts += [(f"site/{name}", path) for name, path in SITE_FILES.items()]
    parts += [(f"icons/{p.name}", p) for p in sorted(ICONS.glob("*.png"))]
    parts += [(f"web/{name}", WEB_SRC / name) for name in ("sw.js", "build.py", "pyc.py", "pyc.mjs", SNAPSHOT_JS)]
    digest.update(f"{base_url} {renderer} node={shutil.which('node') is not None}".encode())
    for name, path in parts:
        digest.update(name.encode() + b"\0")
        stat = path.stat()
        if name.startswith("client/"):  # large and fixed per flet-web version: size and mtime suffice
            digest.update(f"{stat.st_size}:{int(stat.st_mtime)}".encode())
        else:
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


# ---------------------------------------------------------------------------------- the parts

def stage_app(folder: Path, plugins: str = "") -> None:
    """The files of the app archive: the entry module, Tabula's code and texts, its packages, the games
    from outside (`plugins`)."""
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    (folder / "main.py").write_text(ENTRY.format(plugins=plugins), encoding="utf-8")
    for name, path in app_files() + vendored_files() + plugin_files(plugins):
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, folder / name)


def compile_python(pyodide_dir: Path, work: Path) -> str | None:
    """Compile the standard library and the staged app with Pyodide's Python under Node.js (web/pyc.py);
    writes work/python_stdlib.zip. Returns why not, if it could not (the app then starts from sources,
    a few seconds slower)."""
    node = shutil.which("node")
    if node is None:
        return "Node.js is not installed (Debian: apt-get install nodejs)"
    done = subprocess.run([node, str(WEB_SRC / "pyc.mjs"), str(pyodide_dir), str(work)],
                          capture_output=True, text=True, timeout=900)
    if done.returncode != 0 or not (work / "python_stdlib.zip").is_file():
        return f"node {WEB_SRC / 'pyc.mjs'} failed: {(done.stderr or done.stdout).strip()[-800:]}"
    print(done.stdout.strip())
    return None


def app_archive(folder: Path) -> bytes:
    """app.tar.gz, unpacked by Flet's worker into the browser's in-memory file system at each start."""
    buf = io.BytesIO()
    # gzip without a name or timestamp in its header, members in a fixed order
    with gzip.GzipFile(fileobj=buf, mode="wb", mtime=0, filename="", compresslevel=9) as gz:
        with tarfile.open(fileobj=gz, mode="w", format=tarfile.GNU_FORMAT) as tar:
            for path in sorted(p for p in folder.rglob("*") if p.is_file()):
                info = tarfile.TarInfo(path.relative_to(folder).as_posix())
                info.size = path.stat().st_size
                info.mode = 0o644
                with path.open("rb") as f:
                    tar.addfile(info, f)
    return buf.getvalue()


def flet_names(plugins: str = "") -> list[str]:
    """The names of Flet's that the app's code uses (`ft.Column`): the memory snapshot is taken with
    their modules imported (companion.web_main.preload)."""
    import flet

    used = set()
    for _, path in app_files() + plugin_files(plugins):
        if path.suffix == ".py":
            used.update(re.findall(r"\bft\.([A-Za-z_]\w*)", path.read_text(encoding="utf-8")))
    return sorted(used & set(flet.__all__))


def client_files(renderer: str) -> list[str]:
    return CLIENT_FILES + (SKWASM_FILES if renderer == "auto" else [])


def patch_index(path: Path, base_url: str, renderer: str) -> None:
    from flet.controls.types import RouteUrlStrategy, WebRenderer
    from flet_web import patch_index_html

    patch_index_html(
        index_path=str(path), base_href=base_url, app_name=APP_NAME, app_description=APP_DESCRIPTION,
        pyodide=True, pyodide_script_path="main.py", pyodide_version="bundled", app_package_url="app.tar.gz",
        web_renderer=WebRenderer(renderer),
        # Hash routes (#/game/...): every reload asks for index.html, so any static host works
        # without rewrite rules for the app's paths.
        route_url_strategy=RouteUrlStrategy.HASH, no_cdn=True)
    html = path.read_text(encoding="utf-8")
    # Flet 1.0.5 writes a bare module specifier, which the worker's import() rejects.
    html = replace_once(html, 'flet.pyodideUrl="pyodide/pyodide.mjs";', 'flet.pyodideUrl="./pyodide/pyodide.mjs";')
    # Our additions run after python.js, whose jsConnect they wrap.
    html = replace_once(html, '<script src="python.js"></script>',
                        '<script src="python.js"></script>\n  <script src="tabula-table.js"></script>'
                        '\n  <script src="tabula-boot.js"></script>\n'
                        '  <script type="module" src="tabula-qr.js"></script>')  # a module: deferred
    # Flutter is loaded by tabula-boot.js, on a first visit once the service worker answers the page.
    html = replace_once(html, '\n  <script src="flutter_bootstrap.js" async></script>', "")
    path.write_text(branded(html), encoding="utf-8")


def branded(html: str) -> str:
    """Flet's index.html named Tabula, in Tabula's colours. Also the server app's page:
    assets/index.html is this of flet-web's index.html (`python web/build.py --pages` writes it;
    Flet serves an index.html of the assets folder instead of its own)."""
    for old, new in [
        (r'<meta name="description" content="[^"]*">', f'<meta name="description" content="{APP_DESCRIPTION}">'),
        (r'<meta name="apple-mobile-web-app-title" content="[^"]*">',
         f'<meta name="apple-mobile-web-app-title" content="{APP_NAME}">'),
        (r'<meta name="apple-mobile-web-app-status-bar-style" content="[^"]*">',
         f'<meta name="apple-mobile-web-app-status-bar-style" content="default">\n  '
         f'<meta name="theme-color" content="{THEME}">'),
        (r"<title>[^<]*</title>", f"<title>{APP_NAME}</title>"),
        (r"background: #ffffff;", f"background: {BACKGROUND};"),
    ]:
        html, count = re.subn(old, new, html, count=1)
        if count != 1:
            raise BuildError(f"index.html: {old!r} not found; a flet-web upgrade changed the page")
    return html


def bgstats_page() -> str:
    """The page of a play to log in BG Stats (web/bgstats.html), with its words in both languages."""
    words = {lang: json.loads((ASSETS / "i18n" / lang / "bgstats_page.json").read_text(encoding="utf-8"))
             for lang in sorted(p.name for p in (ASSETS / "i18n").iterdir() if p.is_dir())}
    return replace_once((WEB_SRC / "bgstats.html").read_text(encoding="utf-8"), '"__WORDS__"',
                        json.dumps(words, ensure_ascii=False).replace("</", "<\\/"))


def write_pages() -> list[Path]:
    """The pages of assets/ made from others: the server app's index.html, and the BG Stats page (the
    static app's site has it too)."""
    pages = {ASSETS / "index.html": branded((flet_web_dir() / "index.html").read_text(encoding="utf-8")),
             ASSETS / "bgstats.html": bgstats_page()}
    for target, text in pages.items():
        target.write_text(text, encoding="utf-8")
    return list(pages)


def patch_bootstrap(path: Path) -> None:
    """Flutter's loader registers flutter_service_worker.js whenever a worker is registered, which would
    replace ours with one that unregisters itself (and with it the offline cache)."""
    text = path.read_text(encoding="utf-8")
    pattern = re.compile(r"\n\s*serviceWorkerSettings: \{[^{}]*\},")
    if len(pattern.findall(text)) != 1:
        raise BuildError(f"{path.name}: the service worker settings of Flutter's loader were not found once; "
                         "a flet-web upgrade changed the file, check web/build.py")
    path.write_text(pattern.sub("", text), encoding="utf-8")


def patch_worker(path: Path) -> None:
    """Flet's Python worker starts Pyodide from Tabula's memory snapshot when there is one
    (web/tabula-snapshot.js); if a start from it fails, the snapshot is deleted and Python starts anew."""
    text = path.read_text(encoding="utf-8")
    text = f'import {{ loadPyodideFast, forgetSnapshot, unpackApp }} from "./{SNAPSHOT_JS}";\n' + text
    text = replace_once(text, "self.pyodide = await loadPyodide({", "self.pyodide = await loadPyodideFast(loadPyodide, {")
    # The app archive unpacked in JavaScript (unpackApp), not by Python's tarfile: 0.4 s less per start here.
    text = replace_once(text, """        self.pyodide.globals.set("app_package_url", self.appPackageUrl);""",
                        """        self.pyodide.globals.set("app_package_url", self.appPackageUrl);
        self.pyodide.globals.set("tabula_unpacked", await unpackApp(self.pyodide, self.appPackageUrl, flet_js.args));""")
    text = replace_once(text, """        if "script" not in py_args:
            print("Downloading app archive")""", """        if tabula_unpacked:
            print("App archive unpacked by tabula-snapshot.js")
        elif "script" not in py_args:
            print("Downloading app archive")""")
    # The page's messages for the table with no computer (companion/web_table.py).
    text = replace_once(text, """    } else if (typeof flet_js.send === "function") {""", """    } else if (event.data && typeof event.data.tabula === "string") {
        if (flet_js.tabula_table) flet_js.tabula_table(event.data);
    } else if (typeof flet_js.send === "function") {""")
    text = replace_once(text, """    } catch (error) {
        self.postMessage(error.toString());
    }""", """    } catch (error) {
        if (self.tabulaFromSnapshot) {  // Tabula: started from a snapshot that fails; forget it, start anew
            console.warn("tabula: the start from the snapshot failed, starting Python anew:", error);
            self.tabulaFromSnapshot = false;
            self.tabulaNoSnapshot = true;
            await forgetSnapshot().catch(() => {});
            return self.initPyodide();
        }
        self.postMessage(error.toString());
    }""")
    path.write_text(text, encoding="utf-8")


def patch_pyodide(path: Path) -> None:
    """Pyodide restores a memory snapshot into the memory it starts with, and fails on a larger one
    ("offset is out of bounds"): the memory grows to the snapshot's size first. Tabula's snapshot holds
    more than fits in Pyodide's initial memory (companion.web_main.preload)."""
    text = path.read_text(encoding="utf-8")
    path.write_text(replace_once(text, "return Module.HEAP8.set(t),l}",
                                 "return t.length>Module.HEAP8.length&&Module.growMemory(t.length),Module.HEAP8.set(t),l}"),
                    encoding="utf-8")


def patch_rive(folder: Path, renderer: str) -> None:
    """The client's Rive script from the site itself, not from a CDN (companion/ui/web_client.py)."""
    from companion.ui.web_client import PATCHED, ClientChanged, write_client_files

    try:
        write_client_files(flet_web_dir(), folder, tuple(n for n in PATCHED if n in client_files(renderer)))
    except ClientChanged as error:
        raise BuildError(str(error))


def trim_fonts(path: Path) -> None:
    fonts = [f for f in json.loads(path.read_text(encoding="utf-8")) if f["family"] in FONT_FAMILIES]
    if {f["family"] for f in fonts} != FONT_FAMILIES:
        raise BuildError(f"{path.name}: expected the font families {sorted(FONT_FAMILIES)}")
    fonts.append({"family": "Roboto", "fonts": [{"asset": "fonts/roboto.woff2"}]})  # as flet publish adds it
    path.write_text(json.dumps(fonts, indent=2), encoding="utf-8")


def trim_lock(path: Path) -> None:
    """Pyodide reads its package list at start (120 kB). Every package Tabula needs is in the app
    archive and none of the listed ones is shipped, so the list is empty."""
    lock = json.loads(path.read_text(encoding="utf-8"))
    lock["packages"] = {}
    path.write_text(json.dumps(lock, separators=(",", ":")), encoding="utf-8")


def compress(dist: Path) -> dict[str, str]:
    """NAME.gz beside each large file of a kind in COMPRESSED_TYPES that gzip makes a tenth smaller;
    {NAME: its type} of those (the service worker's list)."""
    found = {}
    for path in sorted(p for p in dist.rglob("*") if p.is_file() and p.suffix != ".gz"):
        kind = COMPRESSED_TYPES.get(path.suffix) or COMPRESSED_TYPES.get(path.name)
        if kind is None or path.stat().st_size < COMPRESS_FROM:
            continue
        data = path.read_bytes()
        packed = gzip.compress(data, compresslevel=9, mtime=0)
        if len(packed) <= 0.9 * len(data):
            path.with_name(path.name + ".gz").write_bytes(packed)
            found[path.relative_to(dist).as_posix()] = kind
    return found


def service_worker(dist: Path, version: str, compressed: dict[str, str]) -> str:
    """sw.js with this build's version, its file list and the files it fetches compressed. Flutter's
    builds (dart2js or dart2wasm, and the renderer) are cached as the page reports them: a browser uses
    one of them. The licence notices are cached when they are read."""
    files = sorted(p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file() and p.suffix != ".gz")
    core = ["./"] + [f for f in files if not f.startswith(FLUTTER_BUILDS) and f not in LAZY]
    text = (WEB_SRC / "sw.js").read_text(encoding="utf-8")
    text = replace_once(text, '"__VERSION__"', json.dumps(version))
    text = replace_once(text, "{/* __COMPRESSED__ */}", json.dumps(compressed, indent=0))
    return replace_once(text, "[/* __FILES__ */]", json.dumps(core, indent=0))


def replace_once(text: str, old: str, new: str) -> str:
    if text.count(old) != 1:
        raise BuildError(f"expected {old!r} once in a file of the web client; a flet-web upgrade changed it")
    return text.replace(old, new)


# ---------------------------------------------------------------------------------- build

def build(out: Path, base_url: str = "/", force: bool = False, renderer: str = "auto", plugins: str = "") -> dict:
    base_url = "/" + base_url.strip("/") + "/" if base_url.strip("/") else "/"
    version = input_hash(base_url, renderer, plugins)
    stamp = out / "build.json"
    if not force and stamp.exists():
        try:
            if json.loads(stamp.read_text(encoding="utf-8")).get("version") == version:
                return json.loads(stamp.read_text(encoding="utf-8"))
        except ValueError:
            pass
    started = time.monotonic()
    web = flet_web_dir()
    tmp = out.with_name(out.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    for name in client_files(renderer):
        source = web / name
        if not source.is_file():
            raise BuildError(f"{source} is missing: is flet-web installed (pinned in pyproject.toml)?")
        (tmp / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, tmp / name)
    patch_index(tmp / "index.html", base_url, renderer)
    patch_bootstrap(tmp / "flutter_bootstrap.js")
    patch_worker(tmp / "python-worker.js")
    patch_rive(tmp, renderer)
    patch_pyodide(tmp / "pyodide" / "pyodide.asm.mjs")
    trim_fonts(tmp / "assets" / "FontManifest.json")
    trim_lock(tmp / "pyodide" / "pyodide-lock.json")
    for name, source in SITE_FILES.items():
        (tmp / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, tmp / name)
    (tmp / "icons").mkdir()
    for icon in sorted(ICONS.glob("*.png")):
        shutil.copyfile(icon, tmp / "icons" / icon.name)
    work = BUILD / "work"
    stage_app(work / "app", plugins)
    (work / "python_stdlib.zip").unlink(missing_ok=True)
    problem = compile_python(tmp / "pyodide", work)
    if problem is None:
        shutil.copyfile(work / "python_stdlib.zip", tmp / "pyodide" / "python_stdlib.zip")
    else:
        print(f"warning: Python is not precompiled: {problem}", file=sys.stderr)
    (tmp / "app.tar.gz").write_bytes(app_archive(work / "app"))
    snapshot_js = replace_once((WEB_SRC / SNAPSHOT_JS).read_text(encoding="utf-8"), '"__VERSION__"', json.dumps(version))
    snapshot_js = replace_once(snapshot_js, "preload([])", f"preload({json.dumps(flet_names(plugins))})")
    (tmp / SNAPSHOT_JS).write_text(snapshot_js, encoding="utf-8")
    (tmp / "sw.js").write_text(service_worker(tmp, version, compress(tmp)), encoding="utf-8")
    size = sum(p.stat().st_size for p in tmp.rglob("*") if p.is_file())
    info = {"version": version, "base_url": base_url, "renderer": renderer, "bytes": size,
            "files": sum(1 for p in tmp.rglob("*") if p.is_file()) + 1}
    (tmp / "build.json").write_text(json.dumps(info, indent=2) + "\n", encoding="utf-8")
    shutil.rmtree(out, ignore_errors=True)
    tmp.rename(out)
    info["seconds"] = round(time.monotonic() - started, 1)
    return info


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build Tabula as a static web app.")
    parser.add_argument("--out", default=str(ROOT / "dist"), help="output folder (default: dist/)")
    parser.add_argument("--base-url", default="/", help="the path the site is served under, e.g. /tabula/")
    parser.add_argument("--force", action="store_true", help="rebuild even if dist/ is up to date")
    parser.add_argument("--pages", action="store_true",
                        help="only write the pages of assets/ made from others (index.html, bgstats.html)")
    parser.add_argument("--plugins", default=os.environ.get("TABULA_PLUGINS", ""),
                        help="games from outside the app, module[,module] (default: TABULA_PLUGINS)")
    parser.add_argument("--renderer", choices=["auto", "canvaskit"], default="auto",
                        help="auto (default): skwasm in Chromium, CanvasKit elsewhere; canvaskit: CanvasKit only")
    args = parser.parse_args(argv)
    if args.pages:
        for page in write_pages():
            print(f"wrote {page.relative_to(ROOT)}")
        return 0
    try:
        info = build(Path(args.out).resolve(), args.base_url, args.force, args.renderer, args.plugins)
    except BuildError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    took = f" in {info['seconds']} s" if "seconds" in info else " (up to date)"
    print(f"{args.out}: {info['files']} files, {info['bytes'] / 1e6:.1f} MB, version {info['version']}{took}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
