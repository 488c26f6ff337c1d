// Tabula's additions to Flet's page in the static web app (web/build.py puts this after python.js).
// Once Python runs (so every file of the first load has been fetched), register our service worker
// and tell it which CanvasKit build this browser chose, then ask the browser to keep our storage.
// `window.tabulaOffline` resolves to {version, cached} once the app can start offline (or {error}).
(() => {
  let resolveOffline;
  window.tabulaOffline = new Promise((resolve) => { resolveOffline = resolve; });

  const connect = globalThis.jsConnect;
  globalThis.jsConnect = async function (...args) {
    const result = await connect.apply(this, args);
    prepareOffline().then(resolveOffline, (error) => resolveOffline({ error: String(error) }));
    keepStorage();
    return result;
  };

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

  function keepStorage() {
    // Games live in IndexedDB: ask the browser not to evict them under storage pressure.
    if (navigator.storage && navigator.storage.persist) {
      navigator.storage.persist().catch(() => {});
    }
  }
})();
