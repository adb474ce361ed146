"""The workstation as a person uses it: `emr --demo` in a real terminal (tmux), keys sent
as the terminal would send them, the screen read back and compared with the fixtures."""
import json
import os
import re
import signal
import subprocess
import time

import pytest

from charting_steps import open_chart, wait_until
from fixture_facts import (active_medication_names, banner_name, daily_order, demo_birth_date, latest_heart_rate, mrn, newest_lab_cell,
                           patient_with_most_labs, resources,
                           severe_allergy_patient)
from tmux_session import TmuxSession

TERMS = ["xterm-256color", "xterm", "vt100", "vt220", "linux", "screen", "tmux-256color"]


@pytest.fixture(scope="module")
def demo_home(tmp_path_factory):
    """One demo cache for the module: the first start imports the fixtures."""
    return tmp_path_factory.mktemp("demo") / "emr-home"


def start(emr, env, home, term="xterm-256color", columns=80, rows=24, extra=""):
    env = dict(env, EMR_HOME=str(home))
    session = TmuxSession(f"{emr} --demo {extra}", env, columns=columns, rows=rows, term=term)
    return session


def test_demo_opens_on_the_census_with_a_chart(emr, env, demo_home):
    session = start(emr, env, demo_home)
    try:
        screen = session.wait_for("MRN ", timeout=120)
        assert "DEMO synthetic data" in screen
        assert "MRN " in screen and "DOB " in screen
        session.keys("q")
        assert session.finished() == "exit=0"
        before, after = session.stty()
        assert before == after
    finally:
        session.close()


def test_search_by_mrn_opens_the_right_patient_with_allergy(emr, env, demo_home):
    patient, substance = severe_allergy_patient()
    session = start(emr, env, demo_home)
    try:
        session.wait_for("MRN ", timeout=120)
        session.keys("/")
        session.keys(mrn(patient), literal=True)
        session.wait_for("1 found")
        session.keys("Enter", "Enter")
        screen = session.wait_for(banner_name(patient)[:20])
        assert f"DOB {demo_birth_date(patient, demo_home)}" in screen
        assert f"MRN {mrn(patient)}" in screen
        assert "ALLERGY:" in screen and substance.split()[0] in screen
        heart_rate = latest_heart_rate(patient["id"])
        if heart_rate:
            assert f"HR {heart_rate}" in screen, f"latest heart rate {heart_rate} not on the summary"
        for key, title in (("2", "[2 Encounters]"), ("3", "[3 Vitals]"), ("4", "[4 Meds]"), ("1", "[1 Summary]")):
            session.keys(key)
            screen = session.wait_for(title)
            assert f"MRN {mrn(patient)}" in screen, f"banner missing on {title}"
            if title == "[2 Encounters]":
                assert "inpatient" in screen
            if title == "[4 Meds]":
                for name in active_medication_names(patient["id"])[:3]:
                    assert name.split()[0][:8] in screen, f"active medication {name} not on the Meds tab"
        session.keys("q")
        assert session.finished() == "exit=0"
    finally:
        session.close()


def test_keypad_mode_arrows_move_the_selection(emr, env, demo_home):
    session = start(emr, env, demo_home, term="vt220")
    try:
        first = re.search(r"MRN (\S+)", session.wait_for("MRN ", timeout=120)).group(1)
        session.raw("\x1bOB")  # Down, as a terminal in keypad (application) mode sends it
        # The next patient's chart opens beside the list: its banner names another MRN.
        wait_until(session, lambda screen: (m := re.search(r"MRN (\S+)", screen)) and m.group(1) != first, "the next patient's banner")
        session.keys("q")
        session.finished()
    finally:
        session.close()


def test_help_lock_and_unlock(emr, env, demo_home):
    session = start(emr, env, demo_home)
    try:
        session.wait_for("MRN ", timeout=120)
        session.keys("?")
        session.wait_for("Keys (Esc or ? to close)")
        session.keys("Escape")
        session.wait_until_gone("Keys (Esc")
        session.keys("L")
        screen = session.wait_for("Screen locked")
        assert "MRN" not in screen and "DOB" not in screen
        session.keys("demo", literal=True)
        session.keys("Enter")
        session.wait_for("Patients")
        session.keys("q")
        session.finished()
    finally:
        session.close()


def test_resize_down_to_too_small_and_back(emr, env, demo_home):
    session = start(emr, env, demo_home, columns=120, rows=40)
    try:
        session.wait_for("MRN ", timeout=120)
        session.keys("j", "j")
        session.resize(80, 24)
        session.wait_for("Patients")
        session.resize(50, 15)
        # The banner's "MRN <number>" (the search hint says "MRN," with a comma).
        session.wait_until_gone("MRN ")
        session.resize(30, 10)
        session.wait_for("too small")
        session.resize(120, 40)
        screen = session.wait_for("MRN ")
        assert "Patients" in screen and "DOB " in screen
        session.keys("q")
        assert session.finished() == "exit=0"
    finally:
        session.close()


@pytest.mark.parametrize("term", TERMS)
def test_every_supported_term_shows_the_workstation_and_restores_the_terminal(emr, env, demo_home, term):
    session = start(emr, env, demo_home, term=term)
    try:
        screen = session.wait_for("MRN ", timeout=120)
        assert "MRN " in screen
        session.keys("Tab")
        session.wait_for("[2 Encounters]")
        session.keys("q")
        assert session.finished() == "exit=0"
        before, after = session.stty()
        assert before == after
        assert "MRN " not in session.scrollback()
    finally:
        session.close()


@pytest.mark.parametrize("term", ["xterm-256color", "vt220"])
def test_a_locale_that_is_not_utf8_gets_vt_line_drawing(emr, env, demo_home, tmp_path, term):
    """A VT220, or any client whose locale is not UTF-8: not one byte of UTF-8 is sent, and the
    frames are drawn in the terminal's line-drawing set (`ESC ( 0`, terminfo smacs), not with
    ASCII `+-|` nor UTF-8 box characters."""
    started = tmp_path / "recording"
    sent = tmp_path / "sent.bin"
    # emr starts once the recording does, so every byte it sends is in `sent`.
    waiting = f"while [ ! -e {started} ]; do sleep 0.05; done; {emr} --demo"
    session = TmuxSession(waiting, dict(env, EMR_HOME=str(demo_home), LANG="C", LC_ALL="C"), term=term)
    try:
        session.record_output(sent)
        started.touch()
        session.wait_for("MRN ", timeout=120)
        session.keys("q")
        assert session.finished() == "exit=0"
        output = sent.read_bytes()
        assert not [b for b in output if b >= 0x80], "UTF-8 sent to a terminal whose locale is not UTF-8"
        assert b"\x1b(0" in output, "frames not drawn in the terminal's line-drawing set"
    finally:
        session.close()


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT])
def test_signals_restore_the_terminal_and_leave_no_patient_data(emr, env, demo_home, sig):
    session = start(emr, env, demo_home)
    try:
        session.wait_for("MRN ", timeout=120)
        pid = session.emr_pid()
        assert pid, "emr process not found"
        os.kill(pid, sig)
        session.finished()
        before, after = session.stty()
        assert before == after
        assert "MRN " not in session.scrollback()
    finally:
        session.close()


@pytest.mark.parametrize("term", ["dumb", "unknown-term-xyz"])
def test_unusable_terminal_is_a_one_line_error(emr, env, demo_home, term):
    import subprocess
    result = subprocess.run([str(emr), "--demo"], env=dict(env, EMR_HOME=str(demo_home), TERM=term),
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 2
    assert result.stderr.strip().splitlines()[-1].startswith("emr: ")


def test_damaged_allergy_records_show_as_unknown_never_as_none(emr, env, demo_home, tmp_path):
    import shutil
    import sqlite3
    session = start(emr, env, demo_home)
    try:
        session.wait_for("MRN ", timeout=120)  # the demo cache exists
        session.keys("q")
        session.finished()
    finally:
        session.close()
    damaged = tmp_path / "emr-home"
    shutil.copytree(demo_home, damaged)
    database = sqlite3.connect(damaged / "demo" / "cache.sqlite")
    for row_id, payload in database.execute(
            "select row_id, payload from chart_bundle where resource_type = 'AllergyIntolerance'").fetchall():
        flipped = bytearray(payload)
        flipped[len(flipped) // 2] ^= 0xFF
        database.execute("update chart_bundle set payload = ? where row_id = ?", (bytes(flipped), row_id))
    database.commit()
    database.close()
    session = start(emr, env, damaged)
    try:
        session.wait_for("Damaged record", timeout=60)
        shown = None
        for _ in range(10):
            # Each patient's own banner, loaded: another MRN than the last, its allergy status read.
            screen = wait_until(session, lambda s: (m := re.search(r"MRN (\S+)", s)) and m.group(1) != shown
                                and "ALLERGIES: loading" not in s, "the next patient's loaded banner")
            shown = re.search(r"MRN (\S+)", screen).group(1)
            banner = "\n".join(screen.splitlines()[2:6])
            assert "ALLERGY:" in banner or "ALLERGIES UNKNOWN" in banner, banner
            assert "NKA" not in screen and "none active recorded" not in screen and "NOT RECORDED" not in screen
            session.keys("j")
        session.keys("q")
        assert session.finished() == "exit=0"
    finally:
        session.close()


def test_an_order_the_patient_is_allergic_to_is_named_on_the_meds_tab(emr, env, demo_home):
    """The demo's sulfonamide allergy against its celecoxib order (a class match, by name)."""
    allergic = {a["patient"]["reference"].split("/")[-1] for a in resources("AllergyIntolerance")
                if "ulfonamide" in json.dumps(a.get("code", {}))}
    ordered = {m["subject"]["reference"].split("/")[-1] for m in resources("MedicationRequest")
               if "elecoxib" in json.dumps(m.get("medicationCodeableConcept", {})) and m.get("status") == "active"}
    patient = next(p for p in resources("Patient") if p["id"] in allergic & ordered)
    session = start(emr, env, demo_home, columns=120, rows=40)
    try:
        open_chart(session, patient)
        session.keys("4")
        # On the order's own line (the banner names the allergy too).
        wait_until(session, lambda screen: "ALLERGY: Sulfonamide · Celecoxib" in " ".join(screen.split()), "the order's allergy mark")
        session.keys("q")
        session.finished()
    finally:
        session.close()


def test_the_results_tab_shows_each_tests_newest_value_with_its_flag_at_80x24(emr, env, demo_home):
    """A physician's question: what was the last potassium? The worksheet's Potassium row holds
    the fixture's newest value with its interpretation letter, on some page of collections,
    with its unit; Enter opens the test's history and Esc comes back."""
    patient = patient_with_most_labs()
    expected = newest_lab_cell(patient["id"], "2823-3")
    session = start(emr, env, demo_home)
    try:
        open_chart(session, patient)
        session.keys("5")
        screen = session.wait_for("[5 Results]")
        assert f"MRN {mrn(patient)}" in screen, "two identifiers on the Results tab"
        assert "ALLERG" in screen, "the allergy status on the Results tab"
        wait_until(session, lambda s: "collections" in s, "the worksheet header")

        def line_with(screen, text):
            return next((line for line in screen.splitlines() if text in line), "")

        # Down to the row: a look-alike's banner (NAME ALERT) leaves fewer rows on the first screen.
        for _ in range(30):
            if line_with(session.screen(), "│ Potassium "):
                break
            before = session.styled_screen()
            session.keys("Down")
            wait_until(session, lambda _: session.styled_screen() != before, "the highlight moving down")

        for _ in range(12):
            screen = session.screen()
            row = line_with(screen, "│ Potassium ")
            assert "mmol/L" in row, f"the unit is on the row: {row!r}"
            if f" {expected} " in row + " ":
                break
            header = line_with(screen, " collections")
            assert "→ older" in header, f"newest potassium {expected!r} on no page"
            session.keys("Right")
            wait_until(session, lambda s: line_with(s, " collections") != header, "the next page of collections")
        else:
            raise AssertionError(f"newest potassium {expected!r} on no page")
        # Down the rows until Enter opens Potassium's own history.
        for _ in range(60):
            session.keys("Enter")
            screen = session.wait_for("History (Esc back)")
            if "Potassium [" in screen:
                break
            session.keys("Escape")
            session.wait_for(" collections")
            session.keys("j")
        else:
            raise AssertionError("no row opens Potassium's history")
        assert "unit mmol/L" in screen and "range " in screen
        assert f" {expected}" in screen, "the newest value heads the history"
        assert "Enter history" not in screen, "the footer offers only what the history screen does"
        session.keys("Escape")
        session.wait_for(" collections")
        session.keys("q")
        assert session.finished() == "exit=0"
    finally:
        session.close()


def test_a_cache_wiped_while_the_workstation_is_open_is_no_longer_shown(emr, env, tmp_path):
    """`emr wipe` from another terminal: the open workstation stops showing the patients at its
    next read, says what to do, and quits cleanly."""
    home = tmp_path / "emr-home"
    patient = patient_with_most_labs()
    session = start(emr, env, home)
    try:
        open_chart(session, patient)
        wiped = subprocess.run([str(emr), "wipe", "--yes", "--demo"], env=dict(env, EMR_HOME=str(home)),
                               capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
        assert wiped.returncode == 0, wiped.stderr
        session.keys("2")
        screen = wait_until(session, lambda s: "cache wiped while emr was open" in " ".join(s.split()), "the wipe noticed")
        assert banner_name(patient)[:12] not in screen and mrn(patient) not in screen
        assert "nothing more is shown or saved; press q" in " ".join(screen.split()), "the whole line, never cut"
        session.keys("q")
        assert session.finished() == "exit=0"
    finally:
        session.close()


def home_with_config(tmp_path, text):
    """A new EMR_HOME whose `config` says `text`, private as emr requires."""
    home = tmp_path / "emr-home"
    home.mkdir(mode=0o700)
    (home / "config").write_text(text)
    (home / "config").chmod(0o600)
    return home


def daily_order_patient():
    """A demo patient with an active once-a-day order (not as needed): one dose on the MAR a day."""
    return daily_order()[0]


def test_m_on_the_meds_tab_shows_the_mar_at_the_wards_times(emr, env, tmp_path):
    """The ward's `admin_times.QD` and window from config: a daily order's dose at the ward's
    time (set two minutes from now, after the demo's orders were written) reads due; the Meds
    tab's `m` switches to the MAR and back."""
    soon = time.gmtime(time.time() + 120)
    qd = f"{soon.tm_hour:02d}:{soon.tm_min:02d}"
    home = home_with_config(tmp_path, f"admin_times.QD = {qd}\nadmin_window_minutes = 30\n")
    session = start(emr, env, home)
    try:
        open_chart(session, daily_order_patient())
        session.keys("4")
        session.wait_for("[4 Meds]")
        session.keys("m")
        screen = session.wait_for("MAR · due 30 min either side")
        assert f"{qd}  due" in screen, "a dose at the ward's QD time: " + screen
        assert "Today " in screen
        session.keys("m")
        session.wait_for("Active")
        session.keys("q")
        assert session.finished() == "exit=0"
    finally:
        session.close()


def refused_config(emr, env, tmp_path, text):
    """What `emr --demo` says on stderr when its config says `text`: it must stop with status 2."""
    home = home_with_config(tmp_path, text)
    result = subprocess.run([str(emr), "--demo"], env=dict(env, EMR_HOME=str(home)), capture_output=True, text=True,
                            timeout=300, stdin=subprocess.DEVNULL)
    assert result.returncode == 2, result.stderr
    return result.stderr.strip()


def test_an_unreadable_administration_time_is_one_line_and_nothing_starts(emr, env, tmp_path):
    assert refused_config(emr, env, tmp_path, "admin_times.BID = 9am, 9pm\n") \
        == "emr: config: admin_times.BID = 9am, 9pm is not a list of times like 09:00,21:00"


def test_an_unreadable_pre_dose_check_is_one_line_and_nothing_starts(emr, env, tmp_path):
    assert refused_config(emr, env, tmp_path, "predose_check.digoxin = pulse soon\n") \
        == ("emr: config: predose_check.digoxin = pulse soon is not a check like 'heart rate within 4 h', 'INR today' or 'off' "
            "(measures: heart rate, systolic BP, glucose, INR, potassium, respiratory rate, SpO2, temperature)")


def test_d_lists_the_wards_doses_due_and_enter_opens_that_patients_mar(emr, env, tmp_path):
    """Daily orders set to the ward's time of now: every patient with one has it due. `d` from
    the list shows them by bed with two identifiers; Enter opens the chosen patient's MAR."""
    now = time.gmtime()
    home = home_with_config(tmp_path, f"admin_times.QD = {now.tm_hour:02d}:{now.tm_min:02d}\n")
    session = start(emr, env, home)
    try:
        session.wait_for("MRN ", timeout=120)
        session.keys("d")
        screen = session.wait_for("Doses due · next hour and late")
        screen = session.wait_for("DOB ")
        assert re.search(r"\d\d:\d\d  due ", screen), screen
        assert "MRN " in screen or "record " in screen, "two identifiers per patient"
        session.keys("Enter")
        screen = session.wait_for("MAR · due 60 min either side")
        assert "[4 Meds]" in screen
        session.keys("q")
        assert session.finished() == "exit=0"
    finally:
        session.close()
