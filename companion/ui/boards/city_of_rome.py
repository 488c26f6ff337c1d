"""City of Rome's end-scoring entry: the 4 × 4 city grid, money, influence tokens and cards."""

from __future__ import annotations

import copy

import flet as ft

from companion.games.city_of_rome.cards import CARDS, HOUSE, PUBLIC, PRODUCTION, AQUEDUCT, TEMPLE, copies_in_play
from companion.games.city_of_rome.cards import influence_cards
from companion.ui.model import AppModel
from companion.ui.widgets import TOUCH, stepper

KIND_ICONS = {HOUSE: ft.Icons.HOUSE, PUBLIC: ft.Icons.ACCOUNT_BALANCE, PRODUCTION: ft.Icons.AGRICULTURE,
              AQUEDUCT: ft.Icons.WATER, TEMPLE: ft.Icons.TEMPLE_BUDDHIST}
KIND_TINT = {HOUSE: "#f3d9a4", PUBLIC: "#cfd8e3", PRODUCTION: "#d4e7c5", AQUEDUCT: "#bfe3ef", TEMPLE: "#e6d3ee"}
KIND_ORDER = (HOUSE, PUBLIC, AQUEDUCT, PRODUCTION, TEMPLE)
CELL = 76


def cell_card(cell):
    if cell is None:
        return None, 0
    if isinstance(cell, str):
        return cell, 0
    return cell.get("card"), cell.get("vp_markers", 0)


@ft.component
def CityOfRomeBoard(model: AppModel, board: dict, player: int, on_change):
    picking, set_picking = ft.use_state(None)  # (row, column) whose card is being chosen
    me = board["players"][player]
    count = len(board["players"])

    def update(fn):
        new = copy.deepcopy(board)
        fn(new["players"][player])
        on_change(new)

    def set_cell(r, c, value):
        def change(p):
            p["city"][r][c] = value
        update(change)

    def cell_view(r, c):
        card_id, markers = cell_card(me["city"][r][c])
        card = CARDS.get(card_id)
        name = model.t(f"city-of-rome.card.{card_id}") if card else model.t("city-of-rome.board.empty")
        if card and card.public_type == "therme":
            name += " " + model.t("city-of-rome.board.markers_short", markers=markers)
        body = [ft.Icon(KIND_ICONS[card.kind], size=18, color="#333333"),
                ft.Text(model.t(f"city-of-rome.short.{card_id}") + (f" +{markers}" if card.public_type == "therme" else ""),
                        size=11, text_align=ft.TextAlign.CENTER, color="#222222", max_lines=2)] if card else [
            ft.Icon(ft.Icons.ADD, size=18, color=ft.Colors.OUTLINE)]
        return ft.Semantics(
            label=model.t("city-of-rome.board.cell", row=r + 1, column=c + 1, card=name), button=True, container=True,
            content=ft.Container(
                width=CELL, height=CELL, border_radius=6, padding=2,
                bgcolor=KIND_TINT[card.kind] if card else None,
                border=ft.Border.all(1, ft.Colors.OUTLINE),
                alignment=ft.Alignment.CENTER,
                on_click=lambda e: set_picking((r, c)),
                content=ft.Column(body, spacing=0, alignment=ft.MainAxisAlignment.CENTER,
                                  horizontal_alignment=ft.CrossAxisAlignment.CENTER),
            ),
        )

    dialog = None
    if picking is not None:
        r, c = picking
        current, markers = cell_card(me["city"][r][c])

        def choose(card_id):
            set_picking(None)
            if card_id is None:
                set_cell(r, c, None)
            elif CARDS[card_id].public_type == "therme":
                set_cell(r, c, {"card": card_id, "vp_markers": markers if current == card_id else 0})
            else:
                set_cell(r, c, card_id)

        def step_markers(delta):
            set_cell(r, c, {"card": current, "vp_markers": max(0, markers + delta)})

        groups = []
        if current and CARDS[current].public_type == "therme":
            groups.append(stepper(model.t("city-of-rome.board.vp_markers"), markers, step_markers,
                                  who=model.t("city-of-rome.board.pick_card", row=r + 1, column=c + 1), model=model))
            groups.append(ft.Divider())
        for kind in KIND_ORDER:
            buttons = [
                ft.Semantics(label=model.t(f"city-of-rome.card.{cid}"), button=True, selected=cid == current,
                             container=True,
                             content=(ft.FilledButton if cid == current else ft.OutlinedButton)(
                                 model.t(f"city-of-rome.card.{cid}"), on_click=lambda e, cid=cid: choose(cid),
                                 height=TOUCH))
                for cid, card in CARDS.items() if card.kind == kind and copies_in_play(card, count) > 0
            ]
            groups += [ft.Text(model.t(f"city-of-rome.kind.{kind}"), weight=ft.FontWeight.BOLD),
                       ft.Row(buttons, wrap=True, spacing=6, run_spacing=6)]
        dialog = ft.AlertDialog(
            title=ft.Text(model.t("city-of-rome.board.pick_card", row=r + 1, column=c + 1)),
            content=ft.Column(groups, scroll=ft.ScrollMode.AUTO, tight=True, width=520, height=480),
            actions=[ft.TextButton(model.t("city-of-rome.board.empty"), on_click=lambda e: choose(None)),
                     ft.TextButton(model.t("ui.close"), on_click=lambda e: set_picking(None))],
            on_dismiss=lambda e: set_picking(None),
        )
    ft.use_dialog(dialog)

    def set_value(key, delta):
        def change(p):
            p[key] = max(0, p[key] + delta)
        update(change)

    def toggle_card(value):
        def change(p):
            p["influence_cards"] = sorted(set(p["influence_cards"]) ^ {value})
        update(change)

    owned_elsewhere = {v for i, p in enumerate(board["players"]) if i != player for v in p["influence_cards"]}
    card_chips = [
        ft.Chip(label=ft.Text(str(v)), selected=v in me["influence_cards"], on_select=lambda e, v=v: toggle_card(v),
                disabled=v in owned_elsewhere,
                tooltip=model.t("city-of-rome.board.influence_card", value=v))
        for v in influence_cards(count)
    ]
    return ft.Column([
        ft.Text(model.t("city-of-rome.board.grid_hint"), size=13),
        ft.Column([ft.Row([cell_view(r, c) for c in range(4)], spacing=4) for r in range(4)], spacing=4),
        stepper(model.t("city-of-rome.board.money"), me["money"], lambda d: set_value("money", d),
                who=me["name"], model=model, steps=(1, 5)),
        stepper(model.t("city-of-rome.board.influence_tokens"), me["influence_tokens"],
                lambda d: set_value("influence_tokens", d), who=me["name"], model=model),
        ft.Text(model.t("city-of-rome.board.influence_cards")),
        ft.Row(card_chips, wrap=True),
    ], spacing=10)
