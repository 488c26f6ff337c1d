"""Milestones' screens: the end-scoring editor laid out like the action board (board.py: the worker row
or the counts, what the tracker knows, points and goods). They draw from a `GameView` and change the game
only by dispatching moves (the game's board moves in ../board.py, the core's `board_add`)."""

from companion.games.milestones.ui.board import MilestonesBoard
from companion.ui.games import GameUI

UI = GameUI(board=MilestonesBoard)
