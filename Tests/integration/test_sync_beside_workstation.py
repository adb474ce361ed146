"""The ward server's timer case against the real server: a workstation open on the cache while
`emr sync` starts and exits beside it, round after round, a nurse charting a value in each.
Found by a fault run: after a sync exited, the workstation's WAL was deleted under it, the
values charted next were lost at a kill -9 and the cache was refused as tampered for good."""
import os
import pathlib
import signal
import sqlite3
import subprocess
import sys

from conftest import Runner
from fhir_server import WARD

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "e2e"))
from charting_steps import chart, open_chart  # noqa: E402  (shared with the e2e tests)
from test_cache_between_processes import assert_still_holds_the_cache  # noqa: E402
from tmux_session import TmuxSession  # noqa: E402

ROUNDS = 50


def test_fifty_timer_syncs_beside_a_charting_workstation_lose_nothing(emr, demo_server, tmp_path):
    runner = Runner(emr, tmp_path / "emr-home")
    sync = [str(emr), "sync", "--server", demo_server.base, "--ward", WARD]
    assert runner(*sync[1:]).returncode == 0
    database = runner.home / "cache.sqlite"
    patient_id = demo_server.census()[0]
    person = demo_server.search_all(f"Patient?_id={patient_id}")[0]
    session = TmuxSession(str(emr), runner.env)
    try:
        open_chart(session, person)
        for round_number in range(ROUNDS):
            timer = subprocess.Popen(sync, env=runner.env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            chart(session, [str(60 + round_number)])
            session.keys("Enter")
            session.wait_until_gone("Check and save vitals")
            session.wait_for("saved 1 value")
            _, err = timer.communicate(timeout=120)
            assert timer.returncode == 0, f"round {round_number + 1}: {err}"
            assert_still_holds_the_cache(session, database)
        os.kill(session.emr_pid(), signal.SIGKILL)
    finally:
        session.close()
    assert runner("audit", "verify").returncode == 0
    shown = runner("audit", "show").stdout.strip().splitlines()[1:]
    assert sum(1 for line in shown if line.split()[5] == "charting") == ROUNDS
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    assert connection.execute("SELECT count(*) FROM outbox").fetchone()[0] == ROUNDS, "every charted value queued"
    connection.close()
    assert runner(*sync[1:]).returncode == 0, "the last values go too"
    charted_here = [o for o in demo_server.search_all(f"Observation?subject=Patient/{patient_id}&code=8867-4")
                    if any(i.get("system") == "urn:ietf:rfc:3986" for i in o.get("identifier", []))]
    rates = [o["valueQuantity"]["value"] for o in charted_here]
    assert sorted(rates) == list(range(60, 60 + ROUNDS)), "each charted value on the server exactly once"
