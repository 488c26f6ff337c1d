"""Carpe Diem's screens (imported by the app only, never by the command line): the end-scoring editor
laid out like the building board (`board`) and the tracker panel with the scoring cards and periods
(`panel`). They draw from a `GameView` and change the game only by dispatching moves."""

from companion.games.carpe_diem.ui.board import CarpeDiemBoard
from companion.games.carpe_diem.ui.panel import CarpeDiemPanel
from companion.ui.games import GameUI

# The panel offers the rewards per player (grouped, one-handed) and End round at its top.
UI = GameUI(board=CarpeDiemBoard, panel=CarpeDiemPanel, panel_offers_player_actions=True,
            panel_offers_game_actions=True)
