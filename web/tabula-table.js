// The table with no computer (companion/web_table.py): the phone that invites is the host, its Python
// keeps every game; a guest phone runs only this page and Flutter, whose connection goes over a WebRTC
// data channel to the host's Python, where it is one more Flet session. No server, no internet: the
// offer travels in the invite link (its fragment, never sent to the site's host), the answer back as a
// QR code the host scans (web/tabula-qr.js) or as text pasted.
// The channel carries Flet's own messages (binary, in chunks) and a few words of its own (JSON text):
// the guest's first message presents the invite's one-time secret; the host answers `welcome` or
// `refused` (a wrong secret, or an invite withdrawn meanwhile) and closes.
(() => {
  const JOIN = "#join=";
  const GUEST_KEY = "tabula.guest";  // sessionStorage: this tab joined a table (a reload must not start alone)
  const GATHER_MS = 3000;  // ICE gathering: a LAN's host candidates come at once
  const CONNECT_MS = 10000;  // an answer applied, or a guest's channel opening: said within 10 s
  const CHUNK = 16 * 1024;  // data channel messages: 16 KiB pieces pass every browser's limit
  const LAST = 0, MORE = 1;  // a piece's first byte

  // ------------------------------------------------------------------ shared

  function randomId(bytes) {
    return toBase64Url(crypto.getRandomValues(new Uint8Array(bytes)));
  }

  function toBase64Url(bytes) {
    let text = "";
    for (const b of bytes) text += String.fromCharCode(b);
    return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  function fromBase64Url(text) {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  }

  // An offer or answer as short text: JSON, deflated, base64url (one QR code each way).
  async function pack(value) {
    const stream = new Blob([JSON.stringify(value)]).stream().pipeThrough(new CompressionStream("deflate-raw"));
    return toBase64Url(new Uint8Array(await new Response(stream).arrayBuffer()));
  }

  async function unpack(code) {
    const stream = new Blob([fromBase64Url(code.trim())]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
    return JSON.parse(await new Response(stream).text());
  }

  function gathered(pc) {
    if (pc.iceGatheringState === "complete") return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, GATHER_MS);
      pc.addEventListener("icegatheringstatechange", () => {
        if (pc.iceGatheringState === "complete") { clearTimeout(timer); resolve(); }
      });
    });
  }

  // Flet's messages in pieces, joined again on the other side.
  function sendFrame(channel, data) {
    if (channel.readyState !== "open") return;
    for (let at = 0; at < data.length || at === 0; at += CHUNK) {
      const piece = data.subarray(at, at + CHUNK);
      const message = new Uint8Array(piece.length + 1);
      message[0] = at + CHUNK < data.length ? MORE : LAST;
      message.set(piece, 1);
      channel.send(message);
    }
  }

  function frameReader(deliver) {
    let pieces = [];
    return (buffer) => {
      const bytes = new Uint8Array(buffer);
      pieces.push(bytes.subarray(1));
      if (bytes[0] === MORE) return;
      const size = pieces.reduce((sum, p) => sum + p.length, 0);
      const frame = new Uint8Array(size);
      let at = 0;
      for (const p of pieces) { frame.set(p, at); at += p.length; }
      pieces = [];
      deliver(frame);
    };
  }

  // ------------------------------------------------------------------ the host

  const host = {
    worker: null,  // Python's
    invite: null,  // the open one: {id, secret, pc, channel, timer}
    guests: new Map(),  // guest number -> its data channel
    next: 1,
    awake: null,  // the screen's wake lock while phones are at the table
  };

  function toPython(message, transfer) {
    if (host.worker) host.worker.postMessage(message, transfer || []);
  }

  // A message of Python's (companion/web_table.py) for the table.
  function heard(message, worker) {
    if (worker) host.worker = worker;
    if (message.tabula === "frame") {
      const channel = host.guests.get(message.guest);
      if (channel) sendFrame(channel, message.data);
    } else if (message.tabula === "invite") {
      invite().catch((error) => {
        console.warn("tabula: no invite:", error);
        toPython({ tabula: "invited", error: "no_webrtc" });
      });
    } else if (message.tabula === "answer") {
      answer(message.code);
    } else if (message.tabula === "scan") {
      scan(message.labels);
    } else if (message.tabula === "stop") {
      withdraw();
    }
  }

  async function invite() {
    withdraw();
    if (typeof RTCPeerConnection !== "function" || typeof CompressionStream !== "function") {
      toPython({ tabula: "invited", error: "no_webrtc" });
      return;
    }
    const pc = new RTCPeerConnection({ iceServers: [] });
    const channel = pc.createDataChannel("tabula", { ordered: true });
    const made = { id: randomId(6), secret: randomId(16), pc, channel, timer: null };
    host.invite = made;
    channel.binaryType = "arraybuffer";
    channel.onmessage = (event) => greet(made, event.data);
    await pc.setLocalDescription(await pc.createOffer());
    await gathered(pc);
    if (host.invite !== made) return;  // withdrawn meanwhile
    const code = await pack({ i: made.id, k: made.secret, s: pc.localDescription.sdp });
    toPython({ tabula: "invited", link: location.href.split("#")[0] + JOIN + code });
  }

  function withdraw() {
    const open = host.invite;
    host.invite = null;
    if (open) {
      clearTimeout(open.timer);
      if (!open.joined) open.pc.close();
    }
  }

  async function answer(code) {
    const open = host.invite;
    let given;
    try {
      given = await unpack(code);
    } catch (error) {
      toPython({ tabula: "answered", error: "bad_answer" });
      return;
    }
    if (!given || typeof given.s !== "string" || !given.i) {
      toPython({ tabula: "answered", error: "bad_answer" });
    } else if (!open || given.i !== open.id || open.answered) {
      toPython({ tabula: "answered", error: "old_answer" });
    } else {
      open.answered = true;
      try {
        await open.pc.setRemoteDescription({ type: "answer", sdp: given.s });
      } catch (error) {
        console.warn("tabula: the answer was refused:", error);
        open.answered = false;
        toPython({ tabula: "answered", error: "bad_answer" });
        return;
      }
      // The guest's first message must come in time; otherwise the phones cannot reach each other.
      open.timer = setTimeout(() => {
        if (host.invite !== open || open.joined) return;
        withdraw();
        toPython({ tabula: "answered", error: "unreachable" });
      }, CONNECT_MS);
    }
  }

  // The guest's first message: the invite's secret, once.
  function greet(made, data) {
    let hello = null;
    try { hello = typeof data === "string" ? JSON.parse(data).hello : null; } catch (error) { hello = null; }
    const channel = made.channel;
    if (host.invite !== made || hello !== made.secret) {  // withdrawn meanwhile, or a wrong secret
      channel.send(JSON.stringify({ refused: "secret" }));
      setTimeout(() => made.pc.close(), 1000);  // once the refusal has reached the phone
      if (host.invite === made) {  // that invite is spent: Python makes a new one
        clearTimeout(made.timer);
        host.invite = null;
        toPython({ tabula: "answered", error: "refused" });
      }
      return;
    }
    made.joined = true;
    clearTimeout(made.timer);
    host.invite = null;
    const guest = host.next++;
    host.guests.set(guest, channel);
    const read = frameReader((frame) => toPython({ tabula: "frame", guest, data: frame }, [frame.buffer]));
    channel.onmessage = (event) => { if (typeof event.data !== "string") read(event.data); };
    const left = () => {
      if (host.guests.delete(guest)) toPython({ tabula: "left", guest });
      keepAwake();
    };
    channel.onclose = left;
    made.pc.addEventListener("connectionstatechange", () => {
      if (["failed", "closed"].includes(made.pc.connectionState)) left();
    });
    channel.send(JSON.stringify({ welcome: guest }));
    toPython({ tabula: "joined", guest });
    keepAwake();
    toPython({ tabula: "answered" });
  }

  // The host phone's screen stays on while phones are at its table: a host asleep is a table that stops
  // (the browser sleeps with it). The browser ends the lock when the tab is hidden; it is asked again
  // when the tab shows.
  async function keepAwake() {
    const wanted = host.guests.size > 0 && document.visibilityState === "visible";
    if (wanted && !host.awake && navigator.wakeLock) {
      try {
        host.awake = await navigator.wakeLock.request("screen");
        host.awake.addEventListener("release", () => { host.awake = null; });
      } catch (error) { /* not allowed here (no https, low battery): the phone sleeps as it likes */ }
    } else if (!wanted && host.awake) {
      host.awake.release();
    }
  }
  document.addEventListener("visibilitychange", keepAwake);

  async function scan(labels) {
    if (!window.tabulaQR) {
      toPython({ tabula: "answered", error: "no_camera" });
      return;
    }
    const read = await window.tabulaQR.scan(labels || {});
    if (read.text) answer(read.text.includes(JOIN) ? read.text.split(JOIN)[1] : read.text);
    else if (read.error) toPython({ tabula: "answered", error: "no_camera" });
  }

  // ------------------------------------------------------------------ a guest

  const WORDS = {
    en: {
      title: "Tabula · a table with no computer",
      joining: "Joining the table…",
      answer: "Show this code to the phone that invited you: it scans it with “Scan its code”.",
      copy: "Copy the answer", copied: "Copied", share: "Share the answer",
      unreachable: "These phones cannot reach each other on this network: try the inviting phone's hotspot. The game goes on on that phone.",
      refused_secret: "This invite is not valid (any more). Let the inviting phone show a new one.",
      reconnecting: "Reconnecting… The phone that keeps the game does not answer (asleep, or out of the Wi-Fi's reach). Nothing is lost: every entry was saved there.",
      lost: "The phone that keeps the game is gone (closed, asleep or off the Wi-Fi). Nothing is lost: every entry was saved there. When it is back, scan its invite again.",
      left: "This phone was at a table. Scan the inviting phone's code again to join.",
      bad: "This invite link is damaged. Scan the code again.",
      alone: "Use this phone alone",
    },
    de: {
      title: "Tabula · ein Tisch ohne Computer",
      joining: "Dem Tisch beitreten…",
      answer: "Diesen Code dem Handy zeigen, das eingeladen hat: Es scannt ihn mit „Seinen Code scannen“.",
      copy: "Die Antwort kopieren", copied: "Kopiert", share: "Die Antwort teilen",
      unreachable: "Diese Handys erreichen sich in diesem Netz nicht: den Hotspot des einladenden Handys versuchen. Das Spiel geht auf jenem Handy weiter.",
      refused_secret: "Diese Einladung gilt nicht (mehr). Das einladende Handy eine neue zeigen lassen.",
      reconnecting: "Verbindung wird wiederhergestellt… Das Handy mit dem Spiel antwortet nicht (im Ruhezustand oder außer Reichweite des WLANs). Nichts ist verloren: Jeder Eintrag wurde dort gespeichert.",
      lost: "Das Handy mit dem Spiel ist weg (geschlossen, im Ruhezustand oder nicht im WLAN). Nichts ist verloren: Jeder Eintrag wurde dort gespeichert. Wenn es zurück ist, seine Einladung erneut scannen.",
      left: "Dieses Handy war an einem Tisch. Den Code des einladenden Handys erneut scannen, um beizutreten.",
      bad: "Dieser Einladungslink ist beschädigt. Den Code erneut scannen.",
      alone: "Dieses Handy allein nutzen",
    },
  };
  const words = WORDS[(navigator.language || "en").toLowerCase().startsWith("de") ? "de" : "en"];

  // `joined`: the channel, once at the table (Flutter's connection waits for it; for ever in a tab that
  // left a table and has not joined again).
  const guest = { pc: null, channel: null, joined: null, onJoined: null, state: "" };
  guest.joined = new Promise((resolve) => { guest.onJoined = resolve; });

  // What the guest's screen says above Flutter's (`state`; "" once at the table).
  function say(state, detail) {
    guest.state = state;
    let box = document.getElementById("tabula-table");
    if (!state) {
      if (box) box.remove();
      return;
    }
    if (!box) {
      box = document.createElement("div");
      box.id = "tabula-table";
      document.body.append(box);
    }
    box.dataset.state = state;
    const over = ["lost", "left", "reconnecting"].includes(state);  // the last screen stays readable behind it
    box.setAttribute("role", "dialog");
    box.style.cssText = "position:fixed;inset:0;z-index:10000;display:flex;flex-direction:column;" +
      "justify-content:" + (over ? "flex-end" : "center") + ";align-items:center;gap:16px;padding:24px;" +
      "font:18px/1.4 Roboto,system-ui,sans-serif;color:var(--tabula-fg);" +
      "background:" + (over ? "rgba(0,0,0,.45)" : "var(--tabula-bg)") + ";";
    box.innerHTML = "";
    const card = document.createElement("div");
    card.style.cssText = "max-width:420px;width:100%;display:flex;flex-direction:column;gap:16px;align-items:stretch;" +
      "background:var(--tabula-bg);border-radius:16px;padding:20px;text-align:center;";
    const title = document.createElement("h1");
    title.style.cssText = "margin:0;font-size:22px;font-weight:700;color:var(--tabula-accent);";
    title.textContent = words.title;
    const text = document.createElement("p");
    text.style.margin = "0";
    text.textContent = words[state] || state;
    card.append(title, text);
    if (state === "answer") {
      const code = document.createElement("div");
      code.id = "tabula-answer";
      code.dataset.answer = detail;
      code.setAttribute("aria-label", detail);
      if (window.tabulaQR) {
        code.innerHTML = window.tabulaQR.svg(detail, { error: "L" });
        const svg = code.querySelector("svg");
        if (svg) svg.style.cssText = "width:100%;height:auto;display:block;";
      }
      card.append(code, button(words.copy, async (b) => {
        try { await navigator.clipboard.writeText(detail); b.textContent = words.copied; } catch (error) { /* no clipboard */ }
      }));
      if (navigator.share) {  // a phone's own share sheet: a messenger to the host phone, say
        card.append(button(words.share, () => navigator.share({ text: detail }).catch(() => {})));
      }
    }
    if (["left", "bad", "unreachable", "refused_secret"].includes(state)) {  // not at a table
      card.append(button(words.alone, () => { sessionStorage.removeItem(GUEST_KEY); location.reload(); }));
    }
    box.append(card);
  }

  function button(label, action) {
    const b = document.createElement("button");
    b.textContent = label;
    b.style.cssText = "min-height:48px;border:0;border-radius:24px;padding:0 20px;font:inherit;font-weight:500;" +
      "background:#8c3b2a;color:#fff;";
    b.onclick = () => action(b);
    return b;
  }

  async function join(code) {
    sessionStorage.setItem(GUEST_KEY, "1");
    say("joining");
    let offer;
    try {
      offer = await unpack(code);
    } catch (error) {
      say("bad");
      return;
    }
    const pc = new RTCPeerConnection({ iceServers: [] });
    guest.pc = pc;
    // The answer stays on screen until the host has scanned it and the channel opens: the guest cannot
    // know when that is (the host says "cannot reach" 10 s after it scanned); ICE failing is said here.
    pc.addEventListener("connectionstatechange", () => {
      const state = pc.connectionState;
      if (state === "failed" && !guest.channel) say("unreachable");
      // "disconnected": no answer from the host for a few seconds (asleep, out of the Wi-Fi's reach);
      // it may come back by itself. "failed" or "closed": it will not.
      if (state === "disconnected" && guest.channel && guest.state === "") say("reconnecting");
      if (state === "connected" && guest.state === "reconnecting" && guest.channel.readyState === "open") say("");
      if (["failed", "closed"].includes(state)) gone();
    });
    pc.ondatachannel = (event) => {
      const channel = event.channel;
      channel.binaryType = "arraybuffer";
      channel.onopen = () => channel.send(JSON.stringify({ hello: offer.k }));
      channel.onmessage = (message) => {
        if (typeof message.data !== "string") return guest.read && guest.read(message.data);
        const said = JSON.parse(message.data);
        if (said.welcome) {
          guest.channel = channel;
          say("");
          guest.onJoined(channel);
        } else if (said.refused) {
          say("refused_" + said.refused);
        }
      };
      channel.onclose = gone;
    };
    await pc.setRemoteDescription({ type: "offer", sdp: offer.s });
    await pc.setLocalDescription(await pc.createAnswer());
    await gathered(pc);
    if (guest.state === "joining") say("answer", await pack({ i: offer.i, s: pc.localDescription.sdp }));
  }

  function gone() {
    if (guest.channel && guest.state !== "lost") say("lost");
  }

  // Flutter's connection (python.js's jsConnect) on a guest: over the channel, once at the table.
  // python.js's jsSend and jsDisconnect read `_apps`: the channel stands in for Python's worker.
  async function connect(appId, args, dartOnMessage) {
    const channel = await guest.joined;
    guest.read = frameReader((frame) => dartOnMessage(frame));
    _apps[appId] = {
      dartOnMessage,
      worker: { postMessage: (data) => sendFrame(channel, data), terminate: () => guest.pc.close() },
    };
  }

  const code = location.hash.startsWith(JOIN) ? location.hash.slice(JOIN.length) : null;
  const wasGuest = sessionStorage.getItem(GUEST_KEY) === "1";
  window.tabulaTable = { guest: Boolean(code || wasGuest), heard, connect };
  if (code) {
    // The secret leaves the address bar (and the history) before anything else runs.
    history.replaceState(null, "", location.pathname + location.search);
    document.addEventListener("DOMContentLoaded", () => join(code));
  } else if (wasGuest) {
    document.addEventListener("DOMContentLoaded", () => say("left"));
  }
  // An invite opened in a tab that shows Tabula already (a guest scanning again): only the fragment
  // changes, which loads nothing; the page starts again as a guest of that invite.
  window.addEventListener("hashchange", () => { if (location.hash.startsWith(JOIN)) location.reload(); });
  const style = document.createElement("style");
  style.textContent = ":root{--tabula-bg:#fbf7f2;--tabula-fg:#1f1a17;--tabula-accent:#8c3b2a}" +
    "@media (prefers-color-scheme: dark){:root{--tabula-bg:#1f1a17;--tabula-fg:#f1e9e4;--tabula-accent:#ffb4a3}}";
  document.head.append(style);
})();
