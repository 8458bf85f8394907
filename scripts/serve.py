"""Serve the repository root over HTTP on 127.0.0.1 (used by `make play` and the browser tests).

    python3 scripts/serve.py [--port 8000] [--coi] [--quiet]

Importable: `make_server(port=0)` returns a server bound to 127.0.0.1; run it
with `serve_forever()` in a thread and `shutdown()` it when the test ends.
"""

import argparse
import functools
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import ClassVar

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"


class Handler(SimpleHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive: one connection for the many runtime files
    extensions_map: ClassVar[dict[str, str]] = {
        **SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",  # needed for streaming compilation and its code cache
        ".json": "application/json",
        ".toml": "application/toml",
        ".py": "text/x-python",
        ".zip": "application/zip",
    }
    coi = False  # send cross-origin-isolation headers (only to compare; the game must not need them)
    quiet = False

    def end_headers(self):
        # Revalidate every time (cheap 304s): never a stale engine after an edit.
        self.send_header("Cache-Control", "no-cache")
        if self.coi:
            self.send_header("Cross-Origin-Opener-Policy", "same-origin")
            self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        super().end_headers()

    def log_message(self, format, *args):
        if not self.quiet:
            super().log_message(format, *args)


def make_server(port=0, directory=ROOT, coi=False, quiet=True):
    handler = type("Handler", (Handler,), {"coi": coi, "quiet": quiet})
    return ThreadingHTTPServer((HOST, port), functools.partial(handler, directory=str(directory)))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--coi", action="store_true", help="send COOP/COEP headers (for comparison only)")
    parser.add_argument("--quiet", action="store_true", help="do not log requests")
    args = parser.parse_args()
    with make_server(args.port, coi=args.coi, quiet=args.quiet) as server:
        print(f"Serving Spades at http://{HOST}:{server.server_port}/", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    main()
