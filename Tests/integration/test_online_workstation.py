"""`emr --server`: the workstation opens on its cache, syncs from the real server in the
background and says ONLINE; without a server it opens from the cache and says OFFLINE."""
import pathlib
import sys
import time

from conftest import Runner
from fhir_server import WARD, FHIRServer, demo_resources, free_port

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "e2e"))
from charting_steps import eventually, wait_until  # noqa: E402  (shared with the e2e tests)
from tmux_session import TmuxSession  # noqa: E402


def census_families(server) -> set[str]:
    """Family names of the ward census, upper-cased as the list shows them, read from the server."""
    ids = ",".join(server.census())
    return {p["name"][0]["family"].upper() for p in server.search_all(f"Patient?_id={ids}")}


def workstation(runner: Runner, server_url: str) -> TmuxSession:
    return TmuxSession(f"{runner.emr} --server {server_url} --ward {WARD}", runner.env, columns=120, rows=30)


def wait_for_any(session: TmuxSession, families: set[str], timeout: float = 30) -> str:
    deadline = time.time() + timeout
    screen = ""
    while time.time() < deadline:
        screen = session.screen()
        if any(family in screen.upper() for family in families):
            return screen
        time.sleep(0.1)
    raise AssertionError(f"no census patient appeared within {timeout}s; screen was:\n{screen}")


def test_online_then_offline_from_the_cache(emr, demo_server, tmp_path):
    runner = Runner(emr, tmp_path / "emr-home")
    families = census_families(demo_server)
    assert families

    session = workstation(runner, demo_server.base)
    try:
        session.wait_for("ONLINE · synced", timeout=120)
        wait_for_any(session, families)
        session.keys("q")
        assert session.finished() == "exit=0"
    finally:
        session.close()

    audit = runner("audit", "show")
    assert audit.returncode == 0, audit.stderr
    syncs = [line.split() for line in audit.stdout.splitlines() if " sync " in line]
    assert syncs and syncs[0][-1] == "success", audit.stdout
    assert all(row[-2] == "-" for row in syncs), "a sync entry names no patient"

    unreachable = f"http://127.0.0.1:{free_port()}/fhir"
    session = workstation(runner, unreachable)
    try:
        screen = session.wait_for("sync failed", timeout=60)
        assert "OFFLINE" in screen and "ONLINE" not in screen
        assert "cannot reach the FHIR server" in screen
        wait_for_any(session, families, timeout=5)
        session.keys("q")
        assert session.finished() == "exit=0"
    finally:
        session.close()


def selected_marks(screen: str) -> str:
    """The markers at the end of the list pane's selected row (`▸`): `A!RB`."""
    line = next((line for line in screen.splitlines() if "▸" in line), "")
    row = line.split("│")[1] if line.count("│") >= 2 else line
    return row.split()[-1]


def syncs(runner: Runner) -> int:
    """The syncs the audit trail holds, ended or not."""
    return sum(" sync " in line for line in runner("audit", "show").stdout.splitlines())


def test_results_seen_online_stay_seen_across_syncs(emr, demo_server, tmp_path):
    """The selected patient's `R` (results not yet seen) goes when their Results tab is opened,
    and stays gone through the background syncs after it, which bring nothing new: a sync that
    brings the same results again does not make them new."""
    runner = Runner(emr, tmp_path / "emr-home")
    runner.home.mkdir(parents=True, mode=0o700)
    (runner.home / "config").write_text("sync_interval = 0.05\n")  # every 3 s
    session = TmuxSession(f"{runner.emr} --server {demo_server.base} --ward {WARD}", runner.env, columns=80, rows=24)
    try:
        session.wait_for("ONLINE · synced", timeout=120)
        # The list is read again after the header says synced: a frame may come between.
        wait_until(session, lambda s: "▸" in s and "R" in selected_marks(s), "the first patient's results not yet seen")
        session.keys("Enter", "5")
        session.wait_for("[5 Results]")
        session.keys("Escape")
        wait_until(session, lambda s: "R" not in selected_marks(s), "the row's R gone once its results were seen")
        seen = syncs(runner)
        eventually(lambda: syncs(runner), "two more syncs", timeout=60, until=lambda count: count >= seen + 2)
        assert "R" not in selected_marks(session.screen()), session.screen()
        session.keys("q")
        assert session.finished() == "exit=0"
    finally:
        session.close()


def admit_new_patient(server, family: str) -> None:
    """Puts a new patient on the ward: a copy of a census patient and encounter under new ids."""
    encounter = server.search_all(f"Encounter?location=Location/{WARD}&status=in-progress")[0]
    patient = server.request("GET", encounter["subject"]["reference"])
    patient.update(id="pat-integration-recovery", name=[{"use": "official", "family": family, "given": ["Ada"]}],
                   identifier=[{"system": "urn:oid:2.16.840.1.113883.19.5", "value": "MRN-RECOVERY-1"}])
    encounter.pop("diagnosis", None)
    encounter.update(id="enc-integration-recovery", subject={"reference": "Patient/pat-integration-recovery"})
    server.put(patient)
    server.put(encounter)


def test_the_workstation_goes_online_when_the_server_comes_back(emr, tmp_path):
    """Starts with the server down (OFFLINE, from the cache); the server comes back on the same
    port and the next probe, one sync interval later, goes ONLINE and shows what is new."""
    (tmp_path / "fhir").mkdir()
    server = FHIRServer(tmp_path / "fhir")
    try:
        server.load(demo_resources())
        runner = Runner(emr, tmp_path / "emr-home")
        first = runner("sync", "--server", server.base, "--ward", WARD)
        assert first.returncode == 0, first.stderr
        (runner.home / "config").write_text("sync_interval = 0.05\n")  # probes every 3 s while down
        families = census_families(server)
        admit_new_patient(server, "RECOVERYTON")
        server.stop()

        session = workstation(runner, server.base)
        try:
            screen = session.wait_for("OFFLINE · sync failed", timeout=60)
            assert "cannot reach the FHIR server" in screen
            assert "RECOVERYTON" not in wait_for_any(session, families, timeout=5).upper()
            server.start()
            # The next probe comes at most one 3 s interval later; the rest is the sync itself.
            screen = session.wait_for("ONLINE · synced", timeout=20)
            assert "OFFLINE" not in screen
            wait_for_any(session, {"RECOVERYTON"}, timeout=5)
            session.keys("q")
            assert session.finished() == "exit=0"
        finally:
            session.close()
        # The chart on screen reloaded after the sync; that is not a second opening by the user.
        rows = [line.split() for line in runner("audit", "show").stdout.splitlines()[1:]]
        assert [row[-1] for row in rows if row[5] == "sync"][-2:] == ["failure", "success"], rows
        assert len([row for row in rows if row[5] == "chart-opened"]) == 1, rows
    finally:
        server.stop()


def test_a_server_that_stops_turns_the_workstation_offline(emr, demo_server, tmp_path):
    """Runs last in this module: it stops the module's server."""
    runner = Runner(emr, tmp_path / "emr-home")
    runner.home.mkdir(mode=0o700)
    (runner.home / "config").write_text("sync_interval = 0.05\n")  # every 3 s
    families = census_families(demo_server)
    session = workstation(runner, demo_server.base)
    try:
        session.wait_for("ONLINE · synced", timeout=120)
        wait_for_any(session, families)
        demo_server.stop()
        screen = session.wait_for("OFFLINE · sync failed", timeout=60)
        assert "cannot reach the FHIR server" in screen
        wait_for_any(session, families, timeout=5)
        session.keys("q")
        assert session.finished() == "exit=0"
    finally:
        session.close()

