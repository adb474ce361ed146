"""Search beyond the census: the online workstation asks the server only when the user says
so, shows what it found marked as not on the census, and opening one brings that chart into
the cache (a chart opening and a search by kind in the audit trail, never the text)."""
import collections

from conftest import Runner
from fhir_server import WARD, free_port
from test_online_workstation import census_families, wait_for_any, workstation


def off_census_patient(server) -> dict:
    """A patient the server has who is not on the ward, with a family name no one else has."""
    on_ward = {e["subject"]["reference"].split("/")[1]
               for e in server.search_all(f"Encounter?location=Location/{WARD}&status=in-progress")}
    everyone = server.search_all("Patient")
    families = collections.Counter(p["name"][0]["family"] for p in everyone)
    return next(p for p in sorted(everyone, key=lambda p: p["id"])
                if p["id"] not in on_ward and families[p["name"][0]["family"]] == 1)


def list_row(screen: str, family: str) -> str:
    """The list pane's part (40 columns of the 120x30 split view) of the row naming `family`."""
    return next(line[:40] for line in screen.splitlines() if f"{family}, " in line[:40])


def test_a_patient_off_the_census_is_found_on_the_server_and_opened(emr, demo_server, tmp_path):
    runner = Runner(emr, tmp_path / "emr-home")
    patient = off_census_patient(demo_server)
    family = patient["name"][0]["family"]
    session = workstation(runner, demo_server.base)
    try:
        session.wait_for("ONLINE · synced", timeout=120)
        wait_for_any(session, census_families(demo_server))
        session.keys("/")
        session.keys(family.lower(), literal=True)
        session.wait_for("0 found")
        screen = session.wait_for("Enter: search server")
        assert family not in screen, "nothing is asked of the server before the user says so"

        session.keys("Enter")
        screen = session.wait_for("Not on census")
        assert f"{family}, " in screen, screen
        session.keys("Down", "Enter")
        screen = session.wait_for(f"{family.upper()}, ", timeout=60)
        assert patient["identifier"][0]["value"] in screen.splitlines()[2], "the banner names the opened patient"
        session.wait_for("Allergies")  # the summary came from the cache
        session.wait_for("NOT ON CENSUS")  # the banner says the patient is not one of this census
        session.keys("Escape")
        screen = session.wait_for("1 found")
        assert " off " in list_row(screen, family), "the list row says the patient is off the census"
        session.keys("q")
        assert session.finished() == "exit=0"
    finally:
        session.close()

    rows = [line.split() for line in runner("audit", "show").stdout.splitlines()[1:]]
    assert family.lower() not in " ".join(" ".join(row) for row in rows).lower()
    opened = [row for row in rows if row[5] == "chart-opened" and row[7] == patient["id"]]
    assert opened and opened[0][-1] == "success", rows
    assert ["search", "name"] in [row[5:7] for row in rows]

    # The chart is in the cache: the workstation finds it without a server.
    session = workstation(runner, f"http://127.0.0.1:{free_port()}/fhir")
    try:
        session.wait_for("sync failed", timeout=60)
        session.keys("/")
        session.keys(family.lower(), literal=True)
        screen = session.wait_for("1 found")
        assert f"{family}, " in screen and " off " in list_row(screen, family)
        assert "server not reachable" in screen, "offline, the server row says why it cannot be asked"
        session.keys("Escape", "q")
        assert session.finished() == "exit=0"
    finally:
        session.close()
