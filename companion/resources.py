"""Where Tabula finds its own files (texts, fonts, icons, run defaults) and keeps the user's.

Installed from a wheel (`pipx install`, `pip install`), the top-level `assets/` and `flet.toml` travel
inside the package as package data, `companion/assets/` and `companion/flet.toml` (setup.py maps them in
at build time), found as the package's resources. Run from a checkout (`make run`, the tests, an
editable install, the static web app's archive) the package carries neither: they are the checkout's
own files beside it.
"""

from __future__ import annotations

import os
import sys
from importlib import resources
from pathlib import Path

CHECKOUT = Path(__file__).resolve().parents[1]
APP_FOLDER = "tabula"


def packaged(name: str) -> Path | None:
    """A file or folder shipped in the package, or None. Flet serves the assets from a real folder, so
    only an installation on the file system counts (not one inside a zip file)."""
    item = resources.files("companion").joinpath(name)
    return item if isinstance(item, Path) and item.exists() else None


ASSETS_DIR = packaged("assets") or CHECKOUT / "assets"
CONFIG_FILE = packaged("flet.toml") or CHECKOUT / "flet.toml"
# Installed, the package brings its own flet.toml; a checkout's is beside the package.
IN_CHECKOUT = packaged("flet.toml") is None


def user_data_dir(env: dict | None = None, platform: str = sys.platform) -> Path:
    """The folder where this user's applications keep their data, with Tabula's folder in it:
    `$XDG_DATA_HOME/tabula` (default `~/.local/share/tabula`) on Linux and other Unix systems,
    `~/Library/Application Support/Tabula` on macOS, `%LOCALAPPDATA%\\Tabula` on Windows."""
    env = os.environ if env is None else env
    home = Path(env.get("HOME") or Path.home())
    if platform == "win32":
        base = env.get("LOCALAPPDATA") or env.get("APPDATA")
        return Path(base) / "Tabula" if base else home / "AppData" / "Local" / "Tabula"
    if platform == "darwin":
        return home / "Library" / "Application Support" / "Tabula"
    xdg = env.get("XDG_DATA_HOME", "")
    base = Path(xdg) if xdg and Path(xdg).is_absolute() else home / ".local" / "share"  # the XDG spec: absolute only
    return base / APP_FOLDER


def user_cache_dir(env: dict | None = None, platform: str = sys.platform) -> Path:
    """Where Tabula keeps files it can make again: `$XDG_CACHE_HOME/tabula` (default `~/.cache/tabula`),
    `~/Library/Caches/Tabula` on macOS, `%LOCALAPPDATA%\\Tabula\\Cache` on Windows."""
    env = os.environ if env is None else env
    home = Path(env.get("HOME") or Path.home())
    if platform == "win32":
        return user_data_dir(env, platform) / "Cache"
    if platform == "darwin":
        return home / "Library" / "Caches" / "Tabula"
    xdg = env.get("XDG_CACHE_HOME", "")
    return (Path(xdg) if xdg and Path(xdg).is_absolute() else home / ".cache") / APP_FOLDER
