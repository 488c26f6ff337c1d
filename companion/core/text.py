"""Translatable messages and the translation catalogue.

Rules code never builds display strings: it returns `Msg(key, **params)` and the screen or the
CLI renders it in the user's language. Catalogues live in `assets/i18n/<lang>/*.json`, one file
per namespace (`core.json`, `city-of-rome.json`, ...), merged at load time (installed, the package
carries them: companion.resources).
"""

from __future__ import annotations

import json
import string
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from companion.resources import ASSETS_DIR

LANGUAGES = ("en", "de")
I18N_DIR = ASSETS_DIR / "i18n"


@dataclass(frozen=True)
class Msg:
    key: str
    params: dict[str, Any] = field(default_factory=dict)

    def __init__(self, key: str, /, **params: Any):  # a parameter may be called "key" too
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


class Catalogues:
    """What loads the texts: the app's own folder, then the folders laid out like it (`<lang>/<namespace>.json`)
    that games registered from outside the app brought (companion.games.register adds and removes them).
    `catalogues(lang)` is every key of a language, merged once and kept until the folders change."""

    def __init__(self, folder: Path):
        self.folders: tuple[Path, ...] = (Path(folder),)
        self._merged: dict[str, dict[str, str]] = {}

    def add(self, folder: Path) -> None:
        if Path(folder) not in self.folders:
            self.folders = (*self.folders, Path(folder))
            self._merged = {}

    def remove(self, folder: Path) -> None:
        if Path(folder) in self.folders[1:]:  # the app's own texts stay
            self.folders = tuple(f for f in self.folders if f != Path(folder))
            self._merged = {}

    def __call__(self, lang: str) -> dict[str, str]:
        merged = self._merged.get(lang)
        if merged is None:
            merged = {}
            for folder in self.folders:
                for path in sorted((folder / lang).glob("*.json")):
                    merged.update(json.loads(path.read_text(encoding="utf-8")))
            self._merged[lang] = merged
        return merged


# The texts every message is rendered from: one loader, whose folders only the games' registry changes.
catalogue = Catalogues(I18N_DIR)


def _render_param(lang: str, value: Any) -> str:
    if isinstance(value, Msg):
        return value.render(lang)
    if isinstance(value, (list, tuple)):
        # Lists of sentences read better apart than lists of words.
        sep = "core.part_sep" if any(isinstance(v, Msg) for v in value) else "core.list_sep"
        return tr(lang, sep).join(_render_param(lang, v) for v in value)
    return str(value)


def plural_form(value: Any, forms: tuple[str, ...]) -> str:
    """The form of `{name|one|other}` (or `{name|zero|one|other}`) for a parameter's value: English and
    German both use the singular for exactly 1 and the plural otherwise, 0 included. A list counts its
    items ("card 3" / "cards 3, 6"); a value that is no number takes the plural."""
    if isinstance(value, (list, tuple)):
        count = len(value)
    elif isinstance(value, bool):
        count = None
    elif isinstance(value, int):
        count = value
    elif isinstance(value, str) and value.strip().lstrip("-").isdigit() and value.strip().isascii():
        count = int(value)
    else:
        count = None
    if len(forms) == 3 and count == 0:
        return forms[0]
    return forms[-2] if count is not None and abs(count) == 1 else forms[-1]


# `{count|house|houses}`: the form for the parameter `count` (the number itself is `{count}`). A form may
# not hold ":", "!" or braces (str.format would read them as a format spec).
PLURAL = "|"


@lru_cache(maxsize=4096)
def _parsed(template: str) -> tuple[tuple[str, str | None, tuple[str, ...]], ...]:
    """A catalogue template as (literal text, parameter name or None, plural forms) pieces. Only plain
    `{name}` and the plural select `{name|one|other}` / `{name|zero|one|other}` are parameters: no format
    specs, conversions, attributes or indexes (none is used, and a template is never anything but the
    catalogue's own text)."""
    try:
        pieces = list(string.Formatter().parse(template))
    except ValueError:  # unbalanced braces: show the text as it is
        return ((template, None, ()),)
    out = []
    for literal, field, spec, conversion in pieces:
        name, forms = field, ()
        if field is not None and PLURAL in field:
            name, *rest = field.split(PLURAL)
            forms = tuple(rest)
        if field is not None and (spec or conversion or not name.isidentifier() or len(forms) not in (0, 2, 3)):
            literal, name, forms = literal + "{" + field + (f"!{conversion}" if conversion else "") + \
                (f":{spec}" if spec else "") + "}", None, ()
        out.append((literal, name, forms))
    return tuple(out)


def tr(lang: str, key: str, /, **params: Any) -> str:  # a parameter may be called "key" or "lang"
    """Translate `key`. A key that is in no catalogue (a message from a newer version, a hand-edited file)
    renders literally, the key and its parameters as plain text, so it is noticed and never crashes:
    it is never used as a template."""
    template = catalogue(lang).get(key) or catalogue("en").get(key)
    if template is None:
        shown = ", ".join(f"{k}={_render_param(lang, v)}" for k, v in params.items())
        return f"{key} ({shown})" if shown else key
    out = []
    for literal, name, forms in _parsed(template):
        out.append(literal)
        if name is not None and forms:
            out.append(plural_form(params[name], forms) if name in params else forms[-1])
        elif name is not None:
            out.append(_render_param(lang, params[name]) if name in params else "{" + name + "}")
    return "".join(out)


def said_list(items: list) -> Any:
    """A list as a sentence says it: "Jürgen and Ben", "Anna, Ben and Zoë" (a bare list reads "Jürgen, Ben")."""
    return Msg("core.and_list", first=list(items[:-1]), last=items[-1]) if len(items) > 1 else list(items)


def date_time(lang: str, ts: float) -> str:
    """A local date and time as the language writes it: "2025-10-10 09:43" (English, read the same
    everywhere), "10.10.2025 09:43" (German)."""
    import time
    return time.strftime(tr(lang, "core.date_time"), time.localtime(ts))
