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


def active_medication_names(patient_id):
    names = []
    for request in referring("MedicationRequest", patient_id, field="subject"):
        if request.get("status") == "active":
            concept = request.get("medicationCodeableConcept", {})
            names.append(concept.get("text") or concept.get("coding", [{}])[0].get("display"))
    return sorted(n for n in names if n)


def latest_heart_rate(patient_id):
    """The newest 8867-4 value as the screen prints it (no trailing zeros)."""
    readings = [o for o in referring("Observation", patient_id, field="subject")
                if any(c.get("code") == "8867-4" for c in o.get("code", {}).get("coding", []))
                and o.get("status") not in ("entered-in-error", "cancelled") and "valueQuantity" in o]
    if not readings:
        return None
    newest = max(readings, key=lambda o: (o.get("effectiveDateTime", ""), o["id"]))
    value = newest["valueQuantity"]["value"]
    return str(int(value)) if float(value).is_integer() else repr(float(value))


def phi_terms():
    terms = set()
    for patient in resources("Patient"):
        for name in patient.get("name", []):
            terms.add(name.get("family", ""))
            terms.update(name.get("given", []))
        terms.add(mrn(patient) or "")
        terms.add(patient.get("birthDate", ""))
    return sorted(t for t in terms if t)


def needle(term):
    """Short names could match encrypted bytes by chance, so they are searched the way a
    leak would store them: as JSON text."""
    return term.encode() if len(term.encode()) >= 5 else f'"{term}"'.encode()


INTERPRETATION_MARKERS = {"H": "H", "L": "L", "HH": "HH", "LL": "LL", "A": "A", "AA": "AA", "N": ""}


def newest_lab_cell(patient_id, loinc):
    """The newest result of one laboratory test as a Results worksheet cell shows it: the value
    without trailing zeros, then the interpretation's letters as the laboratory prints them."""
    results = [o for o in referring("Observation", patient_id, field="subject")
               if any(c.get("code") == loinc for c in o.get("code", {}).get("coding", []))
               and o.get("status") == "final" and "valueQuantity" in o]
    if not results:
        return None
    newest = max(results, key=lambda o: (o.get("effectiveDateTime", ""), o["id"]))
    value = newest["valueQuantity"]["value"]
    text = str(int(value)) if float(value).is_integer() else repr(float(value))
    codes = [c.get("code") for i in newest.get("interpretation", []) for c in i.get("coding", [])]
    marker = INTERPRETATION_MARKERS.get(codes[0], "") if codes else ""
    return f"{text} {marker}" if marker else text


def patient_with_most_labs():
    counts = {}
    for observation in resources("Observation"):
        if any(c.get("code") == "laboratory" for cat in observation.get("category", []) for c in cat.get("coding", [])):
            pid = observation["subject"]["reference"].split("/")[-1]
            counts[pid] = counts.get(pid, 0) + 1
    best = max(sorted(counts), key=counts.get)
    return next(p for p in resources("Patient") if p["id"] == best)


def daily_order():
    """A demo patient with an active once-a-day order (not as needed): one dose on the MAR a
    day; and the first word of the drug's name."""
    for order in resources("MedicationRequest"):
        dosage = (order.get("dosageInstruction") or [{}])[0]
        repeat = dosage.get("timing", {}).get("repeat", {})
        if order.get("status") == "active" and not dosage.get("asNeededBoolean") and \
                (repeat.get("frequency"), repeat.get("period"), repeat.get("periodUnit")) == (1, 1, "d"):
            subject = order["subject"]["reference"].split("/")[-1]
            concept = order.get("medicationCodeableConcept") or {}
            name = concept.get("text") or (concept.get("coding") or [{}])[0].get("display", "")
            return next(p for p in resources("Patient") if p["id"] == subject), name.split()[0]
    raise AssertionError("the demo has no active daily order")
