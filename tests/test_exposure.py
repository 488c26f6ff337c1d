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


def test_a_backup_over_the_size_limit_is_refused(tmp_path, capsys):
    big = tmp_path / "backup.json"
    with big.open("w", encoding="utf-8") as f:
        f.write('{"pad": "')
        f.write("x" * (export.MAX_IMPORT_BYTES + 1))
        f.write('"}')
    code, err = cli(["import", str(big), "--data", str(tmp_path / "data")], capsys)
    assert code == 2 and "limit" in err
    with pytest.raises(export.ImportProblem):
        export.parse_text(b"x" * (export.MAX_IMPORT_BYTES + 1))
    assert not (tmp_path / "data" / "history.json").exists() or "plays" not in (
        tmp_path / "data" / "history.json").read_text()


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


def test_a_deeply_nested_backup_is_an_import_problem():
    with pytest.raises(export.ImportProblem):
        export.parse_text("[" * 100_000 + "]" * 100_000)


# ------------------------------------------------------------------ no evaluation of input

FORBIDDEN = re.compile(r"(?<![.\w])(eval|exec|compile|__import__)\s*\(|\bpickle\b|\bmarshal\b|\bshelve\b|"
                       r"\byaml\.(unsafe_)?load\b|\bos\.system\b|shell\s*=\s*True|\bimportlib\b")


def test_nothing_in_the_app_evaluates_input():
    hits = []
    for path in sorted((ROOT / "companion").rglob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            code = line.split("#", 1)[0]
            if FORBIDDEN.search(code):
                hits.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert hits == []


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
