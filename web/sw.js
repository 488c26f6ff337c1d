// Tabula's service worker: after the first visit the app starts from this cache, network or not.
// web/build.py writes this build's version, its file list and its compressed files into the copy in dist/.
// - the large files are fetched as the gzip-compressed copies the build stores beside them (NAME.gz),
//   unpacked here and cached and answered under their own name and type: a first visit transfers about
//   half the bytes whether the host compresses or not;
// - on the first visit nothing is fetched at install: the page waits for this worker (web/tabula-boot.js),
//   its requests fill the cache, and once Python runs it asks for the rest ("message");
// - install of a new build: every file of the build, asked of the server again ("no-cache": a file
//   already in the browser's HTTP cache costs a 304, and a copy from an older build can never slip in);
// - Flutter's build the page chose (dart2js or dart2wasm, and its renderer) is added when the page
//   reports it: a browser uses one of them;
// - requests are answered from the cache, then the network; a page load always gets index.html;
// - a new build installs beside the old one and takes over at once (the running app keeps what it
//   loaded; the next start is the new version); then the old cache is deleted;
// - what it answers carries the headers that make the page cross-origin isolated (ISOLATED).
const VERSION = "__VERSION__";
const FILES = [/* __FILES__ */];
const COMPRESSED = {/* __COMPRESSED__ */};  // path in the site: its Content-Type
const CACHE = `tabula-${VERSION}`;
const SCOPE = self.registration.scope;
const INDEX = new URL("./", SCOPE).href;
const FLUTTER_BUILD = /\/(canvaskit\/|main\.dart\.)/;  // as web/tabula-boot.js reports them
const storing = new Map();  // url: a response being unpacked into the cache
// The page cross-origin isolated, as the server app's is (Flet's server sends these): Flutter's renderer
// then draws in a worker of its own instead of on the page's main thread, between the page's frames. A
// static host does not send them; this worker adds them to everything it answers (a first visit, loaded
// before it runs, is not isolated). The app asks no other site, so require-corp blocks nothing.
const ISOLATED = { "Cross-Origin-Opener-Policy": "same-origin", "Cross-Origin-Embedder-Policy": "require-corp" };

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const older = (await caches.keys()).filter((key) => key.startsWith("tabula-") && key !== CACHE);
    const cache = await caches.open(CACHE);
    if (self.registration.active) {  // an update: the next start must find everything, offline too
      await Promise.all(FILES.map((f) => store(cache, new URL(f, SCOPE).href)));
      // The Flutter build this browser uses is known from the old cache (the page reports it to the
      // worker that is active, the old one); fetch this version's copy, so that it starts offline too.
      for (const key of older) {
        for (const old of await (await caches.open(key)).keys()) {
          if (FLUTTER_BUILD.test(old.url)) await store(cache, old.url);
        }
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

// From the page once Python runs: the Flutter files it loaded; everything else of the build is added too.
self.addEventListener("message", (event) => {
  const urls = ((event.data && event.data.cache) || []).filter((u) => sameSite(u));
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await Promise.all([...storing.values()]);  // what the page's own requests are storing
    const all = [...new Set([...FILES.map((f) => new URL(f, SCOPE).href), ...urls])];
    await Promise.all(all.map(async (url) => { if (!(await cache.match(url))) await store(cache, url); }));
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
    const url = request.mode === "navigate" ? INDEX : request.url;
    if (storing.has(url)) await storing.get(url).catch(() => {});  // the same file asked twice: fetched once
    const hit = await cache.match(url);
    if (hit) return isolated(hit);
    const response = await fromSite(request.url, request);
    if (response.ok && (response.type === "basic" || response.type === "default")) {  // default: unpacked here
      event.waitUntil(keep(cache, request.url, response.clone()).catch(() => {}));
    }
    return isolated(response);
  })());
});

function isolated(response) {
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(ISOLATED)) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

// The file at `url` from the server, into the cache (fetched anew: "no-cache").
async function store(cache, url) {
  const response = await fromSite(url, new Request(url, { cache: "no-cache" }));
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  await keep(cache, url, response);
}

function keep(cache, url, response) {
  const put = cache.put(url, response).finally(() => storing.delete(url));
  storing.set(url, put);
  return put;
}

// The file `request` asks for: its compressed copy unpacked where the build made one, else as the server
// sends it.
async function fromSite(url, request) {
  const path = url.split(/[?#]/)[0];
  const type = COMPRESSED[path.slice(SCOPE.length)];
  if (type === undefined) return fetch(request);
  const packed = await fetch(new Request(`${path}.gz`, { cache: request.cache === "no-cache" ? "no-cache" : "default" }));
  if (!packed.ok) return packed;
  return new Response(await gunzipped(packed.body), { headers: { "content-type": type } });
}

// A host that decodes .gz itself (Content-Encoding: gzip) hands the fetch the file as it is: only bytes
// that begin as gzip does are unpacked.
async function gunzipped(body) {
  const reader = body.getReader();
  const head = [];  // the first chunks, until the first two bytes are known
  let done = false;
  while (!done && head.reduce((n, chunk) => n + chunk.length, 0) < 2) {
    const read = await reader.read();
    done = read.done;
    if (!done) head.push(read.value);
  }
  const start = new Uint8Array(head.flatMap((chunk) => [...chunk.subarray(0, 2)]));
  const stream = new ReadableStream({
    start(controller) {
      head.forEach((chunk) => controller.enqueue(chunk));
      if (done) controller.close();
    },
    async pull(controller) {
      const read = await reader.read();
      if (read.done) controller.close(); else controller.enqueue(read.value);
    },
    cancel(reason) { return reader.cancel(reason); },
  });
  const gzip = start[0] === 0x1f && start[1] === 0x8b;
  return gzip ? stream.pipeThrough(new DecompressionStream("gzip")) : stream;
}

function sameSite(url) {
  return url.startsWith(SCOPE);
}
