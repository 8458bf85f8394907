"""The offline manifest (scripts/vendor.py) and its serving (scripts/serve.py), on a small fake site."""

import json
import threading
import urllib.request
from pathlib import Path

from tests.helpers import load_script

ROOT = Path(__file__).resolve().parent.parent


vendor = load_script("vendor")
serve = load_script("serve")


def make_site(root: Path):
    files = {
        "index.html": "<!doctype html>",
        "pyscript.toml": "",
        "sw.js": "",
        "README.md": "",
        "static/app/main.py": "print(1)",
        "spades/i18n/messages.json": "{}",
        "spades/rules.py": "",
        "static/app/__pycache__/main.cpython-311.pyc": "",
        "static/.hidden": "",
        "static/vendor/pyodide/pyodide.asm.wasm": "wasm",
        "static/vendor/build.json": "{}",
        "static/vendor/build.js": "",
    }
    for path, text in files.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text)


def test_precache_list_is_the_page_static_and_the_catalog(tmp_path):
    make_site(tmp_path)
    assert vendor.precache_files(tmp_path) == [
        "index.html",
        "pyscript.toml",
        "spades/i18n/messages.json",
        "static/app/main.py",
        "static/vendor/pyodide/pyodide.asm.wasm",
    ]


def test_hash_follows_contents_and_names(tmp_path):
    make_site(tmp_path)
    first = vendor.manifest(tmp_path)
    assert first["bytes"] == len("<!doctype html>") + len("{}") + len("print(1)") + len("wasm")
    assert vendor.manifest(tmp_path) == first
    (tmp_path / "static" / "app" / "main.py").write_text("print(2)")
    second = vendor.manifest(tmp_path)
    assert second["hash"] != first["hash"] and second["files"] == first["files"]
    (tmp_path / "static" / "app" / "extra.py").write_text("")
    assert vendor.manifest(tmp_path)["hash"] not in (first["hash"], second["hash"])


def test_build_js_and_json_agree(tmp_path):
    make_site(tmp_path)
    written = vendor.write_manifest(tmp_path)
    script = (tmp_path / "static" / "vendor" / "build.js").read_text()
    assert script.split("self.SPADES_BUILD = ", 1)[1].strip() == json.dumps(written, indent=1)
    assert json.loads((tmp_path / "static" / "vendor" / "build.json").read_text()) == written


def test_server_serves_the_manifest_of_the_files_as_they_are(tmp_path):
    make_site(tmp_path)
    httpd = serve.make_server(port=0, directory=tmp_path)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{httpd.server_port}/static/vendor/"
    try:
        with urllib.request.urlopen(base + "build.json") as response:
            first = json.load(response)
        assert first == vendor.manifest(tmp_path)  # not the stale "{}" on disk
        (tmp_path / "static" / "app" / "main.py").write_text("print('edited')")
        with urllib.request.urlopen(base + "build.js?x=1") as response:
            assert response.headers["Content-Type"] == "text/javascript"
            text = response.read().decode()
        assert json.loads(text.split("self.SPADES_BUILD = ", 1)[1])["hash"] == vendor.manifest(tmp_path)["hash"]
        assert vendor.manifest(tmp_path)["hash"] != first["hash"]
    finally:
        httpd.shutdown()
        httpd.server_close()
