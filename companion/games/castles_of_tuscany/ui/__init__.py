"""The Castles of Tuscany's screens: the end-scoring board of each player (`board.py`), every player's
empty fields in one list above the boards (`empty_fields.py`, the score screen's table-wide section) and
the tracker panel (`panel.py`: stacks, the round's end, scorings, colour-bonus tiles). They draw from the
view and change the game only with `dispatch` (companion/ui/view.py). Imported by the app only."""

from companion.games.castles_of_tuscany.ui.board import CastlesBoard
from companion.games.castles_of_tuscany.ui.empty_fields import EMPTY_FIELDS, EmptyFields
from companion.games.castles_of_tuscany.ui.panel import CastlesPanel
from companion.ui.games import GameUI

UI = GameUI(board=CastlesBoard, panel=CastlesPanel, table_section=EmptyFields, table_section_parts=(EMPTY_FIELDS,))
