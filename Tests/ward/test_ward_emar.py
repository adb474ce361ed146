"""Giving a dose over ssh from a VT220, as on the ward's thin clients (WardServer.md "Running on a
ward server"): the nurse's own cache of the demo fixtures, the MAR's as-needed line chosen,
the wristband scanned (typed), the order's dose given as prefilled; the PRN line then reads the
dose given by the nurse, pending (no server here), and q leaves the terminal as it was."""
import re

import pytest
from charting_steps import leave, open_chart, scan_drug, wait_until, words
from fixture_facts import mrn
from test_emar import as_needed_patient, give_as_prefilled


@pytest.fixture(scope="module")
def nurse(ward_server):
    """This module's own nurse: the dose given here stays unsent (no server), and the shared
    nurse's other tests quit with one q."""
    return ward_server.add_offline_nurse()


def test_a_vt220_nurse_gives_an_as_needed_dose_which_then_reads_pending(nurse, ward_server):
    patient = as_needed_patient()
    session = nurse.ssh_session(term="vt220")
    try:
        nurse.unlock(session)
        open_chart(session, patient)
        session.keys("4")
        session.wait_for("[4 Meds]")
        session.keys("m")
        session.wait_for("MAR")
        session.keys("End")
        session.wait_for("As needed (PRN): never due")
        session.keys("r")
        session.wait_for("Wristband MRN:")
        session.keys(mrn(patient), literal=True)
        session.keys("Enter")
        give_as_prefilled(session, scan_drug(session, patient, "Salbutamol"), given_for="wheeze")
        # The status line says `pending` before the MAR is read again: wait for the PRN line.
        wait_until(session, lambda screen: re.search(r"last \d\d:\d\d by \S+ \(wheeze\) . pending", words(screen)),
                   "the PRN line: the dose just given, pending")
        leave(session)
        assert nurse.wait_until_no_emr() == []
    finally:
        session.close()
