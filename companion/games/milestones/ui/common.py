"""What the parts of Milestones' end-scoring editor share: the worker kinds' icons and tints, the size of
a cell, and the moves they dispatch, named as the game's board moves take them."""

from __future__ import annotations

import flet as ft

from companion.games.milestones.board import row_json
from companion.games.milestones.tracker import bonus_by_kind
from companion.ui.view import GameView
from companion.ui.widgets import TOUCH

NS = "milestones.board"
KIND_ICONS = {"stone": ft.Icons.HARDWARE, "wood": ft.Icons.FOREST, "sand": ft.Icons.GRAIN,
              "grain": ft.Icons.GRASS, "coin": ft.Icons.MONETIZATION_ON}
BONUS = "#b34c36"  # 3.5:1 or more on the light and the dark background, and under a white icon
KIND_TINT = {"stone": "#d5d5d0", "wood": "#dcc1a0", "sand": "#f1e2b0", "grain": "#e3d77a", "coin": "#f3c66b"}
CHOSEN_INK = "#222222"  # an icon on its kind's tint
# A kind not chosen: muted beside the chosen one, yet 3:1 and more (at 0.45 it was 2.86:1 on the light theme)
UNCHOSEN_INK = ft.Colors.with_opacity(0.62, ft.Colors.ON_SURFACE)
# One line per path space on a 390 px phone: its number and 6 buttons of 48 px (5 kinds, bonus tile).
CELL, NUMBER, GAP = TOUCH, 24, 4


def kind_name(view: GameView, kind: str) -> str:
    return view.t(f"milestones.kind.{kind}")


def tracked(view: GameView, player: int) -> dict[str, int]:
    """The bonus tiles the tracker saw the player lay, by worker kind: sent with the moves that lay them."""
    return bonus_by_kind(view.state, player)


def path_space_move(player: int, index: int, kind: str | None, drawn, tracked_tiles: dict) -> dict:
    """A worker kind on a path space (None: empty), only while the space holds what this phone drew."""
    return {"type": "path_space", "player": player, "space": index, "kind": kind, "expect": row_json([drawn])[0],
            "tracked": tracked_tiles}


def bonus_tile_move(player: int, index: int, bonus: bool, drawn) -> dict:
    return {"type": "bonus_tile", "player": player, "space": index, "bonus": bonus, "expect": row_json([drawn])[0]}


def worker_count_move(player: int, kind: str, part: str, delta: int, tracked_tiles: dict) -> dict:
    return {"type": "worker_count", "player": player, "kind": kind, "part": part, "delta": delta,
            "tracked": tracked_tiles}


def worker_entry_move(player: int, counts: bool, tracked_tiles: dict) -> dict:
    return {"type": "worker_entry", "player": player, "counts": counts, "tracked": tracked_tiles}


def add_move(player: int, path: list, delta: int) -> dict:
    """A -/+ on the score track or a good: added to the count as it is by then, never below 0."""
    return {"type": "board_add", "player": player, "path": path, "delta": delta, "minimum": 0}
