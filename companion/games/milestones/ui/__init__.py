"""Milestones' screens: the end-scoring editor laid out like the action board (board.py: the worker row
or the counts, what the tracker knows, points and goods), and on the play screen the castle dialog of a
player's sheet and the panel under the scoreboard (play.py). They draw from a `GameView` and change the
game only by dispatching moves (the game's moves, its board moves in ../board.py, the core's `board_add`)."""

from companion.games.milestones.ui.board import MilestonesBoard
from companion.games.milestones.ui.play import MilestonesPanel, castle_dialog
from companion.ui.games import GameUI

UI = GameUI(board=MilestonesBoard, panel=MilestonesPanel, action_dialogs={"castle": castle_dialog})
