"""History, statistics and export in a real browser: a prepared history of several games is browsed,
a play opened, deleted and restored, the CSV and a play's BG Stats file downloaded, a backup imported,
the statistics shown; in English and in German."""

import csv
import io
import json

from tests.browser.harness import App, Server
from tests.test_export import BOX, example_play, fill, real_history

from companion.storage import export


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


def test_history_statistics_and_downloads(browser, tmp_path):
    plays = real_history()
    fill(tmp_path / "data", plays, {"carpe-diem": BOX["carpe-diem"]})
    server = Server(tmp_path / "data").start()
    try:
        app = App(browser, server.url).open()
        app.click("History")
        app.wait_text("5 of 5 plays")
        app.shot("history-en")

        # open the City of Rome play: the full breakdown
        app.click("City of Rome ·", exact=False)
        app.wait_text("Finished play")
        app.wait_text("Winner: Rulebook example")
        app.wait_text("Residential districts, value 2")
        app.shot("history-play-en")
        with app.page.expect_download(timeout=15_000) as got:
            app.click("BG Stats file", exact=False)
        bgs = json.loads(open(got.value.path(), encoding="utf-8").read())
        assert got.value.suggested_filename.endswith(".bgsplay")
        assert bgs["games"][0]["name"] == "City of Rome"

        # delete it, then undo
        app.click("Delete play", exact=False)
        app.wait_text("Deleted: City of Rome")
        app.wait_text("4 of 4 plays")
        app.shot("history-deleted-en")
        app.click("Undo", exact=False)
        app.wait_text("The play is back in the history.")
        app.wait_text("5 of 5 plays")

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
        app.wait_text("Imported 1 plays")
        app.scroll_top()
        app.wait_text("6 of 6 plays")
        bad = tmp_path / "bad.json"
        bad.write_text('{"format": "tabula-export", "version": 1, "plays": [{"id": 3}]}', encoding="utf-8")
        with app.page.expect_file_chooser(timeout=15_000) as chooser:
            app.click("Import backup", exact=False)
        chooser.value.set_files(str(bad))
        app.wait_text(r"Nothing was imported: bad.json: \$\.plays\[0\]\.id")
        app.shot("history-import-en")

        shots_of_stats(app, "en", "City of Rome")

        # German
        app.page.goto(server.url)
        app.open()
        app.click("Settings")
        app.click("Deutsch")
        app.click("Zurück")
        app.click("Verlauf")
        app.wait_text("6 von 6 Partien")
        app.shot("history-de")
        app.click("Rom – Die Stadt der Baumeister ·", exact=False)
        app.wait_text("Sieger: Rulebook example")
        app.shot("history-play-de")
        app.click("Zurück")
        shots_of_stats(app, "de", "Rom – Die Stadt der Baumeister")
        assert not app.errors
    finally:
        server.stop()
