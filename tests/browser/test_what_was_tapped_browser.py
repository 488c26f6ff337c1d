"""What was tapped is what is saved: the number pad enters exactly the digits tapped, at machine speed,
on a phone that draws slower than its player taps, and with four phones typing at once.

Every entry is read back from the game's file (what is saved), not only from a screen: the screens
agreeing on a wrong number is exactly the failure these tests are about."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.browser.harness import App, Server
from tests.browser.test_table_mode_browser import SID

from common import NAMES, make_game  # noqa: E402  (bench/ is on the path: test_table_mode_browser puts it there)

START_MONEY = 5  # City of Rome: 5 money each at the start


@pytest.fixture
def data(tmp_path) -> Path:
    make_game(tmp_path / "data", "city-of-rome", SID, players=4)
    return tmp_path / "data"


def saved_entries(data: Path) -> list[tuple[int, str, int]]:
    """The entries of the game's file as (player, counter, delta), up to its cursor (undone ones left out)."""
    game = json.loads((data / "live" / f"{SID}.json").read_text(encoding="utf-8"))["session"]["1"]
    return [(e["player"], e["counter"], e["delta"]) for e in game["events"][:game["cursor"]]]


def pad_for_money(app: App, who: str):
    """`who`'s sheet open with the number pad on their money; returns the keys as the page has them."""
    app.sheet(who)
    app.click(f"Money of {who}: {START_MONEY}. Type a number for Money of {who}")
    app.wait_label(f"To add to Money of {who}: +0")
    keys = {d: app.find(app.button(d)) for d in "0123456789"}
    keys["add"] = app.find(app.page.get_by_role("button", name=re.compile(r"^Add \d+$")))
    return keys


def tap(key) -> None:
    """A finger's tap where the key is drawn, at once: not waiting for the page to draw the key enabled
    (a finger does not wait either: a tap on a key drawn disabled is lost) nor for any answer."""
    key.click(force=True)


def type_and_add(keys: dict, number: str) -> None:
    """The digits, then Add, as fast as the browser takes the taps."""
    for digit in number:
        tap(keys[digit])
    tap(keys["add"])


def test_the_pad_enters_what_was_tapped_at_any_speed(browser, data):
    server = Server(data).start()
    try:
        anna = App(browser, server.url).open(f"game/{SID}/play")
        keys = pad_for_money(anna, "Anna")
        for _ in range(10):  # "1, 2, Add" ten times with no pause
            type_and_add(keys, "12")
        anna.wait_label(f"Money of Anna: {START_MONEY + 120}")
        anna.wait_label("To add to Money of Anna: +0")

        # A phone that draws slower than its player taps: nothing the server sends it is drawn until the
        # taps are done (the pad still shows "+0", Add still "Add 0"), every tap still goes out.
        anna.hold()
        for number in ("34", "5", "607"):
            type_and_add(keys, number)
        anna.release()
        anna.wait_label(f"Money of Anna: {START_MONEY + 120 + 34 + 5 + 607}")
        anna.wait_label("To add to Money of Anna: +0")
        assert saved_entries(data) == [(0, "money", 12)] * 10 + [(0, "money", 34), (0, "money", 5), (0, "money", 607)]
        assert not anna.errors
    finally:
        server.stop()


def test_four_phones_typing_at_once_each_enter_their_own_digits(browser, data):
    server = Server(data).start()
    try:
        phones = [App(browser, server.url).open(f"game/{SID}/play") for _ in NAMES]
        keys = [pad_for_money(app, who) for app, who in zip(phones, NAMES)]
        numbers = {who: str(11 * (seat + 1) + 10 * seat) for seat, who in enumerate(NAMES)}  # 11, 32, 53, 74
        for _ in range(5):  # each player in turn types a number and adds it, no pause anywhere
            for seat, who in enumerate(NAMES):
                type_and_add(keys[seat], numbers[who])
        for app, who in zip(phones, NAMES):
            app.wait_label(f"Money of {who}: {START_MONEY + 5 * int(numbers[who])}")  # in the sheet
            app.wait_label(f"To add to Money of {who}: +0")
            app.close_sheet(who)
        for app in phones:  # every scoreboard agrees
            for who in NAMES:
                app.wait_label(f"Money of {who}: {START_MONEY + 5 * int(numbers[who])}")
        entries = saved_entries(data)
        assert sorted(entries) == sorted((seat, "money", int(numbers[who])) for seat, who in enumerate(NAMES)
                                         for _ in range(5))
        assert all(not app.errors for app in phones)
    finally:
        server.stop()


def test_a_step_tapped_twice_or_on_two_phones_is_taken_once(browser, data):
    """End round 1 tapped twice on a phone that has not drawn its first tap yet, and once on another such
    phone: one round ends (the step carries the label the phone showed), and the taps after it are
    refused in words, not taken for End round 2."""
    server = Server(data).start()
    try:
        anna, ben = (App(browser, server.url).open(f"game/{SID}/play") for _ in range(2))
        buttons = [app.find(app.button("End round 1")) for app in (anna, ben)]
        for app in (anna, ben):
            app.hold()
        buttons[0].click()
        buttons[0].click()
        buttons[1].click()
        for app in (anna, ben):
            app.release()
            app.wait_text("Round 2 of 14")
        anna.wait_text("Not done: “End round 1” is no longer the game's next step")
        game = json.loads((data / "live" / f"{SID}.json").read_text(encoding="utf-8"))["session"]["1"]
        assert [e["type"] for e in game["events"][:game["cursor"]]] == ["end_round"]
        assert not anna.errors and not ben.errors
    finally:
        server.stop()
