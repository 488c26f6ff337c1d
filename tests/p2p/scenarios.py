"""The p2p scenarios, run inside a network of its own by `python -m tests.p2p.run NAME [JSON]`
(tests/p2p/run.py). Each takes the run's Phones and the JSON's keys and returns what it found (JSON)."""

from __future__ import annotations

import base64
import json
import re
import subprocess
import time
import zlib
from types import SimpleNamespace

from playwright.sync_api import expect

from tests.browser.harness import init_js
from tests.browser.test_static_web_browser import LOAD, STEP
from tests.browser.test_static_web_browser import Phone as StaticPhone
from tests.p2p.phones import DIST, PAGES, Phones, y4m_of_qr

SCENARIOS = {}


def scenario(function):
    SCENARIOS[function.__name__] = function
    return function


def look_at_qr(phone, picture: dict) -> dict:
    """The phone takes one frame of its camera, which films `picture` (y4m_of_qr), in a page
    (getUserMedia, a canvas): the brightness at the centre of every module of the QR code, quiet zone
    included, against segno's matrix. No QR reader: the pixels are the code's or not."""
    matrix = picture["matrix"]
    grid = {"left": picture["left"], "top": picture["top"], "side": picture["module"], "count": len(matrix)}
    seen = phone.page.evaluate("(grid) => look(grid)", grid)
    brightness = iter(map(int, seen["brightness"].split()))
    modules = [(bool(dark), next(brightness)) for row in matrix for dark in row]  # row by row, as look()
    return {"frame": [seen["width"], seen["height"]], "picture": [picture["width"], picture["height"]],
            "modules": len(matrix), "module_px": picture["module"],
            "lightest_dark": max(b for dark, b in modules if dark),
            "darkest_light": min(b for dark, b in modules if not dark),
            "wrong": sum((b < 128) != dark for dark, b in modules)}


@scenario
def datachannel(phones: Phones, apart: bool = True) -> dict:
    """Phone A (the host) offers a data channel, phone B (a guest) answers, A films the QR code of the
    answer with its camera and takes the answer (handed over by the test: no QR reader yet), the channel
    opens and a message goes each way. The host has the camera's permission, the guest not: the host's
    candidates carry its addresses, the guest's `<uuid>.local` names (phones.FAKE_MEDIA). `apart`: the
    guest in a network stack of its own (Phones.keep_apart), else both in the run's."""
    if apart:
        phones.keep_apart()
    url = phones.serve(PAGES) + "datachannel.html"
    camera = phones.profiles / "camera.y4m"
    y4m_of_qr("the camera films the answer once there is one", camera)
    started = time.monotonic()
    a, b = phones.phone("a", camera=camera), phones.phone("b", apart=apart)
    launched = time.monotonic()
    for phone in (a, b):
        phone.page.goto(url)
    offer = a.page.evaluate("offer()")
    answer = b.page.evaluate("(sdp) => answer(sdp)", offer["sdp"])
    scanned = look_at_qr(a, y4m_of_qr(url + "#" + answer["packed"], camera))  # the file is read at getUserMedia
    open_ms = a.page.evaluate("(sdp) => accept(sdp)", answer["sdp"])
    a.page.evaluate("say('from a')")
    b.page.evaluate("say('from b')")
    heard = {"a": a.page.evaluate("heard(1)"), "b": b.page.evaluate("heard(1)")}
    a.shot("datachannel")
    return {
        "launch_s": launched - started, "open_ms": open_ms, "heard": heard, "scanned": scanned,
        "offer": {k: offer[k] for k in ("candidates", "gathering_ms")} | {"packed_length": len(offer["packed"])},
        "answer": {k: answer[k] for k in ("candidates", "gathering_ms")} | {"packed_length": len(answer["packed"])},
        "chosen": {"a": a.page.evaluate("chosen()"), "b": b.page.evaluate("chosen()")},
    }


# ------------------------------------------------------------------ the static app's table (issue 38)

# What the host page hands its Python for the table (web/tabula-table.js), recorded: the invite's link.
RECORD_TABLE = """(() => {
  const post = Worker.prototype.postMessage;
  window.__table = [];
  window.__wake = [];  // what the page asked of the screen's wake lock
  if (navigator.wakeLock) {
    const request = navigator.wakeLock.request.bind(navigator.wakeLock);
    navigator.wakeLock.request = (type) => { window.__wake.push(type); return request(type); };
  }
  Worker.prototype.postMessage = function (message, ...rest) {
    if (message && typeof message.tabula === "string" && message.tabula !== "frame") {
      window.__table.push(JSON.parse(JSON.stringify(message)));
    }
    return post.call(this, message, ...rest);
  };
})()"""
# A guest whose screen is behind: what the host sends it waits (hold) until release(), as on a phone
# whose Wi-Fi stalls; its own taps still go out.
HOLD_CHANNEL = """(() => {
  const own = Object.getOwnPropertyDescriptor(RTCDataChannel.prototype, "onmessage");
  window.__held = []; window.__hold = false;
  Object.defineProperty(RTCDataChannel.prototype, "onmessage", {
    get() { return own.get.call(this); },
    set(handler) {
      own.set.call(this, (event) => (window.__hold && typeof event.data !== "string"
        ? window.__held.push(() => handler(event)) : handler(event)));
    },
  });
  window.__release = () => { window.__hold = false; window.__held.splice(0).forEach((deliver) => deliver()); };
})()"""
MONEY = re.compile(r"^Money of Anna: (\d+)\b")


def screen_of(phone, url: str) -> StaticPhone:
    """The static app's test helpers (tap, see, new_game, ...) on this phone's page."""
    screen = StaticPhone.__new__(StaticPhone)
    screen.site, screen.context, screen.page = SimpleNamespace(url=url), phone.context, phone.page
    screen.outside, screen.errors, screen.console = [], [], []
    phone.context.add_init_script(init_js())  # tells when Flutter has taken a focused field over
    phone.page.on("pageerror", lambda e: screen.errors.append(str(e)))
    phone.page.on("console", lambda m: screen.console.append(m.text))
    return screen


# The invite open now: the page's last link for Python came after the last invite was spent (a phone
# joined, or presented a wrong secret; the next invite follows at once, a moment later).
OPEN_INVITE = """() => {
  const spent = (m) => m.tabula === "joined" || (m.tabula === "answered" && (!m.error || m.error === "refused"));
  const invited = window.__table.map((m) => m.tabula === "invited" && Boolean(m.link)).lastIndexOf(true);
  return invited > window.__table.map(spent).lastIndexOf(true) ? window.__table[invited].link : null;
}"""


def invite_link(host: StaticPhone) -> str:
    """Invite players: the link of the open invite (after a phone joined, the next one opens by itself),
    or of a new one (Let a phone join)."""
    host.page.evaluate("location.hash = '#/invite'")
    invite = host.page.get_by_role("button", name="Let a phone join")
    host.find(invite.or_(host.page.get_by_role("button", name="Scan its code")))
    if invite.count():
        invite.click()
    return host.page.wait_for_function(OPEN_INVITE, timeout=STEP).json_value()


def answer_of(guest: StaticPhone, link: str) -> str:
    """The guest opens the invite (its camera app would): the answer it shows as a QR code."""
    guest.page.goto(link)
    return guest.page.wait_for_selector("#tabula-answer", state="attached", timeout=LOAD).get_attribute("data-answer")


def guest_state(guest: StaticPhone, state: str) -> None:
    """What the guest's own screen says above Flutter's (web/tabula-table.js), "" once at the table."""
    if state:
        guest.page.wait_for_selector(f"#tabula-table[data-state='{state}']", state="attached", timeout=STEP)
    else:
        guest.page.wait_for_selector("#tabula-table", state="detached", timeout=STEP)


def money(screen: StaticPhone) -> int:
    found = screen.see(MONEY.pattern)
    return int(MONEY.match(found.get_attribute("aria-label") or found.text_content() or "").group(1))


def table_host(phones: Phones) -> tuple:
    """The site, the host's camera file (filming nothing yet), the host phone and its screen, in a network
    stack apart from the guests to come (Phones.keep_apart)."""
    phones.keep_apart()
    url = phones.serve(DIST)
    camera = phones.profiles / "camera.y4m"
    y4m_of_qr("nothing to scan yet", camera)
    host_phone = phones.phone("host", camera=camera)
    host_phone.context.add_init_script(RECORD_TABLE)
    return url, camera, host_phone, screen_of(host_phone, url)


@scenario
def table(phones: Phones) -> dict:
    """A host phone and a guest phone, each with a network stack of its own, no computer: the guest
    joins by scanning (the host's camera films the guest's answer), both play one game, a forged secret
    and an old answer are refused, the host is killed mid-burst and nothing the guest showed is lost."""
    url, camera, host_phone, host = table_host(phones)
    host.start(lambda: host.page.goto(url))
    host.new_game("City of Rome", ["Anna", "Ben"])
    host.tap("Setup done – start playing")
    host.see(r"^End round 1$")
    sid = re.search(r"#/game/([^/]+)/play", host.page.url).group(1)

    guest_phone = phones.phone("guest", apart=True)
    guest_phone.context.add_init_script(HOLD_CHANNEL)
    guest = screen_of(guest_phone, url)
    link = invite_link(host)
    assert "#join=" in link and link.startswith(url)
    # Share link: a desktop Chromium has no share sheet, so the link is copied, and the host says so.
    host_phone.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=url.rstrip("/"))
    host.tap("Share link")
    host.see(r"^This browser has no share sheet: the link is copied instead\.")
    assert host.page.evaluate("navigator.clipboard.readText()") == link
    host_phone.shot("invite-shared")
    answer = answer_of(guest, link)
    assert guest.page.evaluate("location.hash") == ""  # the secret is out of the address bar at once
    guest_phone.shot("answer")
    y4m_of_qr(answer, camera)  # the file is read when the host's camera starts
    scanned = time.monotonic()
    host.tap("Scan its code")
    guest_state(guest, "")
    guest.start(lambda: None)
    join_s = time.monotonic() - scanned
    host.see(r"^At this table: 1 phone besides this one\.$")
    host_phone.shot("invite")  # the next invite open at once
    assert host.page.evaluate("window.__wake") == ["screen"]  # the host's screen kept on for the table

    # The host phone opens Tabula in a second tab and takes the storage over there: the guest says in its
    # own words that the phone it joined stores nothing now, until the host's tab takes it back.
    second = host.new_tab()
    second.start(lambda: second.page.goto(url))
    second.tap("Use here")
    guest.see(r"^The phone you joined does not store the games any more")
    guest_phone.shot("host-taken-over")
    host.tap("Use here")
    expect(guest.page.get_by_text(re.compile("does not store the games any more"))).to_have_count(0, timeout=STEP)
    second.page.close()

    # One game, both phones: an entry on either is on the other's screen.
    guest.page.evaluate(f"location.hash = '#/game/{sid}/play'")
    guest.see(r"^End round 1$")
    guest.sheet("Anna")
    guest.tap("Money +1 (Anna)")
    guest.see(r"^Money of Anna: 6\b")
    guest.close_sheet("Anna")
    host.page.evaluate(f"location.hash = '#/game/{sid}/play'")
    host.see(r"^Money of Anna: 6\b")
    host.sheet("Ben")
    host.tap("Money +1 (Ben)")
    host.close_sheet("Ben")
    host_phone.shot("play")
    guest.see(r"^Money of Ben: 6\b")
    guest_phone.shot("play")

    # Undo acts on what that phone showed: the guest, behind, takes back Ben's first entry, which is no
    # longer the last one; refused, with today's words, and nothing changes.
    guest.page.evaluate("window.__hold = true")
    host.sheet("Ben")
    host.tap("Money +1 (Ben)")
    host.close_sheet("Ben")
    host.see(r"^Money of Ben: 7\b")
    undo = guest.find(guest.page.get_by_role("button", name="Undo: Ben", exact=False))
    assert "(now 6)" in (undo.get_attribute("aria-label") or undo.text_content() or "")
    undo.click()
    guest.page.evaluate("window.__release()")
    guest.see(r"^Not undone: the game changed on another phone\. Undo would now take back: Ben: Money")
    guest.see(r"^Money of Ben: 7\b")
    host.see(r"^Money of Ben: 7\b")

    # The host shows who is at its table: each phone, with the player it says it is.
    guest.tap("Which player is this phone?")
    guest.tap("Anna")
    host.page.evaluate("location.hash = '#/invite'")
    host.see(r"^Phone 1: Anna$")

    # A guest that reloads is no longer at the table, says so, and joins again with the next invite.
    guest.page.reload()
    guest_state(guest, "left")
    host.see(r"^The other phones join this phone's games")  # said while no phone is at the table
    rejoin = answer_of(guest, invite_link(host))
    give_answer(host, rejoin)
    guest_state(guest, "")
    guest.start(lambda: None)
    host.see(r"^At this table: 1 phone besides this one\.$")
    guest.page.evaluate(f"location.hash = '#/game/{sid}/play'")
    guest.see(r"^Money of Ben: 7\b")

    # A forged secret is refused on the channel (a new invite replaces the one it came with); an answer
    # of an invite already used is refused by the host. (An answer given as text goes the way of a
    # pasted one, handed straight to the page: Flutter's field takes 600 keys slowly.)
    link = invite_link(host)
    intruder_phone = phones.phone("intruder", apart=True)
    intruder = screen_of(intruder_phone, url)
    give_answer(host, answer_of(intruder, forge_secret(link)))
    guest_state(intruder, "refused_secret")
    intruder_phone.shot("refused")
    host.see(r"^A phone presented a wrong secret")
    give_answer(host, answer)  # the guest's first answer again
    host.see(r"^That answer belongs to an earlier invite")

    # The host killed while the guest taps: every value the guest showed was stored on the host.
    guest.sheet("Anna")
    shown = money(guest)
    for _ in range(5):
        guest.tap("Money +1 (Anna)")
    host_phone.kill()
    guest_state(guest, "reconnecting")  # the host does not answer: said within seconds
    guest_phone.shot("reconnecting")
    guest_state(guest, "lost")  # and then that it is gone
    guest_phone.shot("lost")
    shown = max(shown, money(guest))
    host_phone.start()
    host_phone.context.add_init_script(RECORD_TABLE)
    host = screen_of(host_phone, url)
    host.start(lambda: host.page.goto(f"{url}#/game/{sid}/play"))
    stored = money(host)

    # Phones that cannot reach each other (a Wi-Fi that keeps them apart): the host says so 10 s after it
    # took the answer, and the games go on there.
    link = invite_link(host)
    subprocess.run(["ip", "link", "set", "tabula0", "down"], check=True)
    try:
        give_answer(host, answer_of(intruder, link))
        answered = time.monotonic()
        host.see(r"^These phones cannot reach each other on this network")
        unreachable_s = time.monotonic() - answered
    finally:
        subprocess.run(["ip", "link", "set", "tabula0", "up"], check=True)
    return {"join_s": join_s, "shown": shown, "stored": stored, "unreachable_s": unreachable_s,
            "errors": host.errors + guest.errors}


def give_answer(host: StaticPhone, code: str) -> None:
    host.page.evaluate("(code) => window.tabulaTable.heard({tabula: 'answer', code})", code)


def forge_secret(link: str) -> str:
    """The invite link with another secret (what a phone that guessed would present)."""
    code = link.split("#join=")[1]
    packed = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
    offer = json.loads(zlib.decompress(packed, wbits=-15))
    offer["k"] = "x" * len(offer["k"])
    squeeze = zlib.compressobj(9, zlib.DEFLATED, -15)
    forged = base64.urlsafe_b64encode(squeeze.compress(json.dumps(offer).encode()) + squeeze.flush())
    return link.split("#join=")[0] + "#join=" + forged.decode().rstrip("=")
