"""A nurse's note on the online workstation against the real FHIR server (issue 32): written
with `n`, shown pending, sent by the background sync; then the server holds it exactly once, a
valid R4 DocumentReference (LOINC 34746-8) in the patient's stay with the nurse's text, and the
note no longer reads pending; a restart sends nothing more. Withdrawn with `x`, the server's one
copy becomes entered-in-error, still valid R4, with its text and the reason: never deleted."""
import base64
import pathlib
import sys

from conftest import Runner
from fhir_server import CHARTED_SYSTEM, WARD, validate_r4

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "e2e"))
from charting_steps import chart_pane, open_chart, wait_until, wait_words, whole_tab  # noqa: E402  (shared with the e2e tests)
from tmux_session import TmuxSession  # noqa: E402

TEXT = "Online note: settled, obs stable.\nFamily updated by phone"


def written_here(demo_server, patient_id):
    """The patient's notes the workstation wrote (those with its identifier)."""
    return [d for d in demo_server.search_all(f"DocumentReference?subject=Patient/{patient_id}&_count=1000")
            if any(i.get("system") == CHARTED_SYSTEM for i in d.get("identifier", []))]


def test_a_nurses_note_reaches_the_server_once_as_valid_r4(emr, demo_server, tmp_path):
    runner = Runner(emr, tmp_path / "emr-home")
    runner.home.mkdir(parents=True, mode=0o700)
    (runner.home / "config").write_text("sync_interval = 0.05\n")  # every 3 s
    patient_id = demo_server.census()[1]
    person = demo_server.search_all(f"Patient?_id={patient_id}")[0]
    assert written_here(demo_server, patient_id) == []
    command = f"{runner.emr} --server {demo_server.base} --ward {WARD}"

    session = TmuxSession(command, runner.env, columns=80, rows=24)
    try:
        session.wait_for("ONLINE · synced", timeout=120)
        open_chart(session, person)
        session.keys("n")
        session.wait_for("Nurse's note")
        first, second = TEXT.split("\n")
        session.keys(first, literal=True)
        session.keys("Enter")
        session.keys(second, literal=True)
        wait_words(session, f"{len(TEXT)} of 4,000 characters")
        session.keys("C-d")
        session.wait_for("Save this nurse's note for")
        session.keys("Enter")
        wait_words(session, "nurse's note saved, pending until the server has it")
        # The next background sync sends it: the header's count goes.
        wait_until(session, lambda s: "unsent" not in s.splitlines()[0] and "ONLINE" in s, "the note sent", timeout=60)
        session.keys("2")
        wait_until(session, lambda s: "[2 Encounters]" in s and "loading" not in chart_pane(s), "the Encounters tab")
        session.keys("N")
        wait_until(session, lambda s: "Notes, newest first" in s, "the chart's notes")
        notes = whole_tab(session)
        assert f"{first} {second}" in notes and "pending" not in notes, notes
        session.keys("Escape", "q")
        assert session.finished() == "exit=0", "nothing unsent: q quits at once"
    finally:
        session.close()

    [note] = written_here(demo_server, patient_id)
    charted_id = note["id"]
    assert len(demo_server.copies(charted_id, "DocumentReference")) == 1
    validate_r4([note])
    assert note["status"] == "current" and note["docStatus"] == "final"
    assert note["type"]["coding"][0]["code"] == "34746-8"
    assert base64.b64decode(note["content"][0]["attachment"]["data"]).decode() == TEXT
    assert note["author"][0]["display"] and note["authenticator"]["display"] == note["author"][0]["display"]
    stays = demo_server.search_all(f"Encounter?subject=Patient/{patient_id}&status=in-progress")
    assert note["context"]["encounter"][0]["reference"] in [f"Encounter/{e['id']}" for e in stays], "in the patient's stay"

    # Started again: the note came back with the sync as the server's; nothing is sent twice.
    again = TmuxSession(command, runner.env, columns=80, rows=24)
    try:
        again.wait_for("ONLINE · synced", timeout=120)
        again.keys("q")
        assert again.finished() == "exit=0"
    finally:
        again.close()
    assert [d["id"] for d in written_here(demo_server, patient_id)] == [charted_id]

    # Withdrawn: the same resource, entered-in-error, once.
    withdraw = TmuxSession(command, runner.env, columns=80, rows=24)
    try:
        withdraw.wait_for("ONLINE · synced", timeout=120)
        open_chart(withdraw, person)
        withdraw.keys("2")
        wait_until(withdraw, lambda s: "[2 Encounters]" in s and "loading" not in chart_pane(s), "the Encounters tab")
        withdraw.keys("N", "x")
        withdraw.wait_for("Which of your notes is entered in error?")
        withdraw.keys("Enter")
        withdraw.wait_for("Reason:")
        withdraw.keys("written on the wrong chart", literal=True)
        withdraw.keys("Enter")
        withdraw.wait_for("Mark this note entered in error for")
        withdraw.keys("Enter")
        wait_words(withdraw, "note marked entered in error, pending until the server has it")
        wait_until(withdraw, lambda s: "unsent" not in s.splitlines()[0] and "ENTERED IN" in s, "the correction sent", timeout=60)
        withdraw.keys("Escape", "q")
        assert withdraw.finished() == "exit=0"
    finally:
        withdraw.close()
    [withdrawn] = demo_server.copies(charted_id, "DocumentReference")
    validate_r4([withdrawn])
    assert withdrawn["status"] == "entered-in-error" and withdrawn["id"] == charted_id
    assert base64.b64decode(withdrawn["content"][0]["attachment"]["data"]).decode() == TEXT
    assert {"url": "urn:emr:entered-in-error-reason", "valueString": "written on the wrong chart"} in withdrawn["extension"]
