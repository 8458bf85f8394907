"""Copy the browser runtimes from node_modules/ into static/vendor/ (generated, gitignored).

Also packs the engine (spades/*.py) into static/vendor/spades.zip, which the
Pyodide worker unpacks at start-up. Run by `make setup`; safe to run again.
"""

import json
import shutil
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE = ROOT / "node_modules"
VENDOR = ROOT / "static" / "vendor"

# package dir in node_modules -> (dir under static/vendor, files or globs to copy)
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


def pack_engine():
    with zipfile.ZipFile(VENDOR / "spades.zip", "w", zipfile.ZIP_DEFLATED) as archive:
        for file in sorted((ROOT / "spades").rglob("*.py")):
            archive.write(file, file.relative_to(ROOT).as_posix())


def main():
    shutil.rmtree(VENDOR, ignore_errors=True)
    versions = copy_runtimes()
    pack_engine()
    print("vendored", ", ".join(f"{name} {version}" for name, version in versions.items()), "and spades.zip")


if __name__ == "__main__":
    main()
