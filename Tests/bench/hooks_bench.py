"""`make bench`, issue 33: a result written on the FHIR server (sekmet, started here on
127.0.0.1 with the demo fixtures) to the workstation's status-line notice, with nginx and
`emr hooks` between them (as WardServer.md sets them up) and the workstation at 80x24 in tmux polling only every 10 minutes. Each round
writes a potassium for each census patient in turn (so each notice names another bed) and
times the write to the reader of the listener's socket and to the notice on the screen.

Prints one JSON object. Usage: hooks_bench.py ROUNDS EMR_BINARY WORK_DIR
"""
import json
import os
import pathlib
import sys
import time
import uuid

TESTS = pathlib.Path(__file__).resolve().parents[1]
sys.path[:0] = [str(TESTS / "integration"), str(TESTS / "e2e")]
from fhir_server import WARD, FHIRServer, demo_resources  # noqa: E402  (the integration tests' server)
from hooks_listener import HooksListener, SocketReader  # noqa: E402
from charting_steps import eventually  # noqa: E402
from tmux_session import TmuxSession  # noqa: E402


def lab_result(patient: str) -> dict:
    return {"resourceType": "Observation", "id": "bench-k-" + uuid.uuid4().hex[:12], "status": "final",
            "category": [{"coding": [{"system": "http://terminology.hl7.org/CodeSystem/observation-category", "code": "laboratory"}]}],
            "code": {"coding": [{"system": "http://loinc.org", "code": "2823-3"}], "text": "Potassium"},
            "subject": {"reference": f"Patient/{patient}"}, "effectiveDateTime": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            "valueQuantity": {"value": 4.2, "unit": "mmol/L"}}


def status_line(session: TmuxSession) -> str:
    return session.screen().splitlines()[-1]


def main(rounds: int, emr: pathlib.Path, work: pathlib.Path):
    (work / "fhir").mkdir(parents=True, exist_ok=True)
    server = FHIRServer(work / "fhir")
    try:
        server.load(demo_resources())
        listener = HooksListener(emr, server, work / "hooks-home", proxy=True)
        try:
            home = work / "emr-home"
            home.mkdir(mode=0o700, exist_ok=True)
            (home / "config").write_text(f"sync_interval = 10\nhooks_socket = {listener.socket_path}\n")
            env = {k: v for k, v in os.environ.items() if not k.startswith("EMR_")}
            env.update(LANG="C.UTF-8", LC_ALL="C.UTF-8", TZ="UTC", EMR_HOME=str(home), EMR_PASSPHRASE="hooks-bench")
            session = TmuxSession(f"{emr} --server {server.base} --ward {WARD}", env, columns=80, rows=24)
            reader = SocketReader(listener.socket_path)
            try:
                session.wait_for("ONLINE · synced", timeout=120)
                assert reader.next() == {"sync": "full"}
                census = server.census()
                socket, notice = [], []
                for _ in range(rounds):
                    for patient in census:
                        said = status_line(session)
                        start = time.monotonic()
                        server.put(lab_result(patient))
                        assert reader.next(seconds=10)["patient"] == patient
                        socket.append(time.monotonic() - start)
                        eventually(lambda: status_line(session), f"the notice for {patient}", 10, every=0.01,
                                   until=lambda line, said=said: "new results for bed" in line and line != said)
                        notice.append(time.monotonic() - start)
                print(json.dumps({"patients": len(census), "socket": socket, "notice": notice}))
            finally:
                reader.close()
                session.close()
        finally:
            listener.stop()
    finally:
        server.stop()


if __name__ == "__main__":
    main(int(sys.argv[1]), pathlib.Path(sys.argv[2]), pathlib.Path(sys.argv[3]))
