"""Smoke test for the Pyodide runner; runs under CPython (pytest) and Pyodide alike."""

import sys


def test_python_is_recent():
    assert sys.version_info >= (3, 11)
