"""New game: the game, the player count, names (the players of earlier games one tap away, most recent
first, in their colour), colours, start player. A rematch (`/new/<play id>`) opens it filled in as that
play was: the same game, players, seats and colours.

The start player follows the game's rule: its question ("Who is the oldest?", `start_question`) with
the names as answers and nothing chosen until the table answers; a game whose rules draw the start
player (Milestones) has the draw chosen. No rulebook of ours says who starts the next game, so a rematch
asks again (and says who started the last one)."""

from __future__ import annotations

from typing import NamedTuple

import flet as ft

from companion.core import stats
from companion.core.definition import InvalidMove
from companion.core.saving import SaveFailed
from companion.games import GAMES
from companion.ui.hook_value import HookValue
from companion.ui.latest import use_latest
from companion.ui.model import AppModel
from companion.ui.phone_text import use_phone_texts
from companion.ui.widgets import PLAYER_COLOURS, TOUCH, colour_dot, ink_on, screen, scroll_page_to, section

RANDOM = "random"
START_PLAYER = "start-player"  # the scroll key of the start player's section
NAME_MAX = 30  # the longest name a game takes (core refuses longer ones): the field says so while typing


def seat_colours(count: int, allowed: list[str], picked: dict[int, str], last: list[str | None]) -> list[str]:
    """Hand-picked colours first, then the colour each name played last (players keep their colour from
    game to game where this game has it and nobody took it), then the first free ones in box order."""
    colours: list[str | None] = [None] * count
    for wish in (lambda i: picked.get(i), lambda i: last[i]):
        for i in range(count):
            if colours[i] is None and wish(i) in allowed and wish(i) not in colours:
                colours[i] = wish(i)
    for i in range(count):
        if colours[i] is None:
            colours[i] = next(x for x in allowed if x not in colours)
    return colours


def rematch_of(play: dict | None) -> dict | None:
    """The form as `play` was set up: its game, names and colours by seat, and who started it."""
    if play is None or play["game"] not in GAMES:
        return None
    players = play["players"]
    seat = stats.start_seat(play)
    return {"game": play["game"], "count": len(players),
            "names": [p["name"] for p in players] + [""] * (4 - len(players)),
            "colours": {i: p["colour"] for i, p in enumerate(players) if p.get("colour")},
            "started": players[seat]["name"] if seat is not None else None}


def known_players(model: AppModel) -> list[tuple[str, str | None]]:
    """The players of earlier games, most recent first, each with the colour they played last: the names
    entered for a new game, then those only the history has (an imported backup)."""
    colours = model.repo.known_colours()
    out = {stats.player_key(n): (n, colours.get(stats.player_key(n))) for n in model.repo.known_names()}
    for play in model.repo.plays():  # newest first
        for p in play["players"]:
            out.setdefault(stats.player_key(p["name"]), (p["name"].strip(), p.get("colour")))
    return list(out.values())


def use_typed_names(first: list[str]):
    """The names as typed, kept as each keystroke arrives (as the box-value form keeps its text), the setter
    of one, and the name fields' PhoneTexts (what a field draws while its phone types: companion/ui/phone_text.py).
    A keystroke's handler may come from a render before the last keystroke (its own field's or another
    field's): a name is never rebuilt from what a render drew. The state only redraws."""
    typed = ft.use_ref(None)
    if typed.current is None:
        typed.current = list(first)
    texts = use_phone_texts()
    redraw = ft.use_state(0)[1]

    def set_name(i: int, value: str, by_app: bool = False) -> None:
        typed.current[i] = value
        if not by_app:  # a keystroke (an earlier player put in by a tap is drawn as put)
            texts.typed(i, value)
        redraw(lambda drawn: drawn + 1)
    return typed.current, set_name, texts


class Form(NamedTuple):
    definition: object  # the game's GameDefinition
    count: int  # within the game's player counts
    allowed: list[str]  # the colours the game has for that count
    colours: list[str]  # each seat's
    question: object  # the rules' start-player question (a Msg), None where the rules draw
    chosen: str | None  # the start player's answer: a seat as text, RANDOM, or None (not answered)


def laid_out(game_id: str, count: int, picked: dict[int, str], start: str | None, names: list[str],
             played: dict[str, str]) -> Form:
    """The form as these choices make it."""
    definition = GAMES[game_id]
    count = min(max(count, definition.min_players), definition.max_players)
    allowed = definition.colours_for(count)
    colours = seat_colours(count, allowed, picked, [played.get(stats.player_key(n)) for n in names[:count]])
    question = definition.rules.start_question
    chosen = start if start == RANDOM or (start is not None and int(start) < count) else None
    if chosen is None and question is None:
        chosen = RANDOM  # the rules draw the start player
    return Form(definition, count, allowed, colours, question, chosen)


@ft.component
def NewGameScreen(model: AppModel):
    page = ft.context.page
    pid = ft.use_route_params().get("pid", "")
    rematch = ft.use_memo(lambda: HookValue(rematch_of(model.repo.play(pid)) if pid else None), [pid]).value
    game_id, set_game_id, latest_game = use_latest(lambda: rematch["game"] if rematch else next(iter(GAMES)))
    count, set_count, latest_count = use_latest(lambda: rematch["count"] if rematch else 3)
    typed, set_name, texts = use_typed_names(rematch["names"] if rematch else ["", "", "", ""])
    names = [texts.shown(i, name) for i, name in enumerate(typed)]  # as this render draws them
    # player index -> colour chosen by hand (a rematch: as they played)
    picked_colours, set_colours, latest_colours = use_latest(lambda: dict(rematch["colours"]) if rematch else {})
    # a seat as text, RANDOM, or None: the rule's question not answered
    start, set_start, latest_start = use_latest(None)
    error, set_error = ft.use_state("")
    played = model.repo.known_colours()  # the colour each name played last
    offered = ft.use_memo(lambda: HookValue(known_players(model)), [model.repo.history_version]).value
    missing_start, set_missing_start = ft.use_state(0)  # taps on Start game before the question was answered

    async def to_start_player():  # after the screen shows the missing answer: scrolled to it
        if missing_start:
            await scroll_page_to(page, START_PLAYER)
    ft.use_effect(to_start_player, [missing_start])

    definition, count, allowed_colours, colours, question, chosen = laid_out(
        game_id, count, picked_colours, start, names, played)

    def latest():  # the form as the taps so far left it (a handler's render may be older)
        return laid_out(latest_game(), latest_count(), latest_colours(), latest_start(), typed, played)
    taken = {stats.player_key(x) for x in names[:count]}
    known = [(n, c) for n, c in offered if stats.player_key(n) not in taken]

    def pick_known(name):
        slots = [i for i in range(latest().count) if not typed[i].strip()]
        if slots:
            set_name(slots[0], name, by_app=True)

    def choose_colour(i, colour):
        colours = latest().colours
        new = dict(latest_colours())
        if colour in colours and colours.index(colour) != i:  # swap with whoever had it
            new[colours.index(colour)] = colours[i]
        new[i] = colour
        set_colours(new)

    missing = model.t("ui.new.start_missing", question=model.m(question)) if missing_start and chosen is None else None

    def start_game(e):
        definition, count, _, colours, _, chosen = latest()
        players = [{"name": typed[i], "colour": colours[i]} for i in range(count)]
        if chosen is None:  # said at the button and under the question, which the page scrolls to
            set_missing_start(lambda taps: taps + 1)
            return
        try:
            game = model.start_game(definition, players, None if chosen == RANDOM else int(chosen))
        except (InvalidMove, SaveFailed) as refused:  # not started: the form stays as it is
            set_error(model.m(refused.msg))
            return
        page.navigate(f"/game/{game.id}/setup")

    controls = [
        section(model.t("ui.new.game"), [game_tile(model, g, g.id == game_id, set_game_id) for g in GAMES.values()]),
        section(model.t("ui.new.player_count"), [ft.Row([count_button(model, n, count, set_count)
                                                         for n in definition.player_counts])]),
        section(model.t("ui.new.players"), [
            ft.Text(model.t("ui.new.seating"), size=13, italic=True),
            *[player_row(model, i, texts.drawn(i, name_field(model, i, names[i], set_name)), colours,
                         allowed_colours, choose_colour) for i in range(count)],
            earlier_players(model, known, pick_known),
        ]),
        start_player_section(model, question, [n.strip() for n in names[:count]], chosen, bool(missing),
                             lambda value: (set_start(value), set_error(""), set_missing_start(0)),
                             rematch["started"] if rematch and question else None),
    ]
    return screen(model, "/new", model.t("ui.new.title"), controls, back="/", error=error,
                  on_dismiss=lambda: set_error(""), bottom_note=missing,
                  bottom=ft.FilledButton(model.t("ui.new.start"), icon=ft.Icons.PLAY_ARROW, on_click=start_game,
                                         height=TOUCH, width=float("inf")))


def earlier_players(model: AppModel, known: list[tuple[str, str | None]], pick) -> ft.Control:
    """A tap puts a player of earlier games into the first empty name field (in their colour where free)."""
    if not known:
        return ft.Container()
    return ft.Row([ft.Text(model.t("ui.new.earlier_names"), size=13)] + [
        ft.OutlinedButton(content=ft.Row([colour_dot(c, 14) if c else ft.Icon(ft.Icons.PERSON_ADD_ALT, size=16),
                                          ft.Text(n)], tight=True, spacing=6),
                          on_click=lambda e, n=n: pick(n), height=TOUCH)
        for n, c in known[:12]
    ], wrap=True)


def game_tile(model: AppModel, g, selected: bool, pick) -> ft.Control:
    return ft.Semantics(
        label=model.m(g.name), button=True, selected=selected, container=True,
        content=ft.Card(
            bgcolor=ft.Colors.SECONDARY_CONTAINER if selected else None,
            content=ft.ListTile(
                leading=ft.Icon(ft.Icons.RADIO_BUTTON_CHECKED if selected else ft.Icons.RADIO_BUTTON_UNCHECKED),
                title=ft.Text(model.m(g.name)),
                subtitle=ft.Text(model.t("ui.new.players_range", minimum=g.min_players, maximum=g.max_players)),
                on_click=lambda e: pick(g.id),
            ),
        ),
    )


def count_button(model: AppModel, n: int, count: int, set_count) -> ft.Control:
    label = model.t("ui.new.n_players", count=n)
    style = ft.FilledButton if n == count else ft.OutlinedButton
    return ft.Semantics(label=label, button=True, selected=n == count, container=True,
                        content=style(str(n), on_click=lambda e: set_count(n), height=TOUCH, width=72))


def name_field(model: AppModel, i: int, name: str, set_name) -> ft.TextField:
    return ft.TextField(label=model.t("ui.new.player_name", number=i + 1), value=name, max_length=NAME_MAX,
                        on_change=lambda e: set_name(i, e.data), dense=True,  # the text of this keystroke
                        counter=model.t("ui.new.name_length" if len(name) < NAME_MAX else "ui.new.name_full",
                                        count=len(name), maximum=NAME_MAX))


def player_row(model: AppModel, i: int, name: ft.TextField, colours: list[str], allowed: list[str],
               choose_colour) -> ft.Control:
    """Player i's name, and a colour button per colour the game has for this count."""
    colour_buttons = []
    for c in allowed:
        chosen = colours[i] == c
        colour_buttons.append(ft.Semantics(
            label=model.t("ui.new.colour_for", colour=model.t(f"ui.colour.{c}"), number=i + 1),
            button=True, selected=chosen, container=True,
            content=ft.Container(
                width=TOUCH, height=TOUCH, alignment=ft.Alignment.CENTER,
                on_click=lambda e, c=c: choose_colour(i, c),
                content=ft.Container(width=32, height=32, border_radius=16, bgcolor=PLAYER_COLOURS.get(c),
                                     border=ft.Border.all(4 if chosen else 1,
                                                          ft.Colors.PRIMARY if chosen else ft.Colors.ON_SURFACE_VARIANT),
                                     content=ft.Icon(ft.Icons.CHECK, size=18, color=ink_on(c)) if chosen else None,
                                     alignment=ft.Alignment.CENTER),
            ),
        ))
    return ft.Column([
        name,
        ft.Row(colour_buttons, spacing=0, wrap=True),
    ], spacing=2, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def start_player_section(model: AppModel, question, names: list[str], chosen: str | None, missing: bool,
                         choose, started: str | None = None) -> ft.Control:
    """The rule's question with the names as answers (and a draw), or the draw first where the rules draw;
    marked in the error colour when Start game was tapped before it was answered; in a rematch, who
    started the last game (`started`)."""
    # height: a whole row of 48 px is the tap target (a desktop browser made it 32 px)
    seats = [ft.Radio(value=str(i), label=n or model.t("ui.new.player_name", number=i + 1), height=TOUCH)
             for i, n in enumerate(names)]
    options = ([*seats, ft.Radio(value=RANDOM, label=model.t("ui.new.start_random"), height=TOUCH)] if question
               else [ft.Radio(value=RANDOM, label=model.t("ui.new.start_random_rule"), height=TOUCH), *seats])
    asked = [ft.Row([*([ft.Icon(ft.Icons.ERROR_OUTLINE, color=ft.Colors.ERROR, size=18)] if missing else []),
                     ft.Text(model.m(question), weight=ft.FontWeight.W_500, expand=True,
                             color=ft.Colors.ERROR if missing else None)], spacing=6)] if question else []
    if started:
        asked.append(ft.Text(model.t("ui.new.last_started", name=started), size=13, italic=True))
    return ft.Container(section(model.t("ui.new.start_player"), [
        *asked,
        ft.RadioGroup(value=chosen, on_change=lambda e: choose(e.control.value),
                      content=ft.Column(options, spacing=0)),
    ]), key=ft.ScrollKey(START_PLAYER))
