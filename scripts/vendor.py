"""Fill static/vendor/ (generated, gitignored) for the browser. Run by `make setup`; safe to rerun.

- pyodide/, pyscript/, micropython/: the runtimes, copied from node_modules/; of Pyodide only what the engine
  worker loads: no pyodide-lock.json (the worker passes the lock file's `info` itself, and no packages) and,
  instead of python_stdlib.zip, engine_stdlib.zip: only the standard-library modules Pyodide imports at start
  and the engine imports (measured by scripts/compile.mjs, plus STDLIB_EXTRA), as .pyc, stored uncompressed so
  that the server's compression works on the whole file. If that fails: a warning, and the whole stdlib.
- spades.zip: the engine package (each module as its .pyc, no sources, and data such as
  spades/i18n/messages.json), which the worker puts on sys.path; scripts/compile.mjs compiles both zips with
  Pyodide's own Python, leaving the docstrings out of the code (fewer bytes before the first bid)
- engine-build.mjs: what the worker needs to know about this build: the key of its Pyodide memory snapshot
  (a hash of everything the snapshot depends on), the lock file's info, and the size of each file it downloads
  (as is, gzip and brotli), for the loading line's byte count
- *.gz, *.br beside every compressible file of 1 kB or more (gzip -9; brotli 11 when the `brotli` package is
  installed, as in the dev extra): what a static host would send; scripts/serve.py serves them by
  Accept-Encoding. Reused from the previous static/vendor/ when the file is the same, so a rebuild is quick.
- early/: the help in each language (rendered by the page's helpdoc.py), the engine's lists, every preset's
  rules and the lessons' titles, for the page before the engine is ready (scripts/early_data.py; remade by
  `--manifest` too, since the help and the catalog are page files)
- trystero/: the online play's signalling library (core, BitTorrent-tracker strategy, Nostr strategy and its
  signing library), loaded on demand
- sodium/: libsodium.js (sumo build), the group arithmetic of host-blind dealing, loaded on demand
- versions.json: the runtime versions
- build.json, build.js: the offline manifest for sw.js, {"hash", "files", "bytes"}: every file the page
  needs and a hash of their contents (build.js is the same object as `self.SPADES_BUILD = ...` for the service
  worker's importScripts). `python3 scripts/vendor.py --manifest` remakes only these two; scripts/serve.py
  serves them computed afresh, so an edited page is never stuck in a browser's offline cache.
"""

import argparse
import gzip
import hashlib
import json
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

try:
    import brotli
except ImportError:  # outside the dev extra: gzip only
    brotli = None

ROOT = Path(__file__).resolve().parent.parent
NODE = ROOT / "node_modules"
VENDOR = ROOT / "static" / "vendor"

# package in node_modules -> (folder under static/vendor, files or globs to copy)
RUNTIMES = {
    "pyodide": ("pyodide", ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm"]),
    "@pyscript/core": ("pyscript", ["dist/*.js", "dist/*.css"]),
    "@micropython/micropython-webassembly-pyscript": ("micropython", ["micropython.mjs", "micropython.wasm"]),
}


# Online play (docs/online.md): trystero's BitTorrent-tracker strategy and its core, browser ES modules. The
# strategy imports its core by package name; the copy points it at the file beside it, so no import map or
# bundler is needed. Loaded only when a person opens online play, so not precached (see precache_files).
# Nostr is the second strategy (a realm loads it only when no tracker answers); its one dependency, the signing
# library, is copied beside it the same way.
TRYSTERO = {"@trystero-p2p/core": "core", "@trystero-p2p/torrent": "torrent", "@trystero-p2p/nostr": "nostr"}
IMPORTS = {
    'from "@trystero-p2p/core"': 'from "../core/index.mjs"',
    'from "@noble/secp256k1"': 'from "../noble/index.mjs"',
}


def copy_trystero(vendor):
    dest = vendor / "trystero"
    for package, name in TRYSTERO.items():
        source = NODE / package
        if not (source / "dist" / "index.mjs").exists():
            raise SystemExit(f"vendor: {package} is missing; run `npm ci`")
        (dest / name).mkdir(parents=True)
        shutil.copy2(source / "LICENSE", dest / name / "LICENSE")
        for file in sorted((source / "dist").glob("*.mjs")):
            text = file.read_text(encoding="utf-8")
            for bare, relative in IMPORTS.items():
                text = text.replace(bare, relative)
            (dest / name / file.name).write_text(text, encoding="utf-8")
    noble = NODE / "@noble/secp256k1"
    if not (noble / "index.js").exists():
        raise SystemExit("vendor: @noble/secp256k1 is missing; run `npm ci`")
    (dest / "noble").mkdir()
    shutil.copy2(noble / "LICENSE", dest / "noble" / "LICENSE")
    shutil.copy2(noble / "index.js", dest / "noble" / "index.mjs")
    return json.loads((NODE / "@trystero-p2p/torrent/package.json").read_text())["version"]


# The group arithmetic of host-blind dealing (spades/table/group.py, docs/fair-play.md): libsodium.js, its "sumo"
# build (the only one with edwards25519's point arithmetic), an ES module with its WebAssembly inside. The
# wrapper imports the module by package name; the copy points it at the file beside it. static/group.mjs loads
# it in the engine worker at the first online operation, so it is not precached (ONLINE).
SODIUM = {"libsodium-wrappers-sumo": "libsodium-wrappers.mjs", "libsodium-sumo": "libsodium-sumo.mjs"}


def copy_sodium(vendor):
    dest = vendor / "sodium"
    dest.mkdir()
    for package, name in SODIUM.items():
        source = NODE / package / "dist" / "modules-sumo-esm" / name
        if not source.exists():
            raise SystemExit(f"vendor: {package} is missing; run `npm ci`")
        text = source.read_text(encoding="utf-8").replace('from"libsodium-sumo"', 'from"./libsodium-sumo.mjs"')
        (dest / name).write_text(text, encoding="utf-8")
    shutil.copy2(NODE / "libsodium-sumo" / "LICENSE", dest / "LICENSE")
    return json.loads((NODE / "libsodium-wrappers-sumo" / "package.json").read_text())["version"]


# Card faces (docs/runtime.md "Card faces"): Adrian Kennard's SVG deck (CC0), with big indices, from the npm
# package @heruka_urgyen/react-playing-cards (MIT code; its React components are not used, only its SVG files).
# The 52 faces as cards/KS.svg (the engine's card codes: rank 23456789TJQKA, suit CDHS) and the four-colour
# deck's diamonds and clubs as cards/KD-4.svg (the other suits are the same in both decks). Made smaller on the
# way: no XML prolog, path coordinates rounded to one decimal (the figures are drawn 1300 units wide: 0.05 of a
# unit is nothing at any size), 0.57 MB -> 0.40 MB. The package's licence and the deck's go beside them.
CARDS = "@heruka_urgyen/react-playing-cards"
CARD_RANKS, CARD_SUITS, FOUR_COLOUR_SUITS = "23456789TJQKA", "CDHS", "CD"
_DECIMAL = re.compile(r"-?\d*\.\d+")
_PATH = re.compile(r' d="([^"]*)"')


def _rounded(match):
    text = f"{round(float(match.group(0)), 1):.1f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def card_svg(text):
    """One card's SVG made smaller: no XML prolog, each path's numbers rounded to one decimal."""
    text = re.sub(r"^<\?xml[^>]*\?>\s*", "", text)
    return _PATH.sub(lambda m: ' d="' + _DECIMAL.sub(_rounded, m.group(1)) + '"', text)


def copy_cards(vendor):
    source = NODE / CARDS
    images = source / "src" / "images"
    if not (images / "2color-bf" / "AS.svg").exists():
        raise SystemExit(f"vendor: {CARDS} is missing; run `npm ci`")
    dest = vendor / "cards"
    dest.mkdir(parents=True)
    for rank in CARD_RANKS:
        for suit in CARD_SUITS:
            name = rank + suit
            text = (images / "2color-bf" / f"{name}.svg").read_text(encoding="utf-8")
            (dest / f"{name}.svg").write_text(card_svg(text), encoding="utf-8")
            if suit in FOUR_COLOUR_SUITS:
                text = (images / "4color-bf" / f"{name}.svg").read_text(encoding="utf-8")
                (dest / f"{name}-4.svg").write_text(card_svg(text), encoding="utf-8")
    shutil.copy2(source / "LICENSE", dest / "LICENSE")
    (dest / "README.txt").write_text(CARDS_NOTE, encoding="utf-8")
    return json.loads((source / "package.json").read_text())["version"]


CARDS_NOTE = """The card faces in this folder are Adrian Kennard's SVG playing cards (https://www.me.uk/cards/),
dedicated to the public domain under CC0 1.0 Universal
(https://creativecommons.org/publicdomain/zero/1.0/legalcode): to the extent possible under law, the author
has waived all copyright and related or neighboring rights to them.

They come from the npm package @heruka_urgyen/react-playing-cards (its README: "Cards downloaded from
https://www.me.uk/cards/ and distributed under CC0 license"), whose own code is under the MIT licence in
LICENSE beside this file. scripts/vendor.py copies the 52 faces with big indices (and the four-colour deck's
diamonds and clubs, *-4.svg) and rounds their path coordinates to one decimal.
"""


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


ENGINE_FILES = ["*.py", "*.json"]  # under spades/: the package the worker imports (compile.mjs takes the same)
STDLIB = "engine_stdlib.zip"  # in static/vendor/pyodide/
# Codecs any str.encode/bytes.decode may look up by name, beyond the UTF-8 that Pyodide imports at start.
STDLIB_EXTRA = [
    f"encodings/{name}.py" for name in ("ascii", "latin_1", "utf_8_sig", "utf_16", "utf_32", "unicode_escape")
]
ZIP_DATE = (1980, 1, 1, 0, 0, 0)  # fixed: the same inputs give the same zip, and the same snapshot key


def compile_engine(vendor):
    """Write spades.zip and pyodide/engine_stdlib.zip (scripts/compile.mjs).

    Returns (the spades modules the worker can reach, modules in the stdlib zip, files of spades/). If Pyodide
    cannot compile them: a warning, sources only, and the whole stdlib; the worker then compiles at every start.
    """
    files = sorted(f for pattern in ENGINE_FILES for f in (ROOT / "spades").rglob(pattern))
    compiled = subprocess.run(
        ["node", str(ROOT / "scripts" / "compile.mjs"), str(ROOT / "spades"), str(vendor), *STDLIB_EXTRA],
        check=False,
        capture_output=True,
        text=True,
    )
    if compiled.returncode == 0:
        found = json.loads(compiled.stdout)
        return found["spades"], found["stdlib"], len(files)
    print(f"vendor: WARNING: {compiled.stderr.strip()[-2000:]}", file=sys.stderr)
    print("vendor: WARNING: Pyodide could not compile the engine; sources and the whole stdlib", file=sys.stderr)
    with zipfile.ZipFile(vendor / "spades.zip", "w") as out:
        for file in files:
            out.writestr(zipfile.ZipInfo(file.relative_to(ROOT).as_posix(), ZIP_DATE), file.read_bytes())
    with zipfile.ZipFile(NODE / "pyodide" / "python_stdlib.zip") as full:
        with zipfile.ZipFile(vendor / "pyodide" / STDLIB, "w") as out:
            names = [name for name in full.namelist() if not name.endswith("/")]
            for name in names:
                out.writestr(zipfile.ZipInfo(name, ZIP_DATE), full.read(name))
    return ["spades.worker"], len(names), len(files)


def early_data(vendor):
    """early/ (scripts/early_data.py): the help in each language, the engine's lists and the lessons' titles,
    for the page before the engine is ready (docs/page.md "Before the engine")."""
    script = ROOT / "scripts" / "early_data.py"
    subprocess.run([sys.executable, str(script), str(vendor)], check=True, stdout=subprocess.DEVNULL)


# What the engine worker downloads (relative to static/vendor/); their sizes drive the loading line's bytes.
ENGINE_DOWNLOADS = [
    "pyodide/pyodide.asm.wasm",
    "pyodide/pyodide.asm.mjs",
    f"pyodide/{STDLIB}",
    "spades.zip",
]
# What the worker's Pyodide memory snapshot depends on: the runtime, the stdlib it was made with, the engine,
# and the worker that makes it (its recipe). A snapshot stored in a browser under another key is never used.
SNAPSHOT_INPUTS = ["pyodide/pyodide.mjs", *ENGINE_DOWNLOADS]
WORKER = ROOT / "static" / "engine-worker.mjs"
HEAP_STORE = ROOT / "static" / "heap-store.mjs"  # the worker's stored form of a heap: part of its recipe


def engine_build(vendor, modules, worker=WORKER, heap_store=HEAP_STORE):
    """The text of engine-build.mjs (written after compress(), which it describes)."""
    digest = hashlib.sha256()
    for path in SNAPSHOT_INPUTS:
        digest.update(f"{path}\0{hashlib.sha256((vendor / path).read_bytes()).hexdigest()}\n".encode())
    digest.update(hashlib.sha256(worker.read_bytes()).hexdigest().encode())
    digest.update(hashlib.sha256(heap_store.read_bytes()).hexdigest().encode())
    sizes = {}
    for path in ENGINE_DOWNLOADS:
        size = {"identity": (vendor / path).stat().st_size}
        for encoding, suffix in ENCODINGS.items():
            if (vendor / (path + suffix)).exists():
                size[encoding] = (vendor / (path + suffix)).stat().st_size
        sizes[path] = size
    lock = json.loads((NODE / "pyodide" / "pyodide-lock.json").read_text())
    build = {
        "key": digest.hexdigest()[:16],
        "stdlib": f"pyodide/{STDLIB}",
        "lock": {"info": lock["info"], "packages": {}},
        "modules": modules,
        "sizes": sizes,
    }
    return (
        "// Generated by scripts/vendor.py: what static/engine-worker.mjs needs to know about this build\n"
        '// (docs/runtime.md, "Start paths").\n'
        f"export const BUILD = {json.dumps(build, indent=1)};\n"
    )


# Precompressed copies, as a static host would serve them (scripts/serve.py picks one by Accept-Encoding).
ENCODINGS = {"br": ".br", "gzip": ".gz"}
COMPRESSIBLE = {".js", ".mjs", ".wasm", ".json", ".css", ".zip", ".html", ".py", ".toml", ".txt", ".svg", ".map"}
COMPRESS_MIN = 1024  # smaller files are sent as they are


def compressed(data, encoding):
    if encoding == "gzip":
        return gzip.compress(data, compresslevel=9, mtime=0)
    return brotli.compress(data, quality=11)


def compress(vendor, previous=None):
    """Write X.gz and X.br beside each compressible file of `vendor` that has none (reusing `previous` ones)."""
    count = 0
    for file in sorted(vendor.rglob("*")):
        if not file.is_file() or file.suffix not in COMPRESSIBLE or file.stat().st_size < COMPRESS_MIN:
            continue
        data = file.read_bytes()
        old = previous / file.relative_to(vendor) if previous else None
        same = old is not None and old.is_file() and old.read_bytes() == data
        for encoding, suffix in ENCODINGS.items():
            if encoding == "br" and brotli is None:
                continue
            target = file.with_name(file.name + suffix)
            if target.exists():
                continue
            if same and old.with_name(old.name + suffix).is_file():
                shutil.copyfile(old.with_name(old.name + suffix), target)  # a new time: not older than X
            else:
                target.write_bytes(compressed(data, encoding))
            count += 1
    if brotli is None:
        print("vendor: note: no `brotli` module (pip install -e '.[dev]'): gzip copies only", file=sys.stderr)
    return count


# The offline manifest. Precached: these files at the root, the message catalog (package data the page fetches
# too), and everything under static/ (the page's scripts, styles, the engine client and worker, and
# static/vendor/: runtimes, engine bundle; not the precompressed copies, which are the same files, nor what only
# the build reads).
ROOT_FILES = ["index.html", "pyscript.toml", "*.webmanifest", "favicon*", "spades/i18n/*.json"]
MANIFEST_FILES = {"build.json", "build.js"}  # not precached themselves (sw.js imports build.js)
SKIPPED_PARTS = {"__pycache__", ".DS_Store"}
PRECOMPRESSED = set(ENCODINGS.values())  # X.gz, X.br: the server's choice of how to send X, not more files
# loaded on demand: not precached
ONLINE = ("static/online/", "static/vendor/trystero/", "static/vendor/sodium/", "static/app/online", "static/group.mjs")
BUILD_ONLY = {"static/help/help.json"}
"""Read at vendor time only (scripts/early_data.py renders it into static/vendor/early/help.<lang>.html, the help
window the page fetches): never fetched by the page, so not precached."""


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
        if relative.as_posix().startswith(ONLINE) or relative.suffix in PRECOMPRESSED:
            continue
        if relative.as_posix() in BUILD_ONLY:
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
        versions["cards"] = copy_cards(new)
        versions["libsodium"] = copy_sodium(new)
        (new / "versions.json").write_text(json.dumps(versions, indent=2) + "\n")
        modules, stdlib, sources = compile_engine(new)
        early_data(new)
        previous = VENDOR if VENDOR.is_dir() else None
        copies = compress(new, previous)
        (new / "engine-build.mjs").write_text(engine_build(new, modules))
        copies += compress(new, previous)  # engine-build.mjs's own
        if VENDOR.exists():
            VENDOR.rename(old)
        new.rename(VENDOR)
        shutil.rmtree(old, ignore_errors=True)
        runtimes = ", ".join(f"{name} {version}" for name, version in versions.items())
        print(f"vendored {runtimes} and {sources} spades files; {copies} precompressed copies")
        size = (VENDOR / "pyodide" / STDLIB).stat().st_size
        print(f"engine stdlib: {stdlib} modules, {size / 1e6:.1f} MB (Pyodide's whole stdlib: 614 files, 9.6 MB)")
    if not VENDOR.is_dir():
        raise SystemExit("vendor: no static/vendor/; run `python3 scripts/vendor.py` first")
    if args.manifest:  # a page file changed (the help, the catalog, a page module): its early data may have too
        early_data(VENDOR)
        compress(VENDOR)
    build = write_manifest()
    print(f"offline manifest {build['hash']}: {len(build['files'])} files, {build['bytes'] / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
