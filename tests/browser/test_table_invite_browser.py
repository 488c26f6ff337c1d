"""Table mode in a real browser: a server that requires the table token (`--require-token` on 127.0.0.1,
the same gate `--lan` uses) shows a tab without the token only the join page; the invite link opens the
app; the browser remembers the token for reloads and new tabs; the Invite screen's QR code scans back
to exactly the invite link."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time

import pytest

from companion.core.game import Game, make_config, new_sid
from companion.games import GAMES
from companion.storage import Repository
from tests.browser.harness import ROOT, App, Server, read_qr

TEXTS = {
    "en": {"join": "Join this table", "scan": "Scan the QR code on the host's screen.", "new": "New game",
           "in_progress": "Games in progress", "invite": "Invite players", "qr": "QR code of the invite link"},
    "de": {"join": "Diesem Tisch beitreten", "scan": "Bitte den QR-Code auf dem Bildschirm des Gastgebers scannen.",
           "new": "Neues Spiel", "in_progress": "Laufende Spiele", "invite": "Mitspieler einladen",
           "qr": "QR-Code des Einladungslinks"},
}
PLAYERS = ["Xaver", "Yvonne"]  # names that appear nowhere else: their absence means no game data was sent


class TokenServer(Server):
    """`companion run --require-token` on 127.0.0.1 (never the LAN address) with its own data folder."""

    def start(self) -> "TokenServer":
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        env.pop("DISPLAY", None)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "companion", "run", "--host", "127.0.0.1", "--port", str(self.port),
             "--data", str(self.data_dir), "--require-token"],
            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)
        lines = []
        deadline = time.time() + 30
        while time.time() < deadline:  # the server prints the invite link before it serves
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("server exited: " + "".join(lines))
            lines.append(line)
            if "Phones at the table:" in line:
                self.invite = line.rsplit(" ", 1)[1].strip()
                break
        else:
            raise RuntimeError("no invite link printed: " + "".join(lines))
        self.printed = "".join(lines)
        deadline = time.time() + 30
        while time.time() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return self
            except OSError:
                if self.proc.poll() is not None:
                    raise RuntimeError("server exited: " + self.printed)
                time.sleep(0.2)
        raise RuntimeError("server did not start")


@pytest.fixture(scope="module", params=["en", "de"])
def table(request, tmp_path_factory):
    lang = request.param
    data = tmp_path_factory.mktemp(f"table-{lang}") / "data"
    repo = Repository(data, GAMES)
    repo.set_setting("lang", lang)
    definition = GAMES["city-of-rome"]
    config = make_config(definition, [{"name": n, "colour": c} for n, c in zip(PLAYERS, definition.colours_for(2))], 0)
    repo.save(Game(new_sid(), definition, config))
    del repo
    server = TokenServer(data).start()
    yield lang, server
    server.stop()


def token_of(server: TokenServer) -> str:
    return (server.data_dir / "table-token").read_text().strip()


def wait_loaded(app: App) -> None:
    app.page.wait_for_selector("#loading", state="detached", timeout=60_000)
    app.page.locator("flt-semantics-placeholder").dispatch_event("click")


def assert_join_page_only(app: App, texts: dict) -> None:
    app.wait_text(f"^{re.escape(texts['join'])}$")
    app.wait_text(f"^{re.escape(texts['scan'])}$")
    for absent in (texts["new"], texts["in_progress"], texts["invite"], *PLAYERS, "City of Rome"):
        assert app.text(re.escape(absent)).count() == 0, f"{absent!r} is visible without the token"
    assert app.page.get_by_role("button").count() == 0, "the join page must offer no controls"


def test_the_server_prints_the_invite_link(table):
    _, server = table  # the text QR code under it: tests/test_table_token.py
    assert server.invite == f"http://127.0.0.1:{server.port}/?t={token_of(server)}"


def test_no_http_route_hands_out_the_token_or_data(table):
    """Besides the websocket (gated in the app), Flet serves only its web client and assets/; exports go
    to the browser over the websocket (FilePicker.save_file), and no upload endpoint is configured."""
    import urllib.error
    import urllib.request

    _, server = table
    private = [token_of(server), *PLAYERS]
    for path in ("table-token", "data/table-token", "settings.json", "live/", "history.json", "upload",
                 "oauth_callback", "assets/../data/settings.json", "i18n/en/ui.json"):
        try:
            with urllib.request.urlopen(server.url + path, timeout=10) as response:
                body = response.read().decode("utf-8", "replace")
        except urllib.error.HTTPError as error:
            body = error.read().decode("utf-8", "replace")
        for secret in private:
            assert secret not in body, f"/{path} shows {secret!r}"


def test_without_the_token_only_the_join_page_shows_until_the_invite_link_is_opened(browser, table):
    """A phone typing addresses without the token (or with a wrong one) sees only the join page; the same
    tab then opened with the invite link (the QR code scanned) gets in. The gate does not depend on the
    language: every address in English, the join page's words in German."""
    lang, server = table
    texts = TEXTS[lang]
    app = App(browser, server.url)
    addresses = ("", "?t=wrong-token-guess-000", "history", f"invite?t={token_of(server)[:-1]}")
    try:
        for path in addresses if lang == "en" else addresses[:1]:
            app.open(path)
            assert_join_page_only(app, texts)
            if path == "":
                app.shot(f"table-join-{lang}")
        app.page.goto(server.invite)
        wait_loaded(app)
        app.wait_text(re.escape(texts["in_progress"]))
        assert not app.errors
    finally:
        app.close()


def test_the_invite_link_opens_the_app_and_the_browser_remembers_it(browser, table):
    lang, server = table
    texts = TEXTS[lang]
    app = App(browser, server.url).open(f"?t={token_of(server)}")
    try:
        app.wait_text(re.escape(texts["in_progress"]))
        app.wait_text(re.escape(", ".join(PLAYERS)))
        app.click(texts["invite"])
        app.page.wait_for_url(re.compile(r"/invite$"))
        app.wait_text(re.escape(server.invite))
        app.find(app.page.get_by_label(texts["qr"]))
        shot = app.picture(f"table-invite-{lang}")  # the QR code is read back
        assert read_qr(app.context, shot) == server.invite
        if lang == "en":  # what the browser remembers does not depend on the language
            remembered(app, server, texts)
        assert not app.errors
    finally:
        app.close()


def remembered(app: App, server: TokenServer, texts: dict) -> None:
    """After the invite link: a reload of the deeper route and a new tab of the same phone get in."""
    # A reload of the deeper route, without the query, still shows it.
    app.page.reload()
    wait_loaded(app)
    app.wait_text(re.escape(server.invite))

    # A new tab on the same phone (a new session: main() runs again) finds the stored token.
    tab = app.context.new_page()  # on the phone's own context: nothing leaves this machine (harness.PROXY)
    tab.goto(server.url + "invite")
    tab.wait_for_selector("#loading", state="detached", timeout=60_000)
    tab.locator("flt-semantics-placeholder").dispatch_event("click")
    tab.get_by_label(server.invite).first.wait_for(timeout=10_000)
    assert tab.get_by_text(texts["join"], exact=True).count() == 0


def test_without_table_mode_the_invite_screen_says_how_to_start_it(browser, server):
    """`companion run` on 127.0.0.1 needs no token: Home opens directly; Invite players explains --lan."""
    app = App(browser, server.url).open("")
    try:
        app.click("Invite players")
        app.wait_text("^Table mode is off$")
        app.wait_text(re.escape("make run ARGS=--lan"))
        app.shot("table-invite-off-en")
        assert not (server.data_dir / "table-token").exists()
        assert not app.errors
    finally:
        app.close()
