"""City of Rome's screens: the end-scoring editor (the city as a grid with a palette, `board.py`), the
tracker's panel and the part of each player's card (`panel.py`), the Build dialog (`dialogs.py`). They
draw from a `GameView` and change the game only with `dispatch` (companion/ui/view.py)."""

from companion.games.city_of_rome.ui.board import CityOfRomeBoard
from companion.games.city_of_rome.ui.dialogs import build_dialog
from companion.games.city_of_rome.ui.panel import CityCardPart, CityOfRomePanel, card_state
from companion.games.city_of_rome.ui.strip import place_dialog
from companion.ui.games import GameUI

UI = GameUI(board=CityOfRomeBoard, panel=CityOfRomePanel, card_state=card_state, card_part=CityCardPart,
            action_dialogs={"build": build_dialog, "place_builder": place_dialog})
