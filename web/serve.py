"""`make web-serve`: dist/ served on this machine (127.0.0.1 unless told otherwise), as a static host would,
each large file sent gzip-compressed where the browser accepts it: the build stores NAME.gz beside NAME
(web/build.py), and a request for NAME gets those bytes with `Content-Encoding: gzip`. That is for the
pages no service worker answers (plain http on a LAN address); through the service worker the page asks
for NAME.gz itself and gets it as it is.

    python web/serve.py [--host HOST] [--port PORT] [--directory DIR]
"""

from __future__ import annotations

import argparse
import functools
import http.server
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


class Handler(http.server.SimpleHTTPRequestHandler):
    encoded: str | None = None  # the file whose compressed copy this answer sends
    compressed: str | None = None  # the file asked for has a compressed copy

    def parse_request(self) -> bool:
        self.encoded = self.compressed = None  # per request: a connection's requests share the handler
        return super().parse_request()

    def translate_path(self, path: str) -> str:
        found = super().translate_path(path)
        if os.path.isfile(found + ".gz"):
            self.compressed = found
            if "gzip" in self.headers.get("Accept-Encoding", ""):
                self.encoded = found
                return found + ".gz"
        return found

    def guess_type(self, path) -> str:
        return super().guess_type(self.encoded or path)

    def end_headers(self) -> None:
        if self.compressed:
            self.send_header("Vary", "Accept-Encoding")
            if self.encoded:
                self.send_header("Content-Encoding", "gzip")
        super().end_headers()


def server(directory: Path, host: str = "127.0.0.1", port: int = 8000) -> http.server.ThreadingHTTPServer:
    return http.server.ThreadingHTTPServer((host, port), functools.partial(Handler, directory=str(directory)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Serve Tabula's static web app (dist/).")
    parser.add_argument("--host", default="127.0.0.1", help="the address to listen on (default: this machine only)")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--directory", default=str(ROOT / "dist"))
    args = parser.parse_args(argv)
    with server(Path(args.directory), args.host, args.port) as httpd:
        print(f"Tabula (static web app) on http://{args.host}:{args.port}/", flush=True)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            pass
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
