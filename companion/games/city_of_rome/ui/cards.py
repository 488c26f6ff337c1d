"""City of Rome's cards as the screens draw them: each kind in its colour with its icon and its name.

The four public-building kinds have the rulebook's colours (Markt green, Arena red, Schule yellow,
Therme blue: "Grenzt ... 2x Blau und je 1x Rot und Gelb" in the final-scoring example) and an icon
each, since district scores depend on how many of them touch a district.
"""

from __future__ import annotations

import flet as ft

from companion.games.city_of_rome.cards import AQUEDUCT, CARDS, HOUSE, PRODUCTION, PUBLIC, TEMPLE

KIND_ICONS = {HOUSE: ft.Icons.HOUSE, PRODUCTION: ft.Icons.AGRICULTURE, AQUEDUCT: ft.Icons.WATER,
              TEMPLE: ft.Icons.TEMPLE_BUDDHIST}
KIND_TINT = {HOUSE: "#f5deb3", PRODUCTION: "#d7ccc8", AQUEDUCT: "#b2ebf2", TEMPLE: "#e1d5e7"}
PUBLIC_ICONS = {"market": ft.Icons.STOREFRONT, "arena": ft.Icons.STADIUM, "school": ft.Icons.SCHOOL,
                "therme": ft.Icons.HOT_TUB}
PUBLIC_COLOURS = {"market": "#2e7d32", "arena": "#c62828", "school": "#f5c400", "therme": "#1565c0"}
DARK_TEXT, LIGHT_TEXT = "#262626", "#ffffff"
TILE_W, TILE_H = 68, 56  # five a row on a phone; a name ("Getreidehof") in up to two lines under the icon


def card_style(card_id: str) -> tuple[str, str, str]:
    """(background colour, text colour, icon) of a card: public buildings in their colour."""
    card = CARDS[card_id]
    if card.kind == PUBLIC:
        colour = PUBLIC_COLOURS[card.public_type]
        return colour, DARK_TEXT if card.public_type == "school" else LIGHT_TEXT, PUBLIC_ICONS[card.public_type]
    return KIND_TINT[card.kind], DARK_TEXT, KIND_ICONS[card.kind]


def has_stars(card_ids) -> bool:
    return any(CARDS[c].stars for c in card_ids)


def star_hint(texts) -> ft.Control:
    """What the "*" after a card's name means, shown wherever such names are."""
    return ft.Row([ft.Icon(ft.Icons.STAR_OUTLINE, size=16, color=ft.Colors.ON_SURFACE_VARIANT),
                   ft.Text(texts.t("city-of-rome.board.star_hint"), size=12, color=ft.Colors.ON_SURFACE_VARIANT,
                           expand=True)], spacing=6, vertical_alignment=ft.CrossAxisAlignment.START)


def card_face(texts, card_id: str, icon_size: int = 16, text_size: int = 11) -> ft.Control:
    """A card's icon with its name under it (two lines at most), in its kind's colours."""
    bg, fg, icon = card_style(card_id)
    return ft.Column([ft.Icon(icon, size=icon_size, color=fg),
                      ft.Text(texts.t(f"city-of-rome.short.{card_id}"), size=text_size, color=fg, max_lines=2,
                              text_align=ft.TextAlign.CENTER, weight=ft.FontWeight.W_500)],
                     spacing=0, alignment=ft.MainAxisAlignment.CENTER,
                     horizontal_alignment=ft.CrossAxisAlignment.CENTER)


def card_tile(texts, card_id: str, on_click, chosen: bool = False, label: str | None = None) -> ft.Control:
    """A card to pick (the palette, the Build dialog), named by the card's full name or by `label`."""
    body = card_face(texts, card_id)
    if chosen:  # a tick as well as the frame: the frame alone is hard to see on a dark tile
        body = ft.Stack([ft.Container(body, alignment=ft.Alignment.CENTER, expand=True),
                         ft.Container(ft.Icon(ft.Icons.CHECK, size=12, color=ft.Colors.ON_SURFACE),
                                      width=16, height=16, border_radius=8, bgcolor=ft.Colors.SURFACE,
                                      alignment=ft.Alignment.CENTER, left=0, top=0)], expand=True)
    return ft.Semantics(
        label=label or texts.t(f"city-of-rome.card.{card_id}"), button=True, selected=chosen, container=True,
        exclude_semantics=True,
        content=ft.Container(
            width=TILE_W, height=TILE_H, border_radius=6, padding=1, bgcolor=card_style(card_id)[0],
            # the same width chosen or not: the tiles never move
            border=ft.Border.all(3, ft.Colors.ON_SURFACE if chosen else "#00000014"),
            on_click=on_click, content=body,
        ),
    )


def mini_card(card_id: str | None, markers: int = 0) -> ft.Control:
    """A card of the city on the tracker card: its colour and icon (a therme's markers beside it)."""
    if card_id is None:
        return ft.Container(width=34, height=28)
    bg, fg, icon = card_style(card_id)
    body = ft.Row([ft.Icon(icon, size=14, color=fg),
                   *([ft.Text(str(markers), size=10, color=fg, weight=ft.FontWeight.BOLD)]
                     if CARDS[card_id].public_type == "therme" else [])],
                  spacing=0, tight=True, alignment=ft.MainAxisAlignment.CENTER)
    return ft.Container(body, width=34, height=28, bgcolor=bg, border_radius=4, alignment=ft.Alignment.CENTER,
                        border=ft.Border.all(1, "#00000033"))
