// A Pyodide memory snapshot of Tabula, so that a start after the first one skips Python's own start and
// the imports of Flet and Tabula (web/build.py writes this build's version into the copy in dist/).
// - made once per build, after the app has started (web/tabula-boot.js asks for it at idle), in a worker
//   of its own, named "tabula-snapshot": Pyodide started, the app archive unpacked, Flet and Tabula
//   imported; nothing started, no data mounted (the games in /tabula are read from IndexedDB at every
//   start, after the snapshot), no JavaScript object held but the global paths Pyodide records itself;
// - kept in the service worker's cache of this build (`tabula-VERSION`), which a new build deletes;
// - Flet's worker (python-worker.js, patched by web/build.py) starts from it when there is one and it
//   loads, and from scratch otherwise; a snapshot that fails to start is deleted.
// Only memory is in a snapshot, not files: the worker unpacks the app archive at every start, here in
// JavaScript (unpackApp: 0.15 s here where Python's tarfile in Pyodide took 0.4-0.5 s).
const VERSION = "__VERSION__";
const CACHE = `tabula-${VERSION}`;
const KEY = new URL(`tabula-snapshot-${VERSION}.bin`, self.location.href).href;
// What the app imports on its way to the home screen (companion.web_main.run and the first screen).
const PRELOAD = `
import sys
sys.path.insert(0, "__pypackages__")
import companion.web_main
companion.web_main.preload([])  # web/build.py writes in the names of Flet's the app uses
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

// The app archive (app.tar.gz, as web/build.py writes it: regular files, GNU tar) into the working
// directory. False where it is not for us to unpack (Flet's start then fetches and unpacks it in Python).
export async function unpackApp(pyodide, url, args) {
  if (!globalThis.DecompressionStream || (args && ("script" in args || "app_package_url" in args))) return false;
  try {
    await unpack(pyodide, url);
    return true;
  } catch (error) {  // Python's unpacking then writes every file anew
    console.warn("tabula: the app archive was not unpacked in JavaScript:", error);
    return false;
  }
}

async function unpack(pyodide, url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const tar = new Uint8Array(await new Response(response.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
  const FS = pyodide.FS;
  const home = FS.cwd();
  const text = new TextDecoder();
  const field = (bytes) => text.decode(bytes.subarray(0, bytes.indexOf(0) < 0 ? bytes.length : bytes.indexOf(0)));
  let longName = null;
  for (let at = 0; at + 512 <= tar.length;) {
    const header = tar.subarray(at, at + 512);
    if (header[0] === 0) break;  // the end-of-archive blocks
    const size = parseInt(field(header.subarray(124, 136)).trim() || "0", 8);
    const type = String.fromCharCode(header[156] || 48);
    const body = tar.subarray(at + 512, at + 512 + size);
    at += 512 + Math.ceil(size / 512) * 512;
    if (type === "L") {  // GNU: the next member's long name
      longName = field(body);
      continue;
    }
    const name = longName ?? field(header.subarray(0, 100));
    longName = null;
    if (name.startsWith("/") || name.split("/").includes("..")) throw new Error(`app archive: bad name ${name}`);
    const path = `${home}/${name}`;
    if (type === "5") {
      FS.mkdirTree(path);
    } else if (type === "0") {
      FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
      FS.writeFile(path, body);
    } else {
      throw new Error(`app archive: member ${name} of type ${type}`);
    }
  }
}

// In the worker named "tabula-snapshot": make the snapshot unless there is one, answer {bytes, ms}.
async function makeSnapshot({ pyodideUrl, appPackageUrl }) {
  if (!self.caches) return { skipped: "no Cache Storage here" };
  const cache = await caches.open(CACHE);
  if (await cache.match(KEY)) return { skipped: "already made" };
  const began = performance.now();
  const { loadPyodide } = await import(pyodideUrl);
  const pyodide = await loadPyodide({ _makeSnapshot: true });
  if (!(await unpackApp(pyodide, appPackageUrl))) {
    const response = await fetch(appPackageUrl);
    if (!response.ok) throw new Error(`${appPackageUrl}: HTTP ${response.status}`);
    pyodide.unpackArchive(await response.arrayBuffer(), "gztar");
  }
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
