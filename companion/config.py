"""Run settings from flet.toml, with command-line overrides."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

PROJECT_DIR = Path(__file__).resolve().parents[1]
CONFIG_FILE = PROJECT_DIR / "flet.toml"


@dataclass
class RunSettings:
    host: str = "127.0.0.1"
    port: int = 8550
    data_dir: Path = PROJECT_DIR / "data"


def load_settings(path: Path = CONFIG_FILE) -> RunSettings:
    settings = RunSettings()
    if path.exists():
        server = tomllib.loads(path.read_text(encoding="utf-8")).get("server", {})
        settings.host = str(server.get("host", settings.host))
        settings.port = int(server.get("port", settings.port))
        if "data_dir" in server:
            data = Path(server["data_dir"]).expanduser()
            settings.data_dir = data if data.is_absolute() else path.parent / data
    return settings
