"""Table mode without a browser: the token file in the data folder, the invite URL, the text QR code
printed in the terminal, the run options, and the gate's token checks."""

from __future__ import annotations

import io
import os
import re
import stat
import xml.etree.ElementTree as ET

import pytest
import segno

from companion.cli import main
from companion.ui import server
from companion.ui.screens.invite import QUIET_ZONE, InviteInfo, qr_svg, shared_site, token_in_route, token_matches


def mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


# ------------------------------------------------------------------ the token file

def test_the_token_is_created_once_and_kept(tmp_path):
    data = tmp_path / "data"
    token = server.table_token(data)
    assert (data / "table-token").read_text().strip() == token
    assert len(token) >= 21 and "-" not in token
    assert server.table_token(data) == token  # a restart keeps every phone that joined
    assert server.table_token(data) == token


@pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX")
def test_the_token_file_is_readable_by_its_owner_only(tmp_path):
    server.table_token(tmp_path)
    assert mode(tmp_path / "table-token") == 0o600
    (tmp_path / "table-token").chmod(0o644)  # e.g. restored from a backup
    server.table_token(tmp_path)
    assert mode(tmp_path / "table-token") == 0o600
    server.table_token(tmp_path, renew=True)
    assert mode(tmp_path / "table-token") == 0o600


def test_renew_replaces_the_token(tmp_path):
    first = server.table_token(tmp_path)
    second = server.table_token(tmp_path, renew=True)
    assert second != first
    assert server.table_token(tmp_path) == second


@pytest.mark.parametrize("content", ["", "short", "not a token at all!", "\xff\xfe garbage"])
def test_a_file_without_a_valid_token_gets_a_new_one(tmp_path, capsys, content):
    (tmp_path / "table-token").write_text(content, encoding="latin-1")
    token = server.table_token(tmp_path)
    assert token != content.strip() and len(token) >= 21
    assert (tmp_path / "table-token").read_text().strip() == token
    if content:
        assert "did not hold a valid token" in capsys.readouterr().out


def test_tokens_never_carry_a_hyphen():
    assert not any("-" in server.make_token() for _ in range(300))


# ------------------------------------------------------------------ URL and QR

def test_the_invite_url():
    assert server.invite_url("192.168.1.23", 8550, "abc_DEF123") == "http://192.168.1.23:8550/?t=abc_DEF123"
    assert server.invite_url("::1", 8600, "tok") == "http://[::1]:8600/?t=tok"


def read_compact_terminal_qr(text: str) -> list[list[int]]:
    """Rows of 1 (dark) / 0 (light) from segno's compact terminal output: two rows per text line.
    segno draws the light modules as blocks (for a dark terminal)."""
    top = {"█": 0, "▀": 0, "▄": 1, " ": 1}
    bottom = {"█": 0, "▀": 1, "▄": 0, " ": 1}
    rows = []
    for line in text.splitlines():
        rows.append([top[c] for c in line])
        rows.append([bottom[c] for c in line])
    return rows


def test_the_terminal_shows_the_url_and_a_qr_code_of_it():
    url = "http://192.168.1.23:8550/?t=Ab_cdEFgh12345678901zz"
    out = io.StringIO()
    server.print_invite(url, out)
    text = out.getvalue()
    first, qr_text = text.split("\n", 1)
    assert url in first
    assert "\x1b" not in text  # no colour codes: readable in a log file too
    expected = [list(row) for row in segno.make(url, error="m").matrix_iter(border=4)]
    rows = read_compact_terminal_qr(qr_text)
    assert len(rows) == len(expected) + 1  # an odd number of rows: the last line's lower half is empty
    assert rows[:len(expected)] == expected


def test_a_console_without_block_characters_still_gets_the_url():
    raw = io.BytesIO()
    out = io.TextIOWrapper(raw, encoding="ascii", errors="backslashreplace")  # escapes would be no QR code
    server.print_invite("http://10.0.0.2:8550/?t=abc", out)
    text = raw.getvalue().decode("ascii")
    assert "http://10.0.0.2:8550/?t=abc" in text and "cannot show the QR code" in text
    assert "\\u" not in text


@pytest.mark.parametrize("urls, site", [
    # a server page's address is its websocket's; the table's invite names the LAN address phones use
    (("http://192.168.1.5:8550/?t=abc", "ws://127.0.0.1:8550"), "http://192.168.1.5:8550/"),
    ((None, "ws://192.168.1.5:8550"), "http://192.168.1.5:8550/"),
    ((None, "wss://tabula.example.org/app"), "https://tabula.example.org/app/"),
    # the static app: its page's folder, whatever route, query or file
    ((None, "https://someone.github.io/tabula/#/history/20250101"), "https://someone.github.io/tabula/"),
    ((None, "https://someone.github.io/tabula/index.html?x=1#/"), "https://someone.github.io/tabula/"),
    ((None, "http://198.51.100.1:8000/"), "http://198.51.100.1:8000/"),
    ((None, "http://[fe80::1]:8550/"), "http://[fe80::1]:8550/"),
    # this device alone: loopback, an unspecified address, no address at all
    (("http://127.0.0.1:8550/?t=abc", "ws://127.0.0.1:8550"), None),
    ((None, "http://localhost:8000/#/"), None),
    ((None, "http://app.localhost:8000/"), None),
    ((None, "http://[::1]:8000/"), None),
    ((None, "http://0.0.0.0:8550/"), None),
    ((None, "tcp://192.168.1.5:8550"), None),
    ((None, None), None),
])
def test_the_site_other_phones_open(urls, site):
    assert shared_site(*urls) == site


@pytest.mark.parametrize("error", ["m", "l"])
def test_the_qr_svg_paints_exactly_the_codes_dark_modules_on_white(error):
    url = "http://10.0.0.2:8550/?t=abc"
    svg = ET.fromstring(qr_svg(url, error))
    code = segno.make(url, error=error)
    side = code.symbol_size(border=QUIET_ZONE)[0]
    assert svg.get("viewBox") == f"0 0 {side} {side}"
    ns = "{http://www.w3.org/2000/svg}"
    rect, path = svg.find(f"{ns}rect"), svg.find(f"{ns}path")
    assert (rect.get("width"), rect.get("height"), rect.get("fill")) == (str(side), str(side), "#fff")
    painted = [[False] * side for _ in range(side)]
    for x, y, n in re.findall(r"M(\d+) (\d+)h(\d+)v1h-\3z", path.get("d")):  # one filled run a row
        for dx in range(int(n)):
            assert not painted[int(y)][int(x) + dx]
            painted[int(y)][int(x) + dx] = True
    assert path.get("fill") == "#000" and re.fullmatch(r"(M\d+ \d+h\d+v1h-\d+z)+", path.get("d"))
    assert painted == [[bool(m) for m in row] for row in code.matrix_iter(border=QUIET_ZONE)]


# ------------------------------------------------------------------ the gate's checks

@pytest.mark.parametrize("route, found", [
    ("/?t=abc123", "abc123"), ("/invite?x=1&t=abc123", "abc123"), ("/", ""), ("", ""), (None, ""),
    ("/game/x/play", ""), ("/?t=", ""),
])
def test_token_in_route(route, found):
    assert token_in_route(route) == found


def test_token_matches():
    assert token_matches("abc123", "abc123")
    for wrong in ("abc12", "abc1234", "", None, 123, ["abc123"]):
        assert not token_matches(wrong, "abc123")


# ------------------------------------------------------------------ run options

@pytest.fixture
def served(monkeypatch):
    import flet as ft

    calls = []
    monkeypatch.setattr(ft, "run", lambda main, **k: calls.append((main, k)))
    made = []
    import companion.ui.app as app

    real = app.make_main
    monkeypatch.setattr(app, "make_main", lambda repo, invite=None, **kw: made.append(invite) or real(repo, invite, **kw))
    return calls, made


def test_require_token_on_loopback_prints_the_invite_and_gates_the_app(tmp_path, capsys, served):
    calls, made = served
    data = tmp_path / "data"
    assert main(["run", "--host", "127.0.0.1", "--port", "8612", "--data", str(data), "--require-token"]) == 0
    token = (data / "table-token").read_text().strip()
    out = capsys.readouterr().out
    assert f"http://127.0.0.1:8612/?t={token}" in out and "▀" in out
    assert made == [InviteInfo(f"http://127.0.0.1:8612/?t={token}", token)]
    assert calls[0][1]["host"] == "127.0.0.1"


def test_lan_implies_the_token(tmp_path, capsys, served, monkeypatch):
    calls, made = served
    monkeypatch.setattr(server, "lan_address", lambda: "192.168.1.23")
    data = tmp_path / "data"
    assert main(["run", "--lan", "--port", "8613", "--data", str(data)]) == 0
    token = (data / "table-token").read_text().strip()
    assert f"http://192.168.1.23:8613/?t={token}" in capsys.readouterr().out
    assert made == [InviteInfo(f"http://192.168.1.23:8613/?t={token}", token)]
    # A restart keeps the token; --new-token replaces it.
    assert main(["run", "--lan", "--port", "8613", "--data", str(data)]) == 0
    assert made[-1].token == token
    assert main(["run", "--lan", "--new-token", "--port", "8613", "--data", str(data)]) == 0
    assert made[-1].token != token
    assert made[-1].token == (data / "table-token").read_text().strip()


def test_loopback_without_options_needs_no_token(tmp_path, capsys, served):
    calls, made = served
    data = tmp_path / "data"
    assert main(["run", "--port", "8614", "--data", str(data)]) == 0
    assert made == [None]
    assert not (data / "table-token").exists()
    assert "?t=" not in capsys.readouterr().out


def test_new_token_alone_is_refused(tmp_path, capsys, served):
    calls, made = served
    assert main(["run", "--new-token", "--data", str(tmp_path / "data")]) == 2
    err = capsys.readouterr().err
    assert "--new-token" in err and "--lan" in err and not calls


def test_a_data_folder_that_cannot_keep_the_token_is_a_clear_error(tmp_path, capsys, served):
    calls, made = served
    data = tmp_path / "data"
    data.mkdir()
    (data / "table-token").mkdir()  # a directory where the file should be
    assert main(["run", "--require-token", "--data", str(data)]) == 2
    assert "table token" in capsys.readouterr().err and not calls
