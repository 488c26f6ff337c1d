"""Tabula installed the usual Python way: the wheel built from this checkout, installed into a fresh
virtual environment, and its `tabula` command run from another folder, as after `pipx install .`.

Offline: the wheel is built with this environment's setuptools (what `pip wheel --no-build-isolation`
does: setuptools' PEP 517 backend, called directly, which saves pip's start), and the fresh
environment takes the dependencies (Flet, TinyDB, segno) from this one through a .pth line, so that
only Tabula itself comes from the wheel. The texts, fonts, icons and run defaults must come from the
wheel too: nothing of the checkout is reachable from there."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import sysconfig
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# What a build reads: pyproject.toml and setup.py, the package, and what setup.py maps into it.
SOURCES = ["pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "flet.toml", "companion", "assets"]
QUIET = ["--disable-pip-version-check", "--no-input", "-q"]


def run(*args, cwd: Path, env: dict | None = None, timeout: int = 120) -> subprocess.CompletedProcess:
    done = subprocess.run([str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, f"{args}: {done.returncode}\n{done.stdout}\n{done.stderr}"
    return done


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """(the fresh environment's bin folder, an environment for its commands with a home of its own)."""
    tmp = tmp_path_factory.mktemp("install")
    source = tmp / "source"  # a copy: the build leaves build/ and *.egg-info behind, not in the checkout
    source.mkdir()
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(ROOT / name, source / name)
    began = time.monotonic()
    run(sys.executable, "-c", f"from setuptools import build_meta; build_meta.build_wheel({str(tmp / 'wheel')!r})",
        cwd=source)
    wheel = next((tmp / "wheel").glob("tabula_companion-*.whl"))
    built = time.monotonic()
    venv = tmp / "venv"
    run(sys.executable, "-m", "venv", "--without-pip", venv, cwd=tmp)
    python = venv / "bin" / "python"
    run(sys.executable, "-m", "pip", "--python", python, "install", *QUIET, "--no-deps", "--no-index", wheel, cwd=tmp)
    purelib = run(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])", cwd=tmp).stdout.strip()
    Path(purelib, "tabula-test-dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8")
    print(f"wheel built in {built - began:.1f} s, installed in {time.monotonic() - built:.1f} s")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "TABULA_", "XDG_"))}
    env.update(HOME=str(tmp / "home"), PYTHONNOUSERSITE="1")
    elsewhere = tmp / "elsewhere"  # not the checkout: a user's folder with a board state in it
    (elsewhere / "examples").mkdir(parents=True)
    shutil.copy2(ROOT / "examples" / "city-of-rome-rulebook.json", elsewhere / "examples")
    return venv / "bin", env, elsewhere


def test_the_installed_tabula_command_speaks_words_and_scores(installed):
    bin_dir, env, elsewhere = installed
    tabula = bin_dir / "tabula"

    games = run(tabula, "games", cwd=elsewhere, env=env).stdout
    assert "City of Rome" in games and "The Castles of Tuscany" in games and "2-4 players" in games, games
    # the same command as `python -m companion` of that installation
    assert run(bin_dir / "python", "-m", "companion", "games", cwd=elsewhere, env=env).stdout == games

    setup = run(tabula, "setup", "city-of-rome", "--players", "3", "--names", "Anna,Ben,Carla", cwd=elsewhere,
                env=env).stdout
    assert "City of Rome - setup for 3 players" in setup and "5 money" in setup, setup
    german = run(tabula, "setup", "carpe-diem", "--players", "2", "--lang", "de", cwd=elsewhere, env=env).stdout
    assert "Aufbau für 2 Spieler" in german, german

    score = run(tabula, "score", "examples/city-of-rome-rulebook.json", cwd=elsewhere, env=env).stdout
    assert "1. Rulebook example: 75" in score and "Winner: Rulebook example" in score, score
    for text in (games, setup, german, score):  # a message key would show as e.g. core.cli.winners
        assert not any(word.startswith(("core.", "city-of-rome.", "carpe-diem.")) for word in text.split()), text
    assert "usage: tabula" in run(tabula, "--help", cwd=elsewhere, env=env).stdout
    # the texts came from the package's own data, not from this checkout
    where = run(bin_dir / "python", "-c", "from companion import resources as r; print(r.IN_CHECKOUT, r.ASSETS_DIR)",
                cwd=elsewhere, env=env).stdout.split()
    assert where[0] == "False" and Path(where[1]).is_relative_to(bin_dir.parent), where


def test_the_installed_server_serves_its_assets_and_keeps_data_in_the_users_folder(installed):
    bin_dir, env, elsewhere = installed
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen([bin_dir / "tabula", "run", "--port", str(port)], cwd=elsewhere, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)
    try:
        font = None
        deadline = time.monotonic() + 60
        while font is None:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/fonts/NotoEmoji-Regular.ttf", timeout=5) as got:
                    font = got.read()
            except OSError:
                assert server.poll() is None and time.monotonic() < deadline, server.stdout.read() if server.poll() \
                    is not None else "the server did not answer"
                time.sleep(0.1)  # polling the port: no event tells when it opens
        assert font == (ROOT / "assets" / "fonts" / "NotoEmoji-Regular.ttf").read_bytes()
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/icons/icon-192.png", timeout=5) as got:
            assert got.read() == (ROOT / "assets" / "icons" / "icon-192.png").read_bytes()
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/bgstats.html", timeout=5) as got:  # the BG Stats page
            assert got.read() == (ROOT / "assets" / "bgstats.html").read_bytes()
    finally:
        os.killpg(server.pid, 15)
        out = server.communicate(timeout=20)[0]
    data = Path(env["HOME"]) / ".local" / "share" / "tabula"
    assert f"(data: {data})" in out, out
    assert (data / "settings.json").is_file() and not (elsewhere / "data").exists()


def test_the_data_folder_is_the_checkouts_or_the_users(tmp_path):
    from companion.config import load_settings
    from companion.resources import user_data_dir

    toml = tmp_path / "flet.toml"
    toml.write_text('[server]\nport = 8600\ndata_dir = "data"\n', encoding="utf-8")
    home = {"HOME": str(tmp_path / "home")}
    assert load_settings(toml, in_checkout=True).data_dir == tmp_path / "data"  # make run: ./data
    installed = load_settings(toml, in_checkout=False)
    assert installed.port == 8600 and installed.data_dir == user_data_dir()
    toml.write_text(f'[server]\ndata_dir = "{tmp_path / "mine"}"\n', encoding="utf-8")
    assert load_settings(toml, in_checkout=False).data_dir == tmp_path / "mine"  # an absolute one counts
    assert user_data_dir(home, "linux") == tmp_path / "home" / ".local" / "share" / "tabula"
    assert user_data_dir({**home, "XDG_DATA_HOME": "/srv/d"}, "linux") == Path("/srv/d/tabula")
    assert user_data_dir({**home, "XDG_DATA_HOME": "rel"}, "linux") == tmp_path / "home" / ".local" / "share" / "tabula"
    assert user_data_dir(home, "darwin") == tmp_path / "home" / "Library" / "Application Support" / "Tabula"
    assert user_data_dir({**home, "LOCALAPPDATA": "C:/Users/a/AppData/Local"}, "win32") == \
        Path("C:/Users/a/AppData/Local") / "Tabula"


def test_a_checkout_reads_its_own_assets_and_defaults():
    from companion.resources import ASSETS_DIR, CONFIG_FILE, IN_CHECKOUT

    assert IN_CHECKOUT and ASSETS_DIR == ROOT / "assets" and CONFIG_FILE == ROOT / "flet.toml"
