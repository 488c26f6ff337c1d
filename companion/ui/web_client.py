"""Flet's web client without its one request to another site.

Flutter's client in flet-web 1.0.5 loads a Rive script at every start from a CDN
(`https://cdn.jsdelivr.net/npm/@rive-app/flutter-native-wasm@44.0.0/wasm/rive_native.js`, compiled
into main.dart.js and main.dart.wasm). Tabula shows no Rive animation, and an app that works offline
asks no other site: the URL is rewritten to a path of the app's own site, which serves a stand-in
script. The rewrite keeps the length (in main.dart.wasm the URL is a string constant of fixed size):
`./` segments, which a URL resolves away, fill it up.

The static web app's build (web/build.py) rewrites the files it ships; the server app (`tabula run`)
serves rewritten copies from a folder in the user's cache, made once per flet-web and assets version.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
import time
from pathlib import Path

RIVE_CDN = b"https://cdn.jsdelivr.net/npm/@rive-app/flutter-native-wasm@44.0.0/"
RIVE_FOLDER = "rive-native/"
RIVE_LOCAL = b"./" * ((len(RIVE_CDN) - len(RIVE_FOLDER)) // 2) + RIVE_FOLDER.encode()
# The client's files that name the CDN, and the stand-in script they ask for instead.
PATCHED = ("main.dart.js", "main.dart.wasm")
STAND_IN = RIVE_FOLDER + "wasm/rive_native.js"
STAND_IN_JS = """\
// Tabula: Flet's client asks for Rive's script at start; Tabula shows no Rive animation and asks no other
// site for it. This stand-in never finishes loading Rive, as when the CDN cannot be reached.
window.RiveNative = function () { return new Promise(function () {}); };
"""
assert len(RIVE_LOCAL) == len(RIVE_CDN)
SERVER_READS = "i18n"  # assets the server's Python reads; the browser never asks for them
UNUSED_FOR = 7 * 86400


class ClientChanged(Exception):
    """flet-web's client no longer names the CDN exactly once: an upgrade changed it."""


def without_cdn(data: bytes, name: str) -> bytes:
    if data.count(RIVE_CDN) != 1:
        raise ClientChanged(f"{name}: expected the Rive CDN URL once, found it {data.count(RIVE_CDN)} times; "
                            "a flet-web upgrade changed the client, check companion/ui/web_client.py")
    return data.replace(RIVE_CDN, RIVE_LOCAL)


def write_client_files(client: Path, folder: Path, names: tuple[str, ...] = PATCHED) -> None:
    """The rewritten client files (those of `names` a browser will load) and the stand-in script, from
    flet-web's `client` folder into `folder` (a site or an assets folder)."""
    for name in names:
        (folder / name).write_bytes(without_cdn((client / name).read_bytes(), name))
    (folder / STAND_IN).parent.mkdir(parents=True, exist_ok=True)
    (folder / STAND_IN).write_text(STAND_IN_JS, encoding="utf-8")


def serving_folder(assets: Path, client: Path, cache: Path) -> Path:
    """The server's assets folder: the files of Tabula's assets that the browser fetches, with the
    rewritten client files (Flet serves a file of the assets folder before its own). Made once per
    version of both in `cache`, shared by every server of this user (a copy: Flet serves no symlink).
    A version unused for a week goes: one in use may belong to another server still running."""
    served = sorted(p for p in assets.rglob("*") if p.is_file() and SERVER_READS not in p.relative_to(assets).parts)
    digest = hashlib.sha256(STAND_IN_JS.encode())
    for name in PATCHED:
        stat = (client / name).stat()
        digest.update(f"{name}:{stat.st_size}:{stat.st_mtime_ns}".encode())
    for path in served:
        digest.update(path.relative_to(assets).as_posix().encode() + b"\0" + path.read_bytes())
    target = cache / f"web-{digest.hexdigest()[:16]}"
    if not target.is_dir():
        cache.mkdir(parents=True, exist_ok=True)
        building = Path(tempfile.mkdtemp(prefix=".building-", dir=cache))
        try:
            for path in served:
                (building / path.relative_to(assets)).parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(path, building / path.relative_to(assets))
            write_client_files(client, building)
            building.rename(target)  # whole or not at all
        except OSError:
            if not target.is_dir():  # else another server made it meanwhile
                raise
        finally:
            shutil.rmtree(building, ignore_errors=True)
    os.utime(target)
    for old in cache.glob("web-*"):
        if old != target and time.time() - old.stat().st_mtime > UNUSED_FOR:
            shutil.rmtree(old, ignore_errors=True)
    return target
