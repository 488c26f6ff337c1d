"""The host phone's side of the table with no computer (companion/web_table.py), outside a browser: the
page's messages as the host's Python hears them, a guest's Flet connection beside the host's own on one
pubsub, and a guest's messages held with the host's until IndexedDB has stored the change.
The whole thing in browsers, over WebRTC, is tests/p2p/ (scenario `table`)."""

from __future__ import annotations

import asyncio
import sys
import types
from types import SimpleNamespace

import msgpack
import pytest

from companion.web_main import DATA_DIR, IndexedDBSync


@pytest.fixture
def web_table(monkeypatch):
    """companion.web_table with a stand-in for the worker's `flet_js` (Flet's Pyodide connection imports it)."""
    monkeypatch.setitem(sys.modules, "flet_js", types.SimpleNamespace())
    monkeypatch.delitem(sys.modules, "flet.messaging.pyodide_connection", raising=False)
    monkeypatch.delitem(sys.modules, "companion.web_table", raising=False)
    import companion.web_table as module
    yield module
    sys.modules.pop("companion.web_table", None)
    sys.modules.pop("flet.messaging.pyodide_connection", None)


class Bytes:
    """A Uint8Array as Pyodide hands it to Python."""

    def __init__(self, data: bytes):
        self.data = data

    def to_py(self):
        return memoryview(self.data)


def message(**fields):
    return SimpleNamespace(**fields)  # a JavaScript object: a field it lacks is absent, as getattr says


def register_frame(route: str = "/") -> Bytes:
    body = {"session_id": "", "page_name": "", "page": {"route": route, "width": 390, "height": 844}}
    return Bytes(b"\x00" + msgpack.packb([1, body]))


def host_and_table(web_table, main):
    """A host connection (Flet's own Pyodide one) running `main` for each session, and its table."""
    from flet.messaging.pyodide_connection import PyodideConnection

    async def created(session):
        await main(session.page)
    host = PyodideConnection(on_session_created=created, before_main=None)
    host.page_url = "http://127.0.0.1/"
    posted = []
    table = web_table.HostTable(host=host, post=posted.append)
    return host, table, posted


def test_the_page_messages_of_an_invite_drive_the_invite_screen(web_table):
    async def run():
        host, table, posted = host_and_table(web_table, lambda page: asyncio.sleep(0))
        heard = []
        table.listeners.append(lambda: heard.append((table.joining, table.link, table.problem)))
        table.invite()
        assert posted[-1] == {"tabula": "invite"} and (table.joining, table.link) == (True, "")
        table.heard(message(tabula="invited", link="http://127.0.0.1/#join=abc"))
        assert table.link == "http://127.0.0.1/#join=abc"
        table.answer("  ")  # nothing pasted: nothing asked
        assert posted[-1] == {"tabula": "invite"}
        table.answer(" xyz \n")
        assert posted[-1] == {"tabula": "answer", "code": "xyz"}
        table.heard(message(tabula="answered", error="old_answer"))  # the invite stays open
        assert (table.link, table.problem) == ("http://127.0.0.1/#join=abc", "old_answer")
        table.heard(message(tabula="answered", error="refused"))  # a wrong secret spent it: a new one
        assert (posted[-1], table.link, table.problem) == ({"tabula": "invite"}, "", "refused")
        table.heard(message(tabula="invited", link="http://127.0.0.1/#join=def"))
        table.heard(message(tabula="answered", error="unreachable"))  # withdrawn by the page: a new one
        assert (posted[-1], table.link, table.problem) == ({"tabula": "invite"}, "", "unreachable")
        table.heard(message(tabula="invited", error="no_webrtc"))
        assert (table.joining, table.problem) == (False, "no_webrtc")
        table.stop()
        assert posted[-1] == {"tabula": "stop"}
        assert len(heard) == 11  # every change told the screen
    asyncio.run(run())


def test_a_guest_is_one_more_flet_session_on_the_hosts_pubsub_and_leaves_cleanly(web_table):
    async def run():
        pages = []

        async def main(page):
            pages.append(page)
            page.pubsub.subscribe_topic("game/x", lambda topic, m: heard.append((page.session.id, m)))
        heard = []
        host, table, posted = host_and_table(web_table, main)
        # Flet's own Pyodide hub has no loop (a page alone never has another session); open_table sets it.
        host.pubsubhub._PubSubHub__loop = asyncio.get_running_loop()
        frames = []
        table._frame = lambda guest, data: frames.append((guest, data))
        table.heard(message(tabula="joined", guest=1))
        table.heard(message(tabula="joined", guest=2))
        assert sorted(table.guests) == [1, 2]
        for guest in (1, 2):
            table.heard(message(tabula="frame", guest=guest, data=register_frame()))
        for _ in range(50):
            await asyncio.sleep(0)
        assert len(pages) == 2 and pages[0].session.connection is table.guests[1]
        assert {guest for guest, _ in frames} == {1, 2}  # each guest got its own answer to register
        registered = msgpack.unpackb(frames[0][1][1:])
        assert registered[0] == 1 and registered[1]["error"] == ""
        # Both sessions on the host's hub: one tells, the other hears.
        pages[0].pubsub.send_others_on_topic("game/x", 7)
        assert heard == [(pages[1].session.id, 7)]
        table.heard(message(tabula="left", guest=1))
        assert sorted(table.guests) == [2]
        pages[1].pubsub.send_others_on_topic("game/x", 8)  # the guest that left hears nothing more
        assert heard == [(pages[1].session.id, 7)]
        table.heard(message(tabula="frame", guest=1, data=register_frame()))  # a late frame: dropped
    asyncio.run(run())


def test_six_phones_fill_the_table(web_table):
    async def run():
        host, table, posted = host_and_table(web_table, lambda page: asyncio.sleep(0))
        table.invite()
        for guest in range(1, web_table.GUESTS + 1):
            table.heard(message(tabula="joined", guest=guest))
            table.heard(message(tabula="answered"))
        assert (table.joining, table.problem, posted[-1]) == (False, "full", {"tabula": "stop"})
        table.invite()  # no invite while full
        assert posted[-1] == {"tabula": "stop"}
        table.heard(message(tabula="left", guest=1))
        assert table.problem == ""
        table.invite()
        assert (table.joining, posted[-1]) == (True, {"tabula": "invite"})
    asyncio.run(run())


def test_a_guests_messages_wait_with_the_hosts_until_indexeddb_has_stored_the_change():
    class Storage:
        def syncfs(self, populate, done):
            self.done = done

    storage = Storage()
    sync = IndexedDBSync(storage, proxy=lambda f: f, together=lambda messages: shown.append(("host", messages)))
    shown = []
    host = SimpleNamespace(send_callback=lambda m: shown.append(("host", m)))
    guest = SimpleNamespace(send_callback=lambda m: shown.append(("guest", m)))
    sync.attach(host)
    sync.attach(guest)

    async def run():
        guest.send_callback(b"g0")
        assert shown == [("guest", b"g0")]  # nothing to store: at once
        sync.changed(DATA_DIR / "game.json")
        host.send_callback(b"h1")
        guest.send_callback(b"g1")
        host.send_callback(b"h2")
        guest.send_callback(b"g2")
        await asyncio.sleep(0)  # the write-back starts
        assert shown == [("guest", b"g0")]
        storage.done(None)  # IndexedDB committed it: the guests' go first (the host page passes them on)
        assert shown == [("guest", b"g0"), ("guest", b"g1"), ("guest", b"g2"), ("host", [b"h1", b"h2"])]
    asyncio.run(run())

