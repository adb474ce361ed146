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
5. Lab reports: the demo's laboratory results drawn together (one patient, one collection
   time) are grouped into DiagnosticReports by panel (basic metabolic, blood count, liver, blood
   gas; ids `dr-handmade-*`, in DiagnosticReport.ndjson), as a lab sends them, so the Results
   tab groups them under their panel. A panel with a single result drawn is not reported.
6. A long potassium history for `Hernandez` (an inpatient, no allergies): a potassium every
   morning at 06:00 for 120 days before the snapshot day (ids `obs-handmade-k-*`, outpatient
   draws without an encounter), values wandering around the range with some low and high, and
   one critical 6.8 mmol/L (HH) on 2025-01-14, outside the Summary's last 72 hours.
7. A patient without an MRN: `Jones` (an outpatient) has no identifier at all, so the chart shows
   name and date of birth as its two identifiers.
8. The eMAR on the snapshot day: doses given at 09:00 of the morning orders of `Schmidt`,
   `Perez` and `Hughes` (not `Clark`, whose daily order e2e tests give; ids `ma-handmade-*`, in
   MedicationAdministration.ndjson); an amoxicillin order for `Patel`, whose penicillin allergy
   it conflicts with; and for `Schmidt` an ondansetron order as needed for nausea, given once
   at 14:20.

9. Medication administration at BCMA grade (handmade_bcma.py): infusions (heparin by weight,
   norepinephrine, maintenance fluids) with their starts, a rate change and a pause; digoxin,
   insulin and warfarin orders coded in RxNorm and NDC; a fresh point-of-care glucose; and a
   dose given at half the ordered dose.
10. Notes, procedures and immunizations (handmade_notes.py): admission, progress and nursing
   notes for every stay in progress, a medication reconciliation and chest X-rays, influenza
   and pneumococcal vaccines, heart failure care plans and their goals (DocumentReference.ndjson,
   Procedure.ndjson, Immunization.ndjson, CarePlan.ndjson, Goal.ndjson).

No date written is later than clinosim's newest (the demo moves the newest date to now).
Every resource touched is checked with fhirlint.py; the script stops on any problem.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import sys
from datetime import date, timedelta

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fhirlint  # noqa: E402
import handmade_bcma  # noqa: E402
import handmade_notes  # noqa: E402
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


# Lab reports: panel -> (LOINC code, name, member LOINC codes).
PANELS = {
    "bmp": ("51990-0", "Basic metabolic panel - Blood",
            {"2951-2", "2823-3", "2075-0", "1963-8", "3094-0", "2160-0", "2345-7", "17861-6"}),
    "cbc": ("58410-2", "CBC panel - Blood by Automated count", {"718-7", "6690-2", "777-3"}),
    "liver": ("24325-3", "Hepatic function 2000 panel - Serum or Plasma",
              {"1742-6", "1920-8", "1751-7", "6768-6", "1975-2", "2885-2", "2324-2"}),
    "gas": ("24336-0", "Gas panel - Arterial blood", {"2744-1", "2019-8", "2703-7"}),
}
LAB_CATEGORY = {"coding": [{"code": "LAB", "display": "Laboratory",
                            "system": "http://terminology.hl7.org/CodeSystem/v2-0074"}]}

# Potassium every morning for POTASSIUM_DAYS days before the snapshot day; one critical.
POTASSIUM_FOR = ("pt-e778d70d7dc1", "1968-04-25")
POTASSIUM_DAYS = 120
SNAPSHOT_DAY = date(2025, 2, 1)
CRITICAL_DAY = date(2025, 1, 14)
CRITICAL_POTASSIUM = 6.8
INTERPRETATION = "http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation"
FLAGS = {"L": "Low", "N": "Normal", "H": "High", "HH": "Critical high"}

NO_MRN = ("pt-86db77184f21", "1968-06-09")

ALLERGY_CONFLICT_FOR = ("pt-b4eb8751f15f", "enc-250cc05b4ae0")
PRN_FOR = ("pt-557e1e3f1af4", "enc-2c1c8bcb6402")
# Patient -> active orders given at 09:00 on the snapshot day.
GIVEN = {
    "pt-557e1e3f1af4": ["mr-5a924ae7a5ee", "mr-de658b1daad6"],
    "pt-c2ca22546971": ["mr-5f035b5d0d7e", "mr-ef2b931e7528"],
    "pt-e5d10177c23b": ["mr-354c4b879436", "mr-436ae1f22827", "mr-852077d41ed9"],
}
NURSE = {"display": "Morgan Reyes", "reference": "Practitioner/NS-CA-001"}


def read(path: str) -> dict[str, dict]:
    if not os.path.exists(path):
        return {}
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


def loinc(resource: dict) -> str | None:
    return next((c.get("code") for c in resource.get("code", {}).get("coding", []) if c.get("system") == "http://loinc.org"), None)


def short_id(prefix: str, *parts: str) -> str:
    return prefix + hashlib.sha256("|".join(parts).encode()).hexdigest()[:12]


def lab_reports(observations: dict[str, dict]) -> dict[str, dict]:
    """A report per patient, collection time and panel with two or more of its results."""
    drawn: dict[tuple[str, str, str], list[dict]] = {}
    for obs in observations.values():
        laboratory = any(c.get("code") == "laboratory" for cat in obs.get("category", []) for c in cat.get("coding", []))
        if not laboratory or "effectiveDateTime" not in obs or obs["id"].startswith("obs-handmade-"):
            continue
        panel = next((name for name, (_, _, members) in PANELS.items() if loinc(obs) in members), None)
        if panel:
            drawn.setdefault((obs["subject"]["reference"], obs["effectiveDateTime"], panel), []).append(obs)
    reports = {}
    for (subject, when, panel), members in sorted(drawn.items()):
        if len(members) < 2:
            continue
        code, name, _ = PANELS[panel]
        members.sort(key=lambda o: o["id"])
        report = {
            "resourceType": "DiagnosticReport",
            "id": short_id("dr-handmade-", subject, when, panel),
            "status": "final",
            "category": [LAB_CATEGORY],
            "code": {"coding": [{"code": code, "display": name, "system": "http://loinc.org"}], "text": name},
            "subject": {"reference": subject},
            "effectiveDateTime": when,
            "issued": max(o.get("issued", when) for o in members),
            "result": [{"reference": f"Observation/{o['id']}"} for o in members],
        }
        if "encounter" in members[0]:
            report["encounter"] = members[0]["encounter"]
        reports[report["id"]] = report
    return reports


def potassium_history(patients: dict[str, dict]) -> list[dict]:
    pid, born = POTASSIUM_FOR
    if patients[pid].get("birthDate") != born:
        raise SystemExit(f"handmade_demo: {pid} is not born {born}: the clinosim run differs")
    unit = quantity(0, "mmol/L")
    history = []
    for back in range(POTASSIUM_DAYS, 0, -1):
        day = SNAPSHOT_DAY - timedelta(days=back)
        value = CRITICAL_POTASSIUM if day == CRITICAL_DAY else round(4.3 + 0.9 * math.sin(back / 6.0) + 0.2 * math.cos(back / 2.3), 1)
        flag = "HH" if value >= 6.5 else "H" if value > 5.0 else "L" if value < 3.5 else "N"
        history.append({
            "resourceType": "Observation",
            "id": f"obs-handmade-k-{day:%Y%m%d}",
            "status": "final",
            "category": [{"coding": [{"code": "laboratory", "display": "Laboratory",
                                      "system": "http://terminology.hl7.org/CodeSystem/observation-category"}], "text": "Laboratory"}],
            "code": {"coding": [{"code": "2823-3", "display": "Potassium [Moles/volume] in Serum or Plasma", "system": "http://loinc.org"}],
                     "text": "Potassium [Moles/volume] in Serum or Plasma"},
            "subject": {"reference": f"Patient/{pid}"},
            "effectiveDateTime": f"{day:%Y-%m-%d}T06:00:00Z",
            "issued": f"{day:%Y-%m-%d}T07:30:00Z",
            "valueQuantity": dict(unit, value=value),
            "interpretation": [{"coding": [{"code": flag, "display": FLAGS[flag], "system": INTERPRETATION}]}],
            "referenceRange": [{"low": dict(unit, value=3.5), "high": dict(unit, value=5.0), "text": "Standard reference interval"}],
        })
    return history


def emar_order(suffix: str, patient: tuple[str, str], medication: str, dosage: dict) -> dict:
    resource = order(suffix, medication, dosage)
    resource["subject"] = {"reference": f"Patient/{patient[0]}"}
    resource["encounter"] = {"reference": f"Encounter/{patient[1]}"}
    resource["authoredOn"] = "2025-02-01T08:00:00Z"
    return resource


def allergy_conflict_order() -> dict:
    return emar_order("6-allergy-conflict", ALLERGY_CONFLICT_FOR, "Amoxicillin", {
        "doseAndRate": [{"doseQuantity": quantity(500, "mg")}], "route": ROUTES["PO"], "text": "500 mg PO TID",
        "timing": {"repeat": {"frequency": 3, "period": 1, "periodUnit": "d"}}})


def prn_order() -> dict:
    return emar_order("7-prn-nausea", PRN_FOR, "Ondansetron", {
        "asNeededCodeableConcept": as_needed_for("422587007", "Nausea (finding)", "nausea"),
        "doseAndRate": [{"doseQuantity": quantity(4, "mg")}], "route": ROUTES["IV"], "text": "4 mg IV Q8H PRN nausea",
        "timing": {"repeat": {"frequency": 1, "period": 8, "periodUnit": "h"}}})


def administration(request: dict, when: str) -> dict:
    dose = request["dosageInstruction"][0]["doseAndRate"][0]["doseQuantity"]
    resource = {
        "resourceType": "MedicationAdministration",
        "id": short_id("ma-handmade-", request["id"], when),
        "status": "completed",
        "medicationCodeableConcept": request["medicationCodeableConcept"],
        "subject": request["subject"],
        "effectiveDateTime": when,
        "performer": [{"actor": NURSE}],
        "request": {"reference": f"MedicationRequest/{request['id']}"},
        "dosage": {"dose": dose},
    }
    if "encounter" in request:
        resource["context"] = request["encounter"]
    route = request["dosageInstruction"][0].get("route")
    if route:
        resource["dosage"]["route"] = route
    return resource


def administrations(orders: dict[str, dict]) -> dict[str, dict]:
    given = []
    for pid, ids in sorted(GIVEN.items()):
        for rid in ids:
            request = orders[rid]
            if request["subject"]["reference"] != f"Patient/{pid}" or request.get("status") != "active":
                raise SystemExit(f"handmade_demo: {rid} is not an active order of {pid}: the clinosim run differs")
            given.append(administration(request, "2025-02-01T09:00:00Z"))
    given.append(administration(orders["mr-handmade-7-prn-nausea"], "2025-02-01T14:20:00Z"))
    return {r["id"]: r for r in given}


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

    reports = lab_reports(observations)
    potassium = potassium_history(patients)
    for resource in potassium:
        observations[resource["id"]] = resource
    if patients[NO_MRN[0]].get("birthDate") != NO_MRN[1]:
        raise SystemExit(f"handmade_demo: {NO_MRN[0]} is not born {NO_MRN[1]}: the clinosim run differs")
    patients[NO_MRN[0]].pop("identifier", None)
    emar_orders = [allergy_conflict_order(), prn_order()]
    for resource in emar_orders:
        orders[resource["id"]] = resource
    given = administrations(orders)
    bcma, bcma_given = handmade_bcma.add(patients, orders, observations)
    given.update((r["id"], r) for r in bcma_given)
    notes, procedures, immunizations, plans, goals = handmade_notes.add(patients, read(os.path.join(args.demo, "Encounter.ndjson")))

    touched = ([patients[pid] for pid in sorted(RENAMED) + [YOUNGER[0], NO_MRN[0]]] + ORDERS + [SPO2_TARGET]
               + list(reports.values()) + potassium + emar_orders + list(given.values()) + bcma
               + list(notes.values()) + list(procedures.values()) + list(immunizations.values())
               + list(plans.values()) + list(goals.values()))
    problems = [p for r in touched for p in fhirlint.problems(r)]
    if problems:
        raise SystemExit("handmade_demo: " + "; ".join(problems))
    write(os.path.join(args.demo, "Patient.ndjson"), patients)
    write(os.path.join(args.demo, "MedicationRequest.ndjson"), orders)
    write(os.path.join(args.demo, "Observation.ndjson"), observations)
    write(os.path.join(args.demo, "DiagnosticReport.ndjson"), reports)
    write(os.path.join(args.demo, "MedicationAdministration.ndjson"), given)
    write(os.path.join(args.demo, "DocumentReference.ndjson"), notes)
    write(os.path.join(args.demo, "Procedure.ndjson"), procedures)
    write(os.path.join(args.demo, "Immunization.ndjson"), immunizations)
    write(os.path.join(args.demo, "CarePlan.ndjson"), plans)
    write(os.path.join(args.demo, "Goal.ndjson"), goals)
    print(f"handmade_demo: renamed {len(RENAMED)} patients, wrote {len(ORDERS) + len(emar_orders) + len(handmade_bcma.ORDERS)} orders, "
          f"an SpO2 target, a birth date, {len(reports)} lab reports, {len(potassium)} potassium results, a glucose, "
          f"a patient without an MRN, {len(given)} doses and infusion actions, {len(notes)} notes, {len(procedures)} procedures, "
          f"{len(immunizations)} immunizations, {len(plans)} care plans and {len(goals)} goals", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
