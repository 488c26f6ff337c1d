"""The registry of games: adding a game means one package here and one line below."""

from companion.core.game import GameDefinition
from companion.games.carpe_diem import GAME as CARPE_DIEM
from companion.games.castles_of_tuscany import GAME as CASTLES_OF_TUSCANY
from companion.games.city_of_rome import GAME as CITY_OF_ROME
from companion.games.milestones import GAME as MILESTONES

GAMES: dict[str, GameDefinition] = {g.id: g for g in (CITY_OF_ROME, CASTLES_OF_TUSCANY, MILESTONES, CARPE_DIEM)}
