"""Hand-made additions for medication administration at BCMA grade (issue 28), applied by
handmade_demo.py after its own: continuous infusions, checked drugs, coded medications, the
values charted before a dose, and doses recorded against them.

1. Infusions (a rate and no timing): heparin by weight for `Phillips` (5E-03), `25,000 units in
   250 mL at 18 units/kg/h titrate to aPTT`, its product a contained Medication with RxNorm and
   NDC codes and a GTIN identifier, started at 14:02 and its rate changed to 20 units/kg/h at
   20:10 by another nurse; norepinephrine 0.05 mcg/kg/min for `Taylor, Melissa` (5E-02), never
   started; maintenance fluids (sodium chloride 0.9% with potassium chloride, 100 mL/h, words
   only, so its name is typed instead of scanned) for `Garcia` (4E-05), started at 08:00 and
   paused at 22:30 (IV access lost).
2. Checked and coded orders: digoxin 0.125 mg PO daily for `Crawford` (4E-04, heart rate charted
   within the hour by clinosim), regular insulin 10 units subcut TID for `Hall` (4W-07) with a
   point-of-care glucose 40 minutes old, and warfarin 5 mg PO at 18:00 for `Young` (3W-04), who
   has no INR. Each coded in RxNorm (ingredient) and NDC.
3. A dose given at another dose than ordered: `Phillips`'s furosemide 40 mg IV given as 20 mg at
   09:00, with the reason in its note.

Values older than a check allows come from clinosim as they are: `Romero`'s last heart rate is
six hours old (his digoxin), `Hernandez`'s and `Taylor, Melissa`'s last glucose hours old (their
sliding-scale insulin).

The NDCs are made up (labeler 9999, 4-4-2): they name no real product. A GTIN holding an NDC is
`003` + its 10 digits + a GS1 check digit; a US drug's UPC-A is `3` + its 10 digits + one.
"""

from __future__ import annotations

UCUM = "http://unitsofmeasure.org"
SNOMED = "http://snomed.info/sct"
RXNORM = "http://www.nlm.nih.gov/research/umls/rxnorm"
NDC = "http://hl7.org/fhir/sid/ndc"
GTIN = "https://www.gs1.org/gtin"
IV = {"coding": [{"code": "47625008", "display": "Intravenous", "system": SNOMED}], "text": "IV"}
PO = {"coding": [{"code": "26643006", "display": "Oral", "system": SNOMED}], "text": "PO"}
SC = {"coding": [{"code": "34206005", "display": "Subcutaneous", "system": SNOMED}], "text": "SC"}
REQUESTER = {"display": "Lucas Michael", "reference": "Practitioner/DR-CA-002"}
NURSE = {"display": "Morgan Reyes", "reference": "Practitioner/NS-CA-001"}
SECOND_NURSE = {"display": "Olga Colon", "reference": "Practitioner/NS-CA-002"}

# Patient id -> (birth date it must have, the stay the orders belong to).
PHILLIPS = ("pt-92a030c5a384", "1952-05-03", "enc-536f9e952f4b")
TAYLOR = ("pt-c43b0c25f410", "1952-06-14", "enc-9fd741cf01e6")
GARCIA = ("pt-dd22806cb3ee", "1933-02-01", "enc-817150ca48a6")
CRAWFORD = ("pt-6a2c0bc1aa68", "1930-02-09", "enc-c57920d9e3f8")
HALL = ("pt-454a3b48aa4e", "1975-08-27", "enc-2cac421eefa2")
YOUNG = ("pt-b92f621a3f69", "1935-03-13", "enc-fcc24962b5ab")
FUROSEMIDE = "mr-40cd1af960a5"


def quantity(value, unit: str, code: str) -> dict:
    return {"code": code, "system": UCUM, "unit": unit, "value": value}


def coded(text: str, rxnorm: tuple[str, str], ndc: str) -> dict:
    return {"coding": [{"code": rxnorm[0], "display": rxnorm[1], "system": RXNORM}, {"code": ndc, "system": NDC}], "text": text}


def order(suffix: str, patient: tuple[str, str, str], authored: str, dosage: dict, medication: dict) -> dict:
    resource = {
        "authoredOn": authored,
        "category": [{"coding": [{"code": "inpatient", "display": "Inpatient",
                                  "system": "http://terminology.hl7.org/CodeSystem/medicationrequest-category"}]}],
        "dosageInstruction": [dosage],
        "encounter": {"reference": f"Encounter/{patient[2]}"},
        "id": f"mr-handmade-{suffix}",
        "intent": "order",
        "requester": REQUESTER,
        "resourceType": "MedicationRequest",
        "status": "active",
        "subject": {"reference": f"Patient/{patient[0]}"},
    }
    resource.update(medication)
    return resource


HEPARIN_PRODUCT = {
    "resourceType": "Medication",
    "id": "heparin-premixed",
    "code": coded("Heparin 25,000 units in 250 mL", ("5224", "heparin"), "9999-0101-01"),
    "identifier": [{"system": GTIN, "value": "00399990101010"}],
}

ORDERS = [
    order("8-heparin-infusion", PHILLIPS, "2025-02-01T13:30:00Z", {
        "additionalInstruction": [{"text": "titrate to aPTT per heparin protocol"}],
        "doseAndRate": [{"rateQuantity": quantity(18, "units/kg/h", "U/kg/h")}],
        "route": IV, "text": "25,000 units in 250 mL at 18 units/kg/h titrate to aPTT"},
        {"contained": [HEPARIN_PRODUCT], "medicationReference": {"reference": "#heparin-premixed"}}),
    order("9-norepinephrine", TAYLOR, "2025-02-01T22:40:00Z", {
        "additionalInstruction": [{"text": "titrate to MAP 65 mmHg or more"}],
        "doseAndRate": [{"rateQuantity": quantity(0.05, "mcg/kg/min", "ug/kg/min")}],
        "route": IV, "text": "4 mg in 250 mL at 0.05 mcg/kg/min"},
        {"medicationCodeableConcept": coded("Norepinephrine 4 mg in 250 mL", ("7512", "norepinephrine"), "9999-0202-02")}),
    order("10-maintenance-fluids", GARCIA, "2025-02-01T07:30:00Z", {
        "doseAndRate": [{"doseQuantity": quantity(1000, "mL", "mL"), "rateQuantity": quantity(100, "mL/h", "mL/h")}],
        "route": IV, "text": "1000 mL IV at 100 mL/h"},
        {"medicationCodeableConcept": {"text": "Sodium chloride 0.9% with potassium chloride 20 mEq/L"}}),
    order("11-digoxin", CRAWFORD, "2025-01-31T08:00:00Z", {
        "doseAndRate": [{"doseQuantity": quantity(0.125, "mg", "mg")}], "route": PO, "text": "0.125 mg PO daily",
        "timing": {"repeat": {"frequency": 1, "period": 1, "periodUnit": "d"}}},
        {"medicationCodeableConcept": coded("Digoxin 0.125 mg tablet", ("3407", "digoxin"), "9999-0303-03")}),
    order("12-insulin", HALL, "2025-01-31T08:00:00Z", {
        "doseAndRate": [{"doseQuantity": quantity(10, "units", "U")}], "route": SC, "text": "10 units subcut TID with meals",
        "timing": {"repeat": {"frequency": 3, "period": 1, "periodUnit": "d"}}},
        {"medicationCodeableConcept": coded("Insulin regular", ("5856", "insulin regular"), "9999-0404-04")}),
    order("13-warfarin", YOUNG, "2025-01-30T08:00:00Z", {
        "doseAndRate": [{"doseQuantity": quantity(5, "mg", "mg")}], "route": PO, "text": "5 mg PO at 18:00",
        "timing": {"repeat": {"frequency": 1, "period": 1, "periodUnit": "d", "timeOfDay": ["18:00:00"]}}},
        {"medicationCodeableConcept": coded("Warfarin 5 mg tablet", ("11289", "warfarin"), "9999-0505-05")}),
]

GLUCOSE = {
    "resourceType": "Observation",
    "id": "obs-handmade-glucose-hall",
    "status": "final",
    "category": [{"coding": [{"code": "laboratory", "display": "Laboratory",
                              "system": "http://terminology.hl7.org/CodeSystem/observation-category"}], "text": "Laboratory"}],
    "code": {"coding": [{"code": "41653-7", "display": "Glucose [Mass/volume] in Capillary blood by Glucometer",
                         "system": "http://loinc.org"}], "text": "Glucose, capillary (point of care)"},
    "subject": {"reference": f"Patient/{HALL[0]}"},
    "encounter": {"reference": f"Encounter/{HALL[2]}"},
    "effectiveDateTime": "2025-02-01T23:20:00Z",
    "performer": [NURSE],
    "valueQuantity": quantity(152, "mg/dL", "mg/dL"),
    "interpretation": [{"coding": [{"code": "H", "display": "High",
                                    "system": "http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation"}]}],
    "referenceRange": [{"low": quantity(70, "mg/dL", "mg/dL"), "high": quantity(140, "mg/dL", "mg/dL")}],
}


def administration(suffix: str, request: dict, status: str, when: str, by: dict, dosage: dict, note: str | None = None,
                   reason: str | None = None) -> dict:
    medication = request.get("medicationCodeableConcept") or request["contained"][0]["code"]
    resource = {
        "resourceType": "MedicationAdministration",
        "id": f"ma-handmade-{suffix}",
        "status": status,
        "medicationCodeableConcept": medication,
        "subject": request["subject"],
        "context": request["encounter"],
        "effectiveDateTime": when,
        "performer": [{"actor": by}],
        "request": {"reference": f"MedicationRequest/{request['id']}"},
        "dosage": dict(dosage, route=request["dosageInstruction"][0]["route"]),
    }
    if reason:
        resource["statusReason"] = [{"text": reason}]
    if note:
        resource["note"] = [{"text": note}]
    return resource


def administrations(orders: dict[str, dict]) -> list[dict]:
    heparin, fluids = orders["mr-handmade-8-heparin-infusion"], orders["mr-handmade-10-maintenance-fluids"]
    furosemide = orders[FUROSEMIDE]
    if furosemide["subject"]["reference"] != f"Patient/{PHILLIPS[0]}" or furosemide.get("status") != "active":
        raise SystemExit(f"handmade_bcma: {FUROSEMIDE} is not an active order of {PHILLIPS[0]}: the clinosim run differs")
    rate = heparin["dosageInstruction"][0]["doseAndRate"][0]["rateQuantity"]
    return [
        administration("heparin-start", heparin, "in-progress", "2025-02-01T14:02:00Z", NURSE, {"rateQuantity": rate}),
        administration("heparin-rate", heparin, "in-progress", "2025-02-01T20:10:00Z", SECOND_NURSE,
                       {"rateQuantity": dict(rate, value=20)}, note="aPTT 52 s: rate increased per protocol"),
        administration("fluids-start", fluids, "in-progress", "2025-02-01T08:00:00Z", NURSE,
                       {"rateQuantity": fluids["dosageInstruction"][0]["doseAndRate"][0]["rateQuantity"]}),
        administration("fluids-pause", fluids, "on-hold", "2025-02-01T22:30:00Z", SECOND_NURSE, {}, reason="IV access lost"),
        administration("furosemide-half", furosemide, "completed", "2025-02-01T09:00:00Z", NURSE,
                       {"dose": quantity(20, "mg", "mg")}, note="dose 20 mg is 0.5x the ordered 40 mg: potassium low, halved by the prescriber"),
    ]


def add(patients: dict[str, dict], orders: dict[str, dict], observations: dict[str, dict]) -> tuple[list[dict], list[dict]]:
    """Adds the orders and the glucose in place; returns the resources written (to check) and the
    doses recorded (for MedicationAdministration.ndjson)."""
    for pid, born, _ in (PHILLIPS, TAYLOR, GARCIA, CRAWFORD, HALL, YOUNG):
        if patients[pid].get("birthDate") != born:
            raise SystemExit(f"handmade_bcma: {pid} is not born {born}: the clinosim run differs")
    for resource in ORDERS:
        orders[resource["id"]] = resource
    observations[GLUCOSE["id"]] = GLUCOSE
    given = administrations(orders)
    return ORDERS + [GLUCOSE], given
