"""The table at a glance, shared by every game: the scoreboard (a row per player: colour, name, the score
in large type, the few numbers the table watches, who is on turn and who started), a player's sheet
(the game's actions for them, a stepper per counter, a number pad), and the score sheet of rounds by
players. They know no game: what they show comes from the game's `Standing`, counters, moves and
`period` (companion/core/definition.py)."""

from __future__ import annotations

import flet as ft

from companion.core.definition import Action, Counter, Standing
from companion.core.score_sheet import ScoreSheet
from companion.ui.widgets import TOUCH, Texts, colour_dot, icon_button, stepper

SCORE_SIZE = 40  # the score in large type: read from across the table, the phone lying flat
SCORE_WIDTH = 80  # px: three digits of it ("132" is about 70 px wide)
PAD_MAX = 6  # digits a number pad takes: far more than any count of a game


@ft.component
def ScoreRowView(texts: Texts, seat: int, name: str, colour: str, standing: Standing, on_turn: bool, starts: bool,
                 is_me: bool, open_sheet, turns: bool = False, set_turn=None):
    """One player on the scoreboard; a tap opens their sheet. `turns`: the game follows turns (the row has
    a turn marker); `set_turn`: the table may say who is on turn (one tap on the marker). Memoized: a
    change re-renders only the rows it changed."""
    score_label = texts.t("ui.value", counter=texts.m(standing.label), player=name, value=standing.score)
    numbers = [ft.Semantics(label=texts.t("ui.value", counter=texts.m(label), player=name, value=value),
                            container=True, content=ft.Text(f"{texts.m(label)} {value}", size=14))
               for label, value in standing.numbers]
    marker = ([] if not turns else
              [icon_button(ft.Icons.PLAY_ARROW, texts.t("ui.play.on_turn_of", player=name), None)] if on_turn else
              [icon_button(ft.Icons.PLAY_ARROW_OUTLINED, texts.t("ui.play.make_turn", player=name),
                           (lambda e: set_turn(seat)) if set_turn else None, disabled=set_turn is None)])
    badges = [*([badge(texts.t("ui.play.start_player"), ft.Colors.TERTIARY_CONTAINER)] if starts else []),
              *([badge(texts.t("ui.play.this_phone"), ft.Colors.SECONDARY_CONTAINER)] if is_me else [])]
    who = ft.Semantics(exclude_semantics=True, container=True, content=ft.Row(
        [ft.Text(name, size=18, weight=ft.FontWeight.BOLD, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS), *badges],
        spacing=6, wrap=True))
    body = ft.Row([
        colour_dot(colour, 20),
        ft.Column([who, ft.Row(numbers, spacing=12, wrap=True, run_spacing=0)], spacing=2, expand=True),
        # as wide as three digits whatever the score: the numbers beside it wrap the same at 5 as at 131,
        # and the row keeps its height as the game goes on
        ft.Container(ft.Semantics(label=score_label, container=True,
                                  content=ft.Text(str(standing.score), size=SCORE_SIZE, weight=ft.FontWeight.BOLD,
                                                  no_wrap=True)),
                     width=SCORE_WIDTH, alignment=ft.Alignment.CENTER_RIGHT),
    ], spacing=10, vertical_alignment=ft.CrossAxisAlignment.CENTER)
    said = ", ".join([texts.t("ui.play.open_sheet", player=name),
                      *([texts.t("ui.play.start_player")] if starts else []),
                      *([texts.t("ui.play.this_phone")] if is_me else [])])
    return ft.Container(
        content=ft.Row([*marker, ft.Semantics(label=said, button=True,
                                             container=True, expand=True,
                                             content=ft.Container(body, on_click=lambda e: open_sheet(seat),
                                                                  padding=ft.Padding.symmetric(vertical=8)))],
                       spacing=0),
        # the thicker border of the row on turn taken from its padding: the same room inside every row, so
        # its numbers wrap the same whoever is on turn
        border_radius=12, padding=ft.Padding.only(left=0 if turns else 12 - 2 * on_turn, right=12 - 4 * on_turn),
        bgcolor=ft.Colors.PRIMARY_CONTAINER if on_turn else ft.Colors.SURFACE_CONTAINER_HIGH,
        border=ft.Border.all(3 if on_turn else 1, ft.Colors.PRIMARY if on_turn else ft.Colors.OUTLINE_VARIANT))


ScoreRow = ft.memo(ScoreRowView)


def badge(text: str, colour) -> ft.Control:
    return ft.Container(ft.Text(text, size=12), padding=ft.Padding.symmetric(vertical=2, horizontal=8),
                        border_radius=12, bgcolor=colour)


# ---------------------------------------------------------------- a player's sheet

@ft.component
def NumberPadView(texts: Texts, name: str, counters: tuple[Counter, ...], target: str, add, setting: bool = False,
                  typed=None, opening: int = 0):
    """A number for a counter: digits, the sign, Add. `add(delta)` adds to the counter the pad is for;
    "+12" is three taps. `setting`: the number typed is the value itself (final scoring's "Set to 87":
    `add(87)` sets it); `counters` then the board's fields (an id and a label each).

    What was tapped is what is added, at any speed: the typed number lives where the taps arrive, in
    their order (`typed`), never rebuilt from the number the phone drew last (a phone that draws slower
    than its player taps would append the next digits to an old number). And no key is ever disabled: a
    tap on a key the phone still draws disabled (Add, before the phone has drawn the digits) never
    reaches us. Add with nothing typed adds nothing. `typed`: where the digits are kept, if its owner clears
    them (a player's sheet, kept from one opening to the next, begins with nothing typed), and `opening`
    then changes with each clearing, so that the pad is drawn again."""
    own = ft.use_ref(("", False))
    typed = typed if typed is not None else own  # (digits, negative) as tapped so far
    _, set_drawn = ft.use_state(0)
    digits, negative = typed.current
    label = texts.m(next(c.label for c in counters if c.id == target))
    amount = int(digits) if digits else 0
    shown = f"{'−' if negative else '' if setting else '+'}{digits or '0'}"

    def change(digits: str, negative: bool) -> None:
        typed.current = (digits, negative)
        set_drawn(lambda n: n + 1)

    def key(digit: str):
        return lambda e: change((typed.current[0] + digit).lstrip("0")[:PAD_MAX], typed.current[1])

    def done(e):
        digits, negative = typed.current
        if digits:
            add(-int(digits) if negative else int(digits))
        change("", False)

    def button(text, on_click, semantics: str):
        # named by its face's label: a Semantics around the button made a second, nameless button node
        face = ft.Icon(text, size=20, semantics_label=semantics) if not isinstance(text, str) else \
            ft.Text(text, size=18, semantics_label=semantics)
        return ft.Container(ft.OutlinedButton(content=face, on_click=on_click, height=TOUCH,
                                              style=ft.ButtonStyle(padding=0)), col={"xs": 3})
    digit = [button(d, key(d), texts.t("ui.pad.digit", digit=d)) for d in "1234567890"]
    # Four a row, as a phone's keypad reads: 1 2 3 back / 4 5 6 sign / 7 8 9 0.
    keys = [*digit[0:3], button(ft.Icons.BACKSPACE_OUTLINED, lambda e: change(typed.current[0][:-1], typed.current[1]),
                                texts.t("ui.pad.back")),
            *digit[3:6], button("+/−", lambda e: change(typed.current[0], not typed.current[1]), texts.t("ui.pad.sign")),
            *digit[6:10]]
    display = ft.Semantics(label=texts.t("ui.pad.shows_set" if setting else "ui.pad.shows", counter=label,
                                         player=name, amount=shown), container=True,
                           content=ft.Text(shown, size=28, weight=ft.FontWeight.BOLD))
    add_label = texts.t("ui.pad.set", amount=shown) if setting else \
        texts.t("ui.pad.add" if not negative else "ui.pad.take", amount=amount, counter=label, player=name)
    # With nothing typed Add looks at rest (it still takes the tap: the digits may be on their way).
    quiet = None if amount else ft.ButtonStyle(bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
                                               color=ft.Colors.ON_SURFACE_VARIANT)
    return ft.Column([
        ft.Row([ft.Text(label, size=14, expand=True), display], vertical_alignment=ft.CrossAxisAlignment.CENTER),
        ft.ResponsiveRow(keys, spacing=6, run_spacing=6),
        ft.FilledButton(add_label, on_click=done, height=TOUCH, width=float("inf"), style=quiet),
    ], spacing=6)


# Drawn again only when its own props change (an entry on the sheet changes the counters' values, not
# the pad): `add` must be stable (`ft.use_callback`).
NumberPad = ft.memo(NumberPadView)


def counter_grid(texts: Texts, name: str, counters: tuple[Counter, ...], values: dict, step, choose,
                 chosen: str | None = None) -> ft.Control:
    """A stepper per counter, two a row: its name over `[-] value [+]`. A tap on the value gives that
    counter the number pad (`choose`); the counter the pad is for (`chosen`) is marked. The name sits
    over the row, not in a button of its own: six counters take three rows of 66 px, not of 96. Each
    cell is memoized: an entry draws again only the counter it changed (`step`, `choose`: stable)."""
    return ft.ResponsiveRow([CounterCell(texts, name, c, values[c.id], step, choose, c.id == chosen) for c in counters],
                            spacing=6, run_spacing=0)


@ft.component
def CounterCellView(texts: Texts, name: str, c: Counter, value: int, step, choose, mine: bool):
    label, size = texts.m(c.label), c.steps[0]
    # One node: the value's name (and what a tap does) on the button's own text, which Flutter merges
    # into the button; a Semantics wrapped around it would make a second, nameless button node.
    number = (ft.FilledTonalButton if mine else ft.TextButton)(
        content=ft.Text(str(value), size=20, weight=ft.FontWeight.BOLD, semantics_label=texts.t(
            "ui.pad.value", value=texts.t("ui.value", counter=label, player=name, value=value),
            pad=texts.t("ui.pad.for", counter=label, player=name))),
        on_click=lambda e: choose(c.id), height=TOUCH, width=64,
        style=ft.ButtonStyle(padding=0, shape=ft.RoundedRectangleBorder(radius=8)))
    return ft.Container(ft.Column([
        ft.Text(label, size=13, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
        ft.Row([icon_button(ft.Icons.REMOVE, texts.t("ui.step", counter=label, delta=f"-{size}", player=name),
                            lambda e: step(c.id, -size), disabled=c.minimum is not None and value - size < c.minimum),
                number,
                icon_button(ft.Icons.ADD, texts.t("ui.step", counter=label, delta=f"+{size}", player=name),
                            lambda e: step(c.id, size), disabled=c.maximum is not None and value >= c.maximum)],
               spacing=0, tight=True),
    ], spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER), col={"xs": 6})


CounterCell = ft.memo(CounterCellView)


@ft.component
def MoreCountsView(texts: Texts, name: str, counters: tuple[Counter, ...], values: tuple[int, ...], step):
    """Counters needed now and then, folded; memoized: drawn again only when one of them changes."""
    return ft.ExpansionTile(title=ft.Text(texts.t("ui.play.more_counts", player=name)), tile_padding=ft.Padding.all(0),
                            controls=[stepper(texts.m(c.label), value, lambda d, c=c: step(c.id, d), who=name,
                                              model=texts, steps=c.steps, minimum=c.minimum)
                                      for c, value in zip(counters, values)])


MoreCounts = ft.memo(MoreCountsView)


def action_buttons(texts: Texts, name: str, seat: int, actions: tuple[Action, ...], trigger) -> ft.Control:
    """The game's actions for this player, large, two a row."""
    return ft.ResponsiveRow([
        ft.FilledTonalButton(content=ft.Text(texts.m(a.label), text_align=ft.TextAlign.CENTER, max_lines=2,
                                             semantics_label=texts.t("ui.play.action_for", action=texts.m(a.label),
                                                                     player=name)),
                             on_click=lambda e, a=a: trigger(a, seat), height=56, col={"xs": 6},
                             style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=8)))
        for a in actions], spacing=6, run_spacing=6)


# ---------------------------------------------------------------- the score sheet

def score_sheet_table(texts: Texts, sheet: ScoreSheet, names: list[str], colours: list[str]) -> ft.Control:
    """Rows by players, as on a paper pad, with the totals: as wide as the phone, every column in view.
    A game's other tracks stand under the score in each cell, smaller, in the order the head names them.
    A player's column is as wide as a three-digit score and a short name, wider for fewer players; the
    rows' names have the rest (4 players on a 390 px phone: about 150 px, "Einflusswertungskarten")."""
    width, gap = (42, 2) if len(names) > 3 else (52, 8)

    def line(label: ft.Control, cells: list[ft.Control], shaded: bool = False) -> ft.Control:
        return ft.Container(ft.Row([ft.Container(label, expand=True),
                                    *[ft.Container(c, width=width, alignment=ft.Alignment.CENTER_RIGHT) for c in cells]],
                                   spacing=gap, vertical_alignment=ft.CrossAxisAlignment.CENTER),
                            padding=ft.Padding.symmetric(vertical=6, horizontal=4),
                            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH if shaded else None)

    def cell(score: int, tracks: tuple[int, ...], bold: bool = False) -> ft.Control:
        number = ft.Text(str(score), size=16, weight=ft.FontWeight.BOLD if bold else None)
        if not sheet.tracks:
            return number
        return ft.Column([number, *[ft.Text(str(t), size=13, color=ft.Colors.ON_SURFACE_VARIANT) for t in tracks]],
                         spacing=0, horizontal_alignment=ft.CrossAxisAlignment.END)
    names_of = ft.Column([ft.Text(texts.m(sheet.label), size=13, weight=ft.FontWeight.BOLD),
                          *[ft.Text(texts.m(t), size=12, color=ft.Colors.ON_SURFACE_VARIANT) for t in sheet.tracks]],
                         spacing=0)
    head = line(names_of, [ft.Column([colour_dot(c, 12),
                                      ft.Text(n, size=13, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS)],
                                     spacing=2, horizontal_alignment=ft.CrossAxisAlignment.END)
                           for n, c in zip(names, colours)], shaded=True)
    no_tracks = [()] * len(names)
    rows = [line(ft.Text(texts.m(row.label), size=13),
                 [cell(p, t) for p, t in zip(row.points, row.tracks or no_tracks)]) for row in sheet.rows]
    total = line(ft.Text(texts.t("ui.sheet.total"), size=13, weight=ft.FontWeight.BOLD),
                 [cell(p, t, bold=True) for p, t in zip(sheet.totals, sheet.track_totals or no_tracks)], shaded=True)
    return ft.Column([head, *rows, total], spacing=0, tight=True, width=480)
