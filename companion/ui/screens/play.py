"""The live tracker: round and phase progress, per-player counters, game actions, undo and redo.

An entry the tracker refuses because it needs box data (`MissingBoxData`, for example a colour bonus
whose printed points nobody has entered) asks for exactly those values right there, keeps them with
the box data, hands them to the tracker as `{"type": "box_value", "key": k, "value": v}` entries (the
convention for trackers that read box data during play) and then repeats the refused entry."""

from __future__ import annotations

import flet as ft

from companion.core.game import InvalidMove, MissingBoxData
from companion.core.text import Msg
from companion.ui.box_data import BoxDataForm
from companion.ui.model import AppModel
from companion.ui.games import game_ui
from companion.core.table import undo_lines, redo_lines
from companion.ui.screens.common import missing_game, use_game
from companion.ui.widgets import TOUCH, Texts, colour_dot, icon_button, screen, section, stepper

LOG_LINES = 12


@ft.component
def PlayScreen(model: AppModel):
    page = ft.context.page
    sid = ft.use_route_params().get("sid", "")
    route = f"/game/{sid}/play"
    pending, set_pending = ft.use_state(None)  # (action, player) waiting for a confirmation or a number
    needs_box, set_needs_box = ft.use_state(None)  # (keys, refused entry, why) waiting for box data
    choosing_me, set_choosing_me = ft.use_state(False)  # the "which player is this phone?" dialog
    early, set_early = ft.use_state(False)  # final scoring asked for before the game's own end
    session = use_game(model, sid)
    # Stable identities (same session, same setters): the memoized player cards compare them.
    adjust = ft.use_callback(lambda player, counter, delta: model.record(
        session, {"type": "adjust", "player": player, "counter": counter, "delta": delta}), [sid])
    trigger = ft.use_callback(lambda action, player=None: (
        set_pending((action, player)) if action.confirm or action.value_choices
        or action.id in game_ui(session.game.id).action_dialogs else submit(event_for(action, player))), [sid])

    def submit(event):
        # The latest game, not the one drawn: box values entered just now are in it.
        keys, why = missing_box_data(model.session(sid) or session, event)
        if keys:
            set_needs_box((keys, event, why))
        else:
            model.record(session, event)

    dialog = None
    if session is not None and needs_box is not None:
        keys, event, why = needs_box

        def entered():
            set_needs_box(None)
            for box_event in box_events(keys, model.repo.box_data(session.game.id),
                                        session.game.tracker_box((model.session(sid) or session).state)):
                model.record(session, box_event)
            submit(event)  # asks again if a value is still missing

        dialog = box_dialog(model, session, keys, why, entered, lambda: set_needs_box(None))
    elif session is not None and pending is not None:
        action, player = pending
        custom = game_ui(session.game.id).action_dialogs.get(action.id)
        dialog = (custom or action_dialog)(model, session, action, player, lambda: set_pending(None), submit)
    elif session is not None and choosing_me:
        dialog = me_dialog(model, session, lambda: set_choosing_me(False))
    elif session is not None and early:
        dialog = early_scoring_dialog(model, session, lambda: set_early(False), lambda: go_scoring())
    ft.use_dialog(dialog)

    if session is None:
        return missing_game(model, route, sid)
    game, config, state = session.game, session.config, session.state
    names = [p["name"] for p in config["players"]]

    def go_scoring():
        set_early(False)
        if model.apply(session, {"type": "stage", "stage": "scoring"}):
            page.navigate(f"/game/{sid}/score")

    def to_scoring(e):
        if game.is_finished(state) or session.board is not None:  # over, or scoring was begun before
            go_scoring()
        else:
            set_early(True)

    on_turn, start = seat_on_turn(game, state, len(names)), game.start_player_now(state, config)
    ui = game_ui(game.id)
    actions = game.actions(state, config)
    global_actions = [] if ui.panel_offers_game_actions else [a for a in actions if not a.per_player]
    player_actions = [] if ui.panel_offers_player_actions else [a for a in actions if a.per_player]

    log = [Msg.from_json(m) for m in state.get("log", [])][-LOG_LINES:][::-1]
    finished = game.is_finished(state)
    controls = [
        ft.Card(content=ft.Container(padding=12, content=ft.Column(
            [ft.Text(model.m(line), weight=ft.FontWeight.BOLD if n == 0 else None) for n, line in
             enumerate(game.status(state, config))], spacing=4))),
        *([ui.panel(model, session)] if ui.panel is not None else []),
        *[ft.FilledButton(model.m(a.label), on_click=lambda e, a=a: trigger(a), height=56, width=float("inf"))
          for a in global_actions],
        # One column on a phone, two side by side on a tablet or laptop.
        ft.ResponsiveRow([
            ft.Container(PlayerCard(
                Texts(model.lang), i, config["players"][i]["name"], config["players"][i]["colour"],
                tuple(state["players"][i]["counters"][c.id] for c in game.counters),
                start == i, i == on_turn, game.counters, tuple(player_actions), adjust, trigger,
                model.me.get(sid) == i,
                ui.card_state(state, i) if ui.card_state is not None else (), ui.card_part,
            ), col={"xs": 12, "md": 6})
            for i in seat_order(len(names), on_turn, model.me.get(sid))], spacing=8, run_spacing=8),
        section(model.t("ui.play.log"), [ft.Text(model.m(line), size=13) for line in log]
                or [ft.Text(model.t("ui.play.log_empty"), italic=True, size=13)]),
    ]
    score_button = (ft.FilledButton if finished else ft.OutlinedButton)(
        model.t("ui.play.to_scoring"), icon=ft.Icons.SCOREBOARD, on_click=to_scoring, height=TOUCH,
        width=float("inf"))
    return screen(
        model, route, model.m(game.name), controls, back="/", bottom=score_button,
        error=model.error_for(session), info=model.info_for(session), on_dismiss=model.dismiss_message,
        actions=[
            icon_button(ft.Icons.PERSON if sid in model.me else ft.Icons.PERSON_OUTLINE, me_label(model, session),
                        lambda e: set_choosing_me(True)),
            # Named for what they take back or bring back (the entry as this screen shows it).
            icon_button(ft.Icons.UNDO, entry_label(model, "ui.undo", undo_lines(session)),
                        lambda e: model.undo(session), disabled=not session.can_undo),
            icon_button(ft.Icons.REDO, entry_label(model, "ui.redo", redo_lines(session)),
                        lambda e: model.redo(session), disabled=not session.can_redo),
        ],
    )


@ft.component
def PlayerCardView(texts: Texts, seat: int, name: str, colour: str, values: tuple, is_start: bool,
                   is_on_turn: bool, counters: tuple, actions: tuple, adjust, trigger, is_me: bool = False,
                   won: tuple = (), won_part=None):
    """One player's counters and actions, and what the game shows of theirs (`won_part` draws `won`, e.g.
    City of Rome's influence cards and city as built). Memoized: a click re-renders only the card whose values changed,
    which keeps the tracker quick however many players and counters it shows."""
    header = ft.Row([
        colour_dot(colour, 18),
        ft.Text(name, theme_style=ft.TextThemeStyle.TITLE_MEDIUM, weight=ft.FontWeight.BOLD, expand=True),
        *([badge(texts.t("ui.play.this_phone"), ft.Colors.SECONDARY_CONTAINER)] if is_me else []),
        *([badge(texts.t("ui.play.on_turn"), ft.Colors.PRIMARY_CONTAINER)] if is_on_turn else []),
        *([badge(texts.t("ui.play.start_player"), ft.Colors.TERTIARY_CONTAINER)] if is_start else []),
    ])

    def counter_row(c, value):
        return stepper(texts.m(c.label), value, lambda delta: adjust(seat, c.id, delta), who=name, model=texts,
                       steps=c.steps, minimum=c.minimum)

    rows = [won_part(texts, name, won)] if won_part is not None and won else []
    rows += [counter_row(c, v) for c, v in zip(counters, values) if not c.secondary]
    more = [counter_row(c, v) for c, v in zip(counters, values) if c.secondary]
    if more:
        rows.append(ft.ExpansionTile(title=ft.Text(texts.t("ui.play.more_counts", player=name)),
                                     controls=more, tile_padding=ft.Padding.all(0)))
    if actions:
        # Two buttons a row (also in a half-width card on a wider screen): many actions stay within reach.
        rows.append(ft.ResponsiveRow([
            ft.OutlinedButton(content=ft.Text(texts.m(a.label), text_align=ft.TextAlign.CENTER, max_lines=3,
                                              semantics_label=texts.t("ui.play.action_for", action=texts.m(a.label),
                                                                      player=name)),
                              on_click=lambda e, a=a: trigger(a, seat), height=56, col={"xs": 6},
                              style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=8)))
            for a in actions], spacing=6, run_spacing=6))
    return ft.Card(content=ft.Container(
        padding=12, border_radius=12,
        border=ft.Border.all(2, ft.Colors.PRIMARY) if is_on_turn else None,
        content=ft.Column([header, *rows], spacing=4),
    ))


PlayerCard = ft.memo(PlayerCardView)


def seat_on_turn(game, state: dict, players: int) -> int | None:
    """The seat on turn, when the game's tracker follows turns (its `player_on_turn`); anything but a
    seat number of this table counts as nobody."""
    turn = game.player_on_turn(state)
    if isinstance(turn, int) and not isinstance(turn, bool) and 0 <= turn < players:
        return turn
    return None


def seat_order(players: int, first: int | None, me: int | None = None) -> list[int]:
    """The players' cards in seating order, starting with the player on turn (when there is one);
    on a phone that says which player it is, that player's card comes first."""
    start = first or 0
    order = [(start + k) % players for k in range(players)]
    return [me] + [i for i in order if i != me] if me in order else order


def entry_label(model: AppModel, key: str, lines: list[Msg]) -> str:
    """"Undo" alone when there is nothing to take back, else "Undo: Ben: Money +5 (now 12)"."""
    return model.t(f"{key}_entry", entry=lines) if lines else model.t(key)


def me_label(model: AppModel, session) -> str:
    seat = model.me.get(session.id)
    return (model.t("ui.play.me_is", name=session.config["players"][seat]["name"]) if seat is not None
            else model.t("ui.play.me_choose"))


def early_scoring_dialog(model: AppModel, session, close, go) -> ft.AlertDialog:
    """Final scoring before the game's own end asks first, naming where the game stands."""
    where = session.game.status(session.state, session.config)
    return ft.AlertDialog(
        modal=True, title=ft.Text(model.t("ui.play.not_over_title")),
        content=ft.Text(model.t("ui.play.not_over_text", where=where[0] if where else model.t("ui.stage.play"))),
        actions=[ft.TextButton(model.t("ui.play.keep_playing"), on_click=lambda e: close(), height=TOUCH),
                 ft.FilledButton(model.t("ui.play.score_now"), on_click=lambda e: go(), height=TOUCH)],
        on_dismiss=lambda e: close())


def me_dialog(model: AppModel, session, close) -> ft.AlertDialog:
    """This phone is one player's: their card comes first, end scoring opens on their board."""
    def choose(seat):
        model.set_me(session, seat)
        close()
    current = model.me.get(session.id)
    options = [(i, p["name"], p["colour"]) for i, p in enumerate(session.config["players"])]
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


def badge(text: str, colour) -> ft.Control:
    return ft.Container(ft.Text(text, size=12), padding=ft.Padding.symmetric(vertical=4, horizontal=8),
                        border_radius=12, bgcolor=colour)


def event_for(action, player, value=None) -> dict:
    """The entry for a tapped action: the chosen value goes under the key the action names
    (`{"type": "colour_bonus", "player": 1, "colour": "red"}`), never as a bare position."""
    event = {"type": action.id}
    if player is not None:
        event["player"] = player
    if value is not None:
        event[action.field] = dict(value) if isinstance(value, dict) else value  # not shared with the Action
    return event


def missing_box_data(session, event) -> tuple[tuple[str, ...], str | None]:
    """The box keys an entry is refused for (and the refusal), or () when it needs none."""
    try:
        session.game.apply(session.state, event, session.config)  # a trial on a copy
    except MissingBoxData as missing:
        return tuple(missing.keys), getattr(missing, "msg", None)
    except InvalidMove:
        pass  # refused for another reason: recording it says why
    return (), None


def box_events(keys, stored: dict, known: dict) -> list[dict]:
    """The tracker entries that hand it the stored box values it does not have (or has otherwise)."""
    return [{"type": "box_value", "key": k, "value": stored[k]} for k in keys
            if k in stored and known.get(k) != stored[k]]


def box_dialog(model: AppModel, session, keys, why, entered, close) -> ft.AlertDialog:
    return ft.AlertDialog(
        modal=True, title=ft.Text(model.t("ui.play.box_needed")),
        content=ft.Column([
            *([ft.Text(model.m(why))] if why is not None else []),
            ft.Text(model.t("ui.play.box_needed_hint")),
            BoxDataForm(model, session.game.id, tuple(keys), on_saved=entered),
        ], tight=True, scroll=ft.ScrollMode.AUTO, width=480),
        actions=[ft.TextButton(model.t("ui.cancel"), on_click=lambda e: close())],
        on_dismiss=lambda e: close())


def action_dialog(model: AppModel, session, action, player, close, submit=None) -> ft.AlertDialog:
    who = f" ({session.config['players'][player]['name']})" if player is not None else ""

    def done(value=None):
        close()
        event = event_for(action, player, value)
        if submit:
            submit(event)
        else:
            model.record(session, event)

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
