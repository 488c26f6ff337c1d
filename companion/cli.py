"""`python -m companion ...`: the same engine as the app, without a screen."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from companion.config import load_settings
from companion.core.board import MAX_BOARD_FILE_BYTES, check_text
from companion.core.box import check_box_values
from companion.core.definition import BoardStateError, GameDefinition, InvalidMove, MissingBoxData
from companion.core.saving import in_one_line
from companion.core.result import Result
from companion.core.game import make_config
from companion.core.text import LANGUAGES, Msg, tr
from companion.games import GAMES, PLUGINS_ENV, load_plugins

EXIT_INVALID = 2
DATA_HELP = "data directory (default: ./data in a checkout, the user's data folder when installed)"


class CliError(Exception):
    """A user error: printed as one clear line on stderr, exit code 2."""


def read_json_file(path: str, what: str) -> object:
    file = Path(path)
    try:
        size = file.stat().st_size
    except OSError as error:
        raise CliError(f"{path}: cannot read {what}: {error.strerror}")
    if size > MAX_BOARD_FILE_BYTES:
        raise CliError(f"{path}: {what} is {size} bytes; the limit is {MAX_BOARD_FILE_BYTES}")
    try:
        return json.loads(file.read_text(encoding="utf-8"))
    except UnicodeDecodeError:
        raise CliError(f"{path}: {what} is not UTF-8 text")
    except OSError as error:  # a directory, no permission, ...
        raise CliError(f"{path}: cannot read {what}: {error.strerror}")
    except json.JSONDecodeError as error:
        raise CliError(f"{path}: not valid JSON: {error.msg} at line {error.lineno}, column {error.colno}")
    except ValueError:  # the one other thing json.loads refuses: Python's limit on digits in an integer
        raise CliError(f"{path}: {what} holds a number of more than {sys.get_int_max_str_digits()} digits")
    except RecursionError:  # e.g. [[[[...]]]] under the size limit
        raise CliError(f"{path}: {what} is nested too deeply")


def cmd_games(args) -> int:
    rows = [(g.id, g.name.render(args.lang), f"{g.min_players}-{g.max_players}") for g in GAMES.values()]
    if args.json:
        print(json.dumps([{"id": i, "name": n, "min_players": GAMES[i].min_players,
                           "max_players": GAMES[i].max_players} for i, n, _ in rows], indent=2, ensure_ascii=False))
    else:
        for game_id, name, players in rows:
            print(f"{game_id:<20} {name:<28} {tr(args.lang, 'core.cli.players', range=players)}")
    return 0


def cmd_setup(args) -> int:
    definition = GAMES.get(args.game)
    if definition is None:
        raise CliError(f"unknown game {args.game!r}; known: {', '.join(GAMES)}")
    if args.players not in definition.player_counts:
        raise CliError(f"{definition.id} is for {definition.min_players}-{definition.max_players} players, not {args.players}")
    names = [n.strip() for n in args.names.split(",")] if args.names else [
        tr(args.lang, "core.default_player", number=i + 1) for i in range(args.players)]
    if len(names) != args.players:
        raise CliError(f"--names gives {len(names)} names for {args.players} players")
    if not 1 <= args.start <= args.players:
        raise CliError(f"--start must be between 1 and {args.players}")
    try:
        config = make_config(definition, [{"name": n, "colour": c} for n, c in zip(names, definition.colours_for(args.players))],
                             args.start - 1)
    except InvalidMove as error:
        raise CliError(error.msg.render(args.lang))
    steps = definition.rules.setup_checklist(config)
    if args.json:
        print(json.dumps({"game": definition.id, "players": args.players, "steps": [
            {"id": s.id, "text": s.text.render(args.lang), "details": [d.render(args.lang) for d in s.details]}
            for s in steps]}, indent=2, ensure_ascii=False))
    else:
        print(f"{definition.name.render(args.lang)} - {tr(args.lang, 'core.cli.setup_for', players=args.players)}")
        for number, step in enumerate(steps, 1):
            print(f"[ ] {number}. {step.text.render(args.lang)}")
            for detail in step.details:
                print(f"       - {detail.render(args.lang)}")
    return 0


def load_box(args, definition: GameDefinition) -> dict:
    """The --data folder's box data, then the --box file's: either one game's values
    (`{"villa_4": 5}`) or values per game (`{"carpe-diem": {"villa_4": 5}}`, other keys ignored)."""
    box = {}
    if args.data:
        box.update(open_read_only(Path(args.data), args.lang).box_data(definition.id))
    if args.box:
        extra = read_json_file(args.box, "box data")
        if not isinstance(extra, dict):
            raise CliError(f"{args.box}: box data must be a JSON object of values")
        per_game = any(key in GAMES for key in extra)
        values, where = (extra.get(definition.id, {}), f"$.{definition.id}") if per_game else (extra, "$")
        try:
            check_text(values, where)
            box.update(check_box_values(definition, values, where))
        except BoardStateError as error:
            raise CliError(f"{args.box}: {error.field}: {error.msg.render(args.lang)}")
    return box


def definition_of(data: object) -> GameDefinition:
    """The game a board state names in `game` (required in every board-state file)."""
    if not isinstance(data, dict):
        raise BoardStateError("$", Msg("core.board.not_object"))
    if "game" not in data:
        raise BoardStateError("$.game", Msg("core.board.missing"))
    game_id = data["game"]
    if not isinstance(game_id, str) or game_id not in GAMES:  # a list or object here is not hashable
        shown = repr(game_id) if len(repr(game_id)) <= 60 else repr(game_id)[:57] + "..."
        raise BoardStateError("$.game", Msg("core.board.unknown_game", game=shown, known=list(GAMES)))
    return GAMES[game_id]


def score_data(data: object, box: dict | None = None) -> Result:
    """Validate and score a board state; raises BoardStateError / MissingBoxData."""
    definition = definition_of(data)
    check_text(data)  # a lone surrogate (JSON "\\ud800") in a name would fail on output
    return definition.end.score(definition.end.parse_board_state(data), box or {})


def print_sheet(sheet: Result, lang: str) -> None:
    labels = {k: v.render(lang) for k, v in sheet.category_labels.items()}
    print(GAMES[sheet.game].name.render(lang))
    for p in sorted(sheet.players, key=lambda p: p.rank):
        print(f"\n{p.rank}. {p.name}: {p.total}")
        for c in p.categories:
            print(f"   {labels.get(c.id, c.id):<28} {c.points:>4}   {c.explanation.render(lang)}")
        if p.tiebreak_note:
            print(f"   {p.tiebreak_note.render(lang)}")
    print("\n" + tr(lang, "core.cli.winners", names=sheet.winners))
    for note in sheet.notes:
        print(note.render(lang))


def cmd_score(args) -> int:
    data = read_json_file(args.file, "board state")
    try:
        sheet = score_data(data, load_box(args, definition_of(data)))
    except BoardStateError as error:
        raise CliError(f"{args.file}: {error.field}: {error.msg.render(args.lang)}")
    except MissingBoxData as error:
        raise CliError(f"{args.file}: {tr(args.lang, 'core.cli.box_missing', keys=error.keys)}")
    if args.json:
        print(json.dumps(sheet.to_json(args.lang), indent=2, ensure_ascii=False))
    else:
        print_sheet(sheet, args.lang)
    return 0


def data_dir(args) -> Path:
    return Path(args.data) if args.data else load_settings().data_dir


def open_read_only(folder: Path, lang: str):
    """The data folder for a command that only reads: nothing in it is created, changed or moved."""
    from companion.storage import Repository

    repo = Repository(folder, GAMES, read_only=True)
    for notice in repo.notices:
        print("warning:", notice.render(lang), file=sys.stderr)
    return repo


def cmd_export(args) -> int:
    from companion.storage import export

    repo = open_read_only(data_dir(args), args.lang)
    if args.format == "csv":
        text = export.plays_csv(repo.plays(), args.lang)
    elif args.format == "json":
        text = export.dumps(export.full_export(repo))
    else:
        plays = repo.plays()  # newest first
        chosen = [p for p in plays if p["id"] == args.play] if args.play else plays[:1]
        if not chosen:
            raise CliError(f"no play {args.play!r} in the history" if args.play else "the history is empty")
        if chosen[0].get("uncounted") and not args.anyway:
            raise CliError(f"play {chosen[0]['id']} is provisional: box values {', '.join(chosen[0]['uncounted'])} "
                           "are not entered, so its winner may change; enter them (Settings, Box data) or add --anyway")
        text = export.dumps(export.play_bgstats(chosen[0], args.lang))
    if args.out:
        from companion.storage.atomic import write_atomic

        try:  # whole or not at all: a full disk leaves no half export behind (nor a former one cut short)
            write_atomic(Path(args.out), text)
        except OSError as error:
            raise CliError(f"{args.out}: the export was not written: {in_one_line(error)}")
    else:
        sys.stdout.write(text if text.endswith("\n") else text + "\n")
    return 0


def cmd_import(args) -> int:
    from companion.storage import Repository
    from companion.storage import export
    from companion.storage.lock import DataFolderBusy, DataLock, LockError

    file = Path(args.file)
    try:
        size = file.stat().st_size
        if size > export.MAX_IMPORT_BYTES:
            raise CliError(f"{args.file}: the file is {size} bytes; the limit is {export.MAX_IMPORT_BYTES}")
        raw = file.read_bytes()
    except OSError as error:
        raise CliError(f"{args.file}: cannot read it: {error.strerror}")
    try:
        data = export.parse_text(raw)
    except export.ImportProblem as problem:
        raise CliError(f"{args.file}: {problem}; nothing was imported")
    folder = data_dir(args)
    try:  # the server keeps its own copy of the history in memory: writing under it would be lost
        lock = DataLock(folder).acquire("import")
    except DataFolderBusy as busy:
        raise CliError(busy.for_import())
    except LockError as error:
        raise CliError(str(error))
    with lock:
        try:
            result = export.import_data(Repository(folder, GAMES), data, checked=True)
        except OSError as error:
            raise CliError(f"not saved to the data folder {folder}: {in_one_line(error)}; importing the file "
                           "again adds only what is missing")
    print(f"imported {result['added']} plays ({result['skipped']} already there) "
          f"and box data of {result['box_games']} games")
    return 0


def cmd_run(args) -> int:
    from companion.ui.server import serve

    settings = load_settings()
    if args.new_token and not (args.lan or args.require_token):
        raise CliError("--new-token replaces the table token: use it with --lan or --require-token")
    return serve(host=args.host or settings.host, port=args.port or settings.port,
                 data_dir=Path(args.data) if args.data else settings.data_dir, lan=args.lan,
                 require_token=args.require_token, new_token=args.new_token)


def program_name() -> str:
    """How the user started it: the `tabula` command (installed) or `python -m companion` (a checkout)."""
    return "tabula" if Path(sys.argv[0]).name.lower().startswith("tabula") else "python -m companion"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=program_name(), description="Tabula, the board-game scoring companion")
    sub = parser.add_subparsers(dest="command", required=True)

    def with_lang(p):
        p.add_argument("--lang", choices=LANGUAGES, default="en", help="language of the output")
        return p

    p = with_lang(sub.add_parser("games", help="list the games and their player counts"))
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_games)

    p = with_lang(sub.add_parser("setup", help="print the setup checklist for a game"))
    p.add_argument("game", help="game id, see `games`")
    p.add_argument("--players", type=int, required=True)
    p.add_argument("--names", help="comma-separated player names in seating order (clockwise)")
    p.add_argument("--start", type=int, default=1, help="the start player's number in --names (default 1)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_setup)

    p = with_lang(sub.add_parser("score", help="score a finished game's board state (JSON, see docs/)"))
    p.add_argument("file")
    p.add_argument("--json", action="store_true")
    p.add_argument("--data", help="data directory whose entered box data to use")
    p.add_argument("--box", help="JSON file of box data values")
    p.set_defaults(func=cmd_score)

    p = with_lang(sub.add_parser("export", help="export the history: csv, one play for BG Stats, or everything as JSON"))
    p.add_argument("--format", choices=("csv", "bgstats", "json"), required=True)
    p.add_argument("--out", help="file to write (default: standard output)")
    p.add_argument("--play", help="bgstats: the play's id (default: the latest play)")
    p.add_argument("--anyway", action="store_true", help="bgstats: a provisional play too (box values not entered)")
    p.add_argument("--data", help=DATA_HELP)
    p.set_defaults(func=cmd_export)

    p = sub.add_parser("import", help="import a file made by `export --format json` (plays and box data)")
    p.add_argument("file")
    p.add_argument("--data", help=DATA_HELP)
    p.set_defaults(func=cmd_import)

    p = sub.add_parser("run", help="start the app in web mode")
    p.add_argument("--host")
    p.add_argument("--port", type=int)
    p.add_argument("--data", help=DATA_HELP)
    p.add_argument("--lan", action="store_true", help="serve on this machine's LAN address for phones at the table")
    p.add_argument("--require-token", action="store_true",
                   help="only phones that scanned the table's QR code get in; for a host that is reachable by "
                        "others, e.g. behind a tunnel (--lan implies it)")
    p.add_argument("--new-token", action="store_true",
                   help="replace the table token kept in the data folder: every phone must scan the QR code again")
    p.set_defaults(func=cmd_run)
    return parser


def main(argv: list[str] | None = None) -> int:
    for stream in (sys.stdout, sys.stderr):  # a terminal that cannot show a character gets \\u.... instead
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")
    args = build_parser().parse_args(argv)
    try:
        plugins()
        return args.func(args)
    except CliError as error:
        print(f"error: {one_line(str(error))}", file=sys.stderr)
        return EXIT_INVALID


def plugins() -> None:
    """Games from outside the app (TABULA_PLUGINS, see companion.games.load_plugins), before any command."""
    try:
        load_plugins()
    except (ImportError, AttributeError, ValueError) as error:
        raise CliError(f"{PLUGINS_ENV}: {error}") from None


def one_line(text: str, limit: int = 1000) -> str:
    """An error as one line of sensible length: a value from the file may hold line breaks or
    thousands of digits, and messages repeat what they found."""
    text = text.replace("\r", "\\r").replace("\n", "\\n")
    return text if len(text) <= limit else text[:limit - 3] + "..."
