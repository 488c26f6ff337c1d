// The phone bench's probe (bench/phone.py), run in every page before Flutter. It tells when what a tap
// changed is drawn without Flutter's accessibility tree (a phone has it off unless a screen reader
// runs, and it costs work in every frame): the message from Python (the server's WebSocket, or the
// static app's Python worker) that carries the new value, then the first frame Flutter draws after it
// (its pictures drawn by the render worker, where there is one), then the browser's next frame, which
// puts them on the screen. `arm(pattern)` starts a watch; its result is in `window.__phone.watch`.
// A watch on the first screen (`__START__`, a regular expression) runs from the page's start.
(() => {
  const now = () => performance.now();
  const raf = window.requestAnimationFrame.bind(window);
  const bytes = new TextDecoder("latin1");  // one character per byte: UTF-8 text is found as its bytes
  const P = window.__phone = {
    requested: 0,  // when Flutter last asked for a frame
    renders: 0,    // pictures at the render worker, not drawn yet
    posted: 0, drawn: 0,  // pictures sent to the render worker and drawn by it so far (in order)
    ins: 0, outs: 0, last_in: 0,  // messages from and to Python; when the last one came
    down: null,    // the last pointerdown
    last_frame: 0, last_render: 0,  // when the last frame ended, the render worker last drew
    watch: null,
  };

  // A watch: `pattern` (a regular expression over the message's bytes) in a message from Python, then
  // the frames after it. Every time is performance.now() of this page.
  P.arm = (source, tree) => {
    P.watch = {pattern: new RegExp(source), since: now(), down: null, sent: null, hit: null,
               frame: null, pictures: 0, raster: null, drawn: null, frames: [], tree_target: tree || null, tree: null};
    if (tree) watchTree(P.watch);
    return P.watch.since;
  };
  // At rest: no pictures at the render worker, and neither a frame asked for nor a message from Python
  // for `quiet` ms (Python may answer a tap in several messages, some only after an animation ends).
  P.idle = (quiet) => P.renders === 0 && now() - Math.max(P.requested, P.last_in) >= quiet;
  // When the screen last changed: the last frame, or the render worker's last pictures.
  P.settled = () => Math.max(P.last_frame, P.last_render);

  function bytesOf(data) {
    if (data instanceof ArrayBuffer) return bytes.decode(new Uint8Array(data));
    if (ArrayBuffer.isView(data)) return bytes.decode(data);
    if (Array.isArray(data)) return data.map(bytesOf).join("\n");
    return "";
  }

  function heard(data) {  // a message from Python
    P.ins += 1;
    P.last_in = now();
    const w = P.watch;
    if (!w || w.hit !== null) return;
    if (w.pattern.test(bytesOf(data))) w.hit = now();
  }

  function told() {  // a message to Python
    P.outs += 1;
    const w = P.watch;
    if (w && w.sent === null && w.down !== null) w.sent = now();
  }

  window.addEventListener("pointerdown", () => {
    P.down = now();
    if (P.watch && P.watch.down === null) P.watch.down = P.down;
  }, true);

  // Flutter's frames: each animation-frame callback timed (build, layout, paint and, without a render
  // worker, drawing the pictures).
  window.requestAnimationFrame = (callback) => {
    P.requested = now();
    return raf((ts) => {
      const start = now();
      try {
        return callback(ts);
      } finally {
        frameDone(start, now());
      }
    });
  };

  function frameDone(start, end) {
    P.last_frame = end;
    const w = P.watch;
    if (!w || w.drawn !== null) return;
    w.frames.push([start, end]);
    if (w.hit === null || w.frame !== null || start < w.hit) return;
    w.frame = [start, end];
    w.pictures = P.posted;  // drawn once the render worker has drawn this many (it draws them in order)
    if (P.drawn >= w.pictures) shown(w, end);  // else once it has (below)
  }

  function shown(w, ready) {
    w.raster = ready;
    raf(() => { w.drawn = now(); });  // the browser's next frame puts them on the screen
  }

  function rendered() {
    P.renders -= 1;
    P.drawn += 1;
    P.last_render = now();
    const w = P.watch;
    if (w && w.frame !== null && w.raster === null && P.drawn >= w.pictures) shown(w, now());
  }

  // The accessibility tree shows `target` (only in the method's check, where the tree is on): as
  // bench/click_timer.js reads it.
  function watchTree(w) {
    const target = w.tree_target;
    const shows = () => {
      for (const e of document.querySelectorAll("flt-semantics, flt-semantics span")) {
        const label = e.getAttribute("aria-label") || "";
        if (label === target || label.startsWith(target + ". ")) return true;
        const t = e.textContent || "";
        if (e.tagName === "SPAN" && (t === target || t.startsWith(target + "\n"))) return true;
        if (e.tagName !== "SPAN" && t.startsWith(target + ". ")) return true;
      }
      return false;
    };
    const observer = new MutationObserver(() => {
      if (shows()) {
        observer.disconnect();
        w.tree = now();
      }
    });
    observer.observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
  }

  const WS = window.WebSocket;
  window.WebSocket = class extends WS {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (e) => heard(e.data));
    }
    send(data) { told(); return super.send(data); }
  };

  // Workers: Python's (the static app) and the render worker (pictures go there as 'renderPictures'
  // and come back as 'onRenderComplete', as tests/browser/harness.py reads them).
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    if (message && message.l === "renderPictures") { P.renders += 1; P.posted += 1; }
    else if (this.__python) told();
    return post.call(this, message, ...rest);
  };
  const BaseWorker = window.Worker;
  window.Worker = class extends BaseWorker {
    constructor(url, ...rest) {
      super(url, ...rest);
      this.__python = String(url).includes("python-worker");
      this.addEventListener("message", (e) => {
        if (e.data && e.data.l === "onRenderComplete") rendered();
        else if (this.__python && typeof e.data !== "string") heard(e.data);
      });
    }
  };

  const start = "__START__";
  if (start) {
    P.arm(start);
    P.watch.down = 0;  // timed from the page's start (performance.now() counts from the navigation)
    P.watch.sent = 0;
  }
})();
