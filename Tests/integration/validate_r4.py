"""Checks Observations, MedicationAdministrations and DocumentReferences against FHIR R4 (4.0.1)
with fhir.resources 6.4.0, and the rules of the R4 vital-signs profile the structure alone does
not carry (for a dose: its order, patient and time with an offset; for a nurse's note: its LOINC
type, author and readable plain text). Runs in .venv-r4 (see
Tests/requirements-r4.txt). Reads a JSON array of resources on stdin; prints one line per
problem and exits 1 when there is any.

Usage: .venv-r4/bin/python validate_r4.py < resources.json
"""
import base64
import json
import re
import sys

import fhir.resources
from fhir.resources.documentreference import DocumentReference
from fhir.resources.medicationadministration import MedicationAdministration
from fhir.resources.observation import Observation

VITALS_PROFILE = "http://hl7.org/fhir/StructureDefinition/vitalsigns"
CATEGORY = "http://terminology.hl7.org/CodeSystem/observation-category"
UCUM = "http://unitsofmeasure.org"
# The R4 vital-signs units value set (ucum-vitals-common) plus L/min for oxygen flow.
VITALS_UNITS = {"%", "cm", "[in_i]", "kg", "g", "[lb_av]", "Cel", "[degF]", "mm[Hg]", "/min", "m2", "kg/m2", "L/min"}
OFFSET = re.compile(r"T\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$")


def administration_problems(resource: dict) -> list[str]:
    """A dose or an infusion's action recorded at the workstation: valid R4, against its order,
    patient and stay."""
    try:
        MedicationAdministration.parse_obj(resource)
    except Exception as error:
        return [f"not a valid R4 MedicationAdministration: {error}".replace("\n", " ")]
    found = []
    # A dose given, not given or held; an infusion started, changed or resumed (in-progress),
    # paused (on-hold) or stopped (completed).
    if resource.get("status") not in ("completed", "not-done", "on-hold", "in-progress"):
        found.append(f"status {resource.get('status')} is not one a nurse records")
    if not resource.get("request", {}).get("reference", "").startswith("MedicationRequest/"):
        found.append("request is not a MedicationRequest")
    if not resource.get("subject", {}).get("reference", "").startswith("Patient/"):
        found.append("subject is not a Patient")
    if not OFFSET.search(resource.get("effectiveDateTime", "")):
        found.append("effectiveDateTime has no seconds or no UTC offset")
    if not resource.get("performer", [{}])[0].get("actor", {}).get("display"):
        found.append("no performer named")
    return found


def note_problems(resource: dict) -> list[str]:
    """A nurse's note written at the workstation: valid R4, a LOINC nurse note about a patient,
    by a named author, dated with an offset, its text plain UTF-8 in base64."""
    try:
        DocumentReference.parse_obj(resource)
    except Exception as error:
        return [f"not a valid R4 DocumentReference: {error}".replace("\n", " ")]
    found = []
    if resource.get("status") not in ("current", "entered-in-error"):
        found.append(f"status {resource.get('status')} is not one a nurse writes")
    codings = resource.get("type", {}).get("coding", [])
    if not any(c.get("system") == "http://loinc.org" and c.get("code") == "34746-8" and c.get("display") for c in codings):
        found.append("type is not LOINC 34746-8 Nurse note")
    if not resource.get("subject", {}).get("reference", "").startswith("Patient/"):
        found.append("subject is not a Patient")
    if not OFFSET.search(resource.get("date", "")):
        found.append("date has no seconds or no UTC offset")
    if not resource.get("author", [{}])[0].get("display"):
        found.append("no author named")
    attachment = resource.get("content", [{}])[0].get("attachment", {})
    if not attachment.get("contentType", "").startswith("text/plain"):
        found.append(f"content type {attachment.get('contentType')} is not text/plain")
    try:
        base64.b64decode(attachment.get("data", ""), validate=True).decode("utf-8")
    except ValueError as error:
        found.append(f"text is not UTF-8 in base64: {error}")
    return found


def problems(resource: dict) -> list[str]:
    if resource.get("resourceType") == "MedicationAdministration":
        return administration_problems(resource)
    if resource.get("resourceType") == "DocumentReference":
        return note_problems(resource)
    found = []
    try:
        Observation.parse_obj(resource)
    except Exception as error:  # pydantic's ValidationError, or anything the model refuses
        return [f"not a valid R4 Observation: {error}".replace("\n", " ")]
    profiles = resource.get("meta", {}).get("profile", [])
    categories = [c for concept in resource.get("category", []) for c in concept.get("coding", [])]
    codings = resource["code"].get("coding", [])
    # What is worked out from vital signs (a NEWS2 score, filed as survey) or prescribed for
    # them (an SpO2 target, therapy) is not a vital sign itself: a coding with a display will do.
    if any(c.get("system") == CATEGORY and c.get("code") in ("survey", "therapy") for c in categories):
        if not any(c.get("system") and c.get("code") and c.get("display") for c in codings):
            found.append("no coding with a system, code and display")
    else:
        if not any(c.get("system") == CATEGORY and c.get("code") == "vital-signs" for c in categories):
            found.append("no vital-signs category")
        if not any(c.get("system") == "http://loinc.org" and c.get("display") for c in codings):
            found.append("no LOINC coding with a display")
    if not resource.get("subject", {}).get("reference", "").startswith("Patient/"):
        found.append("subject is not a Patient")
    if not OFFSET.search(resource.get("effectiveDateTime", "")):
        found.append("effectiveDateTime has no seconds or no UTC offset")
    if VITALS_PROFILE in profiles:
        quantities = [resource["valueQuantity"]] if "valueQuantity" in resource else []
        quantities += [c["valueQuantity"] for c in resource.get("component", []) if "valueQuantity" in c]
        if not quantities:
            found.append("a vital sign without a value or components")
        for quantity in quantities:
            if quantity.get("system") != UCUM or quantity.get("code") not in VITALS_UNITS:
                found.append(f"unit {quantity.get('code')} is not a UCUM vital-signs unit")
    return found


def main() -> int:
    assert fhir.resources.__fhir_version__ == "4.0.1", "fhir.resources is not the R4 release"
    failed = False
    for resource in json.load(sys.stdin):
        for problem in problems(resource):
            print(f"{resource.get('resourceType')}/{resource.get('id')}: {problem}")
            failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
