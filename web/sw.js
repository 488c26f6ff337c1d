// Tabula's service worker: after the first visit the app starts from this cache, network or not.
// web/build.py writes this build's version and its file list into the copy in dist/.
// - install: every file of the build, asked of the server again ("no-cache": a file already in the
//   browser's HTTP cache costs a 304, and a copy from an older build can never slip in);
// - Flutter's build the page chose (dart2js or dart2wasm, and its renderer) is added when the page
//   reports it: a browser uses one of them;
// - requests are answered from the cache, then the network; a page load always gets index.html;
// - a new build installs beside the old one and takes over at once (the running app keeps what it
//   loaded; the next start is the new version); then the old cache is deleted.
const VERSION = "__VERSION__";
const FILES = [/* __FILES__ */];
const CACHE = `tabula-${VERSION}`;
const INDEX = new URL("./", self.registration.scope).href;
const FLUTTER_BUILD = /\/(canvaskit\/|main\.dart\.)/;  // as web/tabula-boot.js reports them

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await cache.addAll(FILES.map((f) => new Request(new URL(f, self.registration.scope), { cache: "no-cache" })));
    // An update: the Flutter build this browser uses is known from the old cache (the page reports it to
    // the worker that is active, the old one); fetch this version's copy, so that it starts offline too.
    for (const key of await caches.keys()) {
      if (!key.startsWith("tabula-") || key === CACHE) continue;
      for (const old of await (await caches.open(key)).keys()) {
        if (FLUTTER_BUILD.test(old.url)) await cache.add(new Request(old.url, { cache: "no-cache" }));
      }
    }
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith("tabula-") && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  const urls = ((event.data && event.data.cache) || []).filter((u) => sameSite(u));
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    for (const url of urls) {
      if (!(await cache.match(url))) await cache.add(new Request(url, { cache: "no-cache" }));
    }
    const port = event.ports && event.ports[0];
    if (port) port.postMessage({ version: VERSION, cached: (await cache.keys()).length });
  })().catch((error) => {
    const port = event.ports && event.ports[0];
    if (port) port.postMessage({ error: String(error) });
  }));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !sameSite(request.url)) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(request.mode === "navigate" ? INDEX : request);
    if (hit) return hit;
    const response = await fetch(request);
    if (response.ok && response.type === "basic") await cache.put(request, response.clone());
    return response;
  })());
});

function sameSite(url) {
  return url.startsWith(self.registration.scope);
}
