"""Medication administration at BCMA grade, driven as a ward nurse drives it at 80x24 (`emr
--demo` in tmux), on the demo's hand-made BCMA patients (Fixtures/README.md): a tenfold dose is
questioned with its ratio and the MAR then shows what was given; a wrong drug scan records
nothing; a missed dose is recorded as itself; an infusion is started and its rate changed.
Barcodes are the demo's made-up NDCs' UPC-A (labeler 9999)."""
import re
import time

from charting_steps import leave, wait_until, words
from fixture_facts import mrn, resources
from test_workstation import home_with_config, start

DIGOXIN_BARCODE = "399990303032"
WARFARIN_BARCODE = "399990505054"
INSULIN_BARCODE = "399990404043"
NOREPINEPHRINE_BARCODE = "399990202021"


def patient(patient_id):
    return next(p for p in resources("Patient") if p["id"] == patient_id)


def clock(offset_minutes):
    moment = time.gmtime(time.time() + offset_minutes * 60)
    return f"{moment.tm_hour:02d}:{moment.tm_min:02d}"


def open_mar(session, person):
    """The patient found by MRN, their chart's Meds tab, the MAR."""
    session.wait_for("MRN ", timeout=120)
    session.keys("/")
    session.keys(mrn(person), literal=True)
    session.wait_for("1 found")
    session.keys("Enter", "Enter")
    session.keys("4")
    session.wait_for("[4 Meds]")
    session.keys("m")
    # The MAR opens on its first dose due or late, scrolled to it.
    wait_until(session, lambda screen: "│ > " in screen or "MAR · due" in screen, "the MAR")


def choose(session, drug, status=""):
    """Moves the MAR's highlight (`> `) to the line of `drug` (whose status is `status`), from
    the MAR's first item down."""
    session.keys("Home")
    wait_until(session, lambda screen: "MAR · due" in screen, "the MAR's top")
    for _ in range(40):
        chosen = next((line for line in session.screen().splitlines() if "│ > " in line), "")
        if drug in chosen and re.search(rf"\d\d:\d\d  {status}", chosen if status else chosen + "00:00  "):
            return
        session.keys("Down")
        wait_until(session, lambda screen, before=chosen: before not in screen or "│ > " not in screen, "the highlight moving")
    raise AssertionError(f"no {status} {drug} on the MAR:\n" + session.screen())


def wristband(session, person):
    session.wait_for("Wristband MRN:")
    session.keys(mrn(person), literal=True)
    session.keys("Enter")


def confirm(session, done):
    """Enter on the confirm step until it records (`done` on the status line)."""
    for _ in range(10):
        screen = session.screen()
        if done in screen:
            return screen
        session.keys("Enter")
        wait_until(session, lambda now, before=screen: now != before, "the confirm step moving on")
    raise AssertionError(f"{done} never said:\n" + session.screen())


def test_a_tenfold_dose_is_questioned_with_its_ratio_and_the_mar_shows_it_given(emr, env, tmp_path):
    crawford = patient("pt-6a2c0bc1aa68")
    home = home_with_config(tmp_path, f"admin_times.QD = {clock(2)}\n")
    session = start(emr, env, home)
    try:
        open_mar(session, crawford)
        choose(session, "Digoxin", "due")
        session.keys("r")
        wristband(session, crawford)
        session.wait_for("g given")
        session.keys("g")
        session.wait_for("Drug code:")
        session.keys(DIGOXIN_BARCODE, literal=True)
        session.keys("Enter")
        screen = wait_until(session, lambda s: "Dose given:" in s or "Reason:" in s, "the dose, or a check to answer")
        if "Reason:" in screen:
            session.keys("monitored, HR on the monitor", literal=True)
            session.keys("Enter")
            session.wait_for("Dose given:")
        session.keys("C-u")
        session.keys("1.25 mg", literal=True)
        session.keys("Enter")
        screen = session.wait_for("1.25 mg is 10x the ordered 0.125 mg")
        assert "Reason:" in screen
        session.keys("loading dose per cardiology", literal=True)
        session.keys("Enter")
        session.wait_for("Dose again:")
        session.keys("1.25 mg", literal=True)
        session.keys("Enter")
        session.wait_for("Route:")
        session.keys("Enter")
        session.wait_for("Given at:")
        session.keys("Enter")
        screen = session.wait_for("Enter records it")
        assert "GIVEN 1.25 mg (ordered 0.125 mg)" in words(screen) and "10x the ordered 0.125 mg" in screen
        confirm(session, "recorded given")
        shown = wait_until(session, lambda s: "given 1.25 mg (ordered 0.125 mg)" in words(s), "the MAR saying what was given")
        assert re.search(r"\d\d:\d\d  given", shown)
        leave(session)
    finally:
        session.close()


def test_a_wrong_drug_scan_records_nothing(emr, env, tmp_path):
    crawford = patient("pt-6a2c0bc1aa68")
    home = home_with_config(tmp_path, f"admin_times.QD = {clock(2)}\n")
    session = start(emr, env, home)
    try:
        open_mar(session, crawford)
        choose(session, "Digoxin", "due")
        session.keys("r")
        wristband(session, crawford)
        session.wait_for("g given")
        session.keys("g")
        session.wait_for("Drug code:")
        session.keys(WARFARIN_BARCODE, literal=True)
        session.keys("Enter")
        screen = session.wait_for("WRONG DRUG")
        assert f"WRONG DRUG: scanned {WARFARIN_BARCODE}, order is Digoxin" in words(screen), screen
        assert "Dose given:" not in screen
        session.keys("Escape")
        session.wait_for("g given")
        session.keys("Escape")
        screen = wait_until(session, lambda s: "│ > " in s and "Record a dose" not in s, "the MAR again")
        assert "unsent" not in screen.splitlines()[0], "nothing was recorded"
        assert re.search(r"> \d\d:\d\d  due\s+Digoxin", screen), screen
        leave(session)
    finally:
        session.close()


def test_a_missed_dose_is_recorded_as_itself(emr, env, tmp_path):
    """Hall's insulin three times a day at the ward's times: one four hours ago (missed, since
    the next is due now) and one now. Giving the missed one asks which dose it is; recorded as
    the missed one, it reads given there, and the dose due now still reads due."""
    hall = patient("pt-454a3b48aa4e")
    times = sorted([clock(-240), clock(5), clock(480)])
    home = home_with_config(tmp_path, f"admin_times.TID = {','.join(times)}\n")
    session = start(emr, env, home)
    try:
        open_mar(session, hall)
        choose(session, "Insulin", "missed")
        missed = next(line for line in session.screen().splitlines() if "│ > " in line)
        missed_time = re.search(r"(\d\d:\d\d)  missed", missed).group(1)
        session.keys("r")
        wristband(session, hall)
        session.wait_for("g given")
        session.keys("g")
        screen = session.wait_for("Which dose is this?")
        assert f"1 the {missed_time} dose, given late now" in words(screen), screen
        session.keys("1")
        session.wait_for("Drug code:")
        session.keys(INSULIN_BARCODE, literal=True)
        session.keys("Enter")
        screen = wait_until(session, lambda s: "Dose given:" in s or "Reason:" in s, "the dose, or a check to answer")
        if "Reason:" in screen:
            session.keys("glucose on the meter", literal=True)
            session.keys("Enter")
            session.wait_for("Dose given:")
        session.keys("Enter")
        session.wait_for("Route:")
        session.keys("Enter")
        session.wait_for("Given at:")
        session.keys("Enter")
        screen = session.wait_for("Reason:")
        assert "late" in words(screen)
        session.keys("hypoglycaemia protocol review", literal=True)
        session.keys("Enter")
        session.wait_for("Enter records it")
        confirm(session, "recorded given")
        shown = wait_until(session, lambda s: re.search(rf"{missed_time}  given\s+Insulin", s), "the missed dose reading given")
        assert re.search(rf"{times[1] if missed_time != times[1] else times[2]}  due\s+Insulin", shown) or "due" in shown
        leave(session)
    finally:
        session.close()


def test_an_infusion_is_started_and_its_rate_changed(emr, env, tmp_path):
    """Taylor's norepinephrine, ordered and not started: on the ward's due list, then started
    at its ordered rate (the bag scanned), then changed to 0.08 mcg/kg/min, which the confirm
    step says is 1.6x the order's; the MAR says it runs at the new rate."""
    taylor = patient("pt-c43b0c25f410")
    session = start(emr, env, home_with_config(tmp_path, ""))
    try:
        session.wait_for("MRN ", timeout=120)
        session.keys("d")
        session.wait_for("Doses due")
        wait_until(session, lambda s: "reading the ward" not in s, "the due list")
        due = ""
        for _ in range(40):
            screen = session.screen()
            due += " " + words(screen)
            shown = re.search(r"(\d+)-(\d+)/(\d+)", screen.splitlines()[-2])
            if "Norepinephrine" in due or not shown or shown.group(2) == shown.group(3):
                break
            session.keys("NPage")
            wait_until(session, lambda now, before=shown.group(0): before not in now, "the next page")
        session.keys("Escape")
        open_mar(session, taylor)
        choose(session, "Norepinephrine")
        assert "not started" in words(session.screen())
        session.keys("r")
        wristband(session, taylor)
        session.wait_for("s start")
        session.keys("s")
        session.wait_for("Drug code:")
        session.keys(NOREPINEPHRINE_BARCODE, literal=True)
        session.keys("Enter")
        screen = session.wait_for("Rate:")
        assert "0.05 mcg/kg/min" in screen, "the order's rate, prefilled"
        session.keys("Enter")
        session.wait_for("At:")
        session.keys("Enter")
        session.wait_for("Enter records it")
        confirm(session, "infusion started")
        wait_until(session, lambda s: "running 0.05 mcg/kg/min since" in words(s), "the infusion running")

        session.keys("r")
        wristband(session, taylor)
        session.wait_for("c rate change")
        session.keys("c")
        session.wait_for("Rate:")
        session.keys("C-u")
        session.keys("0.08 mcg/kg/min", literal=True)
        session.keys("Enter")
        session.wait_for("At:")
        session.keys("Enter")
        screen = session.wait_for("Enter records it")
        assert "0.08 mcg/kg/min is 1.6x the ordered 0.05 mcg/kg/min" in words(screen), screen
        confirm(session, "rate changed")
        wait_until(session, lambda s: "running 0.08 mcg/kg/min since" in words(s), "the new rate on the MAR")
        leave(session)
        assert "Norepinephrine" in words(due) and "not started" in words(due), "the due list lists the infusion not started: " + due
    finally:
        session.close()
