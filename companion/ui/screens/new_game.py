"""New game: the game, the player count, names (earlier names one tap away), colours, start player.

The start player follows the game's rule: its question ("Who is the oldest?", `start_question`) with
the names as answers and nothing chosen until the table answers; a game whose rules draw the start
player (Milestones) has the draw chosen."""

from __future__ import annotations

import flet as ft

from companion.core.game import InvalidMove
from companion.core.saving import SaveFailed
from companion.games import GAMES
from companion.ui.model import AppModel
from companion.ui.widgets import PLAYER_COLOURS, TOUCH, ink_on, screen, scroll_page_to, section

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


@ft.component
def NewGameScreen(model: AppModel):
    page = ft.context.page
    game_id, set_game_id = ft.use_state(next(iter(GAMES)))
    count, set_count = ft.use_state(3)
    names, set_names = ft.use_state(["", "", "", ""])
    picked_colours, set_colours = ft.use_state({})  # player index -> colour chosen by hand
    start, set_start = ft.use_state(None)  # a seat as text, RANDOM, or None: the rule's question not answered
    error, set_error = ft.use_state("")
    played = model.repo.known_colours()  # the colour each name played last
    missing_start, set_missing_start = ft.use_state(False)  # Start game tapped before the question was answered

    game = GAMES[game_id]
    count = min(max(count, game.min_players), game.max_players)
    allowed_colours = game.colours_for(count)
    colours = seat_colours(count, allowed_colours, picked_colours,
                           [played.get(n.strip().casefold()) for n in names[:count]])
    known = [n for n in model.repo.known_names() if n.casefold() not in {x.strip().casefold() for x in names[:count]}]

    def set_name(i, value):
        set_names([value if j == i else n for j, n in enumerate(names)])

    def pick_known(name):
        slots = [i for i in range(count) if not names[i].strip()]
        if slots:
            set_name(slots[0], name)

    def choose_colour(i, colour):
        new = dict(picked_colours)
        if colour in colours and colours.index(colour) != i:  # swap with whoever had it
            new[colours.index(colour)] = colours[i]
        new[i] = colour
        set_colours(new)

    question = game.start_question
    chosen = start if start == RANDOM or (start is not None and int(start) < count) else None
    if chosen is None and question is None:
        chosen = RANDOM  # the rules draw the start player
    missing = model.t("ui.new.start_missing", question=model.m(question)) if missing_start and chosen is None else None

    async def start_game(e):
        players = [{"name": names[i], "colour": colours[i]} for i in range(count)]
        if chosen is None:  # said at the button and under the question, which the page scrolls to
            set_missing_start(True)
            await scroll_page_to(page, START_PLAYER)
            return
        try:
            session = model.start_game(game, players, None if chosen == RANDOM else int(chosen))
        except (InvalidMove, SaveFailed) as refused:  # not started: the form stays as it is
            set_error(model.m(refused.msg))
            return
        page.navigate(f"/game/{session.id}/setup")

    def game_tile(g):
        selected = g.id == game_id
        return ft.Semantics(
            label=model.m(g.name), button=True, selected=selected, container=True,
            content=ft.Card(
                bgcolor=ft.Colors.SECONDARY_CONTAINER if selected else None,
                content=ft.ListTile(
                    leading=ft.Icon(ft.Icons.RADIO_BUTTON_CHECKED if selected else ft.Icons.RADIO_BUTTON_UNCHECKED),
                    title=ft.Text(model.m(g.name)),
                    subtitle=ft.Text(model.t("ui.new.players_range", minimum=g.min_players, maximum=g.max_players)),
                    on_click=lambda e, gid=g.id: set_game_id(gid),
                ),
            ),
        )

    def count_button(n):
        label = model.t("ui.new.n_players", count=n)
        style = ft.FilledButton if n == count else ft.OutlinedButton
        return ft.Semantics(label=label, button=True, selected=n == count, container=True,
                            content=style(str(n), on_click=lambda e, n=n: set_count(n), height=TOUCH, width=72))

    def player_row(i):
        colour_buttons = []
        for c in allowed_colours:
            chosen = colours[i] == c
            colour_buttons.append(ft.Semantics(
                label=model.t("ui.new.colour_for", colour=model.t(f"ui.colour.{c}"), number=i + 1),
                button=True, selected=chosen, container=True,
                content=ft.Container(
                    width=TOUCH, height=TOUCH, alignment=ft.Alignment.CENTER,
                    on_click=lambda e, c=c: choose_colour(i, c),
                    content=ft.Container(width=32, height=32, border_radius=16, bgcolor=PLAYER_COLOURS.get(c),
                                         border=ft.Border.all(4 if chosen else 1,
                                                              ft.Colors.PRIMARY if chosen else "#55555555"),
                                         content=ft.Icon(ft.Icons.CHECK, size=18, color=ink_on(c)) if chosen else None,
                                         alignment=ft.Alignment.CENTER),
                ),
            ))
        return ft.Column([
            ft.TextField(label=model.t("ui.new.player_name", number=i + 1), value=names[i], max_length=NAME_MAX,
                         on_change=lambda e: set_name(i, e.control.value), dense=True,
                         counter=model.t("ui.new.name_length" if len(names[i]) < NAME_MAX else "ui.new.name_full",
                                         count=len(names[i]), maximum=NAME_MAX)),
            ft.Row(colour_buttons, spacing=0, wrap=True),
        ], spacing=2, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    # height: a whole row of 48 px is the tap target (a desktop browser made it 32 px)
    seats = [ft.Radio(value=str(i), label=names[i].strip() or model.t("ui.new.player_name", number=i + 1),
                      height=TOUCH) for i in range(count)]
    # The rule's answer first: the names after the question, or the draw where the rules draw.
    start_options = ([*seats, ft.Radio(value=RANDOM, label=model.t("ui.new.start_random"), height=TOUCH)] if question
                     else [ft.Radio(value=RANDOM, label=model.t("ui.new.start_random_rule"), height=TOUCH), *seats])

    controls = [
        section(model.t("ui.new.game"), [game_tile(g) for g in GAMES.values()]),
        section(model.t("ui.new.player_count"), [ft.Row([count_button(n) for n in game.player_counts])]),
        section(model.t("ui.new.players"), [
            ft.Text(model.t("ui.new.seating"), size=13, italic=True),
            *[player_row(i) for i in range(count)],
            ft.Row([ft.Text(model.t("ui.new.earlier_names"), size=13)] + [
                ft.OutlinedButton(n, icon=ft.Icons.PERSON_ADD_ALT, on_click=lambda e, n=n: pick_known(n), height=TOUCH)
                for n in known[:12]
            ], wrap=True) if known else ft.Container(),
        ]),
        ft.Container(section(model.t("ui.new.start_player"), [
            *([ft.Text(model.m(question), weight=ft.FontWeight.W_500,
                       color=ft.Colors.ERROR if missing else None)] if question else []),
            *([ft.Text(missing, color=ft.Colors.ERROR, size=13)] if missing else []),
            ft.RadioGroup(value=chosen, on_change=lambda e: (set_start(e.control.value), set_error(""),
                                                             set_missing_start(False)),
                          content=ft.Column(start_options, spacing=0)),
        ]), key=ft.ScrollKey(START_PLAYER)),
    ]
    return screen(model, "/new", model.t("ui.new.title"), controls, back="/", error=error,
                  on_dismiss=lambda: set_error(""), bottom_note=missing,
                  bottom=ft.FilledButton(model.t("ui.new.start"), icon=ft.Icons.PLAY_ARROW, on_click=start_game,
                                         height=TOUCH, width=float("inf")))
