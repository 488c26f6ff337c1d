"""Run settings from flet.toml, with command-line overrides."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from companion.resources import CONFIG_FILE, IN_CHECKOUT, user_data_dir


@dataclass
class RunSettings:
    host: str
    port: int
    data_dir: Path


def load_settings(path: Path = CONFIG_FILE, in_checkout: bool = IN_CHECKOUT) -> RunSettings:
    """Host, port and data folder from flet.toml. A checkout keeps its games in the folder flet.toml
    names, relative to the file (`./data`, as `make run` uses it); an installed Tabula in the user's
    data folder, so that it works from any folder and an upgrade keeps them (an absolute `data_dir`
    counts there too)."""
    settings = RunSettings("127.0.0.1", 8550, path.parent / "data" if in_checkout else user_data_dir())
    if path.exists():
        server = tomllib.loads(path.read_text(encoding="utf-8")).get("server", {})
        settings.host = str(server.get("host", settings.host))
        settings.port = int(server.get("port", settings.port))
        data = Path(server.get("data_dir", "data")).expanduser()
        if in_checkout or data.is_absolute():
            settings.data_dir = path.parent / data  # an absolute path stays as it is
    return settings
