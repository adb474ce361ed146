"""New results end to end at 80x24: a second import brings a potassium this user has not seen;
the list row carries `R`, the Results tab says `new` under its collection, and back on the list the
marker is gone (and stays gone in the next session)."""
import json
import subprocess

from charting_steps import wait_until, words
from tmux_session import TmuxSession

PASS = "correct horse battery"
PATIENT = "newres-1"
MRN = "NR-440021"


def patient():
    return {"resourceType": "Patient", "id": PATIENT,
            "identifier": [{"type": {"coding": [{"system": "http://terminology.hl7.org/CodeSystem/v2-0203", "code": "MR"}]},
                            "value": MRN}],
            "name": [{"family": "Quillfeather", "given": ["Ottoline"]}], "gender": "female", "birthDate": "1948-06-02"}


def potassium(ident, value, time):
    return {"resourceType": "Observation", "id": ident, "status": "final",
            "category": [{"coding": [{"system": "http://terminology.hl7.org/CodeSystem/observation-category", "code": "laboratory"}]}],
            "code": {"coding": [{"system": "http://loinc.org", "code": "2823-3", "display": "Potassium [Moles/volume] in Serum or Plasma"}]},
            "subject": {"reference": f"Patient/{PATIENT}"}, "effectiveDateTime": time,
            "valueQuantity": {"value": value, "unit": "mmol/L", "system": "http://unitsofmeasure.org", "code": "mmol/L"},
            "referenceRange": [{"low": {"value": 3.5, "unit": "mmol/L"}, "high": {"value": 5.1, "unit": "mmol/L"}}]}


def write(path, resources):
    path.write_text("".join(json.dumps(resource) + "\n" for resource in resources))
    return path


def emr_import(emr, env, path):
    result = subprocess.run([str(emr), "import", str(path)], env=env, capture_output=True, text=True, timeout=120,
                            stdin=subprocess.DEVNULL)
    assert result.returncode == 0, result.stderr


def row(screen):
    return next((line for line in screen.splitlines() if "Quillfeather" in line), "")


def list_row(line):
    """The list pane's part of a screen line (the chart pane sits beside it)."""
    return line.split("│")[1] if line.count("│") >= 2 else line


def start(emr, env):
    session = TmuxSession(f"{emr}", env, columns=80, rows=24)
    session.wait_for("Quillfeather", timeout=60)
    return session


def marked(screen):
    """The patient's list row ends with the new-results marker."""
    return list_row(row(screen)).rstrip().endswith("R")


def back_and_quit(session):
    """Esc back to the list, where the marker has gone at once, then q."""
    session.keys("Escape")
    wait_until(session, lambda s: not marked(s), "the marker gone once Results was opened")
    session.keys("q")
    assert session.finished() == "exit=0"


def open_results(session):
    session.keys("Enter", "5")
    session.wait_for("[5 Results]")
    return wait_until(session, lambda s: "collection" in s, "the worksheet")


def test_a_result_from_a_second_import_is_new_until_results_is_opened(emr, env, tmp_path):
    env = dict(env, EMR_PASSPHRASE=PASS)
    emr_import(emr, env, write(tmp_path / "first.ndjson", [patient(), potassium("k-1", 4.1, "2026-01-10T06:00:00Z")]))

    session = start(emr, env)
    try:
        assert marked(session.screen()), f"never opened: new to this user: {row(session.screen())!r}"
        open_results(session)
        back_and_quit(session)
    finally:
        session.close()

    emr_import(emr, env, write(tmp_path / "second.ndjson", [potassium("k-2", 5.9, "2026-01-11T06:00:00Z")]))
    session = start(emr, env)
    try:
        assert marked(session.screen()), f"the second import's result marks the row: {row(session.screen())!r}"
        screen = open_results(session)
        lines = screen.splitlines()
        potassium_row = next((l for l in lines if "│ Potassium " in l), "")
        assert "5.9 H" in potassium_row and "4.1" in potassium_row, potassium_row
        marks = next((l for l in lines if l.split("│")[-2:-1] and l.split("│")[-2].strip() == "new"), "")
        assert marks.index("new") == potassium_row.index("5.9"), f"new under the new collection:\n{screen}"
        back_and_quit(session)
    finally:
        session.close()

    session = start(emr, env)
    try:
        assert not marked(session.screen()), "seen in the last session: no marker"
        screen = open_results(session)
        assert "new" not in words(screen).replace("newer", ""), "nothing new since the last look"
        session.keys("q")
        assert session.finished() == "exit=0"
    finally:
        session.close()
