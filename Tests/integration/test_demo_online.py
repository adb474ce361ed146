"""`make demo-online` as a user runs it: `make` builds a release and runs serve_demo.py with
it; here the same script runs the build under test in tmux. The user types a new passphrase,
sees ONLINE and the demo ward, opens a chart and quits; the FHIR server the script started
is gone afterwards, also when the terminal is closed under it."""
import json
import os
import pathlib
import re
import signal
import socket
import subprocess
import sys
import time

from fhir_server import HERE, ROOT
from test_online_workstation import wait_for_any

sys.path.insert(0, str(ROOT / "Tests/e2e"))
from tmux_session import TmuxSession  # noqa: E402  (shared with the e2e tests)

PASSPHRASE = "demo-online-passphrase"


def demo_online(emr, directory: pathlib.Path) -> TmuxSession:
    env = {k: v for k, v in os.environ.items() if not k.startswith("EMR_")}
    env.update(LANG="C.UTF-8", LC_ALL="C.UTF-8", TZ="UTC", EMR_RETRY_DELAY="0.05")
    return TmuxSession(f"{sys.executable} {HERE / 'serve_demo.py'} {directory} {emr}", env, columns=120, rows=30)


def server_port(directory: pathlib.Path, timeout: float = 60) -> int:
    """The port serve_demo.py gave its server (from the settings it wrote)."""
    settings = directory / "server/settings.yaml"
    deadline = time.time() + timeout
    while not settings.exists() and time.time() < deadline:
        time.sleep(0.1)
    return json.loads(settings.read_text())["port"]


def listening(port: int) -> bool:
    with socket.socket() as sock:
        return sock.connect_ex(("127.0.0.1", port)) == 0


def wait_until_closed(port: int, timeout: float = 10) -> bool:
    deadline = time.time() + timeout
    while listening(port) and time.time() < deadline:
        time.sleep(0.1)
    return not listening(port)


def demo_families() -> set[str]:
    patients = [json.loads(line) for line in open(ROOT / "Fixtures/demo/Patient.ndjson") if line.strip()]
    return {p["name"][0]["family"].upper() for p in patients}


def server_listening_at_prompt(session: TmuxSession, directory: pathlib.Path) -> int:
    """Waits for the new-passphrase prompt; the script's server is up by then: its port."""
    session.wait_for("New passphrase", timeout=120)
    port = server_port(directory)
    assert listening(port)
    return port


def unlock_new_cache(session: TmuxSession) -> str:
    session.keys(PASSPHRASE, literal=True)
    session.keys("Enter")
    session.wait_for("Type it again")
    session.keys(PASSPHRASE, literal=True)
    session.keys("Enter")
    return session.wait_for("ONLINE · synced", timeout=120)


def test_demo_online_from_first_passphrase_to_quit(emr, tmp_path):
    session = demo_online(emr, tmp_path)
    try:
        port = server_listening_at_prompt(session, tmp_path)
        screen = unlock_new_cache(session)
        assert "OFFLINE" not in screen
        wait_for_any(session, demo_families())
        session.keys("Down", "Enter")
        summary = session.wait_for(" ago)")
        assert not re.search(r"\(\d{3,} d ago\)", summary), "the server's demo data is dated as the offline demo's: it ends now"
        session.keys("3")
        screen = session.wait_for("[3 Vitals]")
        banner = screen.splitlines()[2]
        assert any(family in banner for family in demo_families()), screen
        session.keys("Escape", "q")
        assert session.finished(timeout=20) == "exit=0"
        assert wait_until_closed(port), "the demo's FHIR server still listens after the workstation quit"
    finally:
        session.close()


def test_closing_the_terminal_stops_the_demo_server(emr, tmp_path):
    session = demo_online(emr, tmp_path)
    try:
        port = server_listening_at_prompt(session, tmp_path)
    finally:
        session.close()  # the terminal goes away under the running demo
    assert wait_until_closed(port), "the demo's FHIR server outlived its terminal"


def test_sigterm_to_the_demo_ends_the_workstation_as_its_own_sigterm_would(emr, tmp_path):
    session = demo_online(emr, tmp_path)
    try:
        port = server_listening_at_prompt(session, tmp_path)
        unlock_new_cache(session)
        script = subprocess.run(["pgrep", "-f", f"^{sys.executable} {HERE / 'serve_demo.py'} {tmp_path} "],
                                capture_output=True, text=True).stdout.split()
        assert len(script) == 1, script
        os.kill(int(script[0]), signal.SIGTERM)
        assert session.finished(timeout=20) == f"exit={128 + signal.SIGTERM}"
        before, after = session.stty()
        assert before == after, "the workstation restored the terminal before the demo ended"
        assert "MRN " not in session.scrollback()
        assert wait_until_closed(port)
    finally:
        session.close()
