"""City of Rome's building cards, from the rulebook's building overview (Gebäudeübersicht) and its
table "Verteilung der Gebäudekarten in den Stapeln".

`stacks` says how many copies lie in each stack I-IV; `start` cards are each player's two start
buildings (one Gemüsehof and one value-2 house per player colour).
"""

from __future__ import annotations

from dataclasses import dataclass, field

HOUSE, PUBLIC, PRODUCTION, AQUEDUCT, TEMPLE = "house", "public", "production", "aqueduct", "temple"
PUBLIC_TYPES = ("market", "arena", "school", "therme")  # one colour each; the therme is blue
STACKS = ("I", "II", "III", "IV")


@dataclass(frozen=True)
class Card:
    id: str
    kind: str
    stacks: dict[str, int] = field(default_factory=dict)
    start: bool = False
    house_value: int = 0
    public_type: str = ""
    stars: int = 0
    extra_vp_marker: int = 0  # the Kaiser-Therme lays one marker more than its neighbours

    @property
    def special(self) -> bool:
        return "I" in self.stacks


def _house(id, value, stacks, start=False, stars=0):
    return Card(id, HOUSE, stacks, start=start, house_value=value, stars=stars)


def _public(id, type_, stacks, extra=0):
    return Card(id, PUBLIC, stacks, public_type=type_, extra_vp_marker=extra)


_EACH_STANDARD_STACK = {"II": 1, "III": 1, "IV": 1}

CARDS: dict[str, Card] = {c.id: c for c in [
    _house("house-2", 2, {"II": 5, "III": 3, "IV": 3}, start=True),
    _house("house-3", 3, {"II": 3, "III": 3, "IV": 3}),
    _house("house-4", 4, {"II": 2, "III": 1, "IV": 1}),
    _house("luxury-house-2", 2, {"I": 1}, stars=1),
    _house("luxury-house-3", 3, {"I": 1}, stars=1),
    _house("luxury-house-4", 4, {"I": 1}, stars=1),
    _public("market", "market", _EACH_STANDARD_STACK),
    _public("arena", "arena", _EACH_STANDARD_STACK),
    _public("school", "school", _EACH_STANDARD_STACK),
    _public("therme", "therme", _EACH_STANDARD_STACK),
    _public("forum-romanum", "market", {"I": 1}),
    _public("colosseum", "arena", {"I": 1}),
    _public("university", "school", {"I": 1}),
    _public("imperial-therme", "therme", {"I": 1}, extra=1),
    Card("vegetable-farm", PRODUCTION, _EACH_STANDARD_STACK, start=True),
    Card("grain-farm", PRODUCTION, _EACH_STANDARD_STACK),
    Card("sheep-farm", PRODUCTION, _EACH_STANDARD_STACK),
    Card("vineyard", PRODUCTION, {"I": 1}),
    Card("aqueduct", AQUEDUCT, {"II": 4, "III": 2, "IV": 2}),
    Card("great-aqueduct", AQUEDUCT, {"I": 1}, stars=1),
    Card("temple-minerva", TEMPLE, {"II": 1}),
    Card("temple-fortuna", TEMPLE, {"III": 1}),
    Card("temple-amor", TEMPLE, {"III": 1}),
    Card("temple-juno", TEMPLE, {"IV": 1}),
    Card("temple-saturn", TEMPLE, {"IV": 1}),
    Card("temple-luna", TEMPLE, {"I": 1}, stars=1),
    Card("temple-mars", TEMPLE, {"I": 1}, stars=3),
    Card("temple-venus", TEMPLE, {"I": 1}, stars=1),
    Card("temple-jupiter", TEMPLE, {"I": 1}, stars=2),
    Card("temple-mercury", TEMPLE, {"I": 1}, stars=2),
]}


def stacks_in_play(players: int) -> tuple[str, ...]:
    """2 players: stacks I and II; 3 players: without IV; 4 players: all four."""
    return {2: ("I", "II"), 3: ("I", "II", "III")}.get(players, STACKS)


def copies_in_play(card: Card, players: int) -> int:
    """How many copies of a card can be in all cities together at this player count."""
    return sum(card.stacks.get(s, 0) for s in stacks_in_play(players)) + (players if card.start else 0)


def influence_cards(players: int) -> tuple[int, ...]:
    """The influence-scoring cards used; each is inserted after that many cards of stack I."""
    return (4, 8, 14) if players == 2 else (3, 6, 10, 14)


def rounds(players: int) -> int:
    return 7 if players == 2 else 14


def reveal_round(card_value: int, players: int) -> int:
    """The round in whose preparation the influence card comes up from stack I.

    Stack I loses one card per round (two with 2 players), so the card inserted after the n-th
    building appears in round n (n / 2 with 2 players) and is scored at that round's end.
    """
    per_round = 2 if players == 2 else 1
    return -(-card_value // per_round)
