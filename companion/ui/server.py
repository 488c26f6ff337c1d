"""Serve Tabula in Flet's web mode (offline: CanvasKit and fonts from the local flet-web)."""

from __future__ import annotations

import io
import re
import secrets
import socket
import sys
from pathlib import Path

import flet as ft

from companion.core.saving import in_one_line
from companion.games import GAMES
from companion.resources import ASSETS_DIR, user_cache_dir
from companion.storage import Repository
from companion.storage.atomic import write_atomic
from companion.storage.lock import DataFolderBusy, DataLock, LockError

TOKEN_FILE = "table-token"
_TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{16,128}")


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


def table_token(data_dir: Path, renew: bool = False) -> str:
    """The table token, kept in the data folder so that phones which joined stay joined when the host
    restarts the server (after a crash, say); `renew` replaces it and every phone must scan again.
    Created on first need; readable by the owner only (mkstemp's 0600, kept by the rename)."""
    path = Path(data_dir) / TOKEN_FILE
    if not renew:
        try:
            token = path.read_text(encoding="ascii", errors="replace").strip()
        except FileNotFoundError:
            token = ""
        if _TOKEN_SHAPE.fullmatch(token):
            if path.stat().st_mode & 0o077:
                path.chmod(0o600)  # e.g. copied over with a backup: others must not read it
            return token
        if token:
            print(f"warning: {path.name} in the data folder did not hold a valid token; made a new one "
                  "(every phone must scan the QR code again)")
    token = make_token()
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, token + "\n")
    return token


def make_token() -> str:
    """token_urlsafe(16) drawn until it has no '-' (about 127 random bits). The invite screen's large
    URL may wrap after a hyphen, and someone typing it would take that for a line-break hyphen."""
    while True:
        token = secrets.token_urlsafe(16)
        if "-" not in token:
            return token


def invite_url(host: str, port: int, token: str) -> str:
    shown = f"[{host}]" if ":" in host else host  # an IPv6 address needs brackets in a URL
    return f"http://{shown}:{port}/?t={token}"


def print_invite(url: str, out=None) -> None:
    """The invite URL and a text QR code of it (half blocks, no colour codes: fine in logs too)."""
    import segno

    out = out or sys.stdout
    text = io.StringIO()
    segno.make(url, error="m").terminal(out=text, compact=True)
    print(f"Phones at the table: scan this QR code or open {url}", file=out)
    try:  # asked first: an output stream set to replace what it cannot encode would print escapes
        "█▀▄".encode(getattr(out, "encoding", None) or "utf-8")
    except (UnicodeEncodeError, LookupError):
        print("(this console cannot show the QR code; the Invite players screen in the app shows it)", file=out)
    else:
        out.write(text.getvalue())
    out.flush()


def served_assets() -> Path:
    """Tabula's assets with Flet's web client rewritten to ask no other site (companion.ui.web_client)."""
    from flet_web import get_package_web_dir

    from companion.ui.web_client import ClientChanged, serving_folder

    try:
        return serving_folder(ASSETS_DIR, Path(get_package_web_dir()), user_cache_dir())
    except (OSError, ClientChanged) as error:
        print(f"warning: Flet's web client is served as it is, and asks a CDN for a script at start: {error}",
              file=sys.stderr)
        return ASSETS_DIR


def serve(host: str, port: int, data_dir: Path, lan: bool = False, require_token: bool = False,
          new_token: bool = False) -> int:
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
    try:  # opening writes what is missing (a new folder's files) and moves damaged files aside
        repo = Repository(data_dir, GAMES)
    except OSError as error:
        print(f"error: cannot write to the data folder {data_dir}: {in_one_line(error)}", file=sys.stderr)
        return 2
    for notice in repo.notices:
        print("warning:", notice.render("en"))
    invite = None
    if lan or require_token:
        from companion.ui.screens.invite import InviteInfo

        try:
            token = table_token(data_dir, renew=new_token)
        except OSError as error:
            print(f"error: cannot keep the table token in {data_dir}: {error.strerror or error}", file=sys.stderr)
            return 2
        invite = InviteInfo(invite_url(host, port, token), token)
    print(f"Tabula is running at http://{host}:{port}/  (data: {data_dir})", flush=True)
    if invite is not None:
        print_invite(invite.url)
    from companion.storage.export import MAX_IMPORT_BYTES
    from companion.ui.uploads import Uploads

    uploads = Uploads.start(MAX_IMPORT_BYTES)
    ft.run(make_main(repo, invite=invite, uploads=uploads), view=ft.AppView.WEB_BROWSER, host=host, port=port,
           no_cdn=True, assets_dir=str(served_assets()), upload_dir=str(uploads.folder))
    lock.release()
    return 0
