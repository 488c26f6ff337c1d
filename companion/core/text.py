"""Translatable messages and the translation catalogue.

Rules code never builds display strings: it returns `Msg(key, **params)` and the screen or the
CLI renders it in the user's language. Catalogues live in `assets/i18n/<lang>/*.json`, one file
per namespace (`core.json`, `city-of-rome.json`, ...), merged at load time.
"""

from __future__ import annotations

import json
import string
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

LANGUAGES = ("en", "de")
I18N_DIR = Path(__file__).resolve().parents[2] / "assets" / "i18n"


@dataclass(frozen=True)
class Msg:
    key: str
    params: dict[str, Any] = field(default_factory=dict)

    def __init__(self, key: str, **params: Any):
        object.__setattr__(self, "key", key)
        object.__setattr__(self, "params", params)

    def to_json(self) -> dict:
        return {"key": self.key, "params": {k: _param_to_json(v) for k, v in self.params.items()}}

    @staticmethod
    def from_json(data: dict) -> "Msg":
        params = {k: _param_from_json(v) for k, v in data.get("params", {}).items()}
        return Msg(data["key"], **params)

    def render(self, lang: str) -> str:
        return tr(lang, self.key, **self.params)


def _param_to_json(value: Any) -> Any:
    if isinstance(value, Msg):
        return {"$msg": value.to_json()}
    if isinstance(value, (list, tuple)):
        return [_param_to_json(v) for v in value]
    return value


def _param_from_json(value: Any) -> Any:
    if isinstance(value, dict) and "$msg" in value:
        return Msg.from_json(value["$msg"])
    if isinstance(value, list):
        return [_param_from_json(v) for v in value]
    return value


@lru_cache(maxsize=None)
def catalogue(lang: str) -> dict[str, str]:
    merged: dict[str, str] = {}
    for path in sorted((I18N_DIR / lang).glob("*.json")):
        merged.update(json.loads(path.read_text(encoding="utf-8")))
    return merged


def _render_param(lang: str, value: Any) -> str:
    if isinstance(value, Msg):
        return value.render(lang)
    if isinstance(value, (list, tuple)):
        # Lists of sentences read better apart than lists of words.
        sep = "core.part_sep" if any(isinstance(v, Msg) for v in value) else "core.list_sep"
        return tr(lang, sep).join(_render_param(lang, v) for v in value)
    return str(value)


class _Params(dict):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def tr(lang: str, key: str, **params: Any) -> str:
    """Translate `key`; a missing key shows the key itself so it is noticed, never crashes."""
    template = catalogue(lang).get(key) or catalogue("en").get(key) or key
    rendered = _Params({k: _render_param(lang, v) for k, v in params.items()})
    return string.Formatter().vformat(template, (), rendered)
