"""The p2p scenarios, run inside a network of its own by `python -m tests.p2p.run NAME [JSON]`
(tests/p2p/run.py). Each takes the run's Phones and the JSON's keys and returns what it found (JSON)."""

from __future__ import annotations

import time

from tests.p2p.phones import PAGES, Phones, y4m_of_qr

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
