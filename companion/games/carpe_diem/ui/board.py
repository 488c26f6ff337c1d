"""Carpe Diem's end-scoring editor: the district drawn as on the building board (or its counts only), the
frame goals, the fountain cards, and what the tracker counted during play (VP cards, the banderole bar,
storage) to check. Each part is its own component; every edit is a move (`board_moves`, the core's
`board_add`), applied to the latest board: nothing here copies the board or saves it.

Grid or counts is one choice for the whole table (`Preference("entry")`, kept for the next games): a new
game's boards start in it (`tracker.board_from_tracker`), and switching converts this board and every
board nobody has entered yet in one move, sent with the choice."""

from __future__ import annotations

import re

import flet as ft

from companion.games.carpe_diem.district import FORMS, feature_problem, features_of, form_of, tracked_district
from companion.games.carpe_diem.ui.counts import CountsForm
from companion.games.carpe_diem.ui.district import District
from companion.games.carpe_diem.ui.fountain import FountainCards
from companion.games.carpe_diem.ui.frame import FrameGoals
from companion.games.carpe_diem.ui.look import NS, choice, quiet
from companion.games.carpe_diem.ui.tracked import Storage, VpAndBanderole
from companion.ui.boards.problems import Placing
from companion.ui.view import PREFERENCE, Dispatch, GameView

FEATURE_PATH = re.compile(r"\.district\.features\[(\d+)\]")


def feature_index(path: str) -> int | None:
    """The feature a board path points into (`$.players[0].district.features[3].cells` -> 3), or None."""
    found = FEATURE_PATH.search(path)
    return int(found.group(1)) if found else None


def tracked_all(view: GameView) -> list[dict | None]:
    """Each player's district as the tracker counted it during play (None: it counted nothing)."""
    return [tracked_district(p["counters"]) for p in view.state["players"]]


def form_move(view: GameView, player: int, form: str, kept: dict | None) -> dict:
    """This board in `form`, and with it every board nobody has entered yet (the table's choice)."""
    return {"type": "entry_form", "player": player, "form": form, "tracked": tracked_all(view),
            "keep": sorted(view.game.board_done), "kept": kept}


@ft.component
def FormChoice(view: GameView, player: int, dispatch: Dispatch):
    """District grid or counts only: for this board, every board not entered yet and the next games. The
    grid drawn before switching to the counts comes back when switching back (kept on this phone)."""
    kept, set_kept = ft.use_state({})  # player -> district and frame drawn, while the counts are used
    me = view.board["players"][player]

    def choose(form: str) -> None:
        if form == form_of(me):
            return
        if form == "counts":
            set_kept({**kept, player: {"district": me["district"], "frame": me.get("frame") or []}})
        dispatch({"type": PREFERENCE, "id": "entry", "value": form},
                 form_move(view, player, form, kept.get(player) if form == "grid" else None))

    return ft.Column([
        ft.Row([ft.Container(choice(view.t(f"{NS}.mode.{form}"), view.t(f"{NS}.mode.{form}"), form_of(me) == form,
                                    lambda form=form: choose(form)), expand=True) for form in FORMS], spacing=6),
        quiet(view.t(f"{NS}.mode.hint")),
    ], spacing=6)


@ft.component
def CarpeDiemBoard(view: GameView, player: int, dispatch: Dispatch, problems=()):
    me = view.board["players"][player]
    placing = Placing(problems)  # this board's problems, once it is entered: each beside its part
    grid = "quick" not in me
    if grid:
        # each feature's own problem is said in the list of features under the grid, in its words
        flagged = {i for i, f in enumerate(features_of(me)) if feature_problem(f) is not None}
        placing.said_already(lambda p: feature_index(p.path) in flagged)
        parts = [District(view, player, dispatch, placing.at("district"), checked=bool(problems)),
                 FrameGoals(view, player, dispatch, placing.at("frame"))]
    else:
        parts = [CountsForm(view, player, dispatch, placing.at("quick"))]
    parts += [FountainCards(view, player, dispatch, placing.at("fountain_cards")),
              VpAndBanderole(view, player, dispatch, placing.at("vp", "banderole")),
              Storage(view, player, dispatch, placing.at("storage"))]
    # What no part took (e.g. a board with both forms) is said at the top of the board.
    return ft.Column([*placing.rest(), FormChoice(view, player, dispatch), *parts], spacing=10)
