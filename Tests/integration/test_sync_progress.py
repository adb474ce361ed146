"""`emr sync` at a terminal shows the requests it has sent on one progress line, erased before
its summary; on a pipe (cron, systemd) it shows none. The workstation's background sync says
the same on its status line."""
import pathlib
import sys

from fhir_server import WARD

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "e2e"))
from pty_run import run_on_a_terminal  # noqa: E402
from tmux_session import TmuxSession  # noqa: E402


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


def test_a_long_sync_in_the_workstation_says_how_far_it_is_on_the_status_line(run_emr, fault_proxy):
    """The workstation's first sync waits on a busy server (429, then a second): meanwhile its
    status line counts the requests sent, and the finished sync takes the line back."""
    session = TmuxSession(f"{run_emr.emr} --server {fault_proxy('throttle')} --ward {WARD}", run_emr.env, columns=80, rows=24)
    try:
        screen = session.wait_for("syncing with the server:", timeout=60)
        assert "so far" in screen.splitlines()[-1], screen
        screen = session.wait_for("ONLINE · synced", timeout=120)
        assert "syncing with the server" not in screen, screen
        session.keys("q")
        assert session.finished() == "exit=0"
    finally:
        session.close()
