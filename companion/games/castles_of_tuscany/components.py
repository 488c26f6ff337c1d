"""The Castles of Tuscany's components and fixed numbers, from the rulebook (Spielmaterial,
Spielvorbereitung, Siegpunkte, Die Plättchen im Einzelnen, Die 3 Durchgänge, Wertungen).

What is printed only on the colour-bonus tiles (their points on side I and side II) is not in the
rulebook: it is box data (`BOX_KEYS`), entered by the players, never guessed here.
"""

from __future__ import annotations

GAME_ID = "castles-of-tuscany"

# Spielmaterial / Spielvorbereitung
PLAY_CARDS = 122
YIELD_CARDS = 27
BONUS_KINDS = ("card", "storage", "marble", "worker", "yield")  # +1 card, +1 storage space, ...
BONUS_TILES_PER_KIND = 5
COLOUR_BONUS_TILES = 8
MARBLE, WORKERS, WOODEN_HEXAGONS = 12, 12, 10  # the supply; not limited (rulebook footnote)
NEUTRAL_TILES = 32
DISPLAY = 8  # face up in the middle, two rows of four
HAND = 5
BOARD_PIECES_PER_LETTER = 4  # 12 board pieces in the box
BOARD_FIELDS = 30
DARK_GREEN_FIELDS = 3  # "auf einem beliebigen seiner 3 dunkelgrünen Felder"
MAX_PLAYERS = 4

# Each player's 22 tiles (Spielmaterial): kind -> (field colour, count). The start castle is
# double-sided and set aside; the other 21 form three face-down stacks of 7.
TILE_KINDS = {
    "village": ("orange", 4),
    "agriculture": ("light_green", 4),
    "cart": ("beige", 3),
    "monastery": ("yellow", 3),
    "quarry": ("grey", 3),
    "city": ("red", 2),
    "estate": ("turquoise", 1),
    "castle": ("dark_green", 1),
    "start_castle": ("dark_green", 1),
}
TILES_PER_PLAYER = sum(count for _, count in TILE_KINDS.values())  # 22
STACKS = 3
STACK_SIZE = 7
STACK_TILES = STACKS * STACK_SIZE  # 21

# The eight field colours; one colour-bonus tile each. Their order is the order of the choices
# the tracker offers (value 1 = dark green, ...).
COLOURS = ("dark_green", "red", "turquoise", "light_green", "grey", "orange", "yellow", "beige")

# Siegpunkte: completing a region of 1 / 2 / 3 fields.
REGION_POINTS = {1: 1, 2: 3, 3: 6}
STORAGE_BONUS_GREEN = 2  # each "+1 storage space" bonus tile: +2 on the green track at once
NO_SPACE_HEXAGON_RED = 2  # a second wooden hexagon from yield cards with no free storage space
MAX_AGRICULTURE_KINDS_PER_TILE = 2  # a double agriculture tile
# Bonus tiles a player can hold: one from the setup pick ("Der Startspieler nimmt sich 1 beliebiges
# Bonuskärtchen ... Reihum tun dies dann alle anderen Spieler auch") and one per city ("Stadt (bis zu 3x,
# nur auf rote Felder): Legt ein Spieler eine Stadt aus, darf er sofort ein beliebiges der Bonuskärtchen
# nehmen"; "bis zu 3x" is the number of red fields a board can have: the counts of the eight tile kinds
# add up to the board's 30 fields).
CITIES_MAX = 3
BONUS_TILES_PER_PLAYER_MAX = 1 + CITIES_MAX
# The tableau's storage space ("legt es auf das Ablagefeld seines Tableaus (bzw. auf das zusätzliche
# Ablagefeld eines entsprechenden Bonuskärtchens)") plus one per "+1 storage space" bonus tile held;
# tiles and wooden hexagons share them.
STORAGE_SPACES_BASE = 1
STORAGE_SPACES_MAX = STORAGE_SPACES_BASE + BONUS_TILES_PER_PLAYER_MAX
CARDS_PER_POINT = 5
# Karten nachziehen: "nimmt 3 Karten vom Nachziehstapel auf seine Hand ... Für jedes bei ihm anliegende
# Bonuskärtchen „+1 Spielkarte“ darf der Spieler eine weitere Karte nachziehen."
CARDS_DRAWN = 3

SIDES = ("I", "II")  # the colour-bonus tile: side I for the first player, side II for the second


def box_key(colour: str, side: str) -> str:
    return f"colour_bonus.{colour}.{side}"


BOX_KEYS = tuple(box_key(c, s) for c in COLOURS for s in SIDES)


def stack_of(revealed: int) -> int:
    """The stack a player takes the next tile from (1-3), or 4 when all 21 are out."""
    return min(revealed // STACK_SIZE + 1, STACKS + 1)


def left_in_stack(revealed: int) -> int:
    """Tiles left in the player's leftmost non-empty stack (0 once all 21 are out)."""
    return 0 if revealed >= STACK_TILES else STACK_SIZE - revealed % STACK_SIZE


def turn_order(players: int, start: int) -> list[int]:
    """Clockwise from the start player; players are seated clockwise in the order entered."""
    return [(start + k) % players for k in range(players)]


def last_in_cycle(players: int, start: int) -> int:
    """The start player's right neighbour: the last turn of every turn cycle."""
    return (start - 1) % players
