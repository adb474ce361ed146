"""`emr hooks` against sekmet on 127.0.0.1 (issue 33): the listener's Subscription is made
active by the server's handshake; an Observation written for a census patient reaches a
reader of the listener's socket within 5 s, one for a patient off the census never; a
notification without the token, an oversized one and one for another Subscription are
refused; a missed heartbeat becomes a full sync; SIGTERM deletes the Subscription."""
import json
import os
import time
import uuid

import pytest

from hooks_listener import HooksListener, SocketReader


@pytest.fixture
def listener(emr, demo_server, tmp_path):
    started = HooksListener(emr, demo_server, tmp_path / "hooks-home", heartbeat=2)
    yield started
    started.stop()


def observation(patient: str) -> dict:
    return {"resourceType": "Observation", "id": "k-" + uuid.uuid4().hex[:12], "status": "final",
            "code": {"coding": [{"system": "http://loinc.org", "code": "2823-3"}], "text": "Potassium"},
            "subject": {"reference": f"Patient/{patient}"}, "valueQuantity": {"value": 6.9, "unit": "mmol/L"}}


def test_an_observation_for_a_census_patient_reaches_the_socket_within_5_s(listener, demo_server):
    patient = demo_server.census()[0]
    reader = SocketReader(listener.socket_path)
    try:
        assert reader.next() == {"sync": "full"}
        written = observation(patient)
        start = time.monotonic()
        demo_server.put(written)
        message = reader.next(seconds=5)
        latency = time.monotonic() - start
        assert message == {"type": "Observation", "id": written["id"], "patient": patient}
        print(f"server write to socket line: {latency * 1000:.0f} ms")
        assert latency < 5
    finally:
        reader.close()


def test_a_patient_off_the_census_is_not_sent(listener, demo_server):
    census = demo_server.census()
    reader = SocketReader(listener.socket_path)
    try:
        assert reader.next() == {"sync": "full"}
        demo_server.put(observation("not-on-the-ward"))
        on_census = observation(census[-1])
        demo_server.put(on_census)
        assert reader.next()["id"] == on_census["id"]
    finally:
        reader.close()


def notification(subscription: str) -> bytes:
    return json.dumps({"resourceType": "Bundle", "type": "history", "entry": [{"resource": {
        "resourceType": "Parameters", "parameter": [
            {"name": "subscription", "valueReference": {"reference": f"Subscription/{subscription}"}},
            {"name": "type", "valueCode": "event-notification"},
            {"name": "events-since-subscription-start", "valueString": "1"},
            {"name": "notification-event", "part": [
                {"name": "event-number", "valueString": "1"},
                {"name": "focus", "valueReference": {"reference": "http://127.0.0.2:9/fhir/Observation/forged"}},
                {"name": "additional-context", "valueReference": {"reference": "Patient/forged"}}]}]}}]}).encode()


def test_forged_oversized_and_foreign_notifications_are_refused(listener):
    reader = SocketReader(listener.socket_path)
    try:
        assert reader.next() == {"sync": "full"}
        own = notification(listener.subscription["id"])
        assert listener.notify(own, token=None) == 401
        assert listener.notify(own, token="0" * 64) == 401
        assert listener.notify(own[:-1] + b" " * 70_000 + b"}", token=listener.token) == 413
        assert listener.notify(notification("someone-elses"), token=listener.token) == 404
        assert listener.notify(b"{}", token=listener.token) == 400
        assert reader.next(seconds=1) is None
        assert "forged" not in listener.output()
    finally:
        reader.close()


def test_the_token_file_is_private(listener):
    assert os.stat(listener.home / "hooks-token").st_mode & 0o777 == 0o600
    assert len(listener.token) == 64


def test_a_missed_heartbeat_asks_for_a_full_sync(listener, demo_server):
    reader = SocketReader(listener.socket_path)
    try:
        assert reader.next() == {"sync": "full"}
        demo_server.stop()
        try:
            assert reader.next(seconds=8) == {"sync": "full"}
        finally:
            demo_server.start()
    finally:
        reader.close()


def test_sigterm_deletes_the_subscription_and_the_socket(listener, demo_server):
    subscription = listener.subscription["id"]
    assert listener.stop() == 0
    assert not os.path.exists(listener.socket_path)
    assert subscription not in [s["id"] for s in demo_server.search_all("Subscription")]
    assert "deleted" in listener.output()
