"""Serve Tabula in Flet's web mode (offline: CanvasKit and fonts from the local flet-web)."""

from __future__ import annotations

import socket
import sys
from pathlib import Path

import flet as ft

from companion.config import PROJECT_DIR
from companion.games import GAMES
from companion.storage import Repository
from companion.storage.lock import DataFolderBusy, DataLock, LockError

ASSETS = PROJECT_DIR / "assets"


def lan_address() -> str | None:
    """This machine's own non-loopback IPv4 address, read from its interfaces (no traffic is sent)."""
    candidates = []
    try:
        candidates += [info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)]
    except OSError:
        pass
    candidates += _interface_addresses()
    return next((a for a in candidates if not a.startswith("127.")), None)


def _interface_addresses() -> list[str]:
    """IPv4 address of each network interface (Linux SIOCGIFADDR; elsewhere nothing)."""
    try:
        import fcntl
        import struct
    except ImportError:
        return []
    found = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        for _, name in socket.if_nameindex():
            try:
                packed = fcntl.ioctl(s.fileno(), 0x8915, struct.pack("256s", name.encode()[:15]))
                found.append(socket.inet_ntoa(packed[20:24]))
            except OSError:
                continue  # an interface without an IPv4 address
    return found


def serve(host: str, port: int, data_dir: Path, lan: bool = False) -> int:
    from companion.ui.app import make_main

    if lan:
        address = lan_address()
        if address is None:
            print("error: no LAN address found on this machine; use --host to choose one")
            return 2
        host = address
    # Before the Repository opens the folder (opening may move damaged files aside); held while serving,
    # and the kernel drops it if the process dies.
    try:
        lock = DataLock(data_dir).acquire("server", f"http://{host}:{port}/")
    except DataFolderBusy as busy:
        print(f"error: {busy.for_server()}", file=sys.stderr)
        return 2
    except LockError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    repo = Repository(data_dir, GAMES)
    for notice in repo.notices:
        print("warning:", notice.render("en"))
    print(f"Tabula is running at http://{host}:{port}/  (data: {data_dir})", flush=True)
    ft.run(make_main(repo), view=ft.AppView.WEB_BROWSER, host=host, port=port, no_cdn=True,
           assets_dir=str(ASSETS))
    lock.release()
    return 0
