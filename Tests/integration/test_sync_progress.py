"""`emr sync` at a terminal shows the requests it has sent on one progress line, erased before
its summary; on a pipe (cron, systemd) it shows none."""
import pathlib
import sys

from fhir_server import WARD

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "e2e"))
from pty_run import run_on_a_terminal  # noqa: E402


def test_sync_on_a_terminal_shows_its_requests_then_erases_them(run_emr, fault_proxy):
    # The server asks for a second's wait once (429, Retry-After: 1): long enough to be seen.
    screen = run_on_a_terminal(run_emr.emr, run_emr.env, "sync", "--server", fault_proxy("throttle"), "--ward", WARD)
    assert "\rsyncing: " in screen and " requests" in screen, screen
    summary = screen.index("synced ")
    assert screen.rfind("\r\x1b[K", 0, summary) > screen.rfind("\rsyncing: ", 0, summary), "erased before the summary"


def test_sync_on_a_pipe_shows_no_progress(run_emr, fault_proxy):
    result = run_emr("sync", "--server", fault_proxy("throttle"), "--ward", WARD)
    assert result.returncode == 0, result.stderr
    assert "syncing: " not in result.stderr and "\r" not in result.stderr
