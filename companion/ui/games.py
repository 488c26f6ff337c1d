"""What a game's screens need beyond the game definition: its `GameUI`, which its definition's `ui()`
returns (importing the game's `ui` module: the app does, the command line never).

A game without one gets the defaults: the generic end-scoring editor built from its declared
`board_fields` and no tracker panel. Every screen looks a game up here (`game_ui`), never in a table of
its own, so a game registered from outside the app works on every screen.

A game's parts draw from a `GameView` and change the game with `dispatch(*moves)` (companion/ui/view.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from companion import games
from companion.ui.boards.generic import GenericBoard


@dataclass(frozen=True)
class GameUI:
    # The end-scoring editor, a component `(view, player, dispatch, problems)` laid out like the physical
    # board; None: the generic editor of the game's `board_fields`.
    board: Callable | None = None
    # A part of the live tracker shown under the round status (Carpe Diem's scoring periods), a
    # component `(view, dispatch)`; None: the tracker shows the status, actions and player cards only.
    panel: Callable | None = None
    # The panel offers the per-player actions itself (grouped, one-handed): the player cards then show
    # only the counters.
    panel_offers_player_actions: bool = False
    # The panel shows the game's own actions (End round) at its top: the screen then does not.
    panel_offers_game_actions: bool = False
    # A part of the end-scoring screen for every player at once, above the player tabs (Castles: each
    # player's empty fields, the one thing the tracker cannot know), a component
    # `(view, dispatch, problems)`; None: none.
    table_section: Callable | None = None
    # The parts of a player's board entered in that section: their problems are said there, not on the board.
    table_section_parts: tuple[str, ...] = ()
    # What a player has that their tracker card shows (City of Rome: the influence cards won, the city):
    # `card_state(state, seat)` picks it out as plain values, and the component `card_part(texts, name,
    # values)` draws them (memoized, `ft.memo`: compared on those values, it is drawn again only when they
    # change); None: the card shows counters and actions.
    card_state: Callable | None = None
    card_part: Callable | None = None
    # The game's own part of a player's sheet in place of a button per per-player action (Carpe Diem: a
    # landscape's tiles one tap each, not a question after the tap), a component `(view, seat, dispatch,
    # trigger)`; `trigger(action, seat)` asks an action's question or confirmation as the sheet does.
    sheet_actions: Callable | None = None
    # Actions that need more than a value or a confirmation (City of Rome's Build: a space, then a card):
    # action id -> `(view, action, player, close, dispatch)` giving the dialog. Other actions get the
    # generic dialog.
    action_dialogs: dict[str, Callable] = field(default_factory=dict)

    @property
    def board_editor(self) -> Callable:
        return self.board or GenericBoard


DEFAULT = GameUI()


def game_ui(game_id: str) -> GameUI:
    """The game's parts (the defaults when it has none); UnknownGame for an id no game is registered as."""
    definition = games.definition(game_id)
    if definition.show.ui is not None:
        return definition.show.ui()
    return DEFAULT
