"""The demo's hand-made safety cases at the design size (80x24): a look-alike census (two
`Rebecca Gonzalez`, one `Rebekah Gonzales`, Fixtures/tools/handmade_demo.py) and hand-made
medication orders, read off the screen as a nurse would."""
import pytest

from charting_steps import open_chart, wait_until, whole_tab, words
from fixture_facts import resources
from tmux_session import TmuxSession


@pytest.fixture(scope="module")
def demo_home(tmp_path_factory):
    return tmp_path_factory.mktemp("demo") / "emr-home"


def start(emr, env, home):
    return TmuxSession(f"{emr} --demo", dict(env, EMR_HOME=str(home)), columns=80, rows=24)


def bed_of(patient_id):
    for encounter in resources("Encounter"):
        if encounter["subject"]["reference"] == f"Patient/{patient_id}" and encounter["status"] == "in-progress":
            return encounter["location"][0]["location"]["display"].removeprefix("Bed ")
    raise AssertionError(f"{patient_id} has no bed")


def look_alikes():
    return [p for p in resources("Patient")
            if p["name"][0].get("family") in ("Gonzalez", "Gonzales") and p["name"][0].get("given", [""])[0] in ("Rebecca", "Rebekah")]


def test_three_look_alike_patients_are_each_marked_and_alerted(emr, env, demo_home):
    trio = look_alikes()
    assert len(trio) == 3, "the demo's look-alike census"
    session = start(emr, env, demo_home)
    try:
        census = session.wait_for("MRN ", timeout=120)
        for patient in trio:
            row = next((line for line in census.splitlines() if bed_of(patient["id"]) in line), None)
            assert row is not None, f"bed {bed_of(patient['id'])} not on the census:\n{census}"
            assert "≈" in row, f"no look-alike marker on {row!r}"
        session.keys("q")
        assert session.finished() == "exit=0"
    finally:
        session.close()
    for patient in trio:
        session = start(emr, env, demo_home)
        try:
            open_chart(session, patient)
            wait_until(session, lambda screen: "NAME ALERT: another patient with a similar name on this census" in words(screen),
                       f"the name alert on {bed_of(patient['id'])}'s banner")
            session.keys("q")
            assert session.finished() == "exit=0"
        finally:
            session.close()


def test_hand_made_orders_read_exactly_as_ordered_on_the_meds_tab(emr, env, demo_home):
    orders = [m for m in resources("MedicationRequest") if m["id"].startswith("mr-handmade-")]
    patient_id = orders[0]["subject"]["reference"].split("/")[-1]
    patient = next(p for p in resources("Patient") if p["id"] == patient_id)
    session = start(emr, env, demo_home)
    try:
        open_chart(session, patient)
        session.keys("4")
        session.wait_for("[4 Meds]")
        meds = whole_tab(session)
        for line in ["Lactated Ringer's 1,000 mL at 125 mL/h IV",    # the rate, not `daily`
                     "Diltiazem 0.25 mg/kg at 10 mg/h IV",            # weight-based dose and its rate
                     "Oxycodone 5 mg PO q6h PRN pain ordered",        # Q6H as ordered, never QID; PRN once with its reason
                     "Salbutamol 2.5 mg inh q4h PRN wheeze ordered",
                     "Enoxaparin (as written: 40 mg subcut every evening, hold if platelets low) ordered"]:
            assert line in meds, f"{line!r} not on the Meds tab:\n{meds}"
        session.keys("q")
        assert session.finished() == "exit=0"
    finally:
        session.close()
