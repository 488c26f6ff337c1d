"""Carpe Diem's box data: values printed only on the components (the villa table on the overview board,
the VP on the banderole bar of the game board), which no source we have gives. The rulebook's example
gives two of the villa table's values; the rest the players read off their box once (in the setup
checklist or in Settings), and Tabula keeps them. Never guessed (see game-facts' policy).
"""

from __future__ import annotations

import re

from companion.core.board import require_dict, require_int
from companion.core.definition import BoardStateError, BoxValue
from companion.core.text import Msg

VILLA_KEY, BANDEROLE_KEY = "villa_{}", "banderole_{}"
KNOWN_VILLA = {3: 3, 5: 7}  # rulebook example: 3 + 7 + 7 + 0 + 0 = 17
KEY_PATTERN = re.compile(r"^(villa|banderole)_(\d{1,2})$")
DECLARED_VILLA = range(1, 9)
DECLARED_BANDEROLE = range(0, 21)


def box_value(key: str) -> BoxValue | None:
    """The description of any box-data key (`villa_<chimneys>`, `banderole_<space>`); None for a key that
    is none of them."""
    match = KEY_PATTERN.match(key)
    if not match:
        return None
    kind, number = match.group(1), int(match.group(2))
    if kind == "villa":
        known = KNOWN_VILLA.get(number)
        return BoxValue(key, Msg("carpe-diem.box.villa", chimneys=number), known,
                        Msg("carpe-diem.box.villa_source") if known is not None else None,
                        group=Msg("carpe-diem.box.villa_table"), short=Msg("carpe-diem.box.villa_short", chimneys=number))
    return BoxValue(key, Msg("carpe-diem.box.banderole", space=number), group=Msg("carpe-diem.box.banderole_bar"),
                    short=Msg("carpe-diem.box.banderole_short", space=number))


BOX_VALUES = tuple(box_value(VILLA_KEY.format(n)) for n in DECLARED_VILLA) + tuple(
    box_value(BANDEROLE_KEY.format(s)) for s in DECLARED_BANDEROLE)


def validate_box(box: dict) -> dict[str, int]:
    """Check entered box values: known keys only, whole numbers ≥ 0, the shipped values not contradicted,
    the villa table not decreasing with more chimneys. Raises BoardStateError("box.<key>", Msg)."""
    require_dict(box, "box")
    out: dict[str, int] = {}
    for key, value in box.items():
        path = f"box.{key}"
        if not isinstance(key, str) or not KEY_PATTERN.match(key):
            raise BoardStateError(path, Msg("carpe-diem.error.box_key"))
        out[key] = require_int(value, path, 0, 999)
        known = box_value(key).known
        if known is not None and out[key] != known:
            raise BoardStateError(path, Msg("carpe-diem.error.box_known", value=out[key], known=known))
    villa = {**KNOWN_VILLA, **{int(k.split("_")[1]): v for k, v in out.items() if k.startswith("villa_")}}
    counts = sorted(villa)
    for low, high in zip(counts, counts[1:]):
        if villa[high] < villa[low]:
            key = VILLA_KEY.format(high) if VILLA_KEY.format(high) in out else VILLA_KEY.format(low)
            raise BoardStateError(f"box.{key}", Msg("carpe-diem.error.villa_decreasing", low=low,
                                                    low_vp=villa[low], high=high, high_vp=villa[high]))
    return out


def villa_points(chimneys: int, box: dict[str, int]) -> int | None:
    if chimneys in KNOWN_VILLA:
        return KNOWN_VILLA[chimneys]
    return box.get(VILLA_KEY.format(chimneys))


def unknown_box_keys(box: dict) -> list[str]:
    """The declared values (the villa table's 1-8 chimneys, the banderole bar's spaces 0-20) that neither
    the rulebook gives nor `box` holds."""
    return [bv.key for bv in BOX_VALUES if bv.known is None and bv.key not in box]


def missing_value(key: str) -> Msg:
    """A box value not entered yet, in words: what it is and where it is printed."""
    kind, number = key.split("_")
    if kind == "villa":
        return Msg("carpe-diem.note.villa_missing", chimneys=int(number))
    return Msg("carpe-diem.note.banderole_missing", space=int(number))
