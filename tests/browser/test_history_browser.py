"""History, statistics and export in a real browser: a prepared history of several games is browsed,
a play opened and logged in BG Stats (its link as a QR code and opened, its BG Stats file downloaded),
shared as a picture, deleted and restored, the CSV downloaded, a backup imported, the statistics shown; in English and light,
in German and dark. No request leaves the app's own server."""

import base64
import csv
import io
import json
import re
import struct

import segno

from tests.browser.harness import PHONE, SCREENSHOTS, SHOTS, SITE_NAME, App, Server, read_qr
from tests.test_export import BOX, decode_link, example_play, fill, real_history

from companion.core import stats
from companion.games import GAMES
from companion.storage import Repository, export
from companion.ui.widgets import PLAYER_COLOURS


def shots_of_stats(app: App, lang: str, rome: str) -> None:
    app.click({"en": "Statistics", "de": "Statistik"}[lang])
    app.wait_text({"en": "played", "de": "gespielt"}[lang])
    app.shot(f"stats-{lang}")
    app.click(rome, exact=False)
    app.wait_text({"en": "Average per category", "de": "Schnitt je Kategorie"}[lang])
    app.shot(f"stats-game-{lang}")
    app.find(app.text({"en": "Scores over time", "de": "Punkte im Verlauf"}[lang]))
    app.page.mouse.move(195, 420)
    for _ in range(4):
        app.wheel(1500)
    app.shot(f"stats-charts-{lang}")


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    return struct.unpack(">II", data[16:24])  # IHDR: width, height


def result_picture(app: App, play: dict) -> None:
    """The play as a picture on a screen of its own: shared with the phone's share sheet (the Web Share API,
    with the file; downloaded where the browser has none), and downloaded; it holds every player's colour."""
    app.click("Share as a picture")
    app.find(app.page.get_by_label("Picture of the result"))
    app.idle()
    app.shot("history-picture-en")
    # The tests' phones skip drawing pictures (harness.RASTER): a phone draws them, and the card's picture too.
    app.page.evaluate("() => { window.__tabula.raster = true; }")
    # This desktop browser has no share sheet for files: Share downloads the picture instead, and says so.
    with app.page.expect_download(timeout=15_000) as got:
        app.click("Share")
    app.wait_text("This browser cannot share a picture: it was downloaded")
    fallback = open(got.value.path(), "rb").read()
    # A phone's share sheet: the page's Web Share API replaced by one that keeps what it was given.
    app.page.evaluate("""() => { navigator.canShare = () => true; navigator.share = async (data) => {
        const file = data.files[0];
        window.tabulaShared = {name: file.name, type: file.type, text: data.text,
                               bytes: Array.from(new Uint8Array(await file.arrayBuffer()))}; }; }""")
    app.click("Share")
    shared = app.page.wait_for_function("() => window.tabulaShared").json_value()
    assert shared["name"] == f"tabula-{play['game']}-{play['id']}.png" and shared["type"] == "image/png"
    winner = play["winners"][0]
    assert f"{winner} {max(p['total'] for p in play['players'])}" in shared["text"]
    width, height = png_size(bytes(shared["bytes"]))
    # the card alone, whole, at the phone's pixel ratio (1 here, 3 on most phones): three players and more
    assert width == 360 * app.page.evaluate("devicePixelRatio") and 400 < height < 844
    app.wait_text("Sent to the share sheet.")
    assert png_size(fallback) == (width, height)
    with app.page.expect_download(timeout=15_000) as got:
        app.click("Download")
    downloaded = open(got.value.path(), "rb").read()
    assert got.value.suggested_filename == shared["name"] and png_size(downloaded) == (width, height)
    # every player's colour is in the picture (a colour dot and a bar each): read back by the browser
    colours = [PLAYER_COLOURS[p["colour"]] for p in play["players"]]
    found = app.page.evaluate(COLOURS_IN_PNG, {"png": base64.b64encode(downloaded).decode(), "colours": colours})
    assert all(n > 100 for n in found), dict(zip(colours, found))
    app.shot("history-picture-shared-en")
    app.page.evaluate("() => { window.__tabula.raster = false; }")
    app.click("Back")
    app.wait_text("Finished play")


# How many pixels of each colour (within 8 per channel) a PNG has, drawn on a canvas by the browser.
COLOURS_IN_PNG = """async ({png, colours}) => {
    const image = new Image(); image.src = "data:image/png;base64," + png; await image.decode();
    const canvas = new OffscreenCanvas(image.width, image.height), g = canvas.getContext("2d");
    g.drawImage(image, 0, 0);
    const px = g.getImageData(0, 0, image.width, image.height).data;
    return colours.map(hex => { const c = [1, 3, 5].map(i => parseInt(hex.slice(i, i + 2), 16)); let n = 0;
        for (let i = 0; i < px.length; i += 4)
            if (Math.abs(px[i] - c[0]) <= 8 && Math.abs(px[i + 1] - c[1]) <= 8 && Math.abs(px[i + 2] - c[2]) <= 8) n++;
        return n; });
}"""


def pick(app: App, dropdown: str, option: str) -> None:
    """Choose `option` in the menu of the dropdown named `dropdown` (its entry: one more such text, the last
    in the page's tree: the page is at its top, so that nothing further down holds such a text)."""
    app.scroll_top()
    shown = app.page.get_by_text(option, exact=True)
    before = shown.count()
    app.find(app.button(dropdown)).click()
    app.page.wait_for_function("([t, n]) => Array.from(document.querySelectorAll('flt-semantics'))"
                               ".filter(e => e.textContent === t).length > n", arg=[option, before])
    app.press(shown.last)


def evening_stats(app: App, lang: str, data_dir, player: str) -> None:
    """The start player's wins per game; for one player, head-to-head, their win streaks and the time
    they played, as core.stats has them."""
    plays = Repository(data_dir, GAMES, read_only=True).plays()
    key = stats.player_key(player)
    pair = next(h for h in stats.head_to_head(plays) if key in (stats.player_key(h.first), stats.player_key(h.second)))
    run = next(r for r in stats.streaks(plays) if stats.player_key(r.name) == key)
    rome = stats.start_player_wins(plays)["city-of-rome"]
    words = {"en": ("The start player won {} of {}", "Player: All players", "Head-to-head", "longest {} · now {}",
                    "Time played"),
             "de": ("Der Startspieler gewann {} von {}", "Spieler: Alle Spieler", "Direkter Vergleich",
                    "längste {} · jetzt {}", "Gespielte Zeit")}[lang]
    app.go("history")
    app.go("stats")  # from another screen: no game chosen
    app.wait_text(re.escape(words[0].format(rome.wins, rome.plays)))
    pick(app, words[1], player)
    app.wait_text(words[2])
    app.wait_text(re.escape(f"{pair.first} {pair.first_ahead} : {pair.second_ahead} {pair.second} · {pair.plays} "))
    app.shot(f"stats-head-to-head-{lang}")
    app.wait_text(re.escape(words[3].format(run.longest, run.current)))
    app.into_view(app.wait_text(words[4]))
    app.shot(f"stats-streaks-{lang}")


def rename_and_rematch(app: App) -> None:
    """A player renamed from the statistics is renamed in History; a rematch of a play opens the new-game
    form as it was played, and asks who starts (no rulebook says who starts the next game)."""
    app.click("Rename Anna")  # the statistics of Anna are open
    app.fill("New name", "Ben")  # Anna and Ben played together: two people, never made one
    app.click("Rename", dialog=True)
    app.wait_text("Anna and Ben played in the same game: they are two people")
    app.shot("stats-rename-refused-en")
    app.click("Cancel", dialog=True)
    app.click("Rename Anna")
    app.fill("New name", "Anna Lena")
    app.click("Rename", dialog=True)
    app.find(app.button("Player: Anna Lena"))
    app.wait_text("Rename Anna Lena")
    app.go("history")
    app.wait_text("Anna Lena, Ben")
    app.click("City of Rome ·", exact=False)
    app.click("Rematch")
    app.page.wait_for_url(re.compile(r"/new/"))
    app.wait_text("Last game: Rulebook example started.")
    for name in ("Rulebook example", "Second city", "Third city"):  # the names filled in: the question's answers
        app.find(app.page.get_by_role("radio", name=name))
    assert not app.page.get_by_role("radio", name="Rulebook example").is_checked()
    app.shot("new-game-rematch-en")
    app.press(app.page.get_by_role("radio", name="Third city"))
    app.click("Start game")
    app.wait_text("Third city is the start player")
    app.go("new")  # the players of earlier games, one tap each
    app.click("3 players")
    app.click("Anna Lena")
    app.find(app.page.get_by_role("radio", name="Anna Lena"))  # in the first name field: an answer now
    app.shot("new-game-known-players-en")


def test_history_statistics_and_downloads(browser, tmp_path):
    plays = real_history()
    fill(tmp_path / "data", plays, {"carpe-diem": BOX["carpe-diem"]})
    server = Server(tmp_path / "data").start()
    try:
        app = App(browser, server.url).open()
        app.click("History")
        app.wait_text("^5 plays$")
        app.shot("history-en")

        # open the City of Rome play: the full breakdown
        app.click("City of Rome ·", exact=False)
        app.wait_text("Finished play")
        app.wait_text("Winner: Rulebook example")
        app.wait_text(r"Residential districts, value\s2")  # "value 2" kept on one line (a no-break space)
        app.shot("history-play-en")

        # Log in BG Stats: the link as a QR code for the phone that has BG Stats, opened on this device
        rome = next(p for p in plays if p["game"] == "city-of-rome")
        app.page.evaluate("window.open = (url, target) => { window.tabulaOpened = url; return null; }")
        app.click("Log in BG Stats")
        code = app.find(app.page.get_by_label("QR code of the link that logs this play in BG Stats"))
        app.wait_text("Scan this code with the phone that has BG Stats")
        app.idle()
        app.shot("history-bgstats-en")
        # The code as wide as the phone, edge to edge: the largest modules its link allows (3 players: 109
        # modules a side with the quiet zone, 3.6 px each on a 390 px phone; docs/export.md)
        modules = segno.make(export.bgstats_link(rome, "en"), error="l").symbol_size(border=4)[0]
        width = app.box(code)["width"]
        assert width >= PHONE["width"] - 1 and width / modules >= 3.5, (width, modules)
        app.find(app.dialog_button("Open in BG Stats")).click()  # a link: the page opens it, no server round
        opened = app.page.wait_for_function("() => window.tabulaOpened").json_value()
        assert opened == export.bgstats_link(rome, "en")
        sent = decode_link(opened)
        assert (sent["game"]["name"], sent["game"]["bggId"]) == ("City of Rome", 258466)
        assert [(p["name"], p["score"], p["winner"]) for p in sent["players"]] == \
            [(p["name"], p["total"], p["name"] in rome["winners"]) for p in rome["players"]]
        with app.page.expect_download(timeout=15_000) as got:
            app.click("BG Stats file", dialog=True)
        bgs = json.loads(open(got.value.path(), encoding="utf-8").read())
        assert got.value.suggested_filename.endswith(".bgsplay")
        assert bgs["games"][0]["name"] == "City of Rome" and bgs["games"][0]["bggId"] == 258466
        app.wait_text("Download started")
        app.click("Close", dialog=True)
        result_picture(app, rome)

        # delete it, then undo
        app.click("Delete play", exact=False)
        app.wait_text("Deleted: City of Rome")
        app.wait_text("^4 plays$")
        app.shot("history-deleted-en")
        app.click("Undo", exact=False)
        app.wait_text("The play is back in the history.")
        app.wait_text("^5 plays$")

        # the CSV of all plays downloads from the browser
        with app.page.expect_download(timeout=15_000) as got:
            app.click("Download CSV of all plays", exact=False)
        assert got.value.suggested_filename.endswith(".csv")
        rows = list(csv.DictReader(io.StringIO(open(got.value.path(), encoding="utf-8").read())))
        assert len(rows) == sum(len(p["players"]) for p in plays)
        assert {r["game"] for r in rows} == {"City of Rome", "The Castles of Tuscany", "Milestones", "Carpe Diem"}

        # a backup made elsewhere, with one more play, imports; a second time adds nothing
        other = fill(tmp_path / "other", [example_play("milestones-stone-cutters.json", 9)])
        backup = tmp_path / "backup.json"
        backup.write_text(export.dumps(export.full_export(other)), encoding="utf-8")
        with app.page.expect_file_chooser(timeout=15_000) as chooser:
            app.click("Import backup", exact=False)
        chooser.value.set_files(str(backup))
        app.wait_text("Imported 1 play ")
        app.scroll_top()
        app.wait_text("^6 plays$")
        bad = tmp_path / "bad.json"
        bad.write_text('{"format": "tabula-export", "version": 1, "plays": [{"id": 3}]}', encoding="utf-8")
        with app.page.expect_file_chooser(timeout=15_000) as chooser:
            app.click("Import backup", exact=False)
        chooser.value.set_files(str(bad))
        app.wait_text(r"Nothing was imported: bad.json: \$\.plays\[0\]\.id")
        app.shot("history-import-en")

        shots_of_stats(app, "en", "City of Rome")
        evening_stats(app, "en", tmp_path / "data", "Anna")
        rename_and_rematch(app)

        # German, dark
        app.go("settings")
        app.click("Deutsch")
        app.click("Dunkel")
        app.click("Zurück")
        app.click("Verlauf")
        app.wait_text("^6 Partien$")
        app.shot("history-de")
        app.click("Rom – Die Stadt der Baumeister ·", exact=False)
        app.wait_text("Sieger: Rulebook example")
        app.shot("history-play-de")
        app.click("In BG Stats eintragen")
        app.find(app.page.get_by_label("QR-Code des Links, der diese Partie in BG Stats einträgt"))
        app.wait_text("Diesen Code mit dem Handy scannen, auf dem BG Stats ist")
        app.idle()
        app.shot("history-bgstats-de-dark")
        app.click("Schließen", dialog=True)
        app.click("Als Bild teilen")  # the picture keeps its own light colours in the dark theme
        app.find(app.page.get_by_label("Bild des Ergebnisses"))
        app.wait_text("Sieger: Rulebook example")
        app.shot("history-picture-de-dark")
        app.click("Zurück")
        app.wait_text("Partie")
        app.click("Zurück")
        shots_of_stats(app, "de", "Rom – Die Stadt der Baumeister")
        evening_stats(app, "de", tmp_path / "data", "Anna Lena")
        assert not app.errors
        assert not app.outside, f"requests to other sites: {app.outside}"
    finally:
        server.stop()


def test_another_phone_logs_a_play_in_bg_stats_from_a_code_read_at_a_glance(browser, tmp_path):
    """Where other phones open the app (here its server by a name, as phones at a table have the host's LAN
    address), the code holds the short link to Tabula's page: 4 px a module for 4 players. The other
    phone reads the code from the screen, and its page shows the play and opens BG Stats' own link, byte
    for byte the one "Open in BG Stats" opens on this phone; in German on a German phone; a link cut
    short says so, and a browser too old to unpack it."""
    play = example_play("milestones-4-players.json", 1)
    fill(tmp_path / "data", [play])
    server = Server(tmp_path / "data").start()
    try:
        site = server.url.replace("127.0.0.1", SITE_NAME)
        app = App(browser, site).open()
        app.click("History")
        app.click("Milestones ·", exact=False)
        # The tests' phones skip drawing pictures (harness.RASTER): a phone draws the code, as the camera sees it.
        app.page.evaluate("() => { window.__tabula.raster = true; }")
        app.click("Log in BG Stats")
        code = app.find(app.page.get_by_label("QR code of the link that logs this play in BG Stats"))
        app.wait_text("Tabula's page opens there with the play")
        short = export.bgstats_short_link(play, site, "en")
        modules = segno.make(short, error="l").symbol_size(border=4)[0]
        width = app.box(code)["width"]
        assert width >= PHONE["width"] - 1 and width / modules >= 4, (width, modules)
        shot = app.picture("history-bgstats-short-en")

        other = App(browser, site)  # another phone, the one with BG Stats
        read = read_qr(other.context, shot)
        assert read == short
        other.page.goto(read)
        other.page.get_by_role("heading", name="Log in BG Stats").wait_for()
        for p in play["players"]:
            other.page.get_by_role("listitem").filter(has_text=p["name"]).filter(has_text=str(p["total"])).wait_for()
        opens = other.page.get_by_role("link", name="Open in BG Stats")
        assert opens.get_attribute("href") == export.bgstats_link(play, "en")
        if SCREENSHOTS:
            other.page.screenshot(path=SHOTS / "bgstats-page-en.png")
        app.page.evaluate("window.open = (url, target) => { window.tabulaOpened = url; return null; }")
        app.find(app.dialog_button("Open in BG Stats")).click()
        assert app.page.wait_for_function("() => window.tabulaOpened").json_value() == opens.get_attribute("href")

        other.page.goto("about:blank")
        other.page.add_init_script("Object.defineProperty(navigator, 'languages', {get: () => ['de-DE', 'de']})")
        other.page.goto(short)
        other.page.get_by_role("heading", name="In BG Stats eintragen").wait_for()
        assert other.page.get_by_role("link", name="In BG Stats öffnen").get_attribute("href") == \
            export.bgstats_link(play, "en")  # the play as the host's phone wrote it, in its language
        if SCREENSHOTS:
            other.page.screenshot(path=SHOTS / "bgstats-page-de.png")
        other.page.goto("about:blank")
        other.page.goto(short[:len(short) // 2])
        other.page.get_by_text("Dieser Link ist unvollständig oder beschädigt").wait_for()
        assert other.page.get_by_role("link").count() == 0
        other.page.goto("about:blank")
        other.page.add_init_script("delete window.DecompressionStream")  # Safari before 16.4, Chrome before 103
        other.page.goto(short)
        other.page.get_by_text("Dieser Browser ist zu alt für diesen Link").wait_for()
        assert app.errors == [] and other.errors == [] and app.outside == [] and other.outside == []
    finally:
        server.stop()
