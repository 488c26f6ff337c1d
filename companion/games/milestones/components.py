"""Milestones' components and numbers (rulebook: SPIELMATERIAL, SPIELVORBEREITUNG, SPIELENDE).

Only what the rulebook states. The numbers printed on the board's number fields are not in the
rulebook's text; its examples show fields worth 1 to 4 (see `FIELD_CHOICES`).
"""

from __future__ import annotations

from companion.core.text import Msg

# The five goods; coins count as goods (castle, tie-break). Counter ids and board-state keys.
GOODS = ("stone", "wood", "sand", "grain", "coins")
# The five worker kinds, in the order of the final scoring (Steinhauer, Holzfäller, Sandarbeiter,
# Getreidebauer, Münzpräger); each produces the good of the same position in GOODS.
WORKER_KINDS = ("stone", "wood", "sand", "grain", "coin")
PRODUCES = dict(zip(WORKER_KINDS, GOODS))

PATH_SPACES = 8  # the 8 path spaces (Wegefelder) of an action board that take workers

# SPIELMATERIAL
GOODS_CUBES_PER_KIND = 12  # 48 goods cubes, 12 each of stone, wood, sand and grain
COINS = 24
HOUSES = 12
ROAD_PIECES = 48
MILESTONES = 24
MARKETS = 12
FLOUR_SACKS = 12
BONUS_TILES = 15
WORKER_TILES = 35  # each shows 2 workers
WORKERS_PER_TILE = 2  # "Jedes Plättchen zeigt 2 Arbeiter"
START_TILES_PER_PLAYER = 2  # "Diese bilden die Startplättchen, von denen jeder 2 erhält"
COVER_TILES = 20  # Abdeckplättchen
ACTION_BOARDS = 4

ROAD_PIECES_PER_SECTION = 2  # a road section is 2 road pieces and 1 milestone
START_MARKETS = 1  # "Nehmt einen der Marktplätze und legt ihn auf den weißen Marktstand oberhalb des Kornfelds"

# What the box holds limits what can be built (Allgemeine Hinweise und Sonderfälle: "Alle anderen
# Spielmaterialien sind begrenzt: Es können nur so viele Straßenabschnitte, Häuser und Marktplätze
# gebaut werden, wie vorhanden sind."):
# - road sections: 48 road pieces (2 each) and 24 milestones (1 each): 24;
# - houses: 12;
# - markets: 12, one of them laid on the white market stand at setup: 11 can be built;
# - flour deliveries: 12 flour sacks, one per market ("Märkte, auf denen schon ein Mehlsackplättchen
#   liegt, dürfen bis zum Ende des Spiels nicht mehr beliefert werden"; "Sollten einmal alle 12
#   Marktplätze gebaut und mit Mehlsäcken beliefert worden sein, kann bis zum Spielende keine
#   Lieferung mehr durchgeführt werden"): at most as many as markets stand on the board.
BUILD_LIMITS = {
    "road": min(ROAD_PIECES // ROAD_PIECES_PER_SECTION, MILESTONES),
    "house": HOUSES,
    "market": MARKETS - START_MARKETS,
    "flour": FLOUR_SACKS,
}
DISPLAY_TILES = 5  # the general display of worker tiles
START_COINS = 1
WORKER_TILE_COST = 2  # coins
CASTLE_GOODS_LIMIT = 3  # goods including coins kept at the castle
CASTLE_KEEPS_WORKERS = 2  # with only 2 workers left the castle covers none

# Costs of the building measures and the flour delivery (Bauamt, Mühle).
ROAD_COST = {"stone": 1, "sand": 1}
HOUSE_COST = {"stone": 1, "wood": 1}
MARKET_COST = {"wood": 1, "sand": 1}
FLOUR_COST = {"grain": 2}
FLOUR_COINS = 1

# Final scoring (SPIELENDE)
WORKER_VALUE = 1
WORKER_WITH_BONUS_VALUE = 2
MAJORITY_SOLE = 5
MAJORITY_SHARED = 2

# Offered numbers for the quick scoring buttons. Not printed values: the rulebook's examples show
# number fields worth 1, 2, 3 and 4; a published review of the game gives 1 to 5 for the board.
# The engine accepts any whole number up to MAX_ENTRY, and the points counter covers anything else.
FIELD_CHOICES = tuple(range(1, 6))
HOUSE_CHOICES = tuple(range(0, 3 * FIELD_CHOICES[-1] + 1))  # up to 3 free corners, or none
FLOUR_CHOICES = tuple(range(0, 2 * FIELD_CHOICES[-1] + 1))  # 2 free fields around the market (fewer: less)
BONUS_PRODUCTION_CHOICES = tuple(range(1, PATH_SPACES + 1))  # bonus workers producing in one move
MAX_ENTRY = 99


def start_tiles(players: int) -> int:
    """Start tiles laid out besides the display: 5 / 7 / 9 for 2 / 3 / 4 players (2 each + 1 left over)."""
    return {2: 5, 3: 7, 4: 9}[players]


def target_field(players: int) -> int:
    """The score-track field whose reaching ends the game: 67 / 59 / 51 for 2 / 3 / 4 players."""
    return {2: 67, 3: 59, 4: 51}[players]


def draw_pile_after_setup(players: int) -> int:
    """Worker tiles left face down once the display and the start tiles are laid out."""
    return WORKER_TILES - DISPLAY_TILES - start_tiles(players)


def tiles_to_buy(players: int) -> int:
    """Worker tiles that can be bought during the game: the display plus the draw pile."""
    return DISPLAY_TILES + draw_pile_after_setup(players)


def goods_msgs(goods: dict, zeros: bool = False) -> Msg | None:
    """Goods as one message ("1 stone and 1 sand", "1 wood, 2 grain and 1 coin(s)"); None for none."""
    return joined([Msg(f"milestones.goods.{kind}", count=count) for kind, count in goods.items() if count or zeros])


def joined(parts: list[Msg]) -> Msg | None:
    """Messages as one, the way a sentence lists them ("a, b and c"); None for none."""
    if not parts:
        return None
    joined = parts[-1]
    for i, part in enumerate(reversed(parts[:-1])):
        joined = Msg("milestones.goods.two" if i == 0 else "milestones.goods.join", a=part, b=joined)
    return joined
