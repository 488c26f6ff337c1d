// A Pyodide memory snapshot of Tabula, so that a start after the first one skips Python's own start and
// the imports of Flet and Tabula (web/build.py writes this build's version into the copy in dist/).
// - made once per build, after the app has started (web/tabula-boot.js asks for it at idle), in a worker
//   of its own, named "tabula-snapshot": Pyodide started, the app archive unpacked, Flet and Tabula
//   imported; nothing started, no data mounted (the games in /tabula are read from IndexedDB at every
//   start, after the snapshot), no JavaScript object held but the global paths Pyodide records itself;
// - kept in the service worker's cache of this build (`tabula-VERSION`), which a new build deletes;
// - Flet's worker (python-worker.js, patched by web/build.py) starts from it when there is one and it
//   loads, and from scratch otherwise; a snapshot that fails to start is deleted.
// Only memory is in a snapshot, not files: the worker unpacks the app archive at every start, as before.
const VERSION = "__VERSION__";
const CACHE = `tabula-${VERSION}`;
const KEY = new URL(`tabula-snapshot-${VERSION}.bin`, self.location.href).href;
// What the app imports on its way to the home screen (companion.web_main.run and the first screen).
const PRELOAD = `
import sys
sys.path.insert(0, "__pypackages__")
import companion.web_main
companion.web_main.preload()
# as a fresh start has them: Pyodide puts "" in front, Flet's start puts __pypackages__ before that
sys.path.remove("__pypackages__")
sys.path.remove("")
`;

function refuse(object) {
  // Every other JavaScript object would be a dangling reference in the next worker: no snapshot then.
  throw new Error(`a JavaScript object that a snapshot cannot hold: ${object}`);
}

async function stored() {
  if (!self.caches) return null;  // no Cache Storage (e.g. plain http on a LAN address)
  const hit = await (await caches.open(CACHE)).match(KEY);
  return hit ? new Uint8Array(await hit.arrayBuffer()) : null;
}

export async function forgetSnapshot() {
  if (self.caches) await (await caches.open(CACHE)).delete(KEY);
}

// loadPyodide(options), from the snapshot when there is one that starts.
export async function loadPyodideFast(loadPyodide, options) {
  let snapshot = null;
  try {
    if (!self.tabulaNoSnapshot) snapshot = await stored();  // (set after a failed start from one)
  } catch (error) {
    console.warn("tabula: no snapshot:", error);
  }
  if (snapshot) {
    const began = performance.now();
    try {
      const pyodide = await loadPyodide({ ...options, _loadSnapshot: snapshot, _snapshotDeserializer: refuse });
      // Not the same random numbers at every start.
      pyodide.runPython("import random; random.seed()");
      self.tabulaFromSnapshot = true;
      console.log(`tabula: Python started from the snapshot (${snapshot.length} bytes) in ` +
                  `${Math.round(performance.now() - began)} ms`);
      return pyodide;
    } catch (error) {
      console.warn("tabula: the snapshot did not start, starting Python anew:", error);
      await forgetSnapshot().catch(() => {});
    }
  }
  return loadPyodide(options);
}

// In the worker named "tabula-snapshot": make the snapshot unless there is one, answer {bytes, ms}.
async function makeSnapshot({ pyodideUrl, appPackageUrl }) {
  if (!self.caches) return { skipped: "no Cache Storage here" };
  const cache = await caches.open(CACHE);
  if (await cache.match(KEY)) return { skipped: "already made" };
  const began = performance.now();
  const { loadPyodide } = await import(pyodideUrl);
  const archive = fetch(appPackageUrl).then((r) => {
    if (!r.ok) throw new Error(`${appPackageUrl}: HTTP ${r.status}`);
    return r.arrayBuffer();
  });
  const pyodide = await loadPyodide({ _makeSnapshot: true });
  pyodide.unpackArchive(await archive, "gztar");
  pyodide.runPython(PRELOAD);
  const snapshot = pyodide.makeMemorySnapshot({ serializer: refuse });
  const ms = Math.round(performance.now() - began);
  await cache.put(KEY, new Response(snapshot, { headers: { "content-type": "application/octet-stream" } }));
  return { bytes: snapshot.length, ms };
}

if (self.name === "tabula-snapshot") {
  self.onmessage = (event) => {
    makeSnapshot(event.data).then((answer) => self.postMessage(answer),
                                  (error) => self.postMessage({ error: String(error) }));
  };
}
