"""Charted vital signs against the real FHIR server: the outbox drain's exactly-once delivery.

No `emr` command charts (vitals are entered on the workstation's form), so the charting side
runs as the Swift suite LiveServerChartingTests, pointed at this module's server: it records
entries through the real recorder into a real encrypted cache, drains them with the real
client, and checks what it can from the workstation's side. This module then checks the
server's copies on its own: exactly one per charted value, found by the identifier the
workstation gave it, valid FHIR R4 (fhir.resources 6.4.0, in .venv-r4) and following the
vital-signs profile's rules.
"""
import json
import os
import subprocess

import pytest

from fhir_server import ROOT, FaultProxy, validate_r4


@pytest.fixture(scope="module")
def charted(demo_server, refusing_proxy, tmp_path_factory):
    """Runs the Swift suite once against the server (and the refusing proxy); the ids it
    charted, per scenario."""
    out = tmp_path_factory.mktemp("charted")
    patient = demo_server.census()[0]
    env = dict(os.environ, EMR_LIVE_FHIR=demo_server.base, EMR_LIVE_FHIR_REFUSING=refusing_proxy, EMR_LIVE_PATIENT=patient,
               EMR_LIVE_INFUSION_PATIENT=heparin_order()["subject"]["reference"].split("/")[1],
               EMR_LIVE_OUT=str(out), LANG="C.UTF-8", LC_ALL="C.UTF-8")
    swift = os.environ.get("SWIFT", "swift")
    result = subprocess.run([swift, "test", "--filter", "LiveServerChartingTests|LiveServerBCMATests"], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=1800)
    log = result.stdout + result.stderr
    assert result.returncode == 0, log[-6000:]
    assert "skipped" not in log, "every live test ran: " + log[-3000:]
    return {path.stem: json.loads(path.read_text()) for path in out.glob("*.json")}


def heparin_order():
    """The demo's heparin infusion (Fixtures/tools/handmade_bcma.py), read from the fixtures."""
    with open(ROOT / "Fixtures/demo/MedicationRequest.ndjson") as lines:
        return next(order for order in map(json.loads, lines) if order["id"] == "mr-handmade-8-heparin-infusion")


@pytest.fixture(scope="module")
def refusing_proxy(demo_server):
    """fault_server.py in reject-put mode in front of the module's server."""
    proxy = FaultProxy(demo_server.base, "reject-put")
    try:
        yield proxy.base
    finally:
        proxy.stop()


def test_a_drained_entry_is_on_the_server_once_per_value_and_valid_r4(demo_server, charted):
    ids = charted["drained"]
    assert len(ids) == 7, "HR, BP, T, RR, SpO2, weight, pain"
    found = [demo_server.copies(charted_id) for charted_id in ids]
    assert [len(group) for group in found] == [1] * len(ids)
    resources = [group[0] for group in found]
    assert [r["id"] for r in resources] == ids, "stored under the id the workstation gave it (PUT)"
    validate_r4(resources)
    codes = [r["code"]["coding"][0]["code"] for r in resources]
    assert codes == ["8867-4", "85354-9", "8310-5", "9279-1", "2708-6", "29463-7", "72514-3"]
    pressure = resources[1]
    assert {c["code"]["coding"][0]["code"]: c["valueQuantity"]["value"] for c in pressure["component"]} == {"8480-6": 138, "8462-4": 84}
    assert all(r["status"] == "final" and r["performer"][0]["display"] == "nurse1 via emr-ward-5e" for r in resources)


def test_sending_again_after_a_kill_before_the_local_mark_leaves_one_copy(demo_server, charted):
    assert [len(demo_server.copies(charted_id)) for charted_id in charted["resent"]] == [1, 1]


def test_entries_charted_while_the_server_was_down_arrive_once(demo_server, charted):
    [queued] = charted["queued"]
    found = demo_server.copies(queued)
    assert len(found) == 1
    validate_r4(found)


def test_a_refused_entry_never_reaches_the_server(demo_server, charted):
    assert [demo_server.copies(charted_id) for charted_id in charted["refused"]] == [[], []]


def test_a_correction_replaces_the_server_copy(demo_server, charted):
    [corrected] = charted["corrected"]
    found = demo_server.copies(corrected)
    assert len(found) == 1
    assert found[0]["status"] == "entered-in-error"
    assert [note["text"] for note in found[0]["note"]] == ["Room air", "charted on the wrong patient"]
    validate_r4(found)


def test_a_scored_rounds_score_arrives_once_and_derives_from_its_round(demo_server, charted):
    ids = charted["scored"]
    found = [demo_server.copies(charted_id) for charted_id in ids]
    assert [len(group) for group in found] == [1] * len(ids), "every Observation, the score included, exactly once"
    resources = [group[0] for group in found]
    validate_r4(resources)
    score = resources[-1]
    assert score["code"]["coding"][0] == {
        "system": "http://snomed.info/sct", "code": "1104051000000101",
        "display": "Royal College of Physicians NEWS2 (National Early Warning Score 2) total score"}
    assert score["category"][0]["coding"][0]["code"] == "survey", "never filed as a vital sign"
    # HR 92 (1), SBP 138 (0), T 37.8 (0), RR 18 (0), SpO2 94 on Scale 1 (1), on O2 (2), alert (0).
    assert score["valueInteger"] == 4
    assert score["interpretation"][0]["text"].startswith("LOW clinical risk")
    assert score["note"][0]["text"].startswith("RCP NEWS2 (2017), SpO2 Scale 1: ")
    derived = [reference["reference"] for reference in score["derivedFrom"]]
    assert derived == [f"Observation/{charted_id}" for charted_id in ids[:-1]]
    # Each reference resolves on the server to the round's own Observation.
    for reference, resource in zip(derived, resources[:-1]):
        resolved = demo_server.request("GET", reference)
        assert resolved["id"] == resource["id"] and resolved["subject"] == score["subject"]


def test_a_corrected_rounds_score_is_entered_in_error_too(demo_server, charted):
    ids = charted["scored-corrected"]
    resources = [demo_server.copies(charted_id) for charted_id in ids]
    assert [len(group) for group in resources] == [1] * len(ids)
    assert [group[0]["status"] for group in resources] == ["entered-in-error"] * len(ids)
    validate_r4([group[0] for group in resources])


def test_an_spo2_target_set_and_cleared_arrives_once_each_and_valid_r4(demo_server, charted):
    set_id, cleared_id = charted["spo2-target"]
    [target] = demo_server.copies(set_id)
    [cleared] = demo_server.copies(cleared_id)
    validate_r4([target, cleared])
    assert target["valueRange"]["low"]["value"] == 88 and target["valueRange"]["high"]["value"] == 92
    assert target["valueRange"]["low"]["code"] == "%" and target["category"][0]["coding"][0]["code"] == "therapy"
    assert "valueRange" not in cleared and cleared["dataAbsentReason"]["coding"][0]["code"] == "not-applicable"


def test_doses_recorded_arrive_once_each_and_valid_r4_even_after_a_kill_before_the_local_mark(demo_server, charted):
    """A dose given and one refused, each sent again as after a kill between the server's 2xx
    and the local mark: one copy each, under the id the workstation gave it."""
    ids = charted["doses"]
    found = [demo_server.copies(dose_id, "MedicationAdministration") for dose_id in ids]
    assert [len(group) for group in found] == [1, 1]
    resources = [group[0] for group in found]
    assert [r["id"] for r in resources] == ids
    validate_r4(resources)
    given, refused = resources
    assert given["status"] == "completed" and given["dosage"]["dose"]["value"] > 0
    assert refused["status"] == "not-done" and refused["statusReason"][0]["text"] == "patient refused"
    assert all(r["performer"][0]["actor"]["display"] == "nurse1 via emr-ward-5e" for r in resources)


def test_a_prn_doses_effect_arrives_once_valid_r4_and_part_of_its_dose(demo_server, charted):
    """The effect recorded at a PRN dose's follow-up, sent again as after a kill: one copy, an
    Observation `partOf` the dose's MedicationAdministration."""
    effect_id, dose_id = charted["prn-effect"]
    [effect] = demo_server.copies(effect_id)
    validate_r4([effect])
    assert effect["partOf"] == [{"reference": f"MedicationAdministration/{dose_id}"}]
    assert effect["code"]["text"] == "PRN medication effectiveness" and effect["status"] == "final"
    assert effect["valueCodeableConcept"]["coding"][0]["code"] == "partly-effective"
    assert effect["note"] == [{"text": "pain 4/10"}]


def test_an_infusions_actions_arrive_once_each_valid_r4_with_their_status_and_rate(demo_server, charted):
    """Rate changed, paused, resumed and stopped, each sent again as after a kill: one copy each,
    valid R4, in-progress/on-hold/in-progress/completed, the rate on those that run."""
    ids = charted["infusion"]
    found = [demo_server.copies(dose_id, "MedicationAdministration") for dose_id in ids]
    assert [len(group) for group in found] == [1] * 4
    records = [group[0] for group in found]
    validate_r4(records)
    assert [r["status"] for r in records] == ["in-progress", "on-hold", "in-progress", "completed"]
    assert [r["request"]["reference"] for r in records] == [f"MedicationRequest/{heparin_order()['id']}"] * 4
    rates = [r.get("dosage", {}).get("rateQuantity") for r in records]
    assert rates[0] == {"value": 22, "unit": "units/kg/h", "system": "http://unitsofmeasure.org", "code": "U/kg/h"}
    assert rates[2] == rates[0], "resumed at the rate before the pause"
    assert rates[1] is None and rates[3] is None
    assert [r["note"][0]["text"] for r in records] == ["aPTT 48 s", "to CT", "back from CT", "aPTT 110 s: stopped per protocol"]


def test_a_dose_given_other_than_ordered_keeps_its_dose_and_the_dose_it_names_on_the_server(demo_server, charted):
    [dose_id] = charted["off-dose"]
    [given] = demo_server.copies(dose_id, "MedicationAdministration")
    validate_r4([given])
    assert given["dosage"]["dose"] == {"value": 80, "unit": "mg"}, "what was given, not the order's 40 mg"
    [named] = given["extension"]
    assert named["url"] == "urn:emr:emar:scheduled-time" and "T" in named["valueDateTime"]
