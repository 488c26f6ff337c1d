"""What a game's own screen parts get: a read-only view of the game and `dispatch(*moves)`.

A game's end-scoring editor, tracker panel, table section and action dialogs (its `ui` module) draw
from a `GameView` and change the game only by dispatching moves (companion/core/moves.py): they never
find their game through the URL, never save, never write a file. The screen that holds them makes the
view and the dispatch (`use_view`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Protocol

import flet as ft

from companion.core.definition import GameDefinition
from companion.core.game import Game
from companion.core.text import Msg, tr
from companion.ui.model import BOX_DATA, KEPT_MOVES, PREFERENCE, AppModel  # noqa: F401 (the games' parts take them from here)


class Dispatch(Protocol):
    def __call__(self, *moves: dict, then: Callable[[Game], None] | None = None) -> None: ...




@dataclass(frozen=True)
class GameView:
    """The game as saved when the screen drew (a screen never changes it), in this tab's language, with
    which player this phone is, the table's preferences for this game and its stored box data."""

    game: Game
    lang: str
    me: int | None = None
    preferences: dict = field(default_factory=dict)
    box: dict = field(default_factory=dict)

    def t(self, key: str, **params) -> str:
        return tr(self.lang, key, **params)

    def m(self, msg: Msg) -> str:
        return msg.render(self.lang)

    @property
    def definition(self) -> GameDefinition:
        return self.game.definition

    @property
    def config(self) -> dict:
        return self.game.config

    @property
    def state(self) -> dict:
        return self.game.state

    @property
    def names(self) -> list[str]:
        return [p["name"] for p in self.game.config["players"]]

    @property
    def colours(self) -> list[str]:
        return [p["colour"] for p in self.game.config["players"]]

    @property
    def board(self) -> dict:
        """The end board being entered; before anyone touched it, as the tracker prefills it."""
        return self.game.board or self.definition.end.board_from_tracker(self.game.state, self.game.config)

    def preference(self, pref_id: str) -> str:
        declared = next(p for p in self.definition.box.preferences if p.id == pref_id)
        return self.preferences.get(pref_id, declared.default)


def use_view(model: AppModel, sid: str, game: Game | None) -> tuple[GameView | None, Dispatch]:
    """The view of game `sid` as `game` has it, for this tab (None while there is no such game), and
    its dispatch (a stable function: memoized parts keep it). A hook: call it before any early return."""

    def dispatch(*moves: dict, then=None) -> None:
        """All or nothing: the moves kept beyond the game (a preference, box values) are written by the
        hub together with the game's, once those are known to be right."""
        model.dispatch(sid, *(m for m in moves if m.get("type") not in KEPT_MOVES), then=then,
                       kept=tuple(m for m in moves if m.get("type") in KEPT_MOVES))
    stable = ft.use_callback(dispatch, [sid])
    if game is None:
        return None, stable
    view = GameView(game, model.lang, model.me.get(sid), model.repo.preferences(game.definition),
                    model.repo.box_data(game.definition.id))
    return view, stable
