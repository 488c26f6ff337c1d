"""Exposure: the server listens on 127.0.0.1 unless --lan is given; files read from outside (board
states, box data, backup imports) are size-limited and validated; nothing evaluates user input."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion.cli import main
from companion.config import load_settings
from companion.core.board import MAX_BOARD_FILE_BYTES
from companion.storage import export

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def listening_addresses(pid: int, port: int) -> list[str]:
    """The local addresses of the TCP sockets in LISTEN state that process `pid` holds on `port`."""
    inodes = set()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            target = os.readlink(fd)
        except OSError:
            continue
        m = re.fullmatch(r"socket:\[(\d+)\]", target)
        if m:
            inodes.add(m.group(1))
    found = []
    for table, width in (("tcp", 8), ("tcp6", 32)):
        for line in Path(f"/proc/{pid}/net/{table}").read_text().splitlines()[1:]:
            cols = line.split()
            address, port_hex = cols[1].split(":")
            if cols[3] == "0A" and int(port_hex, 16) == port and cols[9] in inodes:
                if width == 8:
                    found.append(socket.inet_ntop(socket.AF_INET, bytes.fromhex(address)[::-1]))
                else:
                    raw = b"".join(bytes.fromhex(address[i:i + 8])[::-1] for i in range(0, 32, 8))
                    found.append(socket.inet_ntop(socket.AF_INET6, raw))
    return found


def start_server(args: list[str], tmp_path: Path) -> subprocess.Popen:
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    return subprocess.Popen([sys.executable, "-m", "companion", "run", "--data", str(tmp_path / "data"), *args],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            start_new_session=True)


def stop(proc: subprocess.Popen) -> str:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(10)
    return proc.stdout.read()


@pytest.mark.skipif(not Path("/proc/self/net/tcp").exists(), reason="needs Linux /proc")
def test_the_server_listens_on_loopback_only_by_default(tmp_path):
    port = free_port()
    proc = start_server(["--port", str(port)], tmp_path)
    try:
        deadline = time.time() + 30
        addresses: list[str] = []
        while time.time() < deadline and not addresses:
            assert proc.poll() is None, proc.stdout.read()
            addresses = listening_addresses(proc.pid, port)
            time.sleep(0.2)
        assert addresses == ["127.0.0.1"], addresses
    finally:
        output = stop(proc)
    assert f"http://127.0.0.1:{port}/" in output


@pytest.mark.skipif(not Path("/proc/self/net/tcp").exists(), reason="needs Linux /proc")
def test_with_lan_the_server_listens_on_the_lan_address_only(tmp_path):
    from companion.ui.server import lan_address

    address = lan_address()
    if address is None:
        pytest.skip("this machine has no LAN address")
    port = free_port()
    proc = start_server(["--lan", "--port", str(port)], tmp_path)
    try:
        deadline = time.time() + 30
        addresses: list[str] = []
        while time.time() < deadline and not addresses:
            assert proc.poll() is None, proc.stdout.read()
            addresses = listening_addresses(proc.pid, port)
            time.sleep(0.2)
        assert addresses == [address], addresses  # not 0.0.0.0, not loopback as well
    finally:
        output = stop(proc)
    assert f"http://{address}:{port}/" in output


def test_the_default_settings_are_loopback():
    assert load_settings().host == "127.0.0.1"
    assert 'host = "127.0.0.1"' in (ROOT / "flet.toml").read_text(encoding="utf-8")


def test_lan_serves_on_the_lan_address_only(tmp_path, monkeypatch, capsys):
    """--lan hands Flet this machine's LAN address (never 0.0.0.0, every interface)."""
    import flet as ft

    from companion.ui import server

    calls = []
    monkeypatch.setattr(server, "lan_address", lambda: "192.168.1.23")
    monkeypatch.setattr(ft, "run", lambda *a, **k: calls.append(k))
    assert main(["run", "--lan", "--port", "8611", "--data", str(tmp_path / "data")]) == 0
    assert calls and calls[0]["host"] == "192.168.1.23" and calls[0]["port"] == 8611
    assert "http://192.168.1.23:8611/" in capsys.readouterr().out
    calls.clear()
    assert main(["run", "--port", "8611", "--data", str(tmp_path / "data")]) == 0
    assert calls[0]["host"] == "127.0.0.1"


def test_lan_without_a_lan_address_refuses_to_start(tmp_path, monkeypatch, capsys):
    import flet as ft

    from companion.ui import server

    monkeypatch.setattr(server, "lan_address", lambda: None)
    monkeypatch.setattr(ft, "run", lambda *a, **k: pytest.fail("must not serve"))
    assert main(["run", "--lan", "--data", str(tmp_path / "data")]) == 2
    assert "no LAN address" in capsys.readouterr().out


# ------------------------------------------------------------------ files from outside

def cli(args, capsys) -> tuple[int, str]:
    code = main(args)
    return code, capsys.readouterr().err


@pytest.mark.parametrize("command", [["score", "{f}"], ["score", "EXAMPLE", "--box", "{f}"]])
def test_board_and_box_files_over_the_size_limit_are_refused(tmp_path, capsys, command):
    big = tmp_path / "big.json"
    big.write_text('{"game": "carpe-diem", "pad": "' + "x" * MAX_BOARD_FILE_BYTES + '"}', encoding="utf-8")
    example = str(ROOT / "examples" / "carpe-diem-2p-district.json")
    args = [a.replace("{f}", str(big)).replace("EXAMPLE", example) for a in command]
    code, err = cli(args, capsys)
    assert code == 2 and "limit" in err and "Traceback" not in err


def test_a_backup_over_the_size_limit_is_refused(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(export, "MAX_IMPORT_BYTES", 2 * 1024 * 1024)  # the real one is 128 MB: checked alike
    big = tmp_path / "backup.json"
    with big.open("w", encoding="utf-8") as f:
        f.write('{"pad": "')
        f.write("x" * (export.MAX_IMPORT_BYTES + 1))
        f.write('"}')
    code, err = cli(["import", str(big), "--data", str(tmp_path / "data")], capsys)
    assert code == 2 and "limit" in err
    with pytest.raises(export.ImportProblem):
        export.parse_text(b"x" * (export.MAX_IMPORT_BYTES + 1))
    assert not (tmp_path / "data").exists()  # refused before the data folder is even opened


NASTY = {
    "nested too deeply": "[" * 100_000 + "]" * 100_000,
    "not UTF-8": b"\xff\xfe{\x00",
    "not JSON": "game = city-of-rome",
    "a list": "[1, 2, 3]",
    "NaN": '{"game": "castles-of-tuscany", "players": NaN}',
    "empty": "",
}


@pytest.mark.parametrize("case", NASTY, ids=list(NASTY))
@pytest.mark.parametrize("kind", ["score", "box", "import"])
def test_malformed_files_are_refused_with_exit_code_2(tmp_path, capsys, case, kind):
    bad = tmp_path / "bad.json"
    content = NASTY[case]
    bad.write_bytes(content if isinstance(content, bytes) else content.encode())
    example = str(ROOT / "examples" / "carpe-diem-2p-district.json")
    args = {"score": ["score", str(bad)], "box": ["score", example, "--box", str(bad)],
            "import": ["import", str(bad), "--data", str(tmp_path / "data")]}[kind]
    code, err = cli(args, capsys)
    assert code == 2, err
    assert err.startswith("error: ") and len(err.strip().splitlines()) == 1


def rulebook_with(change) -> str:
    data = json.loads((ROOT / "examples" / "city-of-rome-rulebook.json").read_text(encoding="utf-8"))
    change(data)
    return json.dumps(data)


HUGE = "9" * 5000  # more digits than Python turns into an int from text (4,300)
HOSTILE_BOARDS = {
    "game a list": rulebook_with(lambda d: d.update(game=["city-of-rome"])),
    "game an object": rulebook_with(lambda d: d.update(game={"id": "city-of-rome"})),
    "game a number": rulebook_with(lambda d: d.update(game=3)),
    "game true": rulebook_with(lambda d: d.update(game=True)),
    "game null": rulebook_with(lambda d: d.update(game=None)),
    "no game": rulebook_with(lambda d: d.pop("game")),
    "an integer literal of 5,000 digits": rulebook_with(lambda d: d["players"][0].update(money="HUGE")).replace(
        '"HUGE"', HUGE),
    "a count of 4,000 digits": rulebook_with(lambda d: d["players"][0].update(money="BIG")).replace(
        '"BIG"', "9" * 4000),
    "a count that would push the total past 4,300 digits": rulebook_with(
        lambda d: d["players"][0].update(money="BIG")).replace('"BIG"', "9" * 4300),
    "Infinity": rulebook_with(lambda d: d["players"][0].update(money="INF")).replace('"INF"', "Infinity"),
    "a lone surrogate as a name": rulebook_with(lambda d: d["players"][0].update(name="\ud800")),
    "a lone surrogate in a card": rulebook_with(lambda d: d["players"][0]["city"][0].__setitem__(0, "\udfff")),
    "a lone surrogate as a key": rulebook_with(lambda d: d["players"][0].update({"\ud800": 1})),
}


@pytest.mark.parametrize("case", HOSTILE_BOARDS)
def test_hostile_board_states_get_one_line_and_exit_2(tmp_path, capsys, case):
    bad = tmp_path / "board.json"
    bad.write_text(HOSTILE_BOARDS[case], encoding="utf-8")
    for args in (["score", str(bad)], ["score", str(bad), "--json"], ["score", str(bad), "--lang", "de"]):
        code, err = cli(args, capsys)
        assert code == 2, (case, err)
        assert err.startswith(f"error: {bad}: ") and len(err.strip().splitlines()) == 1, err
        assert len(err) < 400, err  # a huge value is not repeated in the message


def test_what_each_hostile_board_is_told(tmp_path, capsys):
    said = {}
    for case, text in HOSTILE_BOARDS.items():
        (tmp_path / "b.json").write_text(text, encoding="utf-8")
        said[case] = cli(["score", str(tmp_path / "b.json")], capsys)[1].split("b.json: ", 1)[1].strip()
    assert said["game a list"] == "$.game: ['city-of-rome'] is not a known game (known: " \
        "city-of-rome, castles-of-tuscany, milestones, carpe-diem)"
    assert said["no game"] == "$.game: is missing"
    assert said["an integer literal of 5,000 digits"] == "board state holds a number of more than 4300 digits"
    assert said["a count of 4,000 digits"].startswith("$.players[0].money: must be at most 999999, found 9.999e+3999")
    assert said["a lone surrogate as a name"].startswith("$.players[0].name: contains text that is not valid Unicode")
    assert said["a lone surrogate in a card"].startswith("$.players[0].city[0][0]: contains text that is not valid")
    assert said["a lone surrogate as a key"].startswith("$.players[0]: has a field name that is not valid Unicode")
    assert said["Infinity"] == "$.players[0].money: must be a whole number, found inf"


HOSTILE_BOXES = {
    "the game's entry a list": '{"carpe-diem": [5, 10]}',
    "the game's entry a text": '{"carpe-diem": "villa_4=5"}',
    "the game's entry a number": '{"carpe-diem": 5}',
    "the game's entry true": '{"carpe-diem": true}',
    "the game's entry null": '{"carpe-diem": null}',
    "a value a list": '{"carpe-diem": {"villa_4": [5]}}',
    "a value null": '{"villa_4": null}',
    "an unknown key": '{"carpe-diem": {"palace": 5}}',
    "a value of 5,000 digits": '{"carpe-diem": {"villa_4": ' + HUGE + '}}',
    "a value of 4,000 digits": '{"carpe-diem": {"villa_4": ' + "9" * 4000 + '}}',
    "a lone surrogate key": '{"carpe-diem": {"\\ud800": 5}}',
    "a list": '[{"villa_4": 5}]',
}


@pytest.mark.parametrize("case", HOSTILE_BOXES)
def test_hostile_box_files_get_one_line_and_exit_2(tmp_path, capsys, case):
    box = tmp_path / "box.json"
    box.write_text(HOSTILE_BOXES[case], encoding="utf-8")
    code, err = cli(["score", str(ROOT / "examples" / "carpe-diem-2p-district.json"), "--box", str(box)], capsys)
    assert code == 2, (case, err)
    assert err.startswith(f"error: {box}: ") and len(err.strip().splitlines()) == 1, err
    assert len(err) < 400, err


def test_a_box_file_names_the_field_that_is_wrong(tmp_path, capsys):
    box = tmp_path / "box.json"
    for text, says in [('{"carpe-diem": null}', "$.carpe-diem: must be a JSON object"),
                       ('{"carpe-diem": {"villa_4": [5]}}', "$.carpe-diem.villa_4: must be a whole number"),
                       ('{"villa_4": 1000}', "$.villa_4: must be at most 999"),
                       ('{"note": "x", "carpe-diem": {"palace": 1}}', "$.carpe-diem.palace: is not a Carpe Diem box")]:
        box.write_text(text, encoding="utf-8")
        code, err = cli(["score", str(ROOT / "examples" / "carpe-diem-2p-district.json"), "--box", str(box)], capsys)
        assert code == 2 and err.startswith(f"error: {box}: {says}"), err
    # a file of values per game gives the other games nothing: City of Rome needs none
    box.write_text('{"carpe-diem": {"villa_4": 5}}', encoding="utf-8")
    assert cli(["score", str(ROOT / "examples" / "city-of-rome-rulebook.json"), "--box", str(box)], capsys)[0] == 0


def backup_with(change) -> str:
    from tests.test_export import real_history
    data = {"format": export.FORMAT, "version": export.VERSION, "plays": real_history()[:2], "box_data": {}}
    change(data)
    return json.dumps(data)


HOSTILE_BACKUPS = {
    "a play's game a list": lambda d: d["plays"][0].update(game=["city-of-rome"]),
    "a play's game an object": lambda d: d["plays"][0].update(game={"a": 1}),
    "a total of 5,000 digits": "HUGE",
    "a lone surrogate as a name": lambda d: d["plays"][1]["players"][0].update(name="\ud800"),
    "a message key that is a format template": lambda d: d["plays"][0]["players"][0]["explanations"].update(
        x={"key": "{x:>50000000}"}),
    "an unknown message key": lambda d: d["plays"][0].update(notes=[{"key": "{", "params": {}}]),
    "box data of a game a list": lambda d: d.update(box_data={"carpe-diem": [1]}),
    "box data null": lambda d: d.update(box_data={"carpe-diem": None}),
    "a box value out of range": lambda d: d.update(box_data={"carpe-diem": {"villa_4": 10**6}}),
}


@pytest.mark.parametrize("case", HOSTILE_BACKUPS)
def test_hostile_backups_get_one_line_exit_2_and_change_nothing(tmp_path, capsys, case):
    change = HOSTILE_BACKUPS[case]
    text = backup_with(lambda d: None).replace('"duration_s": ', '"duration_s": ' + HUGE + ', "x": ', 1) \
        if change == "HUGE" else backup_with(change)
    bad = tmp_path / "backup.json"
    bad.write_text(text, encoding="utf-8")
    data = tmp_path / "data"
    code, err = cli(["import", str(bad), "--data", str(data)], capsys)
    assert code == 2, (case, err)
    assert err.startswith(f"error: {bad}: ") and err.strip().endswith("nothing was imported"), err
    assert len(err.strip().splitlines()) == 1 and len(err) < 400, err
    from companion.games import GAMES
    from companion.storage import Repository
    assert Repository(data, GAMES).plays() == [] and Repository(data, GAMES).box_data("carpe-diem") == {}


def test_a_deeply_nested_backup_is_an_import_problem():
    with pytest.raises(export.ImportProblem):
        export.parse_text("[" * 100_000 + "]" * 100_000)


# ------------------------------------------------------------------ no evaluation of input

FORBIDDEN = re.compile(r"(?<![.\w])(eval|exec|compile|__import__)\s*\(|\bpickle\b|\bmarshal\b|\bshelve\b|"
                       r"\byaml\.(unsafe_)?load\b|\bos\.system\b|shell\s*=\s*True|\bimportlib\b")


# The one import by name: the modules in TABULA_PLUGINS, named by whoever starts the server or command
# (as trusted as its command line), never by a phone, a file or a backup.
IMPORTS_BY_NAME = {"companion/games/__init__.py": {"import importlib", "importlib.import_module(name).register()"},
                   # importlib.resources finds Tabula's own package data; it imports nothing
                   "companion/resources.py": {"from importlib import resources"}}


def test_nothing_in_the_app_evaluates_input():
    hits = []
    for path in sorted((ROOT / "companion").rglob("*.py")):
        allowed = IMPORTS_BY_NAME.get(path.relative_to(ROOT).as_posix(), set())
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            code = line.split("#", 1)[0]
            if FORBIDDEN.search(code) and code.strip() not in allowed:
                hits.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert hits == []


def test_plugins_come_from_the_environment_only():
    # load_plugins is called by the command line's start-up, with TABULA_PLUGINS, and by the static app's
    # start with the names its build was given (TABULA_PLUGINS when `make web` ran): nothing a visitor sends
    callers = [p.relative_to(ROOT).as_posix() for p in sorted((ROOT / "companion").rglob("*.py"))
               if "load_plugins(" in p.read_text(encoding="utf-8")]
    assert callers == ["companion/cli.py", "companion/games/__init__.py", "companion/web_main.py"]
    assert "load_plugins(plugins)" in (ROOT / "companion" / "web_main.py").read_text(encoding="utf-8")


def test_the_forbidden_pattern_catches_what_it_should():
    for line in ["x = eval(text)", "exec(code)", "import pickle", "yaml.load(f)", "os.system(cmd)",
                 "subprocess.run(c, shell=True)", "yaml.unsafe_load(s)"]:
        assert FORBIDDEN.search(line), line
    for line in ["option = sp.evaluate(cards)", "executor = None", "KEY = re.compile(r\"x\")"]:
        assert not FORBIDDEN.search(line), line


def test_box_data_from_a_file_is_validated(tmp_path, capsys):
    box = tmp_path / "box.json"
    box.write_text(json.dumps({"carpe-diem": {"villa_4": "five", "banderole_7": 6, "banderole_9": 8}}))
    code, err = cli(["score", str(ROOT / "examples" / "carpe-diem-2p-district.json"), "--box", str(box)], capsys)
    assert code == 2 and "villa_4" in err


def test_lan_address_is_one_of_this_machines_own_non_loopback_addresses():
    """Read from the interfaces, not guessed: either None or an address an interface really has."""
    from companion.ui import server

    address = server.lan_address()
    if address is not None:
        assert not address.startswith("127.")
        socket.inet_aton(address)  # a well-formed IPv4 address
        assert address in server._interface_addresses() or address in {
            info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)}
