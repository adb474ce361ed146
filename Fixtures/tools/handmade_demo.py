#!/usr/bin/env python3
"""Hand-made additions to the selected demo set, for the safety cases clinosim never writes.

Usage:
    handmade_demo.py [--demo Fixtures/demo]

Run by regenerate.sh after select_demo.py and make_invalid.py (so invalid/ is built from
clinosim's own resources), and idempotent: running it again changes nothing. It edits
Fixtures/demo in place and writes Patient.ndjson and MedicationRequest.ndjson back in the
canonical form select_demo.py uses (one resource a line, sorted by id).

1. A look-alike census in ward 4W. clinosim's `Rebecca Gonzalez` (born 1945, bed 4W-05) gets
   two neighbours: the patient in 4W-06 (born 1957) is renamed `Rebecca Gonzalez` and the one
   in 4W-04 (born 1959) `Rebekah Gonzales`. Only `Patient.name` changes; no other resource
   carries a patient's name.
2. Medication orders written by hand for the 4W-06 `Rebecca Gonzalez` (ids `mr-handmade-*`),
   each in a form clinosim does not produce: an infusion with a dose and a rate in mL/h, a
   weight-based dose with a rate ratio (mg per 1 h), a `timing.code` Q6H order as needed for
   pain, one as needed for wheeze, and one with the prescriber's free text only.
3. An SpO2 target of 88-92% (NEWS2 Scale 2) for `Jackson` (COPD, on oxygen, bed 4E-01), set at
   12:00 on the snapshot day as the workstation records one (id `obs-handmade-spo2-target`):
   his later rounds are scored on Scale 2 and his banner says so.
4. A patient under 16: clinosim's youngest inpatient, `Brown` (born 2007-01-23, a bronchial
   problem, on oxygen), is born four years later (2011-01-23), so NEWS2 says "not used: age 14"
   for him. Only `Patient.birthDate` changes.

Every resource touched is checked with fhirlint.py; the script stops on any problem.
"""

from __future__ import annotations

import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fhirlint  # noqa: E402
from select_demo import SNOMED, dumps  # noqa: E402

UCUM = "http://unitsofmeasure.org"
# Patient id -> (family, given, birthDate it must have): the birth date guards against a
# changed clinosim run renaming someone else.
ORIGINAL = ("pt-1de42902d50e", "Gonzalez", "Rebecca", "1945-04-22")
RENAMED = {
    "pt-d5309055dde9": ("Gonzalez", "Rebecca", "1957-04-28"),
    "pt-b68079564d94": ("Gonzales", "Rebekah", "1959-11-12"),
}
ORDERS_FOR = "pt-d5309055dde9"
ENCOUNTER = "enc-f8232e91e8c5"
REQUESTER = {"display": "Ellis Hamblin", "reference": "Practitioner/DR-IM-004"}
AUTHORED = "2025-02-01T11:30:00Z"

ROUTES = {
    "PO": {"coding": [{"code": "26643006", "display": "Oral", "system": SNOMED}], "text": "PO"},
    "IV": {"coding": [{"code": "47625008", "display": "Intravenous", "system": SNOMED}], "text": "IV"},
    "NEB": {"coding": [{"code": "447694001", "display": "Respiratory tract route (qualifier value)", "system": SNOMED}],
            "text": "NEB"},
}


def quantity(value, unit: str) -> dict:
    return {"code": unit, "system": UCUM, "unit": unit, "value": value}


def order(suffix: str, medication: str, dosage: dict) -> dict:
    return {
        "authoredOn": AUTHORED,
        "category": [{"coding": [{"code": "inpatient", "display": "Inpatient",
                                  "system": "http://terminology.hl7.org/CodeSystem/medicationrequest-category"}]}],
        "dosageInstruction": [dosage],
        "encounter": {"reference": f"Encounter/{ENCOUNTER}"},
        "id": f"mr-handmade-{suffix}",
        "intent": "order",
        "medicationCodeableConcept": {"text": medication},
        "requester": REQUESTER,
        "resourceType": "MedicationRequest",
        "status": "active",
        "subject": {"reference": f"Patient/{ORDERS_FOR}"},
    }


def as_needed_for(code: str, display: str, text: str) -> dict:
    return {"coding": [{"code": code, "display": display, "system": SNOMED}], "text": text}


ORDERS = [
    order("1-infusion", "Lactated Ringer's", {
        "doseAndRate": [{"doseQuantity": quantity(1000, "mL"), "rateQuantity": quantity(125, "mL/h")}],
        "route": ROUTES["IV"], "text": "LR 1000 mL IV at 125 mL/h"}),
    order("2-weight-based", "Diltiazem", {
        "doseAndRate": [{"doseQuantity": quantity(0.25, "mg/kg"),
                         "rateRatio": {"numerator": quantity(10, "mg"), "denominator": quantity(1, "h")}}],
        "route": ROUTES["IV"], "text": "0.25 mg/kg IV bolus then 10 mg/h"}),
    order("3-q6h-prn", "Oxycodone", {
        "asNeededCodeableConcept": as_needed_for("22253000", "Pain (finding)", "pain"),
        "doseAndRate": [{"doseQuantity": quantity(5, "mg")}],
        "route": ROUTES["PO"], "text": "5 mg PO Q6H PRN pain",
        "timing": {"code": {"coding": [{"code": "Q6H", "system": "http://terminology.hl7.org/CodeSystem/v3-GTSAbbreviation"}]},
                   "repeat": {"frequency": 1, "period": 6, "periodUnit": "h"}}}),
    order("4-prn-reason", "Salbutamol", {
        "asNeededCodeableConcept": as_needed_for("56018004", "Wheezing (finding)", "wheeze"),
        "doseAndRate": [{"doseQuantity": quantity(2.5, "mg")}],
        "route": ROUTES["NEB"], "text": "2.5 mg NEB Q4H PRN wheeze",
        "timing": {"repeat": {"frequency": 1, "period": 4, "periodUnit": "h"}}}),
    order("5-free-text", "Enoxaparin", {"text": "40 mg subcut every evening, hold if platelets low"}),
]


SCALE2_FOR = ("pt-b02f1850294d", "1948-12-06")
# Patient id -> (birthDate clinosim gave, the one written here).
YOUNGER = ("pt-03fccdc3059f", "2007-01-23", "2011-01-23")
SPO2_TARGET = {
    "resourceType": "Observation",
    "id": "obs-handmade-spo2-target",
    "identifier": [{"system": "urn:ietf:rfc:3986", "value": "urn:uuid:6f1d2c1e-5a0b-4d8e-9c1a-2b7e8f0a9d31"}],
    "status": "final",
    "category": [{"coding": [{"code": "therapy", "display": "Therapy",
                              "system": "http://terminology.hl7.org/CodeSystem/observation-category"}]}],
    "code": {"coding": [{"code": "spo2-target-range", "display": "SpO2 target range", "system": "urn:emr:news2"}],
             "text": "SpO2 target range"},
    "subject": {"reference": f"Patient/{SCALE2_FOR[0]}"},
    "encounter": {"reference": "Encounter/enc-ef0fe925789a"},
    "effectiveDateTime": "2025-02-01T12:00:00Z",
    "performer": [REQUESTER],
    "valueRange": {"low": quantity(88, "%"), "high": quantity(92, "%")},
    "note": [{"text": "SpO2 target 88–92%: NEWS2 scores SpO2 on Scale 2"}],
}


def read(path: str) -> dict[str, dict]:
    with open(path, encoding="utf-8") as fh:
        return {r["id"]: r for r in (json.loads(line) for line in fh if line.strip())}


def write(path: str, resources: dict[str, dict]) -> None:
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8", newline="\n") as fh:
        for rid in sorted(resources):
            fh.write(dumps(resources[rid]) + "\n")
    os.replace(tmp, path)


def official_name(patient: dict) -> dict:
    return next(n for n in patient["name"] if n.get("use") == "official")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--demo", default="Fixtures/demo")
    args = ap.parse_args()
    patients = read(os.path.join(args.demo, "Patient.ndjson"))
    orders = read(os.path.join(args.demo, "MedicationRequest.ndjson"))
    observations = read(os.path.join(args.demo, "Observation.ndjson"))

    pid, family, given, born = ORIGINAL
    name = official_name(patients[pid])
    if (name.get("family"), name.get("given"), patients[pid].get("birthDate")) != (family, [given], born):
        raise SystemExit(f"handmade_demo: {pid} is not {given} {family} born {born}: the clinosim run differs")
    for pid, (family, given, born) in sorted(RENAMED.items()):
        if patients[pid].get("birthDate") != born:
            raise SystemExit(f"handmade_demo: {pid} is not born {born}: the clinosim run differs")
        name = official_name(patients[pid])
        name["family"], name["given"] = family, [given]
        name.pop("text", None)
    for resource in ORDERS:
        orders[resource["id"]] = resource
    if patients[SCALE2_FOR[0]].get("birthDate") != SCALE2_FOR[1]:
        raise SystemExit(f"handmade_demo: {SCALE2_FOR[0]} is not born {SCALE2_FOR[1]}: the clinosim run differs")
    observations[SPO2_TARGET["id"]] = SPO2_TARGET
    pid, clinosim_born, born = YOUNGER
    if patients[pid].get("birthDate") not in (clinosim_born, born):
        raise SystemExit(f"handmade_demo: {pid} is not born {clinosim_born}: the clinosim run differs")
    patients[pid]["birthDate"] = born

    touched = [patients[pid] for pid in sorted(RENAMED) + [YOUNGER[0]]] + ORDERS + [SPO2_TARGET]
    problems = [p for r in touched for p in fhirlint.problems(r)]
    if problems:
        raise SystemExit("handmade_demo: " + "; ".join(problems))
    write(os.path.join(args.demo, "Patient.ndjson"), patients)
    write(os.path.join(args.demo, "MedicationRequest.ndjson"), orders)
    write(os.path.join(args.demo, "Observation.ndjson"), observations)
    print(f"handmade_demo: renamed {len(RENAMED)} patients, wrote {len(ORDERS)} orders, an SpO2 target and a birth date", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
