"""Export and import of the history (see docs/export.md).

- `plays_csv`: every play, one row per player, for spreadsheets;
- `play_bgstats`: one play as a Board Game Stats play file (what BG Stats opens from "share"),
  `bgstats_link`: the link that opens BG Stats with the play filled in, and `bgstats_short_link`: the same
  play as a link to Tabula's own page that opens that link (short enough for a QR code read at a glance);
- `full_export` / `import_data`: Tabula's own file of all plays and box data, which imports back
  exactly. An import is checked completely before anything is written: a bad file changes nothing
  and `ImportProblem` names the field and what is wrong.
"""

from __future__ import annotations

import base64
import csv
import io
import json
import re
import sys
import time
import uuid
import zlib
from typing import Any
from urllib.parse import quote

from companion.core import stats
from companion.core.board import check_text
from companion.core.box import check_box_values
from companion.core.definition import BoardStateError
from companion.core.text import catalogue
from companion.games import GAMES
from companion.storage.history import gc_paused

FORMAT = "tabula-export"
VERSION = 1
MAX_IMPORT_BYTES = 128 * 1024 * 1024  # a backup of 10,000 plays is about 90 MB
MAX_PLAYS = 100_000
# A message in a backup is rendered on every draw of History: its size is bounded like this.
MAX_TEXT = 200          # characters of a text parameter, a name or an id
MAX_ITEMS = 50          # parameters of a message, items of a list parameter
MAX_MSG_DEPTH = 3       # a message in a message in a message (the deepest Tabula writes)
MAX_PARAM_NUMBER = 10**15
MAX_CATEGORIES = 100
MAX_TIME = 253_402_300_799  # 9999-12-31 23:59:59 UTC, the last second a date can show
BGSTATS_ABOUT = ("This is a Play file that can be read by Board Game Stats. If you see this text, try to use a "
                 "share, export or open-in function to open it with Board Game Stats.")
_NS = uuid.UUID("6f1d3c1e-8a5e-4f3e-9a55-7461627561aa")  # Tabula's namespace for stable BG Stats uuids
BGSTATS_SOURCE = "Tabula"  # with the ids below, what BG Stats remembers its matches by: never change it
BGSTATS_CREATE_PLAY = "https://app.bgstatsapp.com/createPlay.html"
BGSTATS_PAGE = "bgstats.html"  # Tabula's page that opens BG Stats' link from a short one (assets/)


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
    definition = GAMES.get(game_id)
    return definition.name.render(lang) if definition else game_id


def local_time(ts: float, fmt: str = "%Y-%m-%d %H:%M:%S") -> str:
    return time.strftime(fmt, time.localtime(ts))


# ---------------------------------------------------------------------------------------------- CSV

CSV_COLUMNS = ["play_id", "date", "game_id", "game", "duration_min", "start_player", "seat", "player",
               "colour", "rank", "total", "winner", "provisional"]


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
        winners, start = set(play["winners"]), stats.start_seat(play)
        starter = play["players"][start]["name"] if start is not None else play.get("start_player", "")
        for seat, p in enumerate(play["players"], 1):
            writer.writerow([
                play["id"], local_time(play["finished"]), play["game"], game_name(play["game"], lang),
                round(play.get("duration_s", 0) / 60), starter, seat, p["name"],
                p.get("colour", ""), p["rank"], p["total"], "yes" if p["name"] in winners else "no",
                "yes" if play.get("uncounted") else "no",
                *[p["categories"].get(c, "") for c in categories],
            ])
    return out.getvalue()


# ---------------------------------------------------------------------------------------------- BG Stats

def _uuid(*parts: str) -> str:
    return str(uuid.uuid5(_NS, "/".join(parts)))


def utc_time(ts: float) -> str:
    """BG Stats' dates: UTC, `yyyy-MM-dd HH:mm:ss`."""
    return time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(ts))


def bgstats_player_id(name: str) -> str:
    """The same for a name in every play (spaces around it and case aside): BG Stats remembers which of
    its players a source's player id is, so a player is matched once."""
    return _uuid("player", stats.player_key(name))


def bgg_id(game_id: str) -> int | None:
    definition = GAMES.get(game_id)
    return definition.bgg_id if definition else None


def play_bgstats(play: dict, lang: str = "en") -> dict:
    """One play as a BG Stats play file (.bgsplay). Field by field in docs/export.md."""
    play = clean(play)
    date = utc_time(play["finished"] - play.get("duration_s", 0))  # when the game began
    entry = utc_time(play["finished"])
    winners, start = set(play["winners"]), stats.start_seat(play)
    known = bgg_id(play["game"]) or 0  # 0: not linked to BoardGameGeek
    players = [{"uuid": bgstats_player_id(p["name"]), "id": i, "name": p["name"],
                "isAnonymous": False, "modificationDate": entry, "bggUsername": ""}
               for i, p in enumerate(play["players"], 1)]
    return {
        "about": BGSTATS_ABOUT,
        "players": players,
        "locations": [],
        "games": [{"uuid": _uuid("game", play["game"]), "id": 1, "name": game_name(play["game"], lang),
                   "modificationDate": entry, "cooperative": False, "highestWins": True, "noPoints": False,
                   "usesTeams": False, "bggId": known}],
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
            "bggId": known,
            "usesTeams": False,
            "comments": f"Tabula: {game_name(play['game'], lang)}",
            "playerScores": [{
                "playerRefId": i,
                "score": str(p["total"]),
                "winner": p["name"] in winners,
                "startPlayer": i - 1 == start,
                "seatOrder": i - 1,
                "rank": p["rank"],
                "newPlayer": False,
            } for i, p in enumerate(play["players"], 1)],
        }],
        "userInfo": {},
    }


def bgstats_play(play: dict, lang: str = "en") -> dict:
    """One play as BG Stats' "create play" link carries it (docs/export.md): every boolean written out
    (its Android app fails on a missing one), `bggId` a number and left out where not known."""
    winners, start = set(play["winners"]), stats.start_seat(play)
    game = {"name": game_name(play["game"], lang), "sourceGameId": play["game"], "highestWins": True,
            "noPoints": False}
    known = bgg_id(play["game"])
    if known:
        game["bggId"] = known
    return {
        "sourceName": BGSTATS_SOURCE,
        "sourcePlayId": play["id"],
        "playDate": utc_time(play["finished"] - play.get("duration_s", 0)),
        "durationMin": round(play.get("duration_s", 0) / 60),
        "game": game,
        "players": [{"name": p["name"], "sourcePlayerId": bgstats_player_id(p["name"]), "score": p["total"],
                     "winner": p["name"] in winners, "startPlayer": seat == start, "rank": p["rank"]}
                    for seat, p in enumerate(play["players"])],
    }


def bgstats_data(play: dict, lang: str = "en") -> str:
    """The JSON text BG Stats' "create play" link carries."""
    return json.dumps(bgstats_play(play, lang), ensure_ascii=False, separators=(",", ":"))


def bgstats_link(play: dict, lang: str = "en") -> str:
    """The link that opens BG Stats with the play filled in (on a phone with the app)."""
    return f"{BGSTATS_CREATE_PLAY}?data={quote(bgstats_data(play, lang), safe=':,')}"


def bgstats_short_link(play: dict, site: str, lang: str = "en") -> str:
    """The same play as a link to Tabula's page at `site` (where other phones open the app; ends in "/"):
    `bgstats.html#play=` and the JSON of `bgstats_link`, deflated and in base64url. The page inflates it
    and offers `bgstats_link` itself, byte for byte. Half as long as that link (its percent-encoded JSON is
    its bulk), so that its QR code has modules of 4 px and more on a phone; and in the fragment, which the
    browser never sends to the site."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)  # raw deflate: what the page's DecompressionStream reads
    packed = packer.compress(bgstats_data(play, lang).encode()) + packer.flush()
    return f"{site}{BGSTATS_PAGE}#play={base64.urlsafe_b64encode(packed).rstrip(b'=').decode()}"


def bgstats_file_name(play: dict) -> str:
    return f"tabula-{play['game']}-{local_time(play['finished'], '%Y%m%d-%H%M')}.bgsplay"


# ---------------------------------------------------------------------------------------------- own format

def full_export(repo) -> dict:
    """Every play (oldest first) and every game's box data, in Tabula's own format."""
    plays = sorted(repo.whole_plays(), key=lambda p: p["finished"])
    box = {gid: repo.box_data(gid) for gid in sorted(GAMES)}
    return {"format": FORMAT, "version": VERSION, "exported": local_time(time.time()),
            "plays": plays, "box_data": {g: v for g, v in box.items() if v}}


def dumps(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, indent=1)


def _need(cond: bool, field: str, problem: str) -> None:  # (both texts are built before the test: not in loops)
    if not cond:
        raise ImportProblem(field, problem)


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _is_num(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and v == v and abs(v) != float("inf")


def _path(at: Any) -> str:
    """A field named lazily, as (parent, separator, name) down from a text: a backup holds hundreds of
    thousands of message parameters, and their paths are only needed for the one that is wrong."""
    parts = []
    while isinstance(at, tuple):
        at, sep, name = at
        parts.append(f"{sep}{name}")
    return at + "".join(reversed(parts))


def _check_msg(v: Any, at: Any, depth: int = 1) -> None:
    """A message as Tabula writes it: a key of the message catalogue and small parameters. An unknown
    key would show as the bare key; a huge parameter would be drawn on every render of History."""
    if not (isinstance(v, dict) and isinstance(v.get("key"), str) and v["key"]
            and isinstance(v.get("params", {}), dict)):
        raise ImportProblem(_path(at), "is not a message ({\"key\": ..., \"params\": {...}})")
    if len(v) > 2 or not set(v) <= {"key", "params"}:
        raise ImportProblem(_path(at), f"has fields other than key and params: {sorted(set(v) - {'key', 'params'})}")
    if v["key"] not in catalogue("en"):
        raise ImportProblem(_path((at, ".", "key")), f"{_shown(v['key'])} is not a message of this Tabula")
    params = v.get("params", {})
    if len(params) > MAX_ITEMS:
        raise ImportProblem(_path((at, ".", "params")), f"has {len(params)} parameters; the limit is {MAX_ITEMS}")
    for name, value in params.items():
        if not _plain(value):
            _check_param(value, (at, ".params.", name), depth, in_list=False)


def _plain(value: Any) -> bool:
    """The common parameters, checked at once: a short text, a small whole number."""
    kind = type(value)
    return (kind is str and len(value) <= MAX_TEXT) or (kind is int and -MAX_PARAM_NUMBER <= value <= MAX_PARAM_NUMBER)


def _check_param(value: Any, at: Any, depth: int, in_list: bool) -> None:
    if isinstance(value, str):
        if len(value) > MAX_TEXT:
            raise ImportProblem(_path(at), f"is {len(value)} characters long; the limit is {MAX_TEXT}")
    elif isinstance(value, bool) or value is None:
        pass
    elif isinstance(value, (int, float)):
        if not (_is_num(value) and abs(value) <= MAX_PARAM_NUMBER):
            raise ImportProblem(_path(at), f"must be a number between -{MAX_PARAM_NUMBER} and {MAX_PARAM_NUMBER}")
    elif isinstance(value, list):
        if in_list:
            raise ImportProblem(_path(at), "is a list in a list")
        if len(value) > MAX_ITEMS:
            raise ImportProblem(_path(at), f"has {len(value)} items; the limit is {MAX_ITEMS}")
        for i, item in enumerate(value):
            if not _plain(item):
                _check_param(item, (at, "", f"[{i}]"), depth, in_list=True)
    elif isinstance(value, dict) and len(value) == 1 and "$msg" in value:
        if depth >= MAX_MSG_DEPTH:
            raise ImportProblem(_path(at), f"nests messages more than {MAX_MSG_DEPTH} deep")
        _check_msg(value["$msg"], (at, ".", "$msg"), depth + 1)
    else:
        raise ImportProblem(_path(at), "must be a text, a number, a list or a message ({\"$msg\": ...})")


def _text(v: Any, limit: int = MAX_TEXT) -> bool:
    return isinstance(v, str) and v.strip() != "" and len(v) <= limit


def _shown(v: Any) -> str:
    text = repr(v)
    return text if len(text) <= 60 else text[:57] + "..."


def check_play(play: Any, where: str) -> None:
    """Everything the history screens and the statistics rely on; raises ImportProblem."""
    _need(isinstance(play, dict), where, "is not an object")
    _need(_text(play.get("id")), f"{where}.id", f"must be a non-empty text of at most {MAX_TEXT} characters")
    _need(isinstance(play.get("game"), str) and play["game"] in GAMES, f"{where}.game",
          f"unknown game {_shown(play.get('game'))}; known: {', '.join(GAMES)}")
    for key in ("started", "finished"):  # shown as dates: up to the year 9999
        _need(_is_num(play.get(key)) and 0 <= play[key] <= MAX_TIME, f"{where}.{key}",
              f"must be a time in seconds since 1970 (a number from 0 to {MAX_TIME})")
    _need(_is_int(play.get("duration_s")) and 0 <= play["duration_s"] <= play["finished"], f"{where}.duration_s",
          "must be a whole number of seconds, from 0 to the time the play finished")
    players = play.get("players")
    _need(isinstance(players, list) and players, f"{where}.players", "must be a non-empty list")
    most = GAMES[play["game"]].max_players
    _need(len(players) <= most, f"{where}.players", f"has {len(players)} players; the game is for at most {most}")
    names = []
    for i, p in enumerate(players):
        at = f"{where}.players[{i}]"
        _need(isinstance(p, dict), at, "is not an object")
        _need(_text(p.get("name")), f"{at}.name", f"must be a non-empty text of at most {MAX_TEXT} characters")
        _need(isinstance(p.get("colour", ""), str) and len(p.get("colour", "")) <= MAX_TEXT, f"{at}.colour",
              f"must be a text of at most {MAX_TEXT} characters")
        _need(_is_int(p.get("total")) and abs(p["total"]) <= MAX_PARAM_NUMBER, f"{at}.total", "must be a whole number")
        _need(_is_int(p.get("rank")) and 1 <= p["rank"] <= len(players), f"{at}.rank",
              "must be a whole number from 1 to the number of players")
        cats = p.get("categories")
        _need(isinstance(cats, dict), f"{at}.categories", "must be an object of points")
        _need(len(cats) <= MAX_CATEGORIES, f"{at}.categories", f"has {len(cats)} categories; the limit is {MAX_CATEGORIES}")
        for cid, pts in cats.items():
            if len(cid) > MAX_TEXT:
                raise ImportProblem(f"{at}.categories", f"a category id is longer than {MAX_TEXT} characters")
            if not (_is_int(pts) and abs(pts) <= MAX_PARAM_NUMBER):
                raise ImportProblem(f"{at}.categories.{cid}", "must be a whole number")
        expl = p.get("explanations", {})
        _need(isinstance(expl, dict), f"{at}.explanations", "must be an object")
        for cid, msg in expl.items():
            _check_msg(msg, (at, ".explanations.", cid))
        tiebreak = p.get("tiebreak", [])
        _need(isinstance(tiebreak, list) and len(tiebreak) <= MAX_ITEMS, f"{at}.tiebreak",
              f"must be a list of at most {MAX_ITEMS} items")
        names.append(p["name"])
    _need(len(set(names)) == len(names), f"{where}.players", "names a player twice")
    _need(isinstance(play.get("start_player"), str) and len(play["start_player"]) <= MAX_TEXT,
          f"{where}.start_player", "must be a player's name")
    _need("start_seat" not in play or (_is_int(play["start_seat"]) and 0 <= play["start_seat"] < len(players)),
          f"{where}.start_seat", "must be the start player's seat, a whole number from 0 to the players less 1")
    winners = play.get("winners")
    _need(isinstance(winners, list) and winners and all(w in names for w in winners), f"{where}.winners",
          "must list one or more of the play's players by name")
    labels = play.get("category_labels", {})
    _need(isinstance(labels, dict) and len(labels) <= MAX_CATEGORIES, f"{where}.category_labels",
          f"must be an object of at most {MAX_CATEGORIES} labels")
    for cid, msg in labels.items():
        _check_msg(msg, (where, ".category_labels.", cid))
    notes = play.get("notes", [])
    _need(isinstance(notes, list) and len(notes) <= MAX_ITEMS, f"{where}.notes",
          f"must be a list of at most {MAX_ITEMS} messages")
    for i, msg in enumerate(notes):
        _check_msg(msg, (where, ".notes", f"[{i}]"))
    _need(isinstance(play.get("board", {}), dict), f"{where}.board", "must be an object")
    _need(isinstance(play.get("box_used", {}), dict), f"{where}.box_used", "must be an object")
    uncounted = play.get("uncounted", [])
    _need(isinstance(uncounted, list) and len(uncounted) <= MAX_ITEMS and all(_text(k) for k in uncounted),
          f"{where}.uncounted", f"must be a list of at most {MAX_ITEMS} box value keys")


def check_box(box: Any) -> None:
    """Each game's values go through the same check as Settings » Box data (`core.box`)."""
    _need(isinstance(box, dict), "$.box_data", "must be an object of games")
    for gid, values in box.items():
        _need(gid in GAMES, f"$.box_data.{gid}", f"unknown game; known: {', '.join(GAMES)}")
        _need(isinstance(values, dict), f"$.box_data.{gid}", "must be an object of values")
        try:
            check_box_values(GAMES[gid], values, f"$.box_data.{gid}")
        except BoardStateError as error:
            raise ImportProblem(error.field, error.msg.render("en")) from None


def parse_text(text: bytes | str) -> dict:
    """Decode and check a file's content; raises ImportProblem, changes nothing."""
    if isinstance(text, str):
        try:
            text = text.encode("utf-8")
        except UnicodeEncodeError:
            raise ImportProblem("$", "the text is not valid Unicode")
    size = len(text)
    _need(size <= MAX_IMPORT_BYTES, "$", f"the file is {size} bytes; the limit is {MAX_IMPORT_BYTES}")
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise ImportProblem("$", "the file is not UTF-8 text")
    try:
        with gc_paused():  # a backup of 10,000 plays is millions of small objects (see gc_paused)
            data = json.loads(text)
    except json.JSONDecodeError as error:
        raise ImportProblem("$", f"not valid JSON: {error.msg} at line {error.lineno}, column {error.colno}")
    except ValueError:  # the one other thing json.loads refuses: Python's limit on digits in an integer
        raise ImportProblem("$", f"a number has more than {sys.get_int_max_str_digits()} digits")
    except RecursionError:  # e.g. [[[[...]]]] under the size limit
        raise ImportProblem("$", "the JSON is nested too deeply")
    with gc_paused():
        check_export(data, text)
    return data


# In JSON text a surrogate (lone or one of a pair) can only come from a \\uD800-\\uDFFF escape.
SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def check_export(data: Any, text: str | None = None) -> None:
    """Raises ImportProblem; `text`: the JSON text `data` was read from, if at hand (then the search
    for lone surrogates is skipped when the text has no surrogate escape at all)."""
    _need(isinstance(data, dict), "$", "is not a JSON object")
    if text is None or SURROGATE_ESCAPE.search(text):
        try:  # a lone surrogate ("\\ud800") cannot be written to the history file, nor shown
            check_text(data)
        except BoardStateError as error:
            raise ImportProblem(error.field, error.msg.render("en")) from None
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


def import_data(repo, data: dict, checked: bool = False) -> dict:
    """Add the file's plays (those not already in the history, by id) and its box data. Checks
    everything first (`checked`: `data` is what parse_text returned, checked already); returns
    {"added": n, "skipped": n, "box_games": n}."""
    with gc_paused():
        if not checked:
            check_export(data)
        added = repo.add_plays(data["plays"], checked=True)  # in one write, whatever their number
    box = data.get("box_data", {})
    for gid, values in box.items():
        if values:
            repo.set_box_data(gid, values)
    return {"added": added, "skipped": len(data["plays"]) - added, "box_games": len(box)}
