"""Random end states of City of Rome's board format, for the fuzz tests and benchmarks (bench/states.py).

A city is a connected piece of the 4 x 4 grid holding the two start buildings and cards drawn from those
in play (each copy once, at most one aqueduct per row and column); a therme carries at least the markers
it got when built and at most one per neighbour (the Kaiser-Therme one more). Some draws still break a
rule across the table (the game's reader refuses them and `bench/states.valid_state` draws again).
"""

from __future__ import annotations

import random

from companion.games.city_of_rome.cards import AQUEDUCT, CARDS, copies_in_play, influence_cards

NAMES = ["Anna", "Ben", "Cleo", "Dora"]


def connected_cells(rng: random.Random, size: int) -> list[tuple[int, int]]:
    cells = [(rng.randrange(4), rng.randrange(4))]
    while len(cells) < size:
        r, c = rng.choice(cells)
        dr, dc = rng.choice(((1, 0), (-1, 0), (0, 1), (0, -1)))
        cell = (r + dr, c + dc)
        if 0 <= cell[0] < 4 and 0 <= cell[1] < 4 and cell not in cells:
            cells.append(cell)
    return cells


def random_city(rng: random.Random, pool: dict[str, int]) -> list[list]:
    """A city of 2 to 16 cards drawn from `pool` (copies left, taken as drawn)."""
    city: list[list] = [[None] * 4 for _ in range(4)]
    cells = connected_cells(rng, rng.randint(2, 16))
    for (r, c), start in zip(cells, ("vegetable-farm", "house-2")):  # never removed, only replaced
        pool[start] -= 1
        city[r][c] = start
    for r, c in cells[2:]:
        for _ in range(20):
            cid = rng.choice([k for k, n in pool.items() if n > 0])
            if CARDS[cid].kind == AQUEDUCT and any(
                    isinstance(x, str) and CARDS[x].kind == AQUEDUCT for x in city[r] + [row[c] for row in city]):
                continue
            pool[cid] -= 1
            city[r][c] = cid
            break
    for r in range(4):
        for c in range(4):
            cid = city[r][c]
            if cid in ("therme", "imperial-therme"):
                neighbours = sum(1 for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
                                 if 0 <= r + dr < 4 and 0 <= c + dc < 4 and city[r + dr][c + dc])
                extra = CARDS[cid].extra_vp_marker  # built touching the city: at least one marker
                city[r][c] = {"card": cid, "vp_markers": rng.randint(1 + extra, neighbours + extra)}
    return city


def random_board(rng: random.Random, players: int) -> tuple[dict, dict]:
    """A random end state for `players` players; City of Rome needs no box data."""
    pool = {cid: copies_in_play(card, players) for cid, card in CARDS.items()}
    # Influence cards come up in order and a winner takes every card waiting: the cards won are the
    # first k, each with one player; whoever won the last one returned every influence token.
    cards = influence_cards(players)
    holder = {v: rng.randrange(players) for v in cards[:rng.randint(0, len(cards))]}
    out = []
    for i in range(players):
        city = random_city(rng, pool)
        won = [v for v, p in holder.items() if p == i]
        out.append({"name": NAMES[i], "city": city, "money": rng.randint(0, 40),
                    "influence_tokens": 0 if cards[-1] in won else rng.randint(0, 15), "influence_cards": won})
    return {"game": "city-of-rome", "players": out}, {}
