"""Carpe Diem's screens (imported by the app only, never by the command line): the end-scoring editor
laid out like the building board (`board`), the play screen's panel with the scoring cards and periods
(`panel`), a player's rewards in their sheet (`sheet`) and the scoring of the player on turn (`period`).
They draw from a `GameView` and change the game only by dispatching moves."""

from companion.games.carpe_diem.ui.board import CarpeDiemBoard
from companion.games.carpe_diem.ui.panel import CarpeDiemPanel
from companion.games.carpe_diem.ui.period import scoring_dialog
from companion.games.carpe_diem.ui.sheet import PlayerRewards
from companion.ui.games import GameUI

# The rewards in each player's sheet (a landscape's tiles one tap each); End round, Next and the scoring
# period's disc are the thumb slot's, the disc's choices in a sheet of their own.
UI = GameUI(board=CarpeDiemBoard, panel=CarpeDiemPanel, sheet_actions=PlayerRewards,
            action_dialogs={"score_circle": scoring_dialog})
