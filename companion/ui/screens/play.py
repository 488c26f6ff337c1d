"""The live tracker as the table sees it: a scoreboard first (every player on one phone screen: colour,
name, the score in large type, the few numbers the game's table watches, who is on turn and who
started); a tap on a player opens their sheet (the game's actions for them, a stepper per counter, a
number pad: "+12" in three taps); the game's next step (End turn, End round, a scoring, then Final
scoring) in the thumb slot; the score sheet (rounds by players) and Undo in the bar.

An entry the tracker refuses because it needs box data (`MissingBoxData`, for example a colour bonus
whose printed points nobody has entered) asks for exactly those values right there, keeps them with
the box data, hands them to the tracker as `{"type": "box_value", "key": k, "value": v}` entries (the
convention for trackers that read box data during play) and then repeats the refused entry."""

from __future__ import annotations

import asyncio

import flet as ft

from companion.core.score_sheet import score_sheet
from companion.core.table import box_values_needed, redo_lines, undo_lines
from companion.core.text import Msg
from companion.ui.box_data import BoxDataForm
from companion.ui.clock import GameClock
from companion.ui.games import game_ui
from companion.ui.hook_value import HookValue
from companion.ui.late_taps import ShownFilledButton, shown, shown_key
from companion.ui.model import AppModel
from companion.ui.scoreboard import MoreCounts, NumberPad, ScoreRow, action_buttons, counter_grid, score_sheet_table
from companion.ui.screens.common import missing_game, use_game, use_subscription
from companion.ui.view import GameView, use_view
from companion.ui.widgets import TOUCH, Texts, colour_dot, icon_button, message_banner, screen, section

LOG_LINES = 12


@ft.component
def PlayScreen(tab: HookValue):  # the model kept, not observable: the screen hears it after the sheet
    """Keyed by the game: the router keeps this screen from one game's play screen to another's (the
    browser's back and forward), and the screen compared with the last game's came out empty."""
    sid = ft.use_route_params().get("sid", "")
    return GamePlay(tab, sid, key=f"play-{sid}")


@ft.component
def GamePlay(tab: HookValue, sid: str):
    model: AppModel = tab.value
    page = ft.context.page
    route = f"/game/{sid}/play"
    game = use_game(model, sid)
    view, dispatch = use_view(model, sid, game)
    sheets = ft.use_memo(lambda: Sheets(), [sid])  # which player's sheet is open: the sheet host's own state
    use_after_sheet(model, sheets)
    pending, set_pending = ft.use_state(None)  # (action, player) waiting for a confirmation or a number
    needs_box, set_needs_box = ft.use_state(None)  # (keys, refused entry, why) waiting for box data
    asking, set_asking = ft.use_state(None)  # "me": which player this phone is; "early": final scoring early
    showing_sheet, set_showing_sheet = ft.use_state(False)  # the score sheet
    # Stable identities (same game, same setters): the memoized rows compare them.
    open_sheet = ft.use_callback(lambda seat: sheets.open(seat), [sid])
    set_turn = ft.use_callback(lambda seat: dispatch({"type": "set_turn", "player": seat}), [sid])
    run_clock = ft.use_callback(lambda run: dispatch({"type": "clock", "run": run}), [sid])

    def submit_latest(event):
        # The latest game, not the one drawn: box values entered just now are in it.
        latest = model.game(sid)
        keys, why = box_values_needed(latest, event) if latest is not None else ((), None)
        if keys:
            set_needs_box((keys, event, why))
        else:
            dispatch(event)

    def trigger_latest(action, player=None):
        latest = model.game(sid)
        if latest is not None and (action.confirm or action.value_choices
                                   or action.id in game_ui(latest.definition.id).action_dialogs):
            set_pending((action, player))
        else:
            submit_latest(event_for(action, player))
    # Stable: the open sheet keeps them without being drawn again by this screen (see SheetHost).
    submit = ft.use_callback(submit_latest, [sid])
    trigger = ft.use_callback(trigger_latest, [sid])

    def go_scoring():
        set_asking(None)
        dispatch({"type": "stage", "stage": "scoring"}, then=lambda saved: page.navigate(f"/game/{sid}/score"))

    ft.use_dialog(tracker_dialog(model, view, dispatch, submit, pending, set_pending, needs_box, set_needs_box,
                                 asking, set_asking, go_scoring, open_sheet) if view is not None else None)
    ft.use_dialog(sheet_dialog(model, view, lambda: set_showing_sheet(False))
                  if view is not None and showing_sheet else None)
    if game is None:
        return missing_game(model, route, sid)
    definition, state = game.definition, game.state

    def to_scoring(e=None):
        if definition.rules.is_finished(state, game.config) or game.board is not None:  # over, or scoring was begun before
            go_scoring()
        else:
            set_asking("early")

    controls = [
        status_line(model, view, GameClock(Texts(model.lang), tuple(game.clock), run_clock)),
        *scoreboard(model, view, open_sheet, set_turn if definition.has_move("set_turn") else None),
        *([ft.TextButton(model.t("ui.sheet.open"), icon=ft.Icons.TABLE_CHART_OUTLINED, height=TOUCH,
                         on_click=lambda e: set_showing_sheet(True))] if definition.show.keeps_score_sheet else []),
        *([game_ui(definition.id).panel(view, dispatch)] if game_ui(definition.id).panel is not None else []),
        log_section(model, state),
        SheetHost(tab, sid, sheets, dispatch, trigger),
    ]
    return screen(model, route, model.m(definition.name), controls, back="/",
                  bottom=next_step(model, view, trigger, to_scoring),
                  error=model.error_for(game), info=model.info_for(game), on_dismiss=model.dismiss_message,
                  actions=[
                      icon_button(ft.Icons.PERSON if sid in model.me else ft.Icons.PERSON_OUTLINE,
                                  me_label(model, game), lambda e: set_asking("me")),
                      EntryButton(tab, game, "undo"),
                      EntryButton(tab, game, "redo"),
                      # a 48 px target (padding 12); its tooltip ours, not Flutter's English "Show menu"
                      ft.PopupMenuButton(icon=ft.Icon(ft.Icons.MORE_VERT, semantics_label=model.t("ui.play.menu")),
                                         tooltip=model.t("ui.play.menu"), padding=12,
                                         items=[ft.PopupMenuItem(content=model.t("ui.play.to_scoring"),
                                                                 icon=ft.Icons.SCOREBOARD, on_click=to_scoring)]),
                  ])


SHEET_FIRST = 0.05  # s: with a sheet open, the screen behind it is drawn again this much after the sheet


def use_after_sheet(model: AppModel, sheets: Sheets) -> None:
    """Redraw the screen on every change of the model, after the components that hear it directly. A tap
    in a player's sheet then goes to the phone as soon as the sheet is drawn again (a few ms), before the
    whole screen is compared (15-50 ms more on this machine); while a sheet is open, the screen behind
    it waits SHEET_FIRST more, so that drawing it does not hold up the phone's drawing of the sheet
    (several changes meanwhile make one redraw). What is under the thumb answers first. A hook: call it
    before any early return."""
    _, set_heard = ft.use_state(0)
    page = ft.context.page

    def listen():
        waiting = [False]  # several changes in one go (an entry sets a few fields): one redraw

        async def redraw():
            if sheets.seat is not None:
                await asyncio.sleep(SHEET_FIRST)
            waiting[0] = False
            set_heard(lambda n: n + 1)

        def heard(sender, field):
            if not waiting[0] and page.session.connection is not None:  # on reconnecting, all is drawn again
                waiting[0] = True
                page.run_task(redraw)  # runs after the pass that draws the sheet has sent it
        return model.subscribe(heard)  # its disposer holds `heard`: an observable keeps listeners weakly
    use_subscription(listen, [])


def status_line(model: AppModel, view: GameView, clock: ft.Control) -> ft.Control:
    """Where the game stands (the round, the phase), one line of it bold; the game clock beside it."""
    lines = view.definition.rules.status(view.state, view.config)
    return ft.Row([ft.Column([ft.Text(model.m(line), weight=ft.FontWeight.BOLD if n == 0 else None,
                                      size=14 if n else 16) for n, line in enumerate(lines[:2])],
                             spacing=2, expand=True), clock], vertical_alignment=ft.CrossAxisAlignment.START)


def scoreboard(model: AppModel, view: GameView, open_sheet, set_turn) -> list[ft.Control]:
    """A row per player, in seat order (a row never moves under a thumb), the player on turn marked."""
    definition, state, config = view.definition, view.state, view.config
    on_turn = seat_on_turn(definition, state, config, len(view.names))
    start = definition.rules.start_player_now(state, config)
    texts = Texts(model.lang)
    turns = on_turn is not None or definition.has_move("next_player")
    return [ScoreRow(texts, seat, name, colour, definition.standing_of(state, config, seat), seat == on_turn,
                     seat == start, view.me == seat, open_sheet, turns, set_turn if on_turn is not None else None)
            for seat, (name, colour) in enumerate(zip(view.names, view.colours))]


def next_step(model: AppModel, view: GameView, trigger, to_scoring) -> ft.Control | None:
    """The thumb slot: the game's own next step, named for what it does (Next: Ben, End round 3, Pick:
    Jürgen), and Final scoring once the game has reached its end (before, it is in the bar's menu). A
    step acts at once (Undo takes it back); only one that ends the game asks first (its `confirm`)."""
    definition, state = view.definition, view.state
    steps = [a for a in definition.actions(state, view.config) if not a.per_player]
    buttons = [step_button(model, a, model.m(a.label), lambda e, a=a: trigger(a, a.player),
                           style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=8)))
               for a in steps[:2]]
    if definition.rules.is_finished(state, view.config):
        buttons.append(ft.FilledButton(model.t("ui.play.to_scoring"), icon=ft.Icons.SCOREBOARD, height=TOUCH,
                                       expand=True, on_click=to_scoring))
    for b in buttons[:-1]:  # the last is the step the game waits for; the others quieter
        b.style = ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=8), bgcolor=ft.Colors.SECONDARY_CONTAINER,
                                 color=ft.Colors.ON_SECONDARY_CONTAINER)
    return ft.Row(buttons, spacing=8) if buttons else None


def step_button(model: AppModel, step, text: str, on_click, **options) -> ft.Control:
    """A step's button, keyed by the step as it shows it (End round 1): the next step is another button,
    and a tap on this one from a phone that still shows it reaches this one's handler
    (companion/ui/late_taps.py), whose entry names End round 1 and is refused once that was taken."""
    key = shown_key(f"step-{step.id}-{step.player}", step.label.to_json())
    return shown(ShownFilledButton(text, on_click=on_click, height=TOUCH, expand=True, key=key, **options),
                 model.late_taps)


def log_section(model: AppModel, state: dict) -> ft.Control:
    """The last LOG_LINES lines, newest first, a run of steps on one count one line ("Jürgen: Money +3
    (now 131)", not three "+1" lines). Each is keyed by its place in the whole log (a run by its first
    line): an entry made or taken back adds, removes or changes a line at the top and the phone moves the
    others, instead of every line being sent and laid out again with its neighbour's text."""
    lines = [ft.Text(model.m(msg), size=13, key=f"log-{first}") for first, msg in log_lines(state.get("log", []))]
    return section(model.t("ui.play.log"), lines or [ft.Text(model.t("ui.play.log_empty"), italic=True, size=13)])


def log_lines(log: list) -> list[tuple[int, Msg]]:
    """The newest LOG_LINES lines of the log, each with its first line's place; consecutive steps of one
    player's count summed into one line."""
    out: list[tuple[int, Msg]] = []
    for n in range(len(log) - 1, -1, -1):
        msg = Msg.from_json(log[n])
        if out and msg.key == ADJUST and out[-1][1].key == ADJUST and all(
                msg.params[k] == out[-1][1].params[k] for k in ("player", "counter")):
            newer = out[-1][1]
            delta = int(newer.params["delta"]) + int(msg.params["delta"])
            out[-1] = (n, Msg(ADJUST, **{**newer.params, "delta": f"{delta:+d}"}))
        elif len(out) == LOG_LINES:
            break
        else:
            out.append((n, msg))
    return out


ADJUST = "core.log.adjust"  # the generic step on a count (core/definition.py), the line a run of steps shares


class Sheets:
    """Which player's sheet is open (`seat`), the sheet host's own state: opening or closing a sheet draws
    the host alone, not the play screen (Flet compares a screen's whole tree when it is drawn again: 15-20 ms
    of a desktop core's Python for a tap on a row, ten times that in a phone's browser). The rows, the
    "Which player is this phone?" dialog and the sheet itself open and close it through here."""

    __slots__ = ("seat", "_set", "_again")

    def __init__(self):
        self.seat: int | None = None
        self._set = None  # the host's setter, once it is drawn
        self._again = None  # how the kept content begins again

    def open(self, seat: int) -> None:
        if self._set is not None:
            self._set(seat)

    def close(self, seat: int) -> None:
        """That seat's sheet closed (its dismissal, its Close): another seat's sheet opened meanwhile stays open."""
        if self._set is not None:
            self._set(lambda now: None if now == seat else now)

    def on_open(self, begin) -> None:
        """`begin()` at each opening of a sheet: the content kept from the last opening begins as it did
        when new (the pad's digits, the counter it was given to), drawn again only if that changes it."""
        self._again = begin

    def begin_again(self) -> None:
        if self._again is not None:
            self._again()

    def __repr__(self) -> str:  # Flet formats every message with repr(), hooks included (see HookValue)
        return f"Sheets({self.seat})"


@ft.component
def SheetHostView(tab: HookValue, sid: str, sheets: Sheets, dispatch, trigger):
    """The player's sheet: one bottom sheet, added to the page's dialogs once while the play screen is
    open and then opened and closed by its `open` alone. The phone builds the whole screen again
    whenever the page's list of dialogs changes (Flet's View hears it), and Flet walks and compares a
    sheet's whole content (about 6,000 objects) when it is passed anew: so the content (`PlayerSheet`,
    which hears the game itself) is the last opened player's, kept while the sheet is closed (before any
    opening, `first_sheet`'s), and the play screen, drawn on every entry, does not pass it. A dialog
    still: it dims the whole screen, app bar and thumb slot too, keeps the screen behind it from taps and
    screen readers, and the back gesture, Escape or a tap outside closes it. A sheet's dismissal closes
    that sheet only."""
    page = ft.context.page
    seat, sheets._set = ft.use_state(None)
    sheets.seat = seat
    close = sheets.close
    # As tall as its content (`Fitted`), near the thumb. A sheet taller than the phone takes all of it
    # and scrolls inside (a cap below the app bar made Milestones' coins scroll).
    shown = ft.use_ref(None)  # the seat whose content is built
    sheet = ft.use_memo(lambda: ft.BottomSheet(content=ft.Container(), scrollable=True, show_drag_handle=True,
                                               on_dismiss=lambda e: close(shown.current)), [])
    if seat is not None and (not sheet.open or seat != shown.current):
        # Each opening begins as the sheet did when new: nothing typed, the pad on the player's usual count
        # (also in another player's content: Flet hands it the state of the one it replaces).
        sheets.begin_again()
        if seat != shown.current:
            shown.current = seat
            sheet.content = PlayerSheet(tab, sid, seat, sheets, dispatch, trigger)
    elif sheet.parent is None:
        # Before any opening, the sheet opened first most likely is built, closed (and sent after the screen,
        # with the page's dialogs): its first opening is then as quick as opening it again.
        likely = first_sheet(tab.value, sid)
        if likely is not None:
            shown.current = likely
            sheet.content = PlayerSheet(tab, sid, likely, sheets, dispatch, trigger)
    sheet.open = seat is not None
    if sheet.parent is None:  # the first drawing: the sheet joins the page's dialogs, closed
        page._set_dialog_parent(sheet)
        page._dialogs.controls.append(sheet)
        page.session.schedule_update(page._dialogs)
    else:
        page.session.patch_control(sheet)

    def leave():
        def remove(e=None):
            if sheet in page._dialogs.controls:
                page._dialogs.controls.remove(sheet)
                page.session.schedule_update(page._dialogs)
        if sheet.open:  # closed first: the phone closes an open sheet only while it still has it
            sheet.open, sheet.on_dismiss = False, remove
            page.session.patch_control(sheet)
        else:
            remove()
    ft.use_effect(lambda: None, dependencies=[], cleanup=leave)
    return ft.Container(width=0, height=0)


# The model passed as a `HookValue` (not observable): the host is not drawn again when the game changes.
SheetHost = ft.memo(SheetHostView)


def first_sheet(model: AppModel, sid: str) -> int | None:
    """The player whose sheet this phone most likely opens first: its own player, else the one on turn."""
    game = model.game(sid)
    if game is None:
        return None
    if sid in model.me:
        return model.me[sid]
    return seat_on_turn(game.definition, game.state, game.config, len(game.config["players"]))


@ft.component
def PlayerSheet(tab: HookValue, sid: str, seat: int, sheets: Sheets, dispatch, trigger):
    """A player's sheet: their score, the game's actions for them, a number pad for any count, a stepper
    per counter. Closing it returns to the scoreboard as it was. The sheet is kept from one opening of this
    player's sheet to the next (`Sheets.on_open`): it begins again with the pad on the usual counter and
    nothing typed. Closed, it is not drawn when the game changes (each phone's session keeps one, and the
    table's host would draw them all at every entry), but once at its next opening."""
    model: AppModel = tab.value  # passed kept, not observable: the sheet hears the model itself
    close = ft.use_callback(lambda: sheets.close(seat), [seat])
    view, _ = use_view(model, sid, model.game(sid))
    target, set_target = ft.use_state(None)  # the counter the number pad was given to in this opening
    typed = ft.use_ref(("", False))  # the pad's digits, kept here so that an opening clears them
    opening, set_opening = ft.use_state(0)  # a new opening that cleared them: the pad drawn again
    catch_up = use_heard_while_open(model, sheets, seat)
    # ... as tapped (`chosen`), else the game's (`usual`): a number typed right after a tap on another
    # counter goes to that counter, even before the phone has drawn the pad for it
    chosen, usual = ft.use_ref(None), ft.use_ref(None)
    step = ft.use_callback(lambda counter, delta: dispatch({"type": "adjust", "player": seat, "counter": counter,
                                                            "delta": delta}), [seat])  # stable: the pad keeps it
    add = ft.use_callback(lambda delta: step(chosen.current or usual.current, delta), [seat])

    def choose_now(counter):
        chosen.current = counter
        set_target(counter)
    choose = ft.use_callback(choose_now, [seat])  # stable, for the memoized cells

    def begin_again():
        if chosen.current is None and typed.current == ("", False):
            catch_up()  # the pad as new already: drawn again only if the game changed meanwhile
            return
        chosen.current, typed.current = None, ("", False)
        set_target(None)
        set_opening(lambda n: n + 1)  # one drawing of the sheet, the pad in it
    sheets.on_open(begin_again)
    if view is None or not 0 <= seat < len(view.names):  # the game was finished or discarded meanwhile
        return ft.Container()
    definition, state, config = view.definition, view.state, view.config
    name, texts = view.names[seat], Texts(model.lang)
    standing = definition.standing_of(state, config, seat)
    counters = tuple(c for c in definition.rules.counters if not c.secondary)
    more = tuple(c for c in definition.rules.counters if c.secondary)
    usual.current = standing.counter or (counters[0].id if counters else None)
    pad_for = target or usual.current
    ui = game_ui(definition.id)
    actions = tuple(a for a in definition.actions(state, config) if a.per_player) if not ui.panel_offers_player_actions else ()
    frequent = tuple(a for a in actions if not a.secondary)

    values = state["players"][seat]["counters"]
    sheet = ft.Container(padding=ft.Padding.only(left=16, right=16, bottom=16), content=ft.Column([Fitted([
        ft.Row([colour_dot(view.colours[seat], 20),
                ft.Text(name, size=20, weight=ft.FontWeight.BOLD, expand=True),
                ft.Semantics(label=texts.t("ui.value", counter=texts.m(standing.label), player=name,
                                           value=standing.score), container=True,
                             content=ft.Text(f"{standing.score}", size=28, weight=ft.FontWeight.BOLD)),
                ]),
        *([ui.card_part(texts, name, ui.card_state(state, seat))] if ui.card_part is not None else []),
        *([ui.sheet_actions(view, seat, dispatch, trigger)] if ui.sheet_actions is not None
          else [action_buttons(texts, name, seat, frequent, trigger)] if frequent else []),
        *([NumberPad(texts, name, tuple(definition.rules.counters), pad_for, add, typed=typed, opening=opening)]
          if pad_for else []),
        counter_grid(texts, name, counters, values, step, choose, pad_for),
        *([MoreCounts(texts, name, more, tuple(values[c.id] for c in more), step)] if more else []),
        *more_actions(model, texts, name, seat, tuple(a for a in actions if a.secondary), trigger),
    ]),
        sheet_end(model, name, turn_step(view, seat), trigger, close)], spacing=10, tight=True))
    # Why a tap did not do what it says floats over the sheet where it was tapped (the page's message is
    # behind the sheet), under its name: not over its Close, nor over the steppers at its bottom that may
    # put the entry right; it moves nothing under a thumb. (What a tap did shows on the sheet itself.)
    error = model.error_for(view.game)
    # Its place is always there (see `screen`: a message coming would have the whole sheet built again).
    said = ft.Container(message_banner(model, error, error=True, on_dismiss=model.dismiss_message) if error else None,
                        left=12, right=12, top=52)
    return ft.Stack([sheet, said])


def use_heard_while_open(model: AppModel, sheets: Sheets, seat: int):
    """The kept sheet hears the model: while open, it is drawn at every change at once (before the screen
    behind it); while closed, not at all, only noted. Returns `catch_up()`, for its next opening: drawn
    then if the game changed meanwhile. A hook."""
    _, set_heard = ft.use_state(0)
    missed = ft.use_ref(False)
    missed.current = False  # drawn now
    shows = ft.use_ref(seat)  # whose sheet it is now: another player's content takes this one's state over
    shows.current = seat

    def listen():
        def heard(sender, field):
            if sheets.seat == shows.current:
                set_heard(lambda n: n + 1)
            else:
                missed.current = True
        return model.subscribe(heard)  # its disposer holds `heard`: an observable keeps listeners weakly
    use_subscription(listen, [])

    def catch_up():
        if missed.current:
            set_heard(lambda n: n + 1)
    return catch_up


@ft.component
def Fitted(parts: list[ft.Control]):
    """The sheet's parts, scrolling when the sheet is taller than the phone (nothing on it is ever out of
    reach), its end (Close, Done) under the thumb outside what scrolls. Flet's scrolling column fills all
    the height it may have, so the sheet would fill the screen: once the parts report how tall they are
    laid out (`height`), the scrolling part is given that height (at most the room there is), and a short
    sheet is a short sheet, the scoreboard in view above it. Until then the parts sit at the bottom of
    the room, where they stay: nothing under a thumb moves when the sheet shrinks. (A component of its
    own: a new height draws only this part again.)"""
    height, set_height = ft.use_state(None)

    def sized(e: ft.LayoutSizeChangeEvent) -> None:
        if e.height and abs(e.height - (height or 0)) >= 1:
            set_height(e.height)
    body = ft.Column(parts, spacing=10, tight=True, on_size_change=sized, size_change_interval=50)
    return ft.Container(ft.Column([body], scroll=ft.ScrollMode.AUTO, alignment=ft.MainAxisAlignment.END),
                        height=height, expand=True, expand_loose=True)


def turn_step(view: GameView, seat: int):
    """The step that ends this player's turn when they are on turn ("Next: Ben", "End Zoë's turn"); None
    where the game follows no turns or offers no such step now."""
    definition, state = view.definition, view.state
    if seat_on_turn(definition, state, view.config, len(view.names)) != seat:
        return None
    return next((a for a in definition.actions(state, view.config) if a.ends_turn), None)


def sheet_end(model: AppModel, name: str, step, trigger, close) -> ft.Control:
    """The sheet's end, under the thumb: Close, and the player's next step where the game has turns
    ("Done · Next: Ben": the sheet closes and the turn passes, one tap)."""
    def done(e):
        close()
        trigger(step, step.player)
    buttons = [ft.OutlinedButton(content=ft.Text(model.t("ui.close"), semantics_label=model.t("ui.play.close_sheet",
                                                                                             player=name)),
                                 icon=ft.Icons.CLOSE, height=TOUCH, expand=step is None, on_click=lambda e: close())]
    if step is not None:
        buttons.append(step_button(model, step, model.t("ui.play.done_then", step=model.m(step.label)), done))
    return ft.Row(buttons, spacing=8)


def more_actions(model: AppModel, texts: Texts, name: str, seat: int, more: tuple, trigger) -> list[ft.Control]:
    """The player's actions needed now and then (`Action.secondary`), folded."""
    if not more:
        return []
    return [ft.ExpansionTile(title=ft.Text(model.t("ui.play.more_actions", player=name)),
                             tile_padding=ft.Padding.all(0), controls=[action_buttons(texts, name, seat, more, trigger)])]


def sheet_dialog(model: AppModel, view: GameView, close) -> ft.Control:
    """The score sheet: rounds by players, from the entries recorded."""
    sheet = score_sheet(view.game)
    return ft.AlertDialog(
        title=ft.Text(model.t("ui.sheet.title")),
        content=score_sheet_table(Texts(model.lang), sheet, view.names, view.colours) if sheet
        else ft.Text(model.t("ui.sheet.none")),
        actions=[ft.TextButton(model.t("ui.close"), on_click=lambda e: close(), height=TOUCH)],
        # narrow margins: the pad's columns and the names of its rows need the phone's width
        inset_padding=ft.Padding.symmetric(horizontal=12, vertical=24),
        content_padding=ft.Padding.only(left=12, right=12, top=12), on_dismiss=lambda e: close(), scrollable=True)


def tracker_dialog(model, view, dispatch, submit, pending, set_pending, needs_box, set_needs_box, asking, set_asking,
                   go_scoring, open_sheet):
    """The dialog the tracker is waiting on, if any: box data an entry needs, an action's question or
    confirmation, which player this phone is, final scoring before the game's end."""
    game = view.game
    if needs_box is not None:
        keys, event, why = needs_box

        def entered():
            set_needs_box(None)
            latest = model.game(game.id) or game
            given = box_events(keys, model.repo.box_data(game.definition.id), game.definition.rules.tracker_box(latest.state, latest.config))
            # asks again if a value is still missing
            dispatch(*given, then=lambda saved: submit(event)) if given else submit(event)
        return box_dialog(model, game, keys, why, entered, lambda: set_needs_box(None))
    if pending is not None:
        action, player = pending
        custom = game_ui(game.definition.id).action_dialogs.get(action.id)
        if custom is not None:
            return custom(view, action, player, lambda: set_pending(None), dispatch)
        return action_dialog(model, game, action, player, lambda: set_pending(None), submit)
    if asking == "me":  # then the sheet of the player chosen opens: this phone's own
        return me_dialog(model, game, lambda: set_asking(None), open_sheet)
    if asking == "early":
        return early_scoring_dialog(model, game, lambda: set_asking(None), go_scoring)
    return None


@ft.component
def EntryButton(tab: HookValue, game, kind: str):
    """Undo (Redo), named for the entry it takes back (brings back) as this phone shows it.

    The server draws the latest game for every phone at once, but a phone shows it a moment later: a tap
    may come from a button the phone still shows with an earlier entry. So each entry's button is its own
    control (keyed by the entry) and its late taps still count (companion/ui/late_taps.py): a tap acts
    for the entry its button showed, and the hub refuses it unless that entry is still the one to take
    back (then the phone says what Undo would take back now). Both keep their place, whatever there is
    to undo or redo: Redo never appears where Undo was. The model kept, not observable: drawn with the play
    screen, not once more on its own at every change (on the table with no computer, for every phone)."""
    model: AppModel = tab.value
    entry = game.last_entry if kind == "undo" else game.next_entry
    # worked out once per entry and language, not on every redraw
    label = ft.use_memo(lambda: entry_label(model, f"ui.{kind}", (undo_lines if kind == "undo" else redo_lines)(game)),
                        [entry, model.lang])
    act = model.undo if kind == "undo" else model.redo
    return icon_button(ft.Icons.UNDO if kind == "undo" else ft.Icons.REDO, label, lambda e: act(game),
                       disabled=entry is None, key=f"{kind}-{entry}", late=model.late_taps)


def seat_on_turn(definition, state: dict, config: dict, players: int) -> int | None:
    """The seat on turn, when the game's tracker follows turns (its `player_on_turn`); anything but a
    seat number of this table counts as nobody."""
    turn = definition.rules.player_on_turn(state, config)
    if isinstance(turn, int) and not isinstance(turn, bool) and 0 <= turn < players:
        return turn
    return None


def entry_label(model: AppModel, key: str, lines: list[Msg]) -> str:
    """"Undo" alone when there is nothing to take back, else "Undo: Ben: Money +5 (now 12)"."""
    return model.t(f"{key}_entry", entry=lines) if lines else model.t(key)


def me_label(model: AppModel, game) -> str:
    seat = model.me.get(game.id)
    return (model.t("ui.play.me_is", name=game.config["players"][seat]["name"]) if seat is not None
            else model.t("ui.play.me_choose"))


def early_scoring_dialog(model: AppModel, game, close, go) -> ft.AlertDialog:
    """Final scoring before the game's own end asks first, naming where the game stands."""
    where = game.definition.rules.status(game.state, game.config)
    return ft.AlertDialog(
        modal=True, title=ft.Text(model.t("ui.play.not_over_title")),
        content=ft.Text(model.t("ui.play.not_over_text", where=where[0] if where else model.t("ui.stage.play"))),
        actions=[ft.TextButton(model.t("ui.play.keep_playing"), on_click=lambda e: close(), height=TOUCH),
                 ft.FilledButton(model.t("ui.play.score_now"), on_click=lambda e: go(), height=TOUCH)],
        on_dismiss=lambda e: close())


def me_dialog(model: AppModel, game, close, open_sheet) -> ft.AlertDialog:
    """This phone is one player's: their row says so, their sheet opens, end scoring opens on their board."""
    def choose(seat):
        model.set_me(game, seat)
        close()
        if seat is not None:
            open_sheet(seat)
    current = model.me.get(game.id)
    options = [(i, p["name"], p["colour"]) for i, p in enumerate(game.config["players"])]
    return ft.AlertDialog(
        modal=True, title=ft.Text(model.t("ui.play.me_title")),
        content=ft.Column([
            ft.Text(model.t("ui.play.me_hint")),
            *[ft.Semantics(label=name, button=True, selected=i == current, container=True,
                           content=(ft.FilledButton if i == current else ft.OutlinedButton)(
                               content=ft.Row([colour_dot(colour, 14), ft.Text(name)], tight=True, spacing=8),
                               on_click=lambda e, i=i: choose(i), height=TOUCH, width=float("inf")))
              for i, name, colour in options],
            ft.TextButton(model.t("ui.play.me_nobody"), on_click=lambda e: choose(None), height=TOUCH),
        ], tight=True, spacing=8, width=360),
        actions=[ft.TextButton(model.t("ui.cancel"), on_click=lambda e: close(), height=TOUCH)],
        on_dismiss=lambda e: close())


def event_for(action, player, value=None) -> dict:
    """The entry for a tapped action: the chosen value goes under the key the action names
    (`{"type": "colour_bonus", "player": 1, "colour": "red"}`), never as a bare position; a step of the
    thumb slot with its label as drawn (`"step"`, core/table.py)."""
    event = {"type": action.id}
    if not action.per_player:  # a step: taken only while the game offers it as this phone showed it
        event["step"] = action.label.to_json()
    if player is not None:
        event["player"] = player
    if value is not None:
        event[action.field] = dict(value) if isinstance(value, dict) else value  # not shared with the Action
    return event


def box_events(keys, stored: dict, known: dict) -> list[dict]:
    """The tracker entries that hand it the stored box values it does not have (or has otherwise)."""
    return [{"type": "box_value", "key": k, "value": stored[k]} for k in keys
            if k in stored and known.get(k) != stored[k]]


def box_dialog(model: AppModel, game, keys, why, entered, close) -> ft.AlertDialog:
    return ft.AlertDialog(
        modal=True, title=ft.Text(model.t("ui.play.box_needed")),
        content=ft.Column([
            *([ft.Text(model.m(why))] if why is not None else []),
            ft.Text(model.t("ui.play.box_needed_hint")),
            BoxDataForm(model, game.definition.id, tuple(keys), on_saved=entered),
        ], tight=True, scroll=ft.ScrollMode.AUTO, width=480),
        actions=[ft.TextButton(model.t("ui.cancel"), on_click=lambda e: close())],
        on_dismiss=lambda e: close())


def action_dialog(model: AppModel, game, action, player, close, submit=None) -> ft.AlertDialog:
    # a step of one player's names them already ("Pick: Jürgen")
    who = f" ({game.config['players'][player]['name']})" if player is not None and action.player is None else ""

    def done(value=None):
        close()
        event = event_for(action, player, value)
        if submit:
            submit(event)
        else:
            model.dispatch(game.id, event)

    if action.value_choices:
        labels = [model.m(m) for m in action.choice_labels] or [str(v) for v in action.value_choices]
        choices = ft.Row([
            ft.Semantics(label=model.t("ui.play.choose_value", action=model.m(action.label), value=text), button=True,
                         container=True,
                         content=ft.OutlinedButton(text, on_click=lambda e, v=v: done(v), height=TOUCH,
                                                   width=64 if len(text) <= 3 else None))
            for v, text in zip(action.value_choices, labels)], wrap=True)
        content = ft.Column([ft.Text(model.m(action.question)), choices], tight=True, spacing=12) \
            if action.question else choices
        buttons = [ft.TextButton(model.t("ui.cancel"), on_click=lambda e: close())]
    else:
        content = ft.Text(model.m(action.confirm))
        buttons = [ft.TextButton(model.t("ui.cancel"), on_click=lambda e: close()),
                   # at least 48 px high, taller when a long label wraps
                   ft.FilledButton(model.m(action.label), on_click=lambda e: done(),
                                   style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=24, vertical=14)))]
    return ft.AlertDialog(modal=True, title=ft.Text(model.m(action.label) + who), content=content, actions=buttons,
                          on_dismiss=lambda e: close())
