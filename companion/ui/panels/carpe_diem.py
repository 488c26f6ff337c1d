"""Carpe Diem's part of the live tracker: game progress, the banderole order, the scoring cards as they
lie on the board (entered once) and the scoring periods.

A scoring period: the players in banderole order; the one whose turn it is sees every free circle with
what its best choice gives, picks one, sees the choices that matter there (which card first, bread,
how many sets to pay) with what each gives now and leaves behind, the best one preselected, may pay
coins in place of wares on a red card (the entry's `coins_for`), and confirms; the tracker's `score_circle` event applies it. All outcomes come from
`companion.games.carpe_diem.scoring_period` (advise / evaluate / best_circles).
"""

from __future__ import annotations

import flet as ft

from companion.core.game import BoardStateError, InvalidMove
from companion.core.text import Msg
from companion.games.carpe_diem import scoring_period as sp
from companion.games.carpe_diem import tracker
from companion.games.carpe_diem.components import (
    CARD_COLUMNS, CARD_ROWS, PHASES, ROUNDS, card_spaces, circles, space_position,
)
from companion.ui.model import AppModel
from companion.ui.widgets import PLAYER_COLOURS, TOUCH, colour_dot, ink_on, section, stepper

CARD_W, CARD_H, GAP = 84, 84, 48
ALLOWED = {"A": sp.PAY_ITEMS, "B": sp.PAY_ITEMS, "C": sp.VILLA_ITEMS, "D": sp.FEATURE_ITEMS}
SHOWN_OPTIONS = 4


# ---------------------------------------------------------------- plain helpers (tested without a browser)

def board_cells(players: int) -> list[tuple[int, int, str, int | None]]:
    """The board's card area as a grid of (row, column, what, number): card spaces at even positions,
    circles between the two cards they trigger, everything else empty. Rows 0..6, columns 0..4."""
    used = set(card_spaces(players))
    circle_at = {}
    for number, (a, b) in circles(players).items():
        (ra, ca), (rb, cb) = space_position(a), space_position(b)
        circle_at[(ra - 1 + rb - 1, ca - 1 + cb - 1)] = number
    out = []
    for r in range(2 * CARD_ROWS - 1):
        for c in range(2 * CARD_COLUMNS - 1):
            if r % 2 == 0 and c % 2 == 0:
                space = (r // 2) * CARD_COLUMNS + c // 2 + 1
                out.append((r, c, "card" if space in used else "empty", space if space in used else None))
            elif (r, c) in circle_at:
                out.append((r, c, "circle", circle_at[(r, c)]))
            else:
                out.append((r, c, "gap", None))
    return out


def empty_draft(letter: str = "A") -> dict:
    return {"letter": letter, "requirement": {}, "reward": {}}


def draft_from_card(card: dict | None) -> dict:
    if not card:
        return empty_draft()
    return {"letter": card["letter"], "requirement": dict(card["requirement"]), "reward": dict(card["reward"])}


def draft_set_letter(draft: dict, letter: str) -> dict:
    """A new letter keeps only what that letter's cards can ask for (and one ware for A)."""
    requirement = {k: v for k, v in draft["requirement"].items() if k in ALLOWED[letter]}
    if letter == "A" and len(requirement) > 1:
        first = next(iter(requirement))
        requirement = {first: requirement[first]}
    return {**draft, "letter": letter, "requirement": requirement}


def draft_set(draft: dict, part: str, item: str, amount: int) -> dict:
    """Set an amount of the requirement or the reward; 0 removes the item. An A card asks for one ware,
    so picking another replaces it."""
    values = dict(draft[part])
    if part == "requirement" and draft["letter"] == "A" and item not in values:
        values = {}
    if amount > 0:
        values[item] = amount
    else:
        values.pop(item, None)
    return {**draft, part: values}


def draft_card(draft: dict) -> tuple[dict | None, Msg | None]:
    """The card JSON for the tracker's set_card, or the engine's objection."""
    data = {"letter": draft["letter"], "mode": sp.PAY if draft["letter"] in "AB" else sp.OWN,
            "requirement": draft["requirement"], "reward": draft["reward"]}
    try:
        return sp.card_from_json(data, "card").to_json(), None
    except BoardStateError as error:
        return None, error.msg


def option_choices(option: sp.Option) -> list[Msg]:
    """The decisions that make this option differ from the others: which card first (when it matters),
    bread spent, sets paid."""
    out = []
    if option.order_matters:
        out.append(Msg("carpe-diem-ui.period.first", space=option.order[0]))
    for r in option.results:
        if r.bread_used:
            out.append(Msg("carpe-diem-ui.period.bread", space=r.space))
        if r.card.mode == sp.PAY and r.sets:
            out.append(Msg("carpe-diem-ui.period.sets", space=r.space, sets=r.sets))
        if not r.met:
            out.append(Msg("carpe-diem-ui.period.unmet", space=r.space))
    return out


def option_gain(option: sp.Option) -> dict[str, int]:
    """What the option changes in storage: negative = paid, positive = gained (wares, coins, bread)."""
    return {k: option.after.get(k) - option.before.get(k) for k in sp.HOLDING_ITEMS
            if option.after.get(k) != option.before.get(k)}


def score_event(player: int, circle: int, option: sp.Option) -> dict:
    return {"type": "score_circle", "player": player, "circle": circle, **option.choice()}


def coin_choices(option: sp.Option) -> list[tuple[int, str, int]]:
    """Where the player may pay coins in place of wares ("Any wares can be replaced by coins"): every
    ware of each red card paid at least once, as (card space, ware, how many of it coins pay now)."""
    return [(r.space, ware, dict(r.coins_for).get(ware, 0))
            for r in option.results if r.card.mode == sp.PAY and r.sets for ware, _ in r.card.requirement]


def with_coins(state: dict, config: dict, player: int, circle: int, option: sp.Option,
               coins: dict[int, dict[str, int]]) -> sp.Option:
    """The option with coins paid in place of wares as the player says (`coins`: card space -> ware ->
    how many; a card not named pays wares first). Raises sp.PeriodError naming what cannot be paid so."""
    return sp.evaluate(tracker.circle_cards(state, config, circle), option.before, tracker.owned_counts(state, player),
                       option.order, [r.bread_used for r in option.results], [r.sets for r in option.results],
                       [coins.get(r.space) for r in option.results])


def scoring_rows(state: dict) -> list[tuple[int, str, int | None]]:
    """The scoring period's players in banderole order: (player, "done" | "next" | "waiting", circle)."""
    scoring = state.get("scoring") or {}
    done = scoring.get("done", [])
    used = {u["player"]: int(c) for c, u in state["circles_used"].items() if u["phase"] == state["phase"]}
    rows = []
    for p in scoring.get("order", []):
        if p in done:
            rows.append((p, "done", used.get(p)))
        elif not rows or rows[-1][1] == "done":
            rows.append((p, "next", None))
        else:
            rows.append((p, "waiting", None))
    return rows


def circle_advice(state: dict, config: dict, player: int) -> list[tuple[int, sp.Option]]:
    """The best choice at every free circle whose cards are entered, best first."""
    cards = tracker.entered_cards(state)
    return sp.best_circles(cards, tracker.free_circles(state, config), tracker.holdings(state, player),
                           tracker.owned_counts(state, player))


def needed_district_counts(state: dict, config: dict) -> list[str]:
    """The district counters the free circles' "own" cards ask about (those the tracker keeps)."""
    cards = tracker.entered_cards(state)
    spaces = {s for pair in tracker.free_circles(state, config).values() for s in pair}
    return [k for k in sp.needed_counts(cards[s] for s in sorted(spaces) if s in cards) if k in tracker.DISTRICT]


def progress(state: dict) -> float:
    if state["stage"] == "finished":
        return 1.0
    return ((state["phase"] - 1) * ROUNDS + state["round"] - 1) / (PHASES * ROUNDS)


def item_label(model: AppModel, item: str) -> str:
    return model.t("carpe-diem-ui.item.steps") if item == "steps" else model.t(f"carpe-diem.counter.{item}")


def amounts_text(model: AppModel, items: dict) -> str:
    return model.m(sp.join_plus([sp.item_msg(k, n) for k, n in items.items()]))


# ---------------------------------------------------------------- the panel

@ft.component
def CarpeDiemPanel(model: AppModel, session):
    editing, set_editing = ft.use_state(None)  # card space whose card is being entered
    draft, set_draft = ft.use_state(None)
    picked, set_picked = ft.use_state(None)  # (phase, player, circle, option index) chosen in this period
    show_all, set_show_all = ft.use_state(False)
    rewards_for, set_rewards_for = ft.use_state(None)  # the player whose rewards are being entered
    choosing, set_choosing = ft.use_state(None)  # (action id, player) waiting for a number
    confirming, set_confirming = ft.use_state(None)  # a game action (End round) waiting for its confirmation

    state, config = session.state, session.config
    players = config["players"]
    n = len(players)
    names = [p["name"] for p in players]
    entered = state["cards"]

    # ------------------------------------------------------------ the card editor dialog
    def open_card(space):
        set_editing(space)
        set_draft(draft_from_card(entered.get(str(space))))

    def close_card():
        set_editing(None)
        set_draft(None)

    dialog = None
    if editing is not None and draft is not None:
        card, problem = draft_card(draft)

        def save(e):
            if card is not None:
                model.dispatch(session.id, {"type": "set_card", "space": editing, "card": card},
                               then=lambda saved: close_card())

        def clear(e):
            model.dispatch(session.id, {"type": "set_card", "space": editing, "card": None})
            close_card()

        def part_editor(part, allowed):
            values = draft[part]
            who = model.t(f"carpe-diem-ui.card.{part}")
            rows = [stepper(item_label(model, k), v, lambda d, k=k, v=v: set_draft(draft_set(draft, part, k, v + d)),
                            who=who, model=model) for k, v in values.items()]
            free = [k for k in allowed if k not in values]
            chips = ft.Row([
                ft.Semantics(label=model.t("carpe-diem-ui.card.add_item", item=item_label(model, k), part=who),
                             button=True, container=True,
                             content=ft.OutlinedButton(item_label(model, k), height=TOUCH,
                                                       on_click=lambda e, k=k: set_draft(draft_set(draft, part, k, 1))))
                for k in free], wrap=True, spacing=6, run_spacing=6)
            return [ft.Text(who, weight=ft.FontWeight.BOLD), *rows,
                    *([ft.Text(model.t("carpe-diem-ui.card.add_hint"), size=12), chips] if free else [])]

        letter = draft["letter"]
        letters = ft.Row([
            ft.Semantics(label=model.t("carpe-diem-ui.card.letter", letter=x), button=True, selected=x == letter,
                         container=True,
                         content=(ft.FilledButton if x == letter else ft.OutlinedButton)(
                             x, width=56, height=TOUCH, on_click=lambda e, x=x: set_draft(draft_set_letter(draft, x))))
            for x in sp.LETTERS], spacing=6)
        if card:
            preview = ft.Text(model.m(sp.card_msg(sp.card_from_json(card))), weight=ft.FontWeight.BOLD)
        elif not draft["requirement"] and not draft["reward"]:  # nothing entered yet: what to do, not an error
            preview = ft.Text(model.t("carpe-diem-ui.card.to_fill"), size=13, color=ft.Colors.ON_SURFACE_VARIANT)
        else:  # after an entry: what is still wrong, as a sentence
            said = model.m(problem)
            preview = ft.Text(said[:1].upper() + said[1:], color=ft.Colors.ERROR, size=13)
        content = [
            letters,
            ft.Text(model.t("carpe-diem-ui.card.mode_pay" if letter in "AB" else "carpe-diem-ui.card.mode_own"),
                    size=13, italic=True),
            *part_editor("requirement", ALLOWED[letter]),
            *part_editor("reward", sp.REWARD_ITEMS),
            ft.Divider(),
            preview,
        ]
        actions = [ft.TextButton(model.t("ui.cancel"), on_click=lambda e: close_card())]
        if str(editing) in entered:
            actions.append(ft.TextButton(model.t("carpe-diem-ui.card.clear"), on_click=clear))
        actions.append(ft.FilledButton(model.t("carpe-diem-ui.card.save"), on_click=save, disabled=card is None,
                                       height=TOUCH))
        dialog = ft.AlertDialog(
            modal=True,
            title=ft.Text(model.t("carpe-diem-ui.card.title", space=editing)),
            content=ft.Column(content, scroll=ft.ScrollMode.AUTO, tight=True, width=480, spacing=8),
            actions=actions, on_dismiss=lambda e: close_card())
    elif confirming is not None:
        action = next((a for a in tracker.actions(state, config) if a.id == confirming and not a.per_player), None)
        if action is not None:
            def go(e):
                set_confirming(None)
                model.dispatch(session.id, {"type": action.id})
            dialog = ft.AlertDialog(
                modal=True, title=ft.Text(model.m(action.label)), content=ft.Text(model.m(action.confirm)),
                actions=[ft.TextButton(model.t("ui.cancel"), on_click=lambda e: set_confirming(None), height=TOUCH),
                         ft.FilledButton(model.m(action.label), on_click=go, height=TOUCH)],
                on_dismiss=lambda e: set_confirming(None))
    elif choosing is not None:
        action_id, who = choosing
        action = next((a for a in tracker.actions(state, config) if a.id == action_id), None)
        if action is not None:
            def give(value):
                set_choosing(None)
                model.dispatch(session.id, {"type": action_id, "player": who, action.field: value})
            dialog = ft.AlertDialog(
                modal=True, title=ft.Text(f"{model.m(action.label)} ({names[who]})"),
                content=ft.Row([ft.Semantics(
                    label=model.t("ui.play.choose_value", action=model.m(action.label), value=v), button=True,
                    container=True, content=ft.OutlinedButton(str(v), width=64, height=TOUCH,
                                                              on_click=lambda e, v=v: give(v)))
                    for v in action.value_choices], wrap=True),
                actions=[ft.TextButton(model.t("ui.cancel"), on_click=lambda e: set_choosing(None))],
                on_dismiss=lambda e: set_choosing(None))
    ft.use_dialog(dialog)

    # ------------------------------------------------------------ the scoring period's choices
    scoring = state["stage"] == "scoring"
    scorer = tracker.next_scorer(state) if scoring else None
    advice_list = circle_advice(state, config, scorer) if scorer is not None else []
    chosen_circle, chosen_option = None, 0
    if scorer is not None:
        if picked and picked[0] == state["phase"] and picked[1] == scorer:
            chosen_circle, chosen_option = picked[2], picked[3]
        elif advice_list:
            chosen_circle = advice_list[0][0]
    best_vp = {c: o for c, o in advice_list}
    recommended_circle = advice_list[0][0] if advice_list else None
    # Coins the scorer pays in place of wares: (phase, player, circle, option index, {space: {ware: n}}).
    paying, set_paying = ft.use_state(None)

    def pick_circle(circle):
        set_show_all(False)
        set_picked((state["phase"], scorer, circle, 0))

    # ------------------------------------------------------------ the card area of the board
    used = state["circles_used"]

    def card_tile(space):
        data = entered.get(str(space))
        if data:
            card = sp.card_from_json(data)
            label = model.t("carpe-diem-ui.board.card", space=space, card=model.m(sp.card_msg(card)))
            pay = card.mode == sp.PAY
            body = ft.Column([
                ft.Row([ft.Text(card.letter, weight=ft.FontWeight.BOLD, size=16, color="#222222"),
                        ft.Text(str(space), size=10, color="#555555")],
                       alignment=ft.MainAxisAlignment.SPACE_BETWEEN),
                ft.Text(amounts_text(model, dict(card.requirement)), size=10, color="#222222", max_lines=2,
                        overflow=ft.TextOverflow.ELLIPSIS),
                ft.Text("» " + amounts_text(model, dict(card.reward)), size=10, color="#222222", max_lines=2,
                        weight=ft.FontWeight.BOLD, overflow=ft.TextOverflow.ELLIPSIS),
            ], spacing=0, tight=True)
            bg = "#f4c7c0" if pay else "#cfe8c6"
        else:
            label = model.t("carpe-diem-ui.board.card_missing", space=space)
            body = ft.Column([ft.Text(str(space), size=10), ft.Icon(ft.Icons.ADD, color=ft.Colors.OUTLINE)],
                             horizontal_alignment=ft.CrossAxisAlignment.CENTER, tight=True)
            bg = None
        highlight = chosen_circle is not None and space in circles(n)[chosen_circle]
        return ft.Semantics(label=label, button=True, container=True, content=ft.Container(
            width=CARD_W, height=CARD_H, padding=4, border_radius=6, bgcolor=bg,
            border=ft.Border.all(3 if highlight else 1, ft.Colors.PRIMARY if highlight else ft.Colors.OUTLINE),
            alignment=ft.Alignment.CENTER if not data else None, on_click=lambda e: open_card(space), content=body))

    def circle_tile(number, width, height):
        pair = circles(n)[number]
        taken = used.get(str(number))
        if taken:
            label = model.t("carpe-diem-ui.board.circle_used", circle=number, player=names[taken["player"]],
                            phase=taken["phase"])
            inner = ft.Container(width=30, height=30, border_radius=15,
                                 bgcolor=PLAYER_COLOURS.get(players[taken["player"]]["colour"], "#999999"),
                                 border=ft.Border.all(1, "#555555"),
                                 content=ft.Icon(ft.Icons.LOCK, size=14,
                                                 color=ink_on(players[taken["player"]]["colour"])),
                                 alignment=ft.Alignment.CENTER)
            on_click = None
        else:
            option = best_vp.get(number)
            selected = number == chosen_circle
            if option is not None:
                label = model.t("carpe-diem-ui.board.circle_best", circle=number, a=pair[0], b=pair[1],
                                vp=f"{option.vp:+d}")
            else:
                label = model.t("carpe-diem-ui.board.circle_free", circle=number, a=pair[0], b=pair[1])
            inner = ft.Container(
                width=36, height=36, border_radius=18, alignment=ft.Alignment.CENTER,
                bgcolor=ft.Colors.PRIMARY if selected else (ft.Colors.TERTIARY_CONTAINER if number == recommended_circle
                                                            else ft.Colors.SURFACE),
                border=ft.Border.all(2, ft.Colors.PRIMARY),
                content=ft.Text(f"{option.vp:+d}" if option is not None else str(number), size=11,
                                weight=ft.FontWeight.BOLD,
                                color=ft.Colors.ON_PRIMARY if selected else None))
            on_click = (lambda e: pick_circle(number)) if option is not None else None
        return ft.Semantics(label=label, button=on_click is not None, selected=number == chosen_circle,
                            container=True,
                            content=ft.Container(width=width, height=height, alignment=ft.Alignment.CENTER,
                                                 on_click=on_click, content=inner))

    rows = {}
    for r, c, what, number in board_cells(n):
        w = CARD_W if c % 2 == 0 else GAP
        h = CARD_H if r % 2 == 0 else GAP
        if what == "card":
            cell = card_tile(number)
        elif what == "circle":
            cell = circle_tile(number, w, h)
        elif what == "empty":
            cell = ft.Container(width=w, height=h, border_radius=6, border=ft.Border.all(1, "#33888888"))
        else:
            cell = ft.Container(width=w, height=h)
        rows.setdefault(r, []).append(cell)
    card_board = ft.Column([ft.Row(cells, spacing=0, alignment=ft.MainAxisAlignment.CENTER)
                            for _, cells in sorted(rows.items())], spacing=0)
    missing = [s for s in card_spaces(n) if str(s) not in entered]

    controls = []
    # ------------------------------------------------------------ progress, End round, banderole order
    controls.append(ft.Semantics(
        label=model.t("carpe-diem-ui.progress", percent=round(progress(state) * 100)), container=True,
        content=ft.ProgressBar(value=progress(state), height=8, border_radius=4)))
    # The table's most frequent tap, at the top where it is reached without scrolling (the tracker
    # screen leaves the game's actions to this panel: panel_offers_game_actions in companion/ui/games.py).
    controls += [ft.FilledButton(model.m(a.label), height=56, width=float("inf"),
                                 on_click=lambda e, a=a: set_confirming(a.id) if a.confirm
                                 else model.dispatch(session.id, {"type": a.id}))
                 for a in tracker.actions(state, config) if not a.per_player]
    order = tracker.banderole_order(state)
    controls.append(ft.Row([ft.Text(model.t("carpe-diem-ui.banderole"), size=13)] + [
        ft.Semantics(label=model.t("carpe-diem-ui.banderole_entry", rank=k + 1, player=names[p],
                                   space=tracker.banderole_position(state, p)[0]), container=True,
                     content=ft.Container(
                         content=ft.Row([colour_dot(players[p]["colour"], 12),
                                         ft.Text(f"{k + 1}. {names[p]} ({tracker.banderole_position(state, p)[0]})",
                                                 size=13)], spacing=4, tight=True),
                         padding=ft.Padding.symmetric(horizontal=8, vertical=4), border_radius=12,
                         bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST))
        for k, p in enumerate(order)], wrap=True, spacing=6, run_spacing=4))

    # ------------------------------------------------------------ the scoring period
    if scoring and scorer is not None:
        period_rows = []
        for p, how, circle in scoring_rows(state):
            text = {"done": model.t("carpe-diem-ui.period.row_done", player=names[p], circle=circle),
                    "next": model.t("carpe-diem-ui.period.row_next", player=names[p]),
                    "waiting": model.t("carpe-diem-ui.period.row_waiting", player=names[p])}[how]
            period_rows.append(ft.Row([
                ft.Icon(ft.Icons.CHECK_CIRCLE if how == "done" else
                        ft.Icons.TOUCH_APP if how == "next" else ft.Icons.RADIO_BUTTON_UNCHECKED,
                        color=ft.Colors.PRIMARY if how != "waiting" else ft.Colors.OUTLINE, size=20),
                colour_dot(players[p]["colour"], 12),
                ft.Text(text, weight=ft.FontWeight.BOLD if how == "next" else None, expand=True)], spacing=6))
        period = [*period_rows]
        needed = needed_district_counts(state, config)
        if needed:
            counters = state["players"][scorer]["counters"]
            period.append(ft.Text(model.t("carpe-diem-ui.period.counts", player=names[scorer]), size=13))
            period += [stepper(model.t(f"carpe-diem.counter.{k}"), counters[k],
                               lambda d, k=k: model.dispatch(session.id, {"type": "adjust", "player": scorer, "counter": k,
                                                                     "delta": d}),
                               who=names[scorer], model=model) for k in needed]
        if missing:
            period.append(ft.Text(model.t("carpe-diem-ui.period.cards_missing", spaces=[str(s) for s in missing]),
                                  color=ft.Colors.ERROR))
        if advice_list:
            period.append(ft.Text(model.t("carpe-diem-ui.period.best_circles"), weight=ft.FontWeight.BOLD))
            for k, (c, option) in enumerate(advice_list[:3]):
                a, b = circles(n)[c]
                text = model.t("carpe-diem-ui.period.circle_line", circle=c, a=a, b=b, vp=f"{option.vp:+d}",
                               steps=option.steps, left=model.m(sp.items_msg(option.after.to_json())))
                period.append(ft.Semantics(
                    label=text + (" · " + model.t("carpe-diem-ui.period.recommended") if k == 0 else ""),
                    button=True, selected=c == chosen_circle, container=True,
                    content=(ft.FilledButton if c == chosen_circle else ft.OutlinedButton)(
                        content=ft.Text(text, size=13), on_click=lambda e, c=c: pick_circle(c),
                        style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=12, vertical=8)),
                        width=float("inf"))))
            period.append(ft.Text(model.t("carpe-diem-ui.period.other_circles"), size=12, italic=True))
        if chosen_circle is not None:
            advice = tracker.advice_for(state, config, scorer, chosen_circle)
            options = list(advice.options)
            index = min(chosen_option, len(options) - 1)
            period.append(ft.Text(model.t("carpe-diem-ui.period.choices", circle=chosen_circle, count=len(options)),
                                  weight=ft.FontWeight.BOLD))
            shown = options if show_all else options[:SHOWN_OPTIONS]
            if index >= len(shown):
                shown = options[:index + 1]
            for k, option in enumerate(shown):
                period.append(option_card(model, option, k, k == index,
                                          lambda k=k: set_picked((state["phase"], scorer, chosen_circle, k))))
            if len(options) > len(shown):
                period.append(ft.TextButton(model.t("carpe-diem-ui.period.show_all", count=len(options)),
                                            on_click=lambda e: set_show_all(True), height=TOUCH))
            chosen = options[index]
            # Red cards: coins may stand in for any ware, also for wares the player has.
            key = (state["phase"], scorer, chosen_circle, index)
            coins = paying[4] if paying and tuple(paying[:4]) == key else {}
            problem = None
            if coins:
                try:
                    chosen = with_coins(state, config, scorer, chosen_circle, options[index], coins)
                except (sp.PeriodError, InvalidMove) as refused:
                    problem = refused.msg
            coin_rows = coin_choices(options[index])
            if coin_rows:
                period.append(ft.Text(model.t("carpe-diem-ui.period.coins_title"), weight=ft.FontWeight.BOLD))
                period.append(ft.Text(model.t("carpe-diem-ui.period.coins_hint"), size=12))
                defaults = {r.space: dict(r.coins_for) for r in options[index].results}

                def pay_coins(space, ware, value):
                    card_coins = {**coins.get(space, defaults[space]), ware: max(0, value)}
                    set_paying((*key, {**coins, space: card_coins}))

                for space, ware, _ in coin_rows:
                    value = coins.get(space, defaults[space]).get(ware, 0)
                    period.append(stepper(
                        model.t("carpe-diem-ui.period.coins_ware", ware=item_label(model, ware), space=space), value,
                        lambda d, space=space, ware=ware, value=value: pay_coins(space, ware, value + d),
                        who=names[scorer], model=model))
                if problem is not None:
                    period.append(ft.Text(model.m(problem), color=ft.Colors.ERROR, size=13))
                elif coins:
                    period.append(ft.Text(model.t(
                        "carpe-diem-ui.period.coins_result",
                        change=", ".join(f"{model.t(f'carpe-diem.counter.{k}')} {v:+d}"
                                         for k, v in option_gain(chosen).items()) or model.t("carpe-diem-ui.period.no_change"),
                        left=model.m(sp.items_msg(chosen.after.to_json()))), size=13))
            period.append(ft.FilledButton(
                model.t("carpe-diem-ui.period.confirm", circle=chosen_circle, player=names[scorer],
                        vp=f"{chosen.vp:+d}"),
                icon=ft.Icons.CHECK, height=56, width=float("inf"), disabled=problem is not None,
                on_click=lambda e: (set_picked(None), set_show_all(False), set_paying(None),
                                    model.dispatch(session.id, score_event(scorer, chosen_circle, chosen)))))
        controls.append(ft.Card(content=ft.Container(padding=12, content=section(
            model.t("carpe-diem-ui.period.title", phase=state["phase"], player=names[scorer]), period))))

    rewards = [] if state["stage"] == "finished" else [rewards_section(
        model, session, rewards_for if rewards_for is not None else state["start_player"], set_rewards_for,
        lambda a, p: set_choosing((a, p)))]
    cards = [section(model.t("carpe-diem-ui.board.title"), [
        ft.Text(model.t("carpe-diem-ui.board.hint_missing", entered=len(entered), total=len(card_spaces(n)))
                if missing else model.t("carpe-diem-ui.board.hint_done"), size=13),
        card_board,
    ])]
    # During a scoring period the board with its circles matters more than the rewards.
    controls += cards + rewards if scoring else rewards + cards
    return ft.Column(controls, spacing=10)


REWARDS = (*tracker.LANDSCAPE_ACTIONS, *tracker.REWARD_ACTIONS, "banderole")
READOUT = ("vp", "grapes", "herbs", "chicken", "fish", "coins", "bread")


def rewards_section(model: AppModel, session, player: int, set_player, choose) -> ft.Control:
    """One-tap rewards for one player at a time: pick the player once, then tap what they built."""
    state, config = session.state, session.config
    names = [p["name"] for p in config["players"]]
    offered = {a.id: a for a in tracker.actions(state, config) if a.per_player}
    chips = ft.Row([
        ft.Semantics(label=model.t("carpe-diem-ui.rewards.player", player=name), button=True, selected=i == player,
                     container=True,
                     content=(ft.FilledButton if i == player else ft.OutlinedButton)(
                         content=ft.Row([colour_dot(config["players"][i]["colour"], 12), ft.Text(name)], tight=True,
                                        spacing=6), height=TOUCH, on_click=lambda e, i=i: set_player(i)))
        for i, name in enumerate(names)], wrap=True, spacing=6, run_spacing=6)
    counters = state["players"][player]["counters"]
    readout = ft.Semantics(
        label=model.t("carpe-diem-ui.rewards.readout", player=names[player], values=[
            f"{model.t(f'carpe-diem.counter.{k}')} {counters[k]}" for k in READOUT]), container=True,
        content=ft.Text(" · ".join(f"{model.t(f'carpe-diem-ui.short.{k}')} {counters[k]}" for k in READOUT), size=13))

    def tap(action):
        if action.value_choices:
            choose(action.id, player)
        else:
            model.dispatch(session.id, {"type": action.id, "player": player})

    buttons = ft.ResponsiveRow([
        ft.Semantics(label=model.t("carpe-diem-ui.rewards.button", action=model.m(offered[k].label), player=names[player]),
                     button=True, container=True,
                     content=ft.OutlinedButton(content=ft.Text(model.m(offered[k].label), text_align=ft.TextAlign.CENTER,
                                                               max_lines=3, size=13),
                                               on_click=lambda e, a=offered[k]: tap(a), height=56,
                                               style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=6))),
                     col={"xs": 6, "md": 4})
        for k in REWARDS if k in offered], spacing=6, run_spacing=6)
    return ft.Card(content=ft.Container(padding=12, content=section(model.t("carpe-diem-ui.rewards.title"), [
        chips, readout, buttons])))


def option_card(model: AppModel, option: sp.Option, rank: int, selected: bool, on_pick) -> ft.Control:
    """One choice at the circle: what it gives now, what it leaves, the decisions, each card's outcome."""
    head = model.t("carpe-diem-ui.period.option_head", vp=f"{option.vp:+d}", steps=option.steps)
    changes = option_gain(option)
    lines = [
        ft.Row([ft.Icon(ft.Icons.RADIO_BUTTON_CHECKED if selected else ft.Icons.RADIO_BUTTON_UNCHECKED,
                        color=ft.Colors.PRIMARY),
                ft.Text(head, weight=ft.FontWeight.BOLD, expand=True),
                *([ft.Container(ft.Text(model.t("carpe-diem-ui.period.recommended"), size=12),
                                padding=ft.Padding.symmetric(vertical=2, horizontal=8), border_radius=10,
                                bgcolor=ft.Colors.TERTIARY_CONTAINER)] if rank == 0 else [])]),
        ft.Text(model.t("carpe-diem-ui.period.decisions",
                        choices=[model.m(m) for m in option_choices(option)] or model.t("carpe-diem-ui.period.no_choice")),
                size=13),
        ft.Text(model.t("carpe-diem-ui.period.storage_change",
                        change=", ".join(f"{model.t(f'carpe-diem.counter.{k}')} {v:+d}" for k, v in changes.items())
                        or model.t("carpe-diem-ui.period.no_change"),
                        left=model.m(sp.items_msg(option.after.to_json()))), size=13),
        *[ft.Text(model.m(r.explain()), size=12, color=ft.Colors.ON_SURFACE_VARIANT) for r in option.results],
    ]
    label = model.t("carpe-diem-ui.period.option_label", rank=rank + 1, head=head)
    return ft.Semantics(label=label, button=True, selected=selected, container=True, content=ft.Container(
        padding=10, border_radius=8, on_click=lambda e: on_pick(),
        border=ft.Border.all(2 if selected else 1, ft.Colors.PRIMARY if selected else ft.Colors.OUTLINE_VARIANT),
        bgcolor=ft.Colors.SECONDARY_CONTAINER if selected else None,
        content=ft.Column(lines, spacing=2)))
