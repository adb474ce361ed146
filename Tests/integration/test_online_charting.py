"""Charting on the online workstation against the real FHIR server: a full set is saved,
the background sync sends it, the pending marks and the header's count go, and the server
holds exactly one Observation per value."""
import pathlib
import sys

from conftest import Runner
from fhir_server import WARD

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "e2e"))
from charting_steps import chart_full_set, open_chart, wait_until, words  # noqa: E402  (shared with the e2e tests)
from tmux_session import TmuxSession  # noqa: E402


def test_a_charted_set_is_sent_by_the_background_sync_exactly_once(emr, demo_server, tmp_path):
    runner = Runner(emr, tmp_path / "emr-home")
    runner.home.mkdir(parents=True, mode=0o700)
    (runner.home / "config").write_text("sync_interval = 0.05\n")  # every 3 s
    patient_id = demo_server.census()[-1]
    person = demo_server.search_all(f"Patient?_id={patient_id}")[0]
    before = len(demo_server.search_all(f"Observation?subject=Patient/{patient_id}&category=vital-signs"))

    session = TmuxSession(f"{runner.emr} --server {demo_server.base} --ward {WARD}", runner.env, columns=120, rows=40)
    try:
        session.wait_for("ONLINE · synced", timeout=120)
        open_chart(session, person)
        chart_full_set(session)
        session.keys("Enter")
        session.wait_for("saved 7 values, pending until the server has them")
        # The next background sync drains the outbox: the count and the pending marks go.
        screen = wait_until(session, lambda s: "HR 112 H /min" in words(s) and "unsent" not in s and "(pending)" not in s,
                            "the set confirmed by the server", timeout=60)
        assert "ONLINE" in screen
        session.keys("q")
        assert session.finished() == "exit=0", "nothing unsent: q quits at once"
    finally:
        session.close()

    charted = demo_server.search_all(f"Observation?subject=Patient/{patient_id}&category=vital-signs")
    assert len(charted) == before + 7, "one Observation per value, each exactly once"
    heart_rates = [o for o in charted if o["code"]["coding"][0]["code"] == "8867-4" and o.get("valueQuantity", {}).get("value") == 112]
    assert len(heart_rates) == 1
    assert heart_rates[0]["status"] == "final" and heart_rates[0]["encounter"]["reference"].startswith("Encounter/")
