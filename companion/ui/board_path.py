"""Where a board-state problem is, in the players' words: `$.players[1].frame` -> "Zoë, frame goals".

The readers name a field by its JSON path (the CLI shows it as it is, for a file); the app never shows
a path. This walks the path and says each step the way the board editors name it: the player's name,
then the part of the board ("worker row", "city"), then where in it ("path space 4", "row 3,
column 2"). A step without a name of its own (an unknown key, a coordinate of a cell) is left out.
"""

from __future__ import annotations

import re

from companion.core.text import catalogue, tr
from companion.games import GAMES

NS = "where"
TOKEN = re.compile(r"\.([^.\[\]]+)|\[(\d+)\]")
PLAYER = re.compile(r"^\$\.players\[(\d+)\]")

# Parts whose items are numbered on the board (the n-th path space, goal, card...), and the word
# for the n-th item: `where.item.<part>` with {number} counted from 1.
NUMBERED = {"workers", "frame", "fountain_cards", "influence_cards", "features", "cells", "villas", "frame_met",
            "city"}
# Lists whose item says all the list's name would ("feature 3", not "features, feature 3").
ITEM_SAYS_ALL = {"features", "cells", "villas", "completed"}
# Parts whose keys are kinds named elsewhere in the catalogue: (part, game) -> key prefix
KIND_NAMES = {
    ("goods", "milestones"): "milestones.counter.",
    ("worker_counts", "milestones"): "milestones.kind.",
    ("storage", "carpe-diem"): "carpe-diem.counter.",
    ("completed", "carpe-diem"): "carpe-diem.counter.",
}


def tokens(path: str) -> list[str | int] | None:
    """`$.a[2].b` as ["a", 2, "b"]; None when it is not such a path."""
    if not path.startswith("$"):
        return None
    out: list[str | int] = []
    rest = path[1:]
    while rest:
        found = TOKEN.match(rest)
        if not found:
            return None
        out.append(found.group(1) if found.group(1) is not None else int(found.group(2)))
        rest = rest[found.end():]
    return out


def _known(lang: str, key: str) -> bool:
    return key in catalogue(lang) or key in catalogue("en")


def _field(lang: str, game: str, name: str, top: bool) -> str | None:
    """A part's name; a game may name a part of the player's board its own way ("worker row"), or by the
    label of a field it declares for the generic editor (`board_fields`)."""
    if top and _known(lang, f"{NS}.{game}.{name}"):
        return tr(lang, f"{NS}.{game}.{name}")
    declared = GAMES.get(game)
    for field in declared.board_fields if top and declared is not None else ():
        if field.id == name:
            return _mid_sentence(lang, field.label.render(lang))
    if _known(lang, f"{NS}.field.{name}"):
        return tr(lang, f"{NS}.field.{name}")
    return None


def _mid_sentence(lang: str, word: str) -> str:
    """A name written as a label ("Stone cutter") inside a sentence: English lower-cases it (German
    nouns keep their capital)."""
    return word[:1].lower() + word[1:] if lang == "en" and word[1:2].islower() else word


def part_words(lang: str, game: str, path: str) -> list[str]:
    """The steps of `path` after the player (or after `$`), in words; [] when none has a name."""
    steps = tokens(path)
    if steps is None:
        return []
    if steps[:1] == ["players"] and len(steps) >= 2 and isinstance(steps[1], int):
        steps = steps[2:]
    words: list[str] = []
    parent: str | int | None = None
    grandparent: str | int | None = None
    for step in steps:
        if parent in ITEM_SAYS_ALL and words and words[-1] == _field(lang, game, parent, grandparent is None):
            words.pop()
        if isinstance(step, int):
            if parent == "city" or (isinstance(parent, int) and grandparent == "city"):
                # the city is a grid: the first index is the row, the second the column
                key = f"{NS}.item.city" if parent == "city" else f"{NS}.item.city_column"
                words.append(tr(lang, key, number=step + 1))
            elif parent in NUMBERED:
                words.append(tr(lang, f"{NS}.item.{parent}", number=step + 1))
            # else: a coordinate inside a cell ([row, column]) or a list without numbers on the board
        else:
            prefix = KIND_NAMES.get((parent, game)) if isinstance(parent, str) else None
            if prefix and _known(lang, prefix + step):
                words.append(_mid_sentence(lang, tr(lang, prefix + step)))
            else:
                word = _field(lang, game, step, parent is None)
                if word is not None:
                    words.append(word)
        grandparent, parent = parent, step
    return words


def where(lang: str, game: str, path: str, names: list[str]) -> str:
    """Whose board and which part: "Zoë, frame goals"; the board as a whole when no player is named."""
    found = PLAYER.match(path)
    index = int(found.group(1)) if found else None
    who = names[index] if index is not None and 0 <= index < len(names) else None
    parts = part_words(lang, game, path)
    if who is None:
        return tr(lang, "core.list_sep").join([tr(lang, "ui.score.board"), *parts])
    if not parts:
        return tr(lang, f"{NS}.board_of", name=who)
    return tr(lang, f"{NS}.join", a=who, b=tr(lang, "core.list_sep").join(parts))


def player_of(path: str) -> int | None:
    """The player whose board the path points into, or None."""
    found = PLAYER.match(path)
    return int(found.group(1)) if found else None


def on_board(lang: str, game: str, path: str, problem: str) -> str:
    """A problem said on its player's board, where the player's name goes without saying: the part of
    the board, then what is wrong ("frame goals: the frame has 8 goals..."); just the problem when the
    path names no part."""
    parts = part_words(lang, game, path)
    if not parts:
        return problem
    return tr(lang, "ui.score.invalid", where=tr(lang, "core.list_sep").join(parts), problem=problem)


def part_of(path: str) -> str | None:
    """The part of a player's board a path points into (`$.players[1].frame[3].vp` -> "frame"), or None."""
    steps = tokens(path)
    if not steps or steps[0] != "players" or len(steps) < 3 or not isinstance(steps[2], str):
        return None
    return steps[2]
