"""Fill static/vendor/ (generated, gitignored) for the browser. Run by `make setup`; safe to rerun.

- pyodide/, pyscript/, micropython/: the runtimes, copied from node_modules/
- spades.json: the engine's sources, {"spades/x.py": source}, for the worker's filesystem
- spades-snapshot.bin.gz: a Pyodide memory snapshot with spades imported (scripts/snapshot.mjs);
  if it cannot be made, a warning, and the worker starts Pyodide the slow way
- versions.json: the runtime versions
"""

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


def copy_runtimes():
    versions = {}
    for package, (target, patterns) in RUNTIMES.items():
        source = NODE / package
        versions[target] = json.loads((source / "package.json").read_text())["version"]
        dest = VENDOR / target
        dest.mkdir(parents=True)
        for pattern in patterns:
            files = sorted(source.glob(pattern))
            if not files:
                raise SystemExit(f"vendor: {package} has no {pattern}; run `npm ci`")
            for file in files:
                shutil.copy2(file, dest / file.name)
    (VENDOR / "versions.json").write_text(json.dumps(versions, indent=2) + "\n")
    return versions


def bundle_engine():
    sources = {f.relative_to(ROOT).as_posix(): f.read_text() for f in sorted((ROOT / "spades").rglob("*.py"))}
    bundle = VENDOR / "spades.json"
    bundle.write_text(json.dumps(sources))
    snapshot = VENDOR / "spades-snapshot.bin.gz"
    made = subprocess.run(["node", str(ROOT / "scripts" / "snapshot.mjs"), str(bundle), str(snapshot)], check=False)
    if made.returncode:
        snapshot.unlink(missing_ok=True)
        print("vendor: WARNING: no Pyodide snapshot; the game will start ~3 s slower", file=sys.stderr)
    return len(sources)


def main():
    shutil.rmtree(VENDOR, ignore_errors=True)
    versions = copy_runtimes()
    modules = bundle_engine()
    runtimes = ", ".join(f"{name} {version}" for name, version in versions.items())
    print(f"vendored {runtimes} and {modules} spades files")


if __name__ == "__main__":
    main()
