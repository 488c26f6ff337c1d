// QR codes in the static web app's page, for phones that join a table (docs/architecture.md): drawn with
// lean-qr, read from the camera with jsQR (both in web/vendor/, shipped in dist/, nothing fetched from
// another site). A module, so deferred: it never delays the app's start. jsQR (250 kB) is loaded on the
// first scan only. `window.tabulaQR`:
// - svg(text, {error: "L" | "M"}) -> SVG markup of the code, black on white with a 4-module quiet zone,
//   sized by the caller's CSS;
// - scan({title, hint, cancel, denied, noCamera, insecure, failed, theme}) -> Promise of {text},
//   {cancelled: true} or {error: message, reason: "denied" | "noCamera" | "insecure" | "failed"}: a
//   full-screen camera view above Flutter's canvas until a code is read, Cancel is tapped or stop() is
//   called. Every text comes from the caller (the app is English and German; `error` is the caller's
//   text for `reason`), the English defaults are for a caller that gives none. theme "light" or "dark":
//   the app's own (a setting of Tabula's); without it, the system's;
// - stop(): ends a running scan, which resolves {cancelled: true}.
import { correction, generate } from "./vendor/lean-qr/index.mjs";

const QUIET = 4;  // modules of white around the code, as ISO 18004 asks
const READ_EVERY_MS = 250;  // a few reads a second: a slow phone keeps up and stays cool
const READ_SIDE = 480;  // px: the middle square of the camera's picture is read at this size at most
const OVERLAY_ID = "tabula-qr-scan";
const ERRORS = {
  denied: "The camera may not be used: allow it for this site in the browser's settings.",
  noCamera: "This phone has no camera that can be used.",
  insecure: "The camera can be used only when Tabula is opened at an https:// address.",
  failed: "The camera or the code reader could not be started.",
};

function svg(text, { error = "L" } = {}) {
  const code = generate(String(text), { minCorrectionLevel: correction[error] ?? correction.L });
  const side = code.size + 2 * QUIET;
  let path = "";
  for (let y = 0; y < code.size; y++) {
    for (let x = 0; x < code.size; x++) {
      if (code.get(x, y)) path += `M${x + QUIET} ${y + QUIET}h1v1h-1z`;
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" shape-rendering="crispEdges">` +
    `<rect width="${side}" height="${side}" fill="#fff"/><path fill="#000" d="${path}"/></svg>`;
}

let running = null;  // the scan on screen: {finish(result)}

function stop() {
  if (running) running.finish({ cancelled: true });
}

function scan(labels = {}) {
  stop();  // one camera view at a time
  return new Promise((resolve) => {
    const view = overlay(labels);
    let stream = null;
    let timer = null;
    const scanning = {
      finish(result) {
        if (running !== scanning) return;
        running = null;
        clearTimeout(timer);
        if (stream) stream.getTracks().forEach((track) => track.stop());
        view.root.remove();
        document.removeEventListener("keydown", onKey, true);
        resolve(result);
      },
    };
    const onKey = (event) => { if (event.key === "Escape") scanning.finish({ cancelled: true }); };
    running = scanning;
    view.cancel.addEventListener("click", () => scanning.finish({ cancelled: true }));
    document.addEventListener("keydown", onKey, true);
    document.body.append(view.root);
    view.cancel.focus({ focusVisible: false });  // for Enter and a screen reader, without a ring

    const failed = (reason) => scanning.finish({ error: labels[reason] || ERRORS[reason], reason });
    const started = camera().then((opened) => {
      stream = opened;  // from now on stopped by finish(), also when the reader fails to load
      if (running !== scanning) opened.getTracks().forEach((track) => track.stop());
      return opened;
    });
    Promise.all([started, reader()]).then(async ([opened, jsQR]) => {
      if (running !== scanning) return;
      view.video.srcObject = opened;
      await view.video.play();
      const canvas = document.createElement("canvas");
      const context = canvas.getContext("2d", { willReadFrequently: true });
      const read = () => {
        if (running !== scanning) return;
        const text = readFrame(view.video, canvas, context, jsQR);
        if (text !== null) scanning.finish({ text });
        else timer = setTimeout(read, READ_EVERY_MS);
      };
      read();
    }).catch((error) => failed(reasonOf(error)));
  });
}

// The back camera where the phone has one, else any ("ideal" falls back by itself).
async function camera() {
  if (!window.isSecureContext) {  // plain http on a LAN address: browsers give no camera there
    throw Object.assign(new Error("not a secure context"), { name: "InsecureError" });
  }
  if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) {
    throw Object.assign(new Error("no getUserMedia"), { name: "NotSupportedError" });
  }
  return navigator.mediaDevices.getUserMedia({
    audio: false,
    video: { facingMode: { ideal: "environment" }, width: { ideal: 1280 }, height: { ideal: 720 } },
  });
}

function reasonOf(error) {
  const name = error && error.name;
  if (name === "NotAllowedError" || name === "SecurityError") return "denied";
  if (name === "NotFoundError" || name === "OverconstrainedError" || name === "NotSupportedError") return "noCamera";
  if (name === "InsecureError") return "insecure";
  console.warn("tabula: the camera did not start:", error);
  return "failed";
}

let jsQRLoaded = null;

// jsQR on first use: its UMD wrapper sets self.jsQR when imported as a module.
function reader() {
  jsQRLoaded = jsQRLoaded || import("./vendor/jsqr/jsQR.js").then(() => self.jsQR);
  jsQRLoaded.catch(() => { jsQRLoaded = null; });  // a failed load is tried again at the next scan
  return jsQRLoaded;
}

// The text of a code in the middle square of the video's picture (what the viewfinder frames), read
// downscaled to READ_SIDE; null when there is none.
function readFrame(video, canvas, context, jsQR) {
  const width = video.videoWidth;
  const height = video.videoHeight;
  if (!width || !height) return null;
  const square = Math.min(width, height);
  const side = Math.min(square, READ_SIDE);
  canvas.width = canvas.height = side;
  context.drawImage(video, (width - square) / 2, (height - square) / 2, square, square, 0, 0, side, side);
  const pixels = context.getImageData(0, 0, side, side);
  const code = jsQR(pixels.data, side, side, { inversionAttempts: "dontInvert" });
  return code && code.data ? code.data : null;
}

function overlay({ title = "", hint = "", cancel = "Cancel", theme = "" }) {
  styles();
  const root = element("div", { id: OVERLAY_ID, class: theme, role: "dialog", "aria-modal": "true",
                                "aria-label": title });
  const head = element("div", { class: "head" });
  head.append(element("h1", {}, title), element("p", {}, hint));
  const stage = element("div", { class: "stage" });
  const video = element("video", { muted: "", playsinline: "", autoplay: "" });
  video.muted = true;
  stage.append(video, element("div", { class: "finder", "aria-hidden": "true" }));
  const foot = element("div", { class: "foot" });
  const button = element("button", { type: "button" }, cancel);
  foot.append(button);
  root.append(head, stage, foot);
  return { root, video, cancel: button };
}

function element(tag, attributes, text) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text) node.textContent = text;
  return node;
}

// Material 3 colours of the app's seed (#8c3b2a), light and dark; Roboto as the app draws it.
const DARK = `--surface: #1a110f; --on-surface: #f1dfdb; --on-surface-variant: #d8c2bd;
  --button: #73342a; --on-button: #ffdad4;`;
const CSS = `
@font-face { font-family: "Tabula Roboto"; src: url("assets/fonts/roboto.woff2") format("woff2"); }
#${OVERLAY_ID} {
  --surface: #fff8f6; --on-surface: #231917; --on-surface-variant: #534340;
  --button: #ffdad4; --on-button: #3a0b04;
  position: fixed; inset: 0; z-index: 2147483000; display: flex; flex-direction: column;
  background: var(--surface); color: var(--on-surface);
  font-family: "Tabula Roboto", Roboto, system-ui, sans-serif; -webkit-tap-highlight-color: transparent;
}
@media (prefers-color-scheme: dark) {
  #${OVERLAY_ID}:not(.light) { ${DARK} }
}
#${OVERLAY_ID}.dark { ${DARK} }
#${OVERLAY_ID} .head { padding: calc(16px + env(safe-area-inset-top)) 24px 12px; }
#${OVERLAY_ID} h1 { margin: 0; font-size: 22px; line-height: 28px; font-weight: 400; }
#${OVERLAY_ID} p { margin: 4px 0 0; font-size: 14px; line-height: 20px; color: var(--on-surface-variant); }
#${OVERLAY_ID} .stage { position: relative; flex: 1; overflow: hidden; background: #000;
  margin: 0 16px; border-radius: 28px; }
#${OVERLAY_ID} video { position: absolute; inset: 0; width: 100%; height: 100%; object-fit: cover; }
#${OVERLAY_ID} .finder { position: absolute; left: 50%; top: 50%; width: min(72vw, 56vh, 420px);
  aspect-ratio: 1; transform: translate(-50%, -50%); border: 3px solid #fff; border-radius: 24px;
  box-shadow: 0 0 0 100vmax rgba(0, 0, 0, 0.45); }
#${OVERLAY_ID} .foot { padding: 16px 24px calc(24px + env(safe-area-inset-bottom)); }
#${OVERLAY_ID} button { display: block; width: 100%; min-height: 56px; border: 0; border-radius: 28px;
  background: var(--button); color: var(--on-button); font: inherit; font-size: 16px; font-weight: 500;
  letter-spacing: 0.1px; cursor: pointer; }
#${OVERLAY_ID} button:focus-visible { outline: 3px solid var(--on-surface); outline-offset: 2px; }
`;

function styles() {
  if (document.getElementById(`${OVERLAY_ID}-style`)) return;
  const style = element("style", { id: `${OVERLAY_ID}-style` });
  style.textContent = CSS;
  document.head.append(style);
}

window.tabulaQR = { svg, scan, stop };
