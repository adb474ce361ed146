"""A note read from an encounter at 80x24 through the real binary (issue 32): `emr import` of
Fixtures/messy/clinical-notes.ndjson, the chart opened, the newest encounter's details paged
whole: its notes (the HTML one as plain words, its script and escape sequences gone from what
the terminal is sent; a Composition's sections in order), diagnosis, procedure and order; then
`N`, the chart's notes."""
import pathlib
import subprocess

from charting_steps import chart_pane, wait_until, whole_tab
from tmux_session import TmuxSession

PASS = "correct horse battery"
NOTES = pathlib.Path(__file__).resolve().parents[2] / "Fixtures" / "messy" / "clinical-notes.ndjson"


def test_a_note_is_read_from_its_encounter_at_80x24(emr, env, tmp_path):
    env = dict(env, EMR_PASSPHRASE=PASS)
    result = subprocess.run([str(emr), "import", str(NOTES)], env=env, capture_output=True, text=True, timeout=120,
                            stdin=subprocess.DEVNULL)
    assert result.returncode == 0, result.stderr
    assert "not used by the workstation" not in result.stderr, result.stderr
    session = TmuxSession(f"{emr}", env, columns=80, rows=24)
    sent = tmp_path / "terminal-bytes"
    session.record_output(sent)
    try:
        session.wait_for("Patients 1", timeout=60)
        session.keys("Enter")
        wait_until(session, lambda s: "RAVENSWORTH" in s, "the banner")
        session.keys("2")
        wait_until(session, lambda s: "[2 Encounters]" in s and "loading" not in chart_pane(s), "the Encounters tab")
        session.keys("Enter")
        wait_until(session, lambda s: "Encounter details" in s, "the encounter's details")
        details = whole_tab(session)
        for expected in ["Notes (4)", "Cardiology consultation", "Palpitations on exertion.", "Sinus rhythm & no murmur.", "- Holter monitor",
                         "Discharge summary", "Seen & examined.", "Stable <no distress>.", "Colour: red",
                         "History and physical note", "Continue lisinopril 10 mg daily.", "Essential hypertension",
                         "Medication reconciliation", "HR 72 /min", "lisinopril 10 MG Oral Tablet"]:
            assert expected in details, f"{expected!r} in {details}"
        assert "alert(" not in details and "[31m" not in details and "[2J" not in details, details
        session.keys("Escape")
        wait_until(session, lambda s: "Encounter details" not in s, "the list again")
        session.keys("N")
        wait_until(session, lambda s: "Notes, newest first" in s, "the chart's notes")
        notes = whole_tab(session)
        assert "note cut at 64 KiB of 85 KiB" in notes, notes
        assert notes.index("Discharge summary") < notes.index("History and physical note") < notes.index("Cardiology consultation") \
            < notes.index("2024-01-15"), notes
        session.keys("Escape", "Escape", "q")
        assert session.finished() == "exit=0"
    finally:
        session.close()
    bytes_sent = sent.read_bytes()
    assert b"owned" not in bytes_sent and b"\x1b]0;" not in bytes_sent, "no escape sequence from a note reaches the terminal"
