"""What each game's screens need beyond the game definition: one `GameUI` entry per game.

A game without an entry gets the defaults: the generic end-scoring editor built from its declared
`board_fields` and no tracker panel. Every screen looks a game up here (`game_ui`), never in a table of
its own, so a game registered from outside the app (`register`) works on every screen."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from companion import games
from companion.core.game import GameDefinition
from companion.ui.boards.carpe_diem import CarpeDiemBoard
from companion.ui.boards.castles_of_tuscany import CastlesOfTuscanyBoard, CastlesOfTuscanyEmptyFields
from companion.ui.boards.city_of_rome import CityOfRomeBoard
from companion.ui.boards.generic import GenericBoard
from companion.ui.boards.milestones import MilestonesBoard
from companion.ui.panels.carpe_diem import CarpeDiemPanel
from companion.ui.panels.castles_of_tuscany import CastlesOfTuscanyPanel
from companion.ui.panels.city_of_rome import CityCardPart, CityOfRomePanel, build_dialog, card_state


@dataclass(frozen=True)
class GameUI:
    # The end-scoring editor, a component `(model, board, player, on_change)` laid out like the physical
    # board; None: the generic editor of the game's `board_fields`.
    board: Callable | None = None
    # A part of the live tracker shown under the round status (Carpe Diem's scoring periods), a
    # component `(model, session)`; None: the tracker shows the status, actions and player cards only.
    panel: Callable | None = None
    # The panel offers the per-player actions itself (grouped, one-handed): the player cards then show
    # only the counters.
    panel_offers_player_actions: bool = False
    # The panel shows the game's own actions (End round) at its top: the screen then does not.
    panel_offers_game_actions: bool = False
    # A part of the end-scoring screen for every player at once, above the player tabs (Castles: each
    # player's empty fields, the one thing the tracker cannot know), a component
    # `(model, board, on_change, problems, colours)` with `on_change(player, new_board)`; None: none.
    table_section: Callable | None = None
    # The parts of a player's board entered in that section: their problems are said there, not on the board.
    table_section_parts: tuple[str, ...] = ()
    # What a player has that their tracker card shows (City of Rome: the influence cards won, the city):
    # `card_state(state, seat)` picks it out as plain values (the memoized card compares them), and the
    # component `card_part(texts, name, values)` draws them; None: the card shows counters and actions.
    card_state: Callable | None = None
    card_part: Callable | None = None
    # Actions that need more than a value or a confirmation (City of Rome's Build: a space, then a card):
    # action id -> `(model, session, action, player, close, submit)` giving the dialog; `submit(event)`
    # records the entry. Other actions get the generic dialog.
    action_dialogs: dict[str, Callable] = field(default_factory=dict)

    @property
    def board_editor(self) -> Callable:
        return self.board or GenericBoard


GAME_UIS: dict[str, GameUI] = {
    "carpe-diem": GameUI(board=CarpeDiemBoard, panel=CarpeDiemPanel, panel_offers_player_actions=True,
                         panel_offers_game_actions=True),
    "castles-of-tuscany": GameUI(board=CastlesOfTuscanyBoard, panel=CastlesOfTuscanyPanel,
                                 table_section=CastlesOfTuscanyEmptyFields, table_section_parts=("empty_fields",)),
    "city-of-rome": GameUI(board=CityOfRomeBoard, panel=CityOfRomePanel, card_state=card_state,
                           card_part=CityCardPart, action_dialogs={"build": build_dialog}),
    "milestones": GameUI(board=MilestonesBoard),
}
DEFAULT = GameUI()


def game_ui(game_id: str) -> GameUI:
    """The game's entry (the defaults when it has none); UnknownGame for an id no game is registered as."""
    games.game(game_id)
    return GAME_UIS.get(game_id, DEFAULT)


def register(definition: GameDefinition, ui: GameUI | None = None, catalogues=None) -> None:
    """Add a game to the app: its definition (see companion.games.register) and what its screens need."""
    board = ui.board if ui is not None else None
    if board is None and not definition.board_fields:
        raise ValueError(f"{definition.id!r} has neither an end-scoring editor nor board_fields for the generic one")
    games.register(definition, catalogues)
    if ui is not None:
        GAME_UIS[definition.id] = ui


def unregister(game_id: str) -> None:
    games.unregister(game_id)
    GAME_UIS.pop(game_id, None)
