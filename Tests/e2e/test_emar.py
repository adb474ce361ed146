"""Recording doses on the MAR as a nurse does at 80x24 (`emr --demo` in tmux): the wrong
wristband is refused and nothing is recorded, the right one lets a dose be given, and the MAR
then shows it given by the nurse; another dose is refused with a reason, and that refusal is
marked entered in error."""
import re
import time

from charting_steps import leave, open_chart, wait_until, words
from fixture_facts import daily_order, mrn, resources
from test_workstation import home_with_config, refused_config, start


def choose(session, word, drug=""):
    """Moves the MAR's chosen dose (`> `) down to the first line whose status is `word` (and,
    given one, whose order is `drug`'s: another order's dose may be due at the same hour)."""
    for _ in range(24):
        chosen = next((line for line in session.wait_for("│ > ").splitlines() if "│ > " in line), "")
        if re.search(rf"\d\d:\d\d  {word}\b", chosen) and drug in chosen:
            return
        session.keys("Down")
        # The marker has moved on once the line it was on is no longer drawn with it.
        session.wait_until_gone(chosen.strip("│ "))
    raise AssertionError(f"no {word} dose on the MAR: " + session.screen())


def past_warnings(session):
    """Answers an allergy or timing warning the demo patient's dose may meet, then waits for
    the confirm step."""
    screen = session.wait_for("Enter")
    if "Reason:" in screen:
        session.keys("checked with the prescriber", literal=True)
        session.keys("Enter")
    session.wait_for("Enter records it")


def give_as_prefilled(session, screen, given_for=None):
    """From the dose step (`screen`): the order's dose and route as prefilled, given now (an
    as-needed dose `given_for` its reason), each warning answered, then recorded."""
    assert re.search(r"Dose given: \S+ \S+", screen), "the order's dose and unit, prefilled: " + screen
    session.keys("Enter")
    session.wait_for("Route:")
    session.keys("Enter")
    session.wait_for("Given at:")
    session.keys("Enter")
    if given_for:
        session.wait_for("Given for:")
        session.keys(given_for, literal=True)
        session.keys("Enter")
    past_warnings(session)
    assert "GIVEN " in session.screen()
    session.keys("Enter")
    session.wait_for("recorded given")


def test_a_wrong_wristband_records_nothing_then_a_dose_is_given_and_another_refused(emr, env, tmp_path):
    soon = time.gmtime(time.time() + 120)
    qd = f"{soon.tm_hour:02d}:{soon.tm_min:02d}"
    home = home_with_config(tmp_path, f"admin_times.QD = {qd}\n")
    patient, drug = daily_order()
    session = start(emr, env, home)
    try:
        open_chart(session, patient)
        session.keys("4")
        session.wait_for("[4 Meds]")
        session.keys("m")
        session.wait_for("MAR · due 60 min either side")
        choose(session, "due", drug)
        session.keys("r")
        session.wait_for("Wristband MRN:")
        session.keys("WRONG-0001", literal=True)
        session.keys("Enter")
        screen = session.wait_for("wristband does not match this chart: nothing recorded")
        assert "g given" not in screen
        session.keys(mrn(patient), literal=True)
        session.keys("Enter")
        session.wait_for("g given")
        session.keys("g")
        screen = session.wait_for("Dose given:")
        give_as_prefilled(session, screen)
        screen = session.wait_for(" by ")
        assert re.search(rf"{qd}  given", screen), "the dose now reads given on the MAR: " + screen

        choose(session, "due")
        session.keys("r")
        session.wait_for("Wristband MRN:")
        session.keys(mrn(patient), literal=True)
        session.keys("Enter")
        session.wait_for("g given")
        session.keys("n")
        session.wait_for("Not given because:")
        session.keys("r")
        screen = session.wait_for("Enter records it")
        assert "NOT GIVEN at" in screen and "patient refused" in screen
        session.keys("Enter")
        session.wait_for("recorded not given")
        screen = session.wait_for("patient refused")
        assert "not given" in screen

        # The refusal was on the wrong dose: marked entered in error, never deleted; it is due again.
        session.keys("x")
        session.wait_for("Mark entered in error: not given")
        session.keys("recorded against the wrong order", literal=True)
        session.keys("Enter")
        session.wait_for("Enter marks it entered in error")
        session.keys("Enter")
        session.wait_for("marked entered in error")
        session.wait_until_gone("patient refused")
        session.keys("q")
        session.wait_for("q again quits")
        session.keys("q")
        assert session.finished() == "exit=0"
    finally:
        session.close()


def as_needed_patient():
    """A demo patient with one active as-needed (PRN) order and no other (salbutamol inhaler)."""
    counts = {}
    for order in resources("MedicationRequest"):
        dosage = (order.get("dosageInstruction") or [{}])[0]
        if order.get("status") == "active" and dosage.get("asNeededBoolean"):
            subject = order["subject"]["reference"].split("/")[-1]
            counts[subject] = counts.get(subject, 0) + 1
    subject = next(s for s, count in counts.items() if count == 1)
    return next(p for p in resources("Patient") if p["id"] == subject)


def open_prn_line(session, patient):
    """From the list: opens `patient`'s MAR and chooses its as-needed line (the MAR's last
    choice, kept in view); returns that screen."""
    open_chart(session, patient)
    session.keys("4")
    session.wait_for("[4 Meds]")
    session.keys("m")
    session.wait_for("MAR · due")
    session.keys("End")
    return session.wait_for("As needed (PRN): never due")


def test_an_as_needed_dose_is_given_from_its_mar_line_which_then_shows_it_last_given(emr, env, tmp_path):
    patient = as_needed_patient()
    session = start(emr, env, home_with_config(tmp_path, ""))
    try:
        # The patient has one as-needed order.
        screen = open_prn_line(session, patient)
        assert any("│ > Salbutamol" in line for line in screen.splitlines()), screen
        session.keys("r")
        session.wait_for("Wristband MRN:")
        assert "as needed (PRN)" in session.screen()
        session.keys(mrn(patient), literal=True)
        session.keys("Enter")
        screen = session.wait_for("Dose given:")
        assert "g given" not in screen, "only ever given: no choice"
        give_as_prefilled(session, screen, given_for="pain 7/10")
        # The status line says `pending` before the MAR is read again: wait for the PRN line.
        wait_until(session, lambda screen: re.search(r"last \d\d:\d\d by \S+ \(pain 7/10\) · pending", words(screen)),
                   "the PRN line shows the dose just given, pending (the demo has no server)")
        leave(session)
    finally:
        session.close()


def test_a_wristband_check_that_is_neither_on_nor_off_is_one_line_and_nothing_starts(emr, env, tmp_path):
    assert refused_config(emr, env, tmp_path, "wristband_check = sometimes\n") \
        == "emr: config: wristband_check = sometimes is not on or off"
