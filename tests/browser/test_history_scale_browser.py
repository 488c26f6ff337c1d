"""History at 10,000 plays in a real browser: a data folder with a history.json of earlier versions
(TinyDB, 10,000 four-player plays) is upgraded, then served; History lists the newest 30
with "Show 30 more"; a play from the second page opens, is deleted and restored; the statistics open;
a backup of 2,000 more plays is imported from the History screen."""

from __future__ import annotations

import json
import re
import sys
import time
from pathlib import Path

from tests.browser.harness import App, Server

BENCH = Path(__file__).resolve().parents[2] / "bench"
if str(BENCH) not in sys.path:
    sys.path.insert(0, str(BENCH))

import bench_storage  # noqa: E402

from companion.games import GAMES  # noqa: E402
from companion.storage import Repository, export  # noqa: E402
from companion.core.text import date_time  # noqa: E402
from companion.ui.screens.history import PAGE  # noqa: E402

PLAYS = 10_000


def title(i: int) -> str:
    play = bench_storage.real_play(i)
    return f"{GAMES[play['game']].name.render('en')} · {date_time('en', play['finished'])}"


def test_history_of_ten_thousand_plays(browser, tmp_path):
    data = tmp_path / "data"
    bench_storage.old_data_dir(data, PLAYS)
    # The upgrade the server's first start makes, made here: on this loaded 2-core machine it took up to
    # 16 s, and the harness gives a server 30 s to open its port.
    upgraded = Repository(data, GAMES)
    assert len(upgraded.plays()) == PLAYS and upgraded.notices == []
    assert (data / "history.json.before-upgrade").exists() and not (data / "history.json").exists()
    del upgraded
    server = Server(data).start()
    try:
        app = App(browser, server.url).open()
        app.find(app.button("History"))
        started = time.perf_counter()
        app.button("History").click()
        app.text(f"^{PLAYS} plays$").first.wait_for(timeout=60_000)
        opened_ms = (time.perf_counter() - started) * 1000
        print(f"\nHistory of {PLAYS} plays on screen {opened_ms:.0f} ms after the click")
        app.text(re.escape(title(PLAYS - 1))).first.wait_for()  # the newest play first
        app.shot("history-10000-en")

        # 30 drawn; the next 30 on request
        more = app.button(f"Show {PAGE} more")
        app.find(more)
        assert app.text(re.escape(title(PLAYS - 1 - PAGE))).count() == 0
        more.first.click()
        second_page = title(PLAYS - 1 - PAGE - 5)
        app.find(app.text(re.escape(second_page)))

        # a play of the second page: its page, deleted, restored
        app.text(re.escape(second_page)).first.click()
        app.text("Finished play").first.wait_for()
        app.find(app.button("Delete play", exact=False)).click()
        app.text(f"^{PLAYS - 1} plays$").first.wait_for()
        app.button("Undo").first.click()
        app.text(f"^{PLAYS} plays$").first.wait_for()
        lines = (data / "history.jsonl").read_text().splitlines()
        deleted_id = bench_storage.real_play(PLAYS - 1 - PAGE - 5)["id"]
        assert json.loads(lines[-2]) == {"delete": deleted_id} and json.loads(lines[-1])["add"]["id"] == deleted_id

        # a backup of 2,000 more plays, imported from the History screen
        backup = tmp_path / "backup.json"
        more_plays = [dict(bench_storage.real_play(i), id=f"imported-{i}") for i in range(2000)]
        backup.write_text(export.dumps({"format": export.FORMAT, "version": export.VERSION,
                                        "exported": "2025-01-01 10:00:00", "plays": more_plays, "box_data": {}}),
                          encoding="utf-8")
        with app.page.expect_file_chooser(timeout=15_000) as chooser:
            app.find(app.button("Import backup", exact=False)).click()
        chooser.value.set_files(str(backup))
        app.find(app.text("Imported 2000 plays"))
        app.scroll_top()
        total = PLAYS + 2000
        app.text(f"^{total} plays$").first.wait_for(timeout=60_000)

        # the statistics of them all
        app.find(app.button("Statistics")).click()
        app.text("Choose a game for average scores").first.wait_for(timeout=60_000)
        app.shot("stats-12000-en")
        assert not app.errors, app.errors
    finally:
        server.stop()
