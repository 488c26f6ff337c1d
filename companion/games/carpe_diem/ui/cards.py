"""The scoring cards as they lie on the board, entered once (now or at the first scoring): twelve card
spaces in four rows of three, the scoring circles between them. A card space opens the card's editor
(letter, requirement, reward); during a scoring period a free circle shows what it gives the player on
turn, and a tap picks it."""

from __future__ import annotations

import flet as ft

from companion.games.carpe_diem import cards
from companion.games.carpe_diem import scoring_period as sp
from companion.games.carpe_diem.components import card_spaces, circles
from companion.games.carpe_diem.ui.look import NS, choice, item_label, quiet
from companion.ui.latest import use_latest
from companion.ui.view import Dispatch, GameView
from companion.ui.widgets import PLAYER_COLOURS, TOUCH, ink_on, section, stepper

CARD_W, CARD_H, GAP = 84, 84, 48


@ft.component
def CardBoard(view: GameView, dispatch: Dispatch, advice: list, chosen: int | None, pick):
    # (card space, draft) of the card being entered; the taps act on it as the taps before them left it
    editing, set_editing, latest = use_latest(None)
    state, players = view.state, len(view.names)

    def change(edit) -> None:  # `edit(draft)`: the draft a tap makes of the latest one (+1 twice is +2)
        if latest() is not None:
            set_editing((latest()[0], edit(latest()[1])))
    ft.use_dialog(card_dialog(view, dispatch, *editing, change, lambda: set_editing(None), latest)
                  if editing is not None else None)

    def open_card(space: int) -> None:
        set_editing((space, cards.draft_from_card(state["cards"].get(str(space)))))

    best = dict(advice)
    rows: dict[int, list] = {}
    for r, c, what, number in cards.board_cells(players):
        w, h = (CARD_W if c % 2 == 0 else GAP), (CARD_H if r % 2 == 0 else GAP)
        if what == "card":
            cell = card_tile(view, number, chosen, lambda number=number: open_card(number))
        elif what == "circle":
            cell = circle_tile(view, number, w, h, best.get(number), chosen, pick)
        else:
            cell = ft.Container(width=w, height=h, border_radius=6,
                                border=ft.Border.all(1, "#33888888") if what == "empty" else None)
        rows.setdefault(r, []).append(cell)
    missing = cards.missing_spaces(state, players)
    return section(view.t(f"{NS}.board.title"), [
        ft.Text(view.t(f"{NS}.board.hint_missing", entered=len(state["cards"]), total=len(card_spaces(players)))
                if missing else view.t(f"{NS}.board.hint_done"), size=13),
        ft.Column([ft.Row(cells, spacing=0, alignment=ft.MainAxisAlignment.CENTER) for _, cells in sorted(rows.items())],
                  spacing=0)])


def amounts(view: GameView, items: dict) -> str:
    return view.m(sp.join_plus([sp.item_msg(k, n) for k, n in items.items()]))


def card_tile(view: GameView, space: int, chosen: int | None, on_tap) -> ft.Control:
    """A card as printed: its letter, what it asks for and what it gives, red (pay) or green (own)."""
    data = view.state["cards"].get(str(space))
    if data:
        card = sp.card_from_json(data)
        label = view.t(f"{NS}.board.card", space=space, card=view.m(sp.card_msg(card)))
        body = ft.Column([
            ft.Row([ft.Text(card.letter, weight=ft.FontWeight.BOLD, size=16, color="#222222"),
                    ft.Text(str(space), size=10, color="#555555")], alignment=ft.MainAxisAlignment.SPACE_BETWEEN),
            ft.Text(amounts(view, dict(card.requirement)), size=10, color="#222222", max_lines=2,
                    overflow=ft.TextOverflow.ELLIPSIS),
            ft.Text("» " + amounts(view, dict(card.reward)), size=10, color="#222222", max_lines=2,
                    weight=ft.FontWeight.BOLD, overflow=ft.TextOverflow.ELLIPSIS),
        ], spacing=0, tight=True)
        bg = "#f4c7c0" if card.mode == sp.PAY else "#cfe8c6"
    else:
        label = view.t(f"{NS}.board.card_missing", space=space)
        body = ft.Column([ft.Text(str(space), size=10), ft.Icon(ft.Icons.ADD, color=ft.Colors.OUTLINE)],
                         horizontal_alignment=ft.CrossAxisAlignment.CENTER, tight=True)
        bg = None
    lit = chosen is not None and space in circles(len(view.names))[chosen]
    return ft.Semantics(label=label, button=True, container=True, content=ft.Container(
        width=CARD_W, height=CARD_H, padding=4, border_radius=6, bgcolor=bg,
        border=ft.Border.all(3 if lit else 1, ft.Colors.PRIMARY if lit else ft.Colors.OUTLINE),
        alignment=ft.Alignment.CENTER if not data else None, on_click=lambda e: on_tap(), content=body))


def circle_tile(view: GameView, number: int, width: float, height: float, option, chosen: int | None,
                pick) -> ft.Control:
    """A scoring circle: taken (the player's colour, locked), or free with what it gives the player on turn."""
    a, b = circles(len(view.names))[number]
    taken = view.state["circles_used"].get(str(number))
    on_click = None
    if taken:
        colour = view.colours[taken["player"]]
        label = view.t(f"{NS}.board.circle_used", circle=number, player=view.names[taken["player"]],
                       phase=taken["phase"])
        inner = ft.Container(width=30, height=30, border_radius=15, bgcolor=PLAYER_COLOURS.get(colour, "#999999"),
                             border=ft.Border.all(1, "#555555"), alignment=ft.Alignment.CENTER,
                             content=ft.Icon(ft.Icons.LOCK, size=14, color=ink_on(colour)))
    else:
        selected = number == chosen
        label = (view.t(f"{NS}.board.circle_best", circle=number, a=a, b=b, vp=f"{option.vp:+d}") if option is not None
                 else view.t(f"{NS}.board.circle_free", circle=number, a=a, b=b))
        inner = ft.Container(
            width=36, height=36, border_radius=18, alignment=ft.Alignment.CENTER, border=ft.Border.all(2, ft.Colors.PRIMARY),
            bgcolor=ft.Colors.PRIMARY if selected else ft.Colors.SURFACE,
            content=ft.Text(f"{option.vp:+d}" if option is not None else str(number), size=11, weight=ft.FontWeight.BOLD,
                            color=ft.Colors.ON_PRIMARY if selected else None))
        if option is not None and pick is not None:
            on_click = lambda e: pick(number)  # noqa: E731
    return ft.Semantics(label=label, button=on_click is not None, selected=number == chosen, container=True,
                        content=ft.Container(width=width, height=height, alignment=ft.Alignment.CENTER,
                                             on_click=on_click, content=inner))


def card_dialog(view: GameView, dispatch: Dispatch, space: int, draft: dict, change, close, latest) -> ft.AlertDialog:
    """The card on `space` as printed on it: its letter, then what one set asks for and what it gives.
    `change(edit)` applies a tap to the draft as the taps before it left it; Save saves that draft."""
    card, problem = cards.draft_card(draft)
    letter = draft["letter"]
    if card:
        preview = ft.Text(view.m(sp.card_msg(sp.card_from_json(card))), weight=ft.FontWeight.BOLD)
    elif not draft["requirement"] and not draft["reward"]:  # nothing entered yet: what to do, not an error
        preview = quiet(view.t(f"{NS}.card.to_fill"))
    else:  # after an entry: what is still wrong, as a sentence
        said = view.m(problem)
        preview = ft.Text(said[:1].upper() + said[1:], color=ft.Colors.ERROR, size=13)

    def save(e) -> None:  # the draft as tapped (a last +1 may be on its way): not saved if it is no card
        tapped = cards.draft_card(latest()[1])[0] if latest() is not None else None
        if tapped is not None:
            dispatch({"type": "set_card", "space": space, "card": tapped}, then=lambda saved: close())

    def clear(e) -> None:
        close()
        dispatch({"type": "set_card", "space": space, "card": None})

    actions = [ft.TextButton(view.t("ui.cancel"), on_click=lambda e: close(), height=TOUCH)]
    if str(space) in view.state["cards"]:
        actions.append(ft.TextButton(view.t(f"{NS}.card.clear"), on_click=clear, height=TOUCH))
    actions.append(ft.FilledButton(view.t(f"{NS}.card.save"), on_click=save, disabled=card is None, height=TOUCH))
    return ft.AlertDialog(
        modal=True, title=ft.Text(view.t(f"{NS}.card.title", space=space)), actions=actions,
        on_dismiss=lambda e: close(),
        # 16 px from a phone's edges (Flutter's 40): a stepper with its +5 leaves its item's name one line
        inset_padding=ft.Padding.symmetric(horizontal=16, vertical=24),
        content=ft.Column([
            ft.Row([choice(view.t(f"{NS}.card.letter", letter=x), x, x == letter,
                           lambda x=x: change(lambda d: cards.draft_set_letter(d, x)), width=56) for x in sp.LETTERS],
                   spacing=6),
            ft.Text(view.t(f"{NS}.card.mode_pay" if letter in "AB" else f"{NS}.card.mode_own"), size=13, italic=True),
            *part_editor(view, draft, "requirement", cards.ALLOWED[letter], change),
            *part_editor(view, draft, "reward", sp.REWARD_ITEMS, change),
            ft.Divider(), preview,
        ], scroll=ft.ScrollMode.AUTO, tight=True, width=480, spacing=8))


def part_editor(view: GameView, draft: dict, part: str, allowed: tuple[str, ...], change) -> list[ft.Control]:
    """A -/+ per item entered, and a chip per item that can be added. On an A card, which asks for one ware,
    another ware takes the place of the one there: its chip says so."""
    values, who = draft[part], view.t(f"{NS}.card.{part}")
    # VP go up to 8 on a card: +5 beside +1 (8 is three taps after the first, not seven)
    rows = [stepper(item_label(view, k), v,
                    lambda step, k=k: change(lambda d: cards.draft_set(d, part, k, d[part].get(k, 0) + step)),
                    who=who, model=view, steps=(1, 5) if k == "vp" else (1,)) for k, v in values.items()]
    free = [k for k in allowed if k not in values]
    replaced = next((cards.draft_replaces(draft, part, k) for k in free), None)

    def chip(k: str) -> ft.Control:
        item = item_label(view, k)
        label = (view.t(f"{NS}.card.swap_item", item=item, old=item_label(view, replaced), part=who) if replaced
                 else view.t(f"{NS}.card.add_item", item=item, part=who))
        return ft.Semantics(label=label, button=True, container=True, content=ft.OutlinedButton(
            item, height=TOUCH, on_click=lambda e: change(lambda d: cards.draft_set(d, part, k, 1))))
    hint = (view.t(f"{NS}.card.swap_hint", old=item_label(view, replaced)) if replaced
            else view.t(f"{NS}.card.add_hint"))
    return [ft.Text(who, weight=ft.FontWeight.BOLD), *rows,
            *([ft.Text(hint, size=12), ft.Row([chip(k) for k in free], wrap=True, spacing=6, run_spacing=6)]
              if free else [])]
