"""scripts/serve.py sends files compressed as a static host does, and scripts/vendor.py writes the copies it sends.

A precompressed X.br or X.gz beside X goes out when Accept-Encoding allows it, with Content-Encoding, its own
Content-Length and Vary: Accept-Encoding; other compressible files are gzipped on the fly; tiny files, other
types and clients that accept no coding get the file as it is.
"""

import gzip
import http.client
import threading
from pathlib import Path

import pytest

from tests.helpers import load_script

ROOT = Path(__file__).resolve().parent.parent


serve = load_script("serve")
vendor = load_script("vendor")

WASM = bytes(range(256)) * 64  # 16 kB
SCRIPT = b"export const x = 1;\n" * 200  # 4 kB


@pytest.fixture
def site(tmp_path):
    (tmp_path / "static" / "vendor").mkdir(parents=True)
    (tmp_path / "static" / "vendor" / "engine.wasm").write_bytes(WASM)
    (tmp_path / "static" / "app.js").write_bytes(SCRIPT)  # a page file: no precompressed copy
    (tmp_path / "static" / "tiny.js").write_bytes(b"1;\n")
    (tmp_path / "index.html").write_text("<!doctype html>" + "<p>spades</p>" * 100)
    vendor.compress(tmp_path / "static" / "vendor")
    httpd = serve.make_server(port=0, directory=tmp_path)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield tmp_path, httpd.server_port
    httpd.shutdown()
    httpd.server_close()


def get(port, path, accept=None, method="GET", headers=None):
    connection = http.client.HTTPConnection("127.0.0.1", port)
    sent = dict(headers or {})
    if accept is not None:
        sent["Accept-Encoding"] = accept
    connection.request(method, path, headers=sent)
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response, body


def test_vendor_writes_gzip_and_brotli_copies_of_compressible_files(site):
    root, _ = site
    wasm = root / "static" / "vendor" / "engine.wasm"
    assert gzip.decompress(wasm.with_name("engine.wasm.gz").read_bytes()) == WASM
    if vendor.brotli is not None:
        assert vendor.brotli.decompress(wasm.with_name("engine.wasm.br").read_bytes()) == WASM
    assert vendor.precache_files(root) == ["index.html", "static/app.js", "static/tiny.js", "static/vendor/engine.wasm"]


@pytest.mark.parametrize(
    ("accept", "coding"), [("gzip, deflate, br, zstd", "br"), ("gzip", "gzip"), ("br;q=0, gzip", "gzip")]
)
def test_a_precompressed_copy_goes_out_by_accept_encoding(site, accept, coding):
    root, port = site
    if coding == "br" and vendor.brotli is None:
        pytest.skip("no brotli module: no .br copies")
    response, body = get(port, "/static/vendor/engine.wasm", accept)
    copy = root / "static" / "vendor" / f"engine.wasm{'.br' if coding == 'br' else '.gz'}"
    assert response.status == 200
    assert response.headers["Content-Encoding"] == coding
    assert response.headers["Content-Type"] == "application/wasm"
    assert int(response.headers["Content-Length"]) == copy.stat().st_size == len(body) < len(WASM)
    assert "Accept-Encoding" in response.headers["Vary"]
    assert body == copy.read_bytes()


def test_without_accept_encoding_the_file_goes_as_it_is(site):
    _, port = site
    for accept in (None, "identity", "gzip;q=0, br;q=0"):
        response, body = get(port, "/static/vendor/engine.wasm", accept)
        assert response.headers.get("Content-Encoding") is None
        assert body == WASM and int(response.headers["Content-Length"]) == len(WASM)


def test_page_files_are_gzipped_on_the_fly_and_tiny_ones_are_not(site):
    root, port = site
    response, body = get(port, "/static/app.js", "gzip, br")
    assert response.headers["Content-Encoding"] == "gzip" and response.headers["Content-Type"] == "text/javascript"
    assert gzip.decompress(body) == SCRIPT and int(response.headers["Content-Length"]) == len(body)
    (root / "static" / "app.js").write_bytes(SCRIPT + b"// edited\n")  # an edit is sent at once
    assert gzip.decompress(get(port, "/static/app.js", "gzip")[1]) == SCRIPT + b"// edited\n"
    response, body = get(port, "/", "gzip")  # the site root is index.html
    assert response.headers["Content-Encoding"] == "gzip" and gzip.decompress(body).startswith(b"<!doctype html>")
    response, body = get(port, "/static/tiny.js", "gzip, br")
    assert response.headers.get("Content-Encoding") is None and body == b"1;\n"


def test_a_stale_copy_is_not_sent(site):
    root, port = site
    wasm = root / "static" / "vendor" / "engine.wasm"
    wasm.write_bytes(WASM[::-1])  # newer than its .gz and .br
    response, body = get(port, "/static/vendor/engine.wasm", "br, gzip")
    assert response.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(body) == WASM[::-1]  # gzipped afresh, not the old copy


def test_revalidation_and_head_of_a_compressed_file(site):
    _, port = site
    first, _ = get(port, "/static/vendor/engine.wasm", "gzip")
    since = {"If-Modified-Since": first.headers["Last-Modified"]}
    again, body = get(port, "/static/vendor/engine.wasm", "gzip", headers=since)
    assert again.status == 304 and body == b""
    head, body = get(port, "/static/vendor/engine.wasm", "gzip", method="HEAD")
    assert head.status == 200 and body == b"" and head.headers["Content-Length"] == first.headers["Content-Length"]
