// Tabula's additions to Flet's page in the static web app (web/build.py puts this after python.js).
// Python and Flutter (flutter_bootstrap.js) are started from here, on a first visit once our service
// worker (sw.js) answers the page's requests: it fetches the large files compressed (web/build.py).
// Once Python runs, tell the worker which CanvasKit build this browser chose (it then caches the rest
// of the build for offline starts), then ask the browser to keep our storage.
// `window.tabulaOffline` resolves to {version, cached} once the app can start offline (or {error}).
// Then, at idle, a memory snapshot of Python is made for the next starts (web/tabula-snapshot.js):
// `window.tabulaSnapshot` resolves to {bytes, ms}, {skipped} or {error}.
(() => {
  const CLAIM_WAIT_MS = 10000;  // a service worker that does not take the page by then: without it
  let resolveOffline, resolveSnapshot;
  window.tabulaOffline = new Promise((resolve) => { resolveOffline = resolve; });
  window.tabulaSnapshot = new Promise((resolve) => { resolveSnapshot = resolve; });

  // Python starts with the page: Flet's python.js starts it only when Flutter connects, after Flutter
  // has loaded and drawn its first frame, so the two loaded one after the other. The worker and its
  // first message are python.js's own; Flutter's connect adopts the running worker when it asks for the
  // same start (it asks for `{}`), and python.js's own start remains for anything else.
  const EARLY_ARGS = {};
  let early = null;
  // A guest phone at a table with no computer (web/tabula-table.js) runs no Python: Flutter's connection
  // goes to the inviting phone's.
  const guest = window.tabulaTable && window.tabulaTable.guest;
  underServiceWorker().then(() => {
    if (!guest) early = startPython(EARLY_ARGS);
    loadFlutter();
  });

  const connect = globalThis.jsConnect;
  globalThis.jsConnect = async function (appId, args, dartOnMessage) {
    if (guest) {
      await window.tabulaTable.connect(appId, args, together(dartOnMessage));
      prepareOffline().then(resolveOffline, (error) => resolveOffline({ error: String(error) }));
      resolveSnapshot({ skipped: "a guest at a table runs no Python" });
      return;
    }
    const deliver = together(dartOnMessage);
    const adopted = adopt(appId, args, deliver);
    if (!adopted && early && !early.adopted) early.worker.terminate();  // not the start Flutter asked for
    const result = await (adopted || connect.call(this, appId, args, deliver));
    prepareOffline().then((ready) => {
      resolveOffline(ready);
      // The snapshot is kept in the service worker's cache of this build: only with one.
      if (ready.error) resolveSnapshot({ skipped: ready.error });
      else atIdle(() => makeSnapshot().then(resolveSnapshot));
    }, (error) => {
      resolveOffline({ error: String(error) });
      resolveSnapshot({ skipped: String(error) });
    });
    keepStorage();
    return result;
  };

  // The first visit: the page is not yet our service worker's, and the large files come compressed only
  // through it, so it is registered and the page waits until it is answered by it (sw.js's install
  // fetches nothing then, its activation claims the page). Not where there is no service worker (plain
  // http on a LAN address) or the page bypasses one that is there (a forced reload): the files as they are.
  async function underServiceWorker() {
    const workers = navigator.serviceWorker;
    if (!workers || workers.controller) return;
    const began = performance.now();
    try {
      const registered = await workers.getRegistration();
      if (registered && registered.active) return;
      const claimed = new Promise((resolve) => workers.addEventListener("controllerchange", resolve, { once: true }));
      await workers.register("sw.js");
      await Promise.race([claimed, new Promise((resolve) => setTimeout(resolve, CLAIM_WAIT_MS))]);
      console.log(`tabula: the service worker ${workers.controller ? "answers" : "does not answer"} the page ` +
                  `after ${Math.round(performance.now() - began)} ms`);
    } catch (error) {
      console.warn("tabula: no service worker:", error);
    }
  }

  function loadFlutter() {
    const script = document.createElement("script");
    script.src = "flutter_bootstrap.js";
    script.async = true;
    document.head.append(script);
  }

  // Python sends messages that must be drawn in one frame as one array (companion/web_main.py: a change
  // IndexedDB refused and its revert): Flutter gets them one after the other in the same task, before
  // it draws again.
  function together(dartOnMessage) {
    return (data) => (Array.isArray(data) ? data.forEach((frame) => dartOnMessage(frame)) : dartOnMessage(data));
  }

  // Python's messages for the table with no computer (web/tabula-table.js): true if it was one.
  function forTable(data, worker) {
    if (!data || typeof data.tabula !== "string") return false;
    window.tabulaTable.heard(data, worker);
    return true;
  }

  function startPython(args) {
    const base = flet.entrypointBaseUrl.endsWith("/") ? flet.entrypointBaseUrl.slice(0, -1) : flet.entrypointBaseUrl;
    const worker = new Worker(base + "/python-worker.js", { type: "module" });
    const held = [];  // what Python sends before Flutter has connected
    let settle;
    const initialized = new Promise((resolve) => { settle = resolve; });
    worker.onmessage = (event) => (typeof event.data === "string" ? settle(event.data)
      : forTable(event.data, worker) || held.push(event.data));
    worker.postMessage({
      pyodideUrl: flet.pyodideUrl || "pyodide/pyodide.mjs", args, documentUrl: document.URL,
      appPackageUrl: flet.appPackageUrl, micropipIncludePre: flet.micropipIncludePre,
      pythonModuleName: flet.pythonModuleName,
    });
    return { worker, held, initialized, args: JSON.stringify(args), adopted: false };
  }

  function adopt(appId, args, dartOnMessage) {
    // `_apps` is python.js's table of connections, which its jsSend and jsDisconnect read.
    if (!early || early.adopted || typeof _apps !== "object" || JSON.stringify(args ?? {}) !== early.args) return null;
    early.adopted = true;
    _apps[appId] = { dartOnMessage, worker: early.worker };
    console.log("tabula: Python started with the page");
    return (async () => {
      const status = await early.initialized;
      early.worker.onmessage = (event) => {
        if (typeof event.data !== "string" && !forTable(event.data, early.worker)) dartOnMessage(event.data);
      };
      early.held.splice(0).forEach((data) => dartOnMessage(data));
      if (status !== "initialized") {
        await jsDisconnect(appId);
        throw status;
      }
    })();
  }

  async function prepareOffline() {
    // Service workers need https or localhost: served on a plain http LAN address the app runs but
    // cannot start offline or be installed.
    if (!("serviceWorker" in navigator)) return { error: "no service worker in this context" };
    await navigator.serviceWorker.register("sw.js");
    const ready = await navigator.serviceWorker.ready;
    // Flutter's build and renderer files depend on the browser: cache the ones this page loaded.
    const used = performance.getEntriesByType("resource").map((e) => e.name)
      .filter((url) => url.startsWith(document.baseURI) && /\/(canvaskit\/|main\.dart\.)/.test(url));
    const channel = new MessageChannel();
    const answer = new Promise((resolve) => { channel.port1.onmessage = (e) => resolve(e.data); });
    ready.active.postMessage({ cache: used }, [channel.port2]);
    return answer;
  }

  function atIdle(task) {
    if (globalThis.requestIdleCallback) requestIdleCallback(task, { timeout: 5000 });
    else setTimeout(task, 1000);
  }

  function makeSnapshot() {
    // In a worker of its own, so that the app goes on meanwhile; it ends once the snapshot is stored.
    const base = flet.entrypointBaseUrl.endsWith("/") ? flet.entrypointBaseUrl.slice(0, -1) : flet.entrypointBaseUrl;
    const worker = new Worker(base + "/tabula-snapshot.js", { type: "module", name: "tabula-snapshot" });
    return new Promise((resolve) => {
      worker.onmessage = (event) => resolve(event.data);
      worker.onerror = (event) => resolve({ error: String(event.message || "the snapshot worker failed") });
      worker.postMessage({ pyodideUrl: flet.pyodideUrl || "pyodide/pyodide.mjs", appPackageUrl: flet.appPackageUrl });
    }).then((answer) => {
      worker.terminate();
      if (answer.bytes) console.log(`tabula: snapshot made, ${answer.bytes} bytes in ${answer.ms} ms`);
      else console.log("tabula: no snapshot made:", answer.skipped || answer.error);
      return answer;
    });
  }

  function keepStorage() {
    // Games live in IndexedDB: ask the browser not to evict them under storage pressure.
    if (navigator.storage && navigator.storage.persist) {
      navigator.storage.persist().catch(() => {});
    }
  }
})();
