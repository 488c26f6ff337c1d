"""What Carpe Diem's screens share: the feature kinds' icons and colours, their names, a kind as a chip,
and a choice among buttons (the selected one filled)."""

from __future__ import annotations

import flet as ft

from companion.ui.view import GameView
from companion.ui.widgets import TOUCH, Texts

NS = "carpe-diem-ui"

KIND_ICONS = {
    "villa": ft.Icons.HOME, "vineyard": ft.Icons.WINE_BAR, "garden": ft.Icons.SPA, "chicken_yard": ft.Icons.EGG,
    "pond": ft.Icons.WATER, "merchant": ft.Icons.STOREFRONT, "baker": ft.Icons.BAKERY_DINING,
    "administrator": ft.Icons.ACCOUNT_BALANCE, "craftsman": ft.Icons.HANDYMAN, "market": ft.Icons.SHOPPING_BASKET,
    "bakery": ft.Icons.BREAKFAST_DINING, "fountain": ft.Icons.WATER_DROP,
}
# Mid tones: at least 3.5:1 against the light and the dark theme's background (icons and borders drawn on
# it) and against the white icon and word of a chosen palette tile.
KIND_COLOURS = {
    "villa": "#b34c36", "vineyard": "#9f3adc", "garden": "#2e7d32", "chicken_yard": "#b26a00", "pond": "#226bca",
    "merchant": "#007d6e", "baker": "#9a6240", "administrator": "#56707c", "craftsman": "#7d6a60",
    "market": "#d32b2b", "bakery": "#ad5a00", "fountain": "#0277bd",
}


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def item_label(view: GameView, item: str) -> str:
    """A ware, coins, bread, VP or the banderole steps, as a scoring card names them."""
    return view.t(f"{NS}.item.steps") if item == "steps" else view.t(f"carpe-diem.counter.{item}")


def kind_name(view: GameView | Texts, kind: str) -> str:
    """"villa", "baker dwelling": the kind's name inside a sentence."""
    return view.t(f"carpe-diem.kind.{kind}")


def feature_name(view: GameView, features: list[dict], index: int) -> str:
    """"Villa 2": the feature's kind and its place among those of its kind."""
    kind = features[index]["kind"]
    return f"{cap(kind_name(view, kind))} {sum(1 for f in features[:index + 1] if f['kind'] == kind)}"


def kind_chip(label: str, text: str, kind: str, on_tap, icon=None) -> ft.Control:
    """A feature kind as a tappable chip: its colour and icon, its name, optionally a trailing icon."""
    return ft.Semantics(label=label, button=True, container=True, exclude_semantics=True, content=ft.Container(
        height=TOUCH, padding=ft.Padding.symmetric(horizontal=10), border_radius=TOUCH / 2,
        border=ft.Border.all(1, KIND_COLOURS[kind]), on_click=lambda e: on_tap(),
        content=ft.Row([ft.Icon(KIND_ICONS[kind], color=KIND_COLOURS[kind], size=18), ft.Text(text, size=13),
                        *([ft.Icon(icon, size=16)] if icon else [])], tight=True, spacing=6)))


def choice(label: str, text: str, selected: bool, on_click, width: float | None = None,
           expand: bool | None = None) -> ft.Control:
    """One of a few choices: filled when it is the one chosen, named for screen readers."""
    return ft.Semantics(label=label, button=True, selected=selected, container=True,
                        content=(ft.FilledButton if selected else ft.OutlinedButton)(
                            text, width=width, height=TOUCH, expand=expand, on_click=lambda e: on_click(),
                            style=ft.ButtonStyle(padding=0) if width is not None and width <= TOUCH + 8 else None))


def quiet(text: str) -> ft.Control:
    """A line that explains rather than tells (in the variant colour, 4.5:1 and more in both themes)."""
    return ft.Text(text, size=12, color=ft.Colors.ON_SURFACE_VARIANT)
