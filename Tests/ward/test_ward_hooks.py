"""Two nurses on one ward server both see a result the lab files, within seconds (issue 33).

The listener `emr hooks` runs beside sshd as WardServer.md sets it up (here as root, its
socket in the ward's group, in a folder the nurses may reach), with sekmet on 127.0.0.1.
Each nurse's config names the socket and polls only every 10 minutes; both ssh in at 80x24,
and an Observation written at the server brings `new results for bed …` to both screens.
"""
import contextlib
import pathlib
import shutil
import tempfile
import time
import uuid

import pytest

from fhir_server import WARD
from hooks_listener import HooksListener

PASSPHRASE = "ward-hooks-passphrase"


@pytest.fixture(scope="module")
def listener(ward_server, demo_server, tmp_path_factory):
    """The listener, its socket in a folder of the ward's group (0750), readable by the group."""
    public = pathlib.Path(tempfile.mkdtemp(prefix="emr-hooks-"))
    shutil.chown(public, "root", ward_server.group)
    public.chmod(0o750)
    started = HooksListener(pathlib.Path(ward_server.emr), demo_server, tmp_path_factory.mktemp("hooks-home"),
                            socket_path=str(public / "events.sock"), extra=("--group", ward_server.group))
    try:
        yield started
    finally:
        started.stop()
        shutil.rmtree(public)


def online_nurse(ward_server, demo_server, listener):
    account = ward_server.add_account()
    account.configure(server=demo_server.base, ward=WARD, sync_interval=10, hooks_socket=listener.socket_path)
    account.create_cache(PASSPHRASE, "sync")
    return account


@contextlib.contextmanager
def logged_in(nurse):
    session = nurse.ssh_session()
    try:
        nurse.unlock(session)
        session.wait_for("ONLINE · synced", timeout=60)
        yield session
    finally:
        session.close()


def lab_result(patient: str) -> dict:
    return {"resourceType": "Observation", "id": "ward-k-" + uuid.uuid4().hex[:12], "status": "final",
            "category": [{"coding": [{"system": "http://terminology.hl7.org/CodeSystem/observation-category", "code": "laboratory"}]}],
            "code": {"coding": [{"system": "http://loinc.org", "code": "2823-3"}], "text": "Potassium"},
            "subject": {"reference": f"Patient/{patient}"}, "effectiveDateTime": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            "valueQuantity": {"value": 4.2, "unit": "mmol/L"}}


def test_two_nurses_both_see_a_new_result_within_5_s(ward_server, demo_server, listener):
    first, second = online_nurse(ward_server, demo_server, listener), online_nurse(ward_server, demo_server, listener)
    with logged_in(first) as one, logged_in(second) as other:
        start = time.monotonic()
        demo_server.put(lab_result(demo_server.census()[1]))
        for session in (one, other):
            session.wait_for("new results for bed", timeout=5 - (time.monotonic() - start))
        print(f"server write to both nurses' notices: {(time.monotonic() - start) * 1000:.0f} ms")
        for session in (one, other):
            session.keys("q")
            assert session.finished() == "exit=0"
    first.assert_no_phi_in_files()
    assert not [patient for patient in demo_server.census() if patient in listener.output()], "the listener's log names no patient"
