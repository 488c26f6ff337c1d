"""Carpe Diem's scoring cards as they lie on the board, and a card as the players enter it (a *draft*:
the letter, the requirement and the reward, checked by `scoring_period.card_from_json`). Pure helpers
of the tracker panel (tested without a browser)."""

from __future__ import annotations

from companion.core.definition import BoardStateError
from companion.core.text import Msg
from companion.games.carpe_diem import scoring_period as sp
from companion.games.carpe_diem.components import CARD_COLUMNS, CARD_ROWS, card_spaces, circles, space_position

# What each letter's cards ask for: A and B cards wares to pay, C cards villas or chimneys, D cards
# other features to own.
ALLOWED = {"A": sp.PAY_ITEMS, "B": sp.PAY_ITEMS, "C": sp.VILLA_ITEMS, "D": sp.FEATURE_ITEMS}


def board_cells(players: int) -> list[tuple[int, int, str, int | None]]:
    """The board's card area as a grid of (row, column, what, number): card spaces at even positions,
    circles between the two cards they trigger, everything else empty. Rows 0..6, columns 0..4."""
    used = set(card_spaces(players))
    circle_at = {}
    for number, (a, b) in circles(players).items():
        (ra, ca), (rb, cb) = space_position(a), space_position(b)
        circle_at[(ra - 1 + rb - 1, ca - 1 + cb - 1)] = number
    out = []
    for r in range(2 * CARD_ROWS - 1):
        for c in range(2 * CARD_COLUMNS - 1):
            if r % 2 == 0 and c % 2 == 0:
                space = (r // 2) * CARD_COLUMNS + c // 2 + 1
                out.append((r, c, "card" if space in used else "empty", space if space in used else None))
            elif (r, c) in circle_at:
                out.append((r, c, "circle", circle_at[(r, c)]))
            else:
                out.append((r, c, "gap", None))
    return out


def missing_spaces(state: dict, players: int) -> list[int]:
    """The card spaces whose card is not entered yet."""
    return [s for s in card_spaces(players) if str(s) not in state["cards"]]


def empty_draft(letter: str = "A") -> dict:
    return {"letter": letter, "requirement": {}, "reward": {}}


def draft_from_card(card: dict | None) -> dict:
    if not card:
        return empty_draft()
    return {"letter": card["letter"], "requirement": dict(card["requirement"]), "reward": dict(card["reward"])}


def draft_set_letter(draft: dict, letter: str) -> dict:
    """A new letter keeps only what that letter's cards can ask for (and one ware for A)."""
    requirement = {k: v for k, v in draft["requirement"].items() if k in ALLOWED[letter]}
    if letter == "A" and len(requirement) > 1:
        first = next(iter(requirement))
        requirement = {first: requirement[first]}
    return {**draft, "letter": letter, "requirement": requirement}


def draft_replaces(draft: dict, part: str, item: str) -> str | None:
    """The item that adding `item` would take out: an A card asks for one ware only, so another ware
    takes the place of the one there (None: nothing is replaced)."""
    values = draft[part]
    if part == "requirement" and draft["letter"] == "A" and item not in values and values:
        return next(iter(values))
    return None


def draft_set(draft: dict, part: str, item: str, amount: int) -> dict:
    """Set an amount of the requirement or the reward; 0 removes the item. An A card asks for one ware,
    so picking another replaces it (`draft_replaces` says which, before)."""
    values = dict(draft[part])
    if draft_replaces(draft, part, item) is not None:
        values = {}
    if amount > 0:
        values[item] = amount
    else:
        values.pop(item, None)
    return {**draft, part: values}


def draft_card(draft: dict) -> tuple[dict | None, Msg | None]:
    """The card JSON for the tracker's set_card, or the engine's objection."""
    data = {"letter": draft["letter"], "mode": sp.PAY if draft["letter"] in "AB" else sp.OWN,
            "requirement": draft["requirement"], "reward": draft["reward"]}
    try:
        return sp.card_from_json(data, "card").to_json(), None
    except BoardStateError as error:
        return None, error.msg
