"""Box data: values printed on components that the players enter once (Carpe Diem's villa table, the
colour bonuses of The Castles of Tuscany). One check for every way in: Settings » Box data, the box
data of an imported backup and `score --box FILE`."""

from __future__ import annotations

from typing import Any

from companion.core.board import require_dict, require_int
from companion.core.definition import BoardStateError, GameDefinition
from companion.core.text import Msg

# Far above any printed value (the highest known are two-digit) and far below anything that could hurt.
MAX_BOX_VALUE = 999


def is_box_key(definition: GameDefinition, key: Any) -> bool:
    """A key the game asks the players for: declared in `box_values`, or one its `box_value` describes."""
    if not isinstance(key, str):
        return False
    if any(bv.key == key for bv in definition.box.values):
        return True
    return definition.box.value is not None and definition.box.value(key) is not None


def check_box_values(definition: GameDefinition, values: Any, path: str = "box") -> dict[str, int]:
    """`values` as Settings » Box data would save them: an object of the game's own box keys, each a
    whole number from 0 to MAX_BOX_VALUE, then the game's own check (`validate_box`, e.g. Carpe
    Diem's villa table may not decrease). Raises BoardStateError naming `<path>.<key>`."""
    require_dict(values, path)
    check = definition.box.validate
    if check:  # first: a game with many keys (Carpe Diem) says what its keys look like
        try:
            check(values)
        except BoardStateError as error:  # the game names its fields `box.<key>`
            field = error.field
            raise BoardStateError(path + field[3:] if field.startswith("box") else path, error.msg) from None
    for key, value in values.items():
        at = f"{path}.{key}"
        if not is_box_key(definition, key):
            known = [bv.key for bv in definition.box.values]
            raise BoardStateError(at, Msg("core.box.unknown_key", known=known) if known else Msg("core.box.none"))
        require_int(value, at, 0, MAX_BOX_VALUE)
    return dict(values)
