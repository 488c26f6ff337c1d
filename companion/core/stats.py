"""Statistics over finished plays (the records `core.plays.make_play` builds).

Plain functions on plain data, so the numbers can be checked by hand. Rules used throughout:
- a player is the same person in every play when the name matches ignoring case and spaces around
  and between words ("anna  lena " is "Anna Lena"); the spelling shown is the one of the most recent
  play (renaming a player rewrites every play of theirs: `Repository.rename_player`);
- a shared victory is a win for each of the players who share it;
- a win rate is wins / plays, a fraction from 0 to 1;
- scores (average, best, per category) are only compared within one game: points of different games
  are not comparable, so across games a player has plays, wins and win rate only;
- head-to-head compares ranks (the score sheet's, tie-breaks included) of two players in the plays they
  played together, so it holds across games; a streak is a player's plays in a row (oldest first) that
  they won; play time is the plays' `duration_s` (the game clock, pauses left out).
"""

from __future__ import annotations

from dataclasses import dataclass, field


def player_key(name: str) -> str:
    """Who a name is: the same person whatever the case and the spaces around and between its words."""
    return " ".join(name.split()).casefold()


def filter_plays(plays: list[dict], game: str | None = None, player: str | None = None) -> list[dict]:
    """The plays of `game` (an id) in which `player` (a name, any case) took part; None means any."""
    key = player_key(player) if player else None
    return [p for p in plays
            if (game is None or p["game"] == game)
            and (key is None or any(player_key(q["name"]) == key for q in p["players"]))]


def by_time(plays: list[dict]) -> list[dict]:
    """Oldest first."""
    return sorted(plays, key=lambda p: p["finished"])


def player_names(plays: list[dict]) -> list[str]:
    """Everyone who played, once each, in the spelling of their latest play, sorted by name."""
    names: dict[str, str] = {}
    for play in by_time(plays):
        for p in play["players"]:
            names[player_key(p["name"])] = p["name"].strip()
    return sorted(names.values(), key=str.casefold)


def start_seat(play: dict) -> int | None:
    """The start player's seat (0-based, the order of `players`): the one the play records, or, in a play
    saved before it did, the seat of the player of that name (None when no player has it)."""
    seat, players = play.get("start_seat"), play["players"]
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(players):
        return seat
    return next((i for i, p in enumerate(players) if p["name"] == play.get("start_player")), None)


def seconds(play: dict) -> int:
    """How long the play took (0 when it was kept without a duration)."""
    d = play.get("duration_s")
    return round(d) if isinstance(d, (int, float)) and not isinstance(d, bool) and d > 0 else 0


def won(play: dict, name: str) -> bool:
    return player_key(name) in {player_key(w) for w in play["winners"]}


@dataclass
class PlayerRecord:
    """One player's results: across all games (plays, wins) or within one game (also scores)."""
    name: str
    plays: int = 0
    wins: int = 0
    totals: list[int] = field(default_factory=list)
    category_sums: dict[str, int] = field(default_factory=dict)
    category_counts: dict[str, int] = field(default_factory=dict)

    @property
    def win_rate(self) -> float:
        return self.wins / self.plays if self.plays else 0.0

    @property
    def average(self) -> float | None:
        return sum(self.totals) / len(self.totals) if self.totals else None

    @property
    def best(self) -> int | None:
        return max(self.totals) if self.totals else None

    @property
    def category_averages(self) -> dict[str, float]:
        """Average points per category, over the plays in which the category was scored."""
        return {c: self.category_sums[c] / self.category_counts[c] for c in self.category_sums}


def _records(plays: list[dict], with_scores: bool) -> dict[str, PlayerRecord]:
    records: dict[str, PlayerRecord] = {}
    for play in by_time(plays):
        for p in play["players"]:
            key = player_key(p["name"])
            rec = records.setdefault(key, PlayerRecord(p["name"].strip()))
            rec.name = p["name"].strip()  # latest spelling
            rec.plays += 1
            rec.wins += won(play, p["name"])
            if with_scores:
                rec.totals.append(p["total"])
                for cid, points in p["categories"].items():
                    rec.category_sums[cid] = rec.category_sums.get(cid, 0) + points
                    rec.category_counts[cid] = rec.category_counts.get(cid, 0) + 1
    return records


def _ordered(records: dict[str, PlayerRecord]) -> list[PlayerRecord]:
    """Most wins first, then best win rate, then most plays, then by name."""
    return sorted(records.values(), key=lambda r: (-r.wins, -r.win_rate, -r.plays, r.name.casefold()))


def players_overall(plays: list[dict]) -> list[PlayerRecord]:
    """Per player across every game: plays, wins, win rate (no scores: see the module doc)."""
    return _ordered(_records(plays, with_scores=False))


def players_in_game(plays: list[dict], game: str) -> list[PlayerRecord]:
    """Per player within one game: plays, wins, win rate, average and best total, category averages."""
    return _ordered(_records([p for p in plays if p["game"] == game], with_scores=True))


@dataclass
class GameRecord:
    game: str
    plays: int
    best: int | None          # the highest total anyone scored
    best_by: list[str]        # who scored it (several when tied), most recent spelling
    average_winning: float | None  # average of the winners' total, one value per play
    average_minutes: float | None


def game_summary(plays: list[dict], game: str) -> GameRecord:
    mine = by_time([p for p in plays if p["game"] == game])
    totals = [(p["total"], p["name"].strip()) for play in mine for p in play["players"]]
    best = max((t for t, _ in totals), default=None)
    best_by: list[str] = []
    for t, name in totals:
        if t == best and player_key(name) not in {player_key(n) for n in best_by}:
            best_by.append(name)
    winning = [max(p["total"] for p in play["players"]) for play in mine]
    durations = [play["duration_s"] / 60 for play in mine if isinstance(play.get("duration_s"), (int, float))]
    return GameRecord(
        game=game, plays=len(mine), best=best, best_by=best_by,
        average_winning=sum(winning) / len(winning) if winning else None,
        average_minutes=sum(durations) / len(durations) if durations else None,
    )


def games_played(plays: list[dict]) -> list[str]:
    """Game ids in the history, most played first (then by id)."""
    counts: dict[str, int] = {}
    for p in plays:
        counts[p["game"]] = counts.get(p["game"], 0) + 1
    return sorted(counts, key=lambda g: (-counts[g], g))


def player_per_game(plays: list[dict], player: str) -> dict[str, PlayerRecord]:
    """One player's record in each game they played (scores included), keyed by game id."""
    key = player_key(player)
    out = {}
    for game in games_played(plays):
        recs = _records([p for p in plays if p["game"] == game], with_scores=True)
        if key in recs:
            out[game] = recs[key]
    return out


def scores_over_time(plays: list[dict], game: str) -> dict[str, list[tuple[int, int]]]:
    """For each player of `game`: [(n, total)] where n numbers the game's plays 1, 2, ... oldest first.
    A player who missed a play has no point for it."""
    series: dict[str, list[tuple[int, int]]] = {}
    names: dict[str, str] = {}
    for n, play in enumerate(by_time([p for p in plays if p["game"] == game]), 1):
        for p in play["players"]:
            key = player_key(p["name"])
            names[key] = p["name"].strip()
            series.setdefault(key, []).append((n, p["total"]))
    return {names[k]: v for k, v in series.items()}


def player_colours(plays: list[dict], game: str | None = None) -> dict[str, str]:
    """Each player's colour in their latest play (of `game`, or of any game), by name as
    `scores_over_time` spells it; plays stored without colours leave a player out."""
    colours: dict[str, str] = {}
    names: dict[str, str] = {}
    for play in by_time([p for p in plays if game is None or p["game"] == game]):
        for p in play["players"]:
            key = player_key(p["name"])
            names[key] = p["name"].strip()
            if p.get("colour"):
                colours[key] = p["colour"]
    return {names[k]: c for k, c in colours.items()}


def category_order(plays: list[dict], game: str) -> list[str]:
    """The game's scoring categories in the order its score sheets list them (first seen first)."""
    order: list[str] = []
    for play in by_time([p for p in plays if p["game"] == game]):
        for p in play["players"]:
            for cid in p["categories"]:
                if cid not in order:
                    order.append(cid)
    return order


def category_labels(plays: list[dict], game: str) -> dict[str, dict]:
    """Category id -> its label as stored with the plays (Msg JSON), the latest play's wins."""
    labels: dict[str, dict] = {}
    for play in by_time([p for p in plays if p["game"] == game]):
        labels.update(play.get("category_labels") or {})
    return labels


@dataclass
class HeadToHead:
    """Two players in the plays they played together: how often each finished ahead (a better rank)."""
    first: str   # latest spellings, `first` before `second` by name
    second: str
    plays: int = 0
    first_ahead: int = 0
    second_ahead: int = 0

    @property
    def level(self) -> int:
        """Plays in which they finished level (the same rank: a shared place)."""
        return self.plays - self.first_ahead - self.second_ahead


def head_to_head(plays: list[dict]) -> list[HeadToHead]:
    """Every pair that played together, most plays together first (then by names)."""
    pairs: dict[tuple[str, str], HeadToHead] = {}
    names: dict[str, str] = {}
    for play in by_time(plays):
        seats = [(player_key(p["name"]), p.get("rank", 1)) for p in play["players"]]
        for p in play["players"]:
            names[player_key(p["name"])] = p["name"].strip()
        for i, (a, rank_a) in enumerate(seats):
            for b, rank_b in seats[i + 1:]:
                if a == b:
                    continue
                (x, rx), (y, ry) = sorted([(a, rank_a), (b, rank_b)])
                pair = pairs.setdefault((x, y), HeadToHead(x, y))
                pair.plays += 1
                pair.first_ahead += rx < ry
                pair.second_ahead += ry < rx
    for (x, y), pair in pairs.items():
        pair.first, pair.second = names[x], names[y]
    return sorted(pairs.values(), key=lambda h: (-h.plays, h.first.casefold(), h.second.casefold()))


@dataclass
class Streaks:
    name: str
    longest: int = 0   # the most plays in a row they won
    current: int = 0   # the plays in a row they won up to their latest play (0: they did not win it)


def streaks(plays: list[dict]) -> list[Streaks]:
    """Each player's win streaks over their own plays (oldest first); longest streak first, then by name."""
    out: dict[str, Streaks] = {}
    for play in by_time(plays):
        for p in play["players"]:
            rec = out.setdefault(player_key(p["name"]), Streaks(p["name"].strip()))
            rec.name = p["name"].strip()
            rec.current = rec.current + 1 if won(play, p["name"]) else 0
            rec.longest = max(rec.longest, rec.current)
    return sorted(out.values(), key=lambda s: (-s.longest, -s.current, s.name.casefold()))


def play_time(plays: list[dict]) -> tuple[dict[str, int], dict[str, int]]:
    """Seconds played: per game id, and per player (latest spelling) in the plays they took part in."""
    games: dict[str, int] = {}
    players: dict[str, int] = {}
    names: dict[str, str] = {}
    for play in by_time(plays):
        games[play["game"]] = games.get(play["game"], 0) + seconds(play)
        for key in {player_key(p["name"]) for p in play["players"]}:
            players[key] = players.get(key, 0) + seconds(play)
        names.update({player_key(p["name"]): p["name"].strip() for p in play["players"]})
    return games, {names[k]: v for k, v in players.items()}


@dataclass
class StartPlayerRecord:
    plays: int = 0   # plays whose start player is known
    wins: int = 0    # ... that the start player won (a shared victory included)

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.plays if self.plays else None


def start_player_wins(plays: list[dict]) -> dict[str, StartPlayerRecord]:
    """Per game id: how often the start player won."""
    out: dict[str, StartPlayerRecord] = {}
    for play in plays:
        seat = start_seat(play)
        if seat is None:
            continue
        rec = out.setdefault(play["game"], StartPlayerRecord())
        rec.plays += 1
        rec.wins += won(play, play["players"][seat]["name"])
    return out
