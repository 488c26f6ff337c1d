"""Board-state editors, one per game that needs its own (the physical board's layout)."""

from companion.ui.boards.city_of_rome import CityOfRomeBoard

BOARD_EDITORS = {"city-of-rome": CityOfRomeBoard}
