"""Play effort: what the table does during play, on a 390 x 844 phone in Chromium.

For each game, a 4-player game in play: how many players' scores are on the screen at rest without
scrolling, and for the game's most frequent during-play actions done for the 4th player in seat order,
each from the play screen at rest (at its top, nothing open): taps (every click) and scroll gestures
(wheel steps a finger would make to bring a control into view); also "+12" on the game's main number
typed (player, digits, add) where the screen has a number pad, or tapped with its steps where it has not.

The way an action is done is a *procedure* per screen (`PROCEDURES`): the screen before the scoreboard
("today", kept in docs/performance.md) and the scoreboard. Results go to test-artifacts/bench.json under
"play" (`run_all.py play`): {"<game>": {"players": 4, "scores_visible": n, "actions": {"<name>": {"taps",
"scrolls", "typed"}}, "turn": {"taps", "scrolls", "dialogs"}}}. Targets: scores_visible 4; each action <= 2
taps (<= 4 when typed) and 0 scrolls.

A `turn` (issue 39) is the rulebook's typical full turn of the 3rd player in seat order, from the play
screen at rest to the next player on turn: their sheet opened, each decision of the turn (a tap, or an
action and its value), then the sheet's "Done · Next: Dora". `dialogs` counts the questions the turn met
that none of its decisions called for (a confirmation: its tap is counted in taps too); a dialog that takes
a decision's value (a road section's number, Build's space and card) is the decision itself. Targets:
0 dialogs; City of Rome <= 6 taps, Milestones <= 5, The Castles of Tuscany <= 5, Carpe Diem <= 4.

    python bench/play_effort.py [GAME ...]

`run(quick=True)` (`bench/run_all.py --quick play`): each game's last action, "+12" and the turn only
(between them every kind of action: a step, a game's button, a dialog's choice, an entry), every game on
one page, a quick check that the bench still runs.
"""

from __future__ import annotations

import re
import shutil
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from common import NAMES, chromium, header, load_average, make_game, tabula
from tests.browser.harness import PHONE, App

from companion.core.text import tr
from companion.games import GAMES

LANG = "en"
SID = "20250101-120000-play"
SEAT = 3  # the 4th player in seat order
WHO = NAMES[SEAT]


def t(key: str, **params) -> str:
    return tr(LANG, key, **params)


@dataclass(frozen=True)
class Step:
    """A counter moved by `delta` for the 4th player (its button named as the stepper names it)."""

    counter: str
    delta: int


@dataclass(frozen=True)
class Choice:
    """A game's action for the 4th player, with a value chosen in its dialog if it has one (a road section
    on a milestone worth 3): the action's button, then the value; `counter` moves by `delta` (waited for in
    the saved game: a game's entry may move a counter the screen does not show). Typed: a number is chosen."""

    action: str  # the action's catalogue key
    value: str | None  # the value as the dialog offers it; None: the action has no dialog
    counter: str
    delta: int
    typed: bool = True


@dataclass(frozen=True)
class Entry:
    """An entry made of choices in a dialog of the game's, for the 4th player: the action's button (in the
    player's sheet), then the dialog's buttons in order; `done` shows once it is recorded. It counts as
    typed: it enters values (City of Rome's Build: a space, then a card) as the number pad enters digits."""

    action: str
    choices: tuple[str, ...]
    done: str


@dataclass(frozen=True)
class Tap:
    """A button of the 4th player's sheet (`button`: its accessible name, "{player}" the player's) that moves
    one of their numbers by `delta`: `read(state)` gives it as saved, `shown` (a pattern; "{player}",
    "{value}") finds it where the screen then says it."""

    button: str
    delta: int
    shown: str
    read: Callable[[dict], int]


def storage(item: str) -> Callable[[dict], int]:
    return lambda state: state["players"][SEAT]["counters"][item]


def banderole_space(state: dict) -> int:
    return next(int(space) for space, stack in state["banderole"].items() if SEAT in stack)


TURN_SEAT = 2  # the turn is the 3rd player's (one in the middle of the order: a next player follows)
TURN_WHO = NAMES[TURN_SEAT]

# Entries made before measuring, where a game needs them to be in play (Castles: the setup pick of
# bonus tiles, in turn order; Dora takes "+1 worker"), then the turns before the 3rd player's (City of
# Rome: the builders placed, Cleo's nearest the emperor, so that she acts first and Dora next), and the
# goods the 3rd player's turn spends (Milestones' road section: a stone and a sand, one of them produced
# in the turn itself).
PLAYED = {"castles-of-tuscany": [*({"type": "bonus_tile", "player": p, "bonus": b}
                                   for p, b in enumerate(("card", "storage", "marble", "worker"))),
                                 {"type": "next_player"}, {"type": "next_player"}],
          "city-of-rome": [{"type": "place_builder", "player": p, "space": space}
                           for p, space in enumerate((3, 4, 1, 2))],
          "milestones": [{"type": "end_turn"}, {"type": "end_turn"},
                         {"type": "adjust", "player": TURN_SEAT, "counter": "sand", "delta": 1}],
          "carpe-diem": [{"type": "next_player"}, {"type": "next_player"}]}


@dataclass(frozen=True)
class Turn:
    """The 3rd player's typical turn: the sheet's buttons tapped in order (`taps`: accessible names,
    "{player}" the player's; a `Pick` is a button in the dialog the tap before opened), the sheet's step
    that ends the turn (`done`), and who is on turn after it (`next`)."""

    taps: tuple
    done: str
    next: str


@dataclass(frozen=True)
class Pick:
    """A value chosen in the dialog the tap before opened (that dialog is the decision, not a question)."""

    name: str


TURNS = {
    # "bis zu 2 Aktionen – 1x Bauen und 1x Produktion" after a card from the offer: Build (a space, the
    # card), a production bringing money; then the next builder on the strip.
    "city-of-rome": Turn(("Build ({player})", Pick("Row 3, column 2: build here"), Pick("Market"),
                          "Money +1 ({player})"), "Done · Next: Dora", "Dora"),
    # "genau 2 Spielzüge": a worker field's goods (one kind), the trading house's road section on a 3.
    "milestones": Turn(("Stone +1 ({player})", "Road section: milestone's number ({player})",
                        Pick("Road section: milestone's number: 3")), "Done · End {player}'s turn", "Dora"),
    # 2 of the 4 actions: a tile taken into storage, a tile placed (a village: its workers).
    "castles-of-tuscany": Turn(("Tile taken ({player})", "Tile placed: its goods ({player})",
                                Pick("Tile placed: its goods: village: workers")), "Done · Next: Dora", "Dora"),
    # A tile taken from the display and built: a market's coin.
    "carpe-diem": Turn(("Market: +1 coin ({player})",), "Done · Next: Dora", "Dora"),
}

# The game's most frequent during-play actions (counters the table moves on nearly every turn, a game's
# own action with its number, an entry made every round, or the game's own buttons where the table taps
# those), and the main number "+12" goes to. An action that needs goods comes after the steps that give
# them to the 4th player.
ACTIONS = {
    # A turn: money -1 buys a production point (a build point is 2), money +1 and an influence token are
    # what production brings (a vegetable farm, a sheep farm); each player builds about once a round.
    "city-of-rome": {"money -1": Step("money", -1), "money +1": Step("money", 1),
                     "influence token +1": Step("influence_tokens", 1),
                     "build": Entry("Build", ("Row 3, column 2: build here", "Market"), f"City of {WHO}: 3")},
    # What a player's turn brings: a tile on a banderole space, a landscape completed, a market or bakery.
    "carpe-diem": {
        "tile on a banderole space": Tap("Tile on a banderole space: +1 step ({player})", 1,
                                         "Banderole bar of {player}: space {value}", banderole_space),
        "garden of 3 tiles completed": Tap("Garden of 3 tiles completed: +2 herbs ({player})", 2,
                                           "Storage of {player}: .*Herbs {value}", storage("herbs")),
        "market built": Tap("Market: +1 coin ({player})", 1, "Storage of {player}: .*Coins {value}", storage("coins")),
        "bakery built": Tap("Bakery: +1 bread ({player})", 1, "Storage of {player}: .*Bread {value}", storage("bread")),
    },
    # A turn is one of: take a tile, draw cards, place a tile (its goods, and its points when it completes
    # a region). Dora holds "+1 worker": a village brings her 2.
    "castles-of-tuscany": {
        "tile taken": Choice("castles-of-tuscany.action.take_tile", None, "revealed", 1, typed=False),
        "cards drawn": Choice("castles-of-tuscany.action.draw_cards", None, "cards", 3, typed=False),
        # the tile's kind chosen in its dialog: a value entered, as City of Rome's Build enters a card
        "tile placed: village": Choice("castles-of-tuscany.action.tile_effect", "village: workers", "workers", 2),
        "region of 3 completed": Choice("castles-of-tuscany.action.region", "3 fields: 6 green", "green", 6)},
    # A worker field's goods (every turn has one or two such moves), a road section built with them (the
    # commonest build), the coin of the trading house's income.
    "milestones": {"stone +1": Step("stone", 1), "sand +1": Step("sand", 1),
                   "road section on a 3": Choice("milestones.action.road", "3", "points", 3),
                   "coins +1": Step("coins", 1)},
}
MAIN = {"city-of-rome": "money", "carpe-diem": "vp", "castles-of-tuscany": "red", "milestones": "points"}


class Counted(App):
    """The app with its taps and scroll gestures counted."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.taps = self.scrolls = 0

    def wheel(self, dy: float) -> None:
        self.scrolls += 1
        super().wheel(dy)

    def press(self, locator, position: dict | None = None) -> None:
        self.taps += 1
        super().press(locator, position)


def label(game_id: str, counter: str) -> str:
    return t(next(c.label for c in GAMES[game_id].rules.counters if c.id == counter).key)


def value_of(data: Path, game_id: str, counter: str) -> int:
    """The 4th player's counter as the server saved it."""
    return saved_state(data, game_id)["players"][SEAT]["counters"][counter]


def saved_state(data: Path, game_id: str) -> dict:
    from companion.storage import Repository
    return Repository(data, GAMES, read_only=True).game(f"{SID}-{game_id}").state


def wait_shown(app: App, game_id: str, action: Step | Tap | Choice, value: int) -> None:
    """Until the screen says the 4th player's number is `value` now."""
    if isinstance(action, Tap):
        app.wait_text(action.shown.format(player=re.escape(WHO), value=value) + r"\b")
    else:
        app.wait_label(f"{label(game_id, action.counter)} of {WHO}: {value}")


def saved(data: Path, game_id: str, counter: str, value: int, timeout: float = 30) -> None:
    """Wait until the server has saved the 4th player's counter at `value` (it saves before any screen
    shows an entry)."""
    deadline = time.monotonic() + timeout
    while value_of(data, game_id, counter) != value:
        if time.monotonic() > deadline:
            raise TimeoutError(f"{game_id}: {counter} of {WHO} never reached {value}")
        time.sleep(0.05)  # polling the file: no event tells when another process has written it


def record(data: Path, game_id: str) -> None:
    """The entries a game needs before it is in play (`PLAYED`), as the tracker records them."""
    from companion.storage import Repository
    repo = Repository(data, GAMES)
    game = repo.game(f"{SID}-{game_id}")
    for event in PLAYED.get(game_id, ()):
        game.record(event)
    repo.save(game)


# ---------------------------------------------------------------- today's play screen

def choose(app: Counted, choice: Choice) -> None:
    """The action's button (on the card or the sheet), then the value in its dialog if it has one."""
    app.press(app.find(app.button(f"{t(choice.action)} ({WHO})")))
    if choice.value is not None:
        app.press(app.find(app.dialog_button(f"{t(choice.action)}: {choice.value}")))


def today_step(app: Counted, game_id: str, step: Step | Choice) -> None:
    if isinstance(step, Choice):
        return choose(app, step)
    app.press(app.find(app.button(f"{label(game_id, step.counter)} {step.delta:+d} ({WHO})")))


def today_plus_12(app: Counted, game_id: str) -> bool:
    """No number pad: the steps the stepper has (+5, +5, +1, +1 on a counter stepped in fives)."""
    counter = next(c for c in GAMES[game_id].rules.counters if c.id == MAIN[game_id])
    left = 12
    for size in sorted(counter.steps, reverse=True):
        while left >= size:
            app.press(app.find(app.button(f"{label(game_id, counter.id)} +{size} ({WHO})")))
            left -= size
    return False


# ---------------------------------------------------------------- the scoreboard

def open_sheet(app: Counted, who: str = WHO) -> None:
    app.press(app.find(app.button(f"{who}'s sheet", exact=False)))
    app.wait_label(f"Close {who}'s sheet")
    app.idle()  # the sheet has slid up: its buttons where a finger finds them (mid-slide they are lower)


def scoreboard_step(app: Counted, game_id: str, step: Step | Tap | Choice) -> None:
    open_sheet(app)
    if isinstance(step, Choice):
        return choose(app, step)
    name = step.button.format(player=WHO) if isinstance(step, Tap) else \
        f"{label(game_id, step.counter)} {step.delta:+d} ({WHO})"
    app.press(app.find(app.button(name)))


def scoreboard_plus_12(app: Counted, game_id: str) -> bool:
    """The player's sheet, then the number pad (it adds to the score's counter): 1, 2, Add."""
    open_sheet(app)
    for digit in "12":
        app.press(app.find(app.button(digit)))
    app.press(app.find(app.button("Add 12")))
    return True


def entry(app: Counted, action: Entry, procedure: str) -> None:
    """The action's button (on the player's card today, in the sheet on the scoreboard), then the dialog's."""
    if procedure == "scoreboard":
        open_sheet(app)
    app.press(app.find(app.button(f"{action.action} ({WHO})")))
    for choice in action.choices:
        app.press(app.find(app.dialog_button(choice)))


DIALOG = "flt-semantics[role=alertdialog]"  # a question (the open sheet is a "dialog" of its own)


def confirmed(app: Counted) -> int:
    """A question nobody's decision called for, answered yes (its last button: the step it asks about);
    1 if there was one, else 0. Waits for the screen to be still first: a dialog just answered (a pick)
    stays in the tree while it closes."""
    app.idle()
    dialog = app.page.locator(DIALOG)
    if not dialog.count():
        return 0
    app.press(dialog.get_by_role("button").last)
    return 1


def turn(app: Counted, game_id: str) -> dict:
    """The 3rd player's turn (`TURNS`): taps, scrolls and the questions met (see the module's doc)."""
    plan = TURNS[game_id]
    app.taps = app.scrolls = 0
    dialogs = 0
    open_sheet(app, TURN_WHO)
    for n, tap in enumerate(plan.taps):
        if isinstance(tap, Pick):
            app.press(app.find(app.dialog_button(tap.name)))
        else:
            app.press(app.find(app.button(tap.format(player=TURN_WHO))))
        if not isinstance(plan.taps[n + 1] if n + 1 < len(plan.taps) else None, Pick):  # no dialog called for
            dialogs += confirmed(app)
    app.press(app.find(app.button(plan.done.format(player=TURN_WHO))))
    dialogs += confirmed(app)
    result = {"taps": app.taps, "scrolls": app.scrolls, "dialogs": dialogs}
    app.wait_label(f"{plan.next} is on turn")
    return result


PROCEDURES = {"today": (today_step, today_plus_12), "scoreboard": (scoreboard_step, scoreboard_plus_12)}


def scores_visible(app: App, game_id: str) -> int:
    """Players whose main number is inside the viewport at rest (its label is in the tree and on screen)."""
    seen = 0
    for who in NAMES:
        # Flutter gives a value's name to the tree as the node's text, not always as its aria-label
        found = app.text(re.escape(f"{label(game_id, MAIN[game_id])} of {who}:"))
        box = found.first.bounding_box() if found.count() else None
        seen += bool(box and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"] - 72)  # above the thumb slot
    return seen


def at_rest(app: App, route: str) -> None:
    """The play screen at rest: nothing open (a sheet is closed as a player closes it), at its top."""
    close = app.page.get_by_role("button", name=re.compile(r"^Close .*'s sheet$"))
    if close.count():
        close.first.click()
        close.first.wait_for(state="detached")
        app.idle()  # until the sheet's closing animation has ended: a tap meanwhile lands on its scrim
    if not app.page.url.endswith("/" + route):  # on it already, the server answers nothing: `go` waited 5 s
        app.go(route)
    app.idle()


def measure(browser, url: str, data: Path, game_id: str, procedure: str, quick: bool = False,
            app: Counted | None = None) -> dict:
    """`quick`: the game's last action only; `app`: the page to go on in (the game reached inside the app),
    else a page of its own (loaded, and closed at the end)."""
    step, plus_12 = PROCEDURES[procedure]
    route = f"game/{SID}-{game_id}/play"
    own = app is None
    if own:
        app = Counted(browser, url).open(route)
    else:  # by the home screen, as a player goes from one game to the next (the back arrow, then the game)
        at_rest(app, "")
    at_rest(app, route)
    result = {"players": 4, "scores_visible": scores_visible(app, game_id), "actions": {}}
    actions = list(ACTIONS[game_id].items())
    for name, action in actions[-1:] if quick else actions:
        at_rest(app, route)
        if isinstance(action, Entry):
            app.taps = app.scrolls = 0
            entry(app, action, procedure)
            app.wait_label(action.done)
            result["actions"][name] = {"taps": app.taps, "scrolls": app.scrolls, "typed": True}
            continue
        state = saved_state(data, game_id)
        before = action.read(state) if isinstance(action, Tap) else state["players"][SEAT]["counters"][action.counter]
        app.taps = app.scrolls = 0
        step(app, game_id, action)
        # what the table did; looking for the new value is the bench's, not theirs
        result["actions"][name] = {"taps": app.taps, "scrolls": app.scrolls, "typed": getattr(action, "typed", False)}
        if isinstance(action, Choice):
            saved(data, game_id, action.counter, before + action.delta)
            app.idle()  # the dialog's closing drawn, as the player sees it go before the next tap
        else:
            wait_shown(app, game_id, action, before + action.delta)
    at_rest(app, route)
    before = value_of(data, game_id, MAIN[game_id])
    app.taps = app.scrolls = 0
    typed = plus_12(app, game_id)
    result["actions"]["+12"] = {"taps": app.taps, "scrolls": app.scrolls, "typed": typed}
    app.wait_label(f"{label(game_id, MAIN[game_id])} of {WHO}: {before + 12}")
    at_rest(app, route)
    result["turn"] = turn(app, game_id)
    if own:
        app.close()
    return result


def run(games: list[str] | None = None, procedure: str = "scoreboard", log=print, quick: bool = False,
        browser=None) -> dict:
    """`quick`: each game's last action only (see above), every game on one page (a full run loads each
    game's page, as a phone coming to the table would); `browser`: see common.chromium."""
    games = games or list(ACTIONS)
    header(f"Play effort ({procedure}): 4 players on a 390 x 844 phone, the 4th player's frequent actions")
    data = Path(tempfile.mkdtemp(prefix="tabula-play-")) / "data"
    for game_id in games:
        make_game(data, game_id, f"{SID}-{game_id}", players=4)
        record(data, game_id)
    server = tabula(data).start()
    results = {}
    try:
        with chromium(browser) as b:
            shared = Counted(b, server.url).open() if quick else None
            for game_id in games:
                results[game_id] = measure(b, server.url, data, game_id, procedure, quick, shared)
                r = results[game_id]
                log(f"{game_id}: scores on screen {r['scores_visible']} of 4; " + "; ".join(
                    f"{n} {a['taps']} {'tap' if a['taps'] == 1 else 'taps'}, {a['scrolls']} scrolls"
                    + (" (typed)" if a["typed"] else "") for n, a in r["actions"].items())
                    + f"; a turn: {r['turn']['taps']} taps, {r['turn']['scrolls']} scrolls, {r['turn']['dialogs']} dialogs")
            if shared:
                shared.close()
    finally:
        server.stop()
        shutil.rmtree(data.parent, ignore_errors=True)
    log(f"load average after: {load_average()}")
    return results


if __name__ == "__main__":
    named = [a.split("=", 1)[1] for a in sys.argv[1:] if a.startswith("--procedure=")]
    run([a for a in sys.argv[1:] if not a.startswith("--")] or None, procedure=named[0] if named else "scoreboard")
