"""Every line reachable at the ward's sizes, driven as a nurse drives it (`emr --demo` in tmux):
PgDn through the ward's due list at 80x24 shows every patient the list holds, and at 40x12 a
dose is recorded only after its drug, dose, route, every warning and its answer were on screen."""
import re
import time

from charting_steps import eventually, leave, scan_drug, wait_until, words
from fixture_facts import daily_order, mrn
from test_workstation import home_with_config, start

IDENTIFIER = re.compile(r"(MRN \S+|record \S+)")
SHOWN = re.compile(r"(\d+)-(\d+)/(\d+)")


def indicator(screen):
    """The region's `first-last/total` on the frame's bottom border, or None when it all shows."""
    bottom = [line for line in screen.splitlines() if "└" in line or "+--" in line]
    found = SHOWN.search(bottom[-1]) if bottom else None
    return tuple(int(n) for n in found.groups()) if found else None


def due_list_patients(screen):
    """The patients the due list shows, by the identifier on their heading line."""
    return {found.group(1) for line in screen.splitlines() if "DOB " in line for found in [IDENTIFIER.search(line)] if found}


def test_paging_the_due_list_at_80x24_shows_every_patient_it_holds(emr, env, tmp_path):
    """Daily orders set to the ward's time of now, so many patients have a dose due. The list
    read whole on a terminal tall enough for it, then at 80x24 with PgDn from the top: every
    patient appears (the list paged 1-20, 68-87, 133-152 and skipped ten patients, and `G`
    stopped short of the last)."""
    now = time.gmtime()
    home = home_with_config(tmp_path, f"admin_times.QD = {now.tm_hour:02d}:{now.tm_min:02d}\n")
    session = start(emr, env, home, columns=120, rows=300)
    try:
        session.wait_for("MRN ", timeout=120)
        session.keys("d")
        session.wait_for("Doses due · next hour and late")
        whole = wait_until(session, lambda screen: "reading the ward" not in screen and "DOB " in screen, "the due list read")
        assert indicator(whole) is None, "the tall terminal shows the whole list: " + whole
        everyone = due_list_patients(whole)
        assert len(everyone) > 5, whole

        session.resize(80, 24)
        wait_until(session, lambda screen: indicator(screen) is not None, "the list at 80x24, scrolled")
        seen, pages = set(), 0
        while True:
            screen = session.screen()
            seen |= due_list_patients(screen)
            first, last, total = indicator(screen)
            if last == total:
                break
            session.keys("NPage")
            pages += 1
            moved = wait_until(session, lambda now, before=(first, last): indicator(now) and indicator(now)[:2] != before, "the next page")
            assert indicator(moved)[0] <= last + 1, f"PgDn skipped lines {last + 1}..{indicator(moved)[0] - 1}"
        assert pages > 2
        assert seen == everyone, f"never shown paging at 80x24: {sorted(everyone - seen)}"

        session.keys("g")
        wait_until(session, lambda screen: indicator(screen)[0] == 1, "the top again")
        session.keys("G")
        bottom = wait_until(session, lambda screen: indicator(screen)[1] == indicator(screen)[2], "the last line")
        last = IDENTIFIER.search([line for line in whole.splitlines() if "DOB " in line][-1]).group(1)
        assert last in bottom, f"G does not show the last patient ({last}): " + bottom
        session.keys("q")
        session.finished()
    finally:
        session.close()


def until_recorded(session, shown):
    """Presses Enter on a confirm step until the dose is recorded, keeping every screen shown
    on the way in `shown`; returns how many presses showed more first."""
    more = 0
    for _ in range(40):
        screen = session.screen()
        shown.append(screen)
        if "recorded given" in screen:
            return more
        before = indicator(screen)
        session.keys("Enter")
        after = eventually(session.screen, "the next lines or the record",
                           until=lambda now: "recorded given" in now or indicator(now) != before)
        if "recorded given" not in after:
            more += 1
    raise AssertionError("never recorded: " + session.screen())


def test_at_40x12_a_dose_is_recorded_only_after_its_drug_and_every_warning_were_shown(emr, env, tmp_path):
    """On the smallest screen: the daily dose given at its time, then a second one (ALREADY
    GIVEN, answered). Each time the confirm step is taller than the screen: Enter shows the rest
    first, and only once its last line has been on screen does Enter record; the drug, the dose
    line, the warning and its answer were all on screen before (a second dose was recorded
    through an ALREADY GIVEN warning that was never shown)."""
    soon = time.gmtime(time.time() + 120)
    home = home_with_config(tmp_path, f"admin_times.QD = {soon.tm_hour:02d}:{soon.tm_min:02d}\n")
    patient, drug = daily_order()
    session = start(emr, env, home, columns=40, rows=12)
    try:
        session.wait_for("Patients ", timeout=120)
        session.keys("/")
        session.keys(mrn(patient), literal=True)
        session.wait_for("1 found")
        session.keys("Enter", "Enter")
        session.wait_for("Esc back")
        session.keys("4")
        session.keys("m")
        session.wait_for("MAR")
        for attempt in range(2):
            # The daily dose, chosen by name: Down until the chosen line is the drug's.
            for _ in range(30):
                screen = session.screen()
                if drug in words(screen.split("> ", 1)[-1])[:60]:
                    break
                session.keys("Down")
                wait_until(session, lambda s, before=screen: s != before, "the highlight moving")
            session.keys("r")
            session.wait_for("Wristband MRN:")
            session.keys(mrn(patient), literal=True)
            session.keys("Enter")
            session.wait_for("g given")
            session.keys("g")
            shown = [scan_drug(session, patient, drug)]
            session.keys("Enter")
            shown.append(session.wait_for("Route:"))
            session.keys("Enter")
            shown.append(session.wait_for("Given at:"))
            session.keys("Enter")
            if attempt == 1:
                shown.append(wait_until(session, lambda s: "ALREADY GIVEN" in s and "give a second dose" in s, "the second-dose warning and its key"))
                session.keys("y")
            shown.append(wait_until(session, lambda s: "Enter more" in s or "Enter record" in s, "the confirm step"))
            more = until_recorded(session, shown)
            text = words("\n".join(shown))
            assert more > 0, "a confirm step taller than 40x12 took one Enter: nothing more to read?"
            assert drug in text, f"the drug {drug} was never on screen"
            assert "GIVEN " in text and " at " in text, "the dose line was never on screen"
            assert attempt == 0 or "note: second dose confirmed" in text, "the warning's answer was never on screen"
            assert "Enter records it" in text, "the confirm step's last line was never on screen"
            wait_until(session, lambda screen: re.search(r"> \d\d:\d\d  given", screen), "the dose given on the MAR")
        leave(session)
    finally:
        session.close()
