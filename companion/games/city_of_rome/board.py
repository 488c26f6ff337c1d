"""City of Rome's end board as the players enter it, and its edits (board moves).

A player's board: `{"name", "city", "money", "influence_tokens", "influence_cards"}`; the city is the
4 x 4 grid of the board state (docs/board-state-city-of-rome.md): each cell null, a card id, or a therme
with its VP markers `{"card": id, "vp_markers": n}`.

The edits the end-scoring editor makes besides the core's `board_set`/`board_add` (money and influence
tokens typed or stepped), each applied by the table hub to the latest board under the game's lock:
- `{"type": "city_set", "player": p, "row": r, "column": c, "card": id, "expect": cell}`: a card on a
  space; a therme starts with the VP markers the tracker's rule gives it (`therme_markers`);
- `{"type": "city_clear", "player": p, "row": r, "column": c, "expect": cell}`: the space emptied;
- `{"type": "city_markers", "player": p, "row": r, "column": c, "vp_markers": n, "expect": cell}`: the VP
  markers on the therme there;
- `{"type": "city_shift", "player": p, "direction": "left" | "right" | "up" | "down"}`: the whole city one
  space further in the grid (every tap counts, like a -/+);
- `{"type": "influence_card", "player": p, "card": value, "won": bool}`: whether the player won that
  influence card (the same tap twice does not undo itself).
A space is named by its row and column and the move carries `expect`, the cell as the phone drew it: a
space another phone changed since (or a city moved meanwhile) is refused, never edited blind.
"""

from __future__ import annotations

from companion.core.definition import BoardMove, InvalidMove
from companion.core.moves import is_int, player_board
from companion.core.text import Msg
from companion.games.city_of_rome.cards import CARDS, copies_in_play, influence_cards

SIZE = 4
KIND_ORDER = ("house", "public", "production", "aqueduct", "temple")  # the palette's order, as the overview's
SHIFTS = {"left": (0, -1), "right": (0, 1), "up": (-1, 0), "down": (1, 0)}  # (rows, columns) per tap
MAX_NUMBER = 999  # money or tokens typed: more than any game reaches


# ---------------------------------------------------------------- cells

def cell_card(cell) -> tuple[str | None, int]:
    """A city cell of the board state as (card id or None, VP markers)."""
    if cell is None:
        return None, 0
    if isinstance(cell, str):
        return cell, 0
    if isinstance(cell, dict):
        return cell.get("card"), cell.get("vp_markers", 0)
    return None, 0


def is_therme(card_id: str | None) -> bool:
    return isinstance(card_id, str) and card_id in CARDS and CARDS[card_id].public_type == "therme"


def fewest_markers(card_id: str) -> int:
    """The fewest VP markers a built therme carries: it was built touching the city (1), the Kaiser-Therme 1 more."""
    return 1 + CARDS[card_id].extra_vp_marker


def most_markers(card_id: str) -> int:
    """The most VP markers a therme can carry: one per neighbour (4), the Kaiser-Therme one more."""
    return 4 + CARDS[card_id].extra_vp_marker


def cell_value(card_id: str | None, markers: int = 0):
    """A cell as the board state writes it: null, the card id, or a therme with its markers."""
    if card_id is None:
        return None
    return {"card": card_id, "vp_markers": markers} if is_therme(card_id) else card_id


def neighbours(city, row: int, column: int) -> int:
    """The cards beside a space (above, below, left, right)."""
    return sum(1 for r, c in ((row - 1, column), (row + 1, column), (row, column - 1), (row, column + 1))
               if 0 <= r < SIZE and 0 <= c < SIZE and cell_card(city[r][c])[0] is not None)


def therme_markers(city, row: int, column: int, card_id: str) -> int:
    """The VP markers a therme placed on a space starts with, by the tracker's rule (Baut der Spieler eine
    Therme, legt er sofort je 1 Siegpunktmarker für jede ... angrenzende Karte; the Kaiser-Therme 1 more):
    one per card beside it now, at least one (it was built touching the city)."""
    return max(1, neighbours(city, row, column)) + CARDS[card_id].extra_vp_marker


def cards_placed(city) -> int:
    return sum(1 for row in city for cell in row if cell_card(cell)[0] is not None)


def palette_cards(players: int) -> list[str]:
    """The cards that can be in a city at this player count, by kind (houses, public buildings,
    production, aqueducts, temples), standard versions before special ones."""
    return [cid for kind in KIND_ORDER for cid, card in CARDS.items()
            if card.kind == kind and copies_in_play(card, players) > 0]


def shifted(city, direction: str):
    """The whole city one space further `direction` ("left", "right", "up", "down") in the 4 × 4 grid, or
    None when a card would fall off it (or there is no card to move)."""
    rows, cols = SHIFTS[direction]
    size = len(city)
    out = [[None] * size for _ in range(size)]
    moved = False
    for r, row in enumerate(city):
        for c, cell in enumerate(row):
            if cell is None:
                continue
            if not (0 <= r + rows < size and 0 <= c + cols < size):
                return None
            out[r + rows][c + cols] = cell
            moved = True
    return out if moved else None


def parse_number(text: str) -> int | None:
    """A count as typed: a whole number from 0 to MAX_NUMBER (spaces ignored), else None."""
    text = (text or "").strip()
    if not (text.isascii() and text.isdigit()) or len(text) > 4:
        return None
    value = int(text)
    return value if value <= MAX_NUMBER else None


# ---------------------------------------------------------------- the board moves

def _city(board: dict, event: dict) -> list[list]:
    """The player's 4 x 4 city; a board whose city is not one (a file edited by hand) is not edited."""
    city = player_board(board, event).get("city")
    if not (isinstance(city, list) and len(city) == SIZE and all(isinstance(r, list) and len(r) == SIZE for r in city)):
        raise InvalidMove(Msg("core.error.board_changed"))
    return city


def _space(board: dict, event: dict) -> tuple[list[list], int, int]:
    """The city and the space an edit names, refused unless the space still holds what the phone drew."""
    city, row, column = _city(board, event), event.get("row"), event.get("column")
    if not (is_int(row) and is_int(column) and 0 <= row < SIZE and 0 <= column < SIZE) or "expect" not in event:
        raise InvalidMove(Msg("core.error.bad_event"))
    if city[row][column] != event["expect"]:
        raise InvalidMove(Msg("core.error.board_field_changed"))
    return city, row, column


def city_set(board: dict, event: dict, config: dict) -> None:
    """A card on a space (in place of the card there, if any); a therme with the markers its neighbours give."""
    card_id = event.get("card")
    if not isinstance(card_id, str) or card_id not in CARDS:
        raise InvalidMove(Msg("city-of-rome.error.unknown_card", card=repr(card_id)))
    players = len(board["players"])
    if copies_in_play(CARDS[card_id], players) == 0:
        raise InvalidMove(Msg("city-of-rome.error.card_not_in_play", card=Msg(f"city-of-rome.card.{card_id}"),
                              players=players))
    city, row, column = _space(board, event)
    if cell_card(city[row][column])[0] == card_id:
        return  # that card lies there already: its markers stay
    city[row][column] = cell_value(card_id, therme_markers(city, row, column, card_id))


def city_clear(board: dict, event: dict, config: dict) -> None:
    city, row, column = _space(board, event)
    city[row][column] = None


def city_markers(board: dict, event: dict, config: dict) -> None:
    """The VP markers on the therme on a space (0 to the most it can carry)."""
    city, row, column = _space(board, event)
    card_id, markers = cell_card(city[row][column])[0], event.get("vp_markers")
    if not is_therme(card_id):
        raise InvalidMove(Msg("city-of-rome.error.markers_not_therme"))
    if not is_int(markers) or not 0 <= markers <= most_markers(card_id):
        raise InvalidMove(Msg("core.error.bad_event"))
    city[row][column] = cell_value(card_id, markers)


def city_shift(board: dict, event: dict, config: dict) -> None:
    """The whole city one space further; refused when a card would fall off the grid."""
    direction, city = event.get("direction"), _city(board, event)
    if direction not in SHIFTS:
        raise InvalidMove(Msg("core.error.bad_event"))
    moved = shifted(city, direction)
    if moved is None:
        raise InvalidMove(Msg("city-of-rome.error.shift_blocked"))
    player_board(board, event)["city"] = moved


def influence_card(board: dict, event: dict, config: dict) -> None:
    """Whether the player won an influence card; a card another player won is not taken from them."""
    value, won, me = event.get("card"), event.get("won"), player_board(board, event)
    players = board["players"]
    if not is_int(value) or value not in influence_cards(len(players)) or not isinstance(won, bool):
        raise InvalidMove(Msg("core.error.bad_event"))
    owner = next((p.get("name") for p in players if p is not me and value in (p.get("influence_cards") or [])), None)
    if won and owner is not None:
        raise InvalidMove(Msg("city-of-rome.error.influence_card_taken", value=value, player=owner))
    cards = me.get("influence_cards")
    if not isinstance(cards, list) or not all(is_int(c) for c in cards):
        raise InvalidMove(Msg("core.error.board_changed"))
    me["influence_cards"] = sorted(set(cards) - {value} | ({value} if won else set()))


# ---------------------------------------------------------------- what an edit did, for its Undo

def _where(event: dict) -> dict:
    return {"row": event["row"] + 1, "column": event["column"] + 1}


def said_set(event: dict, board: dict) -> Msg:
    """"Therme with 2 VP markers on row 2, column 3": the card as it lies after the edit."""
    card_id, markers = cell_card(player_board(board, event)["city"][event["row"]][event["column"]])
    if is_therme(card_id):
        return Msg("city-of-rome.edit.set_therme", card=Msg(f"city-of-rome.card.{card_id}"), markers=markers,
                   **_where(event))
    return Msg("city-of-rome.edit.set", card=Msg(f"city-of-rome.card.{card_id}"), **_where(event))


def said_clear(event: dict, board: dict) -> Msg:
    return Msg("city-of-rome.edit.clear", **_where(event))


def said_markers(event: dict, board: dict) -> Msg:
    card_id = cell_card(player_board(board, event)["city"][event["row"]][event["column"]])[0]
    return Msg("city-of-rome.edit.markers", card=Msg(f"city-of-rome.card.{card_id}"), markers=event["vp_markers"],
               **_where(event))


def said_shift(event: dict, board: dict) -> Msg:
    return Msg("city-of-rome.edit.shift", direction=Msg(f"city-of-rome.edit.direction.{event['direction']}"))


def said_card(event: dict, board: dict) -> Msg:
    return Msg("city-of-rome.edit.card_won" if event["won"] else "city-of-rome.edit.card_not_won", value=event["card"])


BOARD_MOVES = (
    BoardMove("city_set", city_set, params=("row", "column", "card", "expect"), describe=said_set),
    BoardMove("city_clear", city_clear, params=("row", "column", "expect"), describe=said_clear),
    BoardMove("city_markers", city_markers, params=("row", "column", "vp_markers", "expect"), describe=said_markers),
    BoardMove("city_shift", city_shift, params=("direction",), describe=said_shift),
    BoardMove("influence_card", influence_card, params=("card", "won"), describe=said_card),
)


# ---------------------------------------------------------------- what a tap in the editor sends

def space_move(kind: str, player: int, row: int, column: int, drawn, **params) -> dict:
    """A move on one space, carrying the cell as the phone drew it."""
    return {"type": kind, "player": player, "row": row, "column": column, **params, "expect": drawn}


def tap_space(city, player: int, row: int, column: int, brush: str) -> tuple[dict | None, tuple]:
    """What a tap on a space does: (the move to send or None, the space selected after it). An empty
    space gets the card in hand and is selected, so that its VP markers (a therme) or the card can be
    corrected at once; a space with a card is selected for editing (markers, another card, removed),
    never overwritten."""
    drawn = city[row][column]
    if cell_card(drawn)[0] is None:
        return space_move("city_set", player, row, column, drawn, card=brush), (row, column)
    return None, (row, column)
