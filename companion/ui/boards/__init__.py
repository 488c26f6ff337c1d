"""Board-state editors, one per game that needs its own (the physical board's layout)."""

from companion.ui.boards.carpe_diem import CarpeDiemBoard
from companion.ui.boards.castles_of_tuscany import CastlesOfTuscanyBoard
from companion.ui.boards.city_of_rome import CityOfRomeBoard
from companion.ui.boards.milestones import MilestonesBoard

BOARD_EDITORS = {"carpe-diem": CarpeDiemBoard, "castles-of-tuscany": CastlesOfTuscanyBoard, "city-of-rome": CityOfRomeBoard, "milestones": MilestonesBoard}
