"""`emr sync` against the real server: the cache holds what the server holds for the census,
and later syncs fetch only what changed."""
import base64
import fcntl
import json
import pathlib
import sqlite3
import sys

from conftest import fetched
from fhir_server import WARD

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "e2e"))
from charting_steps import chart_pane, wait_until, whole_tab  # noqa: E402  (shared with the e2e tests)
from tmux_session import TmuxSession  # noqa: E402


def expected_counts(server) -> tuple[set[str], dict[str, int]]:
    """What the server holds for the ward census, computed independently of emr."""
    encounters = server.search_all(f"Encounter?location=Location/{WARD}&status=in-progress")
    patients = {e["subject"]["reference"].split("/")[1] for e in encounters}
    ids = ",".join(sorted(patients))
    found = {"Patient": server.search_all(f"Patient?_id={ids}")}
    for kind, extra in [("Encounter", ""), ("Observation", "&category=vital-signs,laboratory,survey,therapy,exam"), ("MedicationRequest", ""),
                        ("Condition", ""), ("AllergyIntolerance", ""), ("DiagnosticReport", "&category=LAB"),
                        ("MedicationAdministration", ""), ("DocumentReference", ""), ("Procedure", ""), ("Immunization", ""),
                        ("CarePlan", "")]:
        found[kind] = server.search_all(f"{kind}?patient={ids}{extra}")
    for kind in ("Location", "Practitioner"):
        text, refs, seen = json.dumps(found), set(), set()
        while True:
            refs |= {part.split('"')[0] for part in text.split(f'"{kind}/')[1:] if part.split('"')[0]}
            new = refs - seen
            if not new:
                break
            seen |= new
            found.setdefault(kind, [])
            found[kind] += server.search_all(f"{kind}?_id={','.join(sorted(new))}")
            text = json.dumps(found[kind])
    return patients, {kind: len({r["id"] for r in rs}) for kind, rs in found.items() if rs}


def sync(run_emr, server, *extra):
    return run_emr("sync", "--server", server.base, "--ward", WARD, *extra)


def test_first_sync_stores_what_the_server_holds_for_the_census(run_emr, demo_server):
    patients, counts = expected_counts(demo_server)
    result = sync(run_emr, demo_server)
    assert result.returncode == 0, result.stderr
    summary = result.stdout.strip()
    assert f"synced {len(patients)} patients ({len(patients)} new, full)" in summary
    assert fetched(summary) == counts
    assert f"stored {sum(counts.values())};" in summary


def test_second_sync_fetches_only_changes(run_emr, demo_server):
    patients, _ = expected_counts(demo_server)
    assert sync(run_emr, demo_server).returncode == 0
    unchanged = sync(run_emr, demo_server)
    assert unchanged.returncode == 0, unchanged.stderr
    assert "(0 new, incremental)" in unchanged.stdout
    assert fetched(unchanged.stdout) == {"Encounter": len(patients)}, "only the census search itself"

    patient = sorted(patients)[0]
    vital = {"resourceType": "Observation", "id": "obs-integration-new-vital", "status": "final",
             "category": [{"coding": [{"system": "http://terminology.hl7.org/CodeSystem/observation-category", "code": "vital-signs"}]}],
             "code": {"coding": [{"system": "http://loinc.org", "code": "8867-4", "display": "Heart rate"}]},
             "subject": {"reference": f"Patient/{patient}"}, "effectiveDateTime": "2026-01-01T10:00:00Z",
             "valueQuantity": {"value": 88, "unit": "/min", "system": "http://unitsofmeasure.org", "code": "/min"}}
    demo_server.put(vital)
    medication = demo_server.search_all(f"MedicationRequest?patient={patient}&status=active")[0]
    medication["status"] = "stopped"
    demo_server.put(medication)
    changed = sync(run_emr, demo_server)
    assert changed.returncode == 0, changed.stderr
    assert fetched(changed.stdout) == {"Encounter": len(patients), "Observation": 1, "MedicationRequest": 1}


def test_lab_reports_are_synced_and_other_reports_are_not(run_emr, demo_server):
    """A lab report on the server (grouping a census patient's result) comes with the next
    sync, incrementally; a radiology report does not (the Results tab groups labs)."""
    patients, before = expected_counts(demo_server)
    assert sync(run_emr, demo_server).returncode == 0
    patient = sorted(patients)[0]
    lab = demo_server.search_all(f"Observation?patient={patient}&category=laboratory")[0]
    section = "http://terminology.hl7.org/CodeSystem/v2-0074"
    for report_id, code in (("rep-integration-lab", "LAB"), ("rep-integration-rad", "RAD")):
        demo_server.put({
            "resourceType": "DiagnosticReport", "id": report_id, "status": "final",
            "category": [{"coding": [{"system": section, "code": code}]}],
            "code": {"text": "Basic metabolic panel" if code == "LAB" else "Chest X-ray"},
            "subject": {"reference": f"Patient/{patient}"}, "effectiveDateTime": "2026-01-01T08:00:00Z",
            "result": [{"reference": f"Observation/{lab['id']}"}] if code == "LAB" else [],
            "conclusion": "Hyperkalaemia" if code == "LAB" else "No acute findings"})
    changed = sync(run_emr, demo_server)
    assert changed.returncode == 0, changed.stderr
    assert fetched(changed.stdout) == {"Encounter": len(patients), "DiagnosticReport": 1}
    _, counts = expected_counts(demo_server)
    assert counts["DiagnosticReport"] == before["DiagnosticReport"] + 1, "the demo's own lab reports, and the new one"


def test_a_dose_given_elsewhere_comes_with_the_next_sync(run_emr, demo_server):
    """A dose recorded by another system against a census patient's order (MedicationAdministration)
    is fetched incrementally, so the MAR shows it given."""
    patients, _ = expected_counts(demo_server)
    assert sync(run_emr, demo_server).returncode == 0
    patient = sorted(patients)[0]
    order = demo_server.search_all(f"MedicationRequest?patient={patient}&status=active")[0]
    demo_server.put({
        "resourceType": "MedicationAdministration", "id": "mar-integration-given", "status": "completed",
        "medicationCodeableConcept": order.get("medicationCodeableConcept", {"text": "as ordered"}),
        "subject": {"reference": f"Patient/{patient}"}, "request": {"reference": f"MedicationRequest/{order['id']}"},
        "effectiveDateTime": "2026-01-01T09:05:00Z", "performer": [{"actor": {"display": "nurse7"}}]})
    changed = sync(run_emr, demo_server)
    assert changed.returncode == 0, changed.stderr
    assert fetched(changed.stdout) == {"Encounter": len(patients), "MedicationAdministration": 1}


def test_a_note_added_on_the_server_arrives_with_the_next_sync(run_emr, demo_server):
    """A note written on the server (DocumentReference, inline base64 text) for a census patient is
    fetched incrementally, its text stored as the workstation shows it."""
    patients, _ = expected_counts(demo_server)
    assert sync(run_emr, demo_server).returncode == 0
    patient = sorted(patients)[0]
    encounter = demo_server.search_all(f"Encounter?patient={patient}&status=in-progress")[0]
    demo_server.put({
        "resourceType": "DocumentReference", "id": "doc-integration-note", "status": "current",
        "type": {"coding": [{"system": "http://loinc.org", "code": "11506-3", "display": "Progress note"}]},
        "subject": {"reference": f"Patient/{patient}"}, "date": "2026-01-01T09:05:00Z",
        "context": {"encounter": [{"reference": f"Encounter/{encounter['id']}"}]},
        "content": [{"attachment": {"contentType": "text/plain", "data": "V2FyZCByb3VuZDogc3RhYmxlLg=="}}]})
    changed = sync(run_emr, demo_server)
    assert changed.returncode == 0, changed.stderr
    assert fetched(changed.stdout) == {"Encounter": len(patients), "DocumentReference": 1}
    again = sync(run_emr, demo_server)
    assert "DocumentReference" not in fetched(again.stdout), "fetched once"


def test_a_note_held_as_a_binary_on_the_server_is_read_from_it(run_emr, demo_server):
    """A note whose text the server holds as a Binary (`Binary/<id>`) is read from it at the
    sync and shown whole; one naming another host is never fetched and says where its text is."""
    patients, _ = expected_counts(demo_server)
    assert sync(run_emr, demo_server).returncode == 0
    patient = sorted(patients)[0]
    family = demo_server.request("GET", f"Patient/{patient}")["name"][0]["family"]
    text = "Night shift: slept well, no pain, observations stable."
    demo_server.put({"resourceType": "Binary", "id": "bin-integration-note", "contentType": "text/plain; charset=utf-8",
                     "data": base64.b64encode(text.encode()).decode()})
    for note_id, address, day in [("doc-integration-binary", "Binary/bin-integration-note", "02"),
                                  ("doc-integration-elsewhere", "http://127.0.0.1:9/fhir/Binary/bin-integration-note", "03")]:
        demo_server.put({
            "resourceType": "DocumentReference", "id": note_id, "status": "current",
            "type": {"coding": [{"system": "http://loinc.org", "code": "34746-8", "display": "Nurse note"}]},
            "subject": {"reference": f"Patient/{patient}"}, "date": f"2026-01-{day}T06:00:00Z",
            "content": [{"attachment": {"contentType": "text/plain", "url": address}}]})
    changed = sync(run_emr, demo_server)
    assert changed.returncode == 0, changed.stderr
    session = TmuxSession(str(run_emr.emr), run_emr.env, columns=80, rows=24)
    try:
        session.wait_for("Patients", timeout=60)
        session.keys("/")
        session.keys(family, literal=True)
        session.keys("Enter")
        wait_until(session, lambda s: "1 found" in s, "the patient found")
        session.keys("Enter")
        wait_until(session, lambda s: family.upper() in s, "the chart's banner")
        session.keys("2")
        wait_until(session, lambda s: "[2 Encounters]" in s and "loading" not in chart_pane(s), "the Encounters tab")
        session.keys("N")
        wait_until(session, lambda s: "Notes, newest first" in s, "the chart's notes")
        notes = " ".join(whole_tab(session).split())
        assert text in notes, notes
        assert "held at http://127.0.0.1:9/fhir/Binary/bin-integration-note" in notes, notes
    finally:
        session.close()


def test_a_patient_moved_off_the_ward_leaves_the_census(run_emr, demo_server):
    assert sync(run_emr, demo_server).returncode == 0
    encounter = demo_server.search_all(f"Encounter?location=Location/{WARD}&status=in-progress")[0]
    encounter["location"] = [{"location": {"reference": "Location/loc-ward-3E"}, "status": "active"}]
    demo_server.put(encounter)
    moved = sync(run_emr, demo_server)
    assert moved.returncode == 0, moved.stderr
    assert "1 left the census" in moved.stdout


def test_a_patient_off_the_census_past_the_retention_period_is_purged(run_emr, demo_server):
    run_emr.home.mkdir(mode=0o700)
    (run_emr.home / "config").write_text("retention_days = 0\n")  # purged at the first sync without them
    assert sync(run_emr, demo_server).returncode == 0
    encounter = demo_server.search_all(f"Encounter?location=Location/{WARD}&status=in-progress")[0]
    encounter["location"] = [{"location": {"reference": "Location/loc-ward-3E"}, "status": "active"}]
    demo_server.put(encounter)
    patients, _ = expected_counts(demo_server)
    moved = sync(run_emr, demo_server)
    assert moved.returncode == 0, moved.stderr
    assert "1 left the census" in moved.stdout and "; purged 1 patients off the census over 0 days" in moved.stdout
    with sqlite3.connect(run_emr.home / "cache.sqlite") as database:
        assert database.execute("SELECT count(*) FROM patient_list").fetchone()[0] == len(patients)
    rows = [line.split() for line in run_emr("audit", "show").stdout.splitlines()[1:]]
    assert [row[5:] for row in rows if row[5] == "purge"] == [["purge", "1", "-", "success"]], rows


def test_two_syncs_never_run_at_once(run_emr, demo_server):
    assert sync(run_emr, demo_server).returncode == 0
    with open(run_emr.home / "sync.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        blocked = sync(run_emr, demo_server)
    assert blocked.returncode == 2
    assert "Another sync of this cache is running" in blocked.stderr
    assert sync(run_emr, demo_server).returncode == 0


def test_sync_needs_a_server(run_emr):
    result = run_emr("sync", "--ward", WARD)
    assert result.returncode == 2
    assert "a FHIR server is needed" in result.stderr


def test_an_unreachable_server_is_reported_and_the_exit_status_says_so(run_emr):
    result = run_emr("sync", "--server", "http://127.0.0.1:9/fhir", "--ward", WARD)
    assert result.returncode == 2
    assert "cannot reach the FHIR server http://127.0.0.1:9" in result.stderr
