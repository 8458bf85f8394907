"""Run some test functions of one portable module inside Pyodide, by name (tests/test_pyodide.py ``PART``):

    node tests/pyodide/run.mjs [--stdlib ZIP] --script tests/pyodide/some_tests.py MODULE NAME [NAME ...]

A line per test (``PASS`` or ``FAIL`` and its traceback), then ``N passed, M failed``; exit code 1 on any
failure, and a name the module does not define is a failure (a test renamed must be renamed here too)."""

import importlib.util
import sys
import traceback


def run(path: str, names: list[str]) -> int:
    name = path.rsplit("/", 1)[-1].removesuffix(".py")
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    passed = failed = 0
    for test in names:
        function = getattr(module, test, None)
        if not (test.startswith("test_") and callable(function)):
            failed += 1
            print(f"FAIL {path}::{test} (no such test)", flush=True)
            continue
        try:
            function()
        except BaseException:
            failed += 1
            print(f"FAIL {path}::{test}\n{traceback.format_exc()}", flush=True)
        else:
            passed += 1
            print(f"PASS {path}::{test}", flush=True)
    print(f"{passed} passed, {failed} failed", flush=True)
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit("usage: some_tests.py MODULE NAME [NAME ...]")
    sys.exit(run(sys.argv[1], sys.argv[2:]))
