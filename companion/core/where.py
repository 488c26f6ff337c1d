"""Where a board-state problem is, in the players' words: `$.players[1].frame` -> "Zoë, frame goals".

The readers name a field by its JSON path (the CLI shows it as it is, for a file); the app never shows
a path. This walks the path and says each step the way the board editors name it: the player's name,
then the part of the board ("worker row", "city"), then where in it ("path space 4", "row 3,
column 2"). A step without a name of its own (an unknown key, a coordinate of a cell) is left out.

The words are the game's: a part is named by `<game>.where.<part>` in its catalogue (or by the label of
a field it declares for the generic editor), the n-th item of a numbered part by
`<game>.where.item.<part>`; which parts are numbered, grids or lists of kinds, the game declares
(`EndBoard.parts`).
"""

from __future__ import annotations

import re

from companion.core.definition import GameDefinition
from companion.core.text import catalogue, tr

NS = "where"
TOKEN = re.compile(r"\.([^.\[\]]+)|\[(\d+)\]")
PLAYER = re.compile(r"^\$\.players\[(\d+)\]")


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


def _field(lang: str, definition: GameDefinition, name: str, top: bool) -> str | None:
    """A part's name: the game's `<game>.where.board.<name>` for a part of the player's board itself where
    the same word means more further in ("worker row", not "workers"), else `<game>.where.<name>`, or the
    label of a field it declares for the generic editor (`board_fields`)."""
    if top and _known(lang, f"{definition.id}.where.board.{name}"):
        return tr(lang, f"{definition.id}.where.board.{name}")
    for field in definition.end.board_fields if top else ():
        if field.id == name:
            return _mid_sentence(lang, field.label.render(lang))
    for key in (f"{definition.id}.where.{name}", f"{NS}.field.{name}"):  # the game's word, or one every board has
        if _known(lang, key):
            return tr(lang, key)
    return None


def _item(lang: str, definition: GameDefinition, part: str, number: int) -> str:
    return tr(lang, f"{definition.id}.where.item.{part}", number=number)


def _mid_sentence(lang: str, word: str) -> str:
    """A name written as a label ("Stone cutter") inside a sentence: English lower-cases it (German
    nouns keep their capital)."""
    return word[:1].lower() + word[1:] if lang == "en" and word[1:2].islower() else word


def part_words(lang: str, definition: GameDefinition, path: str) -> list[str]:
    """The steps of `path` after the player (or after `$`), in words; [] when none has a name."""
    steps = tokens(path)
    if steps is None:
        return []
    if steps[:1] == ["players"] and len(steps) >= 2 and isinstance(steps[1], int):
        steps = steps[2:]
    parts = definition.end.parts
    words: list[str] = []
    parent: str | int | None = None
    grandparent: str | int | None = None
    for step in steps:
        if parent in parts.item_says_all and words and words[-1] == _field(lang, definition, parent, grandparent is None):
            words.pop()
        if isinstance(step, int):
            if parent in parts.grids:  # a grid: the first index is the row, the second the column
                words.append(tr(lang, f"{NS}.item.row", number=step + 1))
            elif isinstance(parent, int) and grandparent in parts.grids:
                words.append(tr(lang, f"{NS}.item.column", number=step + 1))
            elif parent in parts.numbered:
                words.append(_item(lang, definition, parent, step + 1))
            # else: a coordinate inside a cell ([row, column]) or a list without numbers on the board
        else:
            prefix = parts.kinds.get(parent) if isinstance(parent, str) else None
            if prefix and _known(lang, prefix + step):
                words.append(_mid_sentence(lang, tr(lang, prefix + step)))
            else:
                word = _field(lang, definition, step, parent is None)
                if word is not None:
                    words.append(word)
        grandparent, parent = parent, step
    return words


def where(lang: str, definition: GameDefinition, path: str, names: list[str]) -> str:
    """Whose board and which part: "Zoë, frame goals"; the board as a whole when no player is named."""
    found = PLAYER.match(path)
    index = int(found.group(1)) if found else None
    who = names[index] if index is not None and 0 <= index < len(names) else None
    parts = part_words(lang, definition, path)
    if who is None:
        return tr(lang, "core.list_sep").join([tr(lang, "ui.score.board"), *parts])
    if not parts:
        return tr(lang, f"{NS}.board_of", name=who)
    return tr(lang, f"{NS}.join", a=who, b=tr(lang, "core.list_sep").join(parts))


def player_of(path: str) -> int | None:
    """The player whose board the path points into, or None."""
    found = PLAYER.match(path)
    return int(found.group(1)) if found else None


def on_board(lang: str, definition: GameDefinition, path: str, problem: str) -> str:
    """A problem said on its player's board, where the player's name goes without saying: the part of
    the board, then what is wrong ("frame goals: the frame has 8 goals..."); just the problem when the
    path names no part."""
    parts = part_words(lang, definition, path)
    if not parts:
        return problem
    return tr(lang, "ui.score.invalid", where=tr(lang, "core.list_sep").join(parts), problem=problem)


def part_of(path: str) -> str | None:
    """The part of a player's board a path points into (`$.players[1].frame[3].vp` -> "frame"), or None."""
    steps = tokens(path)
    if not steps or steps[0] != "players" or len(steps) < 3 or not isinstance(steps[2], str):
        return None
    return steps[2]
