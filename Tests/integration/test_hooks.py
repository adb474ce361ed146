"""`emr hooks` against sekmet on 127.0.0.1 (issue 33), nginx in front where the workstation
shows the result (as WardServer.md sets it up): the listener's Subscription is made
active by the server's handshake; an Observation written for a census patient reaches a
reader of the listener's socket within 5 s, one for a patient off the census never; a
notification without the token, an oversized one and one for another Subscription are
refused; a missed heartbeat becomes a full sync; SIGTERM deletes the Subscription; a server
that sends its handshake inside the Subscription write is answered through nginx."""
import concurrent.futures
import json
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import uuid

import pytest

from conftest import Runner
from fhir_server import HERE, WARD, FHIRServer, demo_resources
from hooks_listener import HooksListener, SocketReader

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "e2e"))
from charting_steps import eventually, wait_until  # noqa: E402  (shared with the e2e tests)
from tmux_session import TmuxSession  # noqa: E402


@pytest.fixture
def listener(emr, demo_server, tmp_path):
    started = HooksListener(emr, demo_server, tmp_path / "hooks-home", heartbeat=2)
    yield started
    started.stop()


@pytest.fixture
def proxied_listener(emr, demo_server, tmp_path):
    """The listener behind nginx (hooks_proxy.py, WardServer.md's block): the Subscription
    names nginx, so every handshake, heartbeat and event reaches the listener through it."""
    started = HooksListener(emr, demo_server, tmp_path / "hooks-home", heartbeat=2, proxy=True)
    yield started
    started.stop()


def observation(patient: str) -> dict:
    return {"resourceType": "Observation", "id": "k-" + uuid.uuid4().hex[:12], "status": "final",
            "code": {"coding": [{"system": "http://loinc.org", "code": "2823-3"}], "text": "Potassium"},
            "subject": {"reference": f"Patient/{patient}"}, "valueQuantity": {"value": 6.9, "unit": "mmol/L"}}


def test_an_observation_for_a_census_patient_reaches_the_socket_within_5_s(listener, demo_server):
    """30 writes one after another: each reaches the socket reader; the median and p99 of
    server write to socket line are printed (goal p99 < 2 s on 127.0.0.1)."""
    patient = demo_server.census()[0]
    reader = SocketReader(listener.socket_path)
    try:
        assert reader.next() == {"sync": "full"}
        latencies = []
        for _ in range(30):
            written = observation(patient)
            start = time.monotonic()
            demo_server.put(written)
            message = reader.next(seconds=5)
            latencies.append(time.monotonic() - start)
            assert message == {"type": "Observation", "id": written["id"], "patient": patient}
        latencies.sort()
        print(f"server write to socket line: median {statistics.median(latencies) * 1000:.0f} ms, "
              f"p99 (the slowest of 30) {latencies[-1] * 1000:.0f} ms")
        assert latencies[-1] < 2
    finally:
        reader.close()


def test_a_patient_off_the_census_is_not_sent(listener, demo_server):
    census = demo_server.census()
    reader = SocketReader(listener.socket_path)
    try:
        assert reader.next() == {"sync": "full"}
        demo_server.put(observation("not-on-the-ward"))
        on_census = observation(census[-1])
        demo_server.put(on_census)
        assert reader.next()["id"] == on_census["id"]
    finally:
        reader.close()


def notification(subscription: str) -> bytes:
    return json.dumps({"resourceType": "Bundle", "type": "history", "entry": [{"resource": {
        "resourceType": "Parameters", "parameter": [
            {"name": "subscription", "valueReference": {"reference": f"Subscription/{subscription}"}},
            {"name": "type", "valueCode": "event-notification"},
            {"name": "events-since-subscription-start", "valueString": "1"},
            {"name": "notification-event", "part": [
                {"name": "event-number", "valueString": "1"},
                {"name": "focus", "valueReference": {"reference": "http://127.0.0.2:9/fhir/Observation/id-of-a-forgery"}},
                {"name": "additional-context", "valueReference": {"reference": "Patient/patient-of-a-forgery"}}]}]}}]}).encode()


def test_a_server_that_handshakes_inside_the_subscription_write_is_answered_through_nginx(emr, tmp_path):
    """sekmet made to send its handshake and events synchronously (sekmet_sync_delivery): the
    listener's write of its Subscription waits on the server, which waits on the listener
    through nginx. The listener answers on its own threads, so the Subscription comes active
    and an event arrives, rather than the two waiting on each other until a timeout."""
    (tmp_path / "fhir").mkdir()
    threads = tmp_path / "handshake-threads"
    server = FHIRServer(tmp_path / "fhir", environment={"PYTHONPATH": str(HERE / "sekmet_sync_delivery"),
                                                        "SEKMET_HANDSHAKE_THREADS": str(threads)})
    try:
        server.load([r for r in demo_resources() if r["resourceType"] in ("Patient", "Location", "Encounter")])
        started = time.monotonic()
        listener = HooksListener(emr, server, tmp_path / "hooks-home", proxy=True)
        try:
            assert time.monotonic() - started < 5, "active at once, not after the server's delivery timeout"
            reader = SocketReader(listener.socket_path)
            try:
                assert reader.next() == {"sync": "full"}
                written = observation(server.census()[0])
                server.put(written)
                assert reader.next()["id"] == written["id"]
            finally:
                reader.close()
        finally:
            listener.stop()
    finally:
        server.stop()
    handshakes = threads.read_text().split()
    assert handshakes and "sub-notify" not in " ".join(handshakes), "each handshake was sent inside the write, not from sekmet's pool"


def test_forged_oversized_and_foreign_notifications_are_refused(listener):
    reader = SocketReader(listener.socket_path)
    try:
        assert reader.next() == {"sync": "full"}
        own = notification(listener.subscription["id"])
        assert listener.notify(own, token=None) == 401
        assert listener.notify(own, token="0" * 64) == 401
        assert listener.notify(own[:-1] + b" " * 70_000 + b"}", token=listener.token) == 413
        assert listener.notify(notification("someone-elses"), token=listener.token) == 404
        assert listener.notify(b"{}", token=listener.token) == 400
        assert reader.next(seconds=1) is None
        assert "forgery" not in listener.output()
    finally:
        reader.close()


def test_the_token_file_is_private(listener):
    assert os.stat(listener.home / "hooks-token").st_mode & 0o777 == 0o600
    assert len(listener.token) == 64


def test_a_missed_heartbeat_asks_for_a_full_sync_and_again_when_the_server_is_back(listener, demo_server):
    """Heartbeats every 2 s: the server down for longer is said at once, and once it is back
    the listener writes its Subscription again, says so (events of the gap are unknown), and
    events flow again."""
    reader = SocketReader(listener.socket_path)
    try:
        assert reader.next() == {"sync": "full"}
        demo_server.stop()
        try:
            assert reader.next(seconds=8) == {"sync": "full"}
        finally:
            demo_server.start()
        assert reader.next(seconds=15) == {"sync": "full"}
        written = observation(demo_server.census()[0])
        demo_server.put(written)
        assert reader.next()["id"] == written["id"]
    finally:
        reader.close()


def test_sigterm_deletes_the_subscription_and_the_socket(listener, demo_server):
    subscription = listener.subscription["id"]
    assert listener.stop() == 0
    assert not os.path.exists(listener.socket_path)
    assert subscription not in [s["id"] for s in demo_server.search_all("Subscription")]
    assert "deleted" in listener.output()


def lab_result(patient: str) -> dict:
    """A potassium of 4.1 filed now, as a lab would (a critical one says so instead: `C`)."""
    written = observation(patient)
    written["valueQuantity"]["value"] = 4.1
    written["category"] = [{"coding": [{"system": "http://terminology.hl7.org/CodeSystem/observation-category", "code": "laboratory"}]}]
    written["effectiveDateTime"] = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    return written


def workstation(emr, listener, demo_server, tmp_path) -> tuple[Runner, TmuxSession]:
    """A workstation at 80x24 on the test ward, following `listener`, polling every 10 min:
    only the listener brings a result within seconds."""
    runner = Runner(emr, tmp_path / "emr-home")
    runner.home.mkdir(parents=True, mode=0o700)
    (runner.home / "config").write_text(f"sync_interval = 10\nhooks_socket = {listener.socket_path}\n")
    return runner, TmuxSession(f"{runner.emr} --server {demo_server.base} --ward {WARD}", runner.env, columns=80, rows=24)


def selected_marks(screen: str) -> str:
    """The markers at the end of the list pane's selected row (`▸`): `A!RB`."""
    line = next((line for line in screen.splitlines() if "▸" in line), "")
    row = line.split("│")[1] if line.count("│") >= 2 else line
    return row.split()[-1]


def server_requests(server) -> list[str]:
    """The request lines of the server's access log, as sekmet wrote them so far."""
    return [line for line in (server.directory / "server.log").read_text().splitlines() if '"GET /fhir/' in line]


def patients_asked(lines: list[str]) -> list[set[str]]:
    """The patients each chart search of `lines` asked for (its `patient=` value)."""
    found = []
    for line in lines:
        query = urllib.parse.urlsplit(line.split('"')[1].split()[1]).query
        found += [set(value.split(",")) for value in urllib.parse.parse_qs(query).get("patient", [])]
    return found


def test_a_result_written_on_the_server_shows_on_the_workstation_within_5_s(emr, proxied_listener, demo_server, tmp_path):
    """sekmet, nginx and the listener on 127.0.0.1, at 80x24, polling every 10 min: a result
    written at the server brings the notice by bed within 5 s, the row carrying `R`, and the
    chart shown refreshed with it, its sync asking for that patient's chart only. Then one
    result for each census patient in turn: the median and slowest of server write to notice.
    Every notification came through nginx."""
    listener = proxied_listener
    census = demo_server.search_all("Patient?_id=" + ",".join(demo_server.census()))
    runner, session = workstation(emr, listener, demo_server, tmp_path)
    try:
        session.wait_for("ONLINE · synced", timeout=120)
        # The listener's first line asks for a full sync: the one after the start's.
        eventually(lambda: syncs(runner), "the full sync the listener asked for", until=lambda count: count >= 2)
        screen = wait_until(session, lambda s: "▸" in s, "the list's selected row")
        row = next(line for line in screen.splitlines() if "▸" in line)
        patient = next(p["id"] for p in census if p["name"][0]["family"] in row)
        session.keys("Enter", "5")
        session.wait_for("[5 Results]")
        session.keys("Escape")
        # Seen: the row's `R` goes, so the one the new result brings is the result's own.
        wait_until(session, lambda s: "R" not in selected_marks(s), "the row's R gone once its results were seen")
        before = len(server_requests(demo_server))
        start = time.monotonic()
        demo_server.put(lab_result(patient))
        screen = session.wait_for("new results for bed", timeout=5)
        latencies = [time.monotonic() - start]
        assert "R" in selected_marks(screen)
        asked = patients_asked(server_requests(demo_server)[before:])
        assert asked and all(patients == {patient} for patients in asked), "the result's sync searched that patient's chart only"
        wait_until(session, lambda s: any("Potassium  4.1" in line for line in s.splitlines()), "the new result in the chart", timeout=2)
        for other in (p for p in census if p["id"] != patient):
            said = session.screen().splitlines()[-1]
            start = time.monotonic()
            demo_server.put(lab_result(other["id"]))
            wait_until(session, lambda s: "new results for bed" in s.splitlines()[-1] and s.splitlines()[-1] != said,
                       "the next patient's notice", timeout=5)
            latencies.append(time.monotonic() - start)
        print(f"server write to status-line notice: median {statistics.median(latencies) * 1000:.0f} ms, "
              f"slowest of {len(latencies)} {max(latencies) * 1000:.0f} ms")
        session.keys("q")
        assert session.finished() == "exit=0"
    finally:
        session.close()
    passed = [line for line in listener.proxy.requests() if '"POST /notify HTTP/1.1" 200 ' in line]
    assert len(passed) > len(census), "the handshake and each result's notification went through nginx"


def test_a_listener_killed_and_started_again_serves_its_readers_again(listener, demo_server):
    """SIGKILL leaves the socket file behind: the next listener replaces it (nothing answers
    there), reuses its token, and its readers start with a full sync, then get events."""
    listener.process.kill()
    listener.process.wait()
    listener.log.close()
    assert os.path.exists(listener.socket_path)
    token = listener.token
    listener.start()
    assert listener.token == token
    reader = SocketReader(listener.socket_path)
    try:
        assert reader.next() == {"sync": "full"}
        written = observation(demo_server.census()[0])
        demo_server.put(written)
        assert reader.next()["id"] == written["id"]
    finally:
        reader.close()


NOBODY = 65534


def read_as_nobody(path: str) -> str:
    """What a connection to the socket at `path` reads within 2 s as the account `nobody`."""
    script = ("import socket,sys; s=socket.socket(socket.AF_UNIX); s.connect(sys.argv[1]); s.settimeout(2)\n"
              "try: print(s.recv(100).decode(), end='')\nexcept socket.timeout: print('timeout', end='')")
    result = subprocess.run(["/usr/bin/python3", "-c", script, path], user=NOBODY, group=NOBODY, capture_output=True,
                            text=True, timeout=30)
    assert result.returncode == 0, result.stderr
    return result.stdout


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root to connect as another account")
@pytest.mark.parametrize("group, answer", [(None, ""), ("nogroup", '{"sync":"full"}\n')])
def test_the_socket_takes_only_its_group(emr, demo_server, tmp_path, group, answer):
    """Another account is closed at once, even where the file's mode would let it connect
    (SO_PEERCRED decides); a member of --group reads."""
    public = pathlib.Path(tempfile.mkdtemp(prefix="emr-hooks-"))
    try:
        public.chmod(0o755)
        started = HooksListener(emr, demo_server, tmp_path / "hooks-home", socket_path=str(public / "events.sock"),
                                extra=("--group", group) if group else ())
        try:
            os.chmod(started.socket_path, 0o666)
            assert read_as_nobody(started.socket_path) == answer
            assert ("a reader refused (uid 65534)" in started.output()) == (answer == "")
        finally:
            started.stop()
    finally:
        shutil.rmtree(public)


def flood(listener, patient: str, count: int) -> float:
    """`count` notifications naming `patient`, sent as the server would (its token, its
    Subscription) from 8 connections at a time; the seconds it took."""
    def event(number: int) -> bytes:
        body = json.loads(notification(listener.subscription["id"]))
        parts = body["entry"][0]["resource"]["parameter"][3]["part"]
        parts[1]["valueReference"]["reference"] = f"Observation/flood-{number}"
        parts[2]["valueReference"]["reference"] = f"Patient/{patient}"
        return json.dumps(body).encode()

    bodies = [event(number) for number in range(count)]
    start = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(max_workers=8) as pool:
        assert set(pool.map(lambda body: listener.notify(body, token=listener.token), bodies)) == {200}
    return time.monotonic() - start


def syncs(runner: Runner) -> int:
    """The syncs in the account's audit trail."""
    audit = runner("audit", "show")
    assert audit.returncode == 0, audit.stderr
    return sum(1 for line in audit.stdout.splitlines() if " sync " in line)


def test_a_flood_of_a_thousand_events_is_one_sync(emr, listener, demo_server, tmp_path):
    runner, session = workstation(emr, listener, demo_server, tmp_path)
    try:
        session.wait_for("ONLINE · synced", timeout=120)
        # The listener's first line asks for a full sync: the one after the start's.
        eventually(lambda: syncs(runner), "the full sync the listener asked for", until=lambda count: count >= 2)
        before = syncs(runner)
        census = demo_server.census()
        seconds = flood(listener, census[0], 1_000)
        print(f"1,000 notifications in {seconds:.2f} s")
        said = session.wait_for("new results for bed", timeout=10).splitlines()[-1]
        # One result more, for another bed: its sync comes after any the flood started, so the
        # flood's count is what is left once its notice shows.
        demo_server.put(lab_result(census[1]))
        wait_until(session, lambda s: "new results for bed" in s.splitlines()[-1] and s.splitlines()[-1] != said,
                   "the other bed's notice", timeout=10)
        assert syncs(runner) - before == 2, "one sync for the flood, one for the result after it"
        session.keys("q")
        assert session.finished() == "exit=0"
    finally:
        session.close()


def test_a_workstation_follows_a_listener_restarted_under_it(emr, listener, demo_server, tmp_path):
    """The listener killed and started again while a workstation runs: the workstation connects
    again on its own (within a second), syncs in full, and the next result still shows."""
    _, session = workstation(emr, listener, demo_server, tmp_path)
    try:
        session.wait_for("ONLINE · synced", timeout=120)
        eventually(listener.output, "the workstation connected", until=lambda log: log.count("a reader connected") == 1)
        listener.process.kill()
        listener.process.wait()
        listener.log.close()
        listener.start()
        eventually(listener.output, "the workstation connected again", until=lambda log: log.count("a reader connected") == 2)
        start = time.monotonic()
        demo_server.put(lab_result(demo_server.census()[2]))
        session.wait_for("new results for bed", timeout=5)
        print(f"after a listener restart, server write to notice: {(time.monotonic() - start) * 1000:.0f} ms")
        session.keys("q")
        assert session.finished() == "exit=0"
    finally:
        session.close()
