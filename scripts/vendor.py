"""Fill static/vendor/ (generated, gitignored) for the browser. Run by `make setup`; safe to rerun.

- pyodide/, pyscript/, micropython/: the runtimes, copied from node_modules/
- spades.json: the engine's sources and data, {"spades/x.py": source, "spades/i18n/messages.json": text}, for the
  worker's filesystem
- spades-snapshot.bin.gz: a Pyodide memory snapshot with spades imported (scripts/snapshot.mjs);
  if it cannot be made, a warning, and the worker starts Pyodide the slow way
- trystero/: the online play's signalling library (core and BitTorrent-tracker strategy), loaded on demand
- versions.json: the runtime versions
- build.json, build.js: the offline manifest for sw.js, {"hash", "files", "bytes"}: every file the page
  needs and a hash of their contents (build.js is the same object as `self.SPADES_BUILD = ...` for the service
  worker's importScripts). `python3 scripts/vendor.py --manifest` remakes only these two; scripts/serve.py
  serves them computed afresh, so an edited page is never stuck in a browser's offline cache.
"""

import argparse
import hashlib
import json
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE = ROOT / "node_modules"
VENDOR = ROOT / "static" / "vendor"

# package in node_modules -> (folder under static/vendor, files or globs to copy)
RUNTIMES = {
    "pyodide": (
        "pyodide",
        ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"],
    ),
    "@pyscript/core": ("pyscript", ["dist/*.js", "dist/*.css"]),
    "@micropython/micropython-webassembly-pyscript": ("micropython", ["micropython.mjs", "micropython.wasm"]),
}


# Online play (docs/online.md): trystero's BitTorrent-tracker strategy and its core, browser ES modules. The
# strategy imports its core by package name; the copy points it at the file beside it, so no import map or
# bundler is needed. Loaded only when a person opens online play, so not precached (see precache_files).
TRYSTERO = {"@trystero-p2p/core": "core", "@trystero-p2p/torrent": "torrent"}


def copy_trystero(vendor):
    dest = vendor / "trystero"
    for package, name in TRYSTERO.items():
        source = NODE / package
        if not (source / "dist" / "index.mjs").exists():
            raise SystemExit(f"vendor: {package} is missing; run `npm ci`")
        (dest / name).mkdir(parents=True)
        shutil.copy2(source / "LICENSE", dest / name / "LICENSE")
        for file in sorted((source / "dist").glob("*.mjs")):
            text = file.read_text(encoding="utf-8").replace('from "@trystero-p2p/core"', 'from "../core/index.mjs"')
            (dest / name / file.name).write_text(text, encoding="utf-8")
    return json.loads((NODE / "@trystero-p2p/torrent/package.json").read_text())["version"]


def copy_runtimes(vendor):
    versions = {}
    for package, (target, patterns) in RUNTIMES.items():
        source = NODE / package
        versions[target] = json.loads((source / "package.json").read_text())["version"]
        dest = vendor / target
        dest.mkdir(parents=True)
        for pattern in patterns:
            files = sorted(source.glob(pattern))
            if not files:
                raise SystemExit(f"vendor: {package} has no {pattern}; run `npm ci`")
            for file in files:
                shutil.copy2(file, dest / file.name)
    (vendor / "versions.json").write_text(json.dumps(versions, indent=2) + "\n")
    return versions


ENGINE_FILES = ["*.py", "*.json"]  # under spades/, bundled into the worker's filesystem


def bundle_engine(vendor):
    # The modules and their data (spades/i18n/messages.json, read with importlib.resources).
    files = sorted(f for pattern in ENGINE_FILES for f in (ROOT / "spades").rglob(pattern))
    sources = {f.relative_to(ROOT).as_posix(): f.read_text(encoding="utf-8") for f in files}
    bundle = vendor / "spades.json"
    bundle.write_text(json.dumps(sources))
    snapshot = vendor / "spades-snapshot.bin.gz"
    made = subprocess.run(["node", str(ROOT / "scripts" / "snapshot.mjs"), str(bundle), str(snapshot)], check=False)
    if made.returncode:
        snapshot.unlink(missing_ok=True)
        print("vendor: WARNING: no Pyodide snapshot; the game will start ~3 s slower", file=sys.stderr)
    return len(sources)


# The offline manifest. Precached: these files at the root, the message catalog (package data the page fetches
# too), and everything under static/ (the page's scripts, styles, the engine client and worker, and
# static/vendor/: runtimes, engine bundle, snapshot).
ROOT_FILES = ["index.html", "pyscript.toml", "*.webmanifest", "favicon*", "spades/i18n/*.json"]
MANIFEST_FILES = {"build.json", "build.js"}  # not precached themselves (sw.js imports build.js)
SKIPPED_PARTS = {"__pycache__", ".DS_Store"}
ONLINE = ("static/online/", "static/vendor/trystero/", "static/app/online.py")  # loaded on demand: not precached


def precache_files(root=ROOT):
    """Paths (relative, POSIX) of every file the page needs, sorted."""
    root = Path(root)
    files = {f for pattern in ROOT_FILES for f in root.glob(pattern) if f.is_file()}
    files.update(f for f in (root / "static").rglob("*") if f.is_file())
    paths = []
    for file in files:
        relative = file.relative_to(root)
        if relative.parent == Path("static/vendor") and relative.name in MANIFEST_FILES:
            continue
        if SKIPPED_PARTS.intersection(relative.parts) or any(part.startswith(".") for part in relative.parts):
            continue
        if relative.as_posix().startswith(ONLINE):
            continue
        paths.append(relative.as_posix())
    return sorted(paths)


def file_signature(root=ROOT):
    """Cheap change detector for the manifest: (path, size, mtime) of every precached file."""
    root = Path(root)
    signature = []
    for path in precache_files(root):
        stat = (root / path).stat()
        signature.append((path, stat.st_size, stat.st_mtime_ns))
    return tuple(signature)


def manifest(root=ROOT):
    """{"hash": 16 hex digits over every path and content, "files": [...], "bytes": total size}."""
    root = Path(root)
    digest = hashlib.sha256()
    total = 0
    files = precache_files(root)
    for path in files:
        data = (root / path).read_bytes()
        total += len(data)
        digest.update(f"{path}\0{hashlib.sha256(data).hexdigest()}\n".encode())
    return {"hash": digest.hexdigest()[:16], "files": files, "bytes": total}


def manifest_texts(root=ROOT):
    """The text of build.json and of build.js, for the same manifest."""
    data = manifest(root)
    text = json.dumps(data, indent=1) + "\n"
    script = "// Generated by scripts/vendor.py: the offline manifest for sw.js.\nself.SPADES_BUILD = " + text
    return {"build.json": text, "build.js": script}


def write_manifest(root=ROOT):
    vendor = Path(root) / "static" / "vendor"
    texts = manifest_texts(root)
    for name, text in texts.items():
        (vendor / name).write_text(text)
    return json.loads(texts["build.json"])


def main():
    parser = argparse.ArgumentParser(description="Fill static/vendor/ for the browser.")
    parser.add_argument("--manifest", action="store_true", help="only remake build.json and build.js")
    args = parser.parse_args()
    if not args.manifest:
        # Built beside, then swapped in: a server running meanwhile (make play, tests) never sees half a folder.
        new, old = VENDOR.with_name(".vendor-new"), VENDOR.with_name(".vendor-old")
        shutil.rmtree(new, ignore_errors=True)
        shutil.rmtree(old, ignore_errors=True)
        new.mkdir(parents=True)
        versions = copy_runtimes(new)
        versions["trystero"] = copy_trystero(new)
        (new / "versions.json").write_text(json.dumps(versions, indent=2) + "\n")
        modules = bundle_engine(new)
        if VENDOR.exists():
            VENDOR.rename(old)
        new.rename(VENDOR)
        shutil.rmtree(old, ignore_errors=True)
        runtimes = ", ".join(f"{name} {version}" for name, version in versions.items())
        print(f"vendored {runtimes} and {modules} spades files")
    if not VENDOR.is_dir():
        raise SystemExit("vendor: no static/vendor/; run `python3 scripts/vendor.py` first")
    build = write_manifest()
    print(f"offline manifest {build['hash']}: {len(build['files'])} files, {build['bytes'] / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
