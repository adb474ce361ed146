"""Ward server tests: real `sshd` on 127.0.0.1, throwaway accounts, `ssh -tt` in tmux into
the built `emr`. They need root (to run sshd and create accounts) and openssh-server; where
either is missing they are skipped with the reason, nowhere else.

Fixtures for other tests (charting over ssh builds on them):
  ward_server  a started WardServer (session): .add_account(), .port, .emr, .fixtures, .log()
  nurse        a WardAccount whose own cache holds the demo fixtures: .ssh_session(term,
               columns, rows) opens ssh in tmux, .unlock(session), .emr(*args) runs emr as
               the account, .emr_pids(), .emr_home, .files(), .configure(key=value, ...)
  demo_server  the real FHIR server holding the demo fixtures, one per module (fhir_server.py,
               shared with the integration tests)
"""
import os
import pathlib
import signal
import sys

import pytest

TESTS = pathlib.Path(__file__).resolve().parents[1]
sys.path[:0] = [str(TESTS / "e2e"), str(TESTS / "integration")]

from fhir_server import demo_server  # noqa: E402,F401  (a fixture for this suite)
from ward_server import SSHD, WardServer  # noqa: E402


@pytest.fixture(scope="session")
def ward_server():
    if os.geteuid() != 0:
        pytest.skip("the ward server tests need root (they run sshd and create throwaway accounts): run 'sudo make ward-test'")
    if not os.access(SSHD, os.X_OK):
        pytest.skip(f"no {SSHD}, so sshd cannot run: install it with 'sudo apt-get install -y openssh-server'")
    binary = os.environ.get("EMR_BIN")
    if not binary or not pathlib.Path(binary).exists():
        pytest.fail("EMR_BIN does not name the built emr: run 'make ward-test', which builds it and sets EMR_BIN")
    # Debug logging is on, so the PHI scans of the accounts' files cover the log too; retries
    # start at 0.05 s, so a FHIR server that is down shows as OFFLINE within a second.
    server = WardServer(binary, environment={"EMR_LOG": "debug", "EMR_RETRY_DELAY": "0.05"})
    # A cancelled run (SIGTERM from CI or kill) still removes the accounts and stops sshd.
    previous = signal.signal(signal.SIGTERM, interrupt)
    try:
        yield server.start()
    finally:
        server.stop()
        signal.signal(signal.SIGTERM, previous)


def interrupt(signum, frame):
    raise KeyboardInterrupt


@pytest.fixture(scope="session")
def nurse(ward_server):
    """The offline nurse the ward's tests share (they leave nothing unsent in its cache)."""
    return ward_server.add_offline_nurse()
