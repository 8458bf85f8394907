"""Serve the repository root over HTTP on 127.0.0.1 (used by `make play` and the browser tests).

    python3 scripts/serve.py [--port 8000] [--coi] [--quiet]

Importable: `make_server(port=0)` returns a server bound to 127.0.0.1; run it
with `serve_forever()` in a thread and `shutdown()` it when the test ends.

The offline manifest (static/vendor/build.js and build.json, read by sw.js) is served computed from the files
as they are now, so an edit to the page gets a new build hash and the service worker picks it up.

Compression, as a static host does it: a file X with a precompressed X.br or X.gz beside it (scripts/vendor.py
writes them for static/vendor/) is sent as that copy when the request's Accept-Encoding allows (br first), with
Content-Encoding, the compressed Content-Length and Vary: Accept-Encoding; other compressible files of 1 kB or
more (the page's own, edited in place) are gzipped on the fly (cached until the file changes).
"""

import argparse
import datetime
import email.utils
import functools
import gzip
import importlib.util
import io
import os
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

PRECOMPRESSED = (("br", ".br"), ("gzip", ".gz"))  # Content-Encoding and suffix, in order of preference
COMPRESSIBLE = {".js", ".mjs", ".wasm", ".json", ".css", ".zip", ".html", ".py", ".toml", ".txt", ".svg", ".map"}
COMPRESS_MIN = 1024
ON_THE_FLY_MAX = 4_000_000  # larger files without a precompressed copy are sent as they are
_gzipped: dict[str, tuple] = {}  # path -> ((mtime_ns, size), gzip bytes)
_gzip_lock = threading.Lock()


def accepted_encodings(header):
    """The content codings an Accept-Encoding header allows ({"gzip", "br"} from "gzip, deflate, br;q=1")."""
    codings = set()
    for part in (header or "").split(","):
        name, _, params = part.strip().partition(";")
        quality = params.strip()
        if quality.startswith("q="):
            try:
                if float(quality[2:]) <= 0:
                    continue
            except ValueError:
                continue
        if name.strip():
            codings.add(name.strip().lower())
    return codings


def gzipped(path, stat):
    """gzip of the file at `path` (cached by size and mtime)."""
    key = (stat.st_mtime_ns, stat.st_size)
    with _gzip_lock:
        cached = _gzipped.get(path)
    if cached and cached[0] == key:
        return cached[1]
    with open(path, "rb") as file:
        data = gzip.compress(file.read(), compresslevel=6, mtime=0)
    with _gzip_lock:
        _gzipped[path] = (key, data)
    return data


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
        self.send_header("Vary", "Accept-Encoding")
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
        encoded = self.send_encoded()
        return encoded if encoded is not False else super().send_head()

    def send_encoded(self):
        """Send the head of a compressed response and return its body; False when the file goes as it is."""
        file = self.translate_path(self.path)
        if os.path.isdir(file) and urllib.parse.urlsplit(self.path).path.endswith("/"):
            file = os.path.join(file, "index.html")
        if not os.path.isfile(file):
            return False
        stat = os.stat(file)
        accepts = accepted_encodings(self.headers.get("Accept-Encoding"))
        body = None
        for coding, suffix in PRECOMPRESSED:
            copy = file + suffix
            if coding in accepts and os.path.isfile(copy) and os.stat(copy).st_mtime >= stat.st_mtime:
                body = open(copy, "rb")  # the caller closes it
                length = os.fstat(body.fileno()).st_size
                break
        else:
            compressible = os.path.splitext(file)[1] in COMPRESSIBLE
            if "gzip" not in accepts or not compressible or not COMPRESS_MIN <= stat.st_size <= ON_THE_FLY_MAX:
                return False
            coding, data = "gzip", gzipped(file, stat)
            body, length = io.BytesIO(data), len(data)
        if self.not_modified(stat):
            body.close()
            self.send_response(304)
            self.end_headers()
            return None
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(file))
        self.send_header("Content-Encoding", coding)
        self.send_header("Content-Length", str(length))
        self.send_header("Last-Modified", self.date_time_string(stat.st_mtime))
        self.end_headers()
        return body

    def not_modified(self, stat):
        """If-Modified-Since (without If-None-Match) is at or after the file's time, as SimpleHTTPRequestHandler."""
        if "If-Modified-Since" not in self.headers or "If-None-Match" in self.headers:
            return False
        try:
            since = email.utils.parsedate_to_datetime(self.headers["If-Modified-Since"])
        except (TypeError, IndexError, OverflowError, ValueError):
            return False
        if since.tzinfo is None:
            since = since.replace(tzinfo=datetime.UTC)
        modified = datetime.datetime.fromtimestamp(stat.st_mtime, datetime.UTC).replace(microsecond=0)
        return modified <= since

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
