"""One server per data folder: a second server and `import` are refused while a server runs, SIGKILL
frees the folder, and the read-only commands (`export`, `score --data`) never write into it."""

import hashlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion.cli import main
from companion.core.game import Game, make_config
from companion.games import GAMES
from companion.games.city_of_rome import GAME
from companion.storage import Repository
from companion.storage.lock import LOCK_FILE, DataFolderBusy, DataLock
from companion.storage.repository import ReadOnlyError
from tests.browser.harness import ROOT, Server, free_port


def new_game(sid: str) -> Game:
    colours = GAME.colours_for(3)
    config = make_config(GAME, [{"name": n, "colour": c} for n, c in zip(["Anna", "Ben", "Cleo"], colours)], 0)
    game = Game(id=sid, definition=GAME, config=config)
    game.record({"type": "adjust", "player": 0, "counter": "money", "delta": 4})
    return game


def a_play(game: Game, finished: float) -> dict:
    return {"id": game.id, "game": game.definition.id, "started": game.created, "finished": finished,
            "duration_s": 3000, "start_player": game.config["players"][0]["name"],
            "players": [{"name": p["name"], "total": 10 - i, "rank": i + 1, "categories": {"money": 10 - i}}
                        for i, p in enumerate(game.config["players"])],
            "winners": [game.config["players"][0]["name"]]}


def filled(folder: Path) -> Path:
    """A data folder with every kind of file: settings, names, box data, two plays, a game in progress."""
    repo = Repository(folder, GAMES)
    repo.set_setting("lang", "de")
    repo.remember_names(["Anna", "Ben"])
    repo.set_box_data("carpe-diem", {"villa_4": 5})
    repo.restore_play(a_play(new_game("20250101-100000-aaaaaa"), 1_700_000_000.0))
    repo.restore_play(a_play(new_game("20250102-100000-bbbbbb"), 1_700_100_000.0))
    repo.save(new_game("20250103-100000-cccccc"))
    return folder


def tree(folder: Path) -> dict[str, tuple[str, int]]:
    """Every file and folder under `folder`: content hash (or "dir") and modification time."""
    if not folder.exists():
        return {}
    return {str(p.relative_to(folder)): ("dir" if p.is_dir() else hashlib.sha256(p.read_bytes()).hexdigest(),
                                        p.stat().st_mtime_ns)
            for p in sorted(folder.rglob("*"))}


def cli(*args, timeout: float = 60) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env.pop("DISPLAY", None)
    return subprocess.run([sys.executable, "-m", "companion", *map(str, args)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=timeout)


@pytest.fixture
def server(tmp_path):
    s = Server(tmp_path / "data").start()
    yield s
    s.kill()


# ------------------------------------------------------------------ the lock itself

def test_the_lock_is_exclusive_says_who_holds_it_and_is_free_again_after_release(tmp_path):
    folder = tmp_path / "data"
    first = DataLock(folder).acquire("server", "http://127.0.0.1:8550/")
    with pytest.raises(DataFolderBusy) as busy:
        DataLock(folder).acquire("server", "http://127.0.0.1:8551/")  # a second open file: refused too
    assert busy.value.pid == os.getpid() and busy.value.url == "http://127.0.0.1:8550/"
    assert busy.value.for_server() == (
        f"another Tabula server is already using the data folder {folder} (pid {os.getpid()}, "
        "http://127.0.0.1:8550/); stop it or choose another folder with --data")
    assert busy.value.for_import() == f"the Tabula server is running on this data folder (pid {os.getpid()}); stop it first"
    first.release()
    assert (folder / LOCK_FILE).read_bytes() == b""  # a clean stop leaves nobody named in the file
    with DataLock(folder).acquire("import"):
        with pytest.raises(DataFolderBusy) as busy:
            DataLock(folder).acquire("server")
        assert "a Tabula import is writing" in busy.value.for_server()
    DataLock(folder).acquire("server").release()


def test_a_holder_that_has_not_written_its_name_yet_gives_a_message_without_pid(tmp_path):
    import fcntl

    folder = tmp_path / "data"
    folder.mkdir()
    fd = os.open(folder / LOCK_FILE, os.O_RDWR | os.O_CREAT)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # locked, file still empty: the moment in between
        with pytest.raises(DataFolderBusy) as busy:
            DataLock(folder).acquire("import")
        assert busy.value.for_import() == "the Tabula server is running on this data folder; stop it first"
    finally:
        os.close(fd)


def test_a_data_folder_that_is_a_file_is_one_clear_line(tmp_path, capsys):
    (tmp_path / "file").write_text("x")
    good = tmp_path / "good.json"
    assert main(["export", "--format", "json", "--data", str(filled(tmp_path / "d")), "--out", str(good)]) == 0
    assert main(["import", str(good), "--data", str(tmp_path / "file")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: cannot use the data folder") and err.count("\n") == 1


# ------------------------------------------------------------------ real servers

def test_a_second_server_on_the_same_folder_exits_2_and_the_first_keeps_running(server):
    before = time.monotonic()
    second = cli("run", "--port", free_port(), "--data", server.data_dir)
    assert second.returncode == 2, second.stdout + second.stderr
    assert second.stderr == (f"error: another Tabula server is already using the data folder {server.data_dir} "
                             f"(pid {server.proc.pid}, {server.url}); stop it or choose another folder with --data\n")
    assert time.monotonic() - before < 30
    assert server.proc.poll() is None


def test_after_sigkill_of_the_server_a_new_server_starts_on_the_folder(tmp_path):
    first = Server(tmp_path / "data").start()
    first.kill(signal.SIGKILL)
    assert first.proc.returncode == -signal.SIGKILL
    assert json.loads((tmp_path / "data" / LOCK_FILE).read_text())["pid"] == first.proc.pid  # stale, not held
    second = Server(tmp_path / "data").start()
    try:
        assert json.loads((tmp_path / "data" / LOCK_FILE).read_text())["pid"] == second.proc.pid
    finally:
        second.kill()


def test_import_while_the_server_runs_exits_2_and_changes_nothing(server, tmp_path):
    backup = tmp_path / "backup.json"
    assert main(["export", "--format", "json", "--data", str(filled(tmp_path / "other")), "--out", str(backup)]) == 0
    before = tree(server.data_dir)
    result = cli("import", backup, "--data", server.data_dir)
    assert result.returncode == 2
    assert result.stderr == f"error: the Tabula server is running on this data folder (pid {server.proc.pid}); stop it first\n"
    assert result.stdout == ""
    assert tree(server.data_dir) == before
    server.kill(signal.SIGTERM)
    result = cli("import", backup, "--data", server.data_dir)  # the server has gone: import goes through
    assert result.returncode == 0 and "imported 2 plays" in result.stdout
    assert len(Repository(server.data_dir, GAMES, read_only=True).plays()) == 2


# ------------------------------------------------------------------ read-only commands

@pytest.mark.parametrize("args", [["export", "--format", "csv"], ["export", "--format", "json"],
                                  ["export", "--format", "bgstats"]], ids=lambda a: a[-1])
def test_export_leaves_every_file_as_it_was_and_creates_nothing(tmp_path, capsys, args):
    folder = filled(tmp_path / "data")
    before = tree(folder)
    assert len(before) == 5  # settings, history, box data, live/ and its game
    assert main([*args, "--data", str(folder)]) == 0
    assert capsys.readouterr().out
    assert tree(folder) == before


def test_score_with_data_reads_the_box_data_without_writing(tmp_path, capsys):
    folder = filled(tmp_path / "data")
    before = tree(folder)
    main(["score", str(ROOT / "examples" / "city-of-rome-rulebook.json"), "--data", str(folder)])
    assert tree(folder) == before
    missing = tmp_path / "missing"
    main(["score", str(ROOT / "examples" / "city-of-rome-rulebook.json"), "--data", str(missing)])
    assert not missing.exists()


@pytest.mark.parametrize("fmt", ["csv", "json", "bgstats"])
def test_export_of_a_missing_folder_creates_no_folder(tmp_path, capsys, fmt):
    missing = tmp_path / "nothing" / "data"
    rc = main(["export", "--format", fmt, "--data", str(missing)])
    assert rc == (2 if fmt == "bgstats" else 0)  # bgstats: "the history is empty"
    assert not (tmp_path / "nothing").exists()


def test_export_as_a_real_process_writes_nothing_either(tmp_path):
    folder = filled(tmp_path / "data")
    before = tree(folder)
    result = cli("export", "--format", "json", "--data", folder)
    assert result.returncode == 0 and json.loads(result.stdout)["plays"]
    assert tree(folder) == before


@pytest.mark.parametrize("name", ["history.jsonl", "settings.json", "boxdata.json", "live"])
def test_export_reports_a_damaged_file_and_leaves_it_where_it_is(tmp_path, capsys, name):
    folder = filled(tmp_path / "data")
    damaged = next((folder / "live").glob("*.json")) if name == "live" else folder / name
    damaged.write_bytes(b'{"meta": {"1": {"schema": 1}}, "plays": {"1": ')  # truncated mid-write
    before = tree(folder)
    assert main(["export", "--format", "json", "--data", str(folder)]) == 0
    out, err = capsys.readouterr()
    assert f"warning: The data file {damaged.name} could not be read" in err and "left as it is" in err
    assert tree(folder) == before  # not moved aside, not rewritten
    assert not [p for p in folder.rglob("*") if ".damaged-" in p.name]
    data = json.loads(out)
    assert len(data["plays"]) == (0 if name == "history.jsonl" else 2)


def test_a_read_only_repository_reads_everything_and_refuses_every_write(tmp_path):
    folder = filled(tmp_path / "data")
    before = tree(folder)
    repo = Repository(folder, GAMES, read_only=True)
    assert [p["id"] for p in repo.plays()] == ["20250102-100000-bbbbbb", "20250101-100000-aaaaaa"]
    assert repo.settings()["lang"] == "de" and repo.known_names() == ["Anna", "Ben"]
    assert repo.box_data("carpe-diem") == {"villa_4": 5}
    assert [s.id for s in repo.live_games()] == ["20250103-100000-cccccc"]
    game = repo.live_games()[0]
    writes = [lambda: repo.save(game), lambda: repo.discard(game.id),
              lambda: repo.finish(game, a_play(game, 1_700_200_000.0)),
              lambda: repo.delete_play(repo.plays()[0]["doc_id"]),
              lambda: repo.restore_play(a_play(game, 1_700_300_000.0)),
              lambda: repo.set_setting("theme", "dark"), lambda: repo.remember_names(["Zoe"]),
              lambda: repo.set_box_data("carpe-diem", {"villa_4": 6})]
    for write in writes:
        with pytest.raises(ReadOnlyError):
            write()
    assert tree(folder) == before
    # and what it reads is unchanged by the refused writes (TinyDB edits its copy before it writes)
    assert len(repo.plays()) == 2 and repo.known_names() == ["Anna", "Ben"]
    assert repo.box_data("carpe-diem") == {"villa_4": 5} and repo.settings()["theme"] == "light"
    assert repo.game(game.id) is game
