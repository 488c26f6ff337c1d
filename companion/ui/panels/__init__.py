"""Game-specific parts of the live tracker, shown under the round status (for example Carpe Diem's
scoring periods). Each is a component `(model, session) -> Control`; games without one need nothing."""

from companion.ui.panels.carpe_diem import CarpeDiemPanel
from companion.ui.panels.castles_of_tuscany import CastlesOfTuscanyPanel
from companion.ui.panels.city_of_rome import CityOfRomePanel

TRACKER_PANELS: dict = {"carpe-diem": CarpeDiemPanel, "castles-of-tuscany": CastlesOfTuscanyPanel,
                      "city-of-rome": CityOfRomePanel}
# Panels that offer the per-player actions themselves (grouped, one-handed): the player cards then
# show only the counters.
PANELS_WITH_PLAYER_ACTIONS = {"carpe-diem"}
# Panels that show the game's own actions (End round) themselves, at their top: the screen then does not.
PANELS_WITH_GAME_ACTIONS = {"carpe-diem"}
