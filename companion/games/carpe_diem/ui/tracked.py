"""What the tracker counted during play, to check and correct at the end: the VP cards, the disc on the
banderole bar (its height in a shared stack), storage. A disc moved onto or off a shared space changes
every disc of those stacks, in one move."""

from __future__ import annotations

import flet as ft

from companion.games.carpe_diem.district import disc, stack_size
from companion.games.carpe_diem.ui.look import NS, quiet
from companion.games.carpe_diem.scoring import STORAGE_ITEMS
from companion.ui.view import Dispatch, GameView
from companion.ui.widgets import section, stepper


@ft.component
def VpAndBanderole(view: GameView, player: int, dispatch: Dispatch, problems=()):
    me = view.board["players"][player]
    who = me["name"]
    space, level = disc(me)
    shared = stack_size(view.board, player) > 1
    return section(view.t(f"{NS}.board.vp_and_banderole"), [
        quiet(view.t(f"{NS}.board.from_tracker")),
        stepper(view.t("carpe-diem.counter.vp"), me["vp"],
                lambda d: dispatch({"type": "board_add", "player": player, "path": ["vp"], "delta": d, "minimum": None}),
                who=who, model=view, steps=(1, 5), minimum=None),
        stepper(view.t(f"{NS}.board.banderole_space"), space,
                lambda d: dispatch({"type": "disc_move", "player": player, "delta": d}), who=who, model=view),
        *([ft.Text(view.t(f"{NS}.board.level_hint"), size=13),
           stepper(view.t(f"{NS}.board.banderole_level"), level,
                   lambda d: dispatch({"type": "disc_level", "player": player, "delta": d}), who=who, model=view,
                   maximum=stack_size(view.board, player) - 1)] if shared else []),
        *problems,
    ])


@ft.component
def Storage(view: GameView, player: int, dispatch: Dispatch, problems=()):
    me = view.board["players"][player]
    return section(view.t(f"{NS}.board.storage"), [
        *[stepper(view.t(f"carpe-diem.counter.{k}"), me["storage"].get(k, 0),
                  lambda d, k=k: dispatch({"type": "board_add", "player": player, "path": ["storage", k], "delta": d}),
                  who=me["name"], model=view) for k in STORAGE_ITEMS],
        *problems])
