"""A PRN dose's effectiveness follow-up as a nurse meets it at 80x24 (`emr --demo` in tmux):
the dose just given reads `follow-up due HH:MM` on its MAR line; `e` there records how well it
worked after a confirm naming the patient and the drug; the line then reads the effect, who
recorded it and when, and the follow-up mark is gone."""
import re

from charting_steps import leave, scan_drug, wait_until, words
from fixture_facts import banner_name, mrn
from test_emar import as_needed_patient, give_as_prefilled, open_prn_line
from test_workstation import home_with_config, refused_config, start


def test_a_prn_dose_given_is_due_a_follow_up_which_e_records(emr, env, tmp_path):
    patient = as_needed_patient()
    session = start(emr, env, home_with_config(tmp_path, "prn_followup_minutes = 45\n"))
    try:
        open_prn_line(session, patient)
        session.keys("r")
        session.wait_for("Wristband MRN:")
        session.keys(mrn(patient), literal=True)
        session.keys("Enter")
        give_as_prefilled(session, scan_drug(session, patient, "Salbutamol"), given_for="nausea")
        screen = wait_until(session, lambda s: "follow-up due" in words(s), "follow-up due")
        given = re.search(r"last (\d\d):(\d\d) by \S+ \(nausea\) · pending · follow-up due (\d\d):(\d\d)", words(screen))
        assert given, "the dose just given is due its follow-up: " + screen
        h, m, dh, dm = map(int, given.groups())
        assert (dh * 60 + dm - (h * 60 + m)) % (24 * 60) == 45, "prn_followup_minutes after the dose: " + screen
        session.keys("e")
        screen = session.wait_for("How well did it work?")
        assert "Effect of Salbutamol" in words(screen)
        session.keys("p")
        session.wait_for("Note (optional):")
        session.keys("breathing easier", literal=True)
        session.keys("Enter")
        screen = wait_until(session, lambda s: "Enter records the effect" in words(s), "the confirm step")
        assert "EFFECT: partly effective" in words(screen) and "note: breathing easier" in words(screen)
        assert banner_name(patient) in words(screen) and mrn(patient) in screen, "the confirm names the patient: " + screen
        session.keys("Enter")
        screen = wait_until(session, lambda s: "effect: partly effective" in words(s), "the effect on the MAR")
        assert re.search(r"effect: partly effective \d\d:\d\d by \S+", words(screen)), screen
        assert "follow-up" not in words(screen), "the follow-up mark goes once its effect is recorded: " + screen
        leave(session)
    finally:
        session.close()


def test_a_prn_follow_up_that_is_not_minutes_is_one_line_and_nothing_starts(emr, env, tmp_path):
    assert refused_config(emr, env, tmp_path, "prn_followup_minutes = soon\n") \
        == "emr: config: prn_followup_minutes = soon is not a number of minutes from 1 to 1440"
