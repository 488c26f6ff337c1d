"""Carpe Diem's components and the numbers of the rulebook (SPIELVORBEREITUNG / GAME SETUP).

Feature kinds (what a district is built of):
- `villa` (any size, completed when at least 2 tiles and no opening; chimneys count),
- the four landscapes `vineyard` (grapes), `garden` (herbs), `chicken_yard` (chicken), `pond` (fish),
  2-4 tiles, completing one gives tiles-1 wares of its kind,
- the four dwellings `merchant`, `baker`, `administrator`, `craftsman`, exactly 2 halves,
- the single tiles `market` (+1 coin), `bakery` (+1 bread), `fountain` (+1 fountain card).

The scoring-card spaces: the rulebook says 12 card spaces, the four corners empty with 2 players, two
opposite corners with 3, and 9 / 13 / 17 scoring circles, each between two cards. A grid of 4 rows × 3
columns whose circles sit between orthogonally neighbouring cards gives exactly 9 / 13 / 17 circles
for these three layouts, so the app models the spaces that way (rows top to bottom, columns left to
right, spaces numbered 1-12 in reading order).
"""

from __future__ import annotations

WARES = ("grapes", "herbs", "chicken", "fish")
LANDSCAPES = ("vineyard", "garden", "chicken_yard", "pond")
LANDSCAPE_WARE = {"vineyard": "grapes", "garden": "herbs", "chicken_yard": "chicken", "pond": "fish"}
DWELLINGS = ("merchant", "baker", "administrator", "craftsman")
SINGLES = ("market", "bakery", "fountain")
VILLA = "villa"
FEATURE_KINDS = (VILLA, *LANDSCAPES, *DWELLINGS, *SINGLES)
# Frame goals name "a building or landscape type" (DE: "Landschaft, Unterkunft oder Villa").
FRAME_KINDS = (VILLA, *LANDSCAPES, *DWELLINGS)
FRAME_VP = (3, 4, 5)
FRAME_GOALS = 8  # 4 frame parts × 2 goals
SIDES = ("top", "bottom", "left", "right")

GRID = 6  # the building board
PHASES = 4
ROUNDS = 7
TILES_PER_PHASE = 28
BLUEPRINT_SPACES = 7
LIGHT_TILES, DARK_TILES = 84, 39
SEAL_SPACES = 11
# The building tiles a player can own: one each turn ("Ebenso muss auch ein Plättchen aufgenommen werden"),
# 4 phases of 7 rounds; and those a craftsman dwelling takes from the 11 seal spaces, never refilled ("Die
# ausliegenden Plättchen werden nach dem Nehmen nicht ergänzt"), all players together. With 4 players
# that is the whole box: 4 × 28 + 11 = 84 + 39.
TURNS = PHASES * ROUNDS
FOUNTAIN_CARDS = 24
VP_CARD_VALUES = (1, 3, 5, 10, 25)
BANDEROLES_PER_PLAYER = 9
DISCS = 5
UNMET_PENALTY = 4
BREAD_FOR_CARD = 3

SCORING_CARDS = {  # letter -> count, by number of players
    2: {"A": 2, "B": 2, "C": 2, "D": 2},
    3: {"A": 2, "B": 3, "C": 2, "D": 3},
    4: {"A": 3, "B": 3, "C": 2, "D": 4},
}
STARTING_VP = {2: (8, 9), 3: (8, 9, 13), 4: (8, 9, 10, 11)}
CIRCLES = {2: 9, 3: 13, 4: 17}

CARD_ROWS, CARD_COLUMNS = 4, 3
CORNERS = (1, 3, 10, 12)
EMPTY_SPACES = {2: CORNERS, 3: (1, 12), 4: ()}


def space_position(space: int) -> tuple[int, int]:
    """(row, column), both from 1."""
    return (space - 1) // CARD_COLUMNS + 1, (space - 1) % CARD_COLUMNS + 1


def card_spaces(players: int) -> tuple[int, ...]:
    """The card spaces that get a scoring card with this many players."""
    return tuple(s for s in range(1, CARD_ROWS * CARD_COLUMNS + 1) if s not in EMPTY_SPACES[players])


def circles(players: int) -> dict[int, tuple[int, int]]:
    """Scoring circles numbered from 1 in reading order -> the two card spaces they trigger."""
    used = set(card_spaces(players))
    pairs = []
    for space in sorted(used):
        row, column = space_position(space)
        if column < CARD_COLUMNS and space + 1 in used:
            pairs.append(((2 * row, 2 * column + 1), (space, space + 1)))
        if row < CARD_ROWS and space + CARD_COLUMNS in used:
            pairs.append(((2 * row + 1, 2 * column), (space, space + CARD_COLUMNS)))
    pairs.sort()
    return {number: pair for number, (_, pair) in enumerate(pairs, 1)}


def turn_order(players: int, start: int) -> list[int]:
    """Seats are entered clockwise; play goes clockwise from the start player."""
    return [(start + k) % players for k in range(players)]
