"""Facts read straight from Fixtures/demo with the json module, independently of the Swift
code, so end-to-end tests compare the screen with the source data, not with itself."""
import json
import pathlib

DEMO = pathlib.Path(__file__).resolve().parents[2] / "Fixtures" / "demo"


def resources(resource_type):
    path = DEMO / f"{resource_type}.ndjson"
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def mrn(patient):
    for identifier in patient.get("identifier", []):
        codes = [c.get("code") for c in identifier.get("type", {}).get("coding", [])]
        if "MR" in codes:
            return identifier.get("value")
    identifiers = patient.get("identifier", [])
    return identifiers[0].get("value") if identifiers else None


def banner_name(patient):
    name = patient["name"][0]
    family = name.get("family", "")
    given = " ".join(name.get("given", []))
    return f"{family.upper()}, {given}" if given else family.upper()


def demo_birth_date(patient, emr_home):
    """The birth date as the demo shows it: the demo moves every date by the offset it
    recorded in demo-shift, rounded to whole days (UTC)."""
    import datetime
    shift = float((pathlib.Path(emr_home) / "demo" / "demo-shift").read_text())
    born = datetime.date.fromisoformat(patient["birthDate"])
    return (born + datetime.timedelta(days=round(shift / 86400))).isoformat()


def referring(resource_type, patient_id, field="patient"):
    ref = f"Patient/{patient_id}"
    return [r for r in resources(resource_type) if r.get(field, {}).get("reference") == ref]


def severe_allergy_patient():
    """A patient with an active high-criticality allergy, and that allergy's substance text."""
    patients = {p["id"]: p for p in resources("Patient")}
    for allergy in resources("AllergyIntolerance"):
        if allergy.get("criticality") == "high":
            pid = allergy["patient"]["reference"].split("/")[-1]
            code = allergy.get("code", {})
            substance = code.get("text") or code.get("coding", [{}])[0].get("display")
            return patients[pid], substance
    raise AssertionError("fixtures have no high-criticality allergy")
