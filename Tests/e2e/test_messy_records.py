"""Fixtures/messy at 80x24 through the real binary, as a ward reads the records real servers
send (issue 31): `emr import` of the whole folder, then every tab of every chart paged whole in
tmux. No SNOMED CT semantic tag anywhere, a worded answer (`Detected`) whole, and a potassium
of 6.9 sent without a range flagged `HH` by the ward's range, its list row marked `C`."""
import datetime
import json
import pathlib
import re
import subprocess

from charting_steps import back_to_whole_list, chart_pane, wait_until, whole_tab, words
from tmux_session import TmuxSession

PASS = "correct horse battery"
MESSY = pathlib.Path(__file__).resolve().parents[2] / "Fixtures" / "messy"
TABS = {1: "Summary", 2: "Encounters", 3: "Vitals", 4: "Meds", 5: "Results"}
SEMANTIC_TAGS = re.compile(r"\((disorder|finding|situation|substance|procedure|qualifier value|organism|observable entity|regime/therapy)\)")


def messy_patients():
    """Each file's patient: (id, MRN, family name)."""
    patients = []
    for path in sorted(MESSY.glob("*.ndjson")):
        for line in path.read_text().splitlines():
            resource = json.loads(line)
            if resource["resourceType"] == "Patient":
                mrn = next((i["value"] for i in resource.get("identifier", [])
                            if any(c.get("code") == "MR" for c in i.get("type", {}).get("coding", []))), None)
                patients.append((resource["id"], mrn, resource["name"][0]["family"]))
    return patients


def results_pages(session):
    """The Results tab across every page of collections (`→` to the oldest), each paged whole."""
    text = [whole_tab(session)]
    while "· → older" in chart_pane(session.screen()):
        before = chart_pane(session.screen())
        session.keys("Right")
        wait_until(session, lambda s: chart_pane(s) != before, "the older collections")
        session.keys("g")
        text.append(whole_tab(session))
    return " ".join(text)


def drawn_two_hours_ago(folder):
    """Fixtures/messy with the labs sent without a range drawn two hours ago, so the critical
    potassium falls in the last 72 hours, as the list's mark and the Summary ask."""
    when = (datetime.datetime.now(datetime.timezone.utc) - datetime.timedelta(hours=2)).strftime("%Y-%m-%dT%H:%M:%SZ")
    files = []
    for path in sorted(MESSY.glob("*.ndjson")):
        if path.name == "labs-without-ranges.ndjson":
            moved = folder / path.name
            moved.write_text(re.sub(r'"effectiveDateTime":"[^"]+"', f'"effectiveDateTime":"{when}"', path.read_text()))
            path = moved
        files.append(str(path))
    return files


def test_every_messy_chart_reads_in_terms_whole_and_flagged_at_80x24(emr, env, tmp_path):
    env = dict(env, EMR_PASSPHRASE=PASS)
    result = subprocess.run([str(emr), "import", *drawn_two_hours_ago(tmp_path)], env=env, capture_output=True,
                            text=True, timeout=120, stdin=subprocess.DEVNULL)
    assert result.returncode == 0, result.stderr
    patients = [p for p in messy_patients() if p[1]]
    session = TmuxSession(f"{emr}", env, columns=80, rows=24)
    seen = {}
    try:
        session.wait_for(f"Patients {len(messy_patients())}", timeout=60)
        for patient_id, mrn, family in patients:
            session.keys("/")
            session.keys(mrn, literal=True)
            session.wait_for("1 found")
            if patient_id == "messy-norange":
                row = next(line for line in session.screen().splitlines() if family[:6] in line)
                assert re.search(r"\bC\s*│", row) or row.rstrip("│ ").endswith("C"), f"the critical result's mark: {row}"
            session.keys("Enter", "Enter")
            wait_until(session, lambda s: family.upper() in s, f"{family}'s banner")
            for number, title in TABS.items():
                session.keys(str(number))
                wait_until(session, lambda s: f"[{number} {title}]" in s and "loading" not in chart_pane(s), f"{title}")
                text = results_pages(session) if number == 5 else whole_tab(session)
                tagged = SEMANTIC_TAGS.findall(text)
                assert not tagged, f"{patient_id} {title}: {tagged}\n{text}"
                seen[(patient_id, title)] = text
            back_to_whole_list(session, len(messy_patients()))
        session.keys("q")
        assert session.finished() == "exit=0"
    finally:
        session.close()
    worded = seen[("messy-words", "Results")]
    assert re.search(r"\bDetected\b", worded) and "Not detected" in worded, worded
    assert "…" not in worded, f"nothing cut: {worded}"
    assert "6.9 HH" in seen[("messy-norange", "Results")], seen[("messy-norange", "Results")]
    assert "ward 3.5-5.1" in seen[("messy-norange", "Results")]
    assert "Potassium 6.9 HH mmol/L" in seen[("messy-norange", "Summary")], seen[("messy-norange", "Summary")]
    assert "Animal dander" in seen[("messy-terms", "Summary")] and "Medication review due" in " ".join(seen.values())
