"""The result of a finished game's scoring: every player's points by category, ranked with the game's
tie-breakers (pure, game-agnostic). The sheet of a game still in progress is core/score_sheet.py's ScoreSheet."""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.core.text import Msg


@dataclass
class Category:
    id: str
    points: int
    explanation: Msg


@dataclass
class PlayerScore:
    name: str
    categories: list[Category]
    # Tie-break values in order of precedence, higher is better (a game negates where lower wins).
    tiebreak: tuple[int, ...] = ()
    tiebreak_note: Msg | None = None
    rank: int = 0

    @property
    def total(self) -> int:
        return sum(c.points for c in self.categories)


@dataclass
class Result:
    game: str
    players: list[PlayerScore]
    category_labels: dict[str, Msg]
    notes: list[Msg] = field(default_factory=list)
    # Values printed on the box that the result needs and nobody has entered yet: their points are not
    # counted, and the result is provisional (its winner may change once they are entered).
    uncounted: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        rank_players(self.players)

    @property
    def winners(self) -> list[str]:
        return [p.name for p in self.players if p.rank == 1]

    @property
    def provisional(self) -> bool:
        return bool(self.uncounted)

    def to_json(self, lang: str | None = None) -> dict:
        """The CLI's `--json` shape; with `lang`, explanations are rendered text."""

        def text(m: Msg):
            return m.render(lang) if lang else m.to_json()

        return {
            "game": self.game,
            "players": [
                {
                    "name": p.name,
                    "total": p.total,
                    "rank": p.rank,
                    "categories": {c.id: c.points for c in p.categories},
                    "explanations": {c.id: text(c.explanation) for c in p.categories},
                    "tiebreak": list(p.tiebreak),
                }
                for p in self.players
            ],
            "winners": self.winners,
            "notes": [text(n) for n in self.notes],
            "uncounted": list(self.uncounted),
        }


def rank_players(players: list[PlayerScore]) -> None:
    """Competition ranking (1, 1, 3) on total, then the game's tie-break values; equal keys share."""
    keys = [(p.total, *p.tiebreak) for p in players]
    for p, key in zip(players, keys):
        p.rank = 1 + sum(1 for other in keys if other > key)
