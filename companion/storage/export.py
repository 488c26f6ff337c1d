"""Export and import of the history (see docs/export.md).

- `plays_csv`: every play, one row per player, for spreadsheets;
- `play_bgstats`: one play as a Board Game Stats play file (what BG Stats opens from "share");
- `full_export` / `import_data`: Tabula's own file of all plays and box data, which imports back
  exactly. An import is checked completely before anything is written: a bad file changes nothing
  and `ImportProblem` names the field and what is wrong.
"""

from __future__ import annotations

import csv
import io
import json
import time
import uuid
from typing import Any

from companion.games import GAMES

FORMAT = "tabula-export"
VERSION = 1
MAX_IMPORT_BYTES = 20 * 1024 * 1024
MAX_PLAYS = 100_000
BGSTATS_ABOUT = ("This is a Play file that can be read by Board Game Stats. If you see this text, try to use a "
                 "share, export or open-in function to open it with Board Game Stats.")
_NS = uuid.UUID("6f1d3c1e-8a5e-4f3e-9a55-7461627561aa")  # Tabula's namespace for stable BG Stats uuids


class ImportProblem(Exception):
    """A file that cannot be imported: `field` is a JSON path like `$.plays[2].players[0].total`."""

    def __init__(self, field: str, problem: str):
        super().__init__(f"{field}: {problem}")
        self.field = field
        self.problem = problem


def clean(play: dict) -> dict:
    """A play as stored, without the database's record id."""
    return {k: v for k, v in play.items() if k != "doc_id"}


def game_name(game_id: str, lang: str = "en") -> str:
    game = GAMES.get(game_id)
    return game.name.render(lang) if game else game_id


def local_time(ts: float, fmt: str = "%Y-%m-%d %H:%M:%S") -> str:
    return time.strftime(fmt, time.localtime(ts))


# ---------------------------------------------------------------------------------------------- CSV

CSV_COLUMNS = ["play_id", "date", "game_id", "game", "duration_min", "start_player", "seat", "player",
               "colour", "rank", "total", "winner"]


def plays_csv(plays: list[dict], lang: str = "en") -> str:
    """One row per player and play, oldest play first; one `cat:<id>` column per scoring category
    (empty where a game has no such category)."""
    ordered = sorted((clean(p) for p in plays), key=lambda p: p["finished"])
    categories: list[str] = []
    for play in ordered:
        for p in play["players"]:
            categories += [c for c in p["categories"] if c not in categories]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS + [f"cat:{c}" for c in categories])
    for play in ordered:
        winners = set(play["winners"])
        for seat, p in enumerate(play["players"], 1):
            writer.writerow([
                play["id"], local_time(play["finished"]), play["game"], game_name(play["game"], lang),
                round(play.get("duration_s", 0) / 60), play.get("start_player", ""), seat, p["name"],
                p.get("colour", ""), p["rank"], p["total"], "yes" if p["name"] in winners else "no",
                *[p["categories"].get(c, "") for c in categories],
            ])
    return out.getvalue()


# ---------------------------------------------------------------------------------------------- BG Stats

def _uuid(*parts: str) -> str:
    return str(uuid.uuid5(_NS, "/".join(parts)))


def play_bgstats(play: dict, lang: str = "en") -> dict:
    """One play as a BG Stats play file (.bgsplay). Field by field in docs/export.md."""
    play = clean(play)
    date = local_time(play["finished"] - play.get("duration_s", 0))  # when the game began
    entry = local_time(play["finished"])
    winners = set(play["winners"])
    players = [{"uuid": _uuid("player", p["name"].strip().casefold()), "id": i, "name": p["name"],
                "isAnonymous": False, "modificationDate": entry, "bggUsername": ""}
               for i, p in enumerate(play["players"], 1)]
    return {
        "about": BGSTATS_ABOUT,
        "players": players,
        "locations": [],
        "games": [{"uuid": _uuid("game", play["game"]), "id": 1, "name": game_name(play["game"], lang),
                   "modificationDate": entry, "cooperative": False, "highestWins": True, "noPoints": False,
                   "usesTeams": False, "bggId": 0}],
        "plays": [{
            "uuid": _uuid("play", play["id"]),
            "gameRefId": 1,
            "playDate": date,
            "entryDate": entry,
            "modificationDate": entry,
            "durationMin": round(play.get("duration_s", 0) / 60),
            "ignored": False,
            "manualWinner": False,
            "rounds": 0,
            "bggId": 0,
            "usesTeams": False,
            "comments": f"Tabula: {game_name(play['game'], lang)}",
            "playerScores": [{
                "playerRefId": i,
                "score": str(p["total"]),
                "winner": p["name"] in winners,
                "startPlayer": p["name"] == play.get("start_player"),
                "seatOrder": i - 1,
                "rank": p["rank"],
                "newPlayer": False,
            } for i, p in enumerate(play["players"], 1)],
        }],
        "userInfo": {},
    }


def bgstats_file_name(play: dict) -> str:
    return f"tabula-{play['game']}-{local_time(play['finished'], '%Y%m%d-%H%M')}.bgsplay"


# ---------------------------------------------------------------------------------------------- own format

def full_export(repo) -> dict:
    """Every play (oldest first) and every game's box data, in Tabula's own format."""
    plays = sorted((clean(p) for p in repo.plays()), key=lambda p: p["finished"])
    box = {gid: repo.box_data(gid) for gid in sorted(GAMES)}
    return {"format": FORMAT, "version": VERSION, "exported": local_time(time.time()),
            "plays": plays, "box_data": {g: v for g, v in box.items() if v}}


def dumps(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, indent=1)


def _need(cond: bool, field: str, problem: str) -> None:
    if not cond:
        raise ImportProblem(field, problem)


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _is_num(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and v == v and abs(v) != float("inf")


def _check_msg(v: Any, field: str) -> None:
    _need(isinstance(v, dict) and isinstance(v.get("key"), str) and v["key"]
          and isinstance(v.get("params", {}), dict), field, "is not a message ({\"key\": ..., \"params\": {...}})")


def check_play(play: Any, where: str) -> None:
    """Everything the history screens and the statistics rely on; raises ImportProblem."""
    _need(isinstance(play, dict), where, "is not an object")
    _need(isinstance(play.get("id"), str) and play["id"].strip() != "", f"{where}.id", "must be a non-empty text")
    _need(play.get("game") in GAMES, f"{where}.game", f"unknown game {play.get('game')!r}; known: {', '.join(GAMES)}")
    for key in ("started", "finished"):
        _need(_is_num(play.get(key)) and play[key] >= 0, f"{where}.{key}", "must be a time in seconds (a number)")
    _need(_is_int(play.get("duration_s")) and play["duration_s"] >= 0, f"{where}.duration_s",
          "must be a whole number of seconds, 0 or more")
    players = play.get("players")
    _need(isinstance(players, list) and players, f"{where}.players", "must be a non-empty list")
    names = []
    for i, p in enumerate(players):
        at = f"{where}.players[{i}]"
        _need(isinstance(p, dict), at, "is not an object")
        _need(isinstance(p.get("name"), str) and p["name"].strip() != "", f"{at}.name", "must be a non-empty text")
        _need(isinstance(p.get("colour", ""), str), f"{at}.colour", "must be a text")
        _need(_is_int(p.get("total")), f"{at}.total", "must be a whole number")
        _need(_is_int(p.get("rank")) and p["rank"] >= 1, f"{at}.rank", "must be a whole number, 1 or more")
        cats = p.get("categories")
        _need(isinstance(cats, dict), f"{at}.categories", "must be an object of points")
        for cid, pts in cats.items():
            _need(_is_int(pts), f"{at}.categories.{cid}", "must be a whole number")
        expl = p.get("explanations", {})
        _need(isinstance(expl, dict), f"{at}.explanations", "must be an object")
        for cid, msg in expl.items():
            _check_msg(msg, f"{at}.explanations.{cid}")
        _need(isinstance(p.get("tiebreak", []), list), f"{at}.tiebreak", "must be a list")
        names.append(p["name"])
    _need(len(set(names)) == len(names), f"{where}.players", "names a player twice")
    _need(isinstance(play.get("start_player"), str), f"{where}.start_player", "must be a player's name")
    winners = play.get("winners")
    _need(isinstance(winners, list) and winners and all(w in names for w in winners), f"{where}.winners",
          "must list one or more of the play's players by name")
    labels = play.get("category_labels", {})
    _need(isinstance(labels, dict), f"{where}.category_labels", "must be an object")
    for cid, msg in labels.items():
        _check_msg(msg, f"{where}.category_labels.{cid}")
    notes = play.get("notes", [])
    _need(isinstance(notes, list), f"{where}.notes", "must be a list")
    for i, msg in enumerate(notes):
        _check_msg(msg, f"{where}.notes[{i}]")
    _need(isinstance(play.get("board", {}), dict), f"{where}.board", "must be an object")
    _need(isinstance(play.get("box_used", {}), dict), f"{where}.box_used", "must be an object")


def check_box(box: Any) -> None:
    _need(isinstance(box, dict), "$.box_data", "must be an object of games")
    for gid, values in box.items():
        _need(gid in GAMES, f"$.box_data.{gid}", f"unknown game; known: {', '.join(GAMES)}")
        _need(isinstance(values, dict), f"$.box_data.{gid}", "must be an object of values")
        for key, v in values.items():
            _need(isinstance(v, (int, list, dict)) and not isinstance(v, bool), f"$.box_data.{gid}.{key}",
                  "must be a number, a list or an object")


def parse_text(text: bytes | str) -> dict:
    """Decode and check a file's content; raises ImportProblem, changes nothing."""
    size = len(text.encode("utf-8") if isinstance(text, str) else text)
    _need(size <= MAX_IMPORT_BYTES, "$", f"the file is {size} bytes; the limit is {MAX_IMPORT_BYTES}")
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise ImportProblem("$", "the file is not UTF-8 text")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise ImportProblem("$", f"not valid JSON: {error.msg} at line {error.lineno}, column {error.colno}")
    except RecursionError:  # e.g. [[[[...]]]] under the size limit
        raise ImportProblem("$", "the JSON is nested too deeply")
    check_export(data)
    return data


def check_export(data: Any) -> None:
    _need(isinstance(data, dict), "$", "is not a JSON object")
    if "format" not in data and isinstance(data.get("about"), str) and "playerScores" in str(data.get("plays"))[:2000]:
        raise ImportProblem("$", "this is a BG Stats file; Tabula imports only its own export (export --format json)")
    _need(data.get("format") == FORMAT, "$.format", f"must be {FORMAT!r} (a file made by Tabula's export)")
    _need(data.get("version") == VERSION, "$.version", f"version {data.get('version')!r} is not supported "
                                                       f"(this Tabula reads version {VERSION})")
    plays = data.get("plays")
    _need(isinstance(plays, list), "$.plays", "must be a list")
    _need(len(plays) <= MAX_PLAYS, "$.plays", f"has {len(plays)} plays; the limit is {MAX_PLAYS}")
    ids = set()
    for i, play in enumerate(plays):
        check_play(play, f"$.plays[{i}]")
        _need(play["id"] not in ids, f"$.plays[{i}].id", f"{play['id']!r} is given twice")
        ids.add(play["id"])
    check_box(data.get("box_data", {}))


def import_data(repo, data: dict) -> dict:
    """Add the file's plays (those not already in the history, by id) and its box data.
    Checks everything first; returns {"added": n, "skipped": n, "box_games": n}."""
    check_export(data)
    have = {p["id"] for p in repo.plays()}
    new = [p for p in data["plays"] if p["id"] not in have]
    for play in new:
        repo.restore_play(play)
    box = data.get("box_data", {})
    for gid, values in box.items():
        if values:
            repo.set_box_data(gid, values)
    return {"added": len(new), "skipped": len(data["plays"]) - len(new), "box_games": len(box)}
