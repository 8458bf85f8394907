"""A newcomer holding the invitation made before a takeover finds the table under its new host (static/online/
session.mjs ``chainLeads``, docs/online.md "When the host is gone"): every host signs its successors' keys, and a
host built by takeover shows the chain of such links from the invitation's key to its own.  With real ECDSA P-256
keys in Node (tests/online/heirs_check.mjs): the chains of one and two takeovers lead from the old host's key to
the new host's, and every forgery is refused: another key, another invitation, a stranger's link, changed keys,
another table, links out of order, junk, too long, a signature cut short.
"""

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

LEADS = {
    "the first successor, after one takeover",
    "the next successor, after two takeovers",
    "the old host itself, named by the new host",
}


@pytest.mark.skipif(shutil.which("node") is None, reason="needs node (run `make setup`)")
def test_only_a_chain_of_genuine_links_from_the_invitations_key_leads_a_newcomer_to_a_new_host():
    done = subprocess.run(
        ["node", "tests/online/heirs_check.mjs"], cwd=ROOT, capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert len(result) == 16
    assert {name for name, leads in result.items() if leads} == LEADS, result
