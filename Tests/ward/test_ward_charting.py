"""Nurse charting over ssh, end to end against the real FHIR server (issue 6, "Acceptance").

A nurse account on the ward server is set up for the module's sekmet server as Sources/emr/emr.docc/WardServer.md
"Running on a ward server" says (`server`, `ward` and a 3 s `sync_interval` in its own
config, its cache made by a first `emr sync`), and charts through `ssh -tt` in tmux at 80x24.
What is saved shows pending until the background sync has sent it; the server then holds
exactly one Observation per value, each valid R4 with the vital-signs structure, whatever the
link (ssh killed after "saved"), the process (kill -9 between the server's success and the
local mark) or the server (down while charting) did in between.

Bad input is covered in Tests/e2e/test_charting.py (the form is the same in demo mode).
"""
import contextlib
import os
import re
import signal
import time

import pytest

from charting_steps import FULL_SET_CODES, chart, chart_full_set, leave, open_chart, unsent, wait_until, words
from fhir_server import CHARTED_SYSTEM, WARD, FaultProxy, validate_r4

PASSPHRASE = "ward-charting-passphrase"
SYNC_INTERVAL = "0.05"  # minutes: the background sync runs every 3 s
# The full set's row on the Vitals tab at 80 columns: HR, BP, SpO2 (the columns that fit),
# then where it stands.
FULL_SET_ROW = r"112 H 148/92 H 89 L!"
PENDING_ROW = FULL_SET_ROW + r".* pending"


@pytest.fixture(scope="module")
def nurse(ward_server, demo_server):
    """A nurse of this ward, online (this module's own, in place of conftest's offline one):
    the config names the module's server, and the first `emr sync` (as the timer would run
    it) makes the cache with a new passphrase."""
    account = ward_server.add_account()
    account.configure(server=demo_server.base, ward=WARD, sync_interval=SYNC_INTERVAL)
    account.create_cache(PASSPHRASE, "sync")
    return account


def census_patient(server, index):
    """The index-th patient of the ward census (by id) and the Patient resource: each test
    charts for its own."""
    patient_id = server.census()[index]
    return patient_id, server.search_all(f"Patient?_id={patient_id}")[0]


@contextlib.contextmanager
def ssh_in(nurse, person=None, term="xterm-256color"):
    """ssh in at 80x24 and unlock; with `person`, once the first sync is in, on their Vitals
    tab. The tmux session is closed on the way out."""
    session = nurse.ssh_session(term=term)
    try:
        nurse.unlock(session)
        if person:
            session.wait_for("ONLINE · synced", timeout=60)
            open_chart(session, person)
            vitals_tab(session)
        yield session
    finally:
        session.close()


def header(screen):
    return screen.splitlines()[0]


def shows_row(screen, pattern):
    """True when one Vitals row between header and footer (the status line may say "pending" of
    its own), with the line under it where what did not fit the row goes, matches `pattern`, in words."""
    lines = screen.splitlines()[1:-1]
    return any(re.search(pattern, words(" ".join(lines[index:index + 2]))) for index in range(len(lines)))


def vitals_tab(session):
    session.keys("3")
    return session.wait_for("[3 Vitals]")


def save(session, values):
    """Enter at the confirm step; returns the screen that says it is saved."""
    session.keys("Enter")
    return session.wait_for(f"saved {values} value")


def wait_until_sent(session, timeout=30.0):
    """Until the header has no unsent count and no row is pending (the sync ran)."""
    return wait_until(session, lambda s: unsent(s) == 0 and not shows_row(s, "pending"), "everything confirmed by the server", timeout)


def on_server_once(server, patient_id, codes, nurse):
    """The patient's charted Observations on the server: exactly one per value (found by
    patient and the workstation's identifier system, then each by its own identifier),
    stored under the id the workstation gave it, valid R4 with the vital-signs structure,
    naming the patient, the encounter and the nurse's account."""
    charted = server.charted(patient_id)
    assert sorted(o["code"]["coding"][0]["code"] for o in charted) == sorted(codes), "one Observation per value"
    for resource in charted:
        [identifier] = [i["value"] for i in resource["identifier"] if i["system"] == CHARTED_SYSTEM]
        assert identifier == f"urn:uuid:{resource['id']}", "stored under the id the workstation gave it (PUT)"
        assert len(server.copies(resource["id"])) == 1
        assert resource["status"] == "final"
        assert resource["subject"]["reference"] == f"Patient/{patient_id}"
        assert resource["encounter"]["reference"].startswith("Encounter/")
        assert [p["display"] for p in resource["performer"]] == [nurse.name]
    validate_r4(charted)
    return charted


def test_a_full_set_charted_over_ssh_is_pending_then_confirmed_and_on_the_server_once(nurse, demo_server):
    patient_id, person = census_patient(demo_server, 0)
    with ssh_in(nurse, person) as session:
        chart_full_set(session)
        saved = save(session, 7)
        assert unsent(saved) == 7, header(saved)
        pending = wait_until(session, lambda s: shows_row(s, PENDING_ROW), "the new round, pending")
        assert unsent(pending) == 7, "still in the outbox: the row is pending"
        confirmed = wait_until_sent(session)
        assert shows_row(confirmed, FULL_SET_ROW) and "ONLINE" in header(confirmed)
        leave(session)

    charted = {o["code"]["coding"][0]["code"]: o for o in on_server_once(demo_server, patient_id, FULL_SET_CODES, nurse)}
    values = {code: o["valueQuantity"]["value"] for code, o in charted.items() if "valueQuantity" in o}
    assert values == {"8867-4": 112, "8310-5": 38.4, "9279-1": 24, "2708-6": 89, "29463-7": 71.2, "72514-3": 3}
    units = {code: o["valueQuantity"]["code"] for code, o in charted.items() if "valueQuantity" in o}
    assert units == {"8867-4": "/min", "8310-5": "Cel", "9279-1": "/min", "2708-6": "%", "29463-7": "kg", "72514-3": "{score}"}
    pressure = {c["code"]["coding"][0]["code"]: c["valueQuantity"] for c in charted["85354-9"]["component"]}
    assert {code: (q["value"], q["code"]) for code, q in pressure.items()} == {"8480-6": (148, "mm[Hg]"), "8462-4": (92, "mm[Hg]")}
    oxygen = {c["code"]["coding"][0]["code"]: c for c in charted["2708-6"].get("component", [])}
    assert (oxygen["3151-8"]["valueQuantity"]["value"], oxygen["3151-8"]["valueQuantity"]["code"]) == (2, "L/min")
    assert oxygen["107117-4"]["valueString"] == "nasal_cannula"
    assert "3150-0" not in oxygen, "no FiO2 typed, none sent"
    assert all(o["category"][0]["coding"][0]["code"] == "vital-signs" for o in charted.values())


def test_an_entry_saved_just_before_the_ssh_client_is_killed_is_there_after_reconnecting_and_sent_once(nurse, demo_server):
    patient_id, person = census_patient(demo_server, 1)
    with ssh_in(nurse, person, term="vt220") as session:
        chart(session, ["96", "128", "78"])
        save(session, 2)
        os.kill(session.child_pid("ssh"), signal.SIGKILL)  # the thin client dies: sshd hangs up emr's tty
        session.finished()
        assert nurse.wait_until_no_emr() == [], "emr still running after its link was killed"

    with ssh_in(nurse) as again:
        open_chart(again, person)
        vitals_tab(again)
        wait_until(again, lambda s: shows_row(s, r"96 128/78"), "the saved set, pending or confirmed")
        wait_until_sent(again)
        leave(again)
    on_server_once(demo_server, patient_id, ["8867-4", "85354-9"], nurse)


def test_emr_killed_between_the_servers_success_and_the_local_mark_sends_again_and_leaves_one_copy(nurse, demo_server):
    patient_id, person = census_patient(demo_server, 2)
    # The proxy passes the first Observation PUT to the server and holds back its answer.
    proxy = FaultProxy(demo_server.base, "hold-first-put")
    nurse.configure(server=proxy.base, ward=WARD, sync_interval=SYNC_INTERVAL)
    try:
        with ssh_in(nurse, person) as session:
            chart_full_set(session)
            save(session, 7)
            deadline = time.time() + 30
            while not demo_server.charted(patient_id) and time.time() < deadline:
                time.sleep(0.1)
            [first] = demo_server.charted(patient_id)
            [pid] = nurse.emr_pids()
            os.kill(pid, signal.SIGKILL)  # the server has the value; the outbox still says pending
            session.finished()

        # Back in with the server out of reach: the whole set is still waiting to be sent.
        proxy.stop()
        with ssh_in(nurse) as again:
            screen = again.wait_for("sync failed", timeout=30)
            assert "OFFLINE" in header(screen) and unsent(screen) == 7, header(screen)
            open_chart(again, person)
            vitals_tab(again)
            wait_until(again, lambda s: shows_row(s, PENDING_ROW), "the set, still pending")
            proxy.start("proxy")
            wait_until_sent(again)
            leave(again)
    finally:
        proxy.stop()
        nurse.configure(server=demo_server.base, ward=WARD, sync_interval=SYNC_INTERVAL)

    on_server_once(demo_server, patient_id, FULL_SET_CODES, nurse)
    [resent] = demo_server.copies(first["id"])
    assert resent["meta"]["versionId"] == "2", "sent again after the restart, replacing the one copy"


def test_entries_charted_while_the_server_is_down_queue_show_offline_and_drain_when_it_is_back(nurse, demo_server):
    """Runs last: it stops the module's server (and starts it again)."""
    patient_id, person = census_patient(demo_server, 3)
    with ssh_in(nurse, person) as session:
        demo_server.stop()
        session.wait_for("OFFLINE · sync failed", timeout=30)
        chart(session, ["84", "122", "76"])
        save(session, 2)
        chart(session, ["88", "118", "72", "37.1"])
        screen = save(session, 3)
        assert "OFFLINE" in header(screen) and unsent(screen) == 5, header(screen)
        demo_server.start()
        screen = wait_until_sent(session)
        assert "ONLINE" in header(screen)
        leave(session)
    on_server_once(demo_server, patient_id, ["8867-4", "85354-9", "8867-4", "85354-9", "8310-5"], nurse)
    nurse.assert_no_phi_in_files()
