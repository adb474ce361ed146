"""Nurse charting in the demo, as a nurse does it: `a` opens the vitals form, Tab moves,
Enter checks, the confirm step shows the banner and the values, Enter saves. The demo has
no server, so what is charted stays pending in the demo cache, across restarts."""
import re
import subprocess

import pytest

from charting_steps import (chart_full_set, discard_form, give_reason_and_confirm, leave, open_chart, open_form, unsent, wait_until,
                            wait_words, words)
from fixture_facts import banner_name, mrn, resources
from tmux_session import TmuxSession


@pytest.fixture(scope="module")
def demo_home(tmp_path_factory):
    """One demo cache for the module; each test charts for a patient of its own."""
    return tmp_path_factory.mktemp("charting") / "emr-home"


def patient(index):
    """The index-th fixture patient by id, so tests never chart for the same one."""
    return sorted(resources("Patient"), key=lambda p: p["id"])[index]


def start(emr, env, home, columns=80, rows=24):
    return TmuxSession(f"{emr} --demo", dict(env, EMR_HOME=str(home)), columns=columns, rows=rows)


def tab(session, count, key="Tab"):
    for _ in range(count):
        session.keys(key)


def test_a_full_set_is_confirmed_saved_and_shows_pending_in_summary_and_vitals_after_a_restart(emr, env, demo_home):
    person = patient(1)
    session = start(emr, env, demo_home)
    try:
        open_chart(session, person)
        before = unsent(session.screen())
        confirm = words(chart_full_set(session))
        # The wrong-patient guard: the banner with both identifiers, then every value with unit and marker.
        assert banner_name(person) in confirm and f"MRN {mrn(person)}" in confirm and "DOB " in confirm
        for piece in ("HR 112 H /min", "BP 148/92 H mmHg", "T 38.4 H °C (typed 101.2 °F)", "RR 24 H /min",
                      "SpO2 89 L! % on O2 nasal cannula 2 L/min", "Wt 71.2 kg", "Pain 3 /10", "Outside the normal range:"):
            assert piece in confirm, f"{piece} not at the confirm step:\n{confirm}"
        session.keys("Enter")
        saved = session.wait_for("saved 7 values")
        assert unsent(saved) == before + 7
        session.resize(120, 40)
        summary = words(wait_words(session, "HR 112 H /min (pending)"))
        assert "T 38.4 H °C (pending)" in summary and "BP 148/92 H mmHg (pending)" in summary
        session.keys("3")
        wait_until(session, lambda screen: re.search(r"112 H 148/92 H 89 L! O2 38\.4 H 24 H 71\.2 3 - pending", words(screen)),
                   "the new round on the Vitals tab, pending")
        leave(session)
    finally:
        session.close()

    again = start(emr, env, demo_home, columns=120, rows=40)
    try:
        open_chart(again, person)
        screen = wait_words(again, "HR 112 H /min (pending)")
        assert unsent(screen) == before + 7, "still in the outbox after a restart"
        leave(again)
    finally:
        again.close()


BAD_INPUT = [
    # (Tabs from heart rate, typed, the field's message)
    (0, "abc", "heart rate must be a whole number, 20-300 /min"),
    (0, "301", "heart rate must be 20-300 /min"),
    (1, "39", "systolic must be 40-300 mmHg"),
    (3, "120", "temperature must be 25-45 °C (77-113 °F)"),
    (3, "hot", "temperature must be a number with at most 1 decimal, 25-45 °C (77-113 °F)"),
    (4, "2", "respiratory rate must be 3-80 /min"),
    (5, "101", "SpO2 must be 50-100 %"),
    (5, "x9", "SpO2 must be a whole number, 50-100 %"),
    # With neither air nor O2 chosen (or room air) the O2 device, flow and FiO2 are not asked:
    # Tab goes from Oxygen to weight.
    (7, "0.1", "weight must be 0.3-500 kg"),
    (7, "heavy", "weight must be a number with at most 3 decimals, 0.3-500 kg"),
    (8, "11", "pain score must be 0-10"),
    (9, "b", "ACVPU: type A (alert)"),
    (10, "25:00", "time must be HH:MM or YYYY-MM-DD HH:MM (empty for now)"),
]


def test_bad_input_in_every_field_gives_the_fields_message_and_saves_nothing(emr, env, demo_home):
    person = patient(2)
    session = start(emr, env, demo_home)
    try:
        open_chart(session, person)
        before = unsent(session.screen())
        open_form(session)
        session.keys("Enter")
        wait_words(session, "nothing entered: type at least one value")
        for tabs, typed, message in BAD_INPUT:
            tab(session, tabs)
            session.keys(typed, literal=True)
            session.keys("Enter")
            screen = wait_words(session, message)
            assert "Check and save vitals" not in screen
            # Enter left the cursor on the refused field: clear it, go back to heart rate.
            session.keys("C-u")
            tab(session, tabs, key="BTab")
        # 300/200: each half inside its own range would still be a slip.
        session.keys("Tab")
        session.keys("300", literal=True)
        session.keys("Tab")
        session.keys("200", literal=True)
        session.keys("Enter")
        wait_words(session, "diastolic must be 20-180 mmHg")
        screen = discard_form(session)
        assert unsent(screen) == before, "nothing was saved"
        session.keys("3")
        vitals = session.wait_for("[3 Vitals]")
        assert "pending" not in vitals
        leave(session)
    finally:
        session.close()


def test_esc_at_the_confirm_step_goes_back_and_saves_nothing(emr, env, demo_home):
    person = patient(3)
    session = start(emr, env, demo_home)
    try:
        open_chart(session, person)
        before = unsent(session.screen())
        open_form(session)
        session.keys("80", literal=True)
        session.keys("Enter")
        session.wait_for("Check and save vitals")
        session.keys("Escape")
        form = session.wait_for("Add vitals")
        assert "[80 " in form, "the typed value is kept"
        screen = discard_form(session)
        assert unsent(screen) == before and "saved" not in screen
        leave(session)
    finally:
        session.close()


def test_a_set_marked_entered_in_error_stays_listed_and_leaves_the_summary(emr, env, demo_home):
    person = patient(4)
    session = start(emr, env, demo_home, columns=120, rows=40)
    try:
        open_chart(session, person)
        open_form(session)
        session.keys("187", literal=True)
        session.keys("Enter")
        session.wait_for("Check and save vitals")
        session.keys("Enter")
        session.wait_for("saved 1 value")
        session.keys("3")
        wait_until(session, lambda screen: re.search(r"187 H!.*pending", screen), "the new round, pending")
        session.keys("x")
        session.wait_for("Mark entered in error")
        assert "HR 187 H! /min" in words(session.screen())
        session.keys("Enter")
        wait_words(session, "a reason is needed")
        give_reason_and_confirm(session, "charted for the wrong patient", confirm="Enter marks this value entered in error")
        vitals = wait_until(session, lambda screen: re.search(r"187 H!.*in error", screen), "the round marked in error")
        assert "Mark entered in error" not in vitals
        session.keys("1")
        summary = words(session.wait_for("[1 Summary]"))
        assert "HR 187" not in summary, "a value entered in error is never the latest"
        leave(session)
    finally:
        session.close()

    # Both were audited against the patient, as what was done, never with the values.
    demo = demo_home / "demo"
    shown = subprocess.run([str(emr), "audit", "show", "--patient", person["id"], "--passphrase-file", str(demo / "demo-passphrase")],
                           env=dict(env, EMR_HOME=str(demo)), capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL)
    assert shown.returncode == 0, shown.stderr
    actions = [(line.split()[5], line.split()[-1]) for line in shown.stdout.splitlines()[1:]]
    assert ("charting", "success") in actions and ("correction", "success") in actions, shown.stdout
    assert "187" not in shown.stdout and "wrong patient" not in shown.stdout


def test_a_demo_round_marked_entered_in_error_keeps_the_time_it_was_shown_at(emr, env, demo_home):
    # The demo shifts its fixtures' dates to end now; a correction is written in the same frame.
    person = patient(5)
    session = start(emr, env, demo_home, columns=120, rows=40)
    try:
        open_chart(session, person)
        session.keys("3")
        vitals = session.wait_for("time  HR")
        rows = [line for line in vitals.splitlines() if re.search(r"│\s*\d\d:\d\d\s", line)]
        assert rows, vitals
        shown_at = re.search(r"│\s*(\d\d:\d\d)\s", rows[0]).group(1)
        session.keys("x")
        session.wait_for("Mark entered in error")
        give_reason_and_confirm(session, "duplicate of an earlier round")
        wait_until(session, lambda screen: re.search(rf"│\s*{shown_at}\s.*in error", screen), f"the {shown_at} round marked in error, still at {shown_at}")
        leave(session)
    finally:
        session.close()


def test_oxygen_by_high_flow_is_checked_against_its_device_and_shows_with_its_fio2(emr, env, demo_home):
    """On O2 the form asks the device, its flow and FiO2: 8 L/min is too much for a nasal
    cannula and says the cannula's range; high-flow takes 40 L/min; FiO2 101 is refused. What is
    saved shows as `O2` in the table and whole on the confirm step and the Summary."""
    person = patient(8)
    session = start(emr, env, demo_home)
    try:
        open_chart(session, person)
        open_form(session)
        tab(session, 5)
        session.keys("95", literal=True)
        session.keys("Tab", "o", "Tab")
        wait_words(session, "N nasal cannula, S simple mask, V venturi mask, R non-rebreather, H high-flow")
        session.keys("n")
        session.keys("Tab")
        session.keys("8", literal=True)
        session.keys("Tab")
        session.keys("101", literal=True)
        session.keys("Enter")
        screen = wait_words(session, "O2 flow by nasal cannula must be 0.5-6 L/min")
        assert "FiO2 must be 21-100 %" in words(screen), screen
        assert "2 values refused" in words(screen)
        session.keys("BTab", "h")
        wait_words(session, "[high-flow")
        session.keys("Tab", "C-u")
        session.keys("40", literal=True)
        session.keys("Tab", "C-u")
        session.keys("60", literal=True)
        session.keys("Enter")
        confirm = words(session.wait_for("Check and save vitals"))
        assert "SpO2 95 % on O2 high-flow 40 L/min FiO2 60 %" in confirm, confirm
        session.keys("Enter")
        wait_words(session, "saved 1 value")
        session.resize(120, 40)
        wait_words(session, "SpO2 on O2 high-flow 40 L/min FiO2 60 %")
        session.keys("3")
        wait_until(session, lambda s: re.search(r"\b95 O2\b", words(s)), "the SpO2 cell saying O2")
        leave(session)
    finally:
        session.close()


def test_a_round_that_scores_7_shows_news2_high_on_confirm_vitals_and_summary(emr, env, demo_home):
    """RR 22, SpO2 94 on air, BP 105/70, HR 115, Alert, T 38.5: RCP NEWS2 2+1+0+1+2+0+1 = 7, high.
    The nurse sees it before saving, in the Vitals column and on the Summary."""
    person = patient(7)
    session = start(emr, env, demo_home, columns=120, rows=40)
    try:
        open_chart(session, person)
        open_form(session)
        for value in ("115", "105", "70", "38.5", "22", "94"):
            session.keys(value, literal=True)
            session.keys("Tab")
        session.keys("r")  # room air, chosen: it is never chosen for the nurse (no device, flow or FiO2 asked)
        tab(session, 3)  # no weight or pain
        session.keys("A", literal=True)
        session.keys("Enter")
        screen = session.wait_for("Check and save vitals")
        assert "7 HIGH: RR 2, SpO2 1, SBP 1, HR 2, T 1" in words(screen), screen
        assert "emergency response" in words(screen)
        session.keys("Enter")
        wait_words(session, "saved 6 values")
        session.keys("3")
        wait_until(session, lambda s: "7 HIGH" in s and "NEWS2" in s, "the NEWS2 column of the new round")
        session.keys("1")
        wait_words(session, "NEWS2 7 HIGH at")
        leave(session)
    finally:
        session.close()


def test_a_ward_that_keeps_corrections_to_their_author_refuses_another_nurses_round(emr, env, tmp_path):
    """`correct_others = no`: x on a round the demo's nurses charted says why, and marks nothing."""
    home = tmp_path / "emr-home"
    home.mkdir(mode=0o700)
    (home / "config").write_text("correct_others = no\n")
    (home / "config").chmod(0o600)
    session = start(emr, env, home, columns=120, rows=40)
    try:
        open_chart(session, patient(6))
        session.keys("3")
        session.wait_for("time  HR")
        session.keys("x")
        wait_words(session, "only its author may mark it (ward rule)")
        assert "Mark entered in error" not in session.screen()
        leave(session)
    finally:
        session.close()


def test_o_sets_the_spo2_target_after_a_confirm_naming_the_patient_and_the_banner_shows_it(emr, env, demo_home):
    """Scale 2 for a patient in hypercapnic respiratory failure: `o`, a confirm naming them,
    Enter; the banner says so on every tab, and `o` again offers to clear it."""
    person = patient(9)
    session = start(emr, env, demo_home)
    try:
        open_chart(session, person)
        session.keys("o")
        screen = session.wait_for("Set SpO2 target 88–92% for")
        assert banner_name(person)[:20] in screen and f"MRN {mrn(person)}" in words(screen), screen
        assert "Scale 2" in words(screen)
        session.keys("Enter")
        wait_words(session, "SpO2 target 88–92% set")
        for key in ("3", "2", "1"):
            session.keys(key)
            wait_until(session, lambda s: "SpO2 target 88–92%" in s.split("Summary")[0] if "Summary" in s else False,
                       f"the banner's SpO2 target on tab {key}")
        session.keys("o")
        session.wait_for("Clear SpO2 target 88–92% for")
        session.keys("Escape")
        session.wait_until_gone("Clear SpO2 target")
        leave(session)
    finally:
        session.close()
