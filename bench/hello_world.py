"""The baseline for the start-up benchmark: a minimal Flet app served exactly as Tabula is
(web mode, no_cdn, 127.0.0.1). Usage: python bench/hello_world.py PORT"""

import sys

import flet as ft


def main(page: ft.Page) -> None:
    page.title = "Hello"
    page.add(ft.Text("Hello, world!"))


if __name__ == "__main__":
    ft.run(main, view=ft.AppView.WEB_BROWSER, host="127.0.0.1", port=int(sys.argv[1]), no_cdn=True)
