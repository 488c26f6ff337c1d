"""A scoring period at the table: the players in banderole order (under the scoreboard), and the scoring
of the player whose turn it is in a sheet of its own (opened from the thumb slot or by a circle tapped on
the board): the district counts the "own" cards ask about, the best free circles, the choices at the
circle picked (which card first, bread, how many sets) with what each gives now and leaves behind, coins
paid in place of wares on a red card, the button that places the disc, and the board to pick any other
circle. Each section is its own component; the outcomes come from `scoring_period`."""

from __future__ import annotations

import flet as ft

from companion.core.definition import InvalidMove
from companion.games.carpe_diem import period, tracker
from companion.games.carpe_diem import scoring_period as sp
from companion.games.carpe_diem.cards import missing_spaces
from companion.games.carpe_diem.components import circles
from companion.games.carpe_diem.ui.cards import CardBoard
from companion.games.carpe_diem.ui.look import NS, item_label
from companion.ui.latest import use_latest
from companion.ui.view import Dispatch, GameView
from companion.ui.widgets import TOUCH, colour_dot, icon_button, stepper

SHOWN_OPTIONS = 4


def storage_change(view: GameView, option: sp.Option) -> str:
    """"Herbs -2, Bread -3" (or "unchanged"), then what is left."""
    change = ", ".join(f"{view.t(f'carpe-diem.counter.{k}')} {v:+d}" for k, v in period.option_gain(option).items())
    return change or view.t(f"{NS}.period.no_change")


def scoring_sheet(view: GameView, dispatch: Dispatch, close, circle: int | None = None) -> ft.Control:
    """The scoring of the player on turn, opened at `circle` (else at the best one)."""
    return ft.BottomSheet(content=ScoringSheet(view, dispatch, close, circle), scrollable=True,
                          show_drag_handle=True, on_dismiss=lambda e: close())


def scoring_dialog(view: GameView, action, player, close, dispatch: Dispatch) -> ft.Control:
    """The thumb slot's "Ben: place a disc" (`GameUI.action_dialogs`)."""
    return scoring_sheet(view, dispatch, close)


@ft.component
def ScoringSheet(view: GameView, dispatch: Dispatch, close, opened_at: int | None):
    # The circle (and its choice) picked in this scoring period: (phase, player, circle, option index).
    picked, set_picked = ft.use_state(None)
    state = view.state
    scorer = tracker.next_scorer(state)
    closing = icon_button(ft.Icons.CLOSE, view.t(f"{NS}.period.close"), lambda e: close())
    if scorer is None:  # the last disc was placed (on another phone, too): the period is over
        return ft.Container(padding=16, content=ft.Row([ft.Text(view.t(f"{NS}.period.over"), expand=True), closing]))
    advice = period.circle_advice(state, view.config, scorer)
    free = {c for c, _ in advice}
    circle, option = (opened_at if opened_at in free else advice[0][0] if advice else None), 0
    if picked and picked[:2] == (state["phase"], scorer):
        circle, option = picked[2], picked[3]

    def pick(circle_number: int, option_index: int = 0) -> None:
        set_picked((state["phase"], scorer, circle_number, option_index))
    return ft.Container(padding=ft.Padding.only(left=16, right=16, bottom=16), content=ft.Column([
        ft.Row([ft.Text(view.t(f"{NS}.period.title", phase=state["phase"], player=view.names[scorer]), size=18,
                        weight=ft.FontWeight.BOLD, expand=True), closing]),
        ScoringPeriod(view, dispatch, scorer, advice, circle, option, pick, close),
        CardBoard(view, dispatch, advice, circle, pick),
    ], spacing=10, tight=True, scroll=ft.ScrollMode.AUTO))


@ft.component
def ScoringPeriod(view: GameView, dispatch: Dispatch, scorer: int, advice: list, circle: int | None, option: int,
                  pick, placed):
    show_all, set_show_all = ft.use_state(False)
    # Coins the scorer pays in place of wares: (phase, player, circle, option index, {space: {ware: n}});
    # the taps act on them as the taps before them left them (+1 twice is +2, Place right after a +1 pays it)
    paying, set_paying, latest = use_latest(None)

    def coins_of(now, key) -> dict:
        return now[4] if now and tuple(now[:4]) == key else {}
    state, name = view.state, view.names[scorer]
    body = [DistrictCounts(view, dispatch, scorer)]
    missing = missing_spaces(state, len(view.names))
    if missing:
        body.append(ft.Text(view.t(f"{NS}.period.cards_missing", spaces=[str(s) for s in missing]),
                            color=ft.Colors.ERROR))
    if advice:
        body.append(BestCircles(view, advice, circle, lambda c: (set_show_all(False), pick(c))))
    if circle is not None:
        options = list(tracker.advice_for(state, view.config, scorer, circle).options)
        index = min(option, len(options) - 1)
        key = (state["phase"], scorer, circle, index)
        coins = coins_of(paying, key)
        chosen, problem = paid_with(view, scorer, circle, options[index], coins)

        def place(e) -> None:
            tapped, wrong = paid_with(view, scorer, circle, options[index], coins_of(latest(), key))
            if wrong is not None:  # the coins as tapped cannot pay: said once the screen is drawn
                return
            set_show_all(False)
            set_paying(None)
            dispatch(period.score_event(scorer, circle, tapped), then=lambda saved: placed())
        # Right under the best circles: the recommended choice is placed without scrolling; the choices
        # and coins below change what it places (its label says what).
        body.append(ft.FilledButton(
            view.t(f"{NS}.period.confirm", circle=circle, player=name, vp=f"{chosen.vp:+d}"), icon=ft.Icons.CHECK,
            height=56, width=float("inf"), disabled=problem is not None, on_click=place))
        body.append(CircleChoices(view, circle, options, index, show_all, lambda: set_show_all(True),
                                  lambda k: pick(circle, k)))
        body.append(CoinsInPlace(view, scorer, options[index], coins, chosen, problem,
                                 lambda edit, key=key: set_paying((*key, edit(coins_of(latest(), key))))))
    return ft.Column(body, spacing=10)


def paid_with(view: GameView, scorer: int, circle: int, option: sp.Option, coins: dict) -> tuple:
    """(the option as these coins pay it, why they cannot or None)."""
    if not coins:
        return option, None
    try:
        return period.with_coins(view.state, view.config, scorer, circle, option, coins), None
    except (sp.PeriodError, InvalidMove) as refused:
        return option, refused.msg


@ft.component
def PeriodOrder(view: GameView):
    """The players in banderole order: done (at which circle), next, waiting."""
    def row(p: int, how: str, circle: int | None) -> ft.Control:
        text = {"done": view.t(f"{NS}.period.row_done", player=view.names[p], circle=circle),
                "next": view.t(f"{NS}.period.row_next", player=view.names[p]),
                "waiting": view.t(f"{NS}.period.row_waiting", player=view.names[p])}[how]
        return ft.Row([
            ft.Icon({"done": ft.Icons.CHECK_CIRCLE, "next": ft.Icons.TOUCH_APP}.get(how, ft.Icons.RADIO_BUTTON_UNCHECKED),
                    color=ft.Colors.PRIMARY if how != "waiting" else ft.Colors.OUTLINE, size=20),
            colour_dot(view.colours[p], 12),
            ft.Text(text, weight=ft.FontWeight.BOLD if how == "next" else None, expand=True)], spacing=6)
    return ft.Column([row(*r) for r in period.scoring_rows(view.state)], spacing=4)


@ft.component
def DistrictCounts(view: GameView, dispatch: Dispatch, scorer: int):
    """The district counts the free circles' green cards ask about, to check before choosing."""
    needed = period.needed_district_counts(view.state, view.config)
    if not needed:
        return ft.Column([])
    counters, name = view.state["players"][scorer]["counters"], view.names[scorer]
    return ft.Column([
        ft.Text(view.t(f"{NS}.period.counts", player=name), size=13),
        *[stepper(view.t(f"carpe-diem.counter.{k}"), counters[k],
                  lambda d, k=k: dispatch({"type": "adjust", "player": scorer, "counter": k, "delta": d}),
                  who=name, model=view) for k in needed]], spacing=4)


@ft.component
def BestCircles(view: GameView, advice: list, chosen: int | None, pick):
    """The three free circles that give the most, each a full-width 48 px row: tap to see its choices."""
    players = len(view.names)

    def row(k: int, circle: int, option: sp.Option) -> ft.Control:
        a, b = circles(players)[circle]
        text = view.t(f"{NS}.period.circle_line", circle=circle, a=a, b=b, vp=f"{option.vp:+d}", steps=option.steps,
                      left=view.m(sp.items_msg(option.after.to_json())))
        selected = circle == chosen
        return ft.Semantics(
            label=text + (" · " + view.t(f"{NS}.period.recommended") if k == 0 else ""), button=True,
            selected=selected, container=True, exclude_semantics=True, content=ft.Container(
                content=ft.Text(text, size=13, color=ft.Colors.ON_PRIMARY if selected else ft.Colors.PRIMARY,
                                weight=ft.FontWeight.BOLD if selected else None),
                padding=ft.Padding.symmetric(horizontal=16, vertical=14), border_radius=TOUCH / 2,
                bgcolor=ft.Colors.PRIMARY if selected else None, border=ft.Border.all(1, ft.Colors.OUTLINE),
                alignment=ft.Alignment.CENTER_LEFT, on_click=lambda e: pick(circle)))
    return ft.Column([
        ft.Text(view.t(f"{NS}.period.best_circles"), weight=ft.FontWeight.BOLD),
        *[row(k, c, o) for k, (c, o) in enumerate(advice[:3])],
        ft.Text(view.t(f"{NS}.period.other_circles"), size=12, italic=True)], spacing=6)


@ft.component
def CircleChoices(view: GameView, circle: int, options: list, index: int, show_all: bool, more, pick):
    """Every distinct choice at the circle, best first (four until asked for all); the one picked marked."""
    shown = options if show_all else options[:max(SHOWN_OPTIONS, index + 1)]
    return ft.Column([
        ft.Text(view.t(f"{NS}.period.choices", circle=circle, count=len(options)), weight=ft.FontWeight.BOLD),
        *[option_card(view, option, k, k == index, lambda k=k: pick(k)) for k, option in enumerate(shown)],
        *([ft.TextButton(view.t(f"{NS}.period.show_all", count=len(options)), on_click=lambda e: more(), height=TOUCH)]
          if len(options) > len(shown) else [])], spacing=6)


def option_card(view: GameView, option: sp.Option, rank: int, selected: bool, on_pick) -> ft.Control:
    """One choice at the circle: what it gives now, what it leaves, the decisions, each card's outcome."""
    head = view.t(f"{NS}.period.option_head", vp=f"{option.vp:+d}", steps=option.steps)
    choices = [view.m(m) for m in period.option_choices(option)] or view.t(f"{NS}.period.no_choice")
    lines = [
        ft.Row([ft.Icon(ft.Icons.RADIO_BUTTON_CHECKED if selected else ft.Icons.RADIO_BUTTON_UNCHECKED,
                        color=ft.Colors.PRIMARY),
                ft.Text(head, weight=ft.FontWeight.BOLD, expand=True),
                *([ft.Container(ft.Text(view.t(f"{NS}.period.recommended"), size=12),
                                padding=ft.Padding.symmetric(vertical=2, horizontal=8), border_radius=10,
                                bgcolor=ft.Colors.TERTIARY_CONTAINER)] if rank == 0 else [])]),
        ft.Text(view.t(f"{NS}.period.decisions", choices=choices), size=13),
        ft.Text(view.t(f"{NS}.period.storage_change", change=storage_change(view, option),
                       left=view.m(sp.items_msg(option.after.to_json()))), size=13),
        *[ft.Text(view.m(r.explain()), size=12, color=ft.Colors.ON_SURFACE_VARIANT) for r in option.results],
    ]
    return ft.Semantics(
        label=view.t(f"{NS}.period.option_label", rank=rank + 1, head=head), button=True, selected=selected,
        container=True, content=ft.Container(
            padding=10, border_radius=8, on_click=lambda e: on_pick(),
            border=ft.Border.all(2 if selected else 1, ft.Colors.PRIMARY if selected else ft.Colors.OUTLINE),
            bgcolor=ft.Colors.SECONDARY_CONTAINER if selected else None, content=ft.Column(lines, spacing=2)))


@ft.component
def CoinsInPlace(view: GameView, scorer: int, option: sp.Option, coins: dict, chosen: sp.Option, problem,
                 change_coins):
    """Red cards: coins may stand in for any ware, also for wares the player has. Per ware of each red card
    paid, how many of it coins pay; what the payment then does to storage, or why it cannot be paid so.
    `change_coins(edit)`: a tap's `edit(coins)` applied to the coins as the taps before it left them."""
    rows = period.coin_choices(option)
    if not rows:
        return ft.Column([])
    name = view.names[scorer]
    body = [ft.Text(view.t(f"{NS}.period.coins_title"), weight=ft.FontWeight.BOLD),
            ft.Text(view.t(f"{NS}.period.coins_hint"), size=12)]
    for space, ware, _ in rows:
        value = period.coins_paid(option, coins, space, ware)
        body.append(stepper(
            view.t(f"{NS}.period.coins_ware", ware=item_label(view, ware), space=space), value,
            lambda d, space=space, ware=ware: change_coins(lambda paid: period.with_coins_paid(
                option, paid, space, ware, period.coins_paid(option, paid, space, ware) + d)), who=name, model=view))
    if problem is not None:
        body.append(ft.Text(view.m(problem), color=ft.Colors.ERROR, size=13))
    elif coins:
        body.append(ft.Text(view.t(f"{NS}.period.coins_result", change=storage_change(view, chosen),
                                   left=view.m(sp.items_msg(chosen.after.to_json()))), size=13))
    return ft.Column(body, spacing=6)
