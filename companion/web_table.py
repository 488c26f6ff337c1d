"""The table with no computer: phones join the game of a phone that runs the static app (issue 38).

The host phone runs Python (companion/web_main.py); a guest phone runs only the page and Flutter, whose
connection goes over a WebRTC data channel to the host (web/tabula-table.js). On the host, each guest is
one more Flet connection beside the host's own: Flet's own messages, as a server's websocket carries
them, into the same app, the same repository and the same table hub. So a guest's tap is a move applied
on the host under the game's lock and stored in the host's IndexedDB before any phone shows it, exactly
as in the server's table mode; a guest keeps no copy of any game.

The page and Python talk through the worker's messages, each an object with a `tabula` kind:
- page -> Python: `joined` / `left` (a guest's channel opened after its secret was checked, or closed),
  `frame` (a guest's Flet message), `invited` (the link of a new invite, or an `error`), `answered`
  (the answer's phone joined; or an `error`: not an answer, an old one, no camera, the phones cannot
  reach each other, or a phone presented a wrong secret, which spends the invite);
- Python -> page: `invite` (a new invite: offer and one-time secret), `answer` (a pasted answer's
  `code`), `scan` (read an answer with the camera, `labels` in the app's language), `stop` (no more
  joining: pending invites dropped), `frame` (a Flet message to `guest`).
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from typing import Any, Callable

from flet.messaging.connection import Connection
from flet.messaging.pyodide_connection import PyodideConnection

log = logging.getLogger("tabula.table")
GUESTS = 5  # phones besides the host: four players and onlookers (the games take 2-4 players)

# A guest's Flet message to the page (the worker's postMessage), its bytes moved, not copied.
POST_FRAME = """
(guest, message) => {
  const data = message.toJs();
  self.postMessage({ tabula: "frame", guest, data }, [data.buffer]);
}
"""


class GuestConnection(PyodideConnection):
    """One guest phone's Flet connection on the host: what PyodideConnection does for the host's own
    page, for messages that come and go through the page's data channel instead of the worker's own.
    It shares the host connection's pubsub, so every screen of a game hears the others' changes."""

    def __init__(self, host: PyodideConnection, guest: int, send: Callable[[bytes], None]):
        Connection.__init__(self)  # not PyodideConnection's: that one takes the worker's connection over
        self.guest = guest
        self._PyodideConnection__receive_queue = asyncio.Queue()
        self._PyodideConnection__on_session_created = host._PyodideConnection__on_session_created
        self._PyodideConnection__before_main = host._PyodideConnection__before_main
        self._PyodideConnection__running_tasks = set()
        self._data_channels = {}
        self.local_data_transport = False
        self.pubsubhub = host.pubsubhub
        self.loop = asyncio.get_running_loop()
        self.page_url = host.page_url
        self.send_callback = send
        self.session = None
        self.model = None  # its session's AppModel (companion/web_main.py): which players it says it is
        self._receiving = asyncio.create_task(self.receive_loop())

    def close(self) -> None:
        """The guest left: its session ends (its pubsub subscriptions with it)."""
        self._receiving.cancel()
        if self.session is not None:
            self.session.close()


@dataclass
class HostTable:
    """The host phone's side: its guests, and the invite under way (for the Invite screen)."""

    host: PyodideConnection
    post: Callable[[dict], None]  # an object to the page
    attach: Callable[[Connection], None] = lambda connection: None  # holds its messages until stored
    guests: dict[int, GuestConnection] = field(default_factory=dict)
    joining: bool = False  # an invite is open: a phone may join
    link: str = ""  # the open invite's link ("" while it is being made)
    problem: str = ""  # a message key: what went wrong with the last invite or answer
    listeners: list[Callable[[], None]] = field(default_factory=list)  # the host's screens
    _send_frame: Any = None

    # ------------------------------------------------------------ from the Invite screen

    def invite(self) -> None:
        """Let a phone join: a new invite (the page makes its offer and secret; `invited` brings the link)."""
        if len(self.guests) >= GUESTS:
            return
        self.joining, self.link, self.problem = True, "", ""
        self.post({"tabula": "invite"})
        self._changed()

    def answer(self, code: str) -> None:
        """The answer of the phone that opened the invite (pasted)."""
        code = code.strip()
        if not code:
            return
        self.problem = ""
        self.post({"tabula": "answer", "code": code})
        self._changed()

    def scan(self, labels: dict[str, str]) -> None:
        """Read the answer with this phone's camera."""
        self.problem = ""
        self.post({"tabula": "scan", "labels": labels})
        self._changed()

    def stop(self) -> None:
        """No more phones join (the guests at the table stay)."""
        self.joining, self.link = False, ""
        self.post({"tabula": "stop"})
        self._changed()

    # ------------------------------------------------------------ from the page

    def heard(self, message: Any) -> None:
        """A message of the page (a JavaScript object)."""
        kind = message.tabula
        if kind == "frame":
            guest = self.guests.get(message.guest)
            if guest is not None:
                guest.send_from_js(message.data)
            return
        if kind == "joined":
            self._join(int(message.guest))
        elif kind == "left":
            self._leave(int(message.guest))
            if self.problem == "full":
                self.problem = ""
        elif kind == "invited":
            self.link = getattr(message, "link", "")
            if not self.link:
                self.problem, self.joining = getattr(message, "error", "no_webrtc"), False
        elif kind == "answered":
            problem = getattr(message, "error", "")  # a JavaScript object: absent, not None
            if problem in ("", "refused"):  # a phone joined, or a wrong secret spent the invite: a new one
                self.invite()
            self.problem = problem
            if len(self.guests) >= GUESTS:
                self.stop()
                self.problem = "full"
        self._changed()

    def _join(self, guest: int) -> None:
        connection = GuestConnection(self.host, guest, lambda data, g=guest: self._frame(g, data))
        self.attach(connection)
        self.guests[guest] = connection
        log.info("guest %s joined the table", guest)

    def _leave(self, guest: int) -> None:
        connection = self.guests.pop(guest, None)
        if connection is not None:
            connection.close()
            log.info("guest %s left the table", guest)

    def _frame(self, guest: int, data: bytes) -> None:
        if self._send_frame is None:
            from pyodide.code import run_js
            self._send_frame = run_js(POST_FRAME)
        self._send_frame(guest, data)

    def _changed(self) -> None:
        for listener in list(self.listeners):
            listener()


def open_table(host: PyodideConnection, attach: Callable[[Connection], None]) -> HostTable:
    """The host's table, hearing the page (the worker hands `flet_js.tabula_table` the page's table
    messages: web/build.py's patch of python-worker.js)."""
    import flet_js
    import js
    from pyodide.ffi import create_proxy, to_js

    def post(message: dict) -> None:
        js.postMessage(to_js(message, dict_converter=js.Object.fromEntries))

    # Flet 1.0.5 makes the Pyodide connection's pubsub hub without an event loop, and a message to another
    # session then raises "PubSub event loop is not set" (a page alone never has another session): the
    # guests' sessions hear the host's changes, and each other's, on this loop.
    if host.pubsubhub._PubSubHub__loop is None:
        host.pubsubhub._PubSubHub__loop = asyncio.get_running_loop()
    table = HostTable(host=host, post=post, attach=attach)
    flet_js.tabula_table = create_proxy(table.heard)
    return table
