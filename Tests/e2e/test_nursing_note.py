"""A nurse's note written in the demo at 80x24 through the real binary (issue 32): a demo
patient's chart opened, a note read from their stay's details, then `n`: two lines typed (the
first wider than the screen, so it wraps), Ctrl-D, the check naming the patient, Enter; the
note is then first in the chart's notes (`N`) and in the stay's details, marked pending (the
demo has no server). Then `x` in the notes withdraws it: it stays, marked ENTERED IN ERROR."""
import base64
import re

from charting_steps import chart_pane, leave, open_chart, wait_until, wait_words, whole_tab, words
from fixture_facts import banner_name, mrn, resources
from tmux_session import TmuxSession

FIRST = ("Settled overnight, slept well after 02:00; pain 2/10 on regular paracetamol, "
         "mobilising to the chair with one assist")
SECOND = "Plan: repeat obs at 14:00, family visiting"


def admitted_with_notes():
    """The first demo patient (by id) whose newest encounter is an open stay with notes, that
    stay, and the first words of one of its notes."""
    encounters = resources("Encounter")
    notes = resources("DocumentReference")
    for person in sorted(resources("Patient"), key=lambda p: p["id"]):
        theirs = [e for e in encounters if e["subject"]["reference"] == f"Patient/{person['id']}"]
        if not theirs:
            continue
        stay = max(theirs, key=lambda e: e.get("period", {}).get("start", ""))
        written = [n for n in notes if n.get("context", {}).get("encounter", [{}])[0].get("reference") == f"Encounter/{stay['id']}"]
        if stay["class"]["code"] == "IMP" and "end" not in stay.get("period", {}) and written:
            text = base64.b64decode(written[0]["content"][0]["attachment"]["data"]).decode()
            return person, " ".join(text.split()[:4])
    raise AssertionError("no demo patient in a stay with notes")


def test_a_nurse_writes_a_note_that_shows_pending_in_the_notes_and_the_stay(emr, env):
    person, read = admitted_with_notes()
    session = TmuxSession(f"{emr} --demo", env, columns=80, rows=24)
    try:
        open_chart(session, person)
        session.keys("2")
        wait_until(session, lambda s: "[2 Encounters]" in s and "loading" not in chart_pane(s), "the Encounters tab")
        session.keys("Enter")
        wait_until(session, lambda s: "Encounter details" in s, "the stay's details")
        assert read in whole_tab(session), f"{read!r}: a note read from the stay"
        session.keys("Escape")
        wait_until(session, lambda s: "Encounter details" not in s, "the encounters again")

        session.keys("n")
        form = session.wait_for("Nurse's note")
        assert "Ctrl-D or F2 done" in words(form) and "Esc leave" in words(form)
        session.keys(FIRST, literal=True)
        session.keys("Enter")
        session.keys(SECOND, literal=True)
        typed = wait_words(session, f"{len(FIRST) + 1 + len(SECOND)} of 4,000 characters")
        rows = [line for line in typed.splitlines() if "Settled overnight" in line or "mobilising" in line]
        assert len(rows) >= 2, f"the first line wraps at the form's width:\n{typed}"
        assert all(len(line) <= 80 for line in typed.splitlines())

        session.keys("C-d")
        check = words(session.wait_for("Save this nurse's note for"))
        # The wrong-patient guard: the name with the date of birth and the MRN.
        assert banner_name(person) in check and f"MRN {mrn(person)}" in check and "DOB " in check, check
        assert "In the current stay" in check and FIRST in check and SECOND in check, check
        while "Enter saves the note" not in words(session.screen()):
            session.keys("NPage")
        session.keys("Enter")
        wait_words(session, "nurse's note saved, stays pending in the demo (no server)")

        session.keys("N")
        wait_until(session, lambda s: "Notes, newest first" in s, "the chart's notes")
        notes = whole_tab(session)
        newest = re.search(r"Notes, newest first \(Esc back\) Nurse note · [^·]+ · [^·]+ · pending (.*)", notes)
        assert newest and newest.group(1).startswith(f"{FIRST} {SECOND}"), notes
        session.keys("Escape")
        wait_until(session, lambda s: "Notes, newest first" not in s, "the encounters again")
        session.keys("Enter")
        wait_until(session, lambda s: "Encounter details" in s, "the stay's details")
        details = whole_tab(session)
        # First of the stay's notes; the banner may fall between its heading and its text at a page break.
        assert re.search(r"Notes \(\d+\) Nurse note · [^·]+ · [^·]+ · pending ", details), details
        assert f"{FIRST} {SECOND}" in details, details
        session.keys("Escape")
        wait_until(session, lambda s: "Encounter details" not in s, "the encounters again")

        # Withdrawn, never deleted: `x` in the notes offers the nurse's own note.
        session.keys("N")
        wait_until(session, lambda s: "Notes, newest first" in s, "the chart's notes")
        session.keys("x")
        choice = words(session.wait_for("Which of your notes is entered in error?"))
        assert "▸ Nurse note · " in choice and "Settled overnight" in choice, choice
        session.keys("Enter")
        session.wait_for("Reason:")
        session.keys("written on the wrong chart", literal=True)
        session.keys("Enter")
        check = words(session.wait_for("Mark this note entered in error for"))
        assert banner_name(person) in check and f"MRN {mrn(person)}" in check, check
        while "Enter marks it entered in error" not in words(session.screen()):
            session.keys("NPage")
        session.keys("Enter")
        wait_words(session, "note marked entered in error, stays pending in the demo (no server)")
        wait_until(session, lambda s: "Notes, newest first" in s and "ENTERED IN" in s, "the chart's notes, reloaded")
        notes = whole_tab(session)
        withdrawn = re.search(r"Nurse note · [^·]+ · [^·]+ · pending · ENTERED IN ERROR (.*)", notes)
        assert withdrawn and withdrawn.group(1).startswith(FIRST), notes
        session.keys("Escape")
        leave(session)
    finally:
        session.close()
