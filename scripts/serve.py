"""Serve the repository root over HTTP on 127.0.0.1 (used by `make play` and the browser tests).

    python3 scripts/serve.py [--port 8000] [--coi] [--quiet]

Importable: `make_server(port=0)` returns a server bound to 127.0.0.1; run it
with `serve_forever()` in a thread and `shutdown()` it when the test ends.

The offline manifest (static/vendor/build.js and build.json, read by sw.js) is served computed from the files
as they are now, so an edit to the page gets a new build hash and the service worker picks it up.
"""

import argparse
import functools
import importlib.util
import io
import sys
import threading
import urllib.parse
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import ClassVar

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
MANIFEST_URLS = {"/static/vendor/build.js": "text/javascript", "/static/vendor/build.json": "application/json"}

_manifests: dict[str, tuple] = {}  # directory -> (file signature, {"build.json": text, "build.js": text})
_manifest_lock = threading.Lock()


def _vendor():
    spec = importlib.util.spec_from_file_location("spades_vendor", Path(__file__).with_name("vendor.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def manifest_texts(directory):
    """build.json's and build.js's text for the files in `directory` now; None without static/vendor/."""
    directory = Path(directory)
    if not (directory / "static" / "vendor").is_dir():
        return None
    vendor = _vendor()
    with _manifest_lock:
        signature = vendor.file_signature(directory)
        cached = _manifests.get(str(directory))
        if cached is None or cached[0] != signature:
            cached = (signature, vendor.manifest_texts(directory))
            _manifests[str(directory)] = cached
        return cached[1]


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

    def send_head(self):
        path = urllib.parse.unquote(urllib.parse.urlsplit(self.path).path)
        if path in MANIFEST_URLS:
            texts = manifest_texts(self.directory)
            if texts is not None:
                body = texts[path.rsplit("/", 1)[1]].encode()
                self.send_response(200)
                self.send_header("Content-Type", MANIFEST_URLS[path])
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                return io.BytesIO(body)
        return super().send_head()

    def log_message(self, format, *args):
        if not self.quiet:
            super().log_message(format, *args)


class Server(ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        # A browser that closes a connection mid-response (a test closing its page) is not an error.
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


def make_server(port=0, directory=ROOT, coi=False, quiet=True):
    handler = type("Handler", (Handler,), {"coi": coi, "quiet": quiet})
    return Server((HOST, port), functools.partial(handler, directory=str(directory)))


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
